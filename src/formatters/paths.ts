import path from 'node:path';
import type { SourceLocation } from '../model.js';

/** A path relative to `cwd` with forward slashes, as every report shows it. */
export function relativePath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file) || path.basename(file);
  return rel.split(path.sep).join('/');
}

/** `src/server.ts:12` */
export function fileLine(location: SourceLocation, cwd: string): string {
  return `${relativePath(location.file, cwd)}:${location.line}`;
}

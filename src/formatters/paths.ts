import path from 'node:path';
import type { SourceLocation } from '../model.js';

/* Text helpers every formatter shares: paths relative to the working directory, counts. */

/** A path relative to `cwd` with forward slashes, as every report shows it. */
export function relativePath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file) || path.basename(file);
  return rel.split(path.sep).join('/');
}

/** `src/server.ts:12` */
export function fileLine(location: SourceLocation, cwd: string): string {
  return `${relativePath(location.file, cwd)}:${location.line}`;
}

/** `1 file`, `3 files`: a count with its noun, plural unless one. */
export function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

import path from 'node:path';
import { isListedLocation, type Effect, type SourceLocation } from '../model.js';

/* Text helpers every formatter shares: paths relative to the working directory, counts, evidence. */

/** A path relative to `cwd` with forward slashes, as every report shows it. */
export function relativePath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file) || path.basename(file);
  return rel.split(path.sep).join('/');
}

/** The file a location is in, relative to `cwd`; for a listed tool (live mode) the server's label as it is. */
export function shownFile(location: SourceLocation, cwd: string): string {
  return isListedLocation(location) ? location.file : relativePath(location.file, cwd);
}

/** `src/server.ts:12`; for a listed tool (live mode) its JSON path, `$.tools[3]`. */
export function fileLine(location: SourceLocation, cwd: string): string {
  return isListedLocation(location) ? location.jsonPath : `${relativePath(location.file, cwd)}:${location.line}`;
}

/** `1 file`, `3 files`: a count with its noun, plural unless one. */
export function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * One piece of evidence on one line: the sink and where it is, the calls from the handler to it,
 * and the branch it runs in: `fs/promises writeFile at src/store.ts:6 via saveCopy (src/server.ts:25) when \`keepCopy\``.
 */
export function evidenceLine(effect: Effect, cwd: string): string {
  const hops = effect.via.map((h) => `${h.callee} (${fileLine(h.location, cwd)})`);
  const chain = hops.length > 0 ? ` via ${hops.join(' → ')}` : ' in the handler';
  const when = effect.condition ? ` when \`${effect.condition}\`` : '';
  return `${effect.sink} at ${fileLine(effect.location, cwd)}${chain}${when}`;
}

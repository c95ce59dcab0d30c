import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { UsageError } from './errors.js';

/** A path as the user should read it: relative to `cwd` when inside it, else absolute. */
export function shownPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel === '' ? file : rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}

/** Why a file cannot be written, in words (`permission denied`), from Node's error code. */
export function writeFailure(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EISDIR':
      return 'it is a folder';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of its path is a file';
    case 'ENOENT':
      return 'its folder cannot be created';
    case 'ENOSPC':
      return 'no space left on the device';
    default:
      return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
  }
}

/**
 * Creates `dir` and the folders missing above it, one by one: `mkdir({ recursive: true })` never
 * returns for a folder under /proc (Node retries ENOENT there for ever), seen in a fresh-user trial.
 */
async function makeFolders(dir: string): Promise<void> {
  const missing: string[] = [];
  let at = dir;
  while (!existsSync(at) && path.dirname(at) !== at) {
    missing.unshift(at);
    at = path.dirname(at);
  }
  for (const folder of missing) await mkdir(folder);
}

/**
 * Writes `text` to `file` (absolute) through a temporary file renamed over it (write-file-atomic),
 * creating its folder, so that an interrupted run never leaves half a file and a failed one leaves
 * the old file whole.
 *
 * @param what what the file is, for the message (`the report`, `the baseline`).
 * @throws UsageError `<file>: cannot write <what>: <reason>` (exit 2).
 */
export async function writeFileSafely(file: string, text: string, what: string, cwd: string): Promise<void> {
  try {
    await makeFolders(path.dirname(file));
    await writeFileAtomic(file, text);
  } catch (error) {
    throw new UsageError(`${shownPath(file, cwd)}: cannot write ${what}: ${writeFailure(error)}`);
  }
}

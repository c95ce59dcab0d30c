import { constants, existsSync, lstatSync, readlinkSync, statSync, type Stats } from 'node:fs';
import { mkdir, open, rmdir } from 'node:fs/promises';
import { Socket } from 'node:net';
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
    case 'EPIPE':
      return 'its reader stopped reading';
    default:
      return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
  }
}

/**
 * How a file is written: `replace` through a temporary file renamed over the path (a new file or
 * a regular one); `device` (a character device such as /dev/null or a terminal) and `fifo` (a named
 * pipe) by opening and writing into what is there, `follow` when the path is a symbolic link to it
 * (`/dev/stdout`).
 */
type WriteWay = { kind: 'replace' } | { kind: 'device' | 'fifo'; follow: boolean };

/** A reason a path must not be written (`it is a block device …`), as an error to catch. */
class Refusal extends Error {}

/** What `stats` is, in words, for a refusal. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'it is a folder';
  if (stats.isBlockDevice()) return 'it is a block device (a disk): writing would overwrite it; name a regular file';
  if (stats.isSocket()) return 'it is a socket';
  return 'it is not a regular file';
}

/**
 * How `file` may be written, from what is at that path now (lstat: a symbolic link itself, not its
 * target). The rule: nothing the user did not name is ever replaced.
 * - missing or a regular file: replaced atomically (the file named is the one replaced);
 * - a character device or a FIFO: written into, never replaced (`-o /dev/null` leaves /dev/null a device);
 * - a symbolic link: written into when it leads to a character device or a FIFO (`/dev/stdout`),
 *   else refused, since replacing would replace its target, which the user did not name (or the
 *   link, which the user did not mean); a link to a socket (`/dev/stdout` when stdout is one)
 *   cannot be opened and is refused too;
 * - a folder, a block device, a socket: refused.
 * Links among the parent folders are followed, as any path is: the entry replaced is still the one
 * the path names.
 *
 * @throws Refusal with the reason; or Node's error when the path cannot be looked at (ENOTDIR, EACCES).
 */
function writeWay(file: string): WriteWay {
  let stats: Stats;
  try {
    stats = lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'replace' };
    throw error;
  }
  if (stats.isFile()) return { kind: 'replace' };
  if (stats.isCharacterDevice()) return { kind: 'device', follow: false };
  if (stats.isFIFO()) return { kind: 'fifo', follow: false };
  if (!stats.isSymbolicLink()) throw new Refusal(kindOf(stats));
  let target: Stats | null = null;
  try {
    target = statSync(file);
  } catch {
    // A dangling link or a loop: writing would create or replace something the user did not name.
  }
  if (target?.isCharacterDevice()) return { kind: 'device', follow: true };
  if (target?.isFIFO()) return { kind: 'fifo', follow: true };
  // `/dev/stdout` when stdout is a socket: Linux does not open a socket by its path.
  if (target?.isSocket()) throw new Refusal(`it is a symbolic link to a socket, which cannot be opened as a file${path.basename(file) === 'stdout' ? ' (-o - writes to stdout)' : ''}`);
  let to: string;
  try {
    to = readlinkSync(file);
  } catch {
    to = 'another path';
  }
  throw new Refusal(`it is a symbolic link; name its target (${to}) if you mean to replace it`);
}

/**
 * Creates `dir` and the folders missing above it, one by one: `mkdir({ recursive: true })` never
 * returns for a folder under /proc (Node retries ENOENT there for ever), seen in a fresh-user trial.
 *
 * @returns the folders created, outermost first, so that a failed write can remove them again.
 */
async function makeFolders(dir: string): Promise<string[]> {
  const missing: string[] = [];
  let at = dir;
  while (!existsSync(at) && path.dirname(at) !== at) {
    missing.unshift(at);
    at = path.dirname(at);
  }
  const made: string[] = [];
  try {
    for (const folder of missing) {
      await mkdir(folder, { mode: 0o755 });
      made.push(folder);
    }
  } catch (error) {
    await removeFolders(made);
    throw error;
  }
  return made;
}

/** The mode of a file the linter makes, less the umask: read by all, written by its owner only. */
const NEW_FILE_MODE = 0o644;

/** Removes folders {@link makeFolders} created (innermost first), leaving any that something else has filled since. */
async function removeFolders(made: string[]): Promise<void> {
  for (const folder of [...made].reverse()) await rmdir(folder).catch(() => undefined);
}

/**
 * Writes `text` into a character device or a FIFO that exists: opened for writing without
 * creating or truncating (a FIFO without waiting: with nobody reading, open fails at once with
 * ENXIO instead of blocking the run for ever), checked to be still what {@link writeWay} saw, then
 * written whole (a FIFO through a libuv pipe, which waits for a slow reader without blocking).
 */
async function writeInto(file: string, text: string, way: { kind: 'device' | 'fifo'; follow: boolean }): Promise<void> {
  const flags = constants.O_WRONLY | (way.kind === 'fifo' ? (constants.O_NONBLOCK ?? 0) : 0) | (way.follow ? 0 : (constants.O_NOFOLLOW ?? 0));
  const handle = await open(file, flags).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENXIO') throw error;
    throw new Refusal(way.kind === 'fifo' ? 'it is a FIFO that nothing is reading (start the reader first)' : 'no device is behind this device file');
  });
  let handed = false;
  try {
    const stats = await handle.stat();
    if (way.kind === 'device' ? !stats.isCharacterDevice() : !stats.isFIFO()) throw new Refusal('it changed while it was being written; run again');
    if (way.kind === 'device') {
      await handle.writeFile(text);
      return;
    }
    // The socket takes over the descriptor and closes it.
    handed = true;
    const pipe = new Socket({ fd: handle.fd, readable: false, writable: true });
    await new Promise<void>((resolve, reject) => {
      pipe.on('error', reject);
      pipe.end(text, () => resolve());
    });
  } finally {
    if (!handed) await handle.close();
  }
}

/**
 * Writes `text` to `file` (absolute) without ever replacing what the user did not name (see
 * {@link writeWay} for what is written how): a new or regular file through a temporary file renamed
 * over it (write-file-atomic), creating its folder, so that an interrupted run never leaves half a
 * file and a failed one leaves the old file whole (write-file-atomic removes its temporary file on
 * failure and on exit; folders created for it are removed again); a new file and the folders made
 * for it are never writable by others, whatever the umask (files `0644`, folders `0755`, less the
 * umask), an existing file keeps its mode; a character device (/dev/null) or
 * a FIFO by writing into it. The single writer of every file the linter writes: reports, baselines,
 * pin files, `--init`.
 *
 * @param what what the file is, for the message (`the report`, `the baseline`).
 * @param cwd the folder paths are shown relative to.
 * @throws UsageError `<file>: cannot write <what>: <reason>` (exit 2): a symbolic link to anything
 *   but a character device or a FIFO (`it is a symbolic link; name its target (x) if you mean to
 *   replace it`), a folder, a block device, a socket, a FIFO nobody reads, or a failed write.
 */
export async function writeFileSafely(file: string, text: string, what: string, cwd: string): Promise<void> {
  try {
    const way = writeWay(file);
    if (way.kind !== 'replace') return await writeInto(file, text, way);
    const made = await makeFolders(path.dirname(file));
    try {
      // A file made here is writable by its owner only, whatever the umask (000 made caches and baselines anyone could rewrite); one that exists keeps its mode.
      await writeFileAtomic(file, text, existsSync(file) ? {} : { mode: NEW_FILE_MODE & ~process.umask() });
    } catch (error) {
      await removeFolders(made);
      throw error;
    }
  } catch (error) {
    throw new UsageError(`${shownPath(file, cwd)}: cannot write ${what}: ${error instanceof Refusal ? error.message : writeFailure(error)}`);
  }
}

/**
 * Refuses a path {@link writeFileSafely} would refuse, before a long run rather than after it: the
 * same check, without writing (a FIFO's reader is only looked for when writing).
 *
 * @throws UsageError as {@link writeFileSafely}.
 */
export function checkWritable(file: string, what: string, cwd: string): void {
  try {
    writeWay(file);
  } catch (error) {
    throw new UsageError(`${shownPath(file, cwd)}: cannot write ${what}: ${error instanceof Refusal ? error.message : writeFailure(error)}`);
  }
}

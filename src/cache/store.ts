import { lstatSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LintResult } from '../model.js';
import { MAX_DATA_FILE_BYTES, ReadRefused, readDataFile } from '../read-file.js';
import { UsageError } from '../errors.js';
import { shownPath, writeFailure, writeFileSafely } from '../write-file.js';
import type { Probe } from './probes.js';

/**
 * The cache file (`--cache`, `.mcp-annotate-lint-cache` by default): JSON holding, for the last few
 * runs (one entry per key, newest first), the run's key, the probes of what it read, and its
 * result. It is only ever a regular file: a symbolic link, a device or a FIFO at its place is
 * neither read nor written, and it is written through a temporary file renamed over it
 * (writeFileSafely). Anything wrong with it costs a one-line warning and a run without it.
 */

/** The file name of the cache in the working directory, or in the folder `--cache-location` names. */
export const CACHE_FILE_NAME = '.mcp-annotate-lint-cache';

/** The layout of the file; a file of another layout is rebuilt without a word. */
const CACHE_FORMAT = 1;

/** How many runs the file keeps (a pre-commit run, a run over the project, ...). */
const MAX_ENTRIES = 4;

/** One cached run. */
export interface CacheEntry {
  /** The run's key (key.ts). */
  key: string;
  /** What the run read, to be replayed (probes.ts). */
  probes: Probe[];
  /** What `lint()` returned, as JSON gives it back. */
  result: LintResult;
}

/** The cache file as a run found it. */
export interface OpenedCache {
  /** Absolute path. */
  file: string;
  /** The entries made by this very linter (the same stamp), newest first. */
  entries: CacheEntry[];
  /** False when the run must not write it (a symbolic link, a device, a path it cannot look at). */
  writable: boolean;
  /** One line each, without the `mcp-annotate-lint: warning:` prefix. */
  warnings: string[];
}

/**
 * The cache file `location` names (relative to `cwd`): `.mcp-annotate-lint-cache` in `cwd` when
 * none is given, in the folder it names when it is an existing folder or ends with a slash, else
 * the file itself.
 */
export function cacheFileOf(location: string | undefined, cwd: string): string {
  if (location === undefined) return path.join(cwd, CACHE_FILE_NAME);
  const resolved = path.resolve(cwd, location);
  let folder = /[\\/]$/.test(location);
  try {
    folder ||= statSync(resolved).isDirectory();
  } catch {
    // A path that does not exist yet names the file.
  }
  return folder ? path.join(resolved, CACHE_FILE_NAME) : resolved;
}

/** The JSON layout of the file. */
interface CacheFileJson {
  tool: 'mcp-annotate-lint';
  format: number;
  linter: string;
  entries: CacheEntry[];
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** True for an entry of the shape {@link CacheEntry} (the result's top-level fields checked). */
function isEntry(value: unknown): value is CacheEntry {
  if (!value || typeof value !== 'object') return false;
  const { key, probes, result } = value as Partial<Record<keyof CacheEntry, unknown>>;
  if (!isString(key) || !Array.isArray(probes) || !probes.every((p) => Array.isArray(p) && p.length === 3 && p.every(isString))) return false;
  if (!result || typeof result !== 'object') return false;
  const r = result as Record<string, unknown>;
  return ['tools', 'findings', 'unresolvedRegistrations', 'filesRead'].every((k) => Array.isArray(r[k])) && isString(r.cwd) && typeof r.stats === 'object' && r.stats !== null;
}

/**
 * Why `file` cannot be the cache, or null for a regular file of the user's, or nothing, in a folder
 * others cannot replace it in. A cache decides the report and exit code of a run, so a file anyone
 * else could have written is not trusted (as the configuration search does not trust one in a
 * world-writable folder): one owned by another user, one others may write to (world-writable, or
 * group-writable for a group other than the user's own), or one in a folder every user may write
 * to without the sticky bit (in `/tmp`, which has it, only the owner may replace a file).
 */
function refusal(file: string): string | null {
  const stats = lstatSync(file, { throwIfNoEntry: false });
  if (stats?.isSymbolicLink()) return 'it is a symbolic link, which the cache neither follows nor replaces (name a regular file)';
  if (stats?.isDirectory()) return 'it is a folder';
  if (stats && !stats.isFile()) return 'it is not a regular file (a device, FIFO or socket)';
  const uid = process.getuid?.();
  if (stats && uid !== undefined && stats.uid !== uid) return `it belongs to another user (uid ${stats.uid}), who could have put any result in it`;
  if (stats && process.platform !== 'win32' && ((stats.mode & 0o002) !== 0 || ((stats.mode & 0o020) !== 0 && stats.gid !== process.getgid?.()))) {
    return 'other users may write to it (its mode lets them), so anyone could have put any result in it';
  }
  const folder = statSync(path.dirname(file), { throwIfNoEntry: false });
  if (folder && process.platform !== 'win32' && (folder.mode & 0o002) !== 0 && (folder.mode & 0o1000) === 0) {
    return 'its folder is writable by every user (world-writable, without the sticky bit), so anyone could replace it';
  }
  return null;
}

/** How every cache file this linter writes starts (`{"tool":"mcp-annotate-lint",...`, spaces allowed): a file that does not is someone else's. */
const CACHE_HEADER = /^\s*\{\s*"tool"\s*:\s*"mcp-annotate-lint"/;

/**
 * Reads the cache file for a linter of stamp `stamp`. Never throws: a missing file gives no entry
 * and no warning; a file made by another linter version or layout, no entry and no warning; an
 * unreadable or corrupt file, no entry and a warning (it is rebuilt); a file that does not start as
 * this linter's caches do (someone's data named by mistake), a symbolic link, a folder, a device or
 * a FIFO, no entry, a warning, and no writing.
 */
export async function openCache(file: string, stamp: string, cwd: string): Promise<OpenedCache> {
  const shown = shownPath(file, cwd);
  const opened = (entries: CacheEntry[], writable: boolean, warning?: string): OpenedCache => ({ file, entries, writable, warnings: warning ? [`${shown}: ${warning}`] : [] });
  let refused: string | null;
  try {
    refused = refusal(file);
  } catch (error) {
    return opened([], false, `cannot use the cache: ${writeFailure(error)}`);
  }
  if (refused) return opened([], false, `not used as the cache: ${refused}`);
  let text: string;
  try {
    text = await readDataFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return opened([], true);
    const reason = error instanceof ReadRefused ? error.message : writeFailure(error);
    return opened([], true, `cannot read the cache (${reason}); it is rebuilt`);
  }
  // A file that is not recognisably a cache (a user's data.json or README.md named by mistake) is never replaced.
  if (text.trim() !== '' && !CACHE_HEADER.test(text)) return opened([], false, 'not used as the cache: it is not a mcp-annotate-lint cache, and is left as it is');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return opened([], true, 'the cache is corrupt (it is not JSON); it is rebuilt');
  }
  const parsed = json as Partial<CacheFileJson> | null;
  if (!parsed || typeof parsed !== 'object' || parsed.tool !== 'mcp-annotate-lint') return opened([], true, 'the cache is corrupt (it is not a mcp-annotate-lint cache); it is rebuilt');
  // Another layout or another linter (version, build, Node.js): nothing to reuse, nothing to say.
  if (parsed.format !== CACHE_FORMAT || parsed.linter !== stamp) return opened([], true);
  if (!Array.isArray(parsed.entries) || !parsed.entries.every(isEntry)) return opened([], true, 'the cache is corrupt (an entry is not what this linter writes); it is rebuilt');
  return opened(parsed.entries, true);
}

/**
 * Writes `entry` into the cache file as its newest entry (replacing an entry of the same key,
 * keeping the newest {@link MAX_ENTRIES}, fewer when the file would be larger than a run reads)
 * through a temporary file renamed over it.
 *
 * @returns null when written; else the warning line (`<file>: cannot write the cache: <reason>`),
 *   also when the file must not be written (see {@link openCache}). Never throws.
 */
export async function saveCache(cache: OpenedCache, entry: CacheEntry, stamp: string, cwd: string): Promise<string | null> {
  if (!cache.writable) return null;
  const shown = shownPath(cache.file, cwd);
  const entries = [entry, ...cache.entries.filter((e) => e.key !== entry.key)].slice(0, MAX_ENTRIES);
  const json: CacheFileJson = { tool: 'mcp-annotate-lint', format: CACHE_FORMAT, linter: stamp, entries };
  let text = JSON.stringify(json);
  // A file larger than the next run may read (read-file.ts) keeps fewer entries; a run too large alone is not cached.
  while (Buffer.byteLength(text) > MAX_DATA_FILE_BYTES && json.entries.length > 1) {
    json.entries.pop();
    text = JSON.stringify(json);
  }
  if (Buffer.byteLength(text) > MAX_DATA_FILE_BYTES) return `${shown}: cannot write the cache: this run's result is larger than ${MAX_DATA_FILE_BYTES / 1024 / 1024} MiB`;
  try {
    // Looked at again just before writing: something may have been put there during the run.
    const refused = refusal(cache.file);
    if (refused) return `${shown}: cannot write the cache: ${refused}`;
    await writeFileSafely(cache.file, text, 'the cache', cwd);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    return `${shown}: cannot write the cache: ${writeFailure(error)}`;
  }
  return null;
}

import { createHash } from 'node:crypto';
import fs, { type BigIntStats, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * What a run learnt from the file system, one fact at a time, in a form that can be asked again:
 * a file's content (its SHA-256), what a path is (a folder, a file of some size, nothing), a folder's
 * entries, where a link leads. A cached result is reused only when every probe of the run that made
 * it gives the same outcome now ({@link stillHolds}): then the run would read the same bytes and
 * see the same folders, so it would give the same result.
 */

/**
 * The kinds of probe, each answered by one `fs` call (see {@link replay}): `read` (the content's
 * digest), `stat` and `lstat` (what is at the path), `exists`, `readdir` (entry names) and
 * `readdirTyped` (names with their kind), `realpath` and `realpathNative`, `readlink`, and
 * `access<mode>` (whether `accessSync(path, mode)` passes).
 */
export type ProbeKind = 'read' | 'stat' | 'lstat' | 'exists' | 'readdir' | 'readdirTyped' | 'realpath' | 'realpathNative' | 'readlink' | `access${number}`;

/** One probe: its kind, the path as the run gave it, and the outcome (a digest, a kind and size, `!ENOENT`). */
export type Probe = [kind: string, path: string, outcome: string];

/** The SHA-256 (hex) of bytes or of a string's UTF-8 encoding. */
export function digest(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The outcome of a call that threw: `!` and Node's error code (`!ENOENT`), or `!?` when it has none. */
export function errorOutcome(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return `!${typeof code === 'string' ? code : '?'}`;
}

/** What a stat tells of a path: `f<size>` for a file, `d` a folder, `l` a link (lstat), `c`, `b`, `p`, `s` the others; `!ENOENT` for nothing. */
export function statOutcome(stats: Stats | BigIntStats | undefined): string {
  if (stats === undefined) return '!ENOENT';
  if (stats.isFile()) return `f${String(stats.size)}`;
  if (stats.isDirectory()) return 'd';
  if (stats.isSymbolicLink()) return 'l';
  if (stats.isCharacterDevice()) return 'c';
  if (stats.isBlockDevice()) return 'b';
  if (stats.isFIFO()) return 'p';
  return 's';
}

/**
 * The file a listing leaves out: the cache file itself, which the run that records writes after
 * listing its folder (so that the next run would otherwise find the folder changed). Set for a
 * recording and for its replay (cached-lint.ts); null for none.
 */
let unlisted: { dir: string; name: string } | null = null;

/** Sets the file listings leave out (see above), or none with null. */
export function leaveOutOfListings(file: string | null): void {
  unlisted = file === null ? null : { dir: path.dirname(file), name: path.basename(file) };
}

/** True when `name` listed in `dir` is the file listings leave out. */
function isUnlisted(dir: string, name: string): boolean {
  return unlisted !== null && name === unlisted.name && path.resolve(dir) === unlisted.dir;
}

/** The digest of the entry names of `dir`, sorted. */
export function namesOutcome(dir: string, names: readonly string[]): string {
  return digest(names.filter((n) => !isUnlisted(dir, n)).sort().join('\n'));
}

/** The digest of the entries of `dir` with what each is (`name\tf`, `name\td`, ...), sorted. */
export function direntsOutcome(dir: string, entries: readonly Dirent[]): string {
  const kind = (e: Dirent): string => (e.isFile() ? 'f' : e.isDirectory() ? 'd' : e.isSymbolicLink() ? 'l' : 'o');
  return digest(entries.filter((e) => !isUnlisted(dir, e.name)).map((e) => `${e.name}\t${kind(e)}`).sort().join('\n'));
}

/** Runs `call`, giving its outcome through `outcome`, or {@link errorOutcome} when it throws. */
function settle<T>(call: () => T, outcome: (value: T) => string): string {
  let value: T;
  try {
    value = call();
  } catch (error) {
    return errorOutcome(error);
  }
  return outcome(value);
}

/**
 * The outcome a probe of `kind` on `path` gives now, computed as the recorder computes it from the
 * run's own call (fs-recorder.ts). An unknown kind gives `!kind`, which no recorded outcome equals.
 */
export function replay(kind: string, file: string): string {
  switch (kind) {
    case 'read':
      return settle(() => fs.readFileSync(file), digest);
    case 'stat':
      return settle(() => fs.statSync(file, { throwIfNoEntry: false }), statOutcome);
    case 'lstat':
      return settle(() => fs.lstatSync(file, { throwIfNoEntry: false }), statOutcome);
    case 'exists':
      return fs.existsSync(file) ? '1' : '0';
    case 'readdir':
      return settle(() => fs.readdirSync(file), (names) => namesOutcome(file, names));
    case 'readdirTyped':
      return settle(() => fs.readdirSync(file, { withFileTypes: true }), (entries) => direntsOutcome(file, entries));
    case 'realpath':
      return settle(() => fs.realpathSync(file), String);
    case 'realpathNative':
      return settle(() => fs.realpathSync.native(file), String);
    case 'readlink':
      return settle(() => fs.readlinkSync(file), String);
    default: {
      const access = /^access(\d+)$/.exec(kind);
      if (access) return settle(() => fs.accessSync(file, Number(access[1])), () => 'ok');
      return `!${kind}`;
    }
  }
}

/**
 * True when every probe gives the outcome it gave when it was recorded. Probes that only look at
 * what a path is come first, so that an added or removed file is found before any file is hashed.
 */
export function stillHolds(probes: readonly Probe[]): boolean {
  const cheap = probes.filter(([kind]) => kind !== 'read');
  const reads = probes.filter(([kind]) => kind === 'read');
  return [...cheap, ...reads].every(([kind, file, outcome]) => replay(kind, file) === outcome);
}

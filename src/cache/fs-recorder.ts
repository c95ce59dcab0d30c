import fs, { type Dirent } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { fileURLToPath } from 'node:url';
import { digest, direntsOutcome, errorOutcome, namesOutcome, statOutcome, type Probe } from './probes.js';

/**
 * Records what a run reads from the file system, for the cache (probes.ts): every file it reads
 * (with the digest of the bytes it got), every path it looks at, every folder it lists, whoever
 * asks (the linter's own modules, TypeScript's module resolution, ts-morph, fdir). It wraps the
 * functions of Node's `fs` module in place (and updates the ES module bindings to them), so that
 * nothing needs to pass a recorder around; the wrappers only forward the call when no recording is
 * under way.
 *
 * A call the recorder cannot turn into a probe (opening a file by descriptor, a stream, a
 * callback-style read, options it does not model) taints the recording: its result is not cached.
 * So is a path probed twice with different outcomes (a file that changed during the run).
 */

/** The recording under way, if any. */
interface Recording {
  probes: Map<string, Probe>;
  /** Why the run's reads cannot be replayed (the first reason), or null. */
  tainted: string | null;
}

let recording: Recording | null = null;
let installed = false;
/**
 * How many recorded synchronous calls are under way: Node's own `fs` functions call others
 * (`readFileSync` opens the file with `openSync`), which are then part of the call recorded, not
 * calls of the run.
 */
let inside = 0;

/** The path of a string or `file:` URL argument; null for anything else (a descriptor, a Buffer). */
function pathOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value instanceof URL && value.protocol === 'file:') return fileURLToPath(value);
  return null;
}

function taint(reason: string): void {
  if (recording && inside === 0 && recording.tainted === null) recording.tainted = reason;
}

/** Adds a probe to the recording under way; the same probe with another outcome taints it. */
function note(kind: string, path: string, outcome: string): void {
  if (!recording || inside > 0) return;
  const id = `${kind}\0${path}`;
  const known = recording.probes.get(id);
  if (known && known[2] !== outcome) taint(`${path} changed during the run`);
  else if (!known) recording.probes.set(id, [kind, path, outcome]);
}

type AnyFunction = (...args: unknown[]) => unknown;

/** `wrapper` with the own properties of `original` it lacks (`realpathSync.native`, `promisify.custom`). */
function like(wrapper: AnyFunction, original: AnyFunction): AnyFunction {
  for (const key of Reflect.ownKeys(original)) {
    if (key === 'length' || key === 'name' || key === 'prototype' || Object.hasOwn(wrapper, key)) continue;
    Object.defineProperty(wrapper, key, Object.getOwnPropertyDescriptor(original, key)!);
  }
  return wrapper;
}

/** The encoding an `fs` options argument asks for (a string or `{ encoding }`), or null. */
function encodingOf(options: unknown): BufferEncoding | null {
  if (typeof options === 'string') return options as BufferEncoding;
  if (options && typeof options === 'object' && 'encoding' in options) return ((options as { encoding?: BufferEncoding | null }).encoding ?? null);
  return null;
}

/** True for options the recorder models: none, an encoding, or an object with only the keys given. */
function plainOptions(options: unknown, keys: readonly string[]): boolean {
  if (options === undefined || options === null || typeof options === 'string') return true;
  return typeof options === 'object' && Object.keys(options).every((k) => keys.includes(k));
}

/** Runs `call`; when recording, notes the outcome of its value (or of what it threw) as a probe. */
function observed<T>(kind: string, path: string | null, call: () => T, outcome: (value: T) => string): T {
  if (!recording) return call();
  if (path === null) {
    taint(`a ${kind} not by path`);
    return call();
  }
  let value: T;
  inside++;
  try {
    value = call();
  } catch (error) {
    inside--;
    note(kind, path, errorOutcome(error));
    throw error;
  }
  inside--;
  note(kind, path, outcome(value));
  return value;
}

/** The same, for a call that returns a promise. */
async function observedAsync<T>(kind: string, path: string | null, call: () => Promise<T>, outcome: (value: T) => string): Promise<T> {
  if (!recording) return call();
  if (path === null) {
    taint(`a ${kind} not by path`);
    return call();
  }
  let value: T;
  try {
    value = await call();
  } catch (error) {
    note(kind, path, errorOutcome(error));
    throw error;
  }
  note(kind, path, outcome(value));
  return value;
}

/** The outcome of a readdir result: typed entries, or names (strings; Buffers taint). */
function listingOutcome(dir: string | null, withTypes: boolean): (entries: unknown) => string {
  return (entries) => {
    const list = entries as (string | Dirent | Buffer)[];
    if (dir === null) return '';
    if (withTypes) return direntsOutcome(dir, list as Dirent[]);
    if (list.some((e) => typeof e !== 'string')) {
      taint('a folder listed as Buffers');
      return '';
    }
    return namesOutcome(dir, list as string[]);
  };
}

/** The probe kind of a readdir call, or null (and a taint) for options it does not model. */
function listingKind(options: unknown): 'readdir' | 'readdirTyped' | null {
  if (!plainOptions(options, ['encoding', 'withFileTypes']) || (encodingOf(options) ?? 'utf8') !== 'utf8') {
    taint('a folder listed with options the cache does not model');
    return null;
  }
  return options && typeof options === 'object' && (options as { withFileTypes?: boolean }).withFileTypes ? 'readdirTyped' : 'readdir';
}

/** The read options the recorder models: none, an encoding, `{ encoding, flag: 'r' }`. */
function plainRead(options: unknown): boolean {
  if (!plainOptions(options, ['encoding', 'flag'])) return false;
  const flag = options && typeof options === 'object' ? (options as { flag?: string }).flag : undefined;
  return flag === undefined || flag === 'r';
}

/** Wrappers of the synchronous calls, each recording one probe kind. */
function syncWrappers(original: typeof fs): Record<string, AnyFunction> {
  return {
    readFileSync(file: unknown, options?: unknown) {
      if (!recording || !plainRead(options)) {
        if (recording) taint('a file read with options the cache does not model');
        return original.readFileSync(file as string, options as BufferEncoding);
      }
      const bytes = observed('read', pathOf(file), () => original.readFileSync(file as string), (b: Buffer) => digest(b));
      const encoding = encodingOf(options);
      return encoding ? bytes.toString(encoding) : bytes;
    },
    statSync: (file: unknown, options?: unknown) => observed('stat', pathOf(file), () => original.statSync(file as string, options as fs.StatSyncOptions), statOutcome),
    lstatSync: (file: unknown, options?: unknown) => observed('lstat', pathOf(file), () => original.lstatSync(file as string, options as fs.StatSyncOptions), statOutcome),
    existsSync: (file: unknown) => observed('exists', pathOf(file), () => original.existsSync(file as string), (b) => (b ? '1' : '0')),
    readdirSync(dir: unknown, options?: unknown) {
      const kind = recording ? listingKind(options) : null;
      const call = () => original.readdirSync(dir as string, options as { withFileTypes: true }) as unknown;
      return kind ? observed(kind, pathOf(dir), call, listingOutcome(pathOf(dir), kind === 'readdirTyped')) : call();
    },
    readlinkSync: (file: unknown, options?: unknown) => observed('readlink', pathOf(file), () => original.readlinkSync(file as string, options as BufferEncoding), String),
    accessSync: (file: unknown, mode?: unknown) => observed(`access${typeof mode === 'number' ? mode : fs.constants.F_OK}`, pathOf(file), () => original.accessSync(file as string, mode as number), () => 'ok'),
  };
}

/** Wrappers of `fs.promises` calls, recording as their synchronous twins do. */
function promiseWrappers(original: typeof fs.promises): Record<string, AnyFunction> {
  return {
    async readFile(file: unknown, options?: unknown) {
      if (!recording || !plainRead(options)) {
        if (recording) taint('a file read with options the cache does not model');
        return original.readFile(file as string, options as BufferEncoding);
      }
      const bytes = await observedAsync('read', pathOf(file), () => original.readFile(file as string), (b: Buffer) => digest(b));
      const encoding = encodingOf(options);
      return encoding ? bytes.toString(encoding) : bytes;
    },
    stat: (file: unknown, options?: unknown) => observedAsync('stat', pathOf(file), () => original.stat(file as string, options as fs.StatOptions), statOutcome),
    lstat: (file: unknown, options?: unknown) => observedAsync('lstat', pathOf(file), () => original.lstat(file as string, options as fs.StatOptions), statOutcome),
    readdir(dir: unknown, options?: unknown) {
      const kind = recording ? listingKind(options) : null;
      const call = () => original.readdir(dir as string, options as { withFileTypes: true }) as Promise<unknown>;
      return kind ? observedAsync(kind, pathOf(dir), call, listingOutcome(pathOf(dir), kind === 'readdirTyped')) : call();
    },
    realpath: (file: unknown, options?: unknown) => observedAsync('realpath', pathOf(file), () => original.realpath(file as string, options as BufferEncoding), String),
    readlink: (file: unknown, options?: unknown) => observedAsync('readlink', pathOf(file), () => original.readlink(file as string, options as BufferEncoding), String),
    access: (file: unknown, mode?: unknown) => observedAsync(`access${typeof mode === 'number' ? mode : fs.constants.F_OK}`, pathOf(file), () => original.access(file as string, mode as number), () => 'ok'),
  };
}

/** Calls that read the file system in ways no probe replays: recording through them taints the run. */
const UNMODELLED_SYNC = ['openSync', 'opendirSync', 'createReadStream', 'watch', 'watchFile', 'readvSync', 'statfsSync', 'cpSync'];
const UNMODELLED_CALLBACK = ['open', 'opendir', 'readFile', 'stat', 'lstat', 'readdir', 'realpath', 'readlink', 'access', 'exists', 'statfs', 'cp'];
const UNMODELLED_PROMISES = ['open', 'opendir', 'watch', 'statfs', 'cp'];

/** A wrapper that taints the recording under way, then calls `original` as it was called. */
function tainting(name: string, original: AnyFunction): AnyFunction {
  return like(function (this: unknown, ...args: unknown[]) {
    taint(`fs.${name} was called`);
    return original.apply(this, args);
  }, original);
}

/**
 * Wraps `fs` and `fs.promises` once per process (later calls do nothing). Done before TypeScript
 * is loaded, the wrappers are also what it keeps (`realpathSync.native`, taken once when it loads).
 */
export function installFsRecorder(): void {
  if (installed) return;
  installed = true;
  const promises = fs.promises as unknown as Record<string, AnyFunction>;
  const target = fs as unknown as Record<string, AnyFunction>;
  for (const [name, wrapper] of Object.entries(syncWrappers({ ...fs }))) target[name] = like(wrapper, target[name]!);
  const realpathSync = target.realpathSync as AnyFunction & { native: AnyFunction };
  const native = realpathSync.native;
  const wrappedRealpath = like((file: unknown, options?: unknown) => observed('realpath', pathOf(file), () => realpathSync(file, options), String), realpathSync) as AnyFunction & { native: AnyFunction };
  wrappedRealpath.native = like((file: unknown, options?: unknown) => observed('realpathNative', pathOf(file), () => native(file, options), String), native);
  target.realpathSync = wrappedRealpath;
  for (const [name, wrapper] of Object.entries(promiseWrappers({ ...fs.promises }))) promises[name] = like(wrapper, promises[name]!);
  for (const name of [...UNMODELLED_SYNC, ...UNMODELLED_CALLBACK]) if (typeof target[name] === 'function') target[name] = tainting(name, target[name]);
  for (const name of UNMODELLED_PROMISES) if (typeof promises[name] === 'function') promises[name] = tainting(`promises.${name}`, promises[name]);
  syncBuiltinESMExports();
}

/**
 * Runs `work` while recording what it reads ({@link installFsRecorder} must have run, or nothing is
 * recorded and the result counts as tainted). Recordings do not nest.
 *
 * @returns what `work` gave, and its probes; `probes` is null with `tainted` saying why when the
 *   reads cannot all be replayed.
 * @throws what `work` throws (the recording is stopped first).
 */
export async function recordReads<T>(work: () => Promise<T>): Promise<{ value: T; probes: Probe[] | null; tainted: string | null }> {
  if (recording) throw new Error('a file system recording is already under way');
  const current: Recording = { probes: new Map(), tainted: installed ? null : 'the recorder is not installed' };
  recording = current;
  try {
    const value = await work();
    return { value, probes: current.tainted === null ? [...current.probes.values()] : null, tainted: current.tainted };
  } finally {
    recording = null;
  }
}

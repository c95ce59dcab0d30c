import type { EffectAccess, EffectKind } from '../model.js';

/**
 * The sink catalog: plain data mapping a module export (or a global) to the effect of calling it.
 *
 * Policy (DESIGN.md §1, "What counts as an effect"): deletes and overwrites are destructive;
 * mkdir, append and exclusive create are additive; append is not idempotent; network and spawned
 * processes are open-world; local files are closed-world.
 */
export interface SinkEntry {
  /** Module specifier without the `node:` prefix (`fs/promises`), or `global` for globals. */
  module: string;
  /** The export and properties after the module, dotted (`writeFile`, `promises.writeFile`, `fetch`). */
  export: string;
  kind: EffectKind;
  access: EffectAccess;
  destructive: boolean | null;
  idempotent: boolean | null;
  openWorld: boolean;
  /** What the call does, for messages: "writes a file". */
  description: string;
  /**
   * How the HTTP method is read from the arguments, for network sinks whose access depends on it:
   * `fetch`, options second; `node-request`, an options object among the first two arguments
   * (`http.request`, `axios(config)`, `got(url, options)`), GET by default; `get`, always GET;
   * `fixed`, the method is in the name (`axios.delete`), given by `fixedMethod`.
   */
  httpMethod?: 'fetch' | 'node-request' | 'get' | 'fixed';
  /** The method of a `fixed` sink (`DELETE` for `axios.delete`). */
  fixedMethod?: string;
  /**
   * Where the file-system open flag is (`writeFile(p, d, { flag: 'wx' })`, `open(p, 'a')`): the
   * argument index, the options property when the argument is an object, and the default flag.
   */
  fileFlag?: { index: number; property: string; default: string };
  /** The argument index of a copy mode; `COPYFILE_EXCL` in it makes the copy fail rather than overwrite (additive). */
  exclusiveMode?: number;
  /** The argument index of SQL text (a string, a template, `{ sql }`); for a template tag, the template. */
  sqlArgument?: number;
}

/**
 * What a node:fs open flag does (https://nodejs.org/api/fs.html#file-system-flags): `a` appends
 * (additive, not idempotent); `x` creates exclusively and fails if the file exists (additive,
 * idempotent); `w` truncates or creates (overwrite: destructive, idempotent); `r+` writes in place
 * (destructive); `r` only reads.
 */
export function fileFlagEffect(flag: string): Pick<SinkEntry, 'kind' | 'access' | 'destructive' | 'idempotent' | 'description'> {
  if (flag.startsWith('a')) return { kind: 'fs.write', access: 'write', destructive: false, idempotent: false, description: 'appends to a file' };
  if (flag.includes('x')) return { kind: 'fs.write', access: 'write', destructive: false, idempotent: true, description: 'creates a new file (fails if it exists)' };
  if (flag.startsWith('w')) return { kind: 'fs.write', access: 'write', destructive: true, idempotent: true, description: 'writes a file (overwrites it if it exists)' };
  if (flag.includes('+')) return { kind: 'fs.write', access: 'write', destructive: true, idempotent: null, description: 'writes into a file' };
  return { kind: 'fs.read', access: 'read', destructive: null, idempotent: null, description: 'reads a file' };
}

type Effectish = Omit<SinkEntry, 'module' | 'export'>;

const fsRead = (description: string): Effectish => ({ kind: 'fs.read', access: 'read', destructive: null, idempotent: null, openWorld: false, description });
const fsWrite = (description: string, destructive: boolean | null, idempotent: boolean | null): Effectish => ({
  kind: 'fs.write',
  access: 'write',
  destructive,
  idempotent,
  openWorld: false,
  description,
});
const fsDelete = (description: string): Effectish => ({ kind: 'fs.delete', access: 'write', destructive: true, idempotent: true, openWorld: false, description });

/** node:fs operations by their promise-API name; each also exists as `<name>Sync` and as a callback in `fs`. */
const FS_OPERATIONS: Record<string, Effectish> = {
  readFile: fsRead('reads a file'),
  readdir: fsRead('lists a directory'),
  stat: fsRead('reads file metadata'),
  lstat: fsRead('reads file metadata'),
  statfs: fsRead('reads file-system metadata'),
  access: fsRead('checks file access'),
  exists: fsRead('checks that a file exists'),
  realpath: fsRead('resolves a path'),
  readlink: fsRead('reads a symbolic link'),
  opendir: fsRead('opens a directory'),
  glob: fsRead('lists files'),
  watch: fsRead('watches a file'),
  watchFile: fsRead('watches a file'),
  createReadStream: fsRead('reads a file'),
  open: { ...fsRead('opens a file'), fileFlag: { index: 1, property: '', default: 'r' } },
  read: fsRead('reads a file'),
  writeFile: { ...fsWrite('writes a file (overwrites it if it exists)', true, true), fileFlag: { index: 2, property: 'flag', default: 'w' } },
  createWriteStream: { ...fsWrite('writes a file (overwrites it if it exists)', true, true), fileFlag: { index: 1, property: 'flags', default: 'w' } },
  write: fsWrite('writes to a file', true, null),
  writev: fsWrite('writes to a file', true, null),
  appendFile: fsWrite('appends to a file', false, false),
  mkdir: fsWrite('creates a directory', false, true),
  mkdtemp: fsWrite('creates a temporary directory', false, false),
  copyFile: { ...fsWrite('copies a file (overwrites the destination if it exists)', true, true), exclusiveMode: 2 },
  cp: fsWrite('copies files (overwrites the destination if it exists)', true, true),
  rename: fsWrite('moves a file (replaces the destination if it exists)', true, true),
  symlink: fsWrite('creates a symbolic link', false, false),
  link: fsWrite('creates a hard link', false, false),
  chmod: fsWrite('changes file permissions', true, true),
  chown: fsWrite('changes file ownership', true, true),
  lchown: fsWrite('changes file ownership', true, true),
  utimes: fsWrite('changes file times', true, true),
  lutimes: fsWrite('changes file times', true, true),
  truncate: fsWrite('truncates a file', true, true),
  ftruncate: fsWrite('truncates a file', true, true),
  unlink: fsDelete('deletes a file'),
  rm: fsDelete('deletes files'),
  rmdir: fsDelete('deletes a directory'),
};

const spawn = (description: string): Effectish => ({
  kind: 'process.spawn',
  access: 'unknown',
  destructive: null,
  idempotent: null,
  openWorld: true,
  description,
});

const network = (description: string, httpMethod?: SinkEntry['httpMethod']): Effectish => ({
  kind: 'network',
  access: 'unknown',
  destructive: null,
  idempotent: null,
  openWorld: true,
  description,
  ...(httpMethod ? { httpMethod } : {}),
});

/** Methods of the `FileHandle` that `fs/promises` `open()` returns which write; its other methods read. */
const FILE_HANDLE_WRITES = ['write', 'writev', 'writeFile', 'appendFile', 'truncate', 'chmod', 'chown', 'utimes'] as const;

function expandFs(): SinkEntry[] {
  const entries: SinkEntry[] = [];
  for (const [name, effect] of Object.entries(FS_OPERATIONS)) {
    entries.push({ module: 'fs/promises', export: name, ...effect });
    entries.push({ module: 'fs', export: `promises.${name}`, ...effect });
    entries.push({ module: 'fs', export: name, ...effect });
    entries.push({ module: 'fs', export: `${name}Sync`, ...effect });
  }
  for (const method of FILE_HANDLE_WRITES) {
    // A handle's writeFile(data) has no path argument, so its flag is the handle's; drop the flag position.
    const { fileFlag: _, ...effect } = FS_OPERATIONS[method] ?? FS_OPERATIONS.write!;
    entries.push({ module: 'fs/promises', export: `open().${method}`, ...effect });
    entries.push({ module: 'fs', export: `promises.open().${method}`, ...effect });
  }
  return entries;
}

/**
 * The catalog key of an access path: `['open', '()', 'write']` → `open().write`,
 * `['Client', 'new()', 'send']` → `Client.new().send`.
 */
export function pathKey(path: readonly string[]): string {
  return path.join('.').replace(/\.\(\)/g, '()');
}

const database = (description: string): Effectish => ({
  kind: 'database',
  access: 'unknown',
  destructive: null,
  idempotent: null,
  // A database the server is configured with is part of its own domain (issue #4: closed-world by default).
  openWorld: false,
  description,
  sqlArgument: 0,
});

/** SQL clients: each method that runs SQL text, by its access path (`Pool.new().query` is `new Pool().query`). */
const SQL_CLIENTS: Record<string, string[]> = {
  pg: ['Pool.new().query', 'Client.new().query', 'Pool.new().connect().query'],
  mysql2: ['createConnection().query', 'createConnection().execute', 'createPool().query', 'createPool().execute'],
  'mysql2/promise': ['createConnection().query', 'createConnection().execute', 'createPool().query', 'createPool().execute'],
  'better-sqlite3': ['new().prepare', 'new().exec'],
  sqlite3: ['Database.new().run', 'Database.new().all', 'Database.new().get', 'Database.new().each', 'Database.new().exec'],
  '@libsql/client': ['createClient().execute'],
  // postgres.js: `` sql`SELECT ...` `` (the template tag) and `sql.unsafe(text)`.
  postgres: ['()', '().unsafe'],
};

/** Methods of clients (database, HTTP) that manage the connection, not the data: no effect. */
export const CLIENT_LIFECYCLE_METHODS: ReadonlySet<string> = new Set(['connect', 'end', 'release', 'close', 'on', 'once', 'off', 'pragma']);

/** `client.get(...)`, `client.delete(...)`: the HTTP verbs HTTP-client libraries name methods after. */
const VERB_METHODS: Record<string, string> = { get: 'GET', head: 'HEAD', options: 'OPTIONS', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', del: 'DELETE' };

/**
 * An HTTP-client library: its default export or main function (`axios(config)`, `got(url)`), a
 * `request` function, and one method per verb, on the module and on an instance made by `create()`
 * / `extend()` (`axios.create().get`, `got.extend().post`). Sources: the libraries' READMEs
 * (axios, got, ky, superagent).
 */
function httpClient(module: string, options: { main?: string; request?: string; verbs: string[]; instances?: string[] }): SinkEntry[] {
  const roots = ['', ...(options.instances ?? []).map((i) => `${i}()`)];
  const entries: SinkEntry[] = [];
  for (const root of roots) {
    const at = (name: string): string => (root ? (name ? `${root}.${name}` : root) : name);
    if (options.main !== undefined) entries.push({ module, export: at(options.main), ...network('makes an HTTP request', 'node-request') });
    if (options.request) entries.push({ module, export: at(options.request), ...network('makes an HTTP request', 'node-request') });
    for (const verb of options.verbs) {
      entries.push({ module, export: at(verb), ...network('makes an HTTP request', 'fixed'), fixedMethod: VERB_METHODS[verb]! });
    }
  }
  return entries;
}

/** Every known sink. */
export const SINKS: readonly SinkEntry[] = [
  ...expandFs(),
  { module: 'global', export: 'fetch', ...network('makes an HTTP request', 'fetch') },
  { module: 'http', export: 'request', ...network('makes an HTTP request', 'node-request') },
  { module: 'https', export: 'request', ...network('makes an HTTPS request', 'node-request') },
  { module: 'http', export: 'get', ...network('makes an HTTP GET request', 'get') },
  { module: 'https', export: 'get', ...network('makes an HTTPS GET request', 'get') },
  ...['exec', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync', 'fork'].map(
    (name): SinkEntry => ({ module: 'child_process', export: name, ...spawn('runs another program, whose effects are unknown') }),
  ),
  // HTTP clients (issue #4's catalog, first part): fetch-like ones read `init.method`; the others name the verb.
  { module: 'node-fetch', export: '', ...network('makes an HTTP request', 'fetch') },
  { module: 'undici', export: 'fetch', ...network('makes an HTTP request', 'fetch') },
  { module: 'undici', export: 'request', ...network('makes an HTTP request', 'node-request') },
  ...httpClient('axios', { main: '', request: 'request', verbs: ['get', 'head', 'options', 'delete', 'post', 'put', 'patch'], instances: ['create'] }),
  ...httpClient('got', { main: '', verbs: ['get', 'head', 'post', 'put', 'patch', 'delete'], instances: ['extend'] }),
  ...httpClient('ky', { main: '', verbs: ['get', 'head', 'post', 'put', 'patch', 'delete'], instances: ['create', 'extend'] }),
  ...httpClient('superagent', { verbs: ['get', 'head', 'post', 'put', 'patch', 'delete', 'del'] }),
  // Process runners: like node:child_process, the command's effects are unknown.
  ...['', 'execa', 'execaSync', 'execaCommand', 'execaCommandSync', 'execaNode', '$'].map(
    (name): SinkEntry => ({ module: 'execa', export: name, ...spawn('runs another program, whose effects are unknown') }),
  ),
  ...['', 'sync', 'spawn'].map((name): SinkEntry => ({ module: 'cross-spawn', export: name, ...spawn('runs another program, whose effects are unknown') })),
  { module: 'zx', export: '$', ...spawn('runs a shell command, whose effects are unknown') },
  // SQL databases: the statement decides (see classifySql in sql.ts).
  ...Object.entries(SQL_CLIENTS).flatMap(([module, paths]) => paths.map((path): SinkEntry => ({ module, export: path, ...database('runs a SQL statement') }))),
];

/**
 * Modules whose calls have no effect on the environment (pure computation, logging, schema
 * building). Calls into modules that are neither here nor in {@link SINKS} are recorded as
 * unresolved. `util.promisify(f)` is not a call of util: the resolver follows it to `f`. `events`
 * is not here: `emit` runs listeners the linter does not follow.
 */
export const PURE_MODULES: ReadonlySet<string> = new Set([
  'path',
  'path/posix',
  'path/win32',
  'url',
  'util',
  'os',
  'crypto',
  'assert',
  'buffer',
  'querystring',
  'string_decoder',
  'timers',
  'timers/promises',
  'perf_hooks',
  'zod',
  'zod/v3',
  'zod/v4',
  'zod-to-json-schema',
  '@modelcontextprotocol/sdk/types.js',
  'minimatch',
  'picomatch',
  'micromatch',
  'diff',
  'uuid',
  'nanoid',
  'zlib',
  // Terminal styling.
  'chalk',
  'picocolors',
  'kleur',
  'ansi-colors',
  // The MCP SDK itself: notifications, sampling and elicitation talk to the connected client over
  // the session; they do not modify the server's environment.
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/server',
]);

/** Globals (and members of globals) whose calls have no environmental effect. Logging is not an effect. */
export const PURE_GLOBALS: ReadonlySet<string> = new Set([
  'JSON',
  'Math',
  'Object',
  'Array',
  'String',
  'Number',
  'Boolean',
  'BigInt',
  'Symbol',
  'Date',
  'Promise',
  'RegExp',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'AggregateError',
  'Intl',
  'Reflect',
  'Buffer',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Uint8Array',
  'Uint8ClampedArray',
  'Uint16Array',
  'Uint32Array',
  'Int8Array',
  'Int16Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'URL',
  'URLSearchParams',
  'TextEncoder',
  'TextDecoder',
  'AbortController',
  'AbortSignal',
  'Headers',
  'Response',
  'Blob',
  'console',
  'encodeURIComponent',
  'decodeURIComponent',
  'encodeURI',
  'decodeURI',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'structuredClone',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'queueMicrotask',
  'atob',
  'btoa',
  'performance',
  'crypto',
  'require.resolve',
  'process.cwd',
  'process.env',
  'process.hrtime',
  'process.memoryUsage',
  'process.uptime',
  'process.nextTick',
  'process.emitWarning',
  'process.stderr.write',
  'process.stdout.write',
  'process.on',
  'process.once',
]);

/**
 * Methods that built-in values (arrays, strings, promises, maps, responses) provide without
 * effects on the environment. A call of one of these on a value the linter cannot resolve is
 * assumed to be such a call; mutations of server state are detected separately.
 */
export const BUILTIN_VALUE_METHODS: ReadonlySet<string> = new Set([
  'map', 'filter', 'forEach', 'reduce', 'reduceRight', 'find', 'findIndex', 'findLast', 'findLastIndex', 'some', 'every',
  'includes', 'indexOf', 'lastIndexOf', 'join', 'slice', 'concat', 'flat', 'flatMap', 'at', 'keys', 'values', 'entries',
  'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'toSorted', 'toReversed', 'with',
  'get', 'has', 'set', 'add', 'delete', 'clear',
  'split', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'toLocaleLowerCase', 'toLocaleUpperCase',
  'startsWith', 'endsWith', 'replace', 'replaceAll', 'match', 'matchAll', 'search', 'substring', 'substr', 'charAt',
  'charCodeAt', 'codePointAt', 'padStart', 'padEnd', 'repeat', 'normalize', 'localeCompare', 'toString', 'toJSON',
  'toFixed', 'toPrecision', 'toISOString', 'toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'getTime',
  'valueOf', 'test', 'exec', 'then', 'catch', 'finally', 'text', 'json', 'arrayBuffer', 'bytes', 'blob', 'formData',
  'isFile', 'isDirectory', 'isSymbolicLink', 'hasOwnProperty', 'bind', 'call', 'apply', 'describe', 'optional',
  'parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'readUInt8', 'subarray', 'equals',
]);

/**
 * Methods of the MCP SDK's server, session and request-handler objects (`server.sendLoggingMessage`,
 * `server.server.createMessage`, `extra.sendRequest`, ...). They talk to the connected client over the
 * session and do not modify the server's environment. Matched by name when the receiver cannot be
 * resolved (a `server` parameter in compiled JavaScript).
 */
export const MCP_PROTOCOL_METHODS: ReadonlySet<string> = new Set([
  'sendLoggingMessage',
  'sendResourceUpdated',
  'sendResourceListChanged',
  'sendToolListChanged',
  'sendPromptListChanged',
  'notification',
  'sendNotification',
  'sendRequest',
  'request',
  'createMessage',
  'elicitInput',
  'listRoots',
  'getClientCapabilities',
  'getClientVersion',
  'setNotificationHandler',
  'setRequestHandler',
  'registerResource',
  'registerPrompt',
  'registerTool',
  'resource',
  'prompt',
  'isConnected',
]);

/** What has no effect on the environment: pure modules and globals, built-in value methods, the MCP session. */

/** Methods of clients (database, HTTP) that manage the connection, not the data: no effect. */
export const CLIENT_LIFECYCLE_METHODS: ReadonlySet<string> = new Set(['connect', 'end', 'release', 'close', 'on', 'once', 'off', 'pragma']);
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
  // Loggers: logging is not an effect on the environment (DESIGN.md §1), also when a logger is
  // configured to write a log file or ship its lines elsewhere.
  'pino',
  'winston',
  'debug',
  'loglevel',
  'consola',
  'signale',
  'log4js',
  'bunyan',
  'npmlog',
  'tslog',
  // Error and performance telemetry: Sentry's capture*, breadcrumbs, spans and scopes report on
  // the server's own run, as a remote logger does; they are taken for logging, not for an effect.
  '@sentry/node',
  '@sentry/core',
  '@sentry/bun',
  '@sentry/deno',
  '@sentry/cloudflare',
  '@sentry/aws-serverless',
  // Product analytics SDKs: `capture`, `track`, `identify` report usage of the server itself, as
  // telemetry does (issue 15, kind 1; corpus README: analytics are not modifications).
  'posthog-node',
  '@segment/analytics-node',
  'analytics-node',
  'mixpanel',
  '@amplitude/analytics-node',
  '@rudderstack/rudder-sdk-node',
  // Logging packages of API vendors' SDKs, shaped like the loggers above (`log.info`, `log.softFail`).
  '@apify/log',
  // Terminal styling.
  'chalk',
  'picocolors',
  'kleur',
  'ansi-colors',
  // The MCP SDK itself: notifications, sampling and elicitation talk to the connected client over
  // the session; they do not modify the server's environment.
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/server',
  // Tracing spans, parsing and formatting: found in the real-server trial (issue #4), no environmental effect.
  '@opentelemetry/api',
  'async_hooks',
  'js-yaml',
  'yaml',
  'node-sql-parser',
  'ajv',
  'lodash',
  'lodash-es',
  'date-fns',
  'dayjs',
  'semver',
  'mime',
  'mime-types',
  'fast-json-stable-stringify',
  'json5',
  'toml',
  '@iarna/toml',
  // Decoding and signing tokens is computation (verifying against a remote key set is not here).
  'jwt-decode',
  'jsonwebtoken',
  // Geospatial computation (Turf, https://turfjs.org: distances, buffers, areas on GeoJSON values).
  '@turf/turf',
  '@turf/helpers',
  // Parsing, validating and printing GraphQL documents and schemas (graphql-js: `parse`,
  // `buildClientSchema`, `print`, `validate`): computation; a request is what sends one.
  'graphql',
  // Schema validation (https://valibot.dev: `safeParse`, `parse`, schema builders), found bundled into a server's chunk.
  'valibot',
  // Template-literal tags that strip indentation (`dedent\`...\``) and string helpers: computation.
  'dedent',
  'ts-dedent',
  'outdent',
  'common-tags',
  // Converting HTML to Markdown, and linting text for secrets (secretlint's `lintSource` on a string): computation.
  'html-to-md',
  'turndown',
  '@secretlint/core',
  // tmcp, an MCP server SDK (https://github.com/paoloricciuti/tmcp): `tool.text(...)`, `tool.error(...)` build a tool result.
  'tmcp/utils',
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
  'Request',
  'Response',
  'FormData',
  'Blob',
  // Web streams: building, piping and compressing data in memory.
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'CompressionStream',
  'DecompressionStream',
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
  // Deno's environment, read as `process.env` is (`Deno.env.toObject()`, `Deno.env.get(name)`).
  'Deno.env.toObject',
  'Deno.env.get',
  'Deno.env.has',
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

/** A promise's methods (ECMA-262 §27.2.5): called on a call's result, they wait for what that call does. */
export const PROMISE_METHODS: ReadonlySet<string> = new Set(['then', 'catch', 'finally']);

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
  'isFile', 'isDirectory', 'isSymbolicLink', 'hasOwnProperty', 'bind', 'describe', 'optional',
  'parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'readUInt8', 'subarray', 'equals',
  'throwIfAborted', 'getStore',
]);

/**
 * Methods that only strings, arrays and numbers have, never named for an API's operation (unlike
 * `get`, `find`, `search`, `delete`): called on what a package call returned (`(await
 * sdk.items.list()).data.map(f)`) or on a global's property (`process.version.replace("v", "")`),
 * they read data the code already holds.
 */
export const DATA_METHODS: ReadonlySet<string> = new Set([
  'map', 'filter', 'forEach', 'reduce', 'some', 'every', 'includes', 'indexOf', 'join', 'slice', 'concat', 'flat', 'flatMap',
  'split', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'startsWith', 'endsWith', 'replace', 'replaceAll',
  'substring', 'padStart', 'padEnd', 'charAt', 'toFixed', 'toISOString', 'toLocaleString',
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

/** The request-handler functions of {@link MCP_PROTOCOL_METHODS} a handler may take out of its `extra` and call bare (`const { sendNotification } = extra`). */
export const MCP_SESSION_FUNCTIONS: ReadonlySet<string> = new Set(['sendNotification', 'sendRequest', 'sendLoggingMessage', 'elicitInput', 'createMessage']);

/**
 * Types of the Fetch API and the Streams standard (WHATWG Fetch, Streams) whose values live in the
 * process: a request or response object, its headers and body, a stream of it and its reader.
 * A method of a value declared with one of them acts on that value (the request is sent by
 * `fetch`, which the sink catalog models); see in-memory.ts.
 */
export const WEB_VALUE_TYPES: ReadonlySet<string> = new Set([
  'Request', 'Response', 'Headers', 'Blob', 'FormData', 'URL', 'URLSearchParams', 'AbortSignal', 'AbortController',
  'ReadableStream', 'ReadableStreamDefaultReader', 'ReadableStreamBYOBReader', 'TextDecoderStream', 'TextEncoderStream',
]);

/** The console's logging methods (WHATWG Console Standard, "Logging" and "Grouping"): a logger shaped like it logs. */
export const CONSOLE_METHODS: ReadonlySet<string> = new Set([
  'log', 'info', 'warn', 'error', 'debug', 'trace', 'group', 'groupCollapsed', 'groupEnd', 'table', 'dir', 'count', 'countReset',
  'time', 'timeEnd', 'timeLog', 'assert',
]);

/**
 * Methods whose name belongs to a telemetry API alone, called on receivers the linter cannot
 * resolve (a platform binding, an injected client): Cloudflare Workers Analytics Engine's
 * `writeDataPoint` (https://developers.cloudflare.com/analytics/analytics-engine/), error
 * trackers' `captureException`/`captureMessage`/`addBreadcrumb` (Sentry, PostHog), OpenTelemetry's
 * `recordException`, product analytics' `track`/`trackEvent` (Segment, Mixpanel, a server's own
 * usage hook). Telemetry is not a modification (issue 15, kind 1; corpus README).
 */
export const TELEMETRY_METHODS: ReadonlySet<string> = new Set(['writeDataPoint', 'captureException', 'captureMessage', 'addBreadcrumb', 'recordException', 'track', 'trackEvent']);

/**
 * Methods of a worker runtime's execution context (Cloudflare Workers, Service Workers:
 * `ctx.waitUntil(promise)`, `ctx.passThroughOnException()`): they keep the isolate alive or set
 * how it fails; the work a promise does is read where the promise is made.
 */
export const RUNTIME_CONTEXT_METHODS: ReadonlySet<string> = new Set(['waitUntil', 'passThroughOnException']);

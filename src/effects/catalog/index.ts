import { API_SINKS } from './apis.js';
import { BROWSER_SINKS } from './browser.js';
import { DATABASE_SINKS } from './databases.js';
import type { SinkEntry } from './entry.js';
import { FILE_SINKS } from './files.js';
import { NETWORK_SINKS } from './network.js';
import { ORM_SINKS } from './orm.js';
import { PROCESS_SINKS } from './processes.js';
import { REDIS_SINKS } from './redis.js';
import { DOCUMENT_STORE_SINKS } from './stores.js';

/**
 * The sink catalog: plain data mapping a module export, a method reached from one, or a global
 * to the effect of calling it, one file per family of libraries. Lookup is in sink-index.ts.
 */
export const SINKS: readonly SinkEntry[] = [...FILE_SINKS, ...PROCESS_SINKS, ...NETWORK_SINKS, ...BROWSER_SINKS, ...DATABASE_SINKS, ...DOCUMENT_STORE_SINKS, ...REDIS_SINKS, ...ORM_SINKS, ...API_SINKS];

export { fileFlagEffect, pathKey, type SinkEntry } from './entry.js';
export { BUILTIN_VALUE_METHODS, CLIENT_LIFECYCLE_METHODS, DATA_METHODS, MCP_PROTOCOL_METHODS, MCP_SESSION_FUNCTIONS, PROMISE_METHODS, PURE_GLOBALS, PURE_MODULES, RUNTIME_CONTEXT_METHODS, TELEMETRY_METHODS } from './pure.js';

import type { Effectish, SinkEntry } from './entry.js';

/**
 * Network sinks: fetch, node:http/https, undici and HTTP-client libraries. The access follows the
 * HTTP method (RFC 9110 §9.2, read in sink-call.ts); every request is open-world.
 */

const network = (description: string, httpMethod?: SinkEntry['httpMethod']): Effectish => ({
  kind: 'network',
  access: 'unknown',
  destructive: null,
  idempotent: null,
  openWorld: true,
  description,
  ...(httpMethod ? { httpMethod } : {}),
});

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

/** HTTP sinks. */
export const NETWORK_SINKS: readonly SinkEntry[] = [
  { module: 'global', export: 'fetch', ...network('makes an HTTP request', 'fetch') },
  { module: 'http', export: 'request', ...network('makes an HTTP request', 'node-request') },
  { module: 'https', export: 'request', ...network('makes an HTTPS request', 'node-request') },
  { module: 'http', export: 'get', ...network('makes an HTTP GET request', 'get') },
  { module: 'https', export: 'get', ...network('makes an HTTPS GET request', 'get') },
  { module: 'node-fetch', export: '', ...network('makes an HTTP request', 'fetch') },
  { module: 'undici', export: 'fetch', ...network('makes an HTTP request', 'fetch') },
  { module: 'undici', export: 'request', ...network('makes an HTTP request', 'node-request') },
  ...httpClient('axios', { main: '', request: 'request', verbs: ['get', 'head', 'options', 'delete', 'post', 'put', 'patch'], instances: ['create'] }),
  ...httpClient('got', { main: '', verbs: ['get', 'head', 'post', 'put', 'patch', 'delete'], instances: ['extend'] }),
  ...httpClient('ky', { main: '', verbs: ['get', 'head', 'post', 'put', 'patch', 'delete'], instances: ['create', 'extend'] }),
  ...httpClient('superagent', { verbs: ['get', 'head', 'post', 'put', 'patch', 'delete', 'del'] }),
];

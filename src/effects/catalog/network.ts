import type { Effectish, SinkEntry } from './entry.js';

/**
 * Network sinks: fetch, node:http/https, undici and HTTP-client libraries, WebSockets, TCP and
 * TLS sockets, DNS and e-mail. The access of an HTTP request follows its method (RFC 9110 §9.2,
 * read in sink-call.ts); every one of these reaches the open world (DESIGN.md §1).
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

/** A write over a connection: additive and not idempotent (a message sent twice is two messages, DESIGN.md §1). */
const send = (description: string): Effectish => ({ kind: 'network', access: 'write', destructive: false, idempotent: false, openWorld: true, description });
const lookup = (description: string): Effectish => ({ kind: 'network', access: 'read', destructive: null, idempotent: null, openWorld: true, description });
const quiet = (module: string, paths: readonly string[]): SinkEntry[] => paths.map((path) => ({ module, export: path, ...network('manages a connection'), pure: true }));

/**
 * undici's dispatchers (https://undici.nodejs.org/#/docs/api/Dispatcher): `request`, `stream` and
 * `pipeline` take options with the method (`{ path, method }`), on the module and on an instance.
 */
const UNDICI_DISPATCHERS = ['Client', 'Pool', 'BalancedPool', 'Agent', 'ProxyAgent', 'RetryAgent', 'EnvHttpProxyAgent'];
const undici = (): SinkEntry[] => {
  const roots = ['', ...UNDICI_DISPATCHERS.map((d) => `${d}.new().`), 'getGlobalDispatcher().'];
  return roots.flatMap((root) => [
    ...['request', 'stream', 'pipeline'].map((m): SinkEntry => ({ module: 'undici', export: `${root}${m}`, ...network('makes an HTTP request', 'node-request') })),
    ...['connect', 'upgrade'].map((m): SinkEntry => ({ module: 'undici', export: `${root}${m}`, ...network('opens a connection to a server') })),
    ...(root ? quiet('undici', [`${root}destroy`]) : []),
  ]);
};

/**
 * A WebSocket (ws, https://github.com/websockets/ws/blob/master/doc/ws.md, and the WHATWG global):
 * connecting is an HTTP upgrade (a read of the open world); `send` writes a message.
 */
const webSocket = (module: string, root: string): SinkEntry[] => [
  { module, export: root, ...lookup('opens a WebSocket connection') },
  { module, export: `${root ? `${root}.` : ''}new().send`, ...send('sends a WebSocket message') },
  ...quiet(module, ['ping', 'pong', 'terminate', 'addEventListener', 'removeEventListener'].map((m) => `${root ? `${root}.` : ''}new().${m}`)),
];

/** A TCP or TLS socket (https://nodejs.org/api/net.html#class-netsocket): what it sends and receives is unknown. */
const socket = (module: string, roots: readonly string[]): SinkEntry[] =>
  roots.flatMap((root) => [
    { module, export: `${root}write`, ...network('sends data over a socket') },
    ...quiet(module, ['destroy', 'setTimeout', 'setKeepAlive', 'setNoDelay', 'setEncoding', 'pause', 'resume', 'ref', 'unref'].map((m) => `${root}${m}`)),
  ]);

/**
 * An HTTP server the process starts (node:http and node:https `createServer`, `new Server()`,
 * https://nodejs.org/api/http.html#class-httpserver), as a login flow does to receive its OAuth
 * redirect: listening on a local port and answering a request with the listener's response
 * (`res.writeHead(200)`, `res.end(html)`) change nothing that a later tool call sees, so none of
 * it is an effect (corpus README, "What the labels mean"). The listener's `(req, res)` are the
 * request and the response (`callbackParameters`), whose every method is read here.
 */
const httpServer = (module: string): SinkEntry[] => {
  const listener = { callbackParameters: ['IncomingMessage.new()', 'ServerResponse.new()'] };
  return [
    ...['createServer', 'Server.new()'].map((root): SinkEntry => ({ module, export: root, ...network('starts an HTTP server'), pure: true, ...listener })),
    ...quiet(module, ['createServer().**', 'Server.new().**', 'IncomingMessage.new().**', 'ServerResponse.new().**']),
  ];
};

/** node:dns resolution functions (https://nodejs.org/api/dns.html): each asks a name server. */
const DNS_QUERIES = ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCaa', 'resolveCname', 'resolveMx', 'resolveNaptr', 'resolveNs', 'resolvePtr', 'resolveSoa', 'resolveSrv', 'resolveTlsa', 'resolveTxt', 'reverse'];
const DNS_SETTINGS = ['setServers', 'getServers', 'setDefaultResultOrder', 'getDefaultResultOrder'];
const dns = (): SinkEntry[] =>
  [
    { module: 'dns', prefix: '' },
    { module: 'dns', prefix: 'promises.' },
    { module: 'dns/promises', prefix: '' },
  ].flatMap(({ module, prefix }) =>
    ['', 'Resolver.new().'].flatMap((root) => [
      ...DNS_QUERIES.map((q): SinkEntry => ({ module, export: `${prefix}${root}${q}`, ...lookup('resolves a domain name') })),
      ...quiet(module, [...DNS_SETTINGS, ...(root ? ['setLocalAddress', 'cancel'] : [])].map((m) => `${prefix}${root}${m}`)),
    ]),
  );

/** HTTP, WebSocket, socket, DNS and e-mail sinks. */
export const NETWORK_SINKS: readonly SinkEntry[] = [
  { module: 'global', export: 'fetch', ...network('makes an HTTP request', 'fetch') },
  { module: 'http', export: 'request', ...network('makes an HTTP request', 'node-request') },
  { module: 'https', export: 'request', ...network('makes an HTTPS request', 'node-request') },
  { module: 'http', export: 'get', ...network('makes an HTTP GET request', 'get') },
  { module: 'https', export: 'get', ...network('makes an HTTPS GET request', 'get') },
  ...httpServer('http'),
  ...httpServer('https'),
  { module: 'node-fetch', export: '', ...network('makes an HTTP request', 'fetch') },
  { module: 'undici', export: 'fetch', ...network('makes an HTTP request', 'fetch') },
  ...undici(),
  ...httpClient('axios', { main: '', request: 'request', verbs: ['get', 'head', 'options', 'delete', 'post', 'put', 'patch'], instances: ['create'] }),
  ...httpClient('got', { main: '', verbs: ['get', 'head', 'post', 'put', 'patch', 'delete'], instances: ['extend'] }),
  ...httpClient('ky', { main: '', verbs: ['get', 'head', 'post', 'put', 'patch', 'delete'], instances: ['create', 'extend'] }),
  ...httpClient('superagent', { verbs: ['get', 'head', 'post', 'put', 'patch', 'delete', 'del'] }),
  ...webSocket('ws', ''),
  ...webSocket('ws', 'WebSocket'),
  ...webSocket('global', 'WebSocket'),
  // node:net and node:tls: a connection to any host, whose protocol the linter does not know.
  ...['net', 'tls'].flatMap((module) => ['connect', 'createConnection'].map((name): SinkEntry => ({ module, export: name, ...network('opens a network connection') }))),
  { module: 'net', export: 'Socket.new().connect', ...network('opens a network connection') },
  ...socket('net', ['connect().', 'createConnection().', 'Socket.new().']),
  ...socket('tls', ['connect().', 'createConnection().']),
  ...dns(),
  // nodemailer (https://nodemailer.com/usage/): a transport sends mail; `verify` only checks the connection.
  { module: 'nodemailer', export: 'createTransport().sendMail', ...send('sends an email') },
  { module: 'nodemailer', export: 'createTransport().verify', ...lookup('checks the connection to a mail server') },
  { module: 'nodemailer', export: 'createTestAccount', ...send('creates a test e-mail account (ethereal.email)') },
  ...quiet('nodemailer', ['createTransport().use', 'getTestMessageUrl']),
];

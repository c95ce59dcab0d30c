import { describe, expect, it } from 'vitest';
import { found, foundIn, serverWith } from './catalog-helpers.js';

/**
 * Issue 15 ("unknown is not proven", and what the code declares is evidence): the request path a
 * code-generated API SDK bundles in a server. A shared transport sends a `Request` object built
 * elsewhere (`fetch(request)`), runs hook lists the generator leaves empty, and logs through an
 * optional logger declared as an interface; requests and responses are parameters typed with the
 * Fetch API's globals.
 */
const TRANSPORT = `export type Send = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
const plainSend: Send = (input, init) => (init === undefined ? fetch(input) : fetch(input, init));
export type OnRequest = (r: Request) => Request | void;
export class Transport {
  private send: Send;
  private onRequest: OnRequest[] = [];
  constructor(opts: { send?: Send } = {}) { this.send = opts.send ?? plainSend; }
  use(fn: OnRequest) { this.onRequest.push(fn); return this; }
  drop(fn: OnRequest) { const list = this.onRequest; const at = list.indexOf(fn); if (at >= 0) list.splice(at, 1); }
  copy(): Transport { const t = new Transport(); t.onRequest = this.onRequest.slice(); return t; }
  async dispatch(request: Request): Promise<Response> {
    let current = request;
    for (const fn of this.onRequest) { const next = fn(current); if (next) current = next; }
    return this.send(current);
  }
}
`;

/** The plugin registry; `setup` is the body of the user-editable function that registers plugins. */
function plugins(setup: string): Record<string, string> {
  return {
    'plugins.ts': `import { setupPlugins } from "./setup.js";
export interface Plugin { before?(r: Request): Request }
export class Plugins {
  befores: Plugin[] = [];
  constructor() {
    const builtIn: Plugin[] = [];
    for (const p of builtIn) if ("before" in p) this.addBefore(p);
    setupPlugins(this);
  }
  addBefore(p: Plugin) { this.befores.push(p); }
  before(r: Request): Request { let out = r; for (const p of this.befores) out = p.before?.(out) ?? out; return out; }
}
`,
    'setup.ts': `import type { Plugins } from "./plugins.js";
${setup}
`,
  };
}

const BASE = `import { Transport } from "./transport.js";
import { Plugins } from "./plugins.js";
export interface Log { group(label?: string): void; groupEnd(): void; log(message: unknown, ...rest: unknown[]): void }
export class Base {
  readonly #t = new Transport();
  readonly #plugins = new Plugins();
  readonly #log?: Log;
  constructor(opts: { log?: Log } = {}) { this.#log = opts.log; }
  makeRequest(method: string, path: string): Request { return new Request(new URL(path, "https://api.example.com"), { method }); }
  async run(request: Request): Promise<Response> {
    const r = this.#plugins.before(request.clone());
    await show(this.#log, r);
    const res = await this.#t.dispatch(r);
    const reader = res.clone().body?.getReader();
    reader?.releaseLock();
    return res;
  }
}
async function show(log: Log | undefined, req: Request) {
  if (!log) return;
  log.group(req.method);
  log.log(await req.clone().text());
  log.groupEnd();
}
`;

async function sdkTools(setup: string) {
  const files = {
    ...serverWith(`import { Base } from "./base.js";\nconst client = new Base({});`, {
      remove: '  const res = await client.run(client.makeRequest("DELETE", `/widgets/${args.id}`)); return { content: [{ type: "text", text: await res.text() }] };',
    }),
    'transport.ts': TRANSPORT,
    'base.ts': BASE,
    ...plugins(setup),
  };
  return (await found(files, ['remove'])).remove!;
}

describe('a generated SDK bundled in a server', () => {
  it('empty hook lists, request and response methods and a console-shaped logger leave nothing unresolved; the request\'s method is read where it is built', async () => {
    const r = await sdkTools('export function setupPlugins(_registry: Plugins) {}');
    expect(r.unresolved).toEqual([]);
    // The request object is built in another call (`makeRequest("DELETE", path)`); `fetch(input)` sends its method (request-flow.ts).
    expect(r.rows).toEqual(['fetch DELETE | network write d=true i=true open=true certain']);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: true, openWorld: true });
  });

  it('a plugin the program registers runs in the hook loop: its effect is seen', async () => {
    const r = await sdkTools(`import { appendFileSync } from "node:fs";
export function setupPlugins(registry: Plugins) { registry.addBefore({ before(r: Request) { appendFileSync("/srv/audit.txt", r.url); return r; } }); }`);
    expect(r.rows).toContain('fs appendFileSync | fs.write write d=false i=false open=false certain');
    expect(r.unresolved).toEqual([]);
  });

  it('a hook list handed to code the linter cannot read may hold anything: its calls stay unresolved', async () => {
    const r = await sdkTools(`declare function loadPlugins(into: unknown): void;
export function setupPlugins(registry: Plugins) { loadPlugins(registry.befores); }`);
    expect(r.unresolved).toEqual(['`p` has no initializer, or is assigned different values']);
  });

  it('two registered plugins: the loop variable is not one value, so the hook of each runs', async () => {
    const r = await sdkTools(`export function setupPlugins(registry: Plugins) { registry.addBefore({ before: (r: Request) => r }); registry.addBefore({ before: (r: Request) => r }); }`);
    expect(r.unresolved).toEqual([]);
    expect(r.rows).toEqual(['fetch DELETE | network write d=true i=true open=true certain']);
  });
});

describe('fetch of a value that may be a Request object', () => {
  it('a parameter declared `Request` or `RequestInfo` sends what its caller gives; a string address is a GET', async () => {
    const r = await found(
      serverWith(
        `async function send(req: Request) { return fetch(req); }\nasync function sendInfo(input: RequestInfo) { return fetch(input); }\nasync function get(url: string) { return fetch(url); }`,
        { a: '  await send(new Request("https://x.example/items", { method: "DELETE" }));', b: '  await sendInfo(args.url);', c: '  await get(args.url);' },
      ),
      ['a', 'b', 'c'],
    );
    expect(r.a!.rows).toEqual(['fetch DELETE | network write d=true i=true open=true certain']);
    expect(r.b!.rows).toEqual(['fetch | network unknown d=null i=null open=true certain']);
    expect(r.c!.rows).toEqual(['fetch GET | network read d=null i=null open=true certain']);
  });

  it('a Request made in the call itself keeps its method', async () => {
    const r = await foundIn('', '  await fetch(new Request("https://x.example/items", { method: "DELETE" }));');
    expect(r.rows).toEqual(['fetch DELETE | network write d=true i=true open=true certain']);
  });
});

describe('in-memory receivers by their declared types', () => {
  it('a logger interface with a method that is not the console\'s is not taken for logging', async () => {
    const r = await foundIn('interface Sink { log(m: string): void; write(m: string): void }\ndeclare const sink: Sink;', '  sink.log(args.m);');
    expect(r.unresolved).toEqual(['log is only declared, with no body to analyse']);
  });

  it('a method called on a `Headers | Record<string, string>` is the Headers\' (a record has none): in memory', async () => {
    const r = await foundIn('function withAgent(init: RequestInit) { let headers: Headers | Record<string, string>; if (init.headers instanceof Headers) { headers = init.headers; headers.set("user-agent", "x"); } else headers = {}; return headers; }', '  withAgent({});');
    expect(r.rows).toEqual([]);
    expect(r.unresolved).toEqual([]);
  });

  it('a `Request` the program declares itself is not the Fetch API\'s', async () => {
    const r = await foundIn('interface Request { clone(): void; send(): void }\ndeclare const req: Request;', '  req.clone();');
    expect(r.unresolved).toEqual(['clone is only declared, with no body to analyse']);
  });

  it('Deno\'s environment is read as process.env is', async () => {
    const r = await foundIn('', '  const env = (globalThis as any).Deno?.env?.toObject?.() ?? {};\n  return { content: [{ type: "text", text: String(env.HOME) }] };');
    expect(r.unresolved).toEqual([]);
    expect(r.rows).toEqual([]);
  });
});

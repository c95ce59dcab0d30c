import { describe, expect, it } from 'vitest';
import { found, serverWith } from './catalog-helpers.js';

/**
 * Issue 15: the HTTP plumbing of a generated API client. Each operation function builds a request
 * descriptor (`{ method: "GET", path }`) that a shared builder turns into a `Request` (through a
 * hook that may rewrite its options, wrapped in a result object); a shared `do` clones it, runs
 * hooks, retries and sends it through an HTTP client whose request-hook list nothing fills, to a
 * default fetcher calling `fetch(input)` or `fetch(input, init)`. The method is decided where the
 * request is built and read there (request-flow.ts).
 */
const HTTP = `export type Fetcher = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
const DEFAULT_FETCHER: Fetcher = (input, init) => (init == null ? fetch(input) : fetch(input, init));
export type RequestHook = (req: Request) => Promise<Request | void>;
export class HttpClient {
  private fetcher: Fetcher;
  private hooks: RequestHook[] = [];
  constructor(opts: { fetcher?: Fetcher } = {}) { this.fetcher = opts.fetcher || DEFAULT_FETCHER; }
  async request(request: Request): Promise<Response> {
    let req = request;
    for (const hook of this.hooks) { const next = await hook(req); if (next) req = next; }
    return this.fetcher(req);
  }
}
`;

const CORE = `import { HttpClient } from "./http.js";
export type Result<T> = { ok: true; value: T } | { ok: false; error: Error };
export interface Descriptor { method: string; path: string; body?: unknown }
class Hooks {
  beforeCreate(_ctx: object, input: { url: URL; options: RequestInit }) { return input; }
  async beforeRequest(_ctx: object, req: Request): Promise<Request> { return req; }
}
async function retry(fn: () => Promise<Response>, attempts: number): Promise<Response> {
  for (let i = 0; ; i++) { try { return await fn(); } catch (e) { if (i >= attempts) throw e; } }
}
export class Core {
  #http = new HttpClient();
  #hooks = new Hooks();
  createRequest(ctx: object, conf: Descriptor): Result<Request> {
    const { method, path } = conf;
    const url = new URL(path, "https://api.example.com");
    const input = this.#hooks.beforeCreate(ctx, { url, options: { method, body: JSON.stringify(conf.body ?? null), headers: { accept: "application/json" } } });
    return { ok: true, value: new Request(input.url, input.options) };
  }
  async do(request: Request, ctx: object): Promise<Response> {
    return retry(async () => {
      const req = await this.#hooks.beforeRequest(ctx, request.clone());
      return this.#http.request(req);
    }, 3);
  }
}
`;

/** One operation function per endpoint, as the generator writes them. */
function operation(name: string, method: string, path: string): string {
  return `export async function ${name}(client: Core, id: string) {
  const context = { operationID: "${name}" };
  const built = client.createRequest(context, { method: "${method}", path: \`${path}\` });
  if (!built.ok) return built;
  const req = built.value;
  const res = await client.do(req, context);
  return { ok: true, value: await res.json() };
}
`;
}

function sdk(extraOps = ''): Record<string, string> {
  return {
    ...serverWith(`import { Core } from "./core.js";\nimport { getWidget, deleteWidget, createWidget, updateWidget } from "./ops.js";\nconst client = new Core();`, {
      get: '  await getWidget(client, args.id);',
      remove: '  await deleteWidget(client, args.id);',
      create: '  await createWidget(client, args.id);',
      update: '  await updateWidget(client, args.id);',
    }),
    'http.ts': HTTP,
    'core.ts': CORE,
    'ops.ts': `import type { Core } from "./core.js";
${operation('getWidget', 'GET', '/v1/widgets/${id}')}${operation('deleteWidget', 'DELETE', '/v1/widgets/${id}')}${operation('createWidget', 'POST', '/v1/widgets')}${operation('updateWidget', 'PATCH', '/v1/widgets/${id}')}${extraOps}`,
  };
}

describe('a request built in one place and sent in another', () => {
  it('a generated SDK: each operation\'s descriptor method reaches the shared fetch', async () => {
    const r = await found(sdk(), ['get', 'remove', 'create', 'update']);
    expect(r.get!.rows).toEqual(['fetch GET | network read d=null i=null open=true certain']);
    expect(r.get!.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
    expect(r.remove!.rows).toEqual(['fetch DELETE | network write d=true i=true open=true certain']);
    // `updateWidget` picks the PATCH: its name says a repeat sets the same values (patch-operations.test.ts).
    expect(r.update!.rows).toEqual(['fetch PATCH | network write d=true i=true open=true certain']);
    // A POST to a path that names no operation: a likely write (warnings only).
    expect(r.create!.rows).toEqual(['fetch POST | network write d=false i=false open=true likely']);
    for (const t of ['get', 'remove', 'create', 'update']) expect(r[t]!.unresolved).toEqual([]);
  });

  it('a request the code gets from where the linter cannot see keeps its method unknown', async () => {
    const files = sdk();
    files['server.ts'] = files['server.ts']!.replace('const client = new Core();', 'const client = new Core();\ndeclare function loadRequest(): Request;') + `server.registerTool("opaque", { description: "d", inputSchema: {} }, async () => { await client.do(loadRequest(), {}); return { content: [] }; });\n`;
    const r = await found(files, ['opaque']);
    expect(r.opaque!.rows).toContain('fetch | network unknown d=null i=null open=true certain');
    expect(r.opaque!.inferred.readOnly).toBeNull();
  });

  it('a request that is one of two built with different methods keeps its method unknown', async () => {
    const files = sdk(`export async function either(client: Core, flag: boolean) {
  let req = client.createRequest({}, { method: "GET", path: "/v1/a" });
  if (flag) req = client.createRequest({}, { method: "DELETE", path: "/v1/a" });
  if (!req.ok) return;
  await client.do(req.value, {});
}
`);
    files['server.ts'] = files['server.ts']!.replace('import { getWidget,', 'import { either, getWidget,') + `server.registerTool("either", { description: "d", inputSchema: {} }, async (args: any) => { await either(client, args.flag); return { content: [] }; });\n`;
    const r = await found(files, ['either']);
    expect(r.either!.rows).toEqual(['fetch | network unknown d=null i=null open=true certain']);
  });

  it('a request hook the program registers may replace the request: the method stays unknown', async () => {
    const files = sdk();
    files['http.ts'] = files['http.ts']!.replace('private hooks: RequestHook[] = [];', 'private hooks: RequestHook[] = [async (r) => r];');
    const r = await found(files, ['get']);
    expect(r.get!.rows).toEqual(['fetch | network unknown d=null i=null open=true certain']);
  });

  it('a send in a closure the function calls: read through that call, its own reading as the function\'s code adds nothing', async () => {
    const r = await found(
      serverWith(`async function remove(path: string) { const go = (req: Request) => fetch(req); return go(new Request("https://api.example.com" + path, { method: "DELETE" })); }`, {
        remove: '  await remove(`/v1/items/${args.id}`);',
      }),
      ['remove'],
    );
    expect(r.remove!.rows).toEqual(['fetch DELETE | network write d=true i=true open=true certain']);
  });

  it('a request builder given the method as an argument: the method its `new Request` is given', async () => {
    const r = await found(
      serverWith(
        `function make(method: string, path: string): Request { return new Request(new URL(path, "https://api.example.com"), { method, headers: { a: "b" } }); }
async function send(req: Request) { const copy = req.clone(); return fetch(copy); }`,
        { put: '  await send(make("PUT", `/v1/items/${args.id}`));', get: '  await send(make("GET", "/v1/items"));' },
      ),
      ['put', 'get'],
    );
    expect(r.put!.rows).toEqual(['fetch PUT | network write d=true i=true open=true certain']);
    expect(r.get!.inferred.readOnly).toBe(true);
  });
});

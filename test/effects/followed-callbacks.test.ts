import { describe, expect, it } from 'vitest';
import { found } from './catalog-helpers.js';
import { SERVER_HEADER } from '../helpers.js';

/**
 * An inline callback handed to a function of the project that calls it is read through that call,
 * with what the function passes it bound; it is not read a second time inline, unbound (issue 15:
 * a client's `requestWithMiddleware(req)` passed `async (r) => this.request(r)` to `applyMiddlewares`,
 * and the inline reading added "a method known only at run time, which may write" to every GET).
 */
const SERVER = `${SERVER_HEADER}
async function applyHooks(req: { method: string; url: string }, run: (r: { method: string; url: string }) => Promise<unknown>) {
  return run(req);
}
const stored: Array<() => Promise<unknown>> = [];
function later(cb: () => Promise<unknown>) { stored.push(cb); }
export function flush() { return Promise.all(stored.map((f) => f())); }
class Http {
  async send(req: { method: string; url: string }) { return fetch(req.url, { method: req.method }); }
  async viaHooks(req: { method: string; url: string }) { return applyHooks(req, async (r) => this.send(r)); }
  async get(url: string) { return this.viaHooks({ method: "GET", url }); }
}
const http = new Http();
server.registerTool("list_items", { description: "d", inputSchema: {} }, async () => {
  await http.get("https://api.example.com/items");
  return { content: [] };
});
server.registerTool("queue_delete", { description: "d", inputSchema: {} }, async (args: any) => {
  later(async () => fetch(args.url, { method: "DELETE" }));
  return { content: [] };
});
`;

describe('inline callbacks read through the call that runs them', () => {
  it('reads a callback a project function calls only through that call, with its arguments bound', async () => {
    const r = await found({ 'server.ts': SERVER }, ['list_items']);
    expect(r.list_items!.rows).toEqual(['fetch GET | network read d=null i=null open=true certain']);
    expect(r.list_items!.inferred.readOnly).toBe(true);
  });

  it('keeps the inline reading of a callback the function only stores', async () => {
    const r = await found({ 'server.ts': SERVER }, ['queue_delete']);
    expect(r.queue_delete!.rows).toEqual(['server state stored | state.write write d=false i=false open=false certain', 'fetch DELETE | network write d=true i=true open=true certain']);
  });
});

import { describe, expect, it } from 'vitest';
import { namedVerb } from '../../src/effects/api-verbs.js';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Issue 15 ("HTTP methods are not semantics"): the address of a request a hand-written API client
 * sends, read where a tool calls the client. Shaped like a cloud vendor's client: `post(path,
 * body)` hands a request descriptor `{ method, path, body }` to `request(req)`, which wraps a string
 * path in a list and builds the address by joining its base with the segments
 * (`[this.baseUrl, ...req.path].join("/")`), appending a query string when there is one. The
 * path's verb then judges the request (request-purpose.ts).
 */
const CLIENT = `export class HttpClient {
  constructor(private baseUrl: string) {}
  async request(req: { method: string; path?: string[] | string; body?: unknown; query?: Record<string, string> }): Promise<unknown> {
    if (!req.path) { req.path = []; } else if (typeof req.path === "string") { req.path = [req.path]; }
    let url = [this.baseUrl, ...req.path].join("/");
    if (req.query) { url += \`?\${new URLSearchParams(req.query).toString()}\`; }
    const res = await fetch(url, { method: req.method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(req.body) });
    return res.json();
  }
  post(path: string[] | string, body?: unknown) { return this.request({ method: "POST", path, body }); }
  patch(path: string[] | string, body?: unknown) { return this.request({ method: "PATCH", path, body }); }
}
export const http = new HttpClient("https://api.example.com");
`;

/** The effects of tool "t" whose handler runs `body`, as `access d=destructive i=idempotent | description`. */
async function effectsOf(body: string): Promise<string[]> {
  const server = `${SERVER_HEADER}import { http } from "./http.js";
server.registerTool("t", { description: "d", inputSchema: { id: z.string(), enable: z.boolean() } }, async ({ id, enable }) => {
${body}
  return { content: [] };
});
`;
  const result = await lintFiles({ 'http.ts': CLIENT, 'server.ts': server });
  return (tool(result, 't').effects?.effects ?? []).map((e) => `${e.access} d=${e.destructive} i=${e.idempotent} | ${e.description}`);
}

describe('addresses a client builds from the segments a tool gives', () => {
  it('reads a list of segments joined with the base, the query appended after it left out of the path', async () => {
    expect(await effectsOf('  await http.post(["v2/databases/update-regions", id], { regions: [] });')).toEqual([
      'write d=true i=true | makes an HTTP request (POST to …/update-regions/{}: a write by its path (`update`))',
    ]);
  });

  it('reads a string path the client wraps in a list', async () => {
    expect(await effectsOf('  await http.post(`v2/databases/${id}/search`, { q: "x" });')).toEqual([
      'read d=null i=null | makes an HTTP request (POST to …/{}/search: a read by its path (`search`))',
    ]);
  });

  it('reads one of two addresses when both name the same operation (a reversible flag turned on or off)', async () => {
    expect(await effectsOf('  await http.patch([`v2/databases/${enable ? "enable-backup" : "disable-backup"}`, id]);')).toEqual([
      'write d=false i=true | makes an HTTP request (PATCH to …/enable-backup/{}: a write by its path (`enable`))',
    ]);
  });

  it('keeps an address whose two alternatives name different operations unknown: PATCH keeps its own traits', async () => {
    expect(await effectsOf('  await http.patch([`v2/databases/${enable ? "enable-backup" : "delete-backup"}`, id]);')).toEqual([
      'write d=true i=true | makes an HTTP request (PATCH) for `patch` (`patch`: changes existing data to the values given)',
    ]);
  });

  it('judges a path that runs code the service holds as a write of unknown kind', async () => {
    expect(await effectsOf('  await http.post(`v2/box/${id}/exec`, { command: "ls" });')).toEqual([
      'write d=null i=false | makes an HTTP request (POST to …/{}/exec: a write by its path (`exec`))',
    ]);
  });

  it('judges a secret reset as destructive and not idempotent: each repeat makes another', async () => {
    expect(await effectsOf('  await http.post(["v2/databases/reset-password", id]);')).toEqual([
      'write d=true i=false | makes an HTTP request (POST to …/reset-password/{}: a write by its path (`reset`))',
    ]);
  });

  it('leaves a path the tool does not write out unknown: the base alone names no operation', async () => {
    expect(await effectsOf('  await http.post(id, { q: "x" });')).toEqual([
      'write d=false i=false | makes an HTTP request (POST to /{}: neither its path nor its body names the operation, so a likely write)',
    ]);
  });
});

describe('a secret replaced with a new one', () => {
  const judged = (name: string): string | null => {
    const named = namedVerb(name);
    return named && `${named.verb} d=${named.effect.destructive} i=${named.effect.idempotent}`;
  };

  it('takes resetting, rotating or regenerating a password, key, token or secret as destructive and not idempotent', () => {
    expect(judged('resetPassword')).toBe('reset d=true i=false');
    expect(judged('rotate_api_key')).toBe('rotate d=true i=false');
    expect(judged('regenerateClientSecret')).toBe('regenerate d=true i=false');
  });

  it('keeps a reset of anything else (a budget, a counter) a setting that repeats to the same state', () => {
    expect(judged('resetBudget')).toBe('reset d=true i=true');
    expect(judged('rotateImage')).toBeNull();
  });
});

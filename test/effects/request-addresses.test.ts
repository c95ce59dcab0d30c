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

  it('reads an address whose two alternatives name different operations as the worse of them (the deletion)', async () => {
    expect(await effectsOf('  await http.patch([`v2/databases/${enable ? "enable-backup" : "delete-backup"}`, id]);')).toEqual([
      'write d=true i=true | makes an HTTP request (PATCH to …/delete-backup/{}: a write by its path (`delete`))',
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

describe('a path part that picks one of two operations', () => {
  const DELETES = 'write d=true i=true | makes an HTTP request (POST to …/{}/delete: a write by its path (`delete`))';

  it('takes the destructive one, on either side, as a segment or in a template', async () => {
    expect(await effectsOf('  await http.post(["projects", id, enable ? "delete" : "archive"]);')).toEqual([DELETES]);
    expect(await effectsOf('  await http.post(["projects", id, enable ? "archive" : "delete"]);')).toEqual([DELETES]);
    expect(await effectsOf('  await http.post(`projects/${id}/${enable ? "archive" : "delete"}`);')).toEqual([DELETES]);
  });

  it('takes the destructive one over a read, and a write over a read', async () => {
    expect(await effectsOf('  await http.post(["projects", id, enable ? "search" : "delete"]);')).toEqual([DELETES]);
    expect(await effectsOf('  await http.post(["projects", id, enable ? "search" : "archive"]);')).toEqual([
      'write d=false i=true | makes an HTTP request (POST to …/{}/archive: a write by its path (`archive`))',
    ]);
  });

  it('takes the destructive one over a part that names no operation; leaves another pair to the method', async () => {
    expect(await effectsOf('  await http.post(["projects", id, enable ? "delete" : "members"]);')).toEqual([DELETES]);
    expect(await effectsOf('  await http.post(["projects", id, enable ? "archive" : "members"]);')).toEqual([
      'write d=false i=false | makes an HTTP request (POST to …/{}/{}: neither its path nor its body names the operation, so a likely write)',
    ]);
  });

  it('reads the same in a URL given to fetch directly', async () => {
    expect(await effectsOf('  await fetch(`https://api.example.com/v1/items/${id}/${enable ? "archive" : "purge"}`, { method: "POST" });')).toEqual([
      'write d=true i=true | makes an HTTP request (POST to …/{}/purge: a write by its path (`purge`))',
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

  it('reads a bare rotating verb by the object it is given: a secret is rotated, an image is not', () => {
    const withObject = (name: string, object: string): string | null => {
      const named = namedVerb(name, undefined, object);
      return named && `${named.verb} d=${named.effect.destructive} i=${named.effect.idempotent}`;
    };
    expect(withObject('rotate', 'keys')).toBe('rotate d=true i=false');
    expect(withObject('regenerate', 'secrets')).toBe('regenerate d=true i=false');
    expect(withObject('rotate', 'images')).toBeNull();
    expect(withObject('reset', 'budgets')).toBe('reset d=true i=true');
    expect(judged('rotate')).toBeNull();
  });

  const ROTATES = (verb: string): string => `write d=true i=false | makes an HTTP request (POST to …/{}/${verb}: a write by its path (\`${verb}\`))`;

  it('takes POST …/{id}/rotate of keys, API keys and credentials, and …/{id}/regenerate of secrets, as a rotation', async () => {
    expect(await effectsOf('  await http.post(["v1/keys", id, "rotate"]);')).toEqual([ROTATES('rotate')]);
    expect(await effectsOf('  await http.post(["v1/api-keys", id, "rotate"]);')).toEqual([ROTATES('rotate')]);
    expect(await effectsOf('  await http.post(`v1/credentials/${id}/rotate`);')).toEqual([ROTATES('rotate')]);
    expect(await effectsOf('  await fetch(`https://api.example.com/v1/secrets/${id}/regenerate`, { method: "POST" });')).toEqual([ROTATES('regenerate')]);
  });

  it('takes a reset of a password named by the segment before it as a rotation, and leaves …/images/{id}/rotate unknown', async () => {
    expect(await effectsOf('  await http.post(["v1/users", id, "password/reset"]);')).toEqual([
      'write d=true i=false | makes an HTTP request (POST to …/password/reset: a write by its path (`reset`))',
    ]);
    expect(await effectsOf('  await http.post(["v1/images", id, "rotate"]);')).toEqual([
      'write d=false i=false | makes an HTTP request (POST to …/{}/rotate: neither its path nor its body names the operation, so a likely write)',
    ]);
  });
});

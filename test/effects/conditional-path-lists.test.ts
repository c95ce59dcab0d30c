import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A client that takes its path as a string or a list of segments normalises it with a
 * conditional instead of assigning the field again (request-addresses.test.ts has that form):
 * `typeof req.path === "string" ? [req.path] : req.path`, or `Array.isArray(p) ? p : [p]`, held
 * in a const that is spread into the list joined with the base. Both branches are the caller's
 * segments, one wrapped in a list, so the address reads as the direct form does.
 */

/** A request function of a client module: `parts` is built by `normalise`, then joined with the base (or `url` is the expression given). */
const client = (normalise: string, url = '[base, ...parts].join("/")'): string => `const base = "https://api.example.com";
export async function request(req: { method: string; path: string[] | string; body?: unknown }): Promise<unknown> {
  const parts = ${normalise};
  const url = ${url};
  const res = await fetch(url, { method: req.method, body: JSON.stringify(req.body) });
  return res.json();
}
`;

/** The effects of tool "t" whose handler runs `body` against the client `normalise` makes, as `access d=destructive i=idempotent | description`. */
async function effectsOf(normalise: string, body: string, url?: string): Promise<string[]> {
  const server = `${SERVER_HEADER}import { request } from "./client.js";
server.registerTool("t", { description: "d", inputSchema: { id: z.string() } }, async ({ id }) => {
${body}
  return { content: [] };
});
`;
  const result = await lintFiles({ 'client.ts': client(normalise, url), 'server.ts': server });
  return (tool(result, 't').effects?.effects ?? []).map((e) => `${e.access} d=${e.destructive} i=${e.idempotent} | ${e.description}`);
}

const TYPEOF = 'typeof req.path === "string" ? [req.path] : req.path';
const IS_ARRAY = 'Array.isArray(req.path) ? req.path : [req.path]';

describe('a path list a client normalises with a conditional', () => {
  for (const [name, normalise] of [['typeof … ? [p] : p', TYPEOF], ['Array.isArray(p) ? p : [p]', IS_ARRAY]] as const) {
    it(`reads the segments a tool gives as a list as the direct form does (${name})`, async () => {
      const call = '  await request({ method: "POST", path: ["projects", id, "archive"] });';
      const read = await effectsOf(normalise, call);
      expect(read).toEqual(['write d=false i=true | makes an HTTP request (POST to …/{}/archive: a write by its path (`archive`))']);
      expect(read).toEqual(await effectsOf('req.path', call));
    });

    it(`reads a string path the conditional wraps in a list (${name})`, async () => {
      expect(await effectsOf(normalise, '  await request({ method: "POST", path: `projects/${id}/search` });')).toEqual([
        'read d=null i=null | makes an HTTP request (POST to …/{}/search: a read by its path (`search`))',
      ]);
    });
  }

  it('reads the conditional written inside the spread, and the list joined alone', async () => {
    const call = '  await request({ method: "POST", path: ["projects", id, "archive"] });';
    const archive = ['write d=false i=true | makes an HTTP request (POST to …/{}/archive: a write by its path (`archive`))'];
    expect(await effectsOf('[...(Array.isArray(req.path) ? req.path : [req.path])]', call)).toEqual(archive);
    expect(await effectsOf(IS_ARRAY, call, 'base + "/" + parts.join("/")')).toEqual(archive);
    expect(await effectsOf('null', call, '`${base}/${(typeof req.path === "string" ? [req.path] : req.path).join("/")}`')).toEqual(archive);
  });

  it('keeps a conditional between two different lists unknown', async () => {
    expect(await effectsOf('req.body ? ["x"] : req.path', '  await request({ method: "POST", path: ["projects", id, "archive"] });')).toEqual([
      'write d=false i=false | makes an HTTP request (POST to /{}: neither its path nor its body names the operation, so a likely write)',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Functions a callee makes and hands back uncalled run only when their caller calls them
 * (issue 15: an error must rest on an effect the tool really has). Written from a real API client
 * whose `dashboards(projectId)` returns `{ list, get, update, delete }`: a tool that calls `.get()`
 * was reported as making the PATCH request of `update`.
 */

const CLIENT = `
class Api {
  constructor(private base: string) {}
  dashboards(projectId: string) {
    return {
      get: async (id: string) => this.send(\`\${this.base}/p/\${projectId}/d/\${id}\`),
      update: async (id: string, data: unknown) => this.send(\`\${this.base}/p/\${projectId}/d/\${id}\`, { method: "PATCH", body: JSON.stringify(data) }),
      remove: async (id: string) => fetch(\`\${this.base}/p/\${projectId}/d/\${id}\`, { method: "DELETE" }),
    };
  }
  flags(projectId: string) {
    const methods = { toggle: async (id: string) => this.send(\`\${this.base}/p/\${projectId}/f/\${id}\`, { method: "POST" }) };
    return methods;
  }
  // A small request helper: the caller's options (its method among them) are spread into fetch's.
  private async send(url: string, init?: RequestInit) {
    return fetch(url, { ...init, headers: { ...init?.headers, authorization: "token" } });
  }
}
const api = new Api("https://api.example.com");
function items(id: string) {
  const get = async () => fetch(\`https://api.example.com/items/\${id}\`);
  async function remove() { return fetch(\`https://api.example.com/items/\${id}\`, { method: "DELETE" }); }
  return { get, remove, drop: remove };
}
`;

function server(body: string): string {
  return `${SERVER_HEADER}${CLIENT}\nserver.registerTool("t", { description: "d", annotations: { readOnlyHint: true } }, async () => {\n${body}\n  return { content: [] };\n});\n`;
}

async function effectsOf(body: string): Promise<string[]> {
  const result = await lintFiles({ 'server.ts': server(body) }, ['server.ts']);
  return (tool(result, 't').effects?.effects ?? []).map((e) => `${e.description}:${e.access}`);
}

describe('functions handed back uncalled', () => {
  it('counts only the method of a returned object that the tool calls', async () => {
    expect(await effectsOf('await api.dashboards("p").get("1");')).toEqual(['makes an HTTP request (GET):read']);
  });

  it('counts the method it calls through a spread options object (the caller gives the method)', async () => {
    expect(await effectsOf('await api.dashboards("p").update("1", {});')).toEqual(['makes an HTTP request (PATCH) for `update` (`update`: changes existing data to the values given):write']);
  });

  it('reads a returned const that holds the object of methods', async () => {
    expect(await effectsOf('await api.flags("p").toggle("1");')).toEqual(['makes an HTTP request (POST to …/f/{}: neither its path nor its body names the operation, so a likely write):write']);
  });

  it('reads a returned object of local functions by name ({ get, remove }, found by a fresh user)', async () => {
    expect(await effectsOf('await items("1").get();')).toEqual(['makes an HTTP request (GET):read']);
    expect(await effectsOf('await items("1").remove();')).toEqual(['makes an HTTP request (DELETE):write']);
    expect(await effectsOf('await items("1").drop();')).toEqual(['makes an HTTP request (DELETE):write']);
  });

  it('counts nothing for a call that only makes the methods', async () => {
    expect(await effectsOf('api.dashboards("p");')).toEqual([]);
  });

  it('still counts an inline callback the callee runs', async () => {
    expect(await effectsOf('await Promise.all(["1", "2"].map((id) => api.dashboards("p").remove(id)));')).toEqual(['makes an HTTP request (DELETE):write']);
  });

  it('reports the error the PATCH proves, and none for the reading tool', async () => {
    const result = await lintFiles({ 'server.ts': server('await api.dashboards("p").update("1", {});') }, ['server.ts']);
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.severity)).toEqual(['error']);
    const reading = await lintFiles({ 'server.ts': server('await api.dashboards("p").get("1");') }, ['server.ts']);
    expect(reading.findings.filter((f) => f.ruleId.startsWith('optimistic-'))).toEqual([]);
  });
});

describe('HTTP options spread into a request', () => {
  it('is a request of unknown method when the spread options cannot be read', async () => {
    const files = { 'server.ts': `${SERVER_HEADER}declare const init: RequestInit;\nserver.registerTool("t", { description: "d" }, async () => { await fetch("https://x.example", { ...init, headers: {} }); return { content: [] }; });\n` };
    const result = await lintFiles(files, ['server.ts']);
    expect((tool(result, 't').effects?.effects ?? []).map((e) => `${e.description}:${e.access}`)).toEqual(['makes an HTTP request with a method known only at run time, which may write:unknown']);
  });
});

import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A map of in-flight work that deduplicates concurrent calls (issue 15, kind 2): the entry is set
 * to the promise and removed when it settles. Written from an OAuth client that shares one token
 * refresh between concurrent tool calls; its `.finally(() => refreshes.delete(key))` made every
 * read-only tool "delete server state".
 */
const SERVER = `${SERVER_HEADER}
const refreshes = new Map<string, Promise<string>>();
const sessions = new Map<string, string>();
async function refresh(key: string): Promise<string> { return key.toUpperCase(); }
async function token(key: string): Promise<string> {
  if (!refreshes.get(key)) {
    const pending = refresh(key).finally(() => { refreshes.delete(key); });
    refreshes.set(key, pending);
  }
  return refreshes.get(key)!;
}
server.registerTool("whoami", { description: "d", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [{ type: "text", text: await token("me") }] }));
server.registerTool("logout", { description: "d", annotations: { readOnlyHint: true, openWorldHint: false } }, async ({ id }: { id: string }) => {
  await refresh(id).then(() => { sessions.delete(id); });
  return { content: [{ type: "text", text: String(sessions.size) }] };
});
`;

describe('in-flight entries removed when their work settles', () => {
  it('are no modification', async () => {
    const result = await lintFiles({ 'server.ts': SERVER }, ['server.ts']);
    expect(tool(result, 'whoami').effects?.effects.filter((e) => e.access !== 'read')).toEqual([]);
    expect(result.findings.filter((f) => f.tool === 'whoami')).toEqual([]);
  });

  it('are no modification when the entry is read into a `let` first (found by a fresh user)', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}
import { readFile } from "node:fs/promises";
const inFlight = new Map<string, Promise<string>>();
async function load(key: string): Promise<string> {
  let p = inFlight.get(key);
  if (!p) {
    p = readFile(key, "utf8").finally(() => inFlight.delete(key));
    inFlight.set(key, p);
  }
  return p;
}
server.registerTool("read_doc", { description: "d", annotations: { readOnlyHint: true, openWorldHint: false } }, async (args: { key: string }) => ({ content: [{ type: "text", text: await load(args.key) }] }));
`,
    }, ['server.ts']);
    expect(tool(result, 'read_doc').effects?.effects.map((e) => `${e.kind}:${e.access}`)).toEqual(['fs.read:read']);
    expect(result.findings).toEqual([]);
  });

  it('but a removal after some work from state the function never stores into still counts', async () => {
    const result = await lintFiles({ 'server.ts': SERVER }, ['server.ts']);
    expect(result.findings.filter((f) => f.tool === 'logout').map((f) => `${f.severity} ${f.ruleId}`)).toEqual(['error optimistic-read-only']);
  });
});

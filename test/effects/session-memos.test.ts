import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Issue 15, kind 2: a per-session memo of what the client or a service answers changes nothing a
 * later call can see. Shaped like a reference server that caches each session's client roots: a
 * closure fetches them (`await server.server.listRoots()`) and stores them, and it is only called,
 * or handed on as a change handler, where the session has no entry yet.
 */
const ROOTS = `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { RootsListChangedNotificationSchema, type Root } from "@modelcontextprotocol/sdk/types.js";
export const roots = new Map<string | undefined, Root[]>();
export const syncRoots = async (server: McpServer, sessionId?: string) => {
  const requestRoots = async () => {
    const response = await server.server.listRoots();
    if (response && "roots" in response) roots.set(sessionId, response.roots);
  };
  if (!roots.has(sessionId)) {
    server.server.setNotificationHandler(RootsListChangedNotificationSchema, requestRoots);
    await requestRoots();
  }
  CALL_AGAIN
  return roots.get(sessionId);
};
`;

async function stateEffects(again = ''): Promise<string[]> {
  const server = `${SERVER_HEADER}import { syncRoots } from "./roots.js";
server.registerTool("get-roots-list", { description: "d", annotations: { readOnlyHint: true } }, async (_args, extra) => {
  const current = await syncRoots(server, extra.sessionId);
  return { content: [{ type: "text", text: JSON.stringify(current) }] };
});
`;
  const result = await lintFiles({ 'roots.ts': ROOTS.replace('CALL_AGAIN', again), 'server.ts': server });
  return (tool(result, 'get-roots-list').effects?.effects ?? []).filter((e) => e.kind === 'state.write').map((e) => e.description);
}

describe('a memo filled by a closure only where the entry is absent', () => {
  it('takes the fetched roots stored for a session for a memo: no effect', async () => {
    expect(await stateEffects()).toEqual([]);
  });

  it('keeps the write when the closure also runs where the entry may be present (a refresh on every call)', async () => {
    expect(await stateEffects('await requestRoots();')).toEqual(['sets an entry of server state `roots`, replacing any previous one, read back at roots.ts:9']);
  });
});

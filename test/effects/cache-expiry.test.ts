import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A cache with an expiry (issue 15, kind 2: state no later call can see): the fetched value and
 * the time it was fetched, the stamp read only to measure its age (`now - fetchedAt < TTL`). A
 * later call gets what it would fetch anyway. Shape written for this test after a published
 * server that caches its coding rules for ten minutes.
 */

/** The state writes of tool `coding_rules` when the stamp is read by `check` (and, with `shown`, also returned). */
async function stateWrites(check: string, shown = false): Promise<string[]> {
  const source = `${SERVER_HEADER}const TTL = 10 * 60 * 1000;
let consumer: string | undefined;
let consumerAt = 0;
async function getConsumer(): Promise<string | undefined> {
  const now = Date.now();
  if (consumer && ${check}) return consumer;
  try {
    consumer = ((await (await fetch("https://docs.example.com/context.json")).json()) as { consumer: string }).consumer;
  } catch (error) {
    console.error(error);
  }
  if (consumer) consumerAt = Date.now();
  return consumer;
}
server.registerTool("coding_rules", { description: "d", annotations: { readOnlyHint: true } }, async () => ({
  content: [{ type: "text", text: String(await getConsumer())${shown ? ' + " fetched at " + consumerAt' : ''} }],
}));
`;
  const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
  return (tool(result, 'coding_rules').effects?.effects ?? []).filter((e) => e.kind === 'state.write').map((e) => e.description);
}

describe('the time stamp of a cache with an expiry', () => {
  it('is no modification when it is only read to measure its age', async () => {
    expect(await stateWrites('now - consumerAt < TTL')).toEqual([]);
    expect(await stateWrites('consumerAt + TTL > Date.now()')).toEqual([]);
  });

  it('counts when a tool also returns it', async () => {
    expect(await stateWrites('now - consumerAt < TTL', true)).toHaveLength(1);
  });
});

describe('an entry of a cache stamped with the time it was stored', () => {
  it('is no modification, even when it carries the key the caller gave (compiled JavaScript, as published)', async () => {
    const source = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "t", version: "1.0.0" });
var contextCache = {};
var TEN_MINUTES_MS = 10 * 60 * 1e3;
async function getNetlifyCodingContext(contextKey) {
  const now = Date.now();
  if (contextCache[contextKey] && now - contextCache[contextKey].timestamp < TEN_MINUTES_MS) {
    return contextCache[contextKey]?.data;
  }
  let data = "";
  try {
    const response = await fetch("https://docs.example.com/" + contextKey);
    data = await response.text();
    if (!data) {
      return;
    }
    const contextFile = { key: contextKey, content: data };
    contextCache[contextKey] = { data: contextFile, timestamp: Date.now() };
  } catch (error) {
    console.error("Error fetching context:", error);
  }
  return contextCache[contextKey]?.data;
}
server.registerTool("coding_context", { description: "d", annotations: { readOnlyHint: true } }, async ({ key }) => ({
  content: [{ type: "text", text: JSON.stringify(await getNetlifyCodingContext(key)) }],
}));
`;
    const result = await lintFiles({ 'server.js': source, 'package.json': '{"type":"module"}' }, ['server.js']);
    expect((tool(result, 'coding_context').effects?.effects ?? []).filter((e) => e.kind === 'state.write')).toEqual([]);
  });
});

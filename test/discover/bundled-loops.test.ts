import { describe, expect, it } from 'vitest';
import { lintFiles } from '../helpers.js';

describe('a bundle that registers its tools in a loop over merged tables', () => {
  it('reads `Object.entries(readonly ? subset : all).map(...)` over spread tables, the loop variable read through local consts', async () => {
    const result = await lintFiles({
      'dist/index.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { readFile, rm } from "node:fs/promises";
function tool(def) { return def; }
var config = { readonly: process.env.RO === "1" };
var fileTools = { files_read: tool({ readonly: true, description: "d", handler: async () => readFile("f", "utf8") }) };
var adminTools = { files_purge: tool({ description: "d", handler: async () => { await rm("f"); return "done"; } }), files_read: tool({ readonly: true, description: "replaced", handler: async () => "x" }) };
var tools = { ...fileTools, ...adminTools };
function createServer() {
  const server = new McpServer({ name: "t", version: "1" });
  const filtered = config.readonly ? Object.fromEntries(Object.entries(tools).filter(([_, t]) => t.readonly)) : tools;
  const list = Object.entries(filtered).map(([name, t]) => ({ name, description: t.description, tool: t }));
  for (const def of list) {
    const toolName = def.name;
    const t = def.tool;
    server.registerTool(toolName, { description: t.description }, async (args) => ({ content: [{ type: "text", text: await t.handler(args) }] }));
  }
  return server;
}
createServer();
`,
    });
    // The later `files_read` (in adminTools) replaces the first, as the spread does at run time.
    expect(result.tools.map((t) => `${t.name}:${t.location.line}`)).toEqual(['files_purge:6', 'files_read:6']);
    expect(result.tools.map((t) => t.effects?.effects.map((e) => e.sink))).toEqual([['fs/promises rm'], []]);
    expect(result.unresolvedRegistrations).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { lintFiles } from '../helpers.js';

/** Two tool modules as a bundler inlines them: each a setup function that registers its tool. */
const SETUPS = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { readFile, rm } from "node:fs/promises";
function read_notes(server) {
  server.registerTool("read-notes", { description: "d", annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: "text", text: await readFile("n", "utf8") }] }));
}
function clear_notes(server) {
  server.registerTool("clear-notes", { description: "d", annotations: { readOnlyHint: true } }, async () => { await rm("n"); return { content: [] }; });
}
`;

describe('a bundle that keeps a module namespace object', () => {
  it("rolldown's `__exportAll({ name: () => fn })`, walked with for...in: each setup function is called with the server", async () => {
    const result = await lintFiles({
      'dist/index.js': `${SETUPS}var __defProp = Object.defineProperty;
var __exportAll = (all) => { let target = {}; for (var name in all) __defProp(target, name, { get: all[name], enumerable: true }); return target; };
var tools_exports = /* @__PURE__ */ __exportAll({ read_notes: () => read_notes, clear_notes: () => clear_notes });
function setup_tools(server) {
  for (const tool in tools_exports) tools_exports[tool](server);
}
const server = new McpServer({ name: "t", version: "1" });
setup_tools(server);
`,
    });
    expect(result.tools.map((t) => t.name)).toEqual(['read-notes', 'clear-notes']);
    expect(result.unresolvedRegistrations).toEqual([]);
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.tool)).toEqual(['clear-notes']);
  });

  it("esbuild's `__export(ns, { name: () => fn })`, called by name", async () => {
    const result = await lintFiles({
      'dist/index.js': `${SETUPS}var __defProp = Object.defineProperty;
var __export = (target, all) => { for (var name in all) __defProp(target, name, { get: all[name], enumerable: true }); };
var tools_exports = {};
__export(tools_exports, { read_notes: () => read_notes, clear_notes: () => clear_notes });
const server = new McpServer({ name: "t", version: "1" });
tools_exports.read_notes(server);
`,
    });
    // clear_notes is never called: its registration names its tool itself, so it is read as written.
    expect(result.tools.map((t) => t.displayName)).toEqual(['read-notes', 'clear-notes']);
    expect(result.unresolvedRegistrations.map((u) => u.reason)).toEqual([]);
  });
});

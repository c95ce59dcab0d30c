import { describe, expect, it } from 'vitest';
import type { LintResult } from '../../src/model.js';
import { lintFiles, tool } from '../helpers.js';

/**
 * Issue 15, "unknown is not proven": a low-level server whose `tools/call` handler finds the tool's
 * entry in a registry the linter cannot read (a Map a host object fills at run time) and then
 * branches on a field of it (`switch (tool.type)`). Which branch serves which tool is unknown, so
 * an effect in one branch is possible for every tool, not proven: a warning that names the
 * branch, never an error. Shapes written for these tests after hosted-registry servers (entries
 * upserted into a Map, a lookup helper, a dispatcher taking the entry in an options object).
 */

const HEADER = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import * as fs from "node:fs";

const readNote = {
  type: "internal",
  name: "read_note",
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: async (ctx) => fs.readFileSync(ctx.args.path, "utf8"),
};
const purge = {
  type: "remote",
  name: "remote_purge",
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  serverUrl: "https://example.com/items",
};
`;

/** A host whose Map is filled from a list handed to it at run time, and a server reading it. */
function server(lookup: string, dispatch = DISPATCH): string {
  return `${HEADER}
${lookup}
async function prepare({ name, tools, args }) {
  const entry = findEntry(name, tools);
  if (!entry) return { message: "unknown tool " + name };
  return { tool: entry, toolArgs: args };
}
${dispatch}
class Host {
  constructor() { this.tools = new Map(); }
  upsert(list) { for (const t of list) this.tools.set(t.id ?? t.name, t); }
}
class App {
  constructor(host) {
    this.host = host;
    this.server = new Server({ name: "n", version: "1" }, { capabilities: { tools: {} } });
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: Array.from(this.host.tools.values()).map((t) => ({ name: t.name, annotations: t.annotations })) }));
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const prepared = await prepare({ name: request.params.name, tools: this.host.tools, args: request.params.arguments });
      if ("message" in prepared) throw new Error(prepared.message);
      return { content: [{ type: "text", text: String(await dispatch(prepared)) }] };
    });
  }
}
const host = new Host();
host.upsert([readNote, purge]);
new App(host);
`;
}

const DISPATCH = `async function dispatch({ tool, toolArgs }) {
  switch (tool.type) {
    case "internal":
      return await tool.call({ args: toolArgs });
    case "remote":
      await fetch(tool.serverUrl, { method: "DELETE" });
      return "deleted";
  }
}`;

/** The read tool's findings (rule and severity) and the confidence and basis of its DELETE. */
function readNoteVerdict(result: LintResult): { findings: string[]; request: string | undefined } {
  const request = tool(result, 'read_note').effects?.effects.find((e) => e.sink.startsWith('fetch'));
  return {
    findings: result.findings.filter((f) => f.tool === 'read_note').map((f) => `${f.ruleId} ${f.severity}`).sort(),
    request: request && `${request.confidence} ${request.basis} ${request.condition}`,
  };
}

const UNDECIDED = {
  findings: ['optimistic-closed-world warning', 'optimistic-read-only warning'],
  request: 'likely dispatch tool.type === "remote"',
};

describe('a branch on a field of a registry entry the linter cannot find', () => {
  it('is possible, not proven, for a tool looked up with `map.get(name)` in a Map filled at run time', async () => {
    const result = await lintFiles({ 'server.js': server('function findEntry(name, tools) { return tools.get(name); }') });
    expect(readNoteVerdict(result)).toEqual(UNDECIDED);
    expect(result.findings.filter((f) => f.severity === 'error')).toEqual([]);
    const warning = result.findings.find((f) => f.tool === 'read_note' && f.ruleId === 'optimistic-read-only');
    expect(warning?.message).toContain('in a branch on `tool.type`, which the linter cannot read for this tool');
  });

  it('is possible, not proven, for a tool found by a `for…of` search of the registry', async () => {
    const lookup = 'function findEntry(name, tools) { for (const t of tools.values()) { if (t.name === name) return t; } return undefined; }';
    expect(readNoteVerdict(await lintFiles({ 'server.js': server(lookup) }))).toEqual(UNDECIDED);
  });

  it('is possible, not proven, for an `if` on the entry\'s field as for a `switch`', async () => {
    const dispatch = `async function dispatch({ tool, toolArgs }) {
  if (tool.type === "remote") { await fetch(tool.serverUrl, { method: "DELETE" }); return "deleted"; }
  return await tool.call({ args: toolArgs });
}`;
    const result = await lintFiles({ 'server.js': server('function findEntry(name, tools) { return tools.get(name); }', dispatch) });
    expect(readNoteVerdict(result)).toEqual({ ...UNDECIDED, request: 'likely dispatch tool.type === "remote"' });
  });

  // A user's trial: a module Map filled from a list and also from run-time data, looked up inline in the handler.
  it('is possible, not proven, for a `const tool = tools.get(name)` on a module Map that run-time data also fills', async () => {
    const result = await lintFiles({
      'server.ts': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { readFile, writeFile } from "node:fs/promises";
type Def = { name: string; type: string; annotations: Record<string, boolean> };
const tools = new Map<string, Def>();
const DEFS: Def[] = [{ name: "get", type: "read", annotations: { readOnlyHint: true } }, { name: "put", type: "write", annotations: { readOnlyHint: false } }];
for (const d of DEFS) tools.set(d.name, d);
for (const d of JSON.parse(process.env.EXTRA ?? "[]")) tools.set(d.name, d);
const server = new Server({ name: "n", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...tools.values()].map((t) => ({ name: t.name, inputSchema: { type: "object" }, annotations: t.annotations })) }));
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const tool = tools.get(req.params.name);
  if (!tool) throw new Error("unknown");
  switch (tool.type) {
    case "read": return { content: [{ type: "text", text: await readFile("a.txt", "utf8") }] };
    case "write": await writeFile("a.txt", "y"); return { content: [] };
  }
  return { content: [] };
});
`,
    });
    const write = tool(result, 'get').effects?.effects.find((e) => e.sink.includes('writeFile'));
    expect(write && `${write.confidence} ${write.basis}`).toBe('likely dispatch');
    expect(result.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('stays certain when the registry is one the program shows: the branch is decided per tool', async () => {
    const lookup = 'const ALL = [readNote, purge];\nfunction findEntry(name) { return ALL.find((t) => t.name === name); }';
    const result = await lintFiles({ 'server.js': server(lookup) });
    // read_note takes the "internal" branch only; the DELETE is remote_purge's, certain there.
    expect(readNoteVerdict(result)).toEqual({ findings: [], request: undefined });
    const request = tool(result, 'remote_purge').effects?.effects.find((e) => e.sink.startsWith('fetch'));
    expect(request?.confidence).toBe('certain');
    expect(request?.basis).toBeUndefined();
  });

  it('stays certain on a branch of a caller\'s argument in a tool of its own (the caller chooses it)', async () => {
    const result = await lintFiles({
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "n", version: "1" });
const modes = new Map<string, { kind: string }>();
server.registerTool("sync", { inputSchema: { mode: z.string() }, annotations: { openWorldHint: false } }, async ({ mode }) => {
  const chosen = modes.get(mode);
  if (chosen?.kind === "remote") await fetch("https://example.com/sync", { method: "DELETE" });
  return { content: [] };
});
`,
    });
    const request = tool(result, 'sync').effects?.effects.find((e) => e.sink.startsWith('fetch'));
    expect(request?.confidence).toBe('certain');
    expect(result.findings.find((f) => f.ruleId === 'optimistic-closed-world')?.severity).toBe('error');
  });
});

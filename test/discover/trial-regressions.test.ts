import { describe, expect, it } from 'vitest';
import type { LintResult } from '../../src/model.js';
import { toolsTable } from '../../src/formatters/tools-table.js';
import { lintFiles, SERVER_HEADER, tool } from '../helpers.js';

/**
 * Inputs a fresh user's trial of issue #3's discovery broke; each is kept as written then
 * (trimmed), with what should have happened.
 */

const names = (r: LintResult): (string | null)[] => r.tools.map((t) => t.name).sort();

describe('tables filled after they are made', () => {
  it('reads what push() adds, for McpServer loops and low-level tools/list, and reports a table nothing fills', async () => {
    const result = await lintFiles({
      'mcp.ts': `${SERVER_HEADER}import { rmSync } from "node:fs";
const defs: any[] = [];
defs.push({ name: "pushed_mcp", annotations: { readOnlyHint: true }, run: () => rmSync("x") });
defs.forEach((d) => server.registerTool(d.name, { annotations: d.annotations }, async () => { d.run(); return { content: [] }; }));
`,
      'low.ts': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { rm } from "node:fs/promises";
const low = new Server({ name: "l", version: "1" }, { capabilities: { tools: {} } });
const TOOLS: any[] = [];
export function addTool(t: any) { TOOLS.push(t); }
addTool({ name: "pushed_rm", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } });
low.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
low.setRequestHandler(CallToolRequestSchema, async () => { await rm("x"); return { content: [] }; });
`,
      'plugins.ts': `export const registry = { items: [] as any[], all() { return this.items; } };\n`,
      'empty.ts': `${SERVER_HEADER}import { registry } from "./plugins.js";\nfor (const p of registry.all()) server.registerTool(p.name, { annotations: p.annotations }, p.handler);\n`,
    });
    expect(names(result).filter((n) => n !== null)).toEqual(['pushed_mcp', 'pushed_rm']);
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.tool).sort()).toEqual(['pushed_mcp', 'pushed_rm']);
    expect(result.unresolvedRegistrations.map((u) => u.reason)).toEqual([
      'the tool name cannot be read statically: an element of `registry.all()`, which is empty in the code, and nothing in the files linted adds to it',
    ]);
  });
});

describe('tables kept in a Map', () => {
  it('reads a Map\'s constructor entries and what set() adds, walked directly, by values() or Array.from(entries())', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { rm } from "node:fs/promises";
const registry = new Map<string, any>([["seed", { annotations: { readOnlyHint: true } }]]);
export function register(name: string, def: any) { registry.set(name, def); }
register("from_map", { annotations: { readOnlyHint: true }, run: async () => { await rm("x"); } });
for (const [name, def] of registry) server.registerTool(name, { annotations: def.annotations }, async () => { await def.run?.(); return { content: [] }; });
const byValue = new Map([["a", { name: "by_value", annotations: { readOnlyHint: false } }]]);
Array.from(byValue.values()).forEach((t) => server.registerTool(t.name, { annotations: t.annotations }, async () => ({ content: [] })));
`,
    });
    expect(names(result)).toEqual(['by_value', 'from_map', 'seed']);
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.tool)).toEqual(['from_map']);
    expect(result.unresolvedRegistrations).toEqual([]);
  });
});

describe('tools that share a place', () => {
  it('gives each tool of a nested wrapper its own call site and its own --tools verdict', async () => {
    const result = await lintFiles({
      'nest.ts': `${SERVER_HEADER}import { writeFile } from "node:fs/promises";
const ok = async () => ({ content: [] });
const bad = async () => { await writeFile("a", "b"); return { content: [] }; };
function w0(name: string, ann: any, h: any) { server.registerTool(name, { annotations: ann }, h); }
function w1(name: string, ann: any, h: any) { w0(\`x_\${name}\`, ann, h); }
w1("g", { readOnlyHint: true, openWorldHint: false }, ok);
w1("b", { readOnlyHint: true, openWorldHint: false }, bad);
`,
    });
    expect(result.tools.map((t) => `${t.name}:${t.location.line}`)).toEqual(['x_g:9', 'x_b:10']);
    const rows = toolsTable(result, { cwd: result.cwd, color: false }).split('\n');
    expect(rows.find((r) => r.startsWith('x_g'))).toMatch(/ ok$/);
    expect(rows.find((r) => r.startsWith('x_b'))).toMatch(/ 1 error$/);
  });

  it('places each low-level tool of Object.entries(...).map(...) at its own entry', async () => {
    const result = await lintFiles({
      'server.ts': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "l", version: "1" }, { capabilities: { tools: {} } });
const DEFS = {
  read_thing: { annotations: { readOnlyHint: true } },
  send_thing: { annotations: { readOnlyHint: true } },
};
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: Object.entries(DEFS).map(([name, d]) => ({ name, inputSchema: { type: "object" }, ...d })) }));
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  if (req.params.name === "send_thing") { await fetch("https://x/api/things", { method: "PUT", body: "1" }); }
  return { content: [] };
});
`,
    });
    expect(result.tools.map((t) => `${t.name}:${t.location.line}`)).toEqual(['read_thing:5', 'send_thing:6']);
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => f.tool)).toEqual(['send_thing']);
  });
});

describe('recursive and deeply nested wrappers', () => {
  it('reads a recursive wrapper\'s outer call and reports its recursion, without phantom tools or self-duplicates', async () => {
    const result = await lintFiles({
      'wrap.ts': `${SERVER_HEADER}function rec(n: number, name: string): void {
  server.registerTool(name, { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
  if (n > 0) rec(n - 1, name + "_r");
}
rec(3, "recur");
function ping(name: string): void { pong(name); }
function pong(name: string): void { server.registerTool(name, { annotations: { readOnlyHint: true } }, async () => ({ content: [] })); if (Math.random() > 2) ping(name); }
ping("mutual");
`,
    });
    expect(names(result)).toEqual(['mutual', 'recur']);
    expect(result.findings.filter((f) => f.ruleId === 'duplicate-tool-name')).toEqual([]);
    expect(result.unresolvedRegistrations.map((u) => u.reason)).toEqual([
      '`rec` calls itself; the tools its recursive calls register are not read',
      '`pong` calls itself; the tools its recursive calls register are not read',
    ]);
  });

  it('follows a chain of ten wrappers to the tool', async () => {
    const chain = Array.from({ length: 10 }, (_, i) => (i === 0 ? `function w0(n: string, a: any) { server.registerTool(n, { annotations: a }, async () => ({ content: [] })); }` : `function w${i}(n: string, a: any) { w${i - 1}(n, a); }`)).join('\n');
    const result = await lintFiles({ 'chain.ts': `${SERVER_HEADER}${chain}\nw9("deepwrap", { readOnlyHint: true });\n` });
    expect(names(result)).toEqual(['deepwrap']);
    expect(tool(result, 'deepwrap').location.line).toBe(14);
  });
});

describe('tools/list oddities', () => {
  it('lists non-objects as unresolved, a nameless object as nameless, and a tool with no tools/call handler as unverifiable', async () => {
    const result = await lintFiles({
      'weird.ts': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "w", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ["str", { description: "no name" }, { name: "only_list", annotations: { readOnlyHint: true } }] }));
`,
    });
    expect(result.tools.map((t) => t.name)).toEqual([null, 'only_list']);
    expect(result.unresolvedRegistrations.map((u) => u.reason)).toEqual([
      '`"str"` in this tools/list is not a tool object',
      'the tool name cannot be read statically: this tool object has no `name`',
    ]);
    expect(tool(result, 'only_list').unresolved.map((u) => u.reason)).toEqual(['the handler cannot be followed: this file sets no tools/call handler to link the tool to']);
  });

  it('lists a never-called wrapper once, and the spread arguments of a forwarding call once', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}export function defineTool(name: string) { server.registerTool(name, { annotations: { readOnlyHint: true } }, async () => ({ content: [] })); }
export function forward(...args: any[]) { (server.registerTool as any)(...args); }
`,
    });
    expect(result.unresolvedRegistrations.map((u) => u.reason)).toEqual([
      '`defineTool` is never called in the files linted, so the names or annotations its parameters give are unknown',
      'the tool name cannot be read statically: `...args` is computed at run time',
    ]);
    const forwarded = result.tools.find((t) => t.displayName === '<...args>')!;
    expect(new Set(forwarded.annotations!.unresolved.map((u) => u.reason)).size).toBe(forwarded.annotations!.unresolved.length);
  });
});

/** Inputs from a second trial, trimmed. */
describe('second trial', () => {
  const LOW = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { readFile, writeFile } from "node:fs/promises";
const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });
`;

  it('reads a handler taken from a Map of the tools by name as that tool\'s own, not as "no effect"', async () => {
    const result = await lintFiles({
      'server.ts': `${LOW}const tools = [{ name: "write_it", inputSchema: { type: "object" }, annotations: { readOnlyHint: true }, handler: async () => { await writeFile("f", "x"); return { content: [] }; } }];
const byName = new Map(tools.map((t) => [t.name, t]));
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema, annotations: t.annotations })) }));
server.setRequestHandler(CallToolRequestSchema, async (request) => byName.get(request.params.name)!.handler());
`,
    });
    expect(tool(result, 'write_it').inferred!.readOnly).toBe(false);
    expect(tool(result, 'write_it').effects!.effects.map((e) => e.description)).toEqual(['writes a file (overwrites it if it exists)']);
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId)).toEqual(['optimistic-read-only']);
  });

  it('reads what a function pushes onto the table passed to it, and a callback a module\'s Map is only ever given', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { writeFile } from "node:fs/promises";
const tools: any[] = [];
function addMore(list: any[]) { list.push({ name: "e_fn", annotations: { readOnlyHint: true }, handler: async () => { await writeFile("x", "z"); return { content: [] }; } }); }
addMore(tools);
for (const t of tools) server.registerTool(t.name, { annotations: t.annotations }, t.handler);
const defs = new Map<string, { ro: boolean }>([["m_read", { ro: true }]]);
defs.set("m_write", { ro: false });
defs.forEach((def, name) => server.registerTool(name, { annotations: { readOnlyHint: def.ro } }, async () => ({ content: [] })));
const ops = new Map<string, () => Promise<void>>();
ops.set("save", async () => { await writeFile("f", "x"); });
server.registerTool("via_map", { annotations: { readOnlyHint: true } }, async () => { await ops.get("save")?.(); return { content: [] }; });
`,
    });
    expect(names(result)).toEqual(['e_fn', 'm_read', 'm_write', 'via_map']);
    expect(tool(result, 'm_write').annotations!.properties.readOnlyHint!.value).toBe(false);
    // `ops` is filled with one function only (memo-pools.ts): `ops.get("save")` calls it.
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.tool)).toEqual(['e_fn', 'via_map']);
    expect(tool(result, 'via_map').inferred!.readOnly).toBe(false);
  });

  it('applies destructured-parameter defaults, guards before a registration, update({ callback }) and remove()', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { writeFile } from "node:fs/promises";
const READ_ONLY_MODE = true;
function tool({ name, readOnly = true, run }: { name: string; readOnly?: boolean; run: () => Promise<any> }) {
  server.registerTool(name, { annotations: { readOnlyHint: readOnly } }, run);
}
tool({ name: "d_write", run: async () => { await writeFile("a", "b"); return { content: [] }; } });
function maybe(name: string, opts: { write: boolean }, fn?: () => Promise<any>) {
  if (!fn) return;
  if (opts.write && READ_ONLY_MODE) return;
  server.registerTool(name, { annotations: { readOnlyHint: !opts.write } }, fn);
}
maybe("placeholder", { write: false });
maybe("save", { write: true }, async () => ({ content: [] }));
maybe("list", { write: false }, async () => ({ content: [] }));
const published = server.registerTool("publish", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
published.update({ callback: async () => { await writeFile("p", "x"); return { content: [] }; } });
const edit = server.registerTool("edit", { annotations: { readOnlyHint: false } }, async () => ({ content: [] }));
edit.remove();
server.registerTool("edit", { annotations: { readOnlyHint: false } }, async () => ({ content: [] }));
`,
    });
    expect(names(result)).toEqual(['d_write', 'edit', 'edit', 'list', 'publish']);
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => `${f.tool} ${f.ruleId}`).sort()).toEqual(['d_write optimistic-read-only', 'publish optimistic-read-only']);
  });

  it('keys of Object.keys(TABLE) and for...in, filter() and slice() evaluated per element', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}const TABLE = { k_read: { ro: true }, k_write: { ro: false } };
Object.keys(TABLE).forEach((k) => { const def = TABLE[k as keyof typeof TABLE]; server.registerTool(\`v_\${k}\`, { annotations: { readOnlyHint: def.ro } }, async () => ({ content: [] })); });
for (const key in TABLE) server.registerTool(key, { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
const LIST = [{ name: "l_read", kind: "read" }, { name: "l_write", kind: "write" }];
LIST.filter((t) => t.kind === "read").forEach((t) => server.registerTool(t.name, { annotations: { readOnlyHint: true } }, async () => ({ content: [] })));
LIST.filter((t) => t.kind === "write").forEach((t) => server.registerTool(t.name, { annotations: { readOnlyHint: false } }, async () => ({ content: [] })));
for (const t of LIST.slice(0, 0)) server.registerTool(t.name, { annotations: {} }, async () => ({ content: [] }));
`,
    });
    expect(names(result)).toEqual(['k_read', 'k_write', 'l_read', 'l_write', 'v_k_read', 'v_k_write']);
    expect(result.findings.filter((f) => f.ruleId === 'duplicate-tool-name')).toEqual([]);
    expect(result.tools.find((t) => t.name === 'v_k_write')!.annotations!.properties.readOnlyHint!.value).toBe(false);
  });

  it('reads annotations from a helper that returns per argument through a switch', async () => {
    const result = await lintFiles({
      'presets.ts': `export function hints(kind: "read" | "write") {
  switch (kind) {
    case "read": return { readOnlyHint: true, openWorldHint: false };
    case "write": return { readOnlyHint: false, destructiveHint: false, openWorldHint: false };
  }
}
`,
      'server.ts': `${SERVER_HEADER}import { unlink, writeFile } from "node:fs/promises";
import { hints } from "./presets.js";
server.registerTool("b_read", { annotations: hints("read") }, async () => { await writeFile("a", "b"); return { content: [] }; });
server.registerTool("c_write", { annotations: { ...hints("write"), idempotentHint: true } }, async () => { await unlink("a"); return { content: [] }; });
`,
    });
    expect(tool(result, 'c_write').annotations!.properties.destructiveHint!.value).toBe(false);
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => `${f.tool} ${f.ruleId}`).sort()).toEqual(['b_read optimistic-read-only', 'c_write optimistic-non-destructive']);
  });

  it('dispatches through a variadic wrapper and a normalised name', async () => {
    const result = await lintFiles({
      'server.ts': `${LOW}function withTelemetry<T extends (...a: any[]) => Promise<any>>(fn: T): T {
  return (async (...args: any[]) => { try { return await fn(...args); } finally { console.error("done"); } }) as T;
}
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [
  { name: "fs_read", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
  { name: "fs_write", inputSchema: { type: "object" }, annotations: { readOnlyHint: false } },
] }));
server.setRequestHandler(CallToolRequestSchema, withTelemetry(async (request: any) => {
  switch (request.params.name.replace("fs_", "")) {
    case "read": return { content: [{ type: "text", text: await readFile("f", "utf8") }] };
    case "write": await writeFile("f", "x"); return { content: [] };
  }
}));
`,
    });
    expect(tool(result, 'fs_read').effects!.effects.map((e) => e.sink)).toEqual(['fs/promises readFile']);
    expect(result.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('reads compiled output: a field set in the constructor, esbuild keepNames, a rest pattern that strips handlers, tools named by an enum', async () => {
    const result = await lintFiles({
      'registry.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { rm } from "node:fs/promises";
var __name = (target, value) => Object.defineProperty(target, "name", { value, configurable: true });
class Registry {
  constructor() { this.tools = []; }
  register(t) { this.tools.push(t); }
}
const registry = new Registry();
registry.register({ name: "wipe", annotations: { destructiveHint: false }, run: async () => { await rm("x"); return { content: [] }; } });
const server = new McpServer({ name: "c", version: "1" });
for (const t of registry.tools) server.registerTool(t.name, { annotations: t.annotations }, t.run);
var defineTool = __name((s, name) => { s.registerTool(name, { annotations: { readOnlyHint: true } }, async () => ({ content: [] })); }, "defineTool");
defineTool(server, "kept_name");
`,
      'low.ts': `${LOW}enum Names { Read = "read_it", Write = "write_it" }
const TOOLS = [
  { name: Names.Read, inputSchema: { type: "object" }, annotations: { readOnlyHint: true }, handler: async () => ({ content: [] }) },
  { name: Names.Write, inputSchema: { type: "object" }, annotations: { readOnlyHint: false }, handler: async () => ({ content: [] }) },
];
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS.map(({ handler, ...rest }) => rest) }));
`,
    });
    expect(names(result)).toEqual(['kept_name', 'read_it', 'wipe', 'write_it']);
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-non-destructive').map((f) => f.tool)).toEqual(['wipe']);
    expect(result.unresolvedRegistrations).toEqual([]);
    // At their table entries, not at the enum.
    expect(result.tools.filter((t) => t.location.file.endsWith('low.ts')).map((t) => t.location.line)).toEqual([7, 8]);
  });
});

describe('issue #4 real-server trial: a registry class in a file that imports the SDK', () => {
  // @cyanheads/git-mcp-server@2.15.3 (one-file bundle): `this.registerTool(server, toolDef)` is the
  // class's own method, which then calls the SDK's `server.registerTool(tool.name, ...)`.
  it('does not take `this.registerTool(...)` of a class that defines registerTool for the SDK\'s', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}class Registry {
  async registerAll(s: McpServer) { await this.registerTool(s, { name: "status", annotations: { readOnlyHint: true } }); }
  async registerTool(s: McpServer, def: { name: string; annotations: Record<string, boolean> }) { s.registerTool(def.name, { annotations: def.annotations }, async () => ({ content: [] })); }
}
void new Registry().registerAll(server);
`,
    });
    expect(result.tools.map((t) => t.displayName)).toEqual(['status']);
    // Reported at the outermost call site of the wrapper chain, as every wrapped registration is.
    expect(tool(result, 'status').location.line).toBe(8);
  });
});

describe('--tools verdict (fresh-user trial, issue #4)', () => {
  it('counts a tool\'s warnings beside its errors', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { writeFile } from "node:fs/promises";\nserver.registerTool("w", { description: "d", inputSchema: {}, annotations: { readOnlyHint: true, openWorldHint: process.env.OPEN === "1" } }, async () => { await writeFile("x", ""); return { content: [] }; });\n`,
    });
    const row = toolsTable(result, { cwd: '/', color: false }).split('\n').find((l) => l.startsWith('w '));
    expect(row).toMatch(/1 error, 1 warning$/);
  });
});

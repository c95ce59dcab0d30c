import { describe, expect, it } from 'vitest';
import type { LintResult, ToolFacts } from '../../src/model.js';
import { lintFiles, SERVER_HEADER, tool } from '../helpers.js';

/**
 * One fixture per registration shape of issue #3, written for these tests: the tools each must
 * yield (names, counts, declared values) and, where the handler is reached through dispatch, the
 * effects of that tool's branch only.
 */

const LOW_HEADER = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { readFile, rm, writeFile } from "node:fs/promises";
const server = new Server({ name: "low", version: "1.0.0" }, { capabilities: { tools: {} } });
`;

const declared = (t: ToolFacts): Record<string, unknown> | null =>
  t.annotations ? Object.fromEntries(Object.entries(t.annotations.properties).map(([k, h]) => [k, h.known ? h.value : '?'])) : null;
const sinks = (r: LintResult, name: string): string[] => tool(r, name).effects!.effects.map((e) => e.sink).sort();
const names = (r: LintResult): (string | null)[] => r.tools.map((t) => t.name).sort();

describe('low-level Server: tools/list linked to tools/call dispatch', () => {
  it('switch on request.params.name with literals, consts and enum members; each tool sees its own branch', async () => {
    const result = await lintFiles({
      'server.ts': `${LOW_HEADER}enum Tool { Wipe = "wipe" }
const READ = "read";
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: READ, description: "r", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
    { name: Tool.Wipe, description: "w", inputSchema: { type: "object" }, annotations: { readOnlyHint: false, destructiveHint: false } },
    { name: "save", description: "s", inputSchema: { type: "object" } },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case READ: return { content: [{ type: "text", text: await readFile("a", "utf8") }] };
    case Tool.Wipe: await rm("a"); return { content: [] };
    case "save":
      await writeFile("a", "x");
      return { content: [] };
    default: throw new Error("unknown tool");
  }
});
`,
    });
    expect(names(result)).toEqual(['read', 'save', 'wipe']);
    expect(result.tools.every((t) => t.registration === 'tools/list')).toBe(true);
    expect(sinks(result, 'read')).toEqual(['fs/promises readFile']);
    expect(sinks(result, 'wipe')).toEqual(['fs/promises rm']);
    expect(sinks(result, 'save')).toEqual(['fs/promises writeFile']);
    expect(declared(tool(result, 'save'))).toBeNull();
    expect(result.findings.map((f) => `${f.tool} ${f.ruleId}`).filter((f) => !f.includes('missing-annotations'))).toEqual(['wipe optimistic-non-destructive']);
  });

  it('destructured name with if-chains that return, a lookup map, and a dispatch helper in another file', async () => {
    const result = await lintFiles({
      'tools.ts': `export const TOOLS = [
  { name: "a", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
  { name: "b", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
];
export const MORE = [{ name: "c", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } }];
`,
      'dispatch.ts': `import { rm, writeFile } from "node:fs/promises";
const handlers: Record<string, (args: unknown) => Promise<unknown>> = {
  b: async () => { await writeFile("b", ""); return { content: [] }; },
  c: async () => { await rm("c"); return { content: [] }; },
};
export async function handleToolCall(name: string, args: unknown) {
  if (name === "a") {
    return { content: [] };
  }
  return handlers[name]!(args);
}
`,
      'server.ts': `${LOW_HEADER}import { TOOLS, MORE } from "./tools.js";
import { handleToolCall } from "./dispatch.js";
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...TOOLS, ...MORE] }));
server.setRequestHandler(CallToolRequestSchema, async ({ params: { name, arguments: args } }) => handleToolCall(name, args));
`,
    });
    expect(names(result)).toEqual(['a', 'b', 'c']);
    expect(tool(result, 'a').effects!.effects).toEqual([]);
    expect(sinks(result, 'b')).toEqual(['fs/promises writeFile']);
    expect(sinks(result, 'c')).toEqual(['fs/promises rm']);
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.tool).sort()).toEqual(['b', 'c']);
  });

  it('.map() over a definition table, tsc\'s compiled enum, and SDK v2 method strings on mcpServer.server', async () => {
    const result = await lintFiles({
      'server.ts': `import { McpServer } from "@modelcontextprotocol/server";
import { rm } from "node:fs/promises";
var Names;
(function (Names) {
    Names["Drop"] = "drop";
    Names["List"] = "list";
})(Names || (Names = {}));
const mcp = new McpServer({ name: "v2", version: "1.0.0" });
const DEFS = { [Names.Drop]: { ro: false }, [Names.List]: { ro: true } };
mcp.server.setRequestHandler("tools/list", async () => ({
  tools: Object.entries(DEFS).map(([name, d]) => ({ name, inputSchema: { type: "object" }, annotations: { readOnlyHint: d.ro, destructiveHint: false } })),
}));
mcp.server.setRequestHandler("tools/call", async (req) => {
  switch (req.params.name) {
    case Names.Drop: await rm("x"); return { content: [] };
    case Names.List: return { content: [] };
  }
});
`,
    });
    expect(names(result)).toEqual(['drop', 'list']);
    expect(declared(tool(result, 'list'))).toEqual({ readOnlyHint: true, destructiveHint: false });
    expect(sinks(result, 'drop')).toEqual(['fs/promises rm']);
    expect(tool(result, 'list').effects!.effects).toEqual([]);
  });

  it('sees through a higher-order wrapper around the tools/call handler, and a table chosen by a condition', async () => {
    const result = await lintFiles({
      'server.ts': `${LOW_HEADER}function withTiming(handler: (request: any) => Promise<any>) {
  return async (request: any) => { const start = Date.now(); try { return await handler(request); } finally { console.error(Date.now() - start); } };
}
const read = { name: "peek", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } };
const all = [read, { name: "drop", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } }];
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: process.env.RO ? [read] : all }));
server.setRequestHandler(CallToolRequestSchema, withTiming(async (request) => {
  if (request.params.name === "drop") { await rm("x"); }
  return { content: [] };
}));
`,
    });
    // `peek` is in both tables: one tool.
    expect(names(result)).toEqual(['drop', 'peek']);
    expect(tool(result, 'peek').effects!.effects).toEqual([]);
    expect(sinks(result, 'drop')).toEqual(['fs/promises rm']);
  });

  it('reports a tools/list whose tools it cannot read, instead of finding nothing', async () => {
    const result = await lintFiles({
      'server.ts': `${LOW_HEADER}declare function loadTools(): Promise<{ name: string }[]>;
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await loadTools() }));
`,
    });
    expect(result.tools).toEqual([]);
    expect(result.unresolvedRegistrations).toHaveLength(1);
    expect(result.unresolvedRegistrations[0]!.reason).toContain('loadTools()');
  });
});

describe('tables and loops', () => {
  it('for...of over a table in another file, Object.entries(...).forEach and TOOLS.map: one tool per element', async () => {
    const result = await lintFiles({
      'table.ts': `import { writeFile } from "node:fs/promises";
export const TABLE = [
  { name: "t1", ro: true, run: async () => "x" },
  { name: "t2", ro: true, run: async () => { await writeFile("f", ""); return "y"; } },
];
`,
      'server.ts': `${SERVER_HEADER}import { TABLE } from "./table.js";
import { rm } from "node:fs/promises";
for (const t of TABLE) {
  server.registerTool(t.name, { description: "d", annotations: { readOnlyHint: t.ro } }, async () => ({ content: [{ type: "text", text: await t.run() }] }));
}
const MAP = { e1: { idem: true }, e2: { idem: false } };
Object.entries(MAP).forEach(([name, def]) => {
  server.registerTool(name, { description: "d", annotations: { readOnlyHint: false, idempotentHint: def.idem } }, async () => { await rm(name); return { content: [] }; });
});
["m1", "m2"].map((n) => server.registerTool(n, { description: "d", annotations: { readOnlyHint: true } }, async () => ({ content: [] })));
`,
    });
    expect(names(result)).toEqual(['e1', 'e2', 'm1', 'm2', 't1', 't2']);
    expect(declared(tool(result, 'e1'))).toEqual({ readOnlyHint: false, idempotentHint: true });
    expect(declared(tool(result, 'e2'))).toEqual({ readOnlyHint: false, idempotentHint: false });
    // Each element's handler runs with that element: only t2 writes.
    expect(tool(result, 't1').effects!.effects).toEqual([]);
    expect(sinks(result, 't2')).toEqual(['fs/promises writeFile']);
    expect(tool(result, 't2').location.file.endsWith('table.ts')).toBe(true);
    expect(result.findings.filter((f) => f.ruleId.startsWith('optimistic-')).map((f) => `${f.tool} ${f.ruleId}`)).toEqual(['t2 optimistic-read-only']);
  });

  it('a loop over data only run time has gives one unverifiable tool and an unresolved registration', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}declare const plugins: { list(): { name: string; run(): Promise<string> }[] };
for (const p of plugins.list()) {
  server.registerTool(p.name, { description: "d", annotations: { readOnlyHint: false, destructiveHint: false } }, async () => ({ content: [{ type: "text", text: await p.run() }] }));
}
`,
    });
    expect(result.tools).toHaveLength(1);
    expect(result.tools[0]!.name).toBeNull();
    expect(result.unresolvedRegistrations.map((u) => u.location.line)).toEqual([5]);
    const rules = result.findings.map((f) => f.ruleId);
    expect(rules).toContain('unverifiable-annotations');
    // A plugin's code may do anything: an explicit destructiveHint: false does not hold for it.
    expect(rules).toContain('optimistic-non-destructive');
  });
});

describe('wrappers', () => {
  it('evaluates names, ?? and || defaults, conditionals and spreads with each call site\'s arguments', async () => {
    const result = await lintFiles({
      'define.ts': `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export interface Def { name: string; ro?: boolean; kind?: "safe" | "danger"; extra?: object; run(): Promise<void> }
export function defineTool(server: McpServer, cfg: Def) {
  server.registerTool(\`x_\${cfg.name}\`, {
    description: "d",
    annotations: { readOnlyHint: cfg.ro ?? false, destructiveHint: cfg.kind === "danger" ? true : false, openWorldHint: cfg.ro || false, ...cfg.extra },
  }, async () => { await cfg.run(); return { content: [] }; });
}
`,
      'server.ts': `${SERVER_HEADER}import { defineTool } from "./define.js";
import { rm } from "node:fs/promises";
defineTool(server, { name: "peek", ro: true, run: async () => {} });
defineTool(server, { name: "purge", kind: "danger", run: async () => { await rm("x"); } });
defineTool(server, { name: "tidy", extra: { idempotentHint: true }, run: async () => { await rm("y"); } });
`,
    });
    expect(names(result)).toEqual(['x_peek', 'x_purge', 'x_tidy']);
    expect(declared(tool(result, 'x_peek'))).toEqual({ readOnlyHint: true, destructiveHint: false, openWorldHint: true });
    expect(declared(tool(result, 'x_purge'))).toEqual({ readOnlyHint: false, destructiveHint: true, openWorldHint: false });
    expect(declared(tool(result, 'x_tidy'))).toEqual({ readOnlyHint: false, destructiveHint: false, openWorldHint: false, idempotentHint: true });
    // Each tool is reported at its call site, and runs its own `run`.
    expect(tool(result, 'x_purge').location.line).toBe(7);
    expect(sinks(result, 'x_tidy')).toEqual(['fs/promises rm']);
    expect(tool(result, 'x_peek').effects!.effects).toEqual([]);
    expect(result.findings.filter((f) => f.ruleId.startsWith('optimistic-')).map((f) => `${f.tool} ${f.ruleId}`)).toEqual(['x_tidy optimistic-non-destructive']);
  });

  it('follows a wrapper called by another wrapper, and reports one that is never called', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}function inner(name: string, ro: boolean) { server.registerTool(name, { description: "d", annotations: { readOnlyHint: ro } }, async () => ({ content: [] })); }
function outer(prefix: string) { inner(prefix + "_get", true); inner(prefix + "_set", false); }
outer("db");
outer("cache");
export function unused(name: string) { server.registerTool(name, { description: "d" }, async () => ({ content: [] })); }
`,
    });
    expect(names(result).filter((n) => n !== null)).toEqual(['cache_get', 'cache_set', 'db_get', 'db_set']);
    expect(declared(tool(result, 'cache_set'))).toEqual({ readOnlyHint: false });
    // One entry per registration: the nameless tool it leaves is listed once, with the wrapper's reason.
    expect(result.unresolvedRegistrations.map((u) => u.reason)).toEqual(['`unused` is never called in the files linted, so the names or annotations its parameters give are unknown']);
    expect(result.tools.filter((t) => t.name === null)).toHaveLength(1);
  });
});

describe('monkeypatched server.tool', () => {
  it('reads each call of a patched server.tool through the patch, which registers with the original', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { rm } from "node:fs/promises";
const original = server.tool.bind(server);
server.tool = ((name: string, ...rest: any[]) => (original as any)(\`acme_\${name}\`, ...rest)) as typeof server.tool;
const unusedOriginal = server.registerTool.bind(server);
server.registerTool = ((name: string, ...rest: any[]) => (unusedOriginal as any)(name, ...rest)) as typeof server.registerTool;
server.tool("list", "List.", { readOnlyHint: true }, async () => ({ content: [] }));
server.tool("purge", "Purge.", { readOnlyHint: true }, async () => { await rm("x"); return { content: [] }; });
`,
    });
    // The names clients see carry the patch's prefix; no unprefixed copies.
    expect(names(result)).toEqual(['acme_list', 'acme_purge']);
    expect(declared(tool(result, 'acme_purge'))).toEqual({ readOnlyHint: true });
    expect(tool(result, 'acme_purge').location.line).toBe(10);
    // A patch that no call reaches registers nothing, and is not a gap either.
    expect(result.unresolvedRegistrations).toEqual([]);
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.tool)).toEqual(['acme_purge']);
  });

  it('follows a subclass of McpServer that patches its own registerTool in its constructor', async () => {
    const result = await lintFiles({
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
class TrackedServer extends McpServer {
  constructor() {
    super({ name: "t", version: "1" });
    const original = this.registerTool.bind(this);
    this.registerTool = ((name: string, config: any, cb: any) => original(name, { ...config, annotations: { openWorldHint: false, ...config.annotations } }, cb)) as any;
  }
}
const server = new TrackedServer();
server.registerTool("fetch_page", { description: "d", annotations: { readOnlyHint: true } }, async () => { await fetch("https://example.com"); return { content: [] }; });
`,
    });
    expect(names(result)).toEqual(['fetch_page']);
    // The patch adds openWorldHint: false under the caller's annotations.
    expect(declared(tool(result, 'fetch_page'))).toEqual({ openWorldHint: false, readOnlyHint: true });
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId)).toEqual(['optimistic-closed-world']);
  });
});

describe('wrappers that are private methods', () => {
  it('follows a class\'s #registerTool(tool) to the tools of the table its init walks', async () => {
    const result = await lintFiles({
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const TOOLS = [
  { name: "snap", annotations: { readOnlyHint: true }, handler: async () => ({ content: [] }) },
  { name: "click", annotations: { readOnlyHint: false }, handler: async () => ({ content: [] }) },
];
export class BrowserServer {
  server = new McpServer({ name: "b", version: "1" });
  init() { for (const tool of TOOLS) this.#registerTool(tool); }
  #registerTool(tool: (typeof TOOLS)[number]) { this.server.registerTool(tool.name, { annotations: tool.annotations }, tool.handler); }
}
`,
    });
    expect(names(result)).toEqual(['click', 'snap']);
    expect(declared(tool(result, 'click'))).toEqual({ readOnlyHint: false });
    expect(result.unresolvedRegistrations).toEqual([]);
  });
});

describe('RegisteredTool.update() and registerToolTask', () => {
  it('takes the annotations of update() as the ones clients see, and reads a task tool\'s handler object', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { appendFile, writeFile } from "node:fs/promises";
const t = server.registerTool("later", { description: "d", annotations: { readOnlyHint: false } }, async () => { await writeFile("x", ""); return { content: [] }; });
t.update({ annotations: { readOnlyHint: true } });
t.disable();
server.experimental.tasks.registerToolTask("job", { description: "d", annotations: { readOnlyHint: false, idempotentHint: true } }, {
  createTask: async () => { await appendFile("jobs.log", "x"); return { task: {} }; },
  getTask: async () => ({}),
  getTaskResult: async () => ({ content: [] }),
});
`,
    });
    expect(declared(tool(result, 'later'))).toEqual({ readOnlyHint: true });
    expect(tool(result, 'later').registration).toBe('registerTool + update() + disable()');
    expect(tool(result, 'job').registration).toBe('registerToolTask');
    expect(sinks(result, 'job')).toEqual(['fs/promises appendFile']);
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => `${f.tool} ${f.ruleId}`).sort()).toEqual(['job optimistic-idempotent', 'later optimistic-read-only']);
  });
});

describe('compiled output', () => {
  it('reads tsc CommonJS output and a bundler-renamed ESM import', async () => {
    const result = await lintFiles({
      'dist/index.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const mcp_js_1 = require("@modelcontextprotocol/sdk/server/mcp.js");
const promises_1 = require("node:fs/promises");
const server = new mcp_js_1.McpServer({ name: "cjs", version: "1.0.0" });
const TOOLS = [{ name: "cjs_a", ro: true }, { name: "cjs_b", ro: false }];
for (const t of TOOLS) {
    server.registerTool(t.name, { description: "d", annotations: { readOnlyHint: t.ro } }, async () => { await (0, promises_1.writeFile)("x", ""); return { content: [] }; });
}
`,
      'dist/bundle.mjs': `import { McpServer as McpServer2 } from "@modelcontextprotocol/sdk/server/mcp.js";
var server2 = new McpServer2({ name: "b", version: "1" });
server2.registerTool("bundled", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
var READ = { readOnlyHint: true, openWorldHint: false };
server2.registerTool("assigned", { annotations: Object.assign(Object.assign({}, READ), { title: "Assigned" }) }, async () => ({ content: [] }));
`,
    });
    expect(names(result)).toEqual(['assigned', 'bundled', 'cjs_a', 'cjs_b']);
    // tsc's spread below ES2018.
    expect(declared(tool(result, 'assigned'))).toEqual({ readOnlyHint: true, openWorldHint: false, title: 'Assigned' });
    expect(declared(tool(result, 'cjs_b'))).toEqual({ readOnlyHint: false });
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.tool)).toEqual(['cjs_a']);
  });
});

describe('tool lists assembled across a compiled CommonJS package', () => {
  it('reads Object.values of a re-exporting module, a lazily filled cache and .map(c => c.tool), each table once', async () => {
    const result = await lintFiles({
      'build/charts/line.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.line = void 0;
const tool = { name: "draw_line", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } };
exports.line = { tool };
`,
      'build/charts/pie.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.pie = void 0;
exports.pie = { tool: { name: "draw_pie", inputSchema: { type: "object" } } };
`,
      'build/charts/index.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.pie = exports.line = void 0;
var line_1 = require("./line.js");
Object.defineProperty(exports, "line", { enumerable: true, get: function () { return line_1.line; } });
var pie_1 = require("./pie.js");
Object.defineProperty(exports, "pie", { enumerable: true, get: function () { return pie_1.pie; } });
`,
      'build/server.js': `"use strict";
var __awaiter = (this && this.__awaiter) || function () {};
Object.defineProperty(exports, "__esModule", { value: true });
const index_js_1 = require("@modelcontextprotocol/sdk/server/index.js");
const types_js_1 = require("@modelcontextprotocol/sdk/types.js");
const Charts = __importStar(require("./charts/index.js"));
let cache = null;
function enabledCharts() {
    if (cache) return cache;
    const all = Object.values(Charts);
    cache = process.env.DISABLED ? all.filter((c) => c.tool.name !== process.env.DISABLED) : all;
    return cache;
}
function setup(server) {
    server.setRequestHandler(types_js_1.ListToolsRequestSchema, () => __awaiter(this, void 0, void 0, function* () {
        return { tools: enabledCharts().map((chart) => chart.tool) };
    }));
}
setup(new index_js_1.Server({ name: "charts", version: "1" }, { capabilities: { tools: {} } }));
`,
    });
    expect(names(result)).toEqual(['draw_line', 'draw_pie']);
    expect(declared(tool(result, 'draw_line'))).toEqual({ readOnlyHint: true });
    expect(tool(result, 'draw_line').location.file.endsWith('line.js')).toBe(true);
    expect(result.unresolvedRegistrations).toEqual([]);
  });
});

describe('frameworks beside the SDK', () => {
  it('leaves another framework\'s .tool() calls to its adapter in a project that also imports the SDK', async () => {
    const result = await lintFiles({
      'sdk.ts': `${SERVER_HEADER}server.registerTool("sdk_tool", { description: "d", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n`,
      'lite.ts': `import { McpServer } from "mcp-lite";
const mcp = new McpServer({ name: "l", version: "1" });
mcp.tool("lite_a", { annotations: { readOnlyHint: true }, handler: async () => ({ content: [] }) })
  .tool("lite_b", { annotations: { readOnlyHint: true }, handler: async () => ({ content: [] }) });
`,
    });
    expect(names(result)).toEqual(['lite_a', 'lite_b', 'sdk_tool']);
    expect(result.tools.filter((t) => t.name?.startsWith('lite')).every((t) => t.registration.startsWith('mcp-lite'))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { LintResult, ToolFacts } from '../../src/model.js';
import { lintFiles, tool } from '../helpers.js';

/**
 * Tables of tools and tools/list results whose elements the linter reads, though they reach the
 * handler in ways a reading of the handler alone misses: a table passed to the function that sets
 * the handler, a handler wrapped in middleware, a bundler's namespace object, a tool name kept in
 * its zod schema, a handler whose returns list the same definitions twice. Each written for these
 * tests.
 */

const LOW_HEADER = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
`;

const declared = (t: ToolFacts): Record<string, unknown> | null =>
  t.annotations ? Object.fromEntries(Object.entries(t.annotations.properties).map(([k, h]) => [k, h.known ? h.value : '?'])) : null;
const names = (r: LintResult): (string | null)[] => r.tools.map((t) => t.name).sort();
const reasons = (r: LintResult): string[] => r.unresolvedRegistrations.map((u) => u.reason);
const rules = (r: LintResult): string[] => [...new Set(r.findings.map((f) => f.ruleId))].sort();

describe('a tools/list table that arrives as a parameter', () => {
  it('reads the table each call site passes to the server factory, destructured from its options', async () => {
    const result = await lintFiles({
      'server.js': `${LOW_HEADER}
export async function createServerWithTools(options) {
  const { name, tools } = options;
  const server = new Server({ name, version: "1" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map((tool) => tool.schema) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((t) => t.schema.name === request.params.name);
    return tool.handle(request.params.arguments);
  });
  return server;
}
`,
      'index.js': `import { createServerWithTools } from "./server.js";
const click = { schema: { name: "click", annotations: { readOnlyHint: false } }, handle: async () => ({ content: [] }) };
const look = { schema: { name: "look", annotations: { readOnlyHint: true } }, handle: async () => ({ content: [] }) };
const common = [look];
export function main() { return createServerWithTools({ name: "browser", tools: [click, ...common] }); }
`,
    });
    expect(names(result)).toEqual(['click', 'look']);
    expect(declared(tool(result, 'click'))).toEqual({ readOnlyHint: false });
    expect(declared(tool(result, 'look'))).toEqual({ readOnlyHint: true });
    expect(reasons(result)).toEqual([]);
  });

  it('lists a copy renamed at run time (`renamed.get(name) ?? name`) in one of its returns as the tool it copies', async () => {
    const result = await lintFiles({
      'server.js': `${LOW_HEADER}
const defaults = [{ tool: { name: "get_account", annotations: { readOnlyHint: true } } }];
function shorten(endpoints, renamed) {
  return endpoints.map((endpoint) => ({ ...endpoint, tool: { ...endpoint.tool, name: renamed.get(endpoint.tool.name) ?? endpoint.tool.name } }));
}
export function init(server, renamed) {
  server.setRequestHandler(ListToolsRequestSchema, async () => (renamed.size > 0 ? { tools: shorten(defaults, renamed).map((e) => e.tool) } : { tools: defaults.map((e) => e.tool) }));
  server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
}
`,
    });
    expect(names(result)).toEqual(['get_account']);
    expect(declared(tool(result, 'get_account'))).toEqual({ readOnlyHint: true });
    expect(reasons(result)).toEqual([]);
  });

  it('keeps the reason when no call site gives a table it can read', async () => {
    const result = await lintFiles({
      'server.js': `${LOW_HEADER}
export function setup(server, tools) {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
}
`,
    });
    expect(names(result)).toEqual([]);
    expect(reasons(result)).toEqual(['the tools this handler lists come from `tools`, which the linter cannot read (parameter tools)']);
  });
});

describe('a tools/list handler wrapped in middleware', () => {
  it('reads what a logging wrapper and a timing wrapper return: the result of the handler they wrap', async () => {
    const result = await lintFiles({
      'server.js': `${LOW_HEADER}
class LoggingMiddleware {
  wrapHandler(label, handler) {
    return async (request) => {
      console.log(label);
      try {
        const result = await handler(request);
        return result;
      } catch (e) { console.error(e); throw e; }
    };
  }
}
export function setupHandlers(server, tools) {
  const logging = new LoggingMiddleware();
  const timed = (handler) => async (...args) => { const started = Date.now(); try { return await handler(...args); } finally { console.log(Date.now() - started); } };
  server.setRequestHandler(ListToolsRequestSchema, logging.wrapHandler("list", timed(async () => ({ tools: tools }))));
  server.setRequestHandler(CallToolRequestSchema, logging.wrapHandler("call", async () => ({ content: [] })));
}
function definitions() { return [{ name: "navigate", annotations: { openWorldHint: true } }, { name: "screenshot", annotations: { readOnlyHint: true } }]; }
const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });
setupHandlers(server, definitions());
`,
    });
    expect(names(result)).toEqual(['navigate', 'screenshot']);
    expect(declared(tool(result, 'navigate'))).toEqual({ openWorldHint: true });
    expect(declared(tool(result, 'screenshot'))).toEqual({ readOnlyHint: true });
    expect(reasons(result)).toEqual([]);
  });

  it('reads a table the handler builds inside a callback it hands to a request helper and a circuit breaker', async () => {
    const result = await lintFiles({
      'server.js': `${LOW_HEADER}
class Breaker {
  async execute(fn) {
    if (this.open) throw new Error("open");
    const result = await fn();
    return result;
  }
}
const breakers = { external: new Breaker() };
async function handleRequest(method, params, handler) {
  try {
    const result = await breakers.external.execute(() => handler(params));
    return result;
  } catch (error) { throw error; }
}
const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  return await handleRequest("list", request.params, async () => {
    const listed = [{ name: "get_component", annotations: { readOnlyHint: true } }, { name: "apply_theme", annotations: { destructiveHint: true } }];
    return { tools: listed };
  });
});
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
`,
    });
    expect(names(result)).toEqual(['apply_theme', 'get_component']);
    expect(declared(tool(result, 'get_component'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'apply_theme'))).toEqual({ destructiveHint: true });
    expect(reasons(result)).toEqual([]);
  });
});

describe('tables in bundled namespaces, filtered and mapped in alternative returns', () => {
  const BUNDLE = `${LOW_HEADER}
var __defProp = Object.defineProperty;
var __export = (target, all) => { for (var name in all) __defProp(target, name, { get: all[name], enumerable: true }); };
var files_exports = {};
__export(files_exports, { toolDefinitions: () => toolDefinitions });
var toolDefinitions = [{ name: "read_file", annotations: { readOnlyHint: true } }, { name: "manage_accounts", annotations: { readOnlyHint: false } }];
var mail_exports = {};
__export(mail_exports, { toolDefinitions: () => toolDefinitions2 });
var toolDefinitions2 = [{ name: "send_mail", annotations: { openWorldHint: true } }];
var modules = [files_exports, mail_exports];
var HIDDEN = new Set(["send_mail"]);
function withAccount(def) {
  if (def.name === "manage_accounts") return def;
  return { ...def, inputSchema: { type: "object", properties: { account: { type: "string" } } } };
}
const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
`;

  it("reads each module's table through esbuild's `__export` getters, and lists each definition once across the handler's returns", async () => {
    const result = await lintFiles({
      'dist/index.js': `${BUNDLE}
server.setRequestHandler(ListToolsRequestSchema, async () => {
  const definitions = modules.flatMap((m) => m.toolDefinitions);
  if (process.env.TEAM) return { tools: definitions.filter((d) => d.name !== "manage_accounts" && !HIDDEN.has(d.name)) };
  return { tools: definitions.map(withAccount) };
});
`,
    });
    expect(names(result)).toEqual(['manage_accounts', 'read_file', 'send_mail']);
    expect(declared(tool(result, 'read_file'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'send_mail'))).toEqual({ openWorldHint: true });
    expect(rules(result)).not.toContain('duplicate-tool-name');
    expect(reasons(result)).toEqual([]);
  });

  it('drops the elements a filter is known to reject', async () => {
    const result = await lintFiles({
      'dist/index.js': `${BUNDLE}
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: files_exports.toolDefinitions.concat(mail_exports.toolDefinitions).filter((d) => d.name !== "manage_accounts" && !HIDDEN.has(d.name)) }));
`,
    });
    expect(names(result)).toEqual(['read_file']);
    expect(reasons(result)).toEqual([]);
  });
});

describe('a tool name kept in its zod schema', () => {
  it('reads `Schema.shape.name.value` of `z.object({ name: z.literal(...) })`', async () => {
    const result = await lintFiles({
      'dist/index.js': `${LOW_HEADER}import { z } from "zod";
var ClickTool = z.object({ name: z.literal("browser_click"), description: z.literal("Click"), arguments: z.object({ ref: z.string() }) });
var click = { schema: { name: ClickTool.shape.name.value, description: ClickTool.shape.description.value, annotations: { readOnlyHint: false } } };
var tools = [click];
const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map((tool) => tool.schema) }));
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
`,
    });
    expect(names(result)).toEqual(['browser_click']);
    expect(declared(tool(result, 'browser_click'))).toEqual({ readOnlyHint: false });
    expect(reasons(result)).toEqual([]);
  });
});

describe('a project method named like the SDK method it calls', () => {
  it('does not take the registration inside `registerTool(server, tool)` for a recursive call of that method', async () => {
    const registry = `export class ToolRegistry {
  constructor(toolDefs) { this.toolDefs = toolDefs; }
  async registerAll(server) {
    for (const toolDef of this.toolDefs) await this.registerTool(server, toolDef);
  }
  async registerTool(server, tool) {
    server.registerTool(tool.name, { description: tool.description, annotations: tool.annotations }, async () => ({ content: [] }));
  }
}
`;
    const made = await lintFiles({
      'registry.js': `${registry}const defs = [{ name: "a", annotations: { readOnlyHint: true } }, { name: "b", annotations: { readOnlyHint: false } }];
export function start(server) { new ToolRegistry(defs).registerAll(server); }
`,
    });
    expect(names(made)).toEqual(['a', 'b']);
    expect(declared(tool(made, 'a'))).toEqual({ readOnlyHint: true });
    expect(reasons(made)).toEqual([]);
    // Made by a container the linter does not follow: the table is what it cannot read, not a recursion.
    const injected = await lintFiles({ 'registry.js': registry });
    expect(reasons(injected)).toEqual(['the tool name cannot be read statically: an element of `this.toolDefs`, which the linter cannot read (parameter toolDefs)']);
  });
});

describe('a record of tools filled by Object.assign, listed by a server factory that takes it as an option (value or function)', () => {
  const files = {
    'package.json': '{"type":"module"}',
    'src/lib.ts': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

export type Tool = { description: string; annotations?: Record<string, unknown>; parameters: unknown; execute: (args: any) => Promise<unknown> };
export function tool<T extends Tool>(t: T): T {
  return t;
}
type Prop<T> = T | (() => Promise<T>);
export function createMcpServer(options: { name: string; tools?: Prop<Record<string, Tool>> }) {
  const server = new Server({ name: options.name, version: "1.0.0" }, { capabilities: { tools: {} } });
  async function getTools(): Promise<Record<string, Tool>> {
    if (!options.tools) throw new Error("tools not available");
    return typeof options.tools === "function" ? await options.tools() : options.tools;
  }
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const tools = await getTools();
    return {
      tools: await Promise.all(
        Object.entries(tools).map(async ([name, { description, annotations, parameters }]) => ({ name, description, annotations, inputSchema: parameters as any })),
      ),
    };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tools = await getTools();
    const toolName = request.params.name;
    if (!(toolName in tools)) throw new Error(\`unknown tool \${toolName}\`);
    const tool = tools[toolName]!;
    const result = await tool.execute(request.params.arguments);
    return { content: [{ type: "text", text: JSON.stringify(result) }] };
  });
  return server;
}
`,
    'src/note-tools.ts': `import { readFile, rm } from "node:fs/promises";
import { tool, type Tool } from "./lib.js";

/** Fixes some arguments: each path builds the definition through \`tool\`, keeping the hints. */
function bound({ description, annotations, parameters, execute, fixed }: Tool & { fixed?: Record<string, unknown> }) {
  if (!fixed) return tool({ description, annotations, parameters, execute });
  return tool({ description, annotations, parameters, execute: (args: any) => execute({ ...args, ...fixed }) });
}

export function getNoteTools({ dir }: { dir: string }) {
  return {
    read_note: bound({
      description: "Reads a note.",
      annotations: { readOnlyHint: true },
      parameters: {},
      execute: async ({ name }: { name: string }) => readFile(\`\${dir}/\${name}.md\`, "utf8"),
      fixed: { dir },
    }),
    delete_note: tool({
      description: "Deletes a note.",
      annotations: { readOnlyHint: false, destructiveHint: false },
      parameters: {},
      execute: async ({ name }: { name: string }) => rm(\`\${dir}/\${name}.md\`),
    }),
  };
}
`,
    'src/web-tools.ts': `import { tool } from "./lib.js";

export const getWebTools = () => ({
  fetch_page: tool({
    description: "Fetches a page.",
    annotations: { readOnlyHint: true, openWorldHint: false },
    parameters: {},
    execute: async ({ url }: { url: string }) => (await fetch(url)).text(),
  }),
});
`,
    'src/server.ts': `import { createMcpServer, type Tool } from "./lib.js";
import { getNoteTools } from "./note-tools.js";
import { getWebTools } from "./web-tools.js";

export function createNotesServer(options: { dir: string; web?: boolean }) {
  return createMcpServer({
    name: "notes",
    tools: async () => {
      const tools: Record<string, Tool> = {};
      Object.assign(tools, getNoteTools({ dir: options.dir }));
      if (options.web) {
        Object.assign(tools, getWebTools());
      }
      return tools;
    },
  });
}
`,
  };

  it('finds every tool any Object.assign adds, with the hints each definition declares, through a helper with two returns', async () => {
    const result = await lintFiles(files);
    expect(reasons(result)).toEqual([]);
    expect(names(result)).toEqual(['delete_note', 'fetch_page', 'read_note']);
    expect(declared(tool(result, 'delete_note'))).toEqual({ readOnlyHint: false, destructiveHint: false });
    expect(declared(tool(result, 'read_note'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'fetch_page'))).toEqual({ readOnlyHint: true, openWorldHint: false });
  });

  it('links each tool to its own execute function: only the delete tool deletes, only the fetch tool reaches the network', async () => {
    const result = await lintFiles(files);
    const errors = result.findings.filter((f) => f.severity === 'error').map((f) => `${f.tool} ${f.ruleId}`).sort();
    expect(errors).toEqual(['delete_note optimistic-non-destructive', 'fetch_page optimistic-closed-world']);
  });

  it('reports a record filled under a key known only at run time as a gap, not as no tools', async () => {
    const result = await lintFiles({ ...files, 'src/server.ts': files['src/server.ts'].replace('Object.assign(tools, getWebTools());', 'tools[String(Date.now())] = getWebTools().fetch_page;') });
    expect(names(result)).toEqual(['delete_note', 'read_note']);
    expect(reasons(result).join(' ')).toMatch(/known only at run time/);
  });
});

import { describe, expect, it } from 'vitest';
import type { LintResult, ToolFacts } from '../../src/model.js';
import { lintFiles, SERVER_HEADER, tool } from '../helpers.js';

/**
 * Tools defined as data and registered in a loop, or listed by a tools/list handler: tables built
 * through several steps (filters, spreads, reassigned variables, helpers returning tables across
 * files), each written for these tests. Every element that can be read is a tool with its own
 * annotations; each part that cannot is an unresolved registration naming why.
 */

const LOW_HEADER = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "low", version: "1.0.0" }, { capabilities: { tools: {} } });
`;

const declared = (t: ToolFacts): Record<string, unknown> | null =>
  t.annotations ? Object.fromEntries(Object.entries(t.annotations.properties).map(([k, h]) => [k, h.known ? h.value : '?'])) : null;
const names = (r: LintResult): (string | null)[] => r.tools.map((t) => t.name).sort();
const reasons = (r: LintResult): string[] => r.unresolvedRegistrations.map((u) => u.reason);

describe('tables passed through filters, maps and reassigned variables', () => {
  it('reads a definitions table through helpers in other files that filter, map and reassign it', async () => {
    const result = await lintFiles({
      'defs.ts': `export const ALL = [
  { name: "list_items", readOnlySafe: true, annotations: { readOnlyHint: true } },
  { name: "delete_item", readOnlySafe: false, annotations: { readOnlyHint: false, destructiveHint: true } },
];
`,
      'filter.ts': `import { ALL } from "./defs.js";
type Def = (typeof ALL)[number];
const HIDDEN: ReadonlySet<string> = new Set(["other"]);
function byScope(tools: readonly Def[], scopes: string[] | null): Def[] {
  if (scopes === null) return [...tools];
  if (scopes.length === 0) return [];
  return tools.filter((t) => scopes.includes(t.name));
}
function strip(tool: Def): Def | null {
  if (!tool.name.startsWith("x")) return null;
  return { ...tool, readOnlySafe: false };
}
function scoped(tools: Def[], project: string | undefined): Def[] {
  if (!project) return tools;
  return tools.filter((t) => !HIDDEN.has(t.name)).map((t) => {
    const modified = strip(t);
    return modified ?? t;
  });
}
export function filtered(scopes: string[] | null, project: string | undefined, readOnly: boolean): Def[] {
  let tools = byScope(ALL, scopes);
  tools = scoped(tools, project);
  if (readOnly) tools = tools.filter((t) => t.readOnlySafe);
  return tools;
}
export function available(scopes: string[] | null, project: string | undefined, readOnly: boolean): Def[] {
  const tools = filtered(scopes, project, readOnly);
  const notices: string[] = readOnly ? ["read only"] : [];
  if (notices.length === 0) return tools;
  return tools.map((tool) => ({ ...tool, description: notices.join("\\n") }));
}
`,
      'server.ts': `${SERVER_HEADER}import { available } from "./filter.js";
export function start(scopes: string[] | null, project: string | undefined, readOnly: boolean) {
  const composed = available(scopes, project, readOnly);
  composed.forEach((tool) => {
    server.registerTool(tool.name, { description: "d", annotations: tool.annotations }, async () => ({ content: [] }));
  });
}
`,
    });
    expect(names(result)).toEqual(['delete_item', 'list_items']);
    expect(declared(tool(result, 'list_items'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'delete_item'))).toEqual({ readOnlyHint: false, destructiveHint: true });
    expect(tool(result, 'list_items').location.file.endsWith('defs.ts')).toBe(true);
    expect(reasons(result)).toEqual([]);
  });

  it('lists a low-level table a function filters through a variable it assigns again, and strips keys by destructuring', async () => {
    const result = await lintFiles({
      'tools/a.ts': `export const A_TOOLS = [{ name: "a_read", inputSchema: { type: "object" }, annotations: { readOnlyHint: true }, _meta: { readOnly: true } }];
`,
      'tools/b.ts': `export const B_TOOLS = [{ name: "b_write", inputSchema: { type: "object" }, annotations: { readOnlyHint: false }, _meta: { readOnly: false } }];
`,
      'tools/index.ts': `import { A_TOOLS } from "./a.js";
import { B_TOOLS } from "./b.js";
export const TOOLS = [...A_TOOLS, ...B_TOOLS];
`,
      'select.ts': `type Tool = { name: string; _meta?: { readOnly?: boolean } };
function byPatterns(tools: Tool[], patterns: string[]): Tool[] {
  if (patterns.length === 1 && patterns[0] === "*") return tools;
  const picked = tools.filter((tool) => patterns.includes(tool.name));
  return picked;
}
function readOnlyOnly(tools: Tool[]): Tool[] {
  const kept = tools.filter((tool) => tool._meta?.readOnly === true);
  return kept;
}
export function select<T extends Tool>(all: T[], patterns?: string[], readOnly?: boolean): T[] {
  let chosen = all;
  if (patterns?.length) chosen = byPatterns(chosen, patterns) as T[];
  if (readOnly) chosen = readOnlyOnly(chosen) as T[];
  return chosen;
}
`,
      'server.ts': `${LOW_HEADER}import { TOOLS } from "./tools/index.js";
import { select } from "./select.js";
export function start(options?: { tools?: string[]; readOnly?: boolean }) {
  const availableTools = select(TOOLS, options?.tools, options?.readOnly);
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const sanitized = availableTools.map(({ _meta, ...rest }) => rest);
    return { tools: sanitized };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({ content: [{ type: "text", text: request.params.name }] }));
}
`,
    });
    expect(names(result)).toEqual(['a_read', 'b_write']);
    expect(declared(tool(result, 'a_read'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'b_write'))).toEqual({ readOnlyHint: false });
    expect(reasons(result)).toEqual([]);
  });

  it('reads the elements it can of a table with a part only run time has, and reports that part alone', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}declare const plugins: { list(): { name: string }[] };
const BUILT_IN = [{ name: "ping", ro: true }, { name: "wipe", ro: false }];
const tools = [...BUILT_IN, ...plugins.list()];
for (const t of tools) {
  server.registerTool(t.name, { description: "d", annotations: { readOnlyHint: t.ro } }, async () => ({ content: [] }));
}
`,
    });
    expect(names(result)).toEqual([null, 'ping', 'wipe']);
    expect(declared(tool(result, 'ping'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'wipe'))).toEqual({ readOnlyHint: false });
    expect(reasons(result)).toHaveLength(1);
    expect(reasons(result)[0]).toMatch(/^the tool name cannot be read statically: an element of `tools`, .*plugins\.list\(\)/);
  });
});

describe('one table registered through several paths', () => {
  it('counts once a tool an McpServer registers and its replacing tools/list handler lists again, and one definition two servers register through two APIs', async () => {
    const result = await lintFiles({
      'tools.ts': `export const TOOLS = [
  { name: "get_app", config: { description: "g", annotations: { readOnlyHint: true } } },
  { name: "delete_app", config: { description: "d", annotations: { destructiveHint: true } } },
];
`,
      'http.ts': `${SERVER_HEADER}import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { TOOLS } from "./tools.js";
const enabled = TOOLS.filter((tool) => tool.name !== "hidden");
enabled.forEach((tool) => server.registerTool(tool.name, tool.config, async () => ({ content: [] })));
const toDefinition = (tool: (typeof TOOLS)[number]) => ({ name: tool.name, description: tool.config.description, inputSchema: { type: "object" }, annotations: tool.config.annotations });
server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: enabled.map(toDefinition) }));
`,
      'stdio.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { TOOLS } from "./tools.js";
const stdio = new McpServer({ name: "s", version: "1.0.0" });
for (const tool of TOOLS) stdio.tool(tool.name, tool.config.description, {}, tool.config.annotations, async () => ({ content: [] }));
`,
    });
    expect(names(result)).toEqual(['delete_app', 'get_app']);
    expect(declared(tool(result, 'get_app'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'delete_app'))).toEqual({ destructiveHint: true });
    expect(result.tools.every((t) => t.duplicateOf === undefined)).toBe(true);
    expect(reasons(result)).toEqual([]);
  });
});

describe('registries of factories', () => {
  it('follows a tsconfig `paths` alias of a package linted from its repository root, and a map of factories picked by names only run time has', async () => {
    const result = await lintFiles({
      'package.json': `{ "name": "monorepo", "private": true }`,
      'app/package.json': `{ "name": "app", "type": "module" }`,
      'app/tsconfig.json': `{ "compilerOptions": { "module": "es2022", "moduleResolution": "Bundler", "baseUrl": ".", "paths": { "@/*": ["src/*"] } }, "include": ["src/**/*.ts"] }`,
      'app/src/tools/remove.ts': `import { rm } from "node:fs/promises";
const tool = () => ({ name: "remove-file", handler: async (path: string) => { await rm(path); return "gone"; } });
export default tool;
`,
      'app/src/tools/read.ts': `import { readFile } from "node:fs/promises";
export default function readTool() {
  return { name: "read-file", handler: async (path: string) => readFile(path, "utf8") };
}
`,
      'app/src/tools/index.ts': `import removeFile from "./remove";
import readFileTool from "./read";
declare function namesFromConfig(): string[];
const TOOL_MAP: Record<string, () => { name: string; handler: (p: string) => Promise<string> }> = {
  "remove-file": removeFile,
  "read-file": readFileTool,
};
export async function toolsFor(features?: string[]) {
  const picked: { name: string; handler: (p: string) => Promise<string> }[] = [];
  for (const name of namesFromConfig()) {
    if (TOOL_MAP[name]) picked.push(TOOL_MAP[name]());
  }
  return picked.filter((t) => !features || features.includes(t.name));
}
`,
      'app/src/server.ts': `${SERVER_HEADER}import { toolsFor } from "@/tools";
export async function init() {
  const all = await toolsFor();
  for (const tool of all) {
    server.registerTool(tool.name, { description: "d" }, async () => ({ content: [{ type: "text", text: await tool.handler("x") }] }));
  }
}
`,
    });
    expect(names(result)).toEqual(['read-file', 'remove-file']);
    expect(tool(result, 'remove-file').location.file.endsWith('remove.ts')).toBe(true);
    expect(tool(result, 'remove-file').effects!.effects.map((e) => e.sink)).toEqual(['fs/promises rm']);
    expect(reasons(result)).toEqual([]);
  });

  it('reads the annotations a definitions JSON file the package ships gives each tool, through zod\'s parse', async () => {
    const result = await lintFiles({
      'defs/tool-definitions.json': `{ "notes-get": { "annotations": { "readOnlyHint": true } }, "notes-clear": { "annotations": { "readOnlyHint": false, "destructiveHint": true } } }`,
      'src/definitions.ts': `import { z } from "zod";
import json from "../defs/tool-definitions.json";
const Def = z.object({ annotations: z.object({ readOnlyHint: z.boolean(), destructiveHint: z.boolean().optional() }) });
let cached: Record<string, z.infer<typeof Def>> | undefined = undefined;
function all() {
  if (!cached) cached = z.record(z.string(), Def).parse(json);
  return cached;
}
export function definitionOf(name: string) {
  const found = all()[name];
  if (!found) throw new Error(name);
  return found;
}
`,
      'src/server.ts': `${SERVER_HEADER}import { definitionOf } from "./definitions.js";
const BASES = [{ name: "notes-get" }, { name: "notes-clear" }];
const tools = BASES.map((base) => {
  const definition = definitionOf(base.name);
  return { ...base, annotations: definition.annotations };
});
for (const t of tools) server.registerTool(t.name, { description: "d", annotations: t.annotations }, async () => ({ content: [] }));
`,
    });
    expect(names(result)).toEqual(['notes-clear', 'notes-get']);
    expect(declared(tool(result, 'notes-get'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'notes-clear'))).toEqual({ readOnlyHint: false, destructiveHint: true });
  });
});

describe('tables from several handler classes', () => {
  it('reads the tools of each handler a function can pick, and annotations written after the callback, which the SDK never reads', async () => {
    const result = await lintFiles({
      'handlers.ts': `type Tool = { name: string; description: string; paramsSchema: Record<string, unknown>; cb: (a: unknown) => Promise<unknown>; annotations?: { readOnlyHint?: boolean } };
function describeSearch(repo: string): string {
  return \`Search \${repo}\`;
}
class DocsHandler {
  getTools(repo: string): Tool[] {
    return [{ name: "docs_search", description: describeSearch(repo), paramsSchema: { query: z.string() }, cb: async () => "", annotations: { readOnlyHint: true } }];
  }
}
class CodeHandler {
  getTools(repo: string): Tool[] {
    return [{ name: "code_search", description: "c", paramsSchema: { query: z.string() }, cb: async () => "" }];
  }
}
const HANDLERS: Record<string, DocsHandler | CodeHandler> = { "docs": new DocsHandler(), "code": new CodeHandler() };
function pick(key: string) {
  return HANDLERS[key] ?? new DocsHandler();
}
export function getTools(key: string): Tool[] {
  const handler = pick(key);
  const handlerTools = handler.getTools(key);
  return [...handlerTools, { name: "fetch_url", description: "f", paramsSchema: { url: z.string() }, cb: async () => "", annotations: { readOnlyHint: true } }];
}
import { z } from "zod";
`,
      'server.ts': `${SERVER_HEADER}import { getTools } from "./handlers.js";
export function init(key: string) {
  getTools(key).forEach((tool) => {
    server.tool(tool.name, tool.description, tool.paramsSchema, async (args: unknown) => ({ content: [{ type: "text" as const, text: String(await tool.cb(args)) }] }), tool.annotations ? { annotations: tool.annotations } : undefined);
  });
}
declare const request: { host: string };
init(request.host);
`,
    });
    expect(names(result)).toEqual(['code_search', 'docs_search', 'fetch_url']);
    // The SDK reads no argument after the callback: clients see no annotations.
    expect(result.tools.map(declared)).toEqual([null, null, null]);
    expect(result.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(reasons(result)).toEqual([]);
  });

  // Found by a fresh user: the union of every value a `let` is given listed `t_skip`, which the
  // filter that always runs before the loop removes, with a false error on its hints.
  it('reads a `let` replaced by an assignment that always runs before the loop as that value only, and a conditional one as either', async () => {
    const table = `let tools = [
  { name: "t_a", annotations: { readOnlyHint: true } },
  { name: "t_skip", annotations: { readOnlyHint: true } },
];
`;
    const loop = `for (const t of tools) server.registerTool(t.name, { annotations: t.annotations }, async () => ({ content: [] }));
`;
    const always = await lintFiles({ 'server.ts': `${SERVER_HEADER}${table}tools = tools.filter((t) => t.name !== "t_skip");
${loop}` });
    expect(names(always)).toEqual(['t_a']);
    expect(reasons(always)).toEqual([]);
    const maybe = await lintFiles({ 'server.ts': `${SERVER_HEADER}declare const lean: boolean;
${table}if (lean) tools = tools.filter((t) => t.name !== "t_skip");
${loop}` });
    expect(names(maybe)).toEqual(['t_a', 't_skip']);
    // A handler made after the assignment runs after it: the table it lists is the filtered one.
    const later = await lintFiles({ 'server.ts': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "low", version: "1.0.0" }, { capabilities: { tools: {} } });
${table}tools = tools.filter((t) => t.name !== "t_skip");
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
` });
    expect(names(later)).toEqual(['t_a']);
  });
});

describe('objects written after they are made', () => {
  it('reads annotations a function assigns to its copy of each definition after making it, with hints spread in by conditions', async () => {
    const result = await lintFiles({
      'server.ts': `${LOW_HEADER}const READ_ONLY = new Set(["get_issue"]);
const DESTRUCTIVE = new Set(["close_issue"]);
const TOOLS = [
  { name: "get_issue", inputSchema: { type: "object" } },
  { name: "close_issue", inputSchema: { type: "object" } },
];
server.setRequestHandler(ListToolsRequestSchema, async () => {
  const tools = TOOLS.map((tool) => {
    const modified = { ...tool };
    modified.annotations = { ...(DESTRUCTIVE.has(tool.name) ? { destructiveHint: true } : {}), ...(process.env.SAFE ? { idempotentHint: true } : { idempotentHint: false }), readOnlyHint: READ_ONLY.has(tool.name), openWorldHint: true };
    return modified;
  });
  return { tools };
});
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
`,
    });
    expect(names(result)).toEqual(['close_issue', 'get_issue']);
    // A spread whose condition is known for the tool sets its hint or not; a hint both sides of a run-time condition set is unknown.
    expect(declared(tool(result, 'get_issue'))).toEqual({ idempotentHint: '?', readOnlyHint: true, openWorldHint: true });
    expect(declared(tool(result, 'close_issue'))).toEqual({ destructiveHint: true, idempotentHint: '?', readOnlyHint: false, openWorldHint: true });
  });

  // Survey (a published GitLab server): the sets of names live in another module, and hints set
  // on one side of a run-time condition were read as absent, so the listed hints disagreed.
  it('decides membership in a set imported from another module, and reads a hint set on one side of a run-time condition as unknown', async () => {
    const result = await lintFiles({
      'registry.ts': `export const TOOLS = [
  { name: "get_issue", inputSchema: { type: "object" as const } },
  { name: "close_issue", inputSchema: { type: "object" as const } },
];
export const READ_ONLY = new Set(["get_issue"]);
export const DESTRUCTIVE = new Set(["close_issue"]);
export const GROWN = new Set<string>();
GROWN.add("get_issue");
`,
      'server.ts': `${LOW_HEADER}import { TOOLS, READ_ONLY, DESTRUCTIVE, GROWN } from "./registry.js";
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: TOOLS.map((tool) => ({
    ...tool,
    annotations: {
      ...(READ_ONLY.has(tool.name) ? { readOnlyHint: true } : {}),
      ...(DESTRUCTIVE.has(tool.name) ? { destructiveHint: true } : {}),
      ...(GROWN.has(tool.name) ? { idempotentHint: true } : {}),
      ...(process.env.CLOSED ? { openWorldHint: false } : {}),
      ...(process.env.CONFIRM ? { confirmationHint: true } : {}),
    },
  })),
}));
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
`,
    });
    expect(names(result)).toEqual(['close_issue', 'get_issue']);
    // A set the code changes later (\`GROWN.add\`) is not read as its literal: its hint is unknown.
    expect(declared(tool(result, 'get_issue'))).toEqual({ readOnlyHint: true, idempotentHint: '?', openWorldHint: '?', confirmationHint: '?' });
    expect(declared(tool(result, 'close_issue'))).toEqual({ destructiveHint: true, idempotentHint: '?', openWorldHint: '?', confirmationHint: '?' });
    const unknown = result.findings.filter((f) => f.ruleId === 'unverifiable-annotations' && f.message.includes('openWorldHint'));
    expect(unknown.map((f) => f.message)).toContain('"get_issue" cannot be verified: openWorldHint: `process.env.CLOSED` decides whether `openWorldHint` is set, and it is known only at run time');
    // A key that is no tool annotation, set only when a run-time condition holds, may never be sent: no error.
    expect(result.findings.filter((f) => f.ruleId === 'invalid-annotations')).toEqual([]);
  });
});

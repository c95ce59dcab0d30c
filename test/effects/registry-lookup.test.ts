import { describe, expect, it } from 'vitest';
import type { LintResult } from '../../src/model.js';
import { lintFiles, tool } from '../helpers.js';

/**
 * Low-level servers that keep their tools in a registry (a list of tool objects, a Map filled from
 * it) and find the one a `tools/call` request names: `TOOLS.find((t) => t.name === name)`,
 * `registry.get(name)`. Each tool's code is its own entry's handler, not every entry's, and not
 * "a function the linter cannot follow". Shapes written for these tests after the registries of
 * real low-level servers (tool objects one per file, category lists spread into one registry, a
 * Map field filled in a constructor, a dispatch helper that takes the tool in an options object).
 */

const HEADER = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import * as fs from "node:fs";
`;

const TOOLS = `
const readNote = Object.freeze({
  name: "read_note",
  annotations: { readOnlyHint: true },
  handler: async (args: any) => fs.readFileSync(args.path, "utf8"),
});
const deleteNote = {
  name: "delete_note",
  annotations: { readOnlyHint: true },
  handler: async (args: any) => fs.unlinkSync(args.path),
};
const readTools = [readNote];
const writeTools = [deleteNote];
`;

const LIST = `server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ALL.map((t) => ({ name: t.name, annotations: t.annotations, inputSchema: { type: "object" } })) }));`;

/** Each tool read as its own entry's handler: the reader reads, the deleter deletes and is caught. */
const OWN_HANDLERS = {
  read_note: 'readOnly=true reads a file@8',
  delete_note: 'readOnly=false deletes a file@13',
  errors: 'delete_note optimistic-read-only',
};

/** Per tool: its inferred readOnly and the lines of its effects; then the rules found. */
function summary(result: LintResult): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['read_note', 'delete_note']) {
    const t = tool(result, name);
    const effects = (t.effects?.effects ?? []).map((e) => `${e.description}@${e.location.line}`);
    const unresolved = (t.effects?.unresolved ?? []).map((u) => u.reason);
    out[name] = `readOnly=${t.inferred.readOnly} ${[...new Set(effects)].join(', ')}${unresolved.length ? ` unresolved: ${unresolved.join('; ')}` : ''}`;
  }
  out.errors = result.findings.filter((f) => f.severity === 'error').map((f) => `${f.tool} ${f.ruleId}`).join(', ');
  return out;
}

describe('a tool found in a registry by its name', () => {
  it('follows `list.find((t) => t.name === request.params.name)` over spread category lists to that tool alone', async () => {
    const result = await lintFiles({
      'server.ts': `${HEADER}${TOOLS}
const ALL = [...readTools, ...writeTools];
const server = new Server({ name: "notes", version: "1" }, { capabilities: { tools: {} } });
${LIST}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = ALL.find((t) => t.name === request.params.name);
  if (!tool) throw new Error("unknown tool");
  return { content: [{ type: "text", text: String(await tool.handler(request.params.arguments)) }] };
});
`,
    });
    expect(summary(result)).toEqual(OWN_HANDLERS);
  });

  it('follows `map.get(name)` on a Map made from the list, keyed by each tool\'s name', async () => {
    const result = await lintFiles({
      'server.ts': `${HEADER}${TOOLS}
const ALL = [...readTools, ...writeTools];
const BY_NAME = new Map(ALL.map((t) => [t.name, t]));
const server = new Server({ name: "notes", version: "1" }, { capabilities: { tools: {} } });
${LIST}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  const tool = BY_NAME.get(name)!;
  return { content: [{ type: "text", text: String(await tool.handler(args)) }] };
});
`,
    });
    expect(summary(result)).toEqual(OWN_HANDLERS);
  });

  it('follows a Map field filled in the constructor (`for` loop and `forEach`) through a dispatch helper that takes the tool in an options object', async () => {
    const result = await lintFiles({
      'server.ts': `${HEADER}${TOOLS}
const ALL = [...readTools, ...writeTools];
async function dispatch(params: { tool: typeof readNote; args: unknown }) {
  const { tool, args } = params;
  return tool.handler(args);
}
class Host {
  private readonly tools = new Map<string, typeof readNote>();
  readonly server = new Server({ name: "notes", version: "1" }, { capabilities: { tools: {} } });
  constructor() {
    for (const t of readTools) this.tools.set(t.name, t);
    writeTools.forEach((t) => this.tools.set(t.name, t));
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...this.tools.values()].map((t) => ({ name: t.name, annotations: t.annotations, inputSchema: { type: "object" } })) }));
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const tool = this.tools.get(request.params.name);
      if (!tool) throw new Error("unknown tool");
      return { content: [{ type: "text", text: String(await dispatch({ tool, args: request.params.arguments })) }] };
    });
  }
}
new Host();
`,
    });
    expect(summary(result)).toEqual(OWN_HANDLERS);
  });

  it('follows a list of tool class instances (`new ReadNote()` with a `name` field) to the one instance of that name', async () => {
    const result = await lintFiles({
      'server.ts': `${HEADER}
abstract class BaseTool {
  abstract name: string;
  abstract annotations: Record<string, boolean>;
  abstract execute(args: any): Promise<string>;
}
class ReadNote extends BaseTool {
  name = "read_note";
  annotations = { readOnlyHint: true };
  async execute(args: any) { return fs.readFileSync(args.path, "utf8"); }
}
class DeleteNote extends BaseTool {
  readonly name = "delete_note";
  annotations = { readOnlyHint: true };
  async execute(args: any) { fs.unlinkSync(args.path); return "ok"; }
}
const ALL: BaseTool[] = [new ReadNote(), new DeleteNote()];
const server = new Server({ name: "notes", version: "1" }, { capabilities: { tools: {} } });
${LIST}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = ALL.find((t) => t.name === request.params.name);
  if (!tool) throw new Error("unknown tool");
  return { content: [{ type: "text", text: await tool.execute(request.params.arguments) }] };
});
`,
    });
    expect(summary(result)).toEqual({
      read_note: 'readOnly=true reads a file@13',
      delete_note: 'readOnly=false deletes a file@18',
      errors: 'delete_note optimistic-read-only',
    });
  });

  it('does not guess when the Map is keyed by something other than the name, or the list may hold entries it cannot read', async () => {
    const result = await lintFiles({
      'server.ts': `${HEADER}${TOOLS}
const ALL = [...readTools, ...writeTools];
const BY_KEY = new Map<string, typeof readNote>();
for (const t of ALL) BY_KEY.set(t.name.toUpperCase(), t);
function addTool(t: typeof readNote) { OPEN.push(t); }
const OPEN = [...ALL];
addTool(JSON.parse(process.env.EXTRA_TOOL ?? "{}"));
const server = new Server({ name: "notes", version: "1" }, { capabilities: { tools: {} } });
${LIST}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const keyed = BY_KEY.get(request.params.name)!;
  const open = OPEN.find((t) => t.name === request.params.name)!;
  await keyed.handler(request.params.arguments);
  return { content: [{ type: "text", text: String(await open.handler(request.params.arguments)) }] };
});
`,
    });
    const s = summary(result);
    expect(s.read_note).toBe('readOnly=null  unresolved: calls a function taken from `keyed.handler`, which the linter cannot follow; member handler');
    expect(s.delete_note).toBe(s.read_note);
    expect(s.errors).toBe('');
  });
});

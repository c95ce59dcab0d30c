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

/**
 * The shape of a compiled low-level server whose registry another object fills at run time
 * (`host.tools`, a Map an `upsertTools` method fills), written for these tests after a real
 * server's: the tools/list handler lists a public copy of each entry (`.map((tool) =>
 * publicFields(tool))`), and the tools/call handler finds the entry through helpers (a name
 * translated by a guard-clause helper in tsc's downlevel `??`, a preparation step that returns an
 * error outcome or `{ tool, apifyClient }`, a dispatch `switch (tool.type)`), then calls its `call`.
 */
const HOSTED = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { ApifyClient } from "actor-cloud";
import * as fs from "node:fs";

const readNote = Object.freeze({
    type: "internal",
    name: "read_note",
    annotations: { readOnlyHint: true, openWorldHint: false },
    call: async (ctx) => fs.readFileSync(ctx.args.path, "utf8"),
});
const deleteNote = Object.freeze({
    type: "internal",
    name: "delete_note",
    annotations: { readOnlyHint: true, openWorldHint: false },
    call: async (ctx) => fs.unlinkSync(ctx.args.path),
});
const getDataset = Object.freeze({
    type: "internal",
    name: "get_dataset",
    annotations: { readOnlyHint: true, openWorldHint: false },
    call: async (ctx) => {
        const { args, apifyClient: client } = ctx;
        return JSON.stringify(await client.dataset(args.id).get());
    },
});
const remote = { type: "remote", name: "remote", serverUrl: "https://example.com/mcp" };

function publicFields(tool) {
    return { name: tool.name, annotations: tool.annotations, inputSchema: { type: "object" } };
}
function legacyName(name) {
    if (!name.includes("-slash-"))
        return null;
    return name.replace("-slash-", "--");
}
function resolveToolEntry(name, tools) {
    var _a;
    const newName = (_a = legacyName(name)) !== null && _a !== void 0 ? _a : name;
    return Array.from(tools.values()).find((tool) => tool.name === newName);
}
function classify(error) {
    return { message: String(error), status: "failed" };
}
function makeContext(input) {
    const { provider, token } = input;
    if (!provider) {
        const apifyClient = new ApifyClient({ token });
        return { apifyClient };
    }
    const headers = provider.headers();
    const apifyClient = Object.keys(headers).length > 0 ? new ApifyClient({ headers }) : new ApifyClient({ token });
    return { apifyClient, paid: true };
}
async function prepareToolCall(params) {
    const { name, tools, provider, token } = params;
    const toolEntry = resolveToolEntry(name, tools);
    if (!toolEntry) {
        return { message: "Tool " + name + " was not found" };
    }
    try {
        const { apifyClient } = makeContext({ provider, token });
        return { tool: toolEntry, toolArgs: params.args, apifyClient };
    }
    catch (error) {
        const outcome = classify(error);
        return { ...outcome, resolvedToolName: name };
    }
}
async function dispatchToolCall(params) {
    const { tool, toolArgs, apifyClient } = params;
    switch (tool.type) {
        case "internal":
            return await tool.call({ args: toolArgs, apifyClient });
        case "remote":
            await fetch(tool.serverUrl, { method: "DELETE" });
            return "";
    }
}
class Host {
    constructor() {
        this.tools = new Map();
    }
    upsertTools(tools) {
        for (const tool of tools)
            this.tools.set(tool.name, tool);
    }
}
class LegacyServer {
    constructor(host) {
        this.host = host;
        this.server = new Server({ name: "notes", version: "1" }, { capabilities: { tools: {} } });
        this.server.setRequestHandler(ListToolsRequestSchema, async () => {
            const tools = Array.from(this.host.tools.values()).map((tool) => publicFields(tool));
            return { tools };
        });
        this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
            const { name, arguments: args } = request.params;
            const prepared = await prepareToolCall({ name, args, tools: this.host.tools, provider: this.host.provider, token: process.env.APIFY_TOKEN });
            if ("message" in prepared)
                throw new Error(prepared.message);
            const { tool, toolArgs, apifyClient } = prepared;
            return { content: [{ type: "text", text: String(await dispatchToolCall({ tool, toolArgs, apifyClient })) }] };
        });
    }
}
const host = new Host();
host.upsertTools([readNote, deleteNote, getDataset, remote]);
new LegacyServer(host);
`;

describe('a registry filled at run time, found through helpers of the tools/call handler', () => {
  it("reads each listed tool as its registry entry's `call`, not as every branch of the dispatch", async () => {
    const result = await lintFiles({ 'server.js': HOSTED, 'package.json': '{ "type": "module", "dependencies": { "actor-cloud": "^2.0.0" } }' });
    // (The payment provider is a field of the host nothing in the program sets: said so.)
    expect(summary(result)).toEqual({
      read_note: 'readOnly=true reads a file@10 unresolved: member provider',
      delete_note: 'readOnly=false deletes a file@16 unresolved: member provider',
      errors: 'delete_note optimistic-read-only',
    });
    // The client the preparation step makes on either path (with a token, or payment headers) is the package's: its calls reach the service.
    const dataset = tool(result, 'get_dataset');
    expect(dataset.inferred).toMatchObject({ readOnly: true, openWorld: true });
    expect(dataset.effects?.effects.map((e) => e.sink)).toEqual(['actor-cloud ApifyClient.new().dataset().get']);
    // The remote entry is listed too; only it takes the DELETE branch.
    expect(tool(result, 'remote').effects?.effects.map((e) => e.description)).toEqual(['makes an HTTP request (DELETE)']);
  });

  it('does not take a Map\'s `get` for a search by name: an entry of a registry keyed otherwise is not guessed', async () => {
    const keyed = HOSTED.replace('return Array.from(tools.values()).find((tool) => tool.name === newName);', 'return tools.get(newName.toUpperCase());');
    const result = await lintFiles({ 'server.js': keyed, 'package.json': '{ "type": "module" }' });
    for (const name of ['read_note', 'delete_note']) {
      const t = tool(result, name);
      expect(t.effects?.effects.map((e) => e.description)).not.toContain(name === 'read_note' ? 'reads a file' : 'deletes a file');
      // `entry.call(...)` of an entry the linter cannot find runs code it cannot see: said so, not taken for `Function.prototype.call` and dropped.
      expect(t.effects?.unresolved.map((u) => u.expression)).toContain('tool.call({ args: toolArgs, apifyClient })');
    }
  });

  it('reads entries that are instances of tool classes (a constructor sets `this.name`, `this.type`), listed as copies', async () => {
    const result = await lintFiles({
      'package.json': '{ "type": "module" }',
      'server.js': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import * as fs from "node:fs";
class ReadNote {
  constructor() { this.type = "internal"; this.name = "read_note"; this.annotations = { readOnlyHint: true }; }
  async execute(args) { return fs.readFileSync(args.path, "utf8"); }
}
class DeleteNote {
  constructor() { this.type = "internal"; this.name = "delete_note"; this.annotations = { readOnlyHint: true }; }
  async execute(args) { fs.unlinkSync(args.path); return "ok"; }
}
function publicFields(t) { return { name: t.name, annotations: t.annotations, inputSchema: { type: "object" } }; }
class Host {
  constructor() { this.tools = new Map(); }
  upsertTools(list) { for (const t of list) this.tools.set(t.name, t); }
}
class App {
  constructor(host) {
    this.host = host;
    this.server = new Server({ name: "n", version: "1" }, { capabilities: { tools: {} } });
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: Array.from(this.host.tools.values()).map((t) => publicFields(t)) }));
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const tool = Array.from(this.host.tools.values()).find((t) => t.name === request.params.name);
      if (!tool) throw new Error("unknown");
      switch (tool.type) {
        case "internal":
          return { content: [{ type: "text", text: String(await tool.execute(request.params.arguments)) }] };
      }
      throw new Error("bad type");
    });
  }
}
const host = new Host();
host.upsertTools([new ReadNote(), new DeleteNote()]);
new App(host);
`,
    });
    expect(summary(result)).toEqual({
      read_note: 'readOnly=true reads a file@6',
      delete_note: 'readOnly=false deletes a file@10',
      errors: 'delete_note optimistic-read-only',
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { LintResult, ToolFacts } from '../../src/model.js';
import { lintFiles, tool } from '../helpers.js';

/**
 * Class-based tools: each tool is a class (name, annotations, handler as members), a base class
 * registers every instance that reaches its registering method (`this.name`, `this.annotations`).
 * Fixtures written for these tests, one per way instances reach the registration.
 */

const declared = (t: ToolFacts): Record<string, unknown> | null =>
  t.annotations ? Object.fromEntries(Object.entries(t.annotations.properties).map(([k, h]) => [k, h.known ? h.value : '?'])) : null;
const names = (r: LintResult): (string | null)[] => r.tools.map((t) => t.name).sort();
const sinks = (r: LintResult, name: string): string[] => tool(r, name).effects!.effects.map((e) => e.sink).sort();
const where = (r: LintResult, name: string): string => `${tool(r, name).location.file.replace(/^.*\//, '')}:${tool(r, name).location.line}`;

/** A server file's first lines: the SDK's server class and a server. */
const HEAD = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "t", version: "1.0.0" });
`;

/** An abstract base in its own file: `installTo(server)` registers `this.name` with `this.annotations`; `run` calls the subclass's `execute`. */
const BASE = `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export abstract class BaseTool {
  abstract readonly name: string;
  abstract readonly annotations: { readOnlyHint?: boolean; destructiveHint?: boolean };
  installTo(server: McpServer) {
    server.registerTool(this.name, { description: "d", annotations: this.annotations }, (args: unknown) => this.run(args));
  }
  async run(args: unknown) {
    return { content: [{ type: "text" as const, text: String(await this.execute(args)) }] };
  }
  protected abstract execute(args: unknown): Promise<unknown>;
}
`;

const READ_TOOL = `import { readFile } from "node:fs/promises";
import { BaseTool } from "./base.js";
export class ReadTool extends BaseTool {
  readonly name = "read_note";
  readonly annotations = { readOnlyHint: true };
  protected async execute() { return readFile("notes.txt", "utf8"); }
}
`;

const DELETE_TOOL = `import { rm } from "node:fs/promises";
import { BaseTool } from "./base.js";
export class DeleteTool extends BaseTool {
  readonly name = "delete_note";
  readonly annotations = { readOnlyHint: false, destructiveHint: true };
  protected async execute() { await rm("notes.txt"); return "ok"; }
}
`;

/** The base and two tool classes, and the imports of the tools. */
const TOOL_FILES = { 'base.ts': BASE, 'read.ts': READ_TOOL, 'delete.ts': DELETE_TOOL };
const IMPORT_TOOLS = `import { ReadTool } from "./read.js";
import { DeleteTool } from "./delete.js";
`;

describe('class-based tools: a base class registers this.name / this.annotations', () => {
  it('instances listed in an array of another file, installed in a loop: one tool per class, at its name, with its own execute', async () => {
    const result = await lintFiles({
      ...TOOL_FILES,
      'registry.ts': `${IMPORT_TOOLS}export const TOOLS = [new ReadTool(), new DeleteTool()];
export function enabledTools() { return TOOLS.filter((t) => t.name !== "x"); }
`,
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { enabledTools } from "./registry.js";
const server = new McpServer({ name: "t", version: "1.0.0" });
enabledTools().forEach((tool) => {
  tool.installTo(server);
});
`,
    });
    expect(names(result)).toEqual(['delete_note', 'read_note']);
    expect(result.unresolvedRegistrations).toEqual([]);
    expect(declared(tool(result, 'read_note'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'delete_note'))).toEqual({ readOnlyHint: false, destructiveHint: true });
    expect(where(result, 'read_note')).toBe('read.ts:4');
    expect(where(result, 'delete_note')).toBe('delete.ts:4');
    expect(sinks(result, 'read_note')).toEqual(['fs/promises readFile']);
    expect(sinks(result, 'delete_note')).toEqual(['fs/promises rm']);
  });

  it('an array of classes made with `new T(client)` through a factory, kept in a field filled by an init method', async () => {
    const result = await lintFiles({
      ...TOOL_FILES,
      'toolkit.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
${IMPORT_TOOLS}import type { BaseTool } from "./base.js";
const TOOL_CLASSES = [ReadTool, DeleteTool];
function make(ctor: new (client: string) => BaseTool, client: string, flag: boolean) {
  if (flag) return new ctor(client);
  return new ctor("default");
}
export class Toolkit {
  private server = new McpServer({ name: "t", version: "1.0.0" });
  private tools: BaseTool[] = [];
  constructor(client: string) {
    this.init(client);
  }
  private init(client: string) {
    this.tools = TOOL_CLASSES.map((T) => make(T, client, true));
    for (const tool of this.tools) tool.installTo(this.server);
  }
}
`,
    });
    expect(names(result)).toEqual(['delete_note', 'read_note']);
    expect(result.unresolvedRegistrations).toEqual([]);
    expect(declared(tool(result, 'delete_note'))).toEqual({ readOnlyHint: false, destructiveHint: true });
    expect(where(result, 'delete_note')).toBe('delete.ts:4');
  });

  it('a Map of instances walked with forEach', async () => {
    const result = await lintFiles({
      ...TOOL_FILES,
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
${IMPORT_TOOLS}import type { BaseTool } from "./base.js";
const server = new McpServer({ name: "t", version: "1.0.0" });
const registry = new Map<string, BaseTool>();
registry.set("read", new ReadTool());
registry.set("delete", new DeleteTool());
registry.forEach((tool) => tool.installTo(server));
`,
    });
    expect(names(result)).toEqual(['delete_note', 'read_note']);
    expect(declared(tool(result, 'read_note'))).toEqual({ readOnlyHint: true });
  });

  it('the definition given through super(definition) and constructor parameters; `register` called on `new X()`', async () => {
    const result = await lintFiles({
      'tool.ts': `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export interface Definition { name: string; annotations: { readOnlyHint?: boolean; destructiveHint?: boolean } }
export abstract class Tool {
  protected readonly definition: Definition;
  readonly title: string;
  constructor(definition: Definition, title: string) {
    this.definition = definition;
    this.title = title;
  }
  register(server: McpServer) {
    server.registerTool(this.definition.name, { title: this.title, annotations: this.definition.annotations }, async () => this.handle());
  }
  abstract handle(): Promise<{ content: [] }>;
}
`,
      'tools.ts': `import { writeFile } from "node:fs/promises";
import { Tool } from "./tool.js";
export class SaveTool extends Tool {
  constructor(title: string) {
    super({ name: "save", annotations: { readOnlyHint: false, destructiveHint: false } }, title);
  }
  async handle() { await writeFile("a", "b"); return { content: [] as [] }; }
}
export class PingTool extends Tool {
  constructor() {
    super({ name: "ping", annotations: { readOnlyHint: true } }, "Ping");
  }
  async handle() { return { content: [] as [] }; }
}
`,
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SaveTool, PingTool } from "./tools.js";
const server = new McpServer({ name: "t", version: "1.0.0" });
new SaveTool("Save").register(server);
new PingTool().register(server);
`,
    });
    expect(names(result)).toEqual(['ping', 'save']);
    expect(declared(tool(result, 'save'))).toEqual({ readOnlyHint: false, destructiveHint: false });
    expect(declared(tool(result, 'ping'))).toEqual({ readOnlyHint: true });
    expect(tool(result, 'save').title).toMatchObject({ known: true, value: 'Save' });
    expect(where(result, 'save')).toBe('tools.ts:5');
    expect(sinks(result, 'save')).toEqual(['fs/promises writeFile']);
  });

  it('a getter returning a literal, and a constructor that registers', async () => {
    const result = await lintFiles({
      'server.ts': `${HEAD}abstract class SelfRegistering {
  abstract get name(): string;
  constructor(server: McpServer) {
    server.registerTool(this.name, { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
  }
}
class Alpha extends SelfRegistering {
  get name() { return "alpha"; }
}
class Beta extends SelfRegistering {
  get name() { return "beta"; }
}
new Alpha(server);
new Beta(server);
`,
    });
    expect(names(result)).toEqual(['alpha', 'beta']);
  });

  it('instances only run time knows: every concrete subclass made somewhere, said so; none: one unresolved registration', async () => {
    const result = await lintFiles({
      ...TOOL_FILES,
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
${IMPORT_TOOLS}import type { BaseTool } from "./base.js";
declare function loadPlugins(): BaseTool[];
export const all = [new ReadTool(), new DeleteTool()];
const server = new McpServer({ name: "t", version: "1.0.0" });
for (const tool of loadPlugins()) tool.installTo(server);
`,
    });
    expect(names(result)).toEqual(['delete_note', 'read_note']);
    expect(tool(result, 'read_note').unresolved.map((u) => u.reason).join('\n')).toMatch(/every concrete subclass of BaseTool/);

    const none = await lintFiles({
      'base.ts': BASE,
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { BaseTool } from "./base.js";
declare function loadPlugins(): BaseTool[];
const server = new McpServer({ name: "t", version: "1.0.0" });
for (const tool of loadPlugins()) tool.installTo(server);
`,
    });
    expect(none.tools.filter((t) => t.name !== null)).toEqual([]);
    expect(none.unresolvedRegistrations).toHaveLength(1);
    expect(none.unresolvedRegistrations[0]!.reason).toMatch(/^`installTo` is called on `tool`, .*loadPlugins.*, and no class that runs it is made with `new` in the files linted/);
  });

  it("the call's context kept in a field by the shared abstract base is no effect of the tool; a field a tool sets is", async () => {
    const result = await lintFiles({
      'server.ts': `${HEAD}abstract class ApiTool {
  abstract name: string;
  protected context: { user?: string } = {};
  protected selected = "";
  async execute(input: unknown, context?: { user?: string }) {
    this.context = context || {};
    return this.run(input);
  }
  protected abstract run(input: unknown): Promise<{ content: [] }>;
}
class ListTool extends ApiTool {
  name = "list";
  protected async run() { return { content: [] as [] }; }
}
class SelectTool extends ApiTool {
  name = "select";
  protected async run(input: unknown) { this.selected = String(input); return { content: [] as [] }; }
  current() { return this.selected; }
}
for (const tool of [new ListTool(), new SelectTool()]) {
  server.registerTool(tool.name, { annotations: { readOnlyHint: true } }, async (args: unknown) => tool.execute(args));
}
`,
    });
    expect(names(result)).toEqual(['list', 'select']);
    expect(sinks(result, 'list')).toEqual([]);
    expect(sinks(result, 'select')).toEqual(['server state this.selected']);
  });

  it("a package's client reached through a getter choosing between a factory and a client (`typeof p === 'function' ? p() : p`) is that package's call, not nothing", async () => {
    const result = await lintFiles({
      'server.ts': `${HEAD}import { ApiClient } from "some-api";
abstract class ApiTool {
  abstract name: string;
  private readonly provider: ApiClient | (() => ApiClient);
  constructor(api: ApiClient | (() => ApiClient)) { this.provider = api; }
  protected get api(): ApiClient { return typeof this.provider === "function" ? this.provider() : this.provider; }
  protected abstract run(): Promise<{ content: [] }>;
}
class DeleteTool extends ApiTool {
  name = "delete";
  protected async run() { await this.api.request("mutation { delete }"); return { content: [] as [] }; }
}
for (const tool of [new DeleteTool(new ApiClient({ token: "x" }))]) {
  server.registerTool(tool.name, { annotations: { readOnlyHint: true } }, async () => (tool as any).run());
}
`,
    });
    // The package's client is reached; the GraphQL mutation it is given says what the call does (issue 15), as a likely write.
    const t = tool(result, 'delete').effects!;
    expect(t.effects.map((e) => `${e.sink} ${e.access} ${e.confidence}: ${e.description}`)).toEqual(['some-api ApiClient.new().request write likely: sends a request through `this.api.request` (via a client of the package `some-api`, which reaches its service): a GraphQL mutation (`delete`: deletes data)']);
    expect(t.unresolved).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { LintResult, ToolFacts } from '../../src/model.js';
import { lintFiles } from '../helpers.js';

/**
 * Containers filled through calls: a Map field of one class, filled by a method (`upsert`) its
 * callers hand what a loader returns after walking a registry of frozen tool objects grouped in
 * category arrays, listed by the tools/list handler of another class that holds the first one
 * as a field. Written for these tests.
 */

const declared = (t: ToolFacts): Record<string, unknown> | null =>
  t.annotations ? Object.fromEntries(Object.entries(t.annotations.properties).map(([k, h]) => [k, h.known ? h.value : '?'])) : null;
const names = (r: LintResult): (string | null)[] => r.tools.map((t) => t.name).sort();
const reasons = (r: LintResult): string[] => r.unresolvedRegistrations.map((u) => u.reason);

const TOOL_FILES = {
  'tools/list_notes.ts': `export const listNotes = Object.freeze({
  name: "list-notes",
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: async () => ({ content: [] }),
});
`,
  'tools/delete_note.ts': `import { unlink } from "node:fs/promises";
export const deleteNote = Object.freeze({
  name: "delete-note",
  annotations: { readOnlyHint: false, destructiveHint: true },
  call: async (args: { id: string }) => { await unlink(args.id); return { content: [] }; },
});
`,
  'tools/get_note.ts': `export const getNote = Object.freeze({
  name: "get-note",
  annotations: { readOnlyHint: true },
  call: async () => ({ content: [] }),
});
`,
  'tools/registry.ts': `import { listNotes } from "./list_notes.js";
import { deleteNote } from "./delete_note.js";
import { getNote } from "./get_note.js";
export const categories = {
  read: [listNotes, getNote],
  write: [deleteNote],
};
export const CATEGORY_NAMES = Object.keys(categories) as (keyof typeof categories)[];
`,
  'loader.ts': `import { categories, CATEGORY_NAMES } from "./tools/registry.js";
export function loadTools(selected: string[] | undefined) {
  const result: { name: string }[] = [];
  for (const name of CATEGORY_NAMES) {
    if (selected && !selected.includes(name)) continue;
    result.push(...categories[name]);
  }
  return result;
}
`,
};

/** The start of the host class: its Map field `tools`, and the adapter it makes with itself. */
const HOST_START = `export class Host {
  tools: Map<string, Tool>;
  adapter: Adapter;
  constructor() {
    this.tools = new Map();
    this.adapter = new Adapter(this);
  }
`;

/** A class whose tools/list handler lists the Map field `tools` of the host it is given. */
const ADAPTER = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Host } from "./host.js";
export class Adapter {
  server = new Server({ name: "notes", version: "1.0.0" }, { capabilities: { tools: {} } });
  host: Host;
  constructor(host: Host) {
    this.host = host;
    this.server.setRequestHandler(ListToolsRequestSchema, async () => {
      const tools = Array.from(this.host.tools.values()).map((t) => ({ name: t.name, annotations: t.annotations }));
      return { tools };
    });
  }
}
`;

describe('a Map field filled through calls, listed by another class', () => {
  it('reads the frozen tool objects a loader returns, upserted into a Map field of the host, listed through this.host.tools', async () => {
    const result = await lintFiles({
      ...TOOL_FILES,
      'host.ts': `import { loadTools } from "./loader.js";
import { Adapter } from "./adapter.js";
type Tool = { name: string; annotations?: object };
${HOST_START}  load(selected: string[] | undefined) {
    this.upsertTools(loadTools(selected));
  }
  upsertTools(tools: Tool[]) {
    for (const tool of tools) this.tools.set(tool.name, tool);
  }
}
`,
      'main.ts': `import { Host } from "./host.js";
const host = new Host();
host.load(process.env.CATEGORIES?.split(","));
`,
      'adapter.ts': ADAPTER,
    });
    expect(names(result)).toEqual(['delete-note', 'get-note', 'list-notes']);
    expect(declared(result.tools.find((t) => t.name === 'list-notes')!)).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(declared(result.tools.find((t) => t.name === 'delete-note')!)).toEqual({ readOnlyHint: false, destructiveHint: true });
    expect(reasons(result)).toEqual([]);
  });

  it('reads categories picked by selectors only run time has, a tool a loader splices in, and names as gaps the tools fetched at run time and those it adds from its own result', async () => {
    const result = await lintFiles({
      ...TOOL_FILES,
      'tools/widget.ts': `export const noteWidget = Object.freeze({
  name: "note-widget",
  annotations: { readOnlyHint: true },
  call: async () => ({ content: [] }),
});
export const WIDGET_OF = new Map([["list-notes", noteWidget]]);
`,
      'compose.ts': `import { categories, CATEGORY_NAMES } from "./tools/registry.js";
import { getNote } from "./tools/get_note.js";
import { WIDGET_OF } from "./tools/widget.js";
type Tool = { name: string };
function freshCategories(): Record<string, Tool[]> {
  return Object.fromEntries(CATEGORY_NAMES.map((name) => [name, [...categories[name]]]));
}
export function compose(selectors: string[] | undefined, fetched: Tool[], apps: boolean): Tool[] {
  const byCategory = freshCategories();
  const result: Tool[] = [];
  if (selectors) {
    for (const sel of selectors) {
      const picked = byCategory[sel];
      if (picked) result.push(...picked);
    }
  } else {
    result.push(...byCategory["read"]);
  }
  result.push(...fetched);
  const at = result.findIndex((t) => t.name === "list-notes");
  if (at >= 0) result.splice(at + 1, 0, getNote);
  if (apps) {
    for (const t of [...result]) {
      const widget = WIDGET_OF.get(t.name);
      if (widget) result.push(widget);
    }
  }
  return result;
}
export function namesOnly(): string[] {
  return compose(undefined, [{ name: "placeholder" }], false).map((t) => t.name);
}
`,
      'host.ts': `import { compose } from "./compose.js";
import { Adapter } from "./adapter.js";
type Tool = { name: string; annotations?: object };
declare function fetchRemoteTools(url: string): Promise<Tool[]>;
declare const payments: { decorate(t: Tool): Tool } | undefined;
${HOST_START}  async load(selectors: string[] | undefined, url: string) {
    const fetched = await fetchRemoteTools(url);
    this.upsertTools(fetched);
    this.upsertTools(compose(selectors, fetched, process.env.APPS === "1"));
  }
  upsertTools(tools: Tool[]) {
    for (const tool of tools) {
      const stored = this.toStored(tool);
      this.tools.set(stored.name, stored);
    }
  }
  toStored(tool: Tool): Tool {
    return payments ? payments.decorate(tool) : tool;
  }
}
`,
      'main.ts': `import { Host } from "./host.js";
const host = new Host();
await host.load(process.env.SELECTORS?.split(","), process.argv[2]!);
`,
      'adapter.ts': ADAPTER,
    });
    // "placeholder" is composed only for namesOnly(), whose result never reaches the Map.
    expect(names(result)).toEqual(['delete-note', 'get-note', 'list-notes']);
    expect(declared(result.tools.find((t) => t.name === 'delete-note')!)).toEqual({ readOnlyHint: false, destructiveHint: true });
    expect(reasons(result)).toEqual([
      'some of the tools this handler lists come from `tools`, filled by `this.tools.set(stored.name, stored)` with an element of `tools`, which is known only at run time',
      'some of the tools this handler lists come from `tools`, filled by `this.tools.set(stored.name, stored)` with an element of `tools`, filled by `result.push(widget)` with an element of `[...result]`, which adds to itself from its own elements; what those additions are is not read',
    ]);
  });

  it('follows an untyped host field of compiled JavaScript classes to the class whose instance the constructor is given', async () => {
    const result = await lintFiles({
      'package.json': '{ "name": "notes", "type": "module" }',
      'tools/list_notes.js': `export const listNotes = Object.freeze({ name: "list-notes", annotations: { readOnlyHint: true } });
`,
      'tools/registry.js': `import { listNotes } from "./list_notes.js";
export const categories = { read: [listNotes] };
export const NAMES = Object.keys(categories);
`,
      'host.js': `import { categories, NAMES } from "./tools/registry.js";
import { Adapter } from "./adapter.js";
export class Host {
  constructor() {
    Object.defineProperty(this, "tools", { enumerable: true, configurable: true, writable: true, value: void 0 });
    this.tools = new Map();
    this.adapter = new Adapter(this);
  }
  loadAll() {
    for (const name of NAMES) this.upsert(categories[name]);
  }
  upsert(tools) {
    for (const tool of tools) this.tools.set(tool.name, tool);
  }
}
const host = new Host();
host.loadAll();
`,
      'adapter.js': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
export class Adapter {
  constructor(host) {
    this.host = host;
    this.server = new Server({ name: "notes", version: "1.0.0" }, { capabilities: { tools: {} } });
    this.server.setRequestHandler(ListToolsRequestSchema, async () => {
      const tools = Array.from(this.host.tools.values());
      return { tools };
    });
  }
}
`,
    });
    expect(names(result)).toEqual(['list-notes']);
    expect(declared(result.tools[0]!)).toEqual({ readOnlyHint: true });
    expect(reasons(result)).toEqual([]);
  });

  // Survey (a published toolkit, compiled): `this.toolInstances = []` in the constructor, then a
  // method assigns what a builder returns; the field was read as its start value only.
  it('reads a JavaScript field the constructor starts empty and a method fills with instances of tool classes', async () => {
    // A minifier's form of the builder: an inline factory that picks the constructor's arguments by class.
    const minified = '(t) => ((C, a) => C.prototype instanceof BaseTool ? new C(a) : new C)(t, api)';
    for (const builder of ['(T) => new T(api)', minified]) {
      const result = await lintFiles({
        'package.json': '{ "name": "kit", "type": "module" }',
        'kit.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
class BaseTool { constructor(api) { this.api = api; } }
const ALL = [
  class extends BaseTool { constructor() { super(...arguments), this.name = "list_items", this.annotations = { readOnlyHint: true }; } },
  class extends BaseTool { constructor() { super(...arguments); this.name = "delete_item"; this.annotations = { readOnlyHint: false, destructiveHint: true }; } },
];
const build = (api, config) => ALL.map(${builder}).filter((t) => !config?.exclude?.includes(t.name));
export class Toolkit extends McpServer {
  constructor(config) {
    super({ name: "kit", version: "1.0.0" });
    this.toolInstances = [];
    this.registerTools(config);
  }
  registerTools(config) {
    this.toolInstances = this.initializeTools(config);
    this.toolInstances.forEach((t) => this.registerSingleTool(t));
  }
  initializeTools(config) { return build({}, config); }
  registerSingleTool(t) {
    this.registerTool(t.name, { annotations: t.annotations }, async () => ({ content: [] }));
  }
}
`,
      });
      expect(names(result)).toEqual(['delete_item', 'list_items']);
      expect(declared(result.tools.find((t) => t.name === 'delete_item')!)).toEqual({ readOnlyHint: false, destructiveHint: true });
      expect(reasons(result)).toEqual([]);
    }
  });
});

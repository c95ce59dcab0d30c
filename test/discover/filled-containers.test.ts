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

describe('a Map field filled through calls, listed by another class', () => {
  it('reads the frozen tool objects a loader returns, upserted into a Map field of the host, listed through this.host.tools', async () => {
    const result = await lintFiles({
      ...TOOL_FILES,
      'host.ts': `import { loadTools } from "./loader.js";
import { Adapter } from "./adapter.js";
type Tool = { name: string; annotations?: object };
export class Host {
  tools: Map<string, Tool>;
  adapter: Adapter;
  constructor() {
    this.tools = new Map();
    this.adapter = new Adapter(this);
  }
  load(selected: string[] | undefined) {
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
      'adapter.ts': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
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
`,
    });
    expect(names(result)).toEqual(['delete-note', 'get-note', 'list-notes']);
    expect(declared(result.tools.find((t) => t.name === 'list-notes')!)).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(declared(result.tools.find((t) => t.name === 'delete-note')!)).toEqual({ readOnlyHint: false, destructiveHint: true });
    expect(reasons(result)).toEqual([]);
  });
});

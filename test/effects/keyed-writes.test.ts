import { describe, expect, it } from 'vitest';
import { lintFiles, tool } from '../helpers.js';

/**
 * A handler map filled by code instead of written as a literal (issue 15): the low-level server
 * looks a tool's handler up in `HANDLERS[name]`, and `HANDLERS` is an empty object a loop fills
 * with a wrapper around each handler of another table (analytics, error handling). Shaped like a
 * real server whose 17 tools were all reported read-only with no effects at all: the lookup read
 * the empty literal, found no key and called "undefined".
 */

const TABLE = `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { writeFile, readFile } from "node:fs/promises";

type Handler = (request: { parameters: Record<string, unknown> }) => Promise<{ content: unknown[] }>;

const TOOLS = [
  { name: "save_note", description: "d", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
  { name: "read_note", description: "d", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
];

const NOTE_HANDLERS: Record<string, Handler> = {
  save_note: async (request) => {
    await writeFile("/tmp/note.txt", String(request.parameters.text));
    return { content: [] };
  },
  read_note: async () => ({ content: [{ type: "text", text: await readFile("/tmp/note.txt", "utf8") }] }),
};
const allHandlers = { ...NOTE_HANDLERS };
`;

const SERVER = `
const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const name = request.params.name;
  if (!HANDLERS[name]) throw new Error("unknown tool");
  return HANDLERS[name]({ parameters: request.params.arguments ?? {} });
});
`;

async function lintWith(fill: string) {
  return lintFiles({ 'server.ts': `${TABLE}${fill}${SERVER}` }, ['server.ts']);
}

describe('objects filled by keyed writes', () => {
  it('follows a wrapper written for each entry of a table in a loop over Object.entries', async () => {
    const result = await lintWith(`
const wrap = (): Record<string, Handler> => {
  const wrapped: Record<string, Handler> = {};
  for (const [name, handler] of Object.entries(allHandlers)) {
    wrapped[name] = async (request) => {
      const result = await handler(request);
      return result;
    };
  }
  return wrapped;
};
const HANDLERS = wrap();
`);
    expect(tool(result, 'save_note').inferred.readOnly).toBe(false);
    expect(tool(result, 'save_note').effects?.effects.map((e) => e.description)).toEqual(['writes a file (overwrites it if it exists)']);
    expect(tool(result, 'read_note').inferred.readOnly).toBe(true);
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => [f.tool, f.severity])).toEqual([['save_note', 'error']]);
  });

  it('follows a loop over Object.keys and a for-in, binding the key', async () => {
    for (const loop of ['for (const name of Object.keys(allHandlers))', 'for (const name in allHandlers)']) {
      const result = await lintWith(`
const HANDLERS: Record<string, Handler> = {};
${loop} {
  HANDLERS[name] = (request) => allHandlers[name as keyof typeof allHandlers](request);
}
`);
      expect(tool(result, 'save_note').inferred.readOnly, loop).toBe(false);
      expect(tool(result, 'read_note').inferred.readOnly, loop).toBe(true);
    }
  });

  it('reads a key written by name (HANDLERS.save_note = ...)', async () => {
    const result = await lintWith(`
const HANDLERS: Record<string, Handler> = {};
HANDLERS.save_note = NOTE_HANDLERS.save_note;
HANDLERS["read_note"] = NOTE_HANDLERS.read_note;
`);
    expect(tool(result, 'save_note').inferred.readOnly).toBe(false);
    expect(tool(result, 'read_note').inferred.readOnly).toBe(true);
  });

  it('leaves a key written under a name known only at run time open, never clean', async () => {
    const result = await lintWith(`
const HANDLERS: Record<string, Handler> = {};
export function register(name: string, handler: Handler) { HANDLERS[name] = handler; }
`);
    for (const name of ['save_note', 'read_note']) {
      expect(tool(result, name).inferred.readOnly, name).toBeNull();
      expect(result.findings.some((f) => f.tool === name && f.ruleId === 'optimistic-read-only' && f.severity === 'error'), name).toBe(false);
    }
  });

  it('reads a map filled by Object.assign from its sources', async () => {
    const result = await lintWith(`const HANDLERS: Record<string, Handler> = {};\nObject.assign(HANDLERS, { read_note: NOTE_HANDLERS.read_note }, NOTE_HANDLERS);\n`);
    expect(tool(result, 'save_note').inferred.readOnly).toBe(false);
    expect(tool(result, 'read_note').inferred.readOnly).toBe(true);
  });

  it('never reads a tool clean when the handler it calls is read as undefined', async () => {
    // No guard that throws first: the call of the missing key is reached and reported.
    const source = `${TABLE}const HANDLERS: Record<string, Handler> = {};\nexport function fill(target: Record<string, Handler>) { Object.assign(target, NOTE_HANDLERS); }\nfill(HANDLERS);\n${SERVER.replace('  if (!HANDLERS[name]) throw new Error("unknown tool");\n', '')}`;
    const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
    for (const name of ['save_note', 'read_note']) {
      const t = tool(result, name);
      expect(t.inferred.readOnly, name).toBeNull();
      expect(t.effects?.unresolved.map((u) => u.reason), name).toEqual(['calls `HANDLERS[name]`, which the linter reads as undefined: how it is filled is beyond what it follows']);
    }
  });

  it('keeps a literal nothing writes into: a missing key is absent', async () => {
    const result = await lintWith(`const HANDLERS: Record<string, Handler> = { ...NOTE_HANDLERS };\n`);
    expect(tool(result, 'save_note').inferred.readOnly).toBe(false);
    expect(tool(result, 'read_note').inferred.readOnly).toBe(true);
  });
  it('reads the key in the value of its own write as an earlier write left it (`h.k = wrap(h.k)`)', async () => {
    // Before, the read inside the write's value picked that same write again, down to the depth limit: the
    // handler was unknown, and a chain of such writes (`task.subtasks = task.subtasks.map(...)`) took seconds.
    const result = await lintWith(`
const logged = (handler: Handler): Handler => async (request) => handler(request);
const HANDLERS: Record<string, Handler> = {};
HANDLERS.save_note = allHandlers.save_note;
HANDLERS.save_note = logged(HANDLERS.save_note);
HANDLERS.save_note = logged(HANDLERS.save_note);
HANDLERS.read_note = logged(allHandlers.read_note);
`);
    expect(tool(result, 'save_note').effects?.effects.map((e) => e.description)).toEqual(['writes a file (overwrites it if it exists)']);
    expect(tool(result, 'save_note').effects?.unresolved).toEqual([]);
    expect(tool(result, 'read_note').inferred.readOnly).toBe(true);
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => [f.tool, f.severity])).toEqual([['save_note', 'error']]);
  });
});

import { describe, expect, it } from 'vitest';
import { lintFiles, tool } from '../helpers.js';

/**
 * Framework registrations on a receiver the file does not type: plain JavaScript tool modules
 * that never import the framework, each exporting `registerXTool(server)`; the server is made
 * with `new FastMCP(...)` in another file and passed in, often through a registry of register
 * functions looked up by name.
 */
const PACKAGE = `{ "name": "t", "type": "module" }`;

const READ_TOOL = `export function registerReadNotesTool(server) {
  server.addTool({
    name: "read_notes",
    annotations: { readOnlyHint: true },
    execute: async () => "notes",
  });
}
`;

const DROP_TOOL = `export function registerDropNotesTool(server) {
  server.addTool({
    name: "drop_notes",
    annotations: { destructiveHint: true },
    execute: async () => "dropped",
  });
}
`;

const REGISTRY = `import { registerReadNotesTool } from "./read-notes.js";
import { registerDropNotesTool } from "./drop-notes.js";
export const toolRegistry = {
  read_notes: registerReadNotesTool,
  drop_notes: registerDropNotesTool,
};
export function getToolRegistration(name) {
  return toolRegistry[name] || null;
}
`;

const SERVER = `import { FastMCP } from "fastmcp";
import { registerAll } from "./tools/index.js";
const server = new FastMCP({ name: "notes", version: "1.0.0" });
registerAll(server, process.env.TOOLS);
server.start();
`;

/** The server, two tool modules and their registry, with `index` as src/tools/index.js (which defines `registerAll`). */
function withRegistry(index: string) {
  return lintFiles({
    'package.json': PACKAGE,
    'src/server.js': SERVER,
    'src/tools/read-notes.js': READ_TOOL,
    'src/tools/drop-notes.js': DROP_TOOL,
    'src/tools/registry.js': REGISTRY,
    'src/tools/index.js': index,
  });
}

describe('a framework registration on a parameter receiver, in a file that does not import the framework', () => {
  it('is the framework\'s when its register function, looked up in a registry by a name only run time knows, is called with a server from the framework', async () => {
    const result = await withRegistry(`import { getToolRegistration } from "./registry.js";
export function registerAll(server, list) {
  for (const toolName of (list || "").split(",")) {
    const registerFunction = getToolRegistration(toolName);
    if (registerFunction) registerFunction(server);
  }
}
`);
    expect(result.tools.map((t) => [t.name, t.registration, t.annotations?.properties.readOnlyHint?.value ?? null, t.annotations?.properties.destructiveHint?.value ?? null])).toEqual([
      ['drop_notes', 'fastmcp addTool', null, true],
      ['read_notes', 'fastmcp addTool', true, null],
    ]);
    // Followed to `new FastMCP(...)`: nothing assumed.
    expect(result.tools.map((t) => t.unresolved)).toEqual([[], []]);
    expect(result.unresolvedRegistrations).toEqual([]);
  });

  it('is the framework\'s when the registry is walked (`Object.values(registry).forEach(fn => fn(server))`)', async () => {
    const result = await withRegistry(`import { toolRegistry } from "./registry.js";
export function registerAll(server) {
  Object.values(toolRegistry).forEach((register) => register(server));
}
`);
    expect(result.tools.map((t) => `${t.name} ${t.unresolved.length}`)).toEqual(['drop_notes 0', 'read_notes 0']);
  });

  it('binds the arguments of the call of a register function picked by a conditional to each function it may be', async () => {
    const result = await lintFiles({
      'package.json': PACKAGE,
      'src/server.js': `import { FastMCP } from "fastmcp";
import { registerReader, registerWriter } from "./tools.js";
const server = new FastMCP({ name: "notes", version: "1.0.0" });
const register = process.env.READ_ONLY ? registerReader : registerWriter;
register(server, "notes");
`,
      'src/tools.js': `export function registerReader(server, prefix) {
  server.addTool({ name: prefix + "_read", annotations: { readOnlyHint: true }, execute: async () => "r" });
}
export function registerWriter(server, prefix) {
  server.addTool({ name: prefix + "_write", annotations: { readOnlyHint: false }, execute: async () => "w" });
}
`,
    });
    expect(result.tools.map((t) => `${t.name} ${t.annotations?.properties.readOnlyHint?.value}`)).toEqual(['notes_read true', 'notes_write false']);
    expect(result.unresolvedRegistrations).toEqual([]);
  });

  it('is assumed to be the framework\'s, with a warning, when its function is never called and the project imports the framework', async () => {
    const result = await lintFiles({
      'package.json': PACKAGE,
      'src/server.js': `import { FastMCP } from "fastmcp";\nexport const server = new FastMCP({ name: "notes", version: "1.0.0" });\n`,
      'src/tools/read-notes.js': READ_TOOL,
    });
    const read = tool(result, 'read_notes');
    expect(read.unresolved.map((u) => u.reason)).toEqual(['`server` is taken to be a fastmcp server: the linter cannot follow it to one, and the project imports fastmcp']);
    expect(result.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(result.findings.map((f) => f.ruleId)).toContain('unverifiable-annotations');
  });

  it('is not the framework\'s when every call site passes something else, nor when the project never imports the framework', async () => {
    const other = await lintFiles({
      'package.json': PACKAGE,
      'src/server.js': `import { FastMCP } from "fastmcp";\nexport const server = new FastMCP({ name: "notes", version: "1.0.0" });\n`,
      'src/catalog.js': `import { registerReadNotesTool } from "./tools/read-notes.js";
class Catalog { addTool(def) { this.last = def; } }
registerReadNotesTool(new Catalog());
`,
      'src/tools/read-notes.js': READ_TOOL,
    });
    expect(other.tools).toEqual([]);
    const none = await lintFiles({ 'package.json': PACKAGE, 'src/tools/read-notes.js': READ_TOOL });
    expect(none.tools).toEqual([]);
  });

  it('is not assumed when the call does not have the framework\'s definition shape', async () => {
    const result = await lintFiles({
      'package.json': PACKAGE,
      'src/server.js': `import { FastMCP } from "fastmcp";\nexport const server = new FastMCP({ name: "notes", version: "1.0.0" });\n`,
      'src/menu.js': `export function fill(menu, item) { menu.addTool(item); }\n`,
    });
    expect(result.tools).toEqual([]);
  });
});

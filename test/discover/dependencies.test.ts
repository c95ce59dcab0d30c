import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint, type LintResult } from '../../src/index.js';
import { writeProject } from '../helpers.js';

/**
 * Tools that live in a dependency package (test/fixtures/dependency-tools/README.md), and runs that
 * find no tool, which must say why.
 */
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'dependency-tools');

/** The fixture's packages, as installed: fixture folder → package name. */
const PACKAGES: Record<string, string> = {
  server: '@acme/server',
  toolkit: '@acme/toolkit',
  core: '@acme/core',
  engine: 'engine',
  sdk: '@modelcontextprotocol/sdk',
};

/** A temp folder with the fixture's packages in node_modules, and `files` beside them. */
function installed(files: Record<string, string> = {}): string {
  const dir = writeProject(files);
  for (const [folder, name] of Object.entries(PACKAGES)) cpSync(path.join(FIXTURE, folder), path.join(dir, 'node_modules', name), { recursive: true });
  return dir;
}

/** name → [file relative to `dir`:line, declared readOnlyHint, inferred readOnly]. */
function summary(result: LintResult, dir: string): Record<string, [string, unknown, boolean | null | undefined]> {
  return Object.fromEntries(result.tools.map((t) => [t.name, [`${path.relative(dir, t.location.file)}:${t.location.line}`, t.annotations?.properties.readOnlyHint?.value, t.inferred?.readOnly]]));
}

function reasons(result: LintResult, dir: string): string[] {
  return result.unresolvedRegistrations.map((u) => `${path.relative(dir, u.location.file)}:${u.location.line} ${u.reason}`);
}

describe('tools registered in a dependency package', () => {
  it('follows a published package into the toolkit it imports, through a dependency chain to the SDK', async () => {
    const dir = installed();
    const result = await lint({ paths: ['node_modules/@acme/server'], cwd: dir });
    expect(summary(result, dir)).toEqual({
      read_note: ['node_modules/@acme/toolkit/build/notes.js:4', true, true],
      delete_note: ['node_modules/@acme/toolkit/build/notes.js:8', false, false],
      list_tasks: ['node_modules/@acme/toolkit/build/tasks.js:5', true, true],
    });
    expect(result.unresolvedRegistrations).toEqual([]);
    // The toolkit's handlers are analysed: deleting a note is destructive.
    expect(result.tools.find((t) => t.name === 'delete_note')?.inferred?.destructive).toBe(true);
    // The packages read: the server's, and the two MCP ones; not `engine`, nor the SDK's own registerTool.
    expect(result.filesRead.map((f) => path.relative(dir, f)).sort()).toEqual([
      'node_modules/@acme/core/build/index.js',
      'node_modules/@acme/server/cli.js',
      'node_modules/@acme/toolkit/build/index.js',
      'node_modules/@acme/toolkit/build/notes.js',
      'node_modules/@acme/toolkit/build/tasks.js',
    ]);
  });

  it('follows from a project outside node_modules too', async () => {
    const dir = installed({
      'package.json': '{ "name": "app", "type": "module", "main": "src/main.js" }',
      'src/main.js': "import { startServer } from '@acme/toolkit';\nstartServer({ version: '1' });\n",
    });
    const result = await lint({ paths: [], cwd: dir });
    expect(Object.keys(summary(result, dir)).sort()).toEqual(['delete_note', 'list_tasks', 'read_note']);
  });

  it('reports them on a run over changed files only when they rest on a named file', async () => {
    const dir = installed({
      'package.json': '{ "name": "app", "type": "module", "main": "src/main.js" }',
      'src/main.js': "import { startServer } from '@acme/toolkit';\nimport { version } from './version.js';\nstartServer({ version });\n",
      'src/version.js': "export const version = '1';\n",
    });
    expect(Object.keys(summary(await lint({ paths: ['src/main.js'], cwd: dir }), dir)).sort()).toEqual(['delete_note', 'list_tasks', 'read_note']);
    const changed = await lint({ paths: ['src/version.js'], cwd: dir });
    expect(changed.tools).toEqual([]);
    expect(changed.unresolvedRegistrations).toEqual([]);
  });
});

describe('dependency packages that use MCP as a client', () => {
  /** An AI SDK that connects to MCP servers (as @google/genai does): it depends on the SDK, imports its client, keeps a tool registry. */
  const AI_SDK = {
    'node_modules/ai-kit/package.json': JSON.stringify({ name: 'ai-kit', version: '1.0.0', type: 'module', main: 'dist/index.js', dependencies: { '@modelcontextprotocol/sdk': '^1.0.0' } }),
    'node_modules/ai-kit/dist/index.js': `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
export { connect } from "./registry.js";
export async function callRemote(name, args) { return new Client({ name: "kit", version: "1" }).callTool({ name, arguments: args }); }
`,
    'node_modules/ai-kit/dist/registry.js': 'const tools = new Map();\nexport function registerTool(tool) { tools.set(tool.name, tool); }\nexport function connect(server) { server.registerTool(server.tool()); }\n',
  };
  const SERVER = {
    'package.json': JSON.stringify({ name: 'app', version: '1.0.0', type: 'module', main: 'src/index.js' }),
    'src/index.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { callRemote } from "ai-kit";
const server = new McpServer({ name: "a", version: "1" });
server.registerTool("ask", { annotations: { readOnlyHint: false, openWorldHint: true } }, async ({ q }) => ({ content: [{ type: "text", text: String(await callRemote("ask", { q })) }] }));
`,
  };

  it('are not followed: their tool registry is no registration, and they are named with why', async () => {
    const dir = writeProject({ ...SERVER, ...AI_SDK });
    const result = await lint({ paths: [], cwd: dir });
    expect(result.tools.map((t) => t.name)).toEqual(['ask']);
    expect(result.unresolvedRegistrations).toEqual([]);
    expect(result.filesRead.map((f) => path.relative(dir, f))).toEqual(['src/index.js']);
    // A run that finds nothing names it, with why it was not read.
    const none = writeProject({ 'package.json': JSON.stringify({ name: 'app', type: 'module', main: 'main.js' }), 'main.js': 'import { connect } from "ai-kit";\nconnect(globalThis.server);\n', ...AI_SDK });
    expect(reasons(await lint({ paths: [], cwd: none }), none)).toEqual([
      "main.js:1 no file read imports the MCP SDK or a known framework; the tools may be registered in a dependency package that was not read: ai-kit (it uses only the MCP SDK's client, to call servers' tools, and imports no module that serves tools)",
    ]);
  });

  it('are followed when they also import a module that serves tools (a toolkit that is a client too)', async () => {
    const toolkit = {
      ...AI_SDK,
      'node_modules/ai-kit/dist/serve.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const server = new McpServer({ name: "kit", version: "1" });
server.registerTool("kit_tool", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
`,
      'node_modules/ai-kit/dist/index.js': `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
export { server } from "./serve.js";
export async function callRemote(name, args) { return new Client({ name: "kit", version: "1" }).callTool({ name, arguments: args }); }
`,
    };
    const dir = writeProject({ ...SERVER, ...toolkit });
    const result = await lint({ paths: [], cwd: dir });
    expect(result.tools.map((t) => t.name).sort()).toEqual(['ask', 'kit_tool']);
  });
});

describe('a run that finds no tool says why', () => {
  it('names the dependency packages imported but not read', async () => {
    const dir = installed({
      'package.json': '{ "name": "app", "main": "main.js" }',
      'main.js': "// The tools come from the engine.\nconst { register } = require('engine');\nregister(globalThis.server);\n",
    });
    const result = await lint({ paths: [], cwd: dir });
    expect(result.tools).toEqual([]);
    expect(reasons(result, dir)).toEqual([
      'main.js:2 no file read imports the MCP SDK or a known framework; the tools may be registered in a dependency package that was not read: engine (it does not depend on the MCP SDK or a known framework, and the modules imported from it do not bundle the SDK)',
    ]);
  });

  it('says when the dependencies read register nothing the linter can see', async () => {
    // A house SDK, followed because its name says MCP, whose servers the linter does not know.
    const dir = writeProject({
      'package.json': '{ "name": "app", "type": "module", "main": "main.js" }',
      'main.js': "import { serve } from 'house-mcp-kit';\nserve({ tools: globalThis.tools });\n",
      'node_modules/house-mcp-kit/package.json': '{ "name": "house-mcp-kit", "main": "index.js" }',
      'node_modules/house-mcp-kit/index.js': 'exports.serve = function serve(options) { return options; };\n',
    });
    const result = await lint({ paths: [], cwd: dir });
    expect(reasons(result, dir)).toEqual([
      'main.js:1 no tool registration was found in the 2 files read, dependency package house-mcp-kit included (the tools may be registered through code the linter cannot follow)',
    ]);
  });

  it('says when the MCP SDK is imported but no registration is found', async () => {
    const dir = writeProject({
      'server.ts': "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const server = new McpServer({ name: 'x', version: '1' });\n",
    });
    const result = await lint({ paths: ['server.ts'], cwd: dir });
    expect(reasons(result, dir)).toEqual([
      'server.ts:1 imports the MCP SDK, but no tool registration was found in the 1 file read (the server may register none, or register them through code the linter cannot follow)',
    ]);
  });

  it('names the framework imported when no registration is found', async () => {
    const dir = writeProject({
      'server.js': "import { McpServer } from 'tmcp';\nexport const server = new McpServer({ name: 'x', version: '1' }, { adapter: undefined });\n",
    });
    const result = await lint({ paths: ['server.js'], cwd: dir });
    expect(reasons(result, dir)).toEqual([
      'server.js:1 imports tmcp, but no tool registration was found in the 1 file read (the server may register none, or register them through code the linter cannot follow)',
    ]);
  });

  it('says when a file is a minified bundle', async () => {
    const line = `var a${'=1,b'.repeat(20_000)}=2;`;
    const dir = writeProject({ 'main.js': `${line}\n${line}\n` });
    const result = await lint({ paths: ['main.js'], cwd: dir });
    expect(reasons(result, dir)).toEqual([
      'main.js:1 no tool registration was found in this minified bundle of 160,018 bytes: the linter cannot read registrations whose code a minifier rewrote',
    ]);
  });

  it('says when a bundle holds a copy of the SDK under renamed classes', async () => {
    const dir = writeProject({
      'main.js': "class A { constructor() { this.h = new Map(); } on(m, f) { this.h.set(m, f); } }\nconst s = new A();\ns.on('tools/list', () => ({ tools: globalThis.list }));\n",
    });
    const result = await lint({ paths: ['main.js'], cwd: dir });
    expect(reasons(result, dir)).toEqual([
      'main.js:1 this file bundles a copy of the MCP SDK (it names the tools/list method), but no tool registration the linter can read was found: a bundled SDK whose classes were renamed is not recognised',
    ]);
  });

  // Survey (a published toolkit): its one minified entry inlines the SDK's McpServer next to the
  // class that registers its tools; it was skipped as "the SDK" and its 92 tools were lost.
  it('reads a dependency whose entry bundles the SDK together with its tools', async () => {
    const dir = writeProject({
      'package.json': '{ "name": "app", "type": "module", "main": "main.js", "dependencies": { "acme-kit": "1.0.0" } }',
      'main.js': "import { Kit } from 'acme-kit';\nnew Kit();\n",
      'node_modules/acme-kit/package.json': '{ "name": "acme-kit", "type": "module", "main": "index.js", "keywords": ["mcp"] }',
      'node_modules/acme-kit/index.js': `class McpServer {
  registerTool(name, config, cb) { this.tools = { ...this.tools, [name]: { config, cb } }; }
  setToolRequestHandlers() {}
  sendToolListChanged() {}
}
export class Kit extends McpServer {
  constructor() {
    super();
    this.registerTool("list_items", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
  }
}
`,
    });
    const result = await lint({ paths: [], cwd: dir });
    expect(result.tools.map((t) => [t.name, t.annotations?.properties.readOnlyHint?.value])).toEqual([['list_items', true]]);
    expect(result.unresolvedRegistrations).toEqual([]);
  });

  it('says nothing more for code with no sign of MCP', async () => {
    const dir = writeProject({ 'util.ts': 'export const add = (a: number, b: number) => a + b;\n' });
    const result = await lint({ paths: ['util.ts'], cwd: dir });
    expect(result.unresolvedRegistrations).toEqual([]);
  });
});

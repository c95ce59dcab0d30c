import { describe, expect, it } from 'vitest';
import type { LintResult, ToolFacts } from '../../src/model.js';
import { lintFiles, tool } from '../helpers.js';

/**
 * Registration contexts: the wrappers, loops and instances a registration call runs in. Each
 * project is written for these tests.
 */

const declared = (t: ToolFacts): Record<string, unknown> | null =>
  t.annotations ? Object.fromEntries(Object.entries(t.annotations.properties).map(([k, h]) => [k, h.known ? h.value : '?'])) : null;
const names = (r: LintResult): (string | null)[] => r.tools.map((t) => t.name).sort();

/**
 * Tool modules whose every export a factory makes (`export const a = wrap(() => ({...}))`, the
 * factory returning one function for all), gathered with `Object.values` of their namespaces, each
 * called in a loop (`tools.push(make(args))`) and registered by a class's instances, which a
 * static method makes from three places.
 */
const FACTORY_TOOLS: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'factory-tools', version: '1.0.0', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '1.0.0' } }),
  'src/define.js': `export function plainTool(make) {
  return make;
}
export function windowTool(make) {
  return (options) => {
    const made = make(options);
    return { ...made, schema: { ...(options.windows && !isCompact(made) ? { window: 1 } : {}), ...made.schema }, windowed: true };
  };
}
export function isCompact(made) {
  return Boolean(made.annotations.modes?.includes('compact'));
}
export function runsIn(made, options) {
  return isCompact(made) === Boolean(options.compact);
}
`,
  'src/tools/windows.js': `import { plainTool, windowTool } from '../define.js';
export const focus = windowTool(() => ({ name: 'focus_window', annotations: { readOnlyHint: false }, schema: {}, handler: async () => ({ content: [] }) }));
export const move = windowTool((options) => {
  return { name: 'move_window', annotations: { readOnlyHint: false, idempotentHint: true }, schema: {}, handler: async () => ({ content: [] }) };
});
export const list = plainTool(() => ({ name: 'list_windows', annotations: { readOnlyHint: true }, schema: {}, handler: async () => ({ content: [] }) }));
`,
  'src/tools/compact.js': `import { windowTool } from '../define.js';
export const peek = windowTool(() => ({ name: 'peek', annotations: { readOnlyHint: true, modes: ['compact'] }, schema: {}, handler: async () => ({ content: [] }) }));
`,
  'src/tools/all.js': `import * as windowTools from './windows.js';
import * as compactTools from './compact.js';
export const makeTools = (options) => {
  const factories = [...Object.values(windowTools), ...Object.values(compactTools)];
  const tools = [];
  for (const make of factories) {
    tools.push(make(options));
  }
  tools.sort((a, b) => a.name.localeCompare(b.name));
  return tools;
};
`,
  'src/server.js': `import { McpServer as SdkServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { runsIn } from './define.js';
import { makeTools } from './tools/all.js';
export class WindowServer {
  server;
  #options;
  #registered = new Map();
  constructor(options) {
    this.#options = options;
    this.server = new SdkServer({ name: 'windows', version: '1.0.0' });
  }
  static async start(options) {
    const made = new WindowServer(options);
    await made.#init();
    return made;
  }
  async #init() {
    for (const made of makeTools(this.#options)) {
      if (runsIn(made, this.#options)) {
        this.#register(made);
      }
    }
  }
  #register(made) {
    const registered = this.server.registerTool(made.name, { annotations: made.annotations }, async (params) => made.handler(params));
    this.#registered.set(made.name, registered);
  }
}
export async function createServer(options) {
  const started = await WindowServer.start(options);
  return started.server;
}
`,
  'src/bin/main.js': `import { WindowServer } from '../server.js';
void WindowServer.start({ windows: true });
`,
  'src/bin/daemon.js': `import { WindowServer } from '../server.js';
export async function daemon(options) {
  return WindowServer.start(options);
}
`,
};

/**
 * Tool classes registered by a server class whose methods call same-named methods of other
 * objects: `connect` calls the SDK server's `connect`, a runner's `connect` calls the server's,
 * `register` calls each tool's `register`. None of these calls itself.
 */
const DELEGATING_SERVER: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'delegating', version: '1.0.0', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '1.0.0' } }),
  'src/toolBase.js': `export class ToolBase {
  constructor({ server }) {
    this.server = server;
  }
  get annotations() {
    return { readOnlyHint: this.operationType === 'read' };
  }
  register() {
    this.server.mcpServer.registerTool(this.name, { annotations: this.annotations }, (args) => this.execute(args));
    return true;
  }
}
`,
  'src/tools.js': `import { ToolBase } from './toolBase.js';
export class FindTool extends ToolBase {
  name = 'find';
  operationType = 'read';
  async execute() { return { content: [] }; }
}
export class DropTool extends ToolBase {
  name = 'drop';
  operationType = 'delete';
  async execute() { return { content: [] }; }
}
export const ALL_TOOLS = [FindTool, DropTool];
`,
  'src/server.js': `import { ALL_TOOLS } from './tools.js';
export class Server {
  constructor({ mcpServer, tools }) {
    this.mcpServer = mcpServer;
    this.toolClasses = tools;
    this.tools = [];
  }
  async connect(transport) {
    await this.register();
    await this.mcpServer.connect(transport);
  }
  register() {
    this.registerTools();
  }
  registerTools() {
    for (const ToolClass of this.toolClasses) {
      const tool = new ToolClass({ server: this });
      if (tool.register()) this.tools.push(tool);
    }
  }
}
`,
  'src/runner.js': `export class Runner {
  constructor({ server, transport }) {
    this.server = server;
    this.transport = transport;
  }
  async connect() {
    await this.server.connect(this.transport);
  }
}
`,
  'src/main.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from './server.js';
import { Runner } from './runner.js';
import { ALL_TOOLS } from './tools.js';
const server = new Server({ mcpServer: new McpServer({ name: 'm', version: '1.0.0' }), tools: ALL_TOOLS });
await new Runner({ server, transport: process.stdin }).connect();
`,
};

/** A catalog of tools filtered by skills and registered through a list of registrations (`custom ?? defaults`). */
const CATALOG_SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
function defineTool(config) {
  return config;
}
const findThings = defineTool({ name: 'find_things', annotations: { readOnlyHint: true }, skills: ['read'], handler: async () => ({ content: [] }) });
const updateThing = defineTool({ name: 'update_thing', annotations: { readOnlyHint: false }, skills: ['write'], handler: async () => ({ content: [] }) });
const catalog = { find_things: findThings, update_thing: updateThing };
function createSearchTool(getTools) {
  return defineTool({
    name: 'search_tools',
    annotations: { readOnlyHint: true },
    skills: ['read'],
    async handler(params, context) {
      const available = getAvailableTools({ tools: getTools(), context });
      return { content: [{ type: 'text', text: available.map(({ key }) => key).join(',') }] };
    },
  });
}
function getAllTools() {
  return allTools;
}
const allTools = { ...catalog, search_tools: createSearchTool(getAllTools) };
const defaultTools = allTools;
function isAllowed({ tool, context }) {
  const granted = context.skills ? new Set(context.skills) : undefined;
  if (!granted) return false;
  return tool.skills.some((s) => granted.has(s));
}
function getAvailableTools({ tools, context }) {
  const available = [];
  for (const [key, tool] of Object.entries(tools)) {
    if (!isAllowed({ tool, context })) continue;
    available.push({ key, tool, isTopLevel: true });
  }
  return available;
}
function configureServer({ server, context, tools: customTools }) {
  const registrations = [];
  const registry = customTools ?? defaultTools;
  const availableTools = getAvailableTools({ tools: registry, context });
  const toRegister = availableTools.filter(({ isTopLevel }) => isTopLevel);
  for (const { tool } of toRegister) {
    registrations.push({ name: tool.name, config: { annotations: tool.annotations }, handler: async (p) => tool.handler(p) });
  }
  return registrations;
}
export function buildServer({ context, tools: customTools }) {
  const server = new McpServer({ name: 's', version: '1' });
  const registrations = configureServer({ server, context, tools: customTools });
  for (const { name, config, handler } of registrations) server.registerTool(name, config, handler);
  return server;
}
`;

/** A low-level server whose tools/list handler copies a table, pushes another onto the copy and may map it again. */
const LISTING_SERVER = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const index_js_1 = require("@modelcontextprotocol/sdk/server/index.js");
const types_js_1 = require("@modelcontextprotocol/sdk/types.js");
const defs_1 = require("./defs");
class Server {
    constructor() {
        this.server = new index_js_1.Server({ name: 'n', version: '1' }, { capabilities: { tools: {} } });
        this.setup();
    }
    getDisabled() {
        return new Set((process.env.DISABLED || '').split(','));
    }
    setup() {
        this.server.setRequestHandler(types_js_1.ListToolsRequestSchema, async (request) => {
            const disabled = this.getDisabled();
            const enabledDoc = defs_1.docTools.filter(tool => !disabled.has(tool.name));
            let tools = [...enabledDoc];
            const configured = !!process.env.API_URL;
            if (configured) {
                const enabledMgmt = defs_1.mgmtTools.filter(tool => !disabled.has(tool.name));
                tools.push(...enabledMgmt);
            }
            if (process.env.FRIENDLY) {
                tools = tools.map(tool => ({ ...tool, description: 'x' }));
            }
            return { tools };
        });
    }
}
exports.Server = Server;
new Server();
`;

describe('registration contexts', () => {
  it('takes a same-named method called on another object (a runner, a field) for no recursion', async () => {
    const result = await lintFiles(DELEGATING_SERVER);
    expect(names(result)).toEqual(['drop', 'find']);
    expect(declared(tool(result, 'find'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'drop'))).toEqual({ readOnlyHint: false });
    expect(result.unresolvedRegistrations).toEqual([]);
  });

  it("takes a method of the SDK's server kept in a field, called in the project method of that name, for no recursion", async () => {
    const result = await lintFiles({
      ...DELEGATING_SERVER,
      'src/server.js': DELEGATING_SERVER['src/server.js']!.replace(
        'import { ALL_TOOLS }',
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { ALL_TOOLS }",
      ).replace('this.mcpServer = mcpServer;', "this.mcpServer = new McpServer({ name: 'm', version: '1.0.0' });"),
      'src/runner.js': '',
      'src/main.js': `import { Server } from './server.js';
import { ALL_TOOLS } from './tools.js';
await new Server({ tools: ALL_TOOLS }).connect(process.stdin);
`,
    });
    expect(names(result)).toEqual(['drop', 'find']);
    expect(result.unresolvedRegistrations).toEqual([]);
  });

  it("reads a tool's name and kind from statics of its class through `this.constructor` (a static field, and tsc's assignment after the class)", async () => {
    const result = await lintFiles({
      ...DELEGATING_SERVER,
      'src/toolBase.js': DELEGATING_SERVER['src/toolBase.js']!.replace(
        'this.server = server;',
        'this.server = server;\n    const { toolName, operationType } = this.constructor;\n    this.name = toolName;\n    this.operationType = operationType;',
      ),
      'src/tools.js': `import { ToolBase } from './toolBase.js';
export class FindTool extends ToolBase {
  static toolName = 'find';
  static operationType = 'read';
  async execute() { return { content: [] }; }
}
export class DropTool extends ToolBase {
  async execute() { return { content: [] }; }
}
DropTool.toolName = 'drop';
DropTool.operationType = 'delete';
export const ALL_TOOLS = [FindTool, DropTool];
`,
    });
    expect(names(result)).toEqual(['drop', 'find']);
    expect(declared(tool(result, 'find'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'drop'))).toEqual({ readOnlyHint: false });
    expect(result.unresolvedRegistrations).toEqual([]);
  });

  it('tells apart the tools one factory makes for each export of a module namespace, and counts each once however many places make the server', async () => {
    const result = await lintFiles(FACTORY_TOOLS);
    expect(names(result)).toEqual(['focus_window', 'list_windows', 'move_window', 'peek']);
    expect(declared(tool(result, 'focus_window'))).toEqual({ readOnlyHint: false });
    expect(declared(tool(result, 'move_window'))).toEqual({ readOnlyHint: false, idempotentHint: true });
    expect(declared(tool(result, 'list_windows'))).toEqual({ readOnlyHint: true });
    expect(tool(result, 'focus_window').location.file.endsWith('src/tools/windows.js')).toBe(true);
    expect(result.tools.every((t) => t.duplicateOf === undefined && t.maybeDuplicateOf === undefined)).toBe(true);
    expect(result.findings.filter((f) => f.ruleId === 'duplicate-tool-name')).toEqual([]);
    expect(result.unresolvedRegistrations).toEqual([]);
  });

  it('reads `Object.entries(custom ?? defaults)` of a destructured parameter: a side no caller gives adds nothing, and a tool a factory makes with another factory is read', async () => {
    const result = await lintFiles({
      'package.json': JSON.stringify({ name: 'catalog', version: '1.0.0', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '1.0.0' } }),
      'src/index.js': `${CATALOG_SERVER}buildServer({ context: { skills: ['read', 'write'] } });\n`,
    });
    expect(names(result)).toEqual(['find_things', 'search_tools', 'update_thing']);
    expect(declared(tool(result, 'search_tools'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'update_thing'))).toEqual({ readOnlyHint: false });
    expect(result.unresolvedRegistrations).toEqual([]);
  });

  it('names the side of `custom ?? defaults` it cannot read', async () => {
    const result = await lintFiles({
      'package.json': JSON.stringify({ name: 'catalog', version: '1.0.0', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '1.0.0' } }),
      'src/index.js': CATALOG_SERVER,
    });
    expect(names(result)).toEqual(['find_things', null, 'search_tools', 'update_thing']);
    expect(result.unresolvedRegistrations.map((u) => u.reason)).toEqual([
      'the tool name cannot be read statically: an element of `registrations`, filled by `registrations.push({ name: tool.name, c…` with an element of `toRegister`, filled by `available.push({ key, tool, isTopLevel:…` with an element of `Object.entries(tools)`, `customTools`, which the linter cannot read (destructured parameter)',
    ]);
  });

  it('reads what a tools/list handler pushes onto a copy of a table it reassigns later (`let tools = [...docs]`, `let tools = []`)', async () => {
    for (const server of [LISTING_SERVER, LISTING_SERVER.replace('let tools = [...enabledDoc];', 'let tools = [];\n            tools.push(...enabledDoc);')]) {
      const result = await lintFiles({
        'package.json': JSON.stringify({ name: 'listing', version: '1.0.0', dependencies: { '@modelcontextprotocol/sdk': '1.0.0' } }),
        'src/defs.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.mgmtTools = exports.docTools = void 0;
exports.docTools = [
    { name: 'search_nodes', annotations: { readOnlyHint: true } },
];
exports.mgmtTools = [
    { name: 'list_workflows', annotations: { readOnlyHint: true } },
    { name: 'delete_workflow', annotations: { destructiveHint: true } },
];
`,
        'src/server.js': server,
      });
      expect(names(result)).toEqual(['delete_workflow', 'list_workflows', 'search_nodes']);
      expect(declared(tool(result, 'delete_workflow'))).toEqual({ destructiveHint: true });
      expect(result.unresolvedRegistrations).toEqual([]);
    }
  });
});

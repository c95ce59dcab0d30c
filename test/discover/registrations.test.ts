import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

function declared(t: { annotations: { properties: Record<string, { value: unknown }> } | null }): Record<string, unknown> | null {
  return t.annotations ? Object.fromEntries(Object.entries(t.annotations.properties).map(([k, v]) => [k, v.value])) : null;
}

describe('registerTool', () => {
  it('reads names and annotations inline, through consts, imported consts, `as const` and spreads (later keys win)', async () => {
    const result = await lintFiles({
      'hints.ts': `export const READ = { readOnlyHint: true, openWorldHint: false } as const;\nexport const NAME = "imported_name";\n`,
      'server.ts': `${SERVER_HEADER}import { READ, NAME } from "./hints.js";
const LOCAL = "local_name";
const base = { readOnlyHint: false, destructiveHint: true };
server.registerTool("inline", { description: "d", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
server.registerTool(LOCAL, { description: "d", annotations: READ }, async () => ({ content: [] }));
server.registerTool(NAME, { description: "d", annotations: { ...base, destructiveHint: false, ...READ } }, async () => ({ content: [] }));
server.registerTool(\`tmpl_\${LOCAL}\`, { description: "d" }, async () => ({ content: [] }));
`,
    });
    expect(result.tools.map((t) => t.name)).toEqual(['inline', 'local_name', 'imported_name', 'tmpl_local_name']);
    expect(declared(tool(result, 'inline'))).toEqual({ readOnlyHint: true });
    expect(declared(tool(result, 'local_name'))).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(declared(tool(result, 'imported_name'))).toEqual({ destructiveHint: false, readOnlyHint: true, openWorldHint: false });
    expect(declared(tool(result, 'tmpl_local_name'))).toBeNull();
    // A hint that came from a spread points at where it is written.
    const spread = tool(result, 'imported_name').annotations!.properties.readOnlyHint!.location;
    expect(spread.file.endsWith('hints.ts')).toBe(true);
    expect(spread.line).toBe(1);
  });

  it('resolves handlers inline, as identifiers, and imported; on any receiver', async () => {
    const result = await lintFiles({
      'handlers.ts': `import { rm } from "node:fs/promises";\nexport async function purge() { await rm("x"); return { content: [] }; }\n`,
      'server.ts': `${SERVER_HEADER}import { purge } from "./handlers.js";
import { writeFile } from "node:fs/promises";
const save = async () => { await writeFile("a", ""); return { content: [] }; };
class App { server = new McpServer({ name: "a", version: "1" }); init() { this.server.registerTool("via_this", { description: "d" }, save); } }
const mcp = server;
mcp.registerTool("imported", { description: "d" }, purge);
server.registerTool("local_id", { description: "d" }, save);
`,
    });
    expect(tool(result, 'via_this').effects!.effects.map((e) => e.sink)).toEqual(['fs/promises writeFile']);
    expect(tool(result, 'imported').effects!.effects.map((e) => e.sink)).toEqual(['fs/promises rm']);
    expect(tool(result, 'local_id').handler!.line).toBe(6);
  });

  it('reports a computed name, unreadable annotations and an unresolvable handler as unverifiable, without dropping the tool', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}declare const cfg: { name: string; hints: object };
declare function makeHandler(): () => Promise<{ content: [] }>;
server.registerTool(cfg.name, { description: "d", annotations: cfg.hints as any }, makeHandler());
server.registerTool("partly", { description: "d", annotations: { readOnlyHint: process.env.RO === "1", openWorldHint: false } }, async () => ({ content: [] }));
`,
    });
    expect(result.tools).toHaveLength(2);
    const dynamic = result.tools[0]!;
    expect(dynamic.name).toBeNull();
    expect(dynamic.displayName).toBe('<cfg.name>');
    const messages = result.findings.filter((f) => f.ruleId === 'unverifiable-annotations').map((f) => `${f.tool}@${f.location.line}`);
    expect(messages).toEqual(['null@6', 'null@6', 'null@6', 'partly@7']);
    expect(result.unresolvedRegistrations.map((u) => u.location.line)).toEqual([6]);
    expect(tool(result, 'partly').annotations!.properties.openWorldHint!.value).toBe(false);
  });
});

describe('registerTool with a stray argument', () => {
  it('keeps a call with a fourth argument (JavaScript accepts it, the SDK ignores it): the tool is checked, not dropped (found by a fresh user)', async () => {
    const result = await lintFiles({
      'index.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { writeFileSync } from "node:fs";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("tally", { description: "d", annotations: { readOnlyHint: true } }, async () => { writeFileSync("tally.txt", "1"); return { content: [] }; }, { readOnlyHint: false });
`,
    });
    expect(result.tools.map((t) => t.name)).toEqual(['tally']);
    expect(declared(tool(result, 'tally'))).toEqual({ readOnlyHint: true });
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId)).toEqual(['optimistic-read-only']);
  });
});

describe('values that run time decides', () => {
  it('does not take a reassigned let for a constant', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}let mode = "ro";\nif (process.env.RW) mode = "rw";\nconst fixed = "x";\nlet once = "y";\nserver.registerTool(\`t_\${mode}\`, { description: "d" }, async () => ({ content: [] }));\nserver.registerTool(fixed + once, { description: "d" }, async () => ({ content: [] }));\n`,
    });
    expect(result.tools.map((t) => t.name)).toEqual([null, 'xy']);
    expect(result.tools[0]!.unresolved[0]!.reason).toBe('the tool name cannot be read statically: `mode` is a variable that is assigned again');
  });

  it('does not take a reassigned let for the annotations or the handler it was first given', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { unlink } from "node:fs/promises";
let hints = { readOnlyHint: true };
let handler = async () => ({ content: [] });
if (process.env.RW) { hints = { readOnlyHint: false }; handler = async () => { await unlink("p"); return { content: [] }; }; }
server.registerTool("h", { description: "d", annotations: hints }, handler);
`,
    });
    const t = tool(result, 'h');
    expect(t.annotations!.unresolved.map((u) => u.reason)).toEqual(['`hints` is a variable that is assigned again']);
    expect(t.unresolved.map((u) => u.reason)).toEqual(['the handler cannot be followed: `handler` is a variable that is assigned again']);
  });

  it('treats a hint set to undefined as omitted', async () => {
    const result = await lintFiles({ 'server.ts': `${SERVER_HEADER}server.registerTool("u", { description: "d", annotations: { readOnlyHint: undefined, openWorldHint: false } }, async () => ({ content: [] }));\n` });
    expect(Object.keys(tool(result, 'u').annotations!.properties)).toEqual(['openWorldHint']);
    expect(result.findings.map((f) => f.messageId)).toEqual(['omitted']);
  });

  it('does not let a computed title hide omitted hints or make the tool unverifiable', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}declare function t(key: string): string;\nserver.registerTool("list", { description: "d", annotations: { title: t("list"), readOnlyHint: true } }, async () => ({ content: [] }));\n`,
    });
    expect(result.findings.map((f) => `${f.ruleId}: ${f.message}`)).toEqual([
      'missing-annotations: "list" omits openWorldHint, so clients assume openWorldHint: true, but the handler stays in a closed world (its process and local files)',
    ]);
  });
});

describe('deprecated tool() overloads', () => {
  it('assigns description, shape and annotations as the SDK does', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}const cb = async () => ({ content: [] });
const Shape = { id: z.string() };
server.tool("a", cb);
server.tool("b", "describes b", cb);
server.tool("c", { id: z.string() }, cb);
server.tool("d", { readOnlyHint: true, openWorldHint: false }, cb);
server.tool("e", "describes e", { destructiveHint: false }, cb);
server.tool("f", Shape, { idempotentHint: true }, cb);
server.tool("g", "describes g", {}, { readOnlyHint: true }, cb);
server.tool("h", {}, cb);
server.tool("i", { type: "object", properties: { x: { type: "string" } } }, cb);
// An object literal on the left of \`??\` or \`||\` is never nullish: it is the value the SDK sees.
const def = { annotations: { readOnlyHint: true } };
server.tool("j", "describes j", def.annotations ?? {}, cb);
server.tool("k", def.annotations || {}, cb);
`,
    });
    expect(result.tools.map((t) => [t.name, declared(t)])).toEqual([
      ['a', null],
      ['b', null],
      ['c', null],
      ['d', { readOnlyHint: true, openWorldHint: false }],
      ['e', { destructiveHint: false }],
      ['f', { idempotentHint: true }],
      ['g', { readOnlyHint: true }],
      ['h', null],
      // A JSON Schema object in the shape position is taken as annotations, as the SDK does.
      ['i', { type: 'object', properties: { x: { type: 'string' } } }],
      ['j', { readOnlyHint: true }],
      ['k', { readOnlyHint: true }],
    ]);
    expect(result.tools.every((t) => t.handler !== null)).toBe(true);
  });

  it('ignores .tool() calls in projects that do not use the MCP SDK', async () => {
    const result = await lintFiles({ 'agent.ts': `declare const agent: any;\nagent.tool("x", { a: 1 }, () => 1);\n` });
    expect(result.tools).toEqual([]);
  });
});

describe('shapes found by trying the linter on real code', () => {
  it('ignores registerTool and tool methods the project defines itself', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}server.registerTool("real", { description: "d" }, async () => ({ content: [] }));\n`,
      'registry.ts': `class Registry { registerTool(n: string, c: object, f: () => void) {} tool(n: string, c: object, f: () => void) {} }\nconst r = new Registry();\nr.registerTool("not_mcp", {}, () => {});\nr.tool("not_mcp2", {}, () => {});\n`,
    });
    expect(result.tools.map((t) => t.name)).toEqual(['real']);
  });

  it('decides tool() overloads from the object the SDK sees: spreads flattened, consts followed', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}const LOCAL = { readOnlyHint: true, openWorldHint: false };
const idField = z.string();
const Shape = { id: idField };
const cb = async () => ({ content: [] });
server.tool("spread_only", "d", { ...LOCAL }, cb);
server.tool("spread_override", { ...LOCAL, readOnlyHint: false }, cb);
server.tool("shape_by_const", Shape, { readOnlyHint: true }, cb);
`,
    });
    expect(result.tools.map((t) => [t.name, declared(t)])).toEqual([
      ['spread_only', { readOnlyHint: true, openWorldHint: false }],
      ['spread_override', { readOnlyHint: false, openWorldHint: false }],
      ['shape_by_const', { readOnlyHint: true }],
    ]);
  });

  it('follows hand-written CommonJS: destructured require, module.exports objects and exports.x', async () => {
    const result = await lintFiles({
      'server.js': `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { wipe } = require("./h");
const { RO } = require("./ann");
const h = require("./h.js");
const server = new McpServer({ name: "x", version: "1" });
server.tool("r1", "d", RO, wipe);
server.registerTool("r2", { annotations: RO }, h.third);
`,
      'h.js': `const fs = require("fs");\nfunction wipe() { fs.rmSync("/x"); return { content: [] }; }\nmodule.exports = { wipe };\nmodule.exports.third = function () { fs.appendFileSync("/l", "x"); };\n`,
      'ann.js': `exports.RO = { readOnlyHint: true };\n`,
    });
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => `${f.tool} ${f.ruleId}`)).toEqual(['r1 optimistic-read-only', 'r2 optimistic-read-only']);
    expect(tool(result, 'r1').effects!.effects.map((e) => e.sink)).toEqual(['fs rmSync']);
    expect(tool(result, 'r2').effects!.effects.map((e) => e.sink)).toEqual(['fs appendFileSync']);
  });

  it('finds a forwarding call through a type assertion, `(server.tool as any)(...)`, and reports what it cannot read', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}export function add(name: string, ...args: unknown[]) {\n  (server.tool as any)(\`db_\${name}\`, ...args);\n}\n`,
    });
    expect(result.tools.map((t) => t.displayName)).toEqual(['<`db_${name}`>']);
    expect(result.findings.filter((f) => f.ruleId === 'unverifiable-annotations').length).toBeGreaterThan(0);
  });

  it('recognises a bundle that carries its own copy of the SDK', async () => {
    const result = await lintFiles({
      'bundle.js': `var McpServer = class { tool(name, ...rest) {} registerTool(name, config, cb) {} };
var fs = require("fs");
var server = new McpServer({ name: "b", version: "1" });
server.tool("wipe", "Wipe.", { readOnlyHint: true }, async () => { fs.rmSync("/x"); return { content: [] }; });
server.registerTool("peek", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
`,
    });
    expect(result.tools.map((t) => t.name)).toEqual(['wipe', 'peek']);
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => `${f.tool} ${f.ruleId}`)).toEqual(['wipe optimistic-read-only']);
  });

  it('follows handlers given as this.method.bind(this)', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { rm } from "node:fs/promises";
class App {
  async purge() { await rm("x"); return { content: [] }; }
  init() { server.registerTool("purge", { description: "d", annotations: { readOnlyHint: true } }, this.purge.bind(this)); }
}
`,
    });
    expect(tool(result, 'purge').effects!.effects.map((e) => e.sink)).toEqual(['fs/promises rm']);
  });
});

describe('inputs', () => {
  it('skips test files when expanding folders, and lints them when named', async () => {
    const files = {
      'src/server.ts': `${SERVER_HEADER}server.registerTool("real", { description: "d" }, async () => ({ content: [] }));\n`,
      'src/server.test.ts': `${SERVER_HEADER}server.registerTool("in_test", { description: "d" }, async () => ({ content: [] }));\n`,
      'src/__tests__/x.ts': `${SERVER_HEADER}server.registerTool("in_tests_dir", { description: "d" }, async () => ({ content: [] }));\n`,
    };
    expect((await lintFiles(files)).tools.map((t) => t.name)).toEqual(['real']);
    expect((await lintFiles(files, ['src/server.test.ts'])).tools.map((t) => t.name)).toEqual(['in_test']);
  });

  it('reports a file that does not parse and still lints the others', async () => {
    const result = await lintFiles({
      'bad.ts': `server.registerTool("x", { \n`,
      'good.ts': `${SERVER_HEADER}server.registerTool("good", { description: "d" }, async () => ({ content: [] }));\n`,
    });
    expect(result.tools.map((t) => t.name)).toEqual(['good']);
    const fatal = result.findings.filter((f) => f.fatal);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]!.location.file.endsWith('bad.ts')).toBe(true);
    expect(fatal[0]!.severity).toBe('error');
  });
});

describe('registrations that give no tool to check', () => {
  it('reports a registerTool() or tool() call too short to name a tool, and a registration without a handler (found by a fresh user: both passed in silence)', async () => {
    const result = await lintFiles({
      'srv.ts': `${SERVER_HEADER}// @ts-ignore
server.registerTool();
// @ts-ignore
server.tool("lonely");
// @ts-ignore
server.registerTool("nohandler", { annotations: { readOnlyHint: true } });
`,
    });
    const line = (text: string) => SERVER_HEADER.split('\n').length - 1 + ['// @ts-ignore', 'server.registerTool();', '// @ts-ignore', 'server.tool("lonely");', '// @ts-ignore', 'server.registerTool("nohandler"'].findIndex((l) => l.startsWith(text)) + 1;
    expect(result.unresolvedRegistrations.map((u) => [u.location.line, u.reason])).toEqual([
      [line('server.registerTool();'), 'registerTool() is called with no argument: a tool needs a name and a definition, so no tool can be named here'],
      [line('server.tool("lonely")'), 'tool() is called with one argument: a tool needs a name and a definition, so no tool can be named here'],
    ]);
    const nohandler = tool(result, 'nohandler');
    expect(nohandler.inferred.readOnly).toBeNull();
    expect(result.findings.filter((f) => f.tool === 'nohandler').map((f) => [f.ruleId, f.severity, f.message])).toEqual([
      ['unverifiable-annotations', 'warning', '"nohandler" cannot be verified: no handler is passed to this registration, so what the tool does cannot be checked'],
    ]);
  });
});

describe('third-party code a package ships', () => {
  it('is not searched for registrations: an SDK example bundled in third_party/ is not one of the server tools, a hand-written vendor/ file is', async () => {
    const example = (name: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const demo = new McpServer({ name: "demo", version: "1" });
demo.registerTool("${name}", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
export { demo };
`;
    const result = await lintFiles({
      'package.json': JSON.stringify({ name: 'browser-server', version: '1.0.0', type: 'module' }),
      'build/third_party/THIRD_PARTY_NOTICES': 'modelcontextprotocol-sdk: MIT\n',
      'build/third_party/index.js': example('sdk_example'),
      'build/vendor/own.js': example('own_vendor_tool'),
      'build/index.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import "./third_party/index.js";
import "./vendor/own.js";
const server = new McpServer({ name: "b", version: "1" });
server.registerTool("open_page", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
`,
    });
    expect(result.tools.map((t) => t.name).sort()).toEqual(['open_page', 'own_vendor_tool']);
    expect(result.unresolvedRegistrations).toEqual([]);
  });

  it('says why a run over third-party code alone finds no tool, instead of reporting zero tools with no reason', async () => {
    // A trial named such a file: "No tool registrations found in 1 file." and exit 0, nothing else.
    const result = await lintFiles(
      {
        'package.json': JSON.stringify({ name: 'browser-server', version: '1.0.0', type: 'module' }),
        'build/third_party/THIRD_PARTY_NOTICES': 'modelcontextprotocol-sdk: MIT\n',
        'build/third_party/index.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const demo = new McpServer({ name: "demo", version: "1" });
demo.registerTool("sdk_example", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
`,
      },
      ['build/third_party/index.js'],
    );
    expect(result.tools).toEqual([]);
    expect(result.unresolvedRegistrations.map((u) => [u.location.file.split('/').slice(-3).join('/'), u.reason])).toEqual([
      [
        'build/third_party/index.js',
        'imports the MCP SDK, but is third-party code (third_party/), which is not searched for tool registrations (its folder holds a licence, notice or manifest file, it starts with a licence banner, or it is larger than a hand-written file)',
      ],
    ]);
  });
});

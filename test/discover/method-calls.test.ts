import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Registrations written through the other ways JavaScript calls a method (issue 13, item 6): each
 * is read as the tool it registers when its name, config and handler can be read, else listed as
 * an unresolved registration with why; calls on other values stay out.
 */

const CB = `const cb = async () => { await writeFile("/tmp/x", "y"); return { content: [] }; };\n`;

describe('registrations through keys, call and apply', () => {
  it('reads server["registerTool"], server[KEY], .call(server, ...), .apply(server, [...]) and McpServer.prototype.registerTool.call(this, ...)', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { writeFile } from "node:fs/promises";
${CB}const KEY = "registerTool";
server["registerTool"]("literal_key", { annotations: { readOnlyHint: true } }, cb);
server[KEY]("const_key", { annotations: { readOnlyHint: true } }, cb);
server.registerTool.call(server, "via_call", { annotations: { readOnlyHint: true } }, cb);
server.registerTool.apply(server, ["via_apply", { annotations: { readOnlyHint: true } }, cb]);
McpServer.prototype.registerTool.call(server, "via_prototype", { annotations: { readOnlyHint: true } }, cb);
const registerTool = server.registerTool;
registerTool.call(server, "via_variable", { annotations: { readOnlyHint: true } }, cb);
class Tools extends McpServer {
  setup() { McpServer.prototype.registerTool.call(this, "in_class", { annotations: { readOnlyHint: true } }, cb); }
}
server.tool.call(server, "old_tool", { readOnlyHint: true }, cb);
`,
    });
    const names = ['literal_key', 'const_key', 'via_call', 'via_apply', 'via_prototype', 'via_variable', 'in_class', 'old_tool'];
    expect(result.tools.map((t) => t.name)).toEqual(names);
    for (const name of names) {
      const t = tool(result, name);
      expect(t.annotations!.properties.readOnlyHint!.value).toBe(true);
      expect(t.effects!.effects.map((e) => e.sink)).toEqual(['fs/promises writeFile']);
    }
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.tool)).toEqual(names);
    expect(result.unresolvedRegistrations).toEqual([]);
  });

  it('lists a method name computed at run time on a server, and apply() of an unreadable list, as unresolved registrations', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { writeFile } from "node:fs/promises";
${CB}export function register(m: string, args: any[]) {
  (server as any)[m]("x", {}, cb);
  server.registerTool.apply(server, args as any);
  server[m as "registerTool"].call(server, "y", {}, cb);
}
export function onServer(s: McpServer, m: string) { (s as any)[m]("z", {}, cb); }
`,
    });
    expect(result.tools).toEqual([]);
    expect(result.unresolvedRegistrations.map((u) => `${u.location.line}: ${u.reason}`)).toEqual([
      '7: `(server as any)[m](…)`: the method name is computed at run time; it may register a tool',
      '8: the arguments of this registerTool() call come from `args`, which the linter cannot read',
      '9: `server[m as "registerTool"](…)`: the method name is computed at run time; it may register a tool',
      '11: `(s as any)[m](…)`: the method name is computed at run time; it may register a tool',
    ]);
  });

  it('leaves computed calls on other values, and other methods called through keys or call(), alone', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}const handlers: Record<string, () => void> = { a: () => {} };
export function run(name: string) { handlers[name]!(); }
const registry = { register(n: string) { return n; } };
export function other(m: "register") { registry[m]("x"); }
server["connect"].call(server, undefined as any);
server.registerTool("plain", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
`,
    });
    expect(result.tools.map((t) => t.name)).toEqual(['plain']);
    expect(result.unresolvedRegistrations).toEqual([]);
  });
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint, type LintResult } from '../../src/index.js';
import { lintFiles } from '../helpers.js';

/**
 * Registration functions and server factories used as values: passed to another function,
 * exported and called through the export, installed on an object as a method, or given to an
 * array method in parentheses. Each folder under test/fixtures/function-values/ shows one way;
 * the registration is read at the calls the value receives.
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'function-values');

async function lintFixture(name: string): Promise<LintResult> {
  return lint({ paths: ['.'], cwd: path.join(FIXTURES, name) });
}

/** `name readOnlyHint destructiveHint` per tool. */
function summary(result: LintResult): string[] {
  const hint = (t: LintResult['tools'][number], key: string): string => String(t.annotations?.properties[key]?.value);
  return result.tools.map((t) => `${t.name} ${hint(t, 'readOnlyHint')} ${hint(t, 'destructiveHint')}`);
}

describe('a function value is called where the value goes', () => {
  it.each([
    ['through the parameter of the function it is passed to (`serveStdio(createServer, options)`)', 'factory-argument', ['acme_list_notes true undefined', 'acme_delete_note undefined true']],
    ['through a CommonJS export called as `chunk.a.call(void 0, options)` (sucrase, esbuild)', 'compiled-call', ['thing_get_thing true undefined']],
    ['through the property a wrapper installs it in (`server.registerOnce = (...) => ...`), called on an untyped server', 'installed-method', ['get_issue true undefined', 'close_issue false undefined']],
    ['as an array callback written in parentheses (`forEach(((t) => ...))`)', 'callback-in-parentheses', ['list_boards true undefined', 'archive_board false undefined']],
  ])('%s', async (_how, fixture, tools) => {
    const result = await lintFixture(fixture);
    expect(summary(result)).toEqual(tools);
    expect(result.unresolvedRegistrations).toEqual([]);
  });

  it('is not read at calls of a property of that name that other code writes too', async () => {
    const result = await lintFiles({
      'build/registry.js': `export function withRegistry(server) {
  server.registerOnce = (name, handler) => server.registerTool(name, { annotations: { readOnlyHint: true } }, handler);
  return server;
}
export function withLogging(client) {
  client.registerOnce = (name) => console.error(name);
  return client;
}
`,
      'build/index.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { withRegistry } from "./registry.js";
export function registerTools(server) {
  server.registerOnce("get_issue", async () => ({ content: [] }));
}
registerTools(withRegistry(new McpServer({ name: "t", version: "1" })));
`,
    });
    expect(result.tools.map((t) => t.displayName)).toEqual(['<name>']);
    expect(result.unresolvedRegistrations.map((u) => `${path.basename(u.location.file)}:${u.location.line} ${u.reason}`)).toEqual([
      'registry.js:2 the replacement of `server.registerOnce` is never called in the files linted, so the names or annotations its parameters give are unknown',
    ]);
  });
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/index.js';
import type { LintResult, ToolFacts } from '../../src/model.js';

/**
 * Values that reach a registration across module and function boundaries: tool lists re-exported
 * whole by CommonJS index files, and tool names passed on through rest parameters and read back
 * from a helper's returns. The fixtures are under test/fixtures/cross-module/ (see its README).
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'cross-module');

const declared = (t: ToolFacts): Record<string, unknown> | null =>
  t.annotations ? Object.fromEntries(Object.entries(t.annotations.properties).map(([k, h]) => [k, h.known ? h.value : '?'])) : null;
/** Lints the fixture folder `name` as a whole. */
const lintFixture = (name: string): Promise<LintResult> => lint({ paths: ['.'], cwd: path.join(FIXTURES, name) });
/** `rule tool` for each error. */
const errors = (r: LintResult): string[] => r.findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId} ${f.tool}`);
/** `name file:line {declared hints}` for each tool, sorted. */
const rows = (r: LintResult): string[] =>
  r.tools.map((t) => `${t.name} ${path.basename(t.location.file)}:${t.location.line} ${JSON.stringify(declared(t))}`).sort();

describe('CommonJS star re-exports', () => {
  it('reads the tool lists index files re-export with __exportStar(require("./x"), exports), also through two files and tslib', async () => {
    const result = await lintFixture('star-re-exports');
    expect(rows(result)).toEqual([
      'delete_file definitions.js:5 {"readOnlyHint":false,"destructiveHint":false}',
      'list_files definitions.js:6 {"readOnlyHint":true}',
      'read_note definitions.js:5 {"readOnlyHint":true}',
    ]);
    expect(result.unresolvedRegistrations).toEqual([]);
    // The tools are linked to their dispatch branch through the re-exported handlers.
    expect(errors(result)).toEqual(['optimistic-non-destructive delete_file']);
  });
});

describe('arguments passed on through rest parameters', () => {
  it('reads the name `const [name] = args` and `args[1]` give, and the annotations of the helper return the argument count reaches', async () => {
    const result = await lintFixture('rest-arguments');
    const read = '{"readOnlyHint":true,"openWorldHint":false}';
    // `destructiveHint: name.includes("-delete")`: computed from the name.
    const write = (destructive: boolean): string => `{"readOnlyHint":false,"destructiveHint":${destructive},"openWorldHint":false}`;
    expect(rows(result)).toEqual([
      `notes-append http.js:7 ${write(false)}`,
      `notes-append stdio.js:6 ${write(false)}`,
      `notes-delete http.js:7 ${write(true)}`,
      `notes-delete stdio.js:6 ${write(true)}`,
      `notes-read http.js:7 ${read}`,
      `notes-read stdio.js:6 ${read}`,
    ]);
    expect(result.unresolvedRegistrations).toEqual([]);
    // Each handler is the callback the call site passed (`args[1]` or `args[2]`).
    const sink: Record<string, string> = { 'notes-read': 'fs/promises readFile', 'notes-delete': 'fs/promises rm', 'notes-append': 'fs/promises appendFile' };
    for (const t of result.tools) expect(t.effects!.effects.map((e) => e.sink)).toEqual([sink[t.name!]]);
  });

  it('tells apart the servers two entry points make for `this` of the server class: no duplicate tool names', async () => {
    const result = await lintFixture('rest-arguments');
    expect(result.findings.filter((f) => f.ruleId === 'duplicate-tool-name')).toEqual([]);
  });
});

describe('modules loaded at start-up from a folder of the package', () => {
  it('reads `import()` of each `.js` entry `readdir` lists (through `Promise.allSettled` and `.map`), skipping other entries', async () => {
    const result = await lintFixture('tools-folder');
    expect(rows(result)).toEqual([
      'delete_note server.js:13 {"readOnlyHint":false,"destructiveHint":false,"openWorldHint":false}',
      'read_note server.js:13 {"readOnlyHint":true,"openWorldHint":false}',
    ]);
    expect(result.unresolvedRegistrations).toEqual([]);
    // Each handler is the imported module's: delete_note deletes, against its declaration.
    expect(errors(result)).toEqual(['optimistic-non-destructive delete_note']);
  });

  it('reads `require()` of each entry `readdirSync` lists; a folder only run time names is one unresolved registration saying so', async () => {
    const result = await lintFixture('tools-folder-cjs');
    expect(rows(result).filter((r) => !r.startsWith('null'))).toEqual([
      'list_files server.js:7 {"readOnlyHint":true}',
      'write_file server.js:7 {"readOnlyHint":false,"destructiveHint":true,"idempotentHint":true}',
    ]);
    expect(result.unresolvedRegistrations.map((u) => `${path.basename(u.location.file)}:${u.location.line} ${u.reason}`)).toEqual([
      'server.js:15 the tool name cannot be read statically: `plugin.name` cannot be followed (the module `require(path.join(pluginDir, file))` loads is known only at run time (`pluginDir` is computed at run time))',
    ]);
  });
});

describe('members of a conditional value', () => {
  it('reads the member both sides give (`(lite ? LITE_TOOL : TOOL).name`), and says when the sides differ', async () => {
    const result = await lintFixture('conditional-definitions');
    expect(rows(result)).toEqual(['fetch_page server.js:13 {"readOnlyHint":true,"openWorldHint":true}', 'search server.js:12 {}']);
    expect(result.unresolvedRegistrations).toEqual([]);
    expect(result.findings.filter((f) => f.tool === 'search').map((f) => f.message)).toEqual([
      '"search" cannot be verified: `annotations` differs between the sides of `lite ? LITE_SEARCH_TOOL : SEARCH_TOOL`, which only run time picks',
    ]);
  });
});

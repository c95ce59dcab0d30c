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
const rows = (r: LintResult): string[] =>
  r.tools.map((t) => `${t.name} ${path.basename(t.location.file)}:${t.location.line} ${JSON.stringify(declared(t))}`).sort();

describe('CommonJS star re-exports', () => {
  it('reads the tool lists index files re-export with __exportStar(require("./x"), exports), also through two files and tslib', async () => {
    const result = await lint({ paths: ['.'], cwd: path.join(FIXTURES, 'star-re-exports') });
    expect(rows(result)).toEqual([
      'delete_file definitions.js:5 {"readOnlyHint":false,"destructiveHint":false}',
      'list_files definitions.js:6 {"readOnlyHint":true}',
      'read_note definitions.js:5 {"readOnlyHint":true}',
    ]);
    expect(result.unresolvedRegistrations).toEqual([]);
    // The tools are linked to their dispatch branch through the re-exported handlers.
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId} ${f.tool}`)).toEqual(['optimistic-non-destructive delete_file']);
  });
});

describe('arguments passed on through rest parameters', () => {
  it('reads the name `const [name] = args` and `args[1]` give, and the annotations of the helper return the argument count reaches', async () => {
    const result = await lint({ paths: ['.'], cwd: path.join(FIXTURES, 'rest-arguments') });
    const read = '{"readOnlyHint":true,"openWorldHint":false}';
    const write = '{"readOnlyHint":false,"destructiveHint":true,"openWorldHint":false}';
    expect(rows(result)).toEqual([
      `notes-delete http.js:7 ${write}`,
      `notes-delete stdio.js:6 ${write}`,
      `notes-read http.js:7 ${read}`,
      `notes-read stdio.js:6 ${read}`,
    ]);
    expect(result.unresolvedRegistrations).toEqual([]);
    // Each handler is the callback the call site passed (`args[1]` or `args[2]`).
    for (const t of result.tools) expect(t.effects!.effects.map((e) => e.sink)).toEqual([t.name === 'notes-read' ? 'fs/promises readFile' : 'fs/promises rm']);
  });

  it('tells apart the servers two entry points make for `this` of the server class: no duplicate tool names', async () => {
    const result = await lint({ paths: ['.'], cwd: path.join(FIXTURES, 'rest-arguments') });
    expect(result.findings.filter((f) => f.ruleId === 'duplicate-tool-name')).toEqual([]);
  });
});

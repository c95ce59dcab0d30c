import { describe, expect, it } from 'vitest';
import { lint, type LintResult } from '../../src/index.js';
import { parseDirective } from '../../src/engine/suppressions.js';
import { ConfigSchema, type ConfigInput } from '../../src/config/schema.js';
import { SERVER_HEADER, findingKeys, writeProject } from '../helpers.js';

/**
 * A server with one tool, "save", that writes a file but declares `readOnlyHint: true` and
 * `destructiveHint: false` (optimistic-read-only and optimistic-non-destructive, both on the hint
 * line), and all four hints, so that no other rule reports. `above` goes before the registration,
 * `aboveHints` before the hint line.
 */
function server({ above = '', aboveHints = '', after = '' } = {}): string {
  return `${SERVER_HEADER}import { writeFile } from "node:fs/promises";
${above}server.registerTool(
  "save",
  {
    description: "Saves a note.",
    inputSchema: { path: z.string() },
    annotations: {
${aboveHints}      readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false,
    },
  },
  async ({ path }) => {
    await writeFile(path, "x");
    return { content: [] };
  },
);
${after}`;
}

/** The 1-based line of the first line of `text` that contains `needle`. */
function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`"${needle}" is not in the text`);
  return index + 1;
}

async function lintServer(text: string, rules?: ConfigInput['rules']): Promise<LintResult> {
  const dir = writeProject({ 'server.ts': text });
  return lint({ paths: ['server.ts'], cwd: dir, ...(rules ? { config: ConfigSchema.parse({ rules }) } : {}) });
}

const HINTS = 'readOnlyHint: true';

describe('inline suppressions (issue #5)', () => {
  it('without a comment, the fixture has its two findings on the hint line', async () => {
    const text = server();
    const result = await lintServer(text);
    const line = lineOf(text, HINTS);
    expect(findingKeys(result)).toEqual([`optimistic-non-destructive@${line}`, `optimistic-read-only@${line}`]);
    expect(result.suppressed).toBe(0);
  });

  it.each([
    ['a line comment', '// mcp-annotate-lint-disable-next-line optimistic-read-only -- the marker file is a cache'],
    ['a block comment', '/* mcp-annotate-lint-disable-next-line optimistic-read-only -- cache */'],
  ])('%s with a reason above the hint line removes the finding of the rule it names, and counts it', async (_form, comment) => {
    const text = server({ aboveHints: `      ${comment}\n` });
    const result = await lintServer(text);
    expect(findingKeys(result)).toEqual([`optimistic-non-destructive@${lineOf(text, HINTS)}`]);
    expect(result.suppressed).toBe(1);
  });

  it('a comment without a reason suppresses nothing and is reported as invalid-suppression at its line', async () => {
    const text = server({ aboveHints: '      // mcp-annotate-lint-disable-next-line optimistic-read-only\n' });
    const result = await lintServer(text);
    const comment = lineOf(text, 'disable-next-line');
    expect(findingKeys(result)).toEqual([`invalid-suppression@${comment}`, `optimistic-non-destructive@${comment + 1}`, `optimistic-read-only@${comment + 1}`]);
    const invalid = result.findings.find((f) => f.ruleId === 'invalid-suppression')!;
    expect(invalid).toMatchObject({ severity: 'warning', tool: null, location: { line: comment, column: 7 } });
    expect(invalid.message).toContain('it gives no reason');
    expect(result.suppressed).toBe(0);
  });

  it('an unknown rule id makes the whole comment invalid, the known id included', async () => {
    const text = server({ aboveHints: '      // mcp-annotate-lint-disable-next-line optimistic-read-only, optimistic-readonly -- typo\n' });
    const result = await lintServer(text);
    expect(result.findings.map((f) => f.ruleId).sort()).toEqual(['invalid-suppression', 'optimistic-non-destructive', 'optimistic-read-only']);
    expect(result.findings.find((f) => f.ruleId === 'invalid-suppression')!.message).toBe('Invalid suppression comment, it suppresses nothing: unknown rule "optimistic-readonly"');
  });

  it('names what is wrong: no rule, an engine finding, another directive word, an empty reason; not a directive unless the comment starts with it', () => {
    expect(parseDirective(' mcp-annotate-lint-disable-next-line -- why')?.problems).toEqual(['it names no rule']);
    expect(parseDirective(' mcp-annotate-lint-disable-next-line parse-error -- why')?.problems).toEqual(['"parse-error" cannot be suppressed by a comment']);
    expect(parseDirective(' mcp-annotate-lint-disable-next-line unused-suppression -- why')?.problems).toEqual(['"unused-suppression" cannot be suppressed by a comment']);
    expect(parseDirective(' mcp-annotate-lint-disable-line optimistic-read-only -- why')?.problems).toEqual(['"mcp-annotate-lint-disable-line" is not a directive: only mcp-annotate-lint-disable-next-line is supported']);
    expect(parseDirective(' mcp-annotate-lint-disable-next-line optimistic-read-only --')?.problems).toEqual(['it gives no reason (add " -- <why>" after the rule ids)']);
    expect(parseDirective(' see mcp-annotate-lint-disable-next-line in the README')).toBeNull();
    expect(parseDirective(' mcp-annotate-lint-disable-next-line a-rule,optimistic-idempotent  --- why not')).toEqual({ ruleIds: ['a-rule', 'optimistic-idempotent'], problems: ['unknown rule "a-rule"'] });
  });

  it('several rules in one comment, above the registration call with the name on the next line (prettier)', async () => {
    const text = server({ above: '// mcp-annotate-lint-disable-next-line optimistic-read-only, optimistic-non-destructive -- writes only a scratch file\n' });
    const result = await lintServer(text);
    expect(result.findings).toEqual([]);
    expect(result.suppressed).toBe(2);
  });

  it('a block comment over several lines is invalid', async () => {
    const text = server({ above: '/* mcp-annotate-lint-disable-next-line optimistic-read-only\n   -- cache */\n' });
    const result = await lintServer(text);
    const invalid = result.findings.filter((f) => f.ruleId === 'invalid-suppression');
    expect(invalid).toHaveLength(1);
    expect(invalid[0]!.message).toContain('it spans several lines');
    expect(result.suppressed).toBe(0);
  });

  it('directive text inside a string or a template literal is not a comment', async () => {
    const directive = '// mcp-annotate-lint-disable-next-line optimistic-read-only, optimistic-non-destructive -- not a comment';
    // The string's line sits right above the registration, the template's last text line right above the hints.
    const text = server({ above: `const s = "${directive}";\n` });
    const inTemplate = server({ aboveHints: `      title: \`\n${directive}\`,\n` });
    for (const t of [text, inTemplate]) {
      const result = await lintServer(t);
      expect(result.findings.map((f) => f.ruleId).sort()).toEqual(['optimistic-non-destructive', 'optimistic-read-only']);
      expect(result.suppressed).toBe(0);
    }
  });

  it('a comment above `server.registerTool(` covers the tool whose name is on the next line, not other tools', async () => {
    const second = `server.registerTool(
  "save_too",
  { annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } },
  async () => { await writeFile("b", "x"); return { content: [] }; },
);
`;
    const text = server({ above: '// mcp-annotate-lint-disable-next-line optimistic-read-only -- scratch file\n', after: second });
    const result = await lintServer(text);
    expect(result.findings.map((f) => `${f.ruleId}:${f.tool}`).sort()).toEqual([
      'optimistic-non-destructive:save',
      'optimistic-non-destructive:save_too',
      'optimistic-read-only:save_too',
    ]);
    expect(result.suppressed).toBe(1);
  });

  it('a valid comment that suppresses nothing is reported as unused-suppression at its line', async () => {
    const text = server({ above: '// mcp-annotate-lint-disable-next-line optimistic-read-only, optimistic-idempotent -- scratch file\n' });
    const result = await lintServer(text);
    const comment = lineOf(text, 'disable-next-line');
    const unused = result.findings.filter((f) => f.ruleId === 'unused-suppression');
    expect(unused).toHaveLength(1);
    expect(unused[0]).toMatchObject({ severity: 'warning', location: { line: comment, column: 1 } });
    expect(unused[0]!.message).toBe('Unused suppression: "optimistic-idempotent" reported nothing on the next line; remove these ids from it');
    expect(result.suppressed).toBe(1);
  });

  it('a comment over a line without findings is unused', async () => {
    const text = server({ after: '// mcp-annotate-lint-disable-next-line optimistic-read-only -- nothing here\nconst later = 1;\nexport { later };\n' });
    const result = await lintServer(text);
    const comment = lineOf(text, 'disable-next-line');
    expect(findingKeys(result)).toContain(`unused-suppression@${comment}`);
    expect(result.findings.find((f) => f.ruleId === 'unused-suppression')!.message).toContain('remove the comment');
  });

  it('follows the configured severity of unused-suppression and invalid-suppression; off reports nothing', async () => {
    const unused = server({ after: '// mcp-annotate-lint-disable-next-line optimistic-read-only -- nothing here\n' });
    expect((await lintServer(unused, { 'unused-suppression': 'off' })).findings.map((f) => f.ruleId)).not.toContain('unused-suppression');
    expect((await lintServer(unused, { 'unused-suppression': 'error' })).findings.find((f) => f.ruleId === 'unused-suppression')!.severity).toBe('error');
    const invalid = server({ after: '// mcp-annotate-lint-disable-next-line optimistic-read-only\n' });
    expect((await lintServer(invalid, { 'invalid-suppression': 'off' })).findings.map((f) => f.ruleId)).not.toContain('invalid-suppression');
    expect((await lintServer(invalid, { 'invalid-suppression': 'info' })).findings.find((f) => f.ruleId === 'invalid-suppression')!.severity).toBe('info');
  });

  it('never suppresses a parse error', async () => {
    const dir = writeProject({ 'server.ts': '// mcp-annotate-lint-disable-next-line optimistic-read-only -- x\nconst = ;\n' });
    const result = await lint({ paths: ['server.ts'], cwd: dir });
    expect(result.findings.map((f) => f.ruleId)).toEqual(['parse-error']);
  });
});

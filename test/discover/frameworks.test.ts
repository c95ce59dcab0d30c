import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/index.js';

/**
 * Each folder under test/fixtures/frameworks/ is a small server written against one framework's
 * documented API, with an expect.json listing its tools. Everything asserted here comes from that
 * file: the tool names, where each is reported, its declared annotations, and its verdict.
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'frameworks');

interface ExpectedTool {
  name: string;
  file: string;
  line: number;
  annotations: Record<string, unknown> | null;
  expected: string;
}

/** The rule that reports each optimistic hint value, as the verdicts in expect.json word it. */
const RULE_FOR_CLAIM: Record<string, string> = {
  'readOnlyHint true': 'optimistic-read-only',
  'destructiveHint false': 'optimistic-non-destructive',
  'idempotentHint true': 'optimistic-idempotent',
  'openWorldHint false': 'optimistic-closed-world',
};

/**
 * The rule ids of the errors a verdict calls for: "error: readOnlyHint true and idempotentHint
 * true but appends" names two (the hints before "but"); "ok", "no annotations ..." and "unverified ..." name none (a
 * missing-annotations finding is a warning; an unverified tool's handler is not followed).
 */
function expectedErrors(verdict: string): string[] {
  if (/^(ok|no annotations|unverified)\b/.test(verdict)) return [];
  const claims = /^error: (.*?) but /.exec(verdict);
  if (!claims) throw new Error(`unknown verdict in expect.json: ${verdict}`);
  const rules = [...claims[1]!.matchAll(/(\w+Hint) (true|false)/g)].map((m) => {
    const rule = RULE_FOR_CLAIM[`${m[1]} ${m[2]}`];
    if (!rule) throw new Error(`no rule reports "${m[0]}" (verdict: ${verdict})`);
    return rule;
  });
  return rules.sort();
}

const folders = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('framework fixtures', () => {
  it('has a fixture folder with an expect.json for each framework', () => {
    expect(folders.length).toBeGreaterThanOrEqual(14);
  });

  for (const folder of folders) {
    const dir = path.join(FIXTURES, folder);
    const spec = JSON.parse(readFileSync(path.join(dir, 'expect.json'), 'utf8')) as { package: string; tools: ExpectedTool[] };

    it(`${folder} (${spec.package}): finds every tool, where its name is, with its declared annotations and verdict`, async () => {
      const result = await lint({ paths: [dir], cwd: dir });
      const where = (file: string): string => path.relative(dir, file).split(path.sep).join('/');
      const key = (name: string | null, file: string): string => `${file} ${name}`;

      expect(result.tools.map((t) => key(t.name, where(t.location.file))).sort()).toEqual(spec.tools.map((t) => key(t.name, t.file)).sort());

      for (const want of spec.tools) {
        const tool = result.tools.find((t) => t.name === want.name && where(t.location.file) === want.file)!;
        const label = `${want.file} "${want.name}"`;
        expect(tool.location.line, `${label}: line`).toBe(want.line);
        if (want.annotations === null) {
          expect(tool.annotations, `${label}: annotations`).toBeNull();
        } else {
          const declared = Object.fromEntries(Object.keys(tool.annotations?.properties ?? {}).map((k) => [k, tool.annotations?.properties[k]?.value]));
          expect(declared, `${label}: annotations`).toEqual(want.annotations);
        }
        const errors = result.findings
          .filter((f) => f.severity === 'error' && f.tool === tool.displayName && f.toolLocation?.file === tool.location.file && f.toolLocation.line === tool.location.line)
          .map((f) => f.ruleId)
          .sort();
        expect(errors, `${label}: errors for "${want.expected}"`).toEqual(expectedErrors(want.expected));
        if (want.expected.startsWith('unverified')) {
          expect(tool.unresolved.length + (tool.effects?.unresolved.length ?? 0), `${label}: unresolved items`).toBeGreaterThan(0);
        }
      }
    });
  }
});

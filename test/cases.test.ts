import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/index.js';

/**
 * The cases in test/fixtures/cases are small servers written from real bug reports; each header
 * (and expect.json) lists the findings a correct linter reports and those it must not report.
 * The expected values come from there, not from the linter's output.
 */
const CASES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'cases');

interface Expectation {
  rule: string;
  tool: string | null;
  line: number;
  lines?: number[];
}
interface Case {
  id: string;
  file: string;
  expect: Expectation[];
  mustNot: { rule: string; tool: string | null }[];
  toolsDiscovered: number | null;
}

const ALL: Case[] = JSON.parse(readFileSync(path.join(CASES_DIR, 'expect.json'), 'utf8'));

describe('cases from real bug reports', () => {
  for (const c of ALL) {
    it(`${c.file}: reports the header's findings and none it forbids`, async () => {
      const result = await lint({ paths: [path.join(CASES_DIR, c.file)], cwd: CASES_DIR });
      if (c.toolsDiscovered !== null) expect(result.tools).toHaveLength(c.toolsDiscovered);
      for (const e of c.expect) {
        // The header's line, or one of the alternatives expect.json accepts (the call, the name, the object).
        const lines = [e.line, ...(e.lines ?? [])];
        const match = result.findings.find((f) => f.ruleId === e.rule && f.tool === e.tool && lines.includes(f.location.line));
        expect(match, `${e.rule} for ${e.tool} at line ${lines.join(' or ')}; got ${result.findings.map((f) => `${f.ruleId}:${f.tool}@${f.location.line}`).join(', ')}`).toBeDefined();
      }
      for (const m of c.mustNot) {
        const bad = result.findings.filter((f) => (m.rule === '*' || f.ruleId === m.rule) && (m.tool === null || f.tool === m.tool));
        expect(bad.map((f) => `${f.ruleId}:${f.tool}@${f.location.line}`), `must not report ${m.rule} for ${m.tool}`).toEqual([]);
      }
      // Optimistic findings beyond the header's list would be false positives.
      const optimistic = result.findings.filter((f) => f.ruleId.startsWith('optimistic-') || f.ruleId === 'meaningless-hint');
      expect(optimistic).toHaveLength(c.expect.filter((e) => e.rule.startsWith('optimistic-') || e.rule === 'meaningless-hint').length);
    });
  }
});

import { cpSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyFixes, type FixType } from '../../src/fix/apply.js';
import { lint } from '../../src/index.js';
import type { Finding } from '../../src/model.js';
import { tempFolder } from '../helpers.js';

/**
 * The invariants of `--fix` (issue 17), over every fixture server of the project: a run without
 * fixing never writes; a fixed file parses; fixing again changes nothing; a fixed file linted again
 * has no finding that a fix claimed to resolve. (scripts/fuzz.ts --fix checks them over mutated programs.)
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURES = path.join(ROOT, 'test', 'fixtures');

/** Every fixture server: each folder of test/fixtures but the single-file ones, each file of those, and the examples. */
function fixtureServers(): { name: string; source: string }[] {
  const single = new Set(['cases', 'live', 'formatters']);
  const out: { name: string; source: string }[] = [];
  for (const name of readdirSync(FIXTURES)) {
    const source = path.join(FIXTURES, name);
    if (!lstatSync(source).isDirectory()) continue;
    if (!single.has(name)) out.push({ name, source });
    else for (const file of readdirSync(source).filter((f) => /\.[cm]?[jt]s$/.test(f))) out.push({ name: `${name}/${file}`, source: path.join(source, file) });
  }
  for (const name of readdirSync(path.join(ROOT, 'examples'))) out.push({ name: `examples/${name}`, source: path.join(ROOT, 'examples', name) });
  return out;
}

/** Every regular file under `dir` with its text. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (at: string): void => {
    for (const name of readdirSync(at)) {
      const file = path.join(at, name);
      const stats = lstatSync(file);
      if (stats.isDirectory()) walk(file);
      else if (stats.isFile()) out.set(path.relative(dir, file), readFileSync(file, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

/** What a fix claims to resolve: the rule, the tool (its name and the file it is registered in) and the hint. */
const claimOf = (f: Finding): string => `${f.ruleId}\0${f.tool ?? ''}\0${f.toolLocation?.file ?? ''}\0${f.hint ?? ''}`;

/** Lints `dir`, then fixes and lints again until a pass changes nothing (at most 10 passes, as the CLI). */
async function fixUntilStable(dir: string, types: ReadonlySet<FixType>) {
  let result = await lint({ paths: ['.'], cwd: dir });
  const claimed = new Set<string>();
  let passes = 0;
  for (; passes < 10; passes++) {
    const outcome = await applyFixes(result.findings, types, Number.POSITIVE_INFINITY, true, dir);
    for (const attempt of outcome.attempts) if (attempt.notMade === null) claimed.add(claimOf(attempt.finding));
    if (outcome.files.length === 0) break;
    result = await lint({ paths: ['.'], cwd: dir });
  }
  return { result, claimed, passes };
}

describe('--fix invariants over every fixture server', () => {
  for (const { name, source } of fixtureServers()) {
    it(name, async () => {
      const dir = tempFolder();
      cpSync(source, path.join(dir, path.basename(source)), { recursive: true });
      const original = snapshot(dir);
      // A run without fixing writes nothing, though its findings carry fixes.
      const plain = await lint({ paths: ['.'], cwd: dir });
      expect(snapshot(dir)).toEqual(original);
      const parseErrorsBefore = plain.findings.filter((f) => f.ruleId === 'parse-error').map((f) => f.location.file);

      const { result, claimed, passes } = await fixUntilStable(dir, new Set(['fix']));
      const fixed = snapshot(dir);
      // Only files that were there are written, and every one of them still parses.
      expect([...fixed.keys()].sort()).toEqual([...original.keys()].sort());
      expect(result.findings.filter((f) => f.ruleId === 'parse-error').map((f) => f.location.file)).toEqual(parseErrorsBefore);
      // Stable: the last pass changed nothing, and fixing again changes nothing.
      expect(passes).toBeLessThan(10);
      const again = await applyFixes(result.findings, new Set(['fix']), Number.POSITIVE_INFINITY, true, dir);
      expect(again.files).toEqual([]);
      expect(snapshot(dir)).toEqual(fixed);
      // No finding a fix claimed to resolve is reported again.
      expect(result.findings.filter((f) => claimed.has(claimOf(f))).map((f) => `${f.ruleId} ${f.message}`)).toEqual([]);
      // Fixes only ever make hints more cautious: no fixed file declares a less cautious value than before.
      for (const [file, text] of fixed) {
        if (text === original.get(file)) continue;
        for (const [hint, cautious] of [['readOnlyHint', 'false'], ['destructiveHint', 'true'], ['idempotentHint', 'false'], ['openWorldHint', 'true']] as const) {
          const count = (t: string, value: string) => t.split(`${hint}: ${value}`).length - 1;
          const risky = cautious === 'true' ? 'false' : 'true';
          expect(count(text, risky), `${file}: ${hint}: ${risky}`).toBeLessThanOrEqual(count(original.get(file)!, risky));
        }
      }
    });
  }

  it('covers the fixtures whose findings carry fixes', async () => {
    const withFixes: string[] = [];
    for (const { name, source } of fixtureServers()) {
      const dir = tempFolder();
      cpSync(source, path.join(dir, path.basename(source)), { recursive: true });
      const result = await lint({ paths: ['.'], cwd: dir });
      if (result.findings.some((f) => f.fix)) withFixes.push(name);
    }
    // Not a vacuous check: most fixture servers have something to fix.
    expect(withFixes.length).toBeGreaterThanOrEqual(10);
  });
});

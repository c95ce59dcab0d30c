import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run fuzz -- --fix`: the invariants of --fix, checked with stand-in linters that keep or
 * break them on purpose (the real linter is the fuzz run's business, not a test's). Each stand-in
 * prints an empty JSON report; program 0 is the first seed with its first mutation.
 */
const FUZZ = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'scripts', 'fuzz.js');
// Readable by everyone: as root, the fuzzer runs the linter as nobody.
const dir = mkdtempSync(path.join(os.tmpdir(), 'fuzz-fix-test-'));
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in linter: prints an empty report and does `act` (JavaScript, with `fix` and `first`, the first source file under the working folder). */
function standIn(name: string, act: string): string {
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(
    file,
    `import { appendFileSync, readdirSync, writeFileSync } from 'node:fs';
const fix = process.argv.includes('--fix');
const first = readdirSync('.', { recursive: true }).map(String).filter((f) => /\\.[cm]?[jt]s$/.test(f) && !f.includes('node_modules')).sort()[0];
${act}
process.stdout.write(JSON.stringify({ schemaVersion: 1, tools: [], findings: [], unresolvedRegistrations: [] }) + '\\n');
`,
  );
  chmodSync(file, 0o644);
  return file;
}

function fuzz(linter: string): { code: number | null; byClass: Record<string, number> } {
  const keep = path.join(dir, `keep-${path.basename(linter)}`);
  const r = spawnSync(process.execPath, [FUZZ, '--fix', '--only', '0', '--linter', linter, '--keep', keep], { encoding: 'utf8' });
  const summary = JSON.parse(readFileSync(path.join(keep, 'summary.json'), 'utf8')) as { byClass: Record<string, number> };
  return { code: r.status, byClass: summary.byClass };
}

describe('fuzz --fix', () => {
  it('documents --fix in --help', () => {
    const r = spawnSync(process.execPath, [FUZZ, '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('[--fix]');
    expect(r.stdout).toContain('a second --fix changes nothing');
  });

  it('passes a linter that writes nothing', () => {
    expect(fuzz(standIn('quiet', ''))).toEqual({ code: 0, byClass: { ok: 1 } });
  });

  it('sees a run without --fix that writes', () => {
    expect(fuzz(standIn('writes', "if (!fix) appendFileSync(first, '\\n');"))).toEqual({ code: 1, byClass: { 'fix-wrote-without-fix': 1 } });
  });

  it('sees --fix break the parse', () => {
    expect(fuzz(standIn('breaks', "if (fix) appendFileSync(first, '\\n}}} (((\\n');"))).toEqual({ code: 1, byClass: { 'fix-broke-parse': 1 } });
  });

  it('sees --fix leave a file behind', () => {
    expect(fuzz(standIn('leaves', "if (fix) writeFileSync('left-behind.tmp', 'x');"))).toEqual({ code: 1, byClass: { 'fix-touched-other-file': 1 } });
  });

  it('sees a second --fix change what the first left', () => {
    expect(fuzz(standIn('again', "if (fix) appendFileSync(first, '// again\\n');"))).toEqual({ code: 1, byClass: { 'fix-not-idempotent': 1 } });
  });
});

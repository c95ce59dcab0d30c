import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { applyBaseline, baselineOf, openBaseline, readBaseline, serializeBaseline, updatedBaseline } from '../../src/engine/baseline.js';
import { fingerprint } from '../../src/engine/fingerprint.js';
// The built CLI, as the bin runs it (`npm test` builds first; src/cli.ts reads package.json relative to dist/src).
import { main } from '../../dist/src/cli.js';
import { UsageError } from '../../src/errors.js';
import { lint } from '../../src/index.js';
import type { Finding, LintResult } from '../../src/model.js';
import { SERVER_HEADER, writeProject } from '../helpers.js';

/** Runs the command line in-process (the built function the bin calls), capturing its output. */
async function cli(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const sink = () => {
    const chunks: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (chunks.push(String(chunk)), done()) });
    return { stream, text: () => chunks.join('') };
  };
  const out = sink();
  const err = sink();
  const code = await main(args, { stdout: out.stream, stderr: err.stream, env: { NO_COLOR: '1' }, isTTY: false, cwd });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** A tool that writes a file yet declares itself read-only and non-destructive: two errors on its hint line. */
function wrongTool(name: string): string {
  return `server.registerTool(
  "${name}",
  { annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } },
  async () => { await writeFile("${name}.txt", "x"); return { content: [] }; },
);
`;
}

function serverWith(...tools: string[]): string {
  return `${SERVER_HEADER}import { writeFile } from "node:fs/promises";\n${tools.map(wrongTool).join('')}`;
}

/** A finding as the collector makes it, for the pure functions. */
function finding(ruleId: string, tool: string | null, file: string, line: number, extra: Partial<Finding> = {}): Finding {
  const location = { file, line, column: 1 };
  return { ruleId, messageId: 'm', message: `${ruleId} on ${tool}`, severity: 'error', tool, ...(tool ? { toolLocation: location } : {}), location, evidence: [], hint: 'readOnlyHint', ...extra };
}

function resultOf(findings: Finding[], filesRead: string[] = []): LintResult {
  return { tools: [], findings, unresolvedRegistrations: [], filesRead, cwd: '/p', stats: { summaries: 0, reused: 0, effectNodes: 0 } };
}

/** `file ruleId tool count` for each entry of a baseline. */
function entryKeys(baseline: { findings: { file: string; ruleId: string; tool: string | null; count: number }[] }): string[] {
  return baseline.findings.map((e) => `${e.file} ${e.ruleId} ${e.tool} ${e.count}`);
}

describe('baseline file (issue #5)', () => {
  it('counts findings per fingerprint, sorts entries by file, rule and tool, and leaves out fatal findings', () => {
    const findings = [
      finding('optimistic-read-only', 'b', '/p/src/z.ts', 9),
      finding('optimistic-read-only', 'a', '/p/src/z.ts', 3),
      finding('optimistic-read-only', 'a', '/p/src/z.ts', 30),
      finding('missing-annotations', 'c', '/p/src/a.ts', 1),
      finding('parse-error', null, '/p/src/broken.ts', 1, { fatal: true }),
    ];
    const baseline = baselineOf(findings, '/p');
    expect(baseline.version).toBe(1);
    expect(baseline.findings.map((e) => [e.file, e.ruleId, e.tool, e.hint, e.count])).toEqual([
      ['src/a.ts', 'missing-annotations', 'c', 'readOnlyHint', 1],
      ['src/z.ts', 'optimistic-read-only', 'a', 'readOnlyHint', 2],
      ['src/z.ts', 'optimistic-read-only', 'b', 'readOnlyHint', 1],
    ]);
    expect(baseline.findings[1]!.fingerprint).toBe(fingerprint(findings[1]!, '/p'));
  });

  it('removes up to the recorded count of each fingerprint, never a fatal finding, and counts what no longer occurs', () => {
    const twice = [finding('optimistic-read-only', 'a', '/p/s.ts', 3), finding('optimistic-read-only', 'a', '/p/s.ts', 8)];
    const gone = finding('optimistic-idempotent', 'old', '/p/s.ts', 1);
    const baseline = baselineOf([...twice, gone], '/p');
    const fatal = finding('analysis-error', 'a', '/p/s.ts', 3, { fatal: true });
    const applied = applyBaseline(resultOf([...twice, finding('optimistic-read-only', 'a', '/p/s.ts', 20), fatal], ['/p/s.ts']), baseline, '/p');
    expect(applied.findings.map((f) => `${f.ruleId}@${f.location.line}`)).toEqual(['optimistic-read-only@20', 'analysis-error@3']);
    expect(applied.baselined).toBe(2);
    expect(applied.baselineUnmatched).toBe(1);
  });

  it('rejects a malformed file with one line naming the file and the problem', async () => {
    const dir = writeProject({ 'bad.json': '{ "version": 1, "findings": [ { "fingerprint": "xyz", "ruleId": "r", "tool": null, "file": "a.ts", "hint": null, "count": 1 } ] }', 'v2.json': '{ "version": 2, "findings": [] }', 'text.json': 'not json', 'bom.json': '\uFEFF{ "version": 1, "findings": [] }' });
    await expect(readBaseline(path.join(dir, 'bad.json'), dir)).rejects.toThrow(/^bad\.json: not a baseline file: findings\.0\.fingerprint: expected 16 hexadecimal digits$/);
    await expect(readBaseline(path.join(dir, 'v2.json'), dir)).rejects.toThrow(/^v2\.json: not a baseline file: version: expected 1 \(the only baseline version this mcp-annotate-lint reads\)$/);
    await expect(readBaseline(path.join(dir, 'text.json'), dir)).rejects.toThrow(/^text\.json: this is not a baseline file: it is not JSON \(.+\)$/);
    // The parser quotes the text, line break included: the line was cut inside the quote (fresh-user trial: `(Unexpected token 'o', "not json)`).
    writeFileSync(path.join(dir, 'lines.json'), 'not json\n');
    await expect(readBaseline(path.join(dir, 'lines.json'), dir)).rejects.toThrow(/^lines\.json: this is not a baseline file: it is not JSON \(Unexpected token 'o'\)$/);
    // A byte order mark (Windows editors) is read past, as in configuration files (second trial).
    expect(await readBaseline(path.join(dir, 'bom.json'), dir)).toEqual({ version: 1, findings: [] });
  });
});

describe('baselines and runs over some files', () => {
  // The fresh-user trial: findings in two files, recorded by a whole-project run; pre-commit then lints one of them.
  const project = () => writeProject({ 'src/a.ts': '', 'src/legacy/old.ts': '', 'src/shared.ts': '' });
  const inA = (dir: string) => ['a1', 'a2', 'a3'].flatMap((t, i) => [finding('optimistic-read-only', t, `${dir}/src/a.ts`, 10 * i + 1), finding('optimistic-non-destructive', t, `${dir}/src/a.ts`, 10 * i + 2)]);
  const inOld = (dir: string) => [finding('optimistic-read-only', 'legacy', `${dir}/src/legacy/old.ts`, 4)];
  const files = (dir: string, ...names: string[]) => names.map((n) => path.join(dir, n));

  it('an entry of a file the run did not lint is not stale, and an update keeps it', () => {
    const dir = project();
    const full = resultOf([...inA(dir), ...inOld(dir)], files(dir, 'src/a.ts', 'src/legacy/old.ts'));
    const first = updatedBaseline(null, full, dir);
    expect([first.recorded, first.kept]).toEqual([7, 0]);
    const partial = resultOf(inOld(dir), files(dir, 'src/legacy/old.ts'));
    expect(applyBaseline(partial, first.baseline, dir)).toMatchObject({ findings: [], baselined: 1, baselineUnmatched: 0 });
    const updated = updatedBaseline(first.baseline, partial, dir);
    expect([updated.recorded, updated.kept]).toEqual([1, 6]);
    expect(serializeBaseline(updated.baseline)).toBe(serializeBaseline(first.baseline));
    expect(applyBaseline(full, updated.baseline, dir)).toMatchObject({ findings: [], baselined: 7, baselineUnmatched: 0 });
  });

  it('a finding fixed in a linted file no longer occurs, and an update drops it', () => {
    const dir = project();
    const { baseline } = updatedBaseline(null, resultOf([...inA(dir), ...inOld(dir)], files(dir, 'src/a.ts', 'src/legacy/old.ts')), dir);
    const fixed = resultOf([], files(dir, 'src/legacy/old.ts'));
    expect(applyBaseline(fixed, baseline, dir)).toMatchObject({ baselined: 0, baselineUnmatched: 1 });
    const updated = updatedBaseline(baseline, fixed, dir);
    expect([updated.recorded, updated.kept]).toEqual([0, 6]);
    expect(updated.baseline.findings.map((e) => e.file)).not.toContain('src/legacy/old.ts');
  });

  it('in a file the run did not lint but a finding points into, only the entries of that finding\'s tool are in scope', () => {
    const dir = project();
    // Annotations consts in src/shared.ts, used by a1 (registered in src/a.ts) and legacy (in src/legacy/old.ts).
    const a1 = finding('optimistic-idempotent', 'a1', `${dir}/src/shared.ts`, 3);
    const a1Other = finding('optimistic-read-only', 'a1', `${dir}/src/shared.ts`, 3);
    const legacy = finding('optimistic-idempotent', 'legacy', `${dir}/src/shared.ts`, 7);
    const { baseline } = updatedBaseline(null, resultOf([a1, a1Other, legacy], files(dir, 'src/a.ts', 'src/legacy/old.ts', 'src/shared.ts')), dir);
    // Linting src/a.ts, where a1's read-only finding was fixed: it no longer occurs; legacy's entry is not this run's to judge.
    const partial = resultOf([a1], files(dir, 'src/a.ts'));
    expect(applyBaseline(partial, baseline, dir)).toMatchObject({ findings: [], baselined: 1, baselineUnmatched: 1 });
    const updated = updatedBaseline(baseline, partial, dir);
    expect([updated.recorded, updated.kept]).toEqual([1, 1]);
    expect(entryKeys(updated.baseline)).toEqual(['src/shared.ts optimistic-idempotent a1 1', 'src/shared.ts optimistic-idempotent legacy 1']);
  });

  it('a tool the run checked speaks for its entries in a file not linted (its annotations moved inline; second trial)', () => {
    const dir = project();
    const inShared = finding('optimistic-idempotent', 'a1', `${dir}/src/shared.ts`, 3);
    const { baseline } = updatedBaseline(null, resultOf([inShared], files(dir, 'src/a.ts', 'src/shared.ts')), dir);
    // a1 now declares its annotations inline and is clean; linting src/a.ts checks it.
    const partial = { ...resultOf([], files(dir, 'src/a.ts')), tools: [{ name: 'a1' } as LintResult['tools'][number]] };
    expect(applyBaseline(partial, baseline, dir)).toMatchObject({ baselineUnmatched: 1 });
    expect(updatedBaseline(baseline, partial, dir)).toMatchObject({ recorded: 0, kept: 0 });
  });

  it('the entries of a file that no longer exists no longer occur, whatever files the run linted', () => {
    const dir = project();
    const { baseline } = updatedBaseline(null, resultOf([...inOld(dir), finding('optimistic-read-only', 'gone', `${dir}/src/gone.ts`, 1)], []), dir);
    const partial = resultOf(inOld(dir), files(dir, 'src/legacy/old.ts'));
    expect(applyBaseline(partial, baseline, dir).baselineUnmatched).toBe(1);
    expect(entryKeys(updatedBaseline(baseline, partial, dir).baseline)).toEqual(['src/legacy/old.ts optimistic-read-only legacy 1']);
  });

  it('--update-baseline on an existing file that is not a baseline stops, naming it, and leaves it as it is', async () => {
    const dir = writeProject({ 'bl.json': '{ "version": 2, "findings": [] }', 'text.json': 'not json' });
    const advice = '; fix it, or delete it to start over (--update-baseline keeps its entries for files a run does not lint)';
    await expect(openBaseline('bl.json', true, dir)).rejects.toThrow(new UsageError(`bl.json: not a baseline file: version: expected 1 (the only baseline version this mcp-annotate-lint reads)${advice}`));
    // Text that is not JSON is no baseline (a source file named by mistake): no advice to delete it (second trial).
    await expect(openBaseline('text.json', true, dir)).rejects.toThrow(/^text\.json: this is not a baseline file: it is not JSON \([^;]+\)$/);
    expect(readFileSync(path.join(dir, 'bl.json'), 'utf8')).toBe('{ "version": 2, "findings": [] }');
  });

  it('end to end through lint(): a whole-project update, a run and an update over one file, and a whole-project run that still passes', async () => {
    const dir = writeProject({ 'src/a.ts': serverWith('alpha', 'beta'), 'src/legacy/old.ts': serverWith('gamma') });
    const blFile = path.join(dir, 'bl.json');
    const whole = () => lint({ paths: ['.'], cwd: dir });
    const old = () => lint({ paths: ['src/legacy/old.ts'], cwd: dir });

    const created = await (await openBaseline('bl.json', true, dir))!.apply(await whole());
    expect(created).toMatchObject({ findings: [], baselined: 6, baselineUnmatched: 0, baselineWritten: { file: 'bl.json', recorded: 6, kept: 0 } });
    const text = readFileSync(blFile, 'utf8');

    const checked = await (await openBaseline('bl.json', false, dir))!.apply(await old());
    expect(checked).toMatchObject({ findings: [], baselined: 2, baselineUnmatched: 0 });
    expect(checked.baselineWritten).toBeUndefined();

    const updated = await (await openBaseline('bl.json', true, dir))!.apply(await old());
    expect(updated).toMatchObject({ findings: [], baselined: 2, baselineUnmatched: 0, baselineWritten: { file: 'bl.json', recorded: 2, kept: 4 } });
    expect(readFileSync(blFile, 'utf8')).toBe(text);

    expect(await (await openBaseline('bl.json', false, dir))!.apply(await whole())).toMatchObject({ findings: [], baselined: 6, baselineUnmatched: 0 });
  });
});

describe('--baseline and --update-baseline (issue #5)', () => {
  it('round trip: record, pass, survive line shifts, fail only on a new finding, note what no longer occurs', async () => {
    const dir = writeProject({ 'server.ts': serverWith('alpha', 'beta') });
    const baselineFile = path.join(dir, 'ci', 'b.json');

    const created = await cli(['--baseline', 'ci/b.json', '--update-baseline', 'server.ts'], dir);
    expect(created.code).toBe(0);
    // The line that says what was written; nothing else.
    expect(created.stderr).toBe('mcp-annotate-lint: wrote ci/b.json: 4 findings recorded\n');
    expect(created.stdout).toContain('4 findings not shown: 4 baselined.');
    const text = readFileSync(baselineFile, 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    const written = JSON.parse(text);
    expect(text).toBe(`${JSON.stringify(written, null, 2)}\n`);
    expect(written.findings.map((e: { tool: string; ruleId: string; file: string; count: number }) => `${e.file} ${e.ruleId} ${e.tool} ${e.count}`)).toEqual([
      '../server.ts optimistic-non-destructive alpha 1',
      '../server.ts optimistic-non-destructive beta 1',
      '../server.ts optimistic-read-only alpha 1',
      '../server.ts optimistic-read-only beta 1',
    ]);
    await cli(['--baseline', 'ci/b.json', '--update-baseline', 'server.ts'], dir);
    expect(readFileSync(baselineFile, 'utf8')).toBe(text);

    const again = await cli(['--baseline', 'ci/b.json', 'server.ts'], dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('4 findings not shown: 4 baselined.\n✔ Checked 2 tools in 1 file.\n');
    // Fingerprints are relative to the baseline's folder, not to the working directory.
    expect((await cli(['--baseline', 'b.json', '../server.ts'], path.join(dir, 'ci'))).code).toBe(0);

    writeFileSync(path.join(dir, 'server.ts'), serverWith('alpha', 'beta').replace('import { writeFile }', '// one\n// two\n// three\nimport { writeFile }'));
    const shifted = await cli(['--baseline', 'ci/b.json', 'server.ts'], dir);
    expect(shifted.code).toBe(0);
    expect(shifted.stdout).toContain('4 baselined');

    writeFileSync(path.join(dir, 'server.ts'), serverWith('alpha', 'beta', 'gamma'));
    const added = await cli(['--baseline', 'ci/b.json', 'server.ts'], dir);
    expect(added.code).toBe(1);
    expect(added.stdout).toMatch(/"gamma" declares readOnlyHint: true/);
    expect(added.stdout).toMatch(/"gamma" declares destructiveHint: false/);
    expect(added.stdout).not.toMatch(/"alpha"|"beta"/);
    expect(added.stdout).toContain('✖ 2 problems (1 error, 1 warning)\n4 findings not shown: 4 baselined.');
    const json = JSON.parse((await cli(['--baseline', 'ci/b.json', '--format', 'json', 'server.ts'], dir)).stdout);
    expect(json).toMatchObject({ schemaVersion: 1, baselined: 4, suppressed: 0 });
    expect(json.findings.map((f: { tool: string }) => f.tool)).toEqual(['gamma', 'gamma']);

    writeFileSync(path.join(dir, 'server.ts'), serverWith('alpha'));
    const removed = await cli(['--baseline', 'ci/b.json', 'server.ts'], dir);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('2 baselined findings no longer occur; run with --update-baseline to drop them.');
    expect(readFileSync(baselineFile, 'utf8')).toBe(text);
  });

  it('exits 2 with one line for a missing or malformed baseline file, and for --update-baseline alone', async () => {
    const dir = writeProject({ 'server.ts': serverWith('alpha'), 'broken.json': '{ "version": 1, "findings": [ { "fingerprint": 1 } ] }' });
    const missing = await cli(['--baseline', 'none.json', 'server.ts'], dir);
    expect(missing).toEqual({ code: 2, stdout: '', stderr: 'mcp-annotate-lint: none.json: no such baseline file; create it with --update-baseline\n' });
    expect(existsSync(path.join(dir, 'none.json'))).toBe(false);
    const broken = await cli(['--baseline', 'broken.json', 'server.ts'], dir);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^mcp-annotate-lint: broken\.json: not a baseline file: findings\.0\.fingerprint: .+ \(and 5 more problems\)\n$/);
    const overwrite = await cli(['--baseline', 'broken.json', '--update-baseline', 'server.ts'], dir);
    expect(overwrite.code).toBe(2);
    expect(overwrite.stderr).toMatch(/^mcp-annotate-lint: broken\.json: not a baseline file: .+; fix it, or delete it to start over \(.+\)\n$/);
    expect(readFileSync(path.join(dir, 'broken.json'), 'utf8')).toBe('{ "version": 1, "findings": [ { "fingerprint": 1 } ] }');
    const alone = await cli(['--update-baseline', 'server.ts'], dir);
    expect(alone).toEqual({ code: 2, stdout: '', stderr: 'mcp-annotate-lint: --update-baseline needs --baseline <file>: name the file to write\n' });
  });
});

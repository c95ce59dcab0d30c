import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { applyBaseline, baselineOf, readBaseline } from '../../src/engine/baseline.js';
import { fingerprint } from '../../src/engine/fingerprint.js';
// The built CLI, as the bin runs it (`npm test` builds first; src/cli.ts reads package.json relative to dist/src).
import { main } from '../../dist/src/cli.js';
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

function resultOf(findings: Finding[]): LintResult {
  return { tools: [], findings, unresolvedRegistrations: [], filesRead: [], cwd: '/p', stats: { summaries: 0, reused: 0, effectNodes: 0 } };
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
    const applied = applyBaseline(resultOf([...twice, finding('optimistic-read-only', 'a', '/p/s.ts', 20), fatal]), baseline, '/p');
    expect(applied.findings.map((f) => `${f.ruleId}@${f.location.line}`)).toEqual(['optimistic-read-only@20', 'analysis-error@3']);
    expect(applied.baselined).toBe(2);
    expect(applied.baselineUnmatched).toBe(1);
  });

  it('rejects a malformed file with one line naming the file and the problem', async () => {
    const dir = writeProject({ 'bad.json': '{ "version": 1, "findings": [ { "fingerprint": "xyz", "ruleId": "r", "tool": null, "file": "a.ts", "hint": null, "count": 1 } ] }', 'v2.json': '{ "version": 2, "findings": [] }', 'text.json': 'not json' });
    await expect(readBaseline(path.join(dir, 'bad.json'), dir)).rejects.toThrow(/^bad\.json: not a baseline file: findings\.0\.fingerprint: expected 16 hexadecimal digits$/);
    await expect(readBaseline(path.join(dir, 'v2.json'), dir)).rejects.toThrow(/^v2\.json: not a baseline file: version: expected 1 \(the only baseline version this mcp-annotate-lint reads\)$/);
    await expect(readBaseline(path.join(dir, 'text.json'), dir)).rejects.toThrow(/^text\.json: the baseline file is not valid JSON \(.+\)$/);
  });
});

describe('--baseline and --update-baseline (issue #5)', () => {
  it('round trip: record, pass, survive line shifts, fail only on a new finding, note what no longer occurs', async () => {
    const dir = writeProject({ 'server.ts': serverWith('alpha', 'beta') });
    const baselineFile = path.join(dir, 'ci', 'b.json');

    const created = await cli(['--baseline', 'ci/b.json', '--update-baseline', 'server.ts'], dir);
    expect(created).toMatchObject({ code: 0, stderr: '' });
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
    expect(added.stdout).toContain('✖ 2 problems (2 errors, 0 warnings)\n4 findings not shown: 4 baselined.');
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
    const alone = await cli(['--update-baseline', 'server.ts'], dir);
    expect(alone).toEqual({ code: 2, stdout: '', stderr: 'mcp-annotate-lint: --update-baseline needs --baseline <file>: name the file to write\n' });
  });
});

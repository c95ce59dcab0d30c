import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli-run.js';
import { tempFolder } from '../helpers.js';

const EXAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples', 'notes-server');

/** A copy of the example server in a fresh folder (a git repository, for `git apply`). */
function exampleCopy(): string {
  const dir = tempFolder();
  cpSync(EXAMPLE, dir, { recursive: true });
  return dir;
}

/** Every file under `dir` with its text, to tell whether a run wrote anything. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const file = path.join(at, name);
      if (statSync(file).isDirectory()) walk(file);
      else out[path.relative(dir, file)] = readFileSync(file, 'utf8');
    }
  };
  walk(dir);
  return out;
}

describe('--fix on the example server (issue 17: done when it has no error-level finding)', () => {
  it('fixes the five hints the code proves wrong, in the reviewer own words, and reports what remains', async () => {
    const dir = exampleCopy();
    const run = await runCli(['--fix', '.'], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('mcp-annotate-lint: fixed 5 problems in 1 file\n');
    expect(run.stdout).not.toMatch(/\berror\b/);
    expect(run.stdout).toContain('0 errors');
    const text = readFileSync(path.join(dir, 'src', 'index.ts'), 'utf8');
    expect(text).toContain('annotations: { ...READ_ONLY, readOnlyHint: false, idempotentHint: false },');
    expect(text).toContain('annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },');
    expect(text).toContain('annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },');
    // The preset list_notes shares is left as it was.
    expect(text).toContain('const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;');
  });

  it('changes nothing on a second run', async () => {
    const dir = exampleCopy();
    await runCli(['--fix', '.'], dir);
    const before = snapshot(dir);
    const again = await runCli(['--fix', '.'], dir);
    expect(again.stderr).toBe('mcp-annotate-lint: fixed nothing\n');
    expect(snapshot(dir)).toEqual(before);
  });

  it('--fix-dry-run prints the diff --fix would write, which git applies, and writes nothing', async () => {
    const dir = exampleCopy();
    const fixedDir = exampleCopy();
    const before = snapshot(dir);
    const [dry] = await Promise.all([runCli(['--fix-dry-run', '.'], dir), runCli(['--fix', '.'], fixedDir)]);
    expect(dry.code).toBe(0);
    expect(dry.stderr).toBe('mcp-annotate-lint: would fix 5 problems in 1 file (no source file written: --fix-dry-run)\n');
    expect(snapshot(dir)).toEqual(before);
    expect(dry.stdout).toMatch(/^--- a\/src\/index.ts\n\+\+\+ b\/src\/index.ts\n@@ /);
    const applied = spawnSync('git', ['apply', '-'], { cwd: dir, input: dry.stdout, encoding: 'utf8' });
    expect(applied.stderr).toBe('');
    expect(snapshot(dir)).toEqual(snapshot(fixedDir));
  });

  it('applies suggestions only when --fix-type asks for them', async () => {
    const dir = exampleCopy();
    const run = await runCli(['--fix-dry-run', '--fix-type', 'suggestion', '.'], dir);
    expect(run.stdout).toContain('+server.registerTool("word_count", { description: "Count the words in a note.", inputSchema: { id: z.string() }, annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } }, async ({ id }) =>');
    expect(run.stdout).not.toContain('destructiveHint: true');
  });

  it('carries each fix in --format json and SARIF, without writing', async () => {
    const dir = exampleCopy();
    const before = snapshot(dir);
    const [json, sarif] = await Promise.all([runCli(['--format', 'json', '.'], dir), runCli(['--format', 'sarif', '.'], dir)]);
    const findings = (JSON.parse(json.stdout) as { findings: { ruleId: string; fix?: { file: string; range: [number, number]; text: string } }[] }).findings;
    const fix = findings.find((f) => f.ruleId === 'optimistic-non-destructive')!.fix!;
    expect(fix.file).toBe('src/index.ts');
    expect(before['src/index.ts']!.slice(fix.range[0], fix.range[1])).toBe('false');
    expect(fix.text).toBe('true');
    const results = (JSON.parse(sarif.stdout) as { runs: { results: { ruleId: string; fixes?: { artifactChanges: { replacements: { deletedRegion: { charOffset: number; charLength: number }; insertedContent: { text: string } }[] }[] }[] }[] }[] }).runs[0]!.results;
    const replacement = results.find((r) => r.ruleId === 'optimistic-non-destructive')!.fixes![0]!.artifactChanges[0]!.replacements[0]!;
    expect(replacement).toEqual({ deletedRegion: { charOffset: fix.range[0], charLength: 5 }, insertedContent: { text: 'true' } });
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses options that contradict --fix', async () => {
    const dir = exampleCopy();
    const runs = await Promise.all([
      runCli(['--fix', '--fix-dry-run', '.'], dir),
      runCli(['--fix-type', 'suggestion', '.'], dir),
      runCli(['--fix', '--fix-type', 'everything', '.'], dir),
      runCli(['--fix-dry-run', '--format', 'json', '.'], dir),
      runCli(['--fix', '--tools', '.'], dir),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2, 2]);
    expect(runs[0]!.stderr).toContain('--fix and --fix-dry-run contradict each other');
    expect(runs[1]!.stderr).toContain('--fix-type does nothing without --fix or --fix-dry-run');
    expect(runs[2]!.stderr).toContain('expected a comma-separated list of fix, suggestion; got "everything"');
    expect(runs[3]!.stderr).toContain('--fix-dry-run prints a unified diff, not a report');
    expect(runs[4]!.stderr).toContain('--tools prints a table and changes nothing');
  });
});

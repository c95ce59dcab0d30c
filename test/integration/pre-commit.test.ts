import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writeProject } from '../helpers.js';
import { ROOT, consumerProject, git, readmeBlock, runIn, serverSource } from './consumer.js';

/** The hook manifest pre-commit reads from this repository. */
const manifest = parse(readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];

/** True when a `pre-commit` command runs; `.ci/run` installs one, and requires the test with MCPLINT_REQUIRE_PRECOMMIT=1. */
const hasPreCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;
const required = process.env.MCPLINT_REQUIRE_PRECOMMIT === '1';
if (!hasPreCommit && !required) console.warn('test/integration/pre-commit.test.ts: skipping the pre-commit run: no `pre-commit` command on PATH (.ci/run installs one; MCPLINT_REQUIRE_PRECOMMIT=1 makes this a failure)');

describe('pre-commit hook', () => {
  it('declares the hook the README configures: system language through npx --no, TS/JS files, one process', () => {
    expect(manifest).toEqual([
      expect.objectContaining({ id: 'mcp-annotate-lint', entry: 'npx --no -- mcp-annotate-lint', language: 'system', types_or: ['ts', 'tsx', 'javascript', 'jsx'], require_serial: true }),
    ]);
    // pass_filenames is left at its default (true): the hook lints the files pre-commit passes.
    expect(manifest[0]).not.toHaveProperty('pass_filenames');
    const config = parse(readmeBlock('### pre-commit', 'yaml')) as { repos: { repo: string; rev: string; hooks: { id: string }[] }[] };
    expect(config.repos).toEqual([{ repo: 'https://github.com/mcp-annotate-lint/mcp-annotate-lint', rev: expect.stringMatching(/^v\d+\.\d+\.\d+$/), hooks: [{ id: 'mcp-annotate-lint' }] }]);
  });

  it.runIf(hasPreCommit || required)('fails a commit whose staged server claims read-only but writes, and passes once the annotation is fixed (pre-commit try-repo)', () => {
    if (!hasPreCommit) throw new Error('MCPLINT_REQUIRE_PRECOMMIT=1 but no `pre-commit` command is on PATH (run .ci/run, or install pre-commit)');
    const dir = consumerProject({ 'src/server.ts': serverSource(true), 'README.md': '# notes\n' });
    git(dir, 'add', '.');
    // try-repo reads the manifest from this checkout at HEAD plus its uncommitted tracked changes (also from a git worktree).
    const env = { PRE_COMMIT_HOME: writeProject({}) };
    const tryRepo = () => runIn(dir, 'pre-commit', ['try-repo', ROOT, 'mcp-annotate-lint', '--files', 'src/server.ts', 'README.md'], env);
    const bad = tryRepo();
    expect(bad.output).toMatch(/mcp-annotate-lint\.+Failed/);
    expect(bad.output).toMatch(/4:\d+ +error +"save_note" declares readOnlyHint: true, but it writes a file .* optimistic-read-only/);
    expect(bad.code).toBe(1);
    writeFileSync(path.join(dir, 'src/server.ts'), serverSource(false));
    git(dir, 'add', 'src/server.ts');
    const good = tryRepo();
    expect(good.output).toMatch(/mcp-annotate-lint\.+Passed/);
    expect(good.code).toBe(0);
  });
});

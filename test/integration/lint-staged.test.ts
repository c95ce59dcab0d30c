import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, consumerProject, git, readmeBlock, runIn, serverSource } from './consumer.js';

const LINT_STAGED = path.join(ROOT, 'node_modules', 'lint-staged', 'bin', 'lint-staged.js');

describe('husky and lint-staged recipe', () => {
  it('lints only the staged TypeScript and JavaScript files with the README config, and fails on an error', () => {
    const config = JSON.parse(readmeBlock('### husky and lint-staged', 'json')) as { 'lint-staged': Record<string, string> };
    expect(readmeBlock('make `.husky/pre-commit`', 'sh')).toBe('npx lint-staged\n');
    const good = serverSource(false).replaceAll('save_note', 'keep_note');
    const dir = consumerProject({ 'src/bad.ts': serverSource(true), 'src/good.ts': good, 'src/unstaged.ts': serverSource(true).replaceAll('save_note', 'unstaged_note'), 'notes.md': '# notes\n' });
    const pkg = path.join(dir, 'package.json');
    writeFileSync(pkg, JSON.stringify({ ...JSON.parse(readFileSync(pkg, 'utf8')), ...config }, null, 2));
    git(dir, 'add', 'package.json', 'src/bad.ts', 'src/good.ts', 'notes.md');
    const failed = runIn(dir, process.execPath, [LINT_STAGED, '--verbose']);
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(/"save_note" declares readOnlyHint: true, but it writes a file .* optimistic-read-only/);
    // Two files linted: the staged bad.ts and good.ts; not the unstaged file, not notes.md.
    expect(failed.output).toContain('Checked 2 tools in 2 files.');
    expect(failed.output).not.toContain('unstaged_note');
    expect(failed.output).not.toContain('notes.md');

    writeFileSync(path.join(dir, 'src/bad.ts'), serverSource(false));
    git(dir, 'add', 'src/bad.ts');
    const passed = runIn(dir, process.execPath, [LINT_STAGED, '--verbose']);
    expect(passed.output).toContain('✔ Checked 2 tools in 2 files.');
    expect(passed.code).toBe(0);
  });
});

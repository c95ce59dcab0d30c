import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config/schema.js';
import { SERVER_HEADER, writeProject } from './helpers.js';
import { runCli } from './cli-run.js';

/* The CLI options that make mcp-annotate-lint a gate (issue #5), through the built bin. */

/** Runs the bin in `cwd`; see {@link runCli}. */
function run(args: string[], cwd: string) {
  return runCli(args, cwd);
}

/** One error (`peek` claims read-only and writes) and two warnings (`add` and `more` have no annotations). */
const SERVER = `${SERVER_HEADER}import { writeFile } from "node:fs/promises";
server.registerTool("peek", { description: "d", inputSchema: {}, annotations: { readOnlyHint: true, openWorldHint: false } }, async () => {
  await writeFile("/tmp/x", "y");
  return { content: [] };
});
server.registerTool("add", { description: "d", inputSchema: {} }, async () => ({ content: [] }));
server.registerTool("more", { description: "d", inputSchema: {} }, async () => ({ content: [] }));
`;
const WARNINGS_ONLY = SERVER.replace('readOnlyHint: true', 'readOnlyHint: false, destructiveHint: true, idempotentHint: true');

describe('--max-warnings and --quiet', () => {
  it('exits 1 when warnings exceed --max-warnings, 0 at the limit', async () => {
    const dir = writeProject({ 'server.ts': WARNINGS_ONLY });
    expect((await run(['server.ts'], dir)).code).toBe(0);
    expect((await run(['server.ts', '--max-warnings', '2'], dir)).code).toBe(0);
    const over = await run(['server.ts', '--max-warnings', '1'], dir);
    expect(over.code).toBe(1);
    expect(over.stderr).toBe('mcp-annotate-lint: 2 warnings, more than --max-warnings 1 allows\n');
    expect(await run(['server.ts', '--max-warnings', '-1'], dir)).toMatchObject({ code: 2, stderr: expect.stringContaining("option '--max-warnings <n>' argument '-1' is invalid") });
  });

  it('--quiet shows and counts errors only', async () => {
    const dir = writeProject({ 'server.ts': SERVER });
    const quiet = await run(['server.ts', '--quiet', '--max-warnings', '0'], dir);
    expect(quiet.code).toBe(1);
    expect(quiet.stdout).toContain('✖ 1 problem (1 error, 0 warnings)');
    expect(quiet.stdout).not.toContain('missing-annotations');
    expect(quiet.stderr).toBe('');
    const clean = writeProject({ 'server.ts': WARNINGS_ONLY });
    expect((await run(['server.ts', '--quiet', '--max-warnings', '0'], clean)).code).toBe(0);
  });
});

describe('--output-file', () => {
  it('writes the report to the file (creating its folder), nothing to stdout, and keeps the exit code', async () => {
    const dir = writeProject({ 'server.ts': SERVER });
    const r = await run(['server.ts', '-f', 'json', '-o', 'reports/lint.json'], dir);
    expect(r).toMatchObject({ code: 1, stdout: '' });
    const report = JSON.parse(readFileSync(path.join(dir, 'reports', 'lint.json'), 'utf8'));
    expect(report.findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(['optimistic-read-only', 'missing-annotations', 'missing-annotations']);
  });

  it('replaces an existing report whole, and fails with one line when it cannot write', async () => {
    const dir = writeProject({ 'server.ts': WARNINGS_ONLY, 'out.txt': 'x'.repeat(100_000), 'file': '' });
    expect((await run(['server.ts', '-o', 'out.txt'], dir)).code).toBe(0);
    expect(readFileSync(path.join(dir, 'out.txt'), 'utf8')).toMatch(/^server\.ts\n[^]*✖ 2 problems \(0 errors, 2 warnings\)\n/);
    mkdirSync(path.join(dir, 'folder'));
    expect(await run(['server.ts', '-o', 'folder'], dir)).toMatchObject({ code: 2, stderr: 'mcp-annotate-lint: folder: cannot write the report: it is a folder\n' });
    // mkdir({ recursive: true }) never returns under /proc (fresh-user trial of live mode): one line, exit 2.
    expect(await run(['server.ts', '-o', '/proc/mcp-annotate-lint-nope/report.txt'], dir)).toMatchObject({ code: 2, stderr: 'mcp-annotate-lint: /proc/mcp-annotate-lint-nope/report.txt: cannot write the report: its folder cannot be created\n' });
    expect(await run(['server.ts', '-o', 'file/report.txt'], dir)).toMatchObject({ code: 2, stderr: expect.stringMatching(/^mcp-annotate-lint: file\/report\.txt: cannot write the report: [^\n]+\n$/) });
  });
});

describe('--init', () => {
  it('writes a starter .mcplintrc.json that validates and lists every rule, and refuses to overwrite a configuration', async () => {
    const dir = writeProject({ 'package.json': '{"name":"x"}' });
    const r = await run(['--init'], dir);
    expect(r).toMatchObject({ code: 0, stdout: expect.stringContaining('Wrote .mcplintrc.json') });
    const written = JSON.parse(readFileSync(path.join(dir, '.mcplintrc.json'), 'utf8'));
    expect(ConfigSchema.safeParse(written).success).toBe(true);
    expect(written.rules).toMatchObject({ 'optimistic-read-only': 'error', 'missing-annotations': 'warn', 'unused-suppression': 'warn' });
    expect(written.$schema).toBe('./node_modules/mcp-annotate-lint/schema.json');
    // In a subfolder of a project that has the package installed, the reference climbs to it.
    const installed = writeProject({ 'node_modules/mcp-annotate-lint/schema.json': '{}', 'packages/server/package.json': '{}' });
    expect((await run(['--init'], path.join(installed, 'packages', 'server'))).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(installed, 'packages', 'server', '.mcplintrc.json'), 'utf8')).$schema).toBe('../../node_modules/mcp-annotate-lint/schema.json');
    expect(await run(['--init'], dir)).toMatchObject({ code: 2, stderr: 'mcp-annotate-lint: .mcplintrc.json: a configuration already exists here; --init does not overwrite it\n' });
    const yaml = writeProject({ '.mcplintrc.yaml': 'profile: spec\n' });
    expect(await run(['--init'], yaml)).toMatchObject({ code: 2, stderr: expect.stringContaining('.mcplintrc.yaml: a configuration already exists here') });
    expect(existsSync(path.join(yaml, '.mcplintrc.json'))).toBe(false);
    const inPackage = writeProject({ 'package.json': JSON.stringify({ name: 'x', mcplint: {} }) });
    expect((await run(['--init'], inPackage)).code).toBe(2);
    expect(await run(['--init', 'src'], dir)).toMatchObject({ code: 2, stderr: 'mcp-annotate-lint: --init takes no paths: run it in the folder that should hold the configuration\n' });
  });
});

describe('rules command', () => {
  it('lists every rule with its severity here, fixable and description, and where the docs are', async () => {
    const dir = writeProject({ 'package.json': '{"name":"x"}', '.mcplintrc.json': JSON.stringify({ profile: 'directory', rules: { 'meaningless-hint': 'off' } }) });
    const r = await run(['rules'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^rule +severity +fixable +reports\n/);
    expect(r.stdout).toMatch(/\nmeaningless-hint +off \(default warning\) +yes +destructiveHint or idempotentHint on a read-only tool/);
    expect(r.stdout).toMatch(/\nmissing-annotations +error \(default warning\) +suggests +a tool without annotations/);
    expect(r.stdout).toMatch(/\noptimistic-read-only +error +yes +readOnlyHint: true on a tool that modifies its environment\n/);
    expect(r.stdout).toMatch(/\nunused-suppression +warning +no +a mcp-annotate-lint-disable-next-line comment that suppresses no finding\n/);
    expect(r.stdout).toContain('https://github.com/mcp-annotate-lint/mcp-annotate-lint/blob/main/rules/<rule>.md');
    expect((await run(['rules', '--no-config'], dir)).stdout).toMatch(/\nmeaningless-hint +warning +yes +/);
    writeFileSync(path.join(dir, '.mcplintrc.json'), '{"rules": {"nope": "off"}}');
    expect(await run(['rules'], dir)).toMatchObject({ code: 2, stderr: expect.stringContaining('.mcplintrc.json: rules: Unrecognized key: "nope"') });
  });
});

describe('a configuration found by the CLI', () => {
  it('applies its rules and overrides, with globs relative to its folder, also from a subfolder of the repository', async () => {
    const dir = writeProject({
      '.git/HEAD': '',
      'package.json': '{"name":"x"}',
      '.mcplintrc.json': JSON.stringify({ rules: { 'missing-annotations': 'off' }, overrides: [{ files: ['src/**'], tools: ['peek'], rules: { 'optimistic-read-only': 'warn' } }] }),
      'src/server.ts': SERVER,
    });
    const r = await run(['src/server.ts'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('✖ 1 problem (0 errors, 1 warning)');
    expect((await run(['server.ts'], path.join(dir, 'src'))).code).toBe(0);
    expect((await run(['--no-config', 'src/server.ts'], dir)).code).toBe(1);
  });
});

describe('issue #5, done when: a configuration that turns one rule off and a comment that suppresses one finding', () => {
  it('leave exactly the remaining findings', async () => {
    const server = `${SERVER_HEADER}import { writeFile, appendFile } from "node:fs/promises";
server.registerTool("peek", { description: "d", inputSchema: {}, annotations: { readOnlyHint: true, openWorldHint: false } }, async () => {
  await writeFile("/tmp/x", "y");
  return { content: [] };
});
// mcp-annotate-lint-disable-next-line optimistic-idempotent -- the journal is an audit trail, retried calls are expected to log twice
server.registerTool("save", { description: "d", inputSchema: {}, annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false } }, async () => {
  await appendFile("/tmp/journal", "y");
  return { content: [] };
});
server.registerTool("add", { description: "d", inputSchema: {} }, async () => ({ content: [] }));
`;
    const dir = writeProject({
      'package.json': '{"name":"x"}',
      '.mcplintrc.json': JSON.stringify({ rules: { 'missing-annotations': 'off' } }),
      'server.ts': server,
      'uncommented.ts': server.replace(/^\/\/ mcp-annotate-lint-disable-next-line.*\n/m, ''),
    });
    const ids = (stdout: string) => JSON.parse(stdout).findings.map((f: { tool: string; ruleId: string }) => `${f.tool} ${f.ruleId}`);
    // Without the configuration and the comment, three findings.
    expect(ids((await run(['--no-config', '-f', 'json', 'uncommented.ts'], dir)).stdout)).toEqual(['peek optimistic-read-only', 'save optimistic-idempotent', 'add missing-annotations']);
    const r = await run(['-f', 'json', 'server.ts'], dir);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.findings.map((f: { tool: string; ruleId: string }) => `${f.tool} ${f.ruleId}`)).toEqual(['peek optimistic-read-only']);
    expect(report.suppressed).toBe(1);
  });
});

describe('options that contradict or would be ignored stop the run (third fresh-user trial)', () => {
  it('after --, a path spelled like the rules command is linted; rules with paths says how to lint such a folder', async () => {
    const dir = writeProject({ 'package.json': '{"name":"x"}', 'rules/server.ts': SERVER });
    const r = await run(['-f', 'json', '--', 'rules'], dir);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).tools.map((t: { name: string }) => t.name)).toEqual(['peek', 'add', 'more']);
    expect(await run(['rules', 'src'], dir)).toMatchObject({ code: 2, stderr: 'mcp-annotate-lint: `rules` takes no paths (to lint a folder named rules, write ./rules or -- rules)\n' });
    expect(await run(['--format', 'json', 'rules'], dir)).toMatchObject({ code: 2, stderr: 'mcp-annotate-lint: `rules` takes only --config and --no-config; --format is an option of linting (to lint a folder named rules, write ./rules or -- rules)\n' });
    expect(await run(['--no-config', 'rules'], dir)).toMatchObject({ code: 2, stderr: 'mcp-annotate-lint: write --no-config after `rules` (mcp-annotate-lint rules --no-config)\n' });
  });

  it.each([
    [['--init', '--quiet', '-o', 'x.txt'], '--init only writes a configuration: --quiet, --output-file would do nothing with it'],
    [['--tools', '--format', 'json', 'server.ts'], '--tools prints a table for people; with --format json leave it out (the json report already covers every tool)'],
    [['--config', 'c.json', '--no-config', 'server.ts'], '--config and --no-config contradict each other: give one'],
    [['--no-config', '-c', 'c.json', 'server.ts'], '--config and --no-config contradict each other: give one'],
    [['', 'server.ts'], 'an empty path was given (a variable that expanded to nothing?)'],
    [['-o', '', 'server.ts'], '--output-file needs a file name'],
    [['-o', 'reports/', 'server.ts'], 'reports/: --output-file names a folder; give a file name'],
    [['-o', 'server.ts', 'server.ts'], 'server.ts: --output-file would overwrite a source or project file; write the report elsewhere'],
    // Files the run reads without naming them, and links to guarded files (second trial).
    [['-o', 'helper.ts', 'server.ts'], 'helper.ts: --output-file would overwrite a source or project file; write the report elsewhere'],
    [['-o', 'tsconfig.json', 'server.ts'], 'tsconfig.json: --output-file would overwrite a source or project file; write the report elsewhere'],
    [['-o', 'package.json', 'server.ts'], 'package.json: --output-file would overwrite a source or project file; write the report elsewhere'],
    [['-o', 'link.txt', 'server.ts'], 'link.txt: --output-file would overwrite a source or project file; write the report elsewhere'],
    [['--baseline', 'bl.json', '-o', 'bl-link.json', 'server.ts'], 'bl-link.json: --output-file would overwrite the baseline; write the report elsewhere'],
    [['--config', '', 'server.ts'], '--config needs a file name'],
    [['--baseline', '', 'server.ts'], '--baseline needs a file name'],
    [['--baseline', 'bl.json', '-o', 'bl.json', 'server.ts'], 'bl.json: --output-file would overwrite the baseline; write the report elsewhere'],
    [['--baseline', 'bl.json', '--update-baseline', '-o', './bl.json', 'server.ts'], './bl.json: --output-file would overwrite the baseline; write the report elsewhere'],
    [['-o', '.mcplintrc.json', 'server.ts'], '.mcplintrc.json: --output-file would overwrite the configuration; write the report elsewhere'],
    // A configuration file the run does not use is still the user's (found by a fresh user).
    [['--no-config', '-o', '.mcplintrc.json', 'server.ts'], '.mcplintrc.json: --output-file would overwrite a source or project file; write the report elsewhere'],
  ])('%j', async (args, message) => {
    const dir = writeProject({ 'package.json': '{"name":"x"}', '.mcplintrc.json': '{}', 'server.ts': SERVER, 'bl.json': '{"version":1,"findings":[]}', 'helper.ts': 'export const x = 1;\n', 'tsconfig.json': '{}' });
    symlinkSync(path.join(dir, 'server.ts'), path.join(dir, 'link.txt'));
    symlinkSync(path.join(dir, 'bl.json'), path.join(dir, 'bl-link.json'));
    const before = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    expect(await run(args, dir)).toMatchObject({ code: 2, stdout: '', stderr: `mcp-annotate-lint: ${message}\n` });
    expect(readFileSync(path.join(dir, 'server.ts'), 'utf8')).toBe(before);
    expect(readFileSync(path.join(dir, 'bl.json'), 'utf8')).toBe('{"version":1,"findings":[]}');
    expect(readFileSync(path.join(dir, '.mcplintrc.json'), 'utf8')).toBe('{}');
  });

  it('-o - writes to stdout', async () => {
    const dir = writeProject({ 'server.ts': WARNINGS_ONLY });
    const r = await run(['-o', '-', 'server.ts'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('✖ 2 problems (0 errors, 2 warnings)');
    expect(existsSync(path.join(dir, '-'))).toBe(false);
  });

  it('names a file given on the command line that "exclude" leaves out, on stderr, and exits 0', async () => {
    const dir = writeProject({ 'package.json': '{"name":"x"}', '.mcplintrc.json': JSON.stringify({ exclude: ['gen/**'] }), 'gen/server.ts': SERVER });
    expect(await run(['gen/server.ts'], dir)).toMatchObject({ code: 0, stderr: 'mcp-annotate-lint: warning: gen/server.ts skipped: excluded by "exclude" in .mcplintrc.json\n' });
  });
});

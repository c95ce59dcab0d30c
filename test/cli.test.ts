import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeProject, SERVER_HEADER } from './helpers.js';
import { BIN, runCli } from './cli-run.js';
import { useColor } from '../src/cli.js';

/** The CLI is tested through the built bin, as users run it (`npm test` builds first). */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CASES = path.join(ROOT, 'test', 'fixtures', 'cases');
/** The fixture server of the report formatters (test/formatters). */
const FORMATTER_SERVER = path.join(ROOT, 'test', 'fixtures', 'formatters', 'server');

/** Runs the bin in `cwd` (the repository by default); see {@link runCli}. */
function run(args: string[], cwd = ROOT, env: Record<string, string> = {}) {
  return runCli(args, cwd, env);
}

describe('mcp-annotate-lint CLI', () => {
  it('reports case 000: three optimistic findings with evidence, exit 1', async () => {
    const r = await run([path.join(CASES, '000-read-summary-writes-marker.ts')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('test/fixtures/cases/000-read-summary-writes-marker.ts');
    expect(r.stdout).toMatch(/30:18 +error +"read_summary" declares readOnlyHint: true, but it .* optimistic-read-only/);
    // Clients ignore destructiveHint and idempotentHint beside readOnlyHint: true: both are wrong, and
    // reported, but the error is the read-only claim's (they mislead once it is corrected).
    expect(r.stdout).toMatch(/31:5 +warning +"read_summary" declares destructiveHint: false, but it writes a file .*; clients ignore destructiveHint while readOnlyHint is true, .* optimistic-non-destructive/);
    expect(r.stdout).toMatch(/32:5 +warning +"read_summary" declares idempotentHint: true, .* optimistic-idempotent/);
    expect(r.stdout).toContain('↳ fs/promises writeFile at test/fixtures/cases/000-read-summary-writes-marker.ts:38 in the handler');
    expect(r.stdout).toContain('✖ 3 problems (1 error, 2 warnings)');
    expect(r.stdout).not.toMatch(/\u001b\[/);
  });

  it('exits 0 when only warnings are found', async () => {
    const r = await run([path.join(CASES, '010-idempotent-hint-on-readonly.ts')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('✖ 2 problems (0 errors, 2 warnings)');
  });

  it('prints the JSON contract with relative paths', async () => {
    const r = await run(['--format', 'json', path.join(CASES, '008-web-search-closed-world.ts')]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.schemaVersion).toBe(1);
    expect(report.tools.map((t: { name: string }) => t.name)).toEqual(['web_search', 'fetch_page']);
    expect(report.tools[0]).toMatchObject({
      name: 'web_search',
      file: 'test/fixtures/cases/008-web-search-closed-world.ts',
      line: 24,
      annotations: { readOnlyHint: true, openWorldHint: false },
      inferred: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
      effects: [{ kind: 'network', access: 'read', openWorld: true, confidence: 'certain', file: 'test/fixtures/cases/008-web-search-closed-world.ts', line: 32, via: [] }],
      unresolved: [],
    });
    expect(report.findings[0]).toEqual({
      ruleId: 'optimistic-closed-world',
      severity: 'error',
      confidence: 'certain',
      tool: 'web_search',
      file: 'test/fixtures/cases/008-web-search-closed-world.ts',
      line: 29,
      column: 40,
      message: '"web_search" declares openWorldHint: false, but it makes an HTTP request (GET)',
      helpUri: 'https://github.com/mcp-annotate-lint/mcp-annotate-lint/blob/main/rules/optimistic-closed-world.md',
      // The safe fix: the `false` written at 29:56 becomes `true`.
      fix: { file: 'test/fixtures/cases/008-web-search-closed-world.ts', range: [1307, 1312], text: 'true' },
    });
    const text = readFileSync(path.join(CASES, '008-web-search-closed-world.ts'), 'utf8');
    expect(text.slice(1307, 1312)).toBe('false');
  });

  it('lists the published filesystem server as JSON: 14 tools with their declared annotations', async () => {
    const r = await run(['--format', 'json', 'node_modules/@modelcontextprotocol/server-filesystem/dist']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.tools).toHaveLength(14);
    expect(report.tools.find((t: { name: string }) => t.name === 'write_file').annotations).toEqual({
      readOnlyHint: false,
      idempotentHint: true,
      destructiveHint: true,
      openWorldHint: false,
    });
  });

  it('prints the --tools table with declared and inferred hints and a verdict', async () => {
    const r = await run(['--tools', path.join(CASES, '000-read-summary-writes-marker.ts'), path.join(CASES, '011-unannotated-graph-memory.ts')]);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^TOOL +LOCATION +DECLARED r d i o +INFERRED r d i o +VERDICT$/);
    expect(lines[1]).toMatch(/^read_summary +test\/fixtures\/cases\/000-read-summary-writes-marker\.ts:27 +T F T F +F T F F +1 error, 2 warnings$/);
    expect(lines[2]).toMatch(/^read_graph +\S+:32 +none +T F T F +1 warning$/);
  });

  it('colors only when asked: FORCE_COLOR forces ANSI, NO_COLOR and FORCE_COLOR=0 turn it off', async () => {
    // Which environment gives colors is useColor's (a spawned bin is never on a terminal, so only a table can show the TTY cases) ...
    const envs: NodeJS.ProcessEnv[] = [{}, { NO_COLOR: '1' }, { FORCE_COLOR: '1' }, { FORCE_COLOR: '0' }, { NO_COLOR: '1', FORCE_COLOR: '1' }];
    expect(envs.map((env) => useColor(env, true))).toEqual([true, false, true, false, true]);
    expect(envs.map((env) => useColor(env, false))).toEqual([false, false, true, false, true]);
    // ... and one run shows the bin hands its environment to the report.
    expect((await run([path.join(CASES, '000-read-summary-writes-marker.ts')], ROOT, { FORCE_COLOR: '1' })).stdout).toMatch(/\u001b\[31m/);
  });

  it('exits 2 with one line on stderr for a path that does not exist', async () => {
    const r = await run(['no/such/server.ts']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('mcp-annotate-lint: no/such/server.ts: no such file or directory\n');
    expect(r.stdout).toBe('');
  });

  it('says a path is too long for the system instead of "no such file or directory" (fresh-user trial)', async () => {
    const long = `${Array.from({ length: 30 }, () => 'abcdefghij'.repeat(20)).join('/')}.ts`;
    const r = await run([long]);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/^mcp-annotate-lint: abcdefghij.*… \(path 1, 6032 characters\): the path is longer than the system allows \(its name, or one of its folders' names, is too long\)\n$/);
  });

  it('says why a named path cannot be read: a loop of symbolic links, a link to nothing (found by a fresh user: both were "no such file")', async () => {
    const dir = writeProject({ 'server.ts': `${SERVER_HEADER}` });
    symlinkSync('b.ts', path.join(dir, 'a.ts'));
    symlinkSync('a.ts', path.join(dir, 'b.ts'));
    symlinkSync('nothere.ts', path.join(dir, 'dangling.ts'));
    const loop = await runCli(['a.ts'], dir);
    expect(loop).toEqual({ code: 2, stdout: '', stderr: 'mcp-annotate-lint: a.ts: a loop of symbolic links (each points on to the next and back)\n' });
    const dangling = await runCli(['dangling.ts'], dir);
    expect(dangling).toEqual({ code: 2, stdout: '', stderr: 'mcp-annotate-lint: dangling.ts: a symbolic link to nothing (its target does not exist)\n' });
  });

  it('turns bad input into one line or an escaped report: a 100,000-character glob, a package.json that is not JSON, a tool name with control characters', async () => {
    const evil = writeProject({ 'server.ts': `${SERVER_HEADER}server.registerTool("evil\\u001b[2J\\nline", { description: "d", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n` });
    const broken = writeProject({ 'package.json': '{bad', 'server.ts': SERVER_HEADER });
    const [glob, json, report] = await Promise.all([run([`${'*'.repeat(100_000)}`]), run(['--no-config'], broken), run(['server.ts'], evil)]);
    expect(glob).toEqual({ code: 2, stdout: '', stderr: `mcp-annotate-lint: ${'*'.repeat(40)}… (path 1, 100000 characters): glob is too long (100000 characters; at most 4096)\n` });
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/^mcp-annotate-lint: package\.json: not valid JSON \(.+\)\n$/);
    expect(report.stdout).toContain('"evil\\u001b[2J\\nline" omits openWorldHint');
    expect(report.stdout).not.toContain('\u001b');
  });

  it('exits 2 for an unknown option or format, without a stack trace', async () => {
    const bad = await run(['--nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("mcp-annotate-lint: unknown option '--nope'\n");
    const format = await run(['--format', 'xml', '.']);
    expect(format.code).toBe(2);
    expect(format.stderr).toMatch(/Allowed choices are github, json, markdown, sarif, stylish/);
    expect(format.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 for an unreadable tsconfig.json, naming the file', async () => {
    const dir = writeProject({ 'tsconfig.json': '{ "compilerOptions": ', 'server.ts': SERVER_HEADER });
    const r = await run([], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('mcp-annotate-lint: tsconfig.json:1:21: Expression expected.\n');
  });

  it('exits 2 too when the broken tsconfig.json is the one above a path named on the command line (second fresh-user trial)', async () => {
    const dir = writeProject({ 'tsconfig.json': '{ "compilerOptions": { "paths": {} }', 'src/server.ts': SERVER_HEADER });
    for (const args of [['src'], ['src/server.ts']]) {
      const r = await run(args, dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^mcp-annotate-lint: tsconfig\.json:\d+:\d+: .+\n$/);
    }
  });

  it('says so when no registration is found, with the number of files read, exit 0', async () => {
    const dir = writeProject({ 'a.ts': 'export const a = 1;\n', 'b.js': 'module.exports = 2;\n' });
    const r = await run(['.'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('No tool registrations found in 2 files.');
  });

  it('lints the project in the working directory from its tsconfig.json', async () => {
    const dir = writeProject({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      'src/server.ts': `${SERVER_HEADER}import { rm } from "node:fs/promises";\nserver.registerTool("purge", { description: "d", annotations: { destructiveHint: false } }, async () => { await rm("x"); return { content: [] }; });\n`,
      'other/ignored.ts': `${SERVER_HEADER}server.registerTool("ignored", { description: "d" }, async () => ({ content: [] }));\n`,
    });
    const r = await run(['--format', 'json'], dir);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.tools.map((t: { name: string }) => t.name)).toEqual(['purge']);
    // rm is destructive (error); it is also idempotent and closed-world, which the omitted hints' defaults deny (warnings).
    expect(report.findings.map((f: { ruleId: string; message: string }) => `${f.ruleId}: ${f.message}`)).toEqual([
      'missing-annotations: "purge" omits idempotentHint, so clients assume idempotentHint: false, but the handler has no additional effect when repeated',
      'missing-annotations: "purge" omits openWorldHint, so clients assume openWorldHint: true, but the handler stays in a closed world (its process and local files)',
      'optimistic-non-destructive: "purge" declares destructiveHint: false, but it deletes files',
    ]);
  });

  it('exits 2 for an empty folder and a tsconfig.json that includes nothing', async () => {
    const empty = writeProject({ 'README.md': '# nothing here\n' });
    const r = await run(['.'], empty);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('mcp-annotate-lint: .: no TypeScript or JavaScript files to lint in this folder (tests, declaration files and node_modules are skipped)\n');
    const nothing = writeProject({ 'tsconfig.json': JSON.stringify({ include: ['nothing/**/*.ts'] }) });
    const t = await run([], nothing);
    expect(t.code).toBe(2);
    expect(t.stderr).toMatch(/tsconfig\.json: its "files" and "include" match no TypeScript or JavaScript file to lint\n$/);
  });

  it('refuses a path that is not a regular file (a FIFO would block)', async () => {
    const dir = writeProject({ 'server.ts': SERVER_HEADER });
    execFileSync('mkfifo', [path.join(dir, 'pipe.ts')]);
    const r = await run(['pipe.ts'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('mcp-annotate-lint: pipe.ts: not a regular file\n');
  });

  it('reports a file it cannot read as a finding and lints the others', async () => {
    const dir = writeProject({
      'tsconfig.json': JSON.stringify({ files: ['missing.ts', 'server.ts'] }),
      'server.ts': `${SERVER_HEADER}server.registerTool("ok", { description: "d", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));\n`,
    });
    const r = await run(['--format', 'json'], dir);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.tools.map((t: { name: string }) => t.name)).toEqual(['ok']);
    expect(report.findings).toEqual([{ ruleId: 'read-error', severity: 'error', confidence: 'certain', tool: null, file: 'missing.ts', line: 1, column: 1, message: 'Cannot read this file: file not found', helpUri: 'https://github.com/mcp-annotate-lint/mcp-annotate-lint/blob/main/rules/read-error.md' }]);
  });

  it('survives code nested deeper than the call stack: analyses what parses, reports what does not', async () => {
    const nested = (n: number) => `${SERVER_HEADER}import { rm } from "node:fs/promises";\nserver.registerTool("deep", { description: "d", annotations: { readOnlyHint: true } }, async () => { const x = ${'('.repeat(n)}1${')'.repeat(n)}; await rm("p"); return { content: [] }; });\n`;
    const dir = writeProject({ 'a.ts': nested(300), 'b.ts': nested(20000) });
    const r = await run(['--format', 'json', '.'], dir);
    expect(r.stderr).toBe('');
    const findings = JSON.parse(r.stdout).findings.map((f: { ruleId: string; file: string }) => `${f.file} ${f.ruleId}`);
    expect(findings).toContain('a.ts optimistic-read-only');
    expect(findings).toContain('b.ts parse-error');
  });

  it('reads as empty a file the parser reads but the checker cannot follow, without failing the analysis of other tools (found by a fresh user: a 3,000-term `+` chain)', async () => {
    const tool = (name: string) => `${SERVER_HEADER}import { rm } from "node:fs/promises";\nserver.registerTool("${name}", { description: "d", annotations: { readOnlyHint: true } }, async () => { await rm("p"); return { content: [] }; });\n`;
    const chain = `export const junk = (x: number) => ${Array.from({ length: 3000 }, () => 'x').join(' + ')};\n`;
    const dir = writeProject({ 'a.ts': tool('kept'), 'c.ts': tool('dropped') + chain });
    const r = await run(['--format', 'json', '.'], dir);
    expect(r.stderr).toBe('');
    const findings = JSON.parse(r.stdout).findings.map((f: { ruleId: string; file: string; message: string }) => `${f.file} ${f.ruleId}`);
    expect(findings).toEqual(['a.ts missing-annotations', 'a.ts optimistic-read-only', 'c.ts parse-error']);
  });

  it('says which tools call code it cannot follow instead of a clean check mark', async () => {
    const r = await run([path.join(CASES, '010-idempotent-hint-on-readonly.ts')]);
    expect(r.stdout).toContain('3 tools are unverified: they depend on code the linter cannot see into (calls it cannot follow, programs or requests whose effects are unknown, calls judged only by their names): "list_devices", "get_session", "end_session"');
    expect(r.stdout).not.toContain('✔');
  });

  it('warns, never errs, about a read-only tool that runs a program whose effects are unknown, and counts it unverified (issue 15 kind 3)', async () => {
    // Written from the bug report: `kubectl logs` run through a helper was an error against readOnlyHint: true.
    const dir = writeProject({
      'server.ts': `${SERVER_HEADER}import { execFile } from "node:child_process";\nfunction run(program: string, args: string[]) { return new Promise((ok) => execFile(program, args, (_e, out) => ok(out))); }\nserver.registerTool("logs", { description: "d", annotations: { readOnlyHint: true, openWorldHint: true } }, async ({ pod }: { pod: string }) => ({ content: [{ type: "text", text: String(await run(process.env.KUBECTL ?? "kubectl", ["logs", pod])) }] }));\n`,
    });
    const json = await run(['--format', 'json', '.'], dir);
    expect(json.code).toBe(0);
    const findings = JSON.parse(json.stdout).findings.map((f: { ruleId: string; severity: string; message: string }) => [f.ruleId, f.severity, f.message.endsWith('(unverified: the linter cannot see what this code does, so reported as a warning)')]);
    expect(findings).toEqual([['optimistic-read-only', 'warning', true]]);
    const stylish = await run(['.'], dir);
    expect(stylish.stdout).toContain('1 tool is unverified: it depends on code the linter cannot see into');
  });

  it('gives each tool its own verdict in --tools, also for findings at a shared const, and shows file-level errors', async () => {
    const dir = writeProject({
      'hints.ts': 'export const RO = { readOnlyHint: true, openWorldHint: false } as const;\n',
      'server.ts': `${SERVER_HEADER}import { RO } from "./hints.js";\nimport { rm } from "node:fs/promises";\nserver.registerTool("op", { description: "d", annotations: RO }, async () => ({ content: [] }));\nserver.registerTool("op", { description: "d", annotations: RO }, async () => { await rm("x"); return { content: [] }; });\n`,
      'bad.ts': 'const = ;\n',
    });
    const lines = (await run(['--tools', '.'], dir)).stdout.split('\n');
    expect(lines[1]).toMatch(/^op +server\.ts:6 .* ok$/);
    // The second "op" writes despite readOnlyHint: true, and registers a name already taken.
    expect(lines[2]).toMatch(/^op +server\.ts:7 .* 2 errors$/);
    expect(lines.some((l) => /^error +bad\.ts:1 +Parsing error/.test(l))).toBe(true);
    const unverified = (await run(['--tools', path.join(CASES, '010-idempotent-hint-on-readonly.ts')])).stdout.split('\n');
    expect(unverified[3]).toMatch(/^end_session .* unverified$/);
    expect(unverified.some((l) => l.startsWith('unverified: '))).toBe(true);
    // The legend for "unverified" only when a row says it.
    expect(lines.some((l) => l.startsWith('unverified: '))).toBe(false);
  });

  it('--tools on a file with no tool prints the line that says so, without an empty table or its legend (fresh-user trial)', async () => {
    const dir = writeProject({ 'plain.ts': 'export const x = 1;\n' });
    expect(await run(['--tools', 'plain.ts'], dir)).toEqual({ code: 0, stdout: 'No tool registrations found in 1 file.\n', stderr: '' });
  });

  it('lists why no tool was named, without --tools, on a run that names none (fresh-user trial: only a count pointed at --tools)', async () => {
    const dir = writeProject({ 'srv.ts': 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const server = new McpServer({ name: "s", version: "1" });\n' });
    expect(await run(['srv.ts'], dir)).toEqual({
      code: 0,
      stdout: [
        '1 registration could not be resolved to named tools (see --tools, or unresolvedRegistrations in --format json).',
        '  srv.ts:1  imports the MCP SDK, but no tool registration was found in the 1 file read (the server may register none, or register them through code the linter cannot follow)',
        'No tool could be named in 1 file.',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('marks a tool with findings unverified too, in --tools and --format markdown alike (fresh-user trial: share_note of the bundled example read "1 error" under a legend of "unverified")', async () => {
    const example = path.join(ROOT, 'examples', 'notes-server');
    const [stylish, tools, markdown] = await Promise.all([run([example], ROOT), run(['--tools', example], ROOT), run(['--format', 'markdown', example], ROOT)]);
    expect(stylish.stdout).toContain('1 tool is unverified');
    expect(stylish.stdout).toContain('"share_note"');
    expect(tools.stdout.split('\n').find((l) => l.startsWith('share_note '))).toMatch(/ 1 error, unverified$/);
    // read_note claims read-only and idempotent and writes: the read-only claim is the error, its ignored idempotentHint a warning.
    expect(tools.stdout.split('\n').find((l) => l.startsWith('read_note '))).toMatch(/ 1 error, 1 warning$/);
    expect(markdown.stdout.split('\n').find((l) => l.startsWith('| `share_note`'))).toMatch(/ \| 1 error: \[optimistic-closed-world\]\([^)]+\); unverified \|$/);
  });

  it('shows registrations it could not turn into tools: in --tools, in the summary and in JSON', async () => {
    const dir = writeProject({
      'server.ts': `${SERVER_HEADER}declare const plugins: { list(): { name: string }[] };\nexport function define(name: string) { server.registerTool(name, { description: "d" }, async () => ({ content: [] })); }\nfor (const p of plugins.list()) server.registerTool(p.name, { description: "d" }, async () => ({ content: [] }));\n`,
    });
    const [tools, stylish, json] = await Promise.all([run(['--tools', '.'], dir), run(['.'], dir), run(['--format', 'json', '.'], dir)]);
    const table = tools.stdout.split('\n');
    expect(table.filter((l) => l.startsWith('unresolved registration')).map((l) => l.replace(/ +/g, ' '))).toEqual([
      'unresolved registration server.ts:5 `define` is never called in the files linted, so the names or annotations its parameters give are unknown',
      'unresolved registration server.ts:6 the tool name cannot be read statically: an element of `plugins.list()`, which is known only at run time',
    ]);
    expect(stylish.stdout).toContain('2 registrations could not be resolved to named tools');
    expect(JSON.parse(json.stdout).unresolvedRegistrations.map((u: { line: number }) => u.line)).toEqual([5, 6]);
  });

  it('lints a glob that reaches into node_modules when the pattern names it', async () => {
    const r = await run(['--format', 'json', 'node_modules/@modelcontextprotocol/server-filesystem/dist/*.js']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).tools).toHaveLength(14);
  });

  it('says where each tool is registered when its finding sits in a shared const', async () => {
    const dir = writeProject({
      'hints.ts': 'export const RO = { readOnlyHint: true, openWorldHint: false } as const;\n',
      'server.ts': `${SERVER_HEADER}import { RO } from "./hints.js";\nimport { rm } from "node:fs/promises";\nserver.registerTool("a", { description: "d", annotations: RO }, async () => { await rm("x"); return { content: [] }; });\n`,
    });
    expect((await run(['.'], dir)).stdout).toMatch(/1:21 +error +"a" declares readOnlyHint: true, but it deletes files \(tool registered at server\.ts:6\) +optimistic-read-only/);
  });

  it('rejects a --max-depth that is not a whole number from 1 to 200, and a --max-work that is not one from 1 to 1000000000', async () => {
    const depths = ['0', 'abc', '1e3', '0x10', '500'];
    const works = ['0', '-1', '2.5', '1e6', '1000000001'];
    const runs = await Promise.all([...depths.map((bad) => run(['--max-depth', bad, '.'])), ...works.map((bad) => run(['--max-work', bad, '.']))]);
    runs.forEach((r, i) => {
      expect(r.code, [...depths, ...works][i]).toBe(2);
      expect(r.stderr).toContain(i < depths.length ? 'expected a whole number from 1 to 200' : 'expected a whole number from 1 to 1000000000');
    });
  });

  it('reports a used-up --max-work on the tools it cut short', async () => {
    const dir = writeProject({ 'server.ts': `${SERVER_HEADER}import { rm } from "node:fs/promises";\nserver.registerTool("a", { description: "d" }, async () => { await rm("x"); return { content: [] }; });\nserver.registerTool("b", { description: "d" }, async () => { await rm("y"); return { content: [] }; });\n` });
    const report = JSON.parse((await run(['--format', 'json', '--max-work', '1', '.'], dir)).stdout);
    expect(report.tools.map((t: { name: string; unresolved: { reason: string }[] }) => [t.name, t.unresolved.map((u) => u.reason)])).toEqual([
      ['a', []],
      ['b', ['the work budget (1 effect nodes per run) was used up; effects from here on are not seen (raise it with --max-work)']],
    ]);
  });

  it('ends quietly when the reader closes the pipe early', async () => {
    for (const args of ['--help', `--format json ${path.join(CASES, '000-read-summary-writes-marker.ts')}`]) {
      const r = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" ${args} | true`], { encoding: 'utf8' });
      expect(r.stderr, args).toBe('');
    }
  });

  it('names a package.json entry point that does not exist', async () => {
    const dir = writeProject({ 'package.json': JSON.stringify({ name: 'x', main: 'dist/nothing.js' }) });
    const r = await run([], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/package\.json: its entry point dist\/nothing\.js does not exist/);
  });

  it('does not follow a symbolic link out of the folder it lints', async () => {
    const dir = writeProject({
      'inside/server.ts': `${SERVER_HEADER}server.registerTool("in", { description: "d" }, async () => ({ content: [] }));\n`,
      'outside/server.ts': `${SERVER_HEADER}server.registerTool("out", { description: "d" }, async () => ({ content: [] }));\n`,
    });
    symlinkSync('..', path.join(dir, 'inside', 'up'));
    const report = JSON.parse((await run(['--format', 'json', 'inside'], dir)).stdout);
    expect(report.tools.map((t: { name: string }) => t.name)).toEqual(['in']);
  });

  it('says when the only file with registrations could not be parsed', async () => {
    const dir = writeProject({ 'broken.ts': `${SERVER_HEADER}server.registerTool("x", { \n` });
    const r = await run(['.'], dir);
    expect(r.stdout).toContain('No tool registrations found in 1 file (1 file could not be read or parsed, see above).');
  });

  it('marks annotations it could not read whole in the JSON report', async () => {
    const dir = writeProject({ 'server.ts': `${SERVER_HEADER}declare function hints(): object;\nserver.registerTool("a", { annotations: hints() as any }, async () => ({ content: [] }));\nserver.registerTool("b", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n` });
    const report = JSON.parse((await run(['--format', 'json', '.'], dir)).stdout);
    expect(report.tools.map((t: { name: string; annotations: object; annotationsReadable: boolean }) => [t.name, t.annotations, t.annotationsReadable])).toEqual([
      ['a', {}, false],
      ['b', { readOnlyHint: true }, true],
    ]);
  });

  it('teaches in --help: usage, examples, rules and exit codes', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: mcp-annotate-lint [options] [command] [paths...]');
    expect(r.stdout).toMatch(/\n  rules \[options\] +list the rules/);
    expect(r.stdout).toContain('optimistic-read-only');
    expect(r.stdout).toContain('Exit codes: 0 no error-level finding, 1 at least one error (or more warnings than --max-warnings),\n2 usage or fatal error.');
  });

  it('finds the configuration in the working directory, not beside the path linted; --no-config ignores it (fresh-user trial, issue 13)', async () => {
    const dir = writeProject({
      '.mcplintrc.json': JSON.stringify({ incidental: [{ call: 'audit', reason: 'an audit log' }] }),
      'server.ts': `${SERVER_HEADER}import { appendFile } from "node:fs/promises";\nasync function audit(line: string) { await appendFile("audit.log", line); }\nserver.registerTool("peek", { description: "d", inputSchema: {}, annotations: { readOnlyHint: true, openWorldHint: false } }, async () => { await audit("x"); return { content: [] }; });\n`,
    });
    const withConfig = await run(['-f', 'json', 'server.ts'], dir);
    expect(withConfig.code).toBe(0);
    expect(JSON.parse(withConfig.stdout).findings.map((f: { severity: string }) => f.severity)).toEqual(['info']);
    // Run from elsewhere, the folder linted is someone else's code: its configuration is not used.
    expect((await run(['-f', 'json', dir], ROOT)).code).toBe(1);
    expect((await run(['-f', 'json', '--no-config', 'server.ts'], dir)).code).toBe(1);
  });

  it('explains --baseline and --update-baseline in --help; the bin exits 2 with one line for a missing baseline (issue #5)', async () => {
    // commander wraps option descriptions to the terminal width.
    const help = (await run(['--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('--baseline <file> leave out the findings recorded in this baseline file');
    expect(help).toContain('--update-baseline write the findings of this run to the --baseline file');
    const r = await run(['--baseline', 'no-such-baseline.json', path.join(CASES, '000-read-summary-writes-marker.ts')]);
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'mcp-annotate-lint: no-such-baseline.json: no such baseline file; create it with --update-baseline\n' });
  });

  it('prints SARIF with --format sarif: one result per finding, paths relative to the working directory', async () => {
    const r = await run(['--format', 'sarif', 'server.ts'], FORMATTER_SERVER);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout);
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0].results.map((x: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => [x.ruleId, x.locations[0]!.physicalLocation.artifactLocation.uri])).toEqual([
      ['optimistic-read-only', 'server.ts'],
      ['missing-annotations', 'server.ts'],
    ]);
  });

  it('prints workflow commands with --format github', async () => {
    const r = await run(['--format', 'github', 'server.ts'], FORMATTER_SERVER);
    expect(r.code).toBe(1);
    expect(r.stdout.trimEnd().split('\n').map((l) => l.split('::')[1])).toEqual([
      'error file=server.ts,line=21,col=20,title=optimistic-read-only',
      'warning file=server.ts,line=31,col=3,title=missing-annotations',
    ]);
  });

  it('prints a Markdown summary with --format markdown', async () => {
    const r = await run(['--format', 'markdown', 'server.ts'], FORMATTER_SERVER);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^## mcp-annotate-lint\n\n1 error · 1 warning · 0 info · 3 tools checked in 1 file\n/);
    expect(r.stdout).toContain('| `delete_report` | `server.ts:31` | none |');
    expect(r.stdout).not.toMatch(/\u001b\[/);
  });
});

describe('files named by a hook (pre-commit, lint-staged)', () => {
  const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, baseUrl: '.', paths: { '@/*': ['src/*'] } }, include: ['src'] });
  const HELPER = `import { writeFile } from "node:fs/promises";\nexport async function remember(id: string) {\n  await writeFile(id, "x");\n}\n`;
  const HANDLER = `${SERVER_HEADER}import { remember } from "./b.js";\nserver.registerTool("peek", { description: "d", inputSchema: { id: z.string() }, annotations: { readOnlyHint: true, openWorldHint: false } }, async ({ id }) => {\n  await remember(id);\n  return { content: [] };\n});\n`;

  it('lints a handler in a.ts through a helper in b.ts when only a.ts is named; b.ts alone checks the tools that rest on it; a file no tool rests on exits 0', async () => {
    const dir = writeProject({ 'tsconfig.json': TSCONFIG, 'src/a.ts': HANDLER, 'src/b.ts': HELPER, 'src/c.ts': 'export const unrelated = 1;\n' });
    const [a, b, c] = await Promise.all([run(['src/a.ts'], dir), run(['src/b.ts'], dir), run(['src/c.ts'], dir)]);
    expect(a.code).toBe(1);
    expect(a.stdout).toMatch(/5:97 +error +"peek" declares readOnlyHint: true, but it writes a file .* optimistic-read-only/);
    expect(a.stdout).toContain('↳ fs/promises writeFile at src/b.ts:3 via remember (src/a.ts:6)');
    expect(a.stdout).toContain('Checked 1 tool in 1 file.');
    // A commit that changes only the helper changes what "peek" does (third fresh-user trial: it used to pass).
    expect(b.code).toBe(1);
    expect(b.stdout).toContain('↳ fs/promises writeFile at src/b.ts:3 via remember (src/a.ts:6)');
    expect(c).toEqual({ code: 0, stdout: 'No tool registrations found in 1 file.\n', stderr: '' });
  });

  it('in a JavaScript project without a tsconfig, a changed helper is checked against the tools of the package entry points (second trial)', async () => {
    const dir = writeProject({
      'package.json': JSON.stringify({ name: 'js-server', type: 'module', main: 'lib/server.js' }),
      'lib/server.js': 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { remember } from "./store.js";\nconst server = new McpServer({ name: "t", version: "1.0.0" });\nserver.registerTool("note", { description: "d", inputSchema: {}, annotations: { idempotentHint: true, destructiveHint: false, openWorldHint: false } }, async () => { await remember("x"); return { content: [] }; });\n',
      'lib/store.js': 'import { appendFile } from "node:fs/promises";\nexport async function remember(line) { await appendFile("notes.log", line); }\n',
    });
    const r = await run(['lib/store.js'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/"note" declares idempotentHint: true, but each call appends to a file/);
  });

  it('sees a class injected in a file only the tsconfig lists (imported through `paths`), and leaves a broken file nothing imports unreported', async () => {
    const dir = writeProject({
      'tsconfig.json': TSCONFIG,
      'src/notes.ts': 'export interface Store {\n  saveNote(id: string): Promise<void>;\n}\nexport class Notes {\n  constructor(private readonly store: Store) {}\n  async add(id: string) {\n    await this.store.saveNote(id);\n  }\n}\n',
      'src/file-store.ts': 'import { writeFile } from "node:fs/promises";\nimport type { Store } from "./notes.js";\nexport class FileStore implements Store {\n  async saveNote(id: string) {\n    await writeFile(id, "");\n  }\n}\n',
      'src/tools.ts': 'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\nimport type { Notes } from "@/notes";\nexport function registerTools(server: McpServer, notes: Notes) {\n  server.registerTool("add_note", { description: "d", inputSchema: { id: z.string() }, annotations: { readOnlyHint: true, openWorldHint: false } }, async ({ id }) => {\n    await notes.add(id);\n    return { content: [] };\n  });\n}\n',
      'src/main.ts': `${SERVER_HEADER}import { Notes } from "./notes.js";\nimport { FileStore } from "./file-store.js";\nimport { registerTools } from "./tools.js";\nregisterTools(server, new Notes(new FileStore()));\n`,
      // A test's mock would be a second injected store: tests are not context.
      'src/notes.test.ts': 'import { Notes } from "./notes.js";\nexport const mocked = new Notes({ async saveNote() {} });\n',
      'src/broken.ts': 'const = ;\n',
    });
    const r = await run(['--format', 'json', 'src/tools.ts'], dir);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.findings.map((f: { ruleId: string; file: string; severity: string }) => `${f.severity} ${f.ruleId} ${f.file}`)).toEqual(['error optimistic-read-only src/tools.ts']);
    expect(report.tools[0].effects.map((e: { sink: string; confidence: string; file: string; via: { callee: string }[] }) => [e.sink, e.confidence, e.file, e.via.map((v) => v.callee)])).toEqual([
      ['fs/promises writeFile', 'certain', 'src/file-store.ts', ['notes.add', 'this.store.saveNote']],
    ]);
  });

  it('skips a named file that is not TypeScript or JavaScript, or is a declaration file, with a warning, as ESLint does', async () => {
    const dir = writeProject({ 'src/a.ts': HANDLER, 'src/b.ts': HELPER, 'package.json': '{}', 'README.md': '# notes\n', 'src/types.d.ts': 'export declare const x: number;\n' });
    const mixed = await run(['README.md', 'src/a.ts', 'package.json'], dir);
    expect(mixed.code).toBe(1);
    expect(mixed.stdout).toContain('Checked 1 tool in 1 file.');
    expect(mixed.stderr).toBe([
      'mcp-annotate-lint: warning: README.md skipped: not a TypeScript or JavaScript file (.ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs)',
      'mcp-annotate-lint: warning: package.json skipped: not a TypeScript or JavaScript file (.ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs)',
      '',
    ].join('\n'));
    const none = await run(['src/types.d.ts', 'README.md'], dir);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('No tool registrations found in 0 files.\n');
    expect(none.stderr).toContain('mcp-annotate-lint: warning: src/types.d.ts skipped: a declaration file has no tool handlers to lint\n');
  });
});

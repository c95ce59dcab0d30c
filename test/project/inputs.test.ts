import { chmodSync, mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/index.js';
import { UsageError } from '../../src/errors.js';
import { EMPTY_CONFIG, type Config } from '../../src/config/schema.js';
import { resolveInputs } from '../../src/project/inputs.js';
import { MAX_FILE_BYTES } from '../../src/project/load.js';
import { MAX_SOURCE_FILES } from '../../src/project/walk.js';
import { SERVER_HEADER, writeProject } from '../helpers.js';
import { runCli, runCliUnprivileged } from '../cli-run.js';

/** One tool that claims read-only and deletes: one error wherever it is linted from. */
const SERVER = `${SERVER_HEADER}import { rm } from "node:fs/promises";
server.registerTool("purge", { description: "d", annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false } }, async () => { await rm("x"); return { content: [] }; });
`;

/** A configuration with these keys over the defaults. */
function config(extra: Partial<Config>): Config {
  return { ...EMPTY_CONFIG, ...extra };
}

/** A project with a link to `/` and a cycle (`src/a/loop -> ..`), in every place a walk starts. */
function hostileProject(files: Record<string, string> = {}): string {
  const dir = writeProject({ 'src/server.ts': SERVER, ...files });
  mkdirSync(path.join(dir, 'src', 'a'));
  symlinkSync('/', path.join(dir, 'root'));
  symlinkSync('/', path.join(dir, 'src', 'root'));
  symlinkSync('..', path.join(dir, 'src', 'a', 'loop'));
  return dir;
}

describe('walks are bounded: links to / and cycles are not followed', () => {
  it('lints a folder, a glob, a tsconfig include, entry points of workspaces and the project as usual', async () => {
    const runs = [
      { dir: hostileProject(), paths: ['.'] },
      { dir: hostileProject(), paths: ['src'] },
      { dir: hostileProject(), paths: ['**/*.ts'] },
      { dir: hostileProject(), paths: [] },
      { dir: hostileProject({ 'tsconfig.json': '{}' }), paths: [] },
      { dir: hostileProject({ 'tsconfig.json': '{ "include": ["**/*"] }', 'package.json': '{ "workspaces": ["**"] }' }), paths: [] },
      { dir: hostileProject({ 'pnpm-workspace.yaml': 'packages:\n  - "**"\n' }), paths: ['src/server.ts'] },
    ];
    for (const { dir, paths } of runs) {
      const result = await lint({ paths, cwd: dir });
      expect(result.filesRead.map((f) => path.relative(dir, f)), paths.join(' ')).toEqual([path.join('src', 'server.ts')]);
      expect(result.findings.map((f) => f.ruleId)).toEqual(['optimistic-read-only']);
    }
  });

  it(`stops with one line past ${MAX_SOURCE_FILES.toLocaleString('en-US')} source files`, async () => {
    const dir = writeProject({});
    for (let i = 0; i <= MAX_SOURCE_FILES; i += 1) {
      if (i % 1000 === 0) mkdirSync(path.join(dir, `d${i / 1000}`));
      writeFileSync(path.join(dir, `d${Math.floor(i / 1000)}`, `f${i}.ts`), '');
    }
    await expect(resolveInputs(['.'], dir)).rejects.toThrow(new UsageError(`.: more than 20,000 TypeScript/JavaScript files to lint (tests, declaration files and node_modules left out); name fewer folders or files, or leave some out with "exclude" in the configuration`));
  });

  it('skips a file larger than 16 MiB with why, and lints the rest', async () => {
    const dir = writeProject({ 'server.ts': SERVER, 'bundle.js': '' });
    truncateSync(path.join(dir, 'bundle.js'), MAX_FILE_BYTES + 1);
    const result = await lint({ paths: ['.'], cwd: dir });
    expect(result.skipped).toEqual([{ path: 'bundle.js', reason: 'larger than 16 MiB (16.0 MiB), like a generated bundle: not linted' }]);
    expect(result.filesRead.map((f) => path.basename(f))).toEqual(['server.ts']);
    expect(result.findings.map((f) => f.ruleId)).toEqual(['optimistic-read-only']);
  });
});

describe('globs from users match in linear time, and one that cannot be used is one line', () => {
  const STARS = `${'*a'.repeat(13)}*b.ts`;
  const LONG_NAME = `${'a'.repeat(200)}.ts`;

  it('a 14-star glob on the command line, in include, exclude and overrides finishes', async () => {
    const dir = writeProject({ 'server.ts': SERVER, [LONG_NAME]: 'export const x = 1;\n' });
    expect(await resolveInputs(['*a*a*.ts'], dir).then((r) => r.files.map((f) => path.basename(f)).sort())).toEqual([LONG_NAME]);
    await expect(resolveInputs([STARS], dir)).rejects.toThrow(`${STARS}: no files match this pattern`);
    const result = await lint({ paths: [], cwd: dir, config: config({ include: ['*.ts'], exclude: [STARS], overrides: [{ files: [STARS], tools: [STARS], rules: { 'optimistic-read-only': 'off' } }] }) });
    expect(result.findings.map((f) => f.ruleId)).toEqual(['optimistic-read-only']);
  });

  it('a 100,000-character glob is refused naming where it came from', async () => {
    const dir = writeProject({ 'server.ts': SERVER });
    const glob = `${'a'.repeat(99_999)}*`;
    const why = 'glob is too long (100000 characters; at most 4096)';
    await expect(lint({ paths: [glob], cwd: dir })).rejects.toThrow(new UsageError(`aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa… (path 1, 100000 characters): ${why}`));
    await expect(lint({ paths: [], cwd: dir, config: config({ include: [glob] }), configFile: path.join(dir, '.mcplintrc.json') })).rejects.toThrow(new UsageError(`.mcplintrc.json: include[0]: ${why}`));
    await expect(lint({ paths: ['.'], cwd: dir, config: config({ exclude: ['x', glob] }), configFile: path.join(dir, '.mcplintrc.json') })).rejects.toThrow(new UsageError(`.mcplintrc.json: exclude[1]: ${why}`));
    await expect(lint({ paths: ['.'], cwd: dir, config: config({ overrides: [{ tools: [glob], rules: {} }] }), configFile: path.join(dir, '.mcplintrc.json') })).rejects.toThrow(new UsageError(`.mcplintrc.json: overrides[0].tools[0]: ${why}`));
    await expect(lint({ paths: ['.'], cwd: dir, config: config({ overrides: [{ files: ['!(x).ts'], rules: {} }] }) })).rejects.toThrow(/^the configuration: overrides\[0\]\.files\[0\]: a negated extglob/);
  });

  it('a workspace glob that cannot be used names the package.json', async () => {
    const dir = writeProject({ 'package.json': JSON.stringify({ workspaces: ['packages/*', 'x'.repeat(5000)] }), 'server.ts': SERVER });
    await expect(lint({ paths: ['server.ts'], cwd: dir })).rejects.toThrow(/package\.json: workspaces\[1\]: glob is too long \(5000 characters; at most 4096\)$/);
  });
});

describe('a package.json that is not JSON', () => {
  it('read for entry points: one line naming it', async () => {
    for (const [text, why] of [['{bad', /^package\.json: not valid JSON \(Expected property name or '}' at position 1\)$/], ['null', /^package\.json: not a JSON object$/], ['[1]', /^package\.json: not a JSON object$/]] as const) {
      const dir = writeProject({ 'package.json': text, 'server.ts': SERVER });
      await expect(lint({ paths: [], cwd: dir })).rejects.toThrow(why);
    }
  });

  it('from the CLI: the same line, whether the configuration search or the entry points read it first (fresh-user trial: "cannot read the configuration: JSON error: … while parsing \'{ "name": "x", …\'")', async () => {
    const dir = writeProject({ 'package.json': '{ "name": "x", \n  "main": "server.js", }\n', 'server.js': SERVER });
    const line = 'mcp-annotate-lint: package.json: not valid JSON (Expected double-quoted property name at position 39)\n';
    const runs = await Promise.all([runCli([], dir), runCli(['--no-config'], dir)]);
    expect(runs).toEqual([{ code: 2, stdout: '', stderr: line }, { code: 2, stdout: '', stderr: line }]);
  });

  it('with exports nested 20,000 deep, or in a workspace package, or a pnpm-workspace.yaml that is a folder: linted as usual', async () => {
    const deep = `{"exports":${'{"a":'.repeat(20_000)}"x.js"${'}'.repeat(20_000)}}`;
    const dirs = [
      writeProject({ 'package.json': deep, 'server.ts': SERVER }),
      writeProject({ 'package.json': '{ "workspaces": ["pkgs/*"] }', 'pkgs/p/package.json': '{bad', 'server.ts': SERVER }),
      writeProject({ 'pnpm-workspace.yaml/x': '', 'server.ts': SERVER }),
    ];
    for (const dir of dirs) {
      const result = await lint({ paths: [], cwd: dir });
      expect(result.findings.map((f) => f.ruleId)).toEqual(['optimistic-read-only']);
    }
  });
});

describe('a link to a device among the files (fuzz: zero.ts -> /dev/zero was read for ever)', () => {
  it('is a read error when linted, resolves to nothing when imported, and the rest is linted', async () => {
    const dir = writeProject({ 'src/server.ts': `${SERVER}import "./zero.js";\n` });
    symlinkSync('/dev/zero', path.join(dir, 'src', 'zero.ts'));
    const run = await runCli(['--format', 'json'], dir);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { tools: { name: string }[]; findings: { ruleId: string; file: string; message: string }[] };
    expect(report.tools.map((t) => t.name)).toEqual(['purge']);
    expect(report.findings.filter((f) => f.ruleId === 'read-error')).toEqual([expect.objectContaining({ file: 'src/zero.ts', message: expect.stringContaining('not a regular file') })]);
    expect(report.findings.some((f) => f.ruleId === 'optimistic-read-only')).toBe(true);
  });
});

describe('an imported file that cannot be read (it ended the run: "internal error: EACCES" with exit 2)', () => {
  const runAs = runCliUnprivileged();

  it.skipIf(runAs === null)('is a read-error naming it; the file that imports it is linted, and one it cannot read too', async () => {
    const dir = writeProject({
      'src/server.ts': `${SERVER_HEADER}import { save } from "./locked.js";\nserver.registerTool("save", { annotations: { readOnlyHint: true } }, async () => { save(); return { content: [] }; });\n`,
      'src/locked.ts': 'export function save() {}\n',
    });
    for (const folder of ['.', 'src']) chmodSync(path.join(dir, folder), 0o755);
    chmodSync(path.join(dir, 'src/server.ts'), 0o644);
    chmodSync(path.join(dir, 'src/locked.ts'), 0o000);
    try {
      for (const args of [['src/server.ts'], ['.']]) {
        const run = await runAs!([...args, '--format', 'json'], dir);
        expect(run.stderr).toBe('');
        const report = JSON.parse(run.stdout) as { tools: { name: string }[]; findings: { ruleId: string; file: string; message: string }[] };
        expect(report.tools.map((t) => t.name)).toEqual(['save']);
        expect(report.findings.filter((f) => f.ruleId === 'read-error')).toEqual([expect.objectContaining({ file: 'src/locked.ts', message: 'Cannot read this file: permission denied' })]);
        expect(run.code).toBe(1);
      }
    } finally {
      chmodSync(path.join(dir, 'src/locked.ts'), 0o644);
    }
  });
});

describe('a folder that cannot be read (fresh-user trial: locked/ at chmod 000 was skipped in silence)', () => {
  // Root reads every folder: the runs are made as a user whom permissions bind.
  const runAs = runCliUnprivileged();

  /** A project open to every user, with `locked/` (holding a server) closed to all; `body` runs before locked/ is opened again for clean-up. */
  async function withLockedFolder(body: (dir: string) => Promise<void>): Promise<void> {
    const dir = writeProject({ 'src/server.ts': SERVER, 'locked/server.ts': SERVER, 'only/locked/server.ts': SERVER });
    for (const folder of ['.', 'src', 'only']) chmodSync(path.join(dir, folder), 0o755);
    for (const folder of ['locked', 'only/locked']) chmodSync(path.join(dir, folder), 0o000);
    try {
      await body(dir);
    } finally {
      for (const folder of ['locked', 'only/locked']) chmodSync(path.join(dir, folder), 0o755);
    }
  }

  it.skipIf(runAs === null)('inside the linted folder: a read-error naming it, and the rest linted', async () => {
    await withLockedFolder(async (dir) => {
      const run = await runAs!(['.', '--format', 'json'], dir);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout) as { findings: { ruleId: string; file: string; message: string }[] };
      expect(report.findings.filter((f) => f.ruleId === 'read-error')).toEqual(['locked', 'only/locked'].map((file) => expect.objectContaining({ file, message: 'Cannot read this folder: permission denied' })));
      expect(report.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.file)).toEqual(['src/server.ts']);
    });
  });

  it.skipIf(runAs === null)('named, or the only folder inside the one named, or under a glob: one line saying it cannot be read, exit 2', async () => {
    await withLockedFolder(async (dir) => {
      const [named, inside, glob] = await Promise.all([runAs!(['locked'], dir), runAs!(['only'], dir), runAs!(['locked/*.ts'], dir)]);
      expect(named).toMatchObject({ code: 2, stdout: '', stderr: 'mcp-annotate-lint: locked: cannot read this folder (permission denied)\n' });
      expect(inside.code).toBe(2);
      expect(inside.stderr).toMatch(/^mcp-annotate-lint: only: no TypeScript or JavaScript files to lint in this folder \(.*\); a folder in it cannot be read: locked \(permission denied\)\n$/);
      expect(glob).toMatchObject({ code: 2, stderr: 'mcp-annotate-lint: locked/*.ts: cannot read the folder locked (permission denied)\n' });
    });
  });

  it.skipIf(runAs === null)('left out by "exclude": not reported', async () => {
    await withLockedFolder(async (dir) => {
      writeFileSync(path.join(dir, '.mcplintrc.json'), '{ "exclude": ["locked/**", "only/**"] }');
      chmodSync(path.join(dir, '.mcplintrc.json'), 0o644);
      const run = await runAs!(['.', '--format', 'json'], dir);
      expect(run.stderr).toBe('');
      const report = JSON.parse(run.stdout) as { findings: { ruleId: string }[] };
      expect(report.findings.map((f) => f.ruleId)).toEqual(['optimistic-read-only']);
    });
  });
});

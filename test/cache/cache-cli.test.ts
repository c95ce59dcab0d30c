import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runCliUnprivileged } from '../cli-run.js';
import { SERVER_HEADER, tempFolder, writeProject } from '../helpers.js';
import { CACHE_FILE_NAME } from '../../src/cache/store.js';

/**
 * `--cache` on the command line (issue 16): an unchanged rerun prints the same report without
 * loading TypeScript, and a cache file that cannot be used costs one line on stderr, never the
 * report, its exit code or a file the user did not name.
 */

const SERVER = `${SERVER_HEADER}import { writeFile } from "node:fs/promises";
server.registerTool("save", { annotations: { readOnlyHint: true } }, async () => { await writeFile("/tmp/x", "y"); return { content: [] }; });
`;

/** A script for `node --require` that says on stderr, when the process exits, whether ts-morph was loaded. */
function loadProbe(): string {
  const file = path.join(tempFolder(), 'probe.cjs');
  writeFileSync(file, `process.on('exit', () => process.stderr.write('ts-morph loaded: ' + Object.keys(require.cache).some((k) => /[\\\\/]ts-morph[\\\\/]|[\\\\/]@ts-morph[\\\\/]/.test(k)) + '\\n'));\n`);
  return file;
}

describe('--cache on the command line', () => {
  it('prints the same report and exit code, and a rerun with nothing changed does not load ts-morph', async () => {
    const dir = writeProject({ 'src/server.ts': SERVER });
    const env = { NODE_OPTIONS: `--require ${loadProbe()}` };
    const plain = await runCli(['--format', 'json', 'src/server.ts'], dir, env);
    expect(plain).toMatchObject({ code: 1, stderr: 'ts-morph loaded: true\n' });
    const filling = await runCli(['--format', 'json', '--cache', 'src/server.ts'], dir, env);
    expect(filling).toEqual(plain);
    expect(existsSync(path.join(dir, CACHE_FILE_NAME))).toBe(true);
    const rerun = await runCli(['--format', 'json', '--cache', 'src/server.ts'], dir, env);
    expect(rerun).toEqual({ ...plain, stderr: 'ts-morph loaded: false\n' });
    // The stylish report from the same entry: the format is not part of the key.
    const [stylish, stylishCached] = [await runCli(['src/server.ts'], dir, env), await runCli(['--cache', 'src/server.ts'], dir, env)];
    expect(stylishCached).toEqual({ ...stylish, stderr: 'ts-morph loaded: false\n' });
    expect(stylish.stdout).toContain('readOnlyHint: true, but it writes a file');
  });

  it('keeps the cache in the folder --cache-location names, or in the file it names', async () => {
    const dir = writeProject({ 'src/server.ts': SERVER, 'caches/.keep': '' });
    const runs = await Promise.all([
      runCli(['--cache', '--cache-location', 'caches', 'src/server.ts'], dir),
      runCli(['--cache', '--cache-location', 'new/', 'src/server.ts'], dir),
      runCli(['--cache', '--cache-location', 'mine.cache', 'src/server.ts'], dir),
    ]);
    expect(runs.map((r) => [r.code, r.stderr])).toEqual([[1, ''], [1, ''], [1, '']]);
    for (const file of [`caches/${CACHE_FILE_NAME}`, `new/${CACHE_FILE_NAME}`, 'mine.cache']) expect(JSON.parse(readFileSync(path.join(dir, file), 'utf8')).tool).toBe('mcp-annotate-lint');
    expect(existsSync(path.join(dir, CACHE_FILE_NAME))).toBe(false);
  });

  it('neither follows nor replaces a symbolic link, nor writes a device, and still reports', async () => {
    const dir = writeProject({ 'src/server.ts': SERVER, 'precious.txt': 'keep me\n' });
    symlinkSync('precious.txt', path.join(dir, 'link'));
    symlinkSync('nowhere/cache', path.join(dir, 'dangling'));
    const plain = await runCli(['--format', 'json', 'src/server.ts'], dir);
    const [link, dangling, device] = await Promise.all(['link', 'dangling', '/dev/null'].map((at) => runCli(['--format', 'json', '--cache', '--cache-location', at, 'src/server.ts'], dir)));
    const why = 'it is a symbolic link, which the cache neither follows nor replaces (name a regular file)';
    expect(link).toEqual({ ...plain, stderr: `mcp-annotate-lint: warning: link: not used as the cache: ${why}\n` });
    expect(dangling).toEqual({ ...plain, stderr: `mcp-annotate-lint: warning: dangling: not used as the cache: ${why}\n` });
    expect(device).toEqual({ ...plain, stderr: 'mcp-annotate-lint: warning: /dev/null: not used as the cache: it is not a regular file (a device, FIFO or socket)\n' });
    expect(readFileSync(path.join(dir, 'precious.txt'), 'utf8')).toBe('keep me\n');
    expect(lstatSync(path.join(dir, 'link')).isSymbolicLink()).toBe(true);
    expect(existsSync(path.join(dir, 'nowhere'))).toBe(false);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('warns in one line when the cache cannot be written, and reports with the usual exit code', async () => {
    const dir = writeProject({ 'src/server.ts': SERVER, 'report.txt': 'a file' });
    const plain = await runCli(['--format', 'json', 'src/server.ts'], dir);
    const run = await runCli(['--format', 'json', '--cache', '--cache-location', 'report.txt/cache', 'src/server.ts'], dir);
    expect(run).toEqual({ ...plain, stderr: 'mcp-annotate-lint: warning: report.txt/cache: cannot use the cache: a part of its path is a file\n' });
  });

  const runAs = runCliUnprivileged();
  it.skipIf(runAs === null)('warns in one line when its folder is not writable (permission denied)', async () => {
    const dir = writeProject({ 'src/server.ts': SERVER });
    mkdirSync(path.join(dir, 'locked'));
    for (const folder of ['.', 'src', 'locked']) chmodSync(path.join(dir, folder), 0o755);
    const plain = await runAs!(['--format', 'json', 'src/server.ts'], dir);
    const run = await runAs!(['--format', 'json', '--cache', '--cache-location', 'locked/', 'src/server.ts'], dir);
    expect(run).toEqual({ ...plain, stderr: `mcp-annotate-lint: warning: locked/${CACHE_FILE_NAME}: cannot write the cache: permission denied\n` });
  });

  it('refuses a --cache-location without --cache, empty, or naming a source or project file', async () => {
    const dir = writeProject({ 'src/server.ts': SERVER, 'tsconfig.json': '{}' });
    const runs = await Promise.all([
      runCli(['--cache-location', 'x', 'src/server.ts'], dir),
      runCli(['--cache', '--cache-location', '', 'src/server.ts'], dir),
      runCli(['--cache', '--cache-location', 'src/server.ts', 'src/server.ts'], dir),
      runCli(['--cache', '--cache-location', 'out.json', '-o', 'out.json', 'src/server.ts'], dir),
      // A new file named like a source was accepted once, then linted by every run (fresh-user trial).
      runCli(['--cache', '--cache-location', 'src/newcache.ts', 'src/server.ts'], dir),
    ]);
    expect(runs.map((r) => [r.code, r.stdout, r.stderr])).toEqual([
      [2, '', 'mcp-annotate-lint: --cache-location does nothing without --cache\n'],
      [2, '', 'mcp-annotate-lint: --cache-location needs a file or folder name\n'],
      [2, '', 'mcp-annotate-lint: src/server.ts: --cache-location would overwrite a source or project file; write it elsewhere\n'],
      [2, '', 'mcp-annotate-lint: out.json: --cache-location would overwrite the report; write it elsewhere\n'],
      [2, '', 'mcp-annotate-lint: src/newcache.ts: --cache-location is named like a source file, which the next run would lint; name it otherwise\n'],
    ]);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(SERVER);
    expect(existsSync(path.join(dir, 'src/newcache.ts'))).toBe(false);
  });

  it('refuses a cache or report named like a configuration file, which the next run would read as one (fresh-user trial)', async () => {
    // `--cache-location .mcplintrc.json` ran once; every later run stopped at "Unrecognized keys: tool, format, linter, entries".
    const dir = writeProject({ 'src/server.ts': SERVER });
    const runs = await Promise.all([
      runCli(['--cache', '--cache-location', '.mcplintrc.json', 'src/server.ts'], dir),
      runCli(['--cache', '--cache-location', 'mcplint.config.cjs', 'src/server.ts'], dir),
      runCli(['-f', 'json', '-o', '.mcplintrc', 'src/server.ts'], dir),
    ]);
    expect(runs.map((r) => [r.code, r.stderr])).toEqual([
      [2, 'mcp-annotate-lint: .mcplintrc.json: --cache-location is named like a configuration file, which the next run would read as one; write it elsewhere\n'],
      [2, 'mcp-annotate-lint: mcplint.config.cjs: --cache-location is named like a configuration file, which the next run would read as one; write it elsewhere\n'],
      [2, 'mcp-annotate-lint: .mcplintrc: --output-file is named like a configuration file, which the next run would read as one; write the report elsewhere\n'],
    ]);
    for (const name of ['.mcplintrc.json', 'mcplint.config.cjs', '.mcplintrc']) expect(existsSync(path.join(dir, name))).toBe(false);
  });

  it('makes the cache, the report and their folders writable by their owner only, whatever the umask, and keeps the mode of a file that exists', async () => {
    // Under umask 000 a trial's cache folder came out drwxrwxrwx: refused by every later run, and anyone could rewrite the cache.
    const dir = writeProject({ 'src/server.ts': SERVER });
    const old = process.umask(0o000);
    try {
      expect((await runCli(['--cache', '--cache-location', 'made/cache/', '-f', 'json', '-o', 'out/report.json', 'src/server.ts'], dir)).code).toBe(1);
    } finally {
      process.umask(old);
    }
    const mode = (p: string) => statSync(path.join(dir, p)).mode & 0o777;
    expect([mode('made'), mode('made/cache'), mode(`made/cache/${CACHE_FILE_NAME}`), mode('out'), mode('out/report.json')]).toEqual([0o755, 0o755, 0o644, 0o755, 0o644]);
    chmodSync(path.join(dir, 'out/report.json'), 0o600);
    await runCli(['-f', 'json', '-o', 'out/report.json', 'src/server.ts'], dir);
    expect(mode('out/report.json')).toBe(0o600);
  });
});

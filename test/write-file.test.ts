import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BIN, HANG_LIMIT_MS, runCli as run } from './cli-run.js';
import { SERVER_HEADER, writeProject } from './helpers.js';

/** Where reports, baselines and starter configurations are written (issue 13, item 1), through the built bin. */

/** One error: `peek` claims read-only and writes a file. */
const SERVER = `${SERVER_HEADER}import { writeFile } from "node:fs/promises";
server.registerTool("peek", { description: "d", inputSchema: {}, annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false } }, async () => {
  await writeFile("/tmp/x", "y");
  return { content: [] };
});
`;

const isRoot = process.getuid?.() === 0;

/** The report's stylish summary line for SERVER. */
const SUMMARY = '✖ 1 problem (1 error, 0 warnings)';

describe('-o onto what is not a regular file (issue 13, item 1)', () => {
  it.skipIf(!isRoot)('a character device named by -o stays the same device, and the run ends as usual (mknod needs root)', async () => {
    const dir = writeProject({ 'server.ts': SERVER });
    const device = path.join(dir, 'mynull');
    execFileSync('mknod', [device, 'c', '1', '3']);
    const before = statSync(device);
    expect(await run(['-o', 'mynull', 'server.ts'], dir)).toEqual({ code: 1, stdout: '', stderr: '' });
    const after = lstatSync(device);
    expect(after.isCharacterDevice()).toBe(true);
    expect([after.rdev, after.ino]).toEqual([before.rdev, before.ino]);
    expect(readdirSync(dir).sort()).toEqual(['mynull', 'server.ts']);
  });

  it('-o /dev/null discards the report, exits as usual, and /dev/null stays a character device', async () => {
    const dir = writeProject({ 'server.ts': SERVER });
    const before = statSync('/dev/null');
    expect(await run(['-o', '/dev/null', 'server.ts'], dir)).toEqual({ code: 1, stdout: '', stderr: '' });
    const after = lstatSync('/dev/null');
    expect(after.isCharacterDevice()).toBe(true);
    expect([after.rdev, after.ino]).toEqual([before.rdev, before.ino]);
  });

  it('-o /dev/stdout writes into the pipe it leads to (a link to a FIFO is written into, not refused)', async () => {
    const dir = writeProject({ 'server.ts': SERVER });
    // Through the shell, so that stdout is a pipe (Node gives a child a socket) and the linter's exit code is kept.
    const r = spawnSync('sh', ['-c', `{ "${process.execPath}" "${BIN}" -o /dev/stdout server.ts; echo "exit $?" >&2; } | cat`], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: HANG_LIMIT_MS });
    expect(r.stdout).toContain(SUMMARY);
    expect(r.stderr).toBe('exit 1\n');
  });

  it('refuses a symbolic link in one line with exit 2, leaving its target and the folder as they were; naming the target writes it', async () => {
    const dir = writeProject({ 'server.ts': SERVER, 'target.txt': 'keep me\n' });
    symlinkSync('target.txt', path.join(dir, 'link.txt'));
    symlinkSync('missing.txt', path.join(dir, 'dangling.txt'));
    const [link, dangling] = await Promise.all([run(['-o', 'link.txt', 'server.ts'], dir), run(['-o', 'dangling.txt', 'server.ts'], dir)]);
    expect(link).toEqual({
      code: 2,
      stdout: '',
      stderr: 'mcp-annotate-lint: link.txt: cannot write the report: it is a symbolic link; name its target (target.txt) if you mean to replace it\n',
    });
    // A dangling link would create its target, which the user did not name either.
    expect(dangling).toMatchObject({ code: 2, stderr: 'mcp-annotate-lint: dangling.txt: cannot write the report: it is a symbolic link; name its target (missing.txt) if you mean to replace it\n' });
    expect(readFileSync(path.join(dir, 'target.txt'), 'utf8')).toBe('keep me\n');
    expect(lstatSync(path.join(dir, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['dangling.txt', 'link.txt', 'server.ts', 'target.txt']);
    expect((await run(['-o', 'target.txt', 'server.ts'], dir)).code).toBe(1);
    expect(readFileSync(path.join(dir, 'target.txt'), 'utf8')).toContain(SUMMARY);
    expect(lstatSync(path.join(dir, 'link.txt')).isSymbolicLink()).toBe(true);
  });

  it('writes through a symbolic link among the parent folders: the file the path names is the one replaced', async () => {
    const dir = writeProject({ 'server.ts': SERVER, 'real/old.txt': 'old\n' });
    symlinkSync('real', path.join(dir, 'reports'));
    expect((await run(['-o', 'reports/old.txt', 'server.ts'], dir)).code).toBe(1);
    expect(readFileSync(path.join(dir, 'real', 'old.txt'), 'utf8')).toContain(SUMMARY);
    expect(lstatSync(path.join(dir, 'reports')).isSymbolicLink()).toBe(true);
  });

  it('a FIFO with a reader receives the whole report; with no reader it is refused at once rather than waited on', async () => {
    const dir = writeProject({ 'server.ts': SERVER });
    const fifo = path.join(dir, 'report.fifo');
    execFileSync('mkfifo', [fifo]);
    expect(await run(['-o', 'report.fifo', 'server.ts'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'mcp-annotate-lint: report.fifo: cannot write the report: it is a FIFO that nothing is reading (start the reader first)\n',
    });
    // This process is the reader: opened without waiting for a writer; the report fits the pipe's buffer, so the linter never waits on it.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      expect(await run(['-o', 'report.fifo', 'server.ts'], dir)).toEqual({ code: 1, stdout: '', stderr: '' });
      const chunks: Buffer[] = [];
      const buffer = Buffer.alloc(65536);
      for (let n = readSync(reader, buffer); n > 0; n = readSync(reader, buffer)) chunks.push(Buffer.from(buffer.subarray(0, n)));
      const report = Buffer.concat(chunks).toString('utf8');
      expect(report).toContain('"peek" declares readOnlyHint: true, but it writes a file');
      expect(report).toContain(SUMMARY);
    } finally {
      closeSync(reader);
    }
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('refuses a folder, a socket and a block device (mknod needs root) in one line each', async () => {
    const dir = writeProject({ 'server.ts': SERVER, 'out/x': '' });
    const socket = createServer();
    await new Promise<void>((resolve) => socket.listen(path.join(dir, 'sock'), resolve));
    // Major 240 is for local or experimental use: no real disk behind it.
    if (isRoot) execFileSync('mknod', [path.join(dir, 'disk'), 'b', '240', '0']);
    try {
      const [folder, sock, disk] = await Promise.all([run(['-o', 'out', 'server.ts'], dir), run(['-o', 'sock', 'server.ts'], dir), isRoot ? run(['-o', 'disk', 'server.ts'], dir) : null]);
      expect(folder).toEqual({ code: 2, stdout: '', stderr: 'mcp-annotate-lint: out: cannot write the report: it is a folder\n' });
      expect(sock).toMatchObject({ code: 2, stderr: 'mcp-annotate-lint: sock: cannot write the report: it is a socket\n' });
      if (disk) expect(disk).toMatchObject({ code: 2, stderr: 'mcp-annotate-lint: disk: cannot write the report: it is a block device (a disk): writing would overwrite it; name a regular file\n' });
    } finally {
      socket.close();
    }
    if (isRoot) expect(lstatSync(path.join(dir, 'disk')).isBlockDevice()).toBe(true);
  });

  it('--update-baseline onto a symbolic link is refused the same way, its target unchanged', async () => {
    const dir = writeProject({ 'server.ts': SERVER, 'kept.json': '{"version":1,"findings":[]}' });
    symlinkSync('kept.json', path.join(dir, 'baseline.json'));
    expect(await run(['--baseline', 'baseline.json', '--update-baseline', 'server.ts'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'mcp-annotate-lint: baseline.json: cannot write the baseline: it is a symbolic link; name its target (kept.json) if you mean to replace it\n',
    });
    expect(readFileSync(path.join(dir, 'kept.json'), 'utf8')).toBe('{"version":1,"findings":[]}');
    expect(readdirSync(dir).sort()).toEqual(['baseline.json', 'kept.json', 'server.ts']);
  });

  it('--init does not write through a dangling .mcplintrc.json link', async () => {
    const dir = writeProject({});
    mkdirSync(path.join(dir, 'elsewhere'));
    symlinkSync(path.join('elsewhere', 'config.json'), path.join(dir, '.mcplintrc.json'));
    expect(await run(['--init'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: `mcp-annotate-lint: .mcplintrc.json: cannot write the configuration: it is a symbolic link; name its target (${path.join('elsewhere', 'config.json')}) if you mean to replace it\n`,
    });
    expect(existsSync(path.join(dir, 'elsewhere', 'config.json'))).toBe(false);
  });
});

describe('writeFileSafely', () => {
  it('removes the folders it created when the write fails, and says why in one line', async () => {
    vi.resetModules();
    vi.doMock('write-file-atomic', () => ({ default: async () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })) }));
    try {
      const { writeFileSafely } = await import('../src/write-file.js');
      const dir = writeProject({ 'kept/a.txt': 'a' });
      await expect(writeFileSafely(path.join(dir, 'new', 'deeper', 'report.json'), '{}', 'the report', dir)).rejects.toThrow(/^new\/deeper\/report\.json: cannot write the report: no space left on the device$/);
      expect(readdirSync(dir)).toEqual(['kept']);
    } finally {
      vi.doUnmock('write-file-atomic');
      vi.resetModules();
    }
  });
});

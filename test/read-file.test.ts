import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReadRefused, readDataFile } from '../src/read-file.js';
import { runCli } from './cli-run.js';
import { SERVER_HEADER, writeProject } from './helpers.js';

const SERVER = `${SERVER_HEADER}server.registerTool("add", { description: "d", inputSchema: {} }, async () => ({ content: [] }));\n`;

describe('files the user names are read only when regular (issue 13, fresh-user trial: a FIFO hung, /dev/zero ate memory)', () => {
  it('readDataFile refuses a device and a FIFO, reads a regular file', async () => {
    const dir = writeProject({ 'a.json': '{}' });
    execFileSync('mkfifo', [path.join(dir, 'fifo')]);
    await expect(readDataFile('/dev/zero')).rejects.toThrow(ReadRefused);
    await expect(readDataFile(path.join(dir, 'fifo'))).rejects.toThrow('not a regular file (a device, FIFO or socket)');
    await expect(readDataFile(path.join(dir, 'a.json'))).resolves.toBe('{}');
  });

  it('--baseline and --check-pin onto a FIFO or /dev/zero are one line, exit 2, at once', async () => {
    const dir = writeProject({ 'server.ts': SERVER });
    execFileSync('mkfifo', [path.join(dir, 'fifo')]);
    writeFileSync(path.join(dir, 'server.mjs'), '');
    const runs = await Promise.all([
      runCli(['--baseline', 'fifo', 'server.ts'], dir),
      runCli(['--baseline', 'fifo', '--update-baseline', 'server.ts'], dir),
      runCli(['--baseline', '/dev/zero', 'server.ts'], dir),
      runCli(['live', '--check-pin', 'fifo', '--', 'node', 'server.mjs'], dir),
      runCli(['live', '--check-pin', '/dev/zero', '--', 'node', 'server.mjs'], dir),
    ]);
    expect(runs.map((r) => [r.code, r.stderr])).toEqual([
      [2, 'mcp-annotate-lint: fifo: cannot read the baseline file: not a regular file (a device, FIFO or socket)\n'],
      [2, 'mcp-annotate-lint: fifo: cannot read the baseline file: not a regular file (a device, FIFO or socket)\n'],
      [2, 'mcp-annotate-lint: /dev/zero: cannot read the baseline file: not a regular file (a device, FIFO or socket)\n'],
      [2, 'mcp-annotate-lint: fifo: cannot read the pin file: not a regular file (a device, FIFO or socket)\n'],
      [2, 'mcp-annotate-lint: /dev/zero: cannot read the pin file: not a regular file (a device, FIFO or socket)\n'],
    ]);
  });
});

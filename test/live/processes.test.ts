import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers.js';
import { listTools } from '../../src/live/list-tools.js';
import { fixture, ROOT } from './helpers.js';

/*
 * Nothing a spawned server started outlives the linter (issue 13, item 4): not a server that
 * ignores SIGTERM, not a grandchild re-parented to PID 1, not one that left the process group,
 * whether the listing ends normally or the linter is interrupted. Linux: the checks read /proc.
 * Every wait polls until a generous deadline, so that a slow machine only makes them slower.
 */

const BIN = path.join(ROOT, 'bin', 'mcp-annotate-lint.js');
/** Long enough for any machine: the linter itself gives a stubborn server 2 s + 2 s. */
const DEADLINE_MS = 30_000;

/** Polls `check` every 50 ms until it holds or the deadline passes; whether it held. */
async function eventually(check: () => boolean, ms = DEADLINE_MS): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (check()) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `pid state args` of every process of process group `pgid` that is not a zombie. */
function groupMembers(pgid: number): string[] {
  return execFileSync('ps', ['-eo', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null && Number(m[2]) === pgid && !m[3]!.startsWith('Z'))
    .map(([, pid, , stat, args]) => `${pid} ${stat} ${args}`);
}

/** Whether process `pid` runs (exists and is not a zombie). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !['Z', 'X'].includes(stat[stat.lastIndexOf(')') + 2]!);
  } catch {
    return false;
  }
}

/**
 * Waits until the server and its child named in `pidFile` (`<pid> <child pid>`) and every process
 * of the server's group are gone; what is left at the deadline.
 */
async function allGone(pidFile: string): Promise<string[]> {
  const [server, child] = readFileSync(pidFile, 'utf8').split(' ').map(Number) as [number, number];
  const left = () => [...[server, child].filter(alive).map((pid) => `${pid} still runs`), ...groupMembers(server)];
  await eventually(() => left().length === 0);
  return left();
}

function tempFile(name: string): string {
  return path.join(tempFolder('mcp-annotate-lint-procs-'), name);
}

/** Runs the built CLI; `interrupt`, when given, is awaited then the linter gets SIGINT. */
function runCli(args: string[], interrupt?: () => Promise<void>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    void interrupt?.().then(() => child.kill('SIGINT'));
  });
}

const STUBBORN = 'test/fixtures/live/stubborn.mjs';

describe.runIf(process.platform === 'linux')('no process outlives the linter', () => {
  it('a server that ignores SIGTERM (and its child, which does too): after a normal run its whole process group is gone', async () => {
    const pidFile = tempFile('server.pid');
    const r = await runCli(['live', '-f', 'json', '--', 'node', STUBBORN, '--pid-file', pidFile]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).tools).toHaveLength(1);
    expect(await allGone(pidFile)).toEqual([]);
  }, 60_000);

  it('the same server when the linter gets SIGINT in the middle of the listing: exit 130, its group gone', async () => {
    const pidFile = tempFile('server.pid');
    const r = await runCli(['live', '--', 'node', STUBBORN, '--pid-file', pidFile, '--hang'], async () => {
      await eventually(() => existsSync(`${pidFile}.listing`));
    });
    expect(r.code).toBe(130);
    expect(await allGone(pidFile)).toEqual([]);
  }, 60_000);

  it('a server that leaves a grandchild behind (its parent exited, it was re-parented): gone after a normal run', async () => {
    const pidFile = tempFile('grandchild.pid');
    const target = fixture('double-fork.mjs', '--pid-file', pidFile);
    expect((await listTools(target)).tools).toHaveLength(1);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(await eventually(() => !alive(grandchild))).toBe(true);
  }, 60_000);

  it('a grandchild that also left the process group (setsid): found by the marker in its environment, gone after', async () => {
    const pidFile = tempFile('grandchild.pid');
    const target = fixture('double-fork.mjs', '--pid-file', pidFile, '--setsid');
    expect((await listTools(target)).tools).toHaveLength(1);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(await eventually(() => !alive(grandchild))).toBe(true);
  }, 60_000);
});

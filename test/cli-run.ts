import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The suite's one time limit (vitest.config.ts), also the limit of a synchronous spawn, which
 * vitest cannot interrupt: it only catches a hang, never a slow machine.
 */
export const HANG_LIMIT_MS = 300_000;

/** The built bin, as users run it (`npm test` builds first). */
export const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'mcp-annotate-lint.js');

/** What a run of the CLI gave. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the bin with `args` in `cwd` (as `user` when given, which only root can ask), without colors unless `env` asks for them, and resolves when
 * it exits. Asynchronous, so that a test that needs several runs starts them together
 * (`await Promise.all([...])`) instead of one after the other: tests must not depend on how fast
 * the machine is, and the suite's only time limit (vitest.config.ts) is there to catch hangs.
 */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}, user: { uid: number; gid: number } | null = null): Promise<CliRun> {
  const base: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete base.FORCE_COLOR;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'], ...(user ?? {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The user `nobody` (uid and gid 65534 on Linux): who runs the CLI when a test needs permissions to hold, as they do not for root. */
const NOBODY = { uid: 65534, gid: 65534 };

/**
 * Runs the bin as a user whom file permissions bind: this process's own user when it is not root,
 * else `nobody` (Node drops root's privileges and supplementary groups in the child). Null where
 * neither can be had (not POSIX), for the test to skip. The folders the run reads must be open to
 * that user (writeProject's are 0700: chmod them 0755).
 */
export function runCliUnprivileged(): ((args: string[], cwd: string) => Promise<CliRun>) | null {
  const uid = process.getuid?.();
  if (uid === undefined) return null;
  return (args, cwd) => runCli(args, cwd, {}, uid === 0 ? NOBODY : null);
}

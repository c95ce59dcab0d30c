import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { pidtree } from 'pidtree';
import { liveError, oneLine } from './errors.js';
import { breakage, isUnreadableMessage, type Link } from './link.js';
import type { StdioTarget } from './target.js';

/** How much of the server's stderr is kept, to quote its last line when it dies. */
const STDERR_TAIL_CHARS = 8192;
/**
 * The longest line read from stdout: one message, and so one tools/list page, may be this large
 * (the SDK's default is 10 MiB, which a page of a few thousand tools with large schemas can pass).
 */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/**
 * How long closing waits for the server to exit before it kills it: a little more than the SDK's
 * own sequence (end stdin, 2 s, SIGTERM, 2 s, SIGKILL), which may already be under way.
 */
const EXIT_WAIT_MS = 5000;
/** How long the server's own children get after SIGTERM before SIGKILL. */
const CHILDREN_WAIT_MS = 1000;

/**
 * The SDK's stdio transport, keeping hold of the child process it spawns: its exit code and its
 * process tree are not otherwise reachable. `_process` is private in the SDK (pinned exactly, at
 * 1.32.2); the tests of a server that exits before initialize fail if it moves.
 */
class WatchedStdioTransport extends StdioClientTransport {
  child: ChildProcess | undefined;

  override start(): Promise<void> {
    const started = super.start();
    this.child = (this as unknown as { _process?: ChildProcess })._process;
    return started;
  }
}

function running(child: ChildProcess | undefined): child is ChildProcess {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

/**
 * Whether process `pid` still runs: signal 0 probes it without sending anything. A zombie (dead,
 * not yet reaped: an orphan waits for whatever reaps at PID 1, which in a container may be never)
 * counts as gone where /proc tells (Linux).
 */
function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return true;
  }
}

function signal(pids: number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // gone meanwhile
    }
  }
}

/** Waits until none of `pids` exists, at most `ms`; returns the ones left. */
async function vanish(pids: number[], ms: number): Promise<number[]> {
  const until = Date.now() + ms;
  let left = pids.filter(runs);
  while (left.length > 0 && Date.now() < until) {
    await sleep(20);
    left = left.filter(runs);
  }
  return left;
}

/** Waits for `child` to exit, killing it (SIGKILL) if it has not within `ms`. */
async function reap(child: ChildProcess, ms: number): Promise<void> {
  if (!running(child)) return;
  const exited = once(child, 'exit');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

/** `exit code 3`, `killed by SIGTERM`. */
function howItEnded(child: ChildProcess): string {
  return child.signalCode !== null ? `killed by ${child.signalCode}` : `exit code ${child.exitCode}`;
}

/** The linter's environment, its defined values only (the SDK's `env` takes strings). */
function inherited(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The servers spawned and not yet closed, ended with their process trees if the linter is interrupted. */
const spawned = new Set<WatchedStdioTransport>();

/** Exit codes of a process ended by a signal, as shells report them (128 + the signal's number). */
const INTERRUPTS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
let guarded = false;

/**
 * Installs, once, handlers that end every spawned server (and the processes it started) when the
 * linter is interrupted (Ctrl-C, SIGTERM from CI), then exit as the signal would have: without
 * them, Node exits at once and the servers run on, adopted by init.
 */
function guardInterrupts(): void {
  if (guarded) return;
  guarded = true;
  for (const [name, code] of Object.entries(INTERRUPTS) as [NodeJS.Signals, number][]) {
    process.once(name, () => {
      const trees = [...spawned].map(async (transport) => {
        const child = transport.child;
        if (child?.pid === undefined || !running(child)) return;
        const descendants = await pidtree(child.pid).catch(() => [] as number[]);
        signal([child.pid, ...descendants], 'SIGTERM');
      });
      void Promise.all(trees).finally(() => process.exit(code));
    });
  }
}

/**
 * A link that spawns `target` with the SDK's `StdioClientTransport` (MCP spec 2025-11-25, Basic ›
 * Transports › stdio: the server reads JSON-RPC messages from stdin and writes them, one a line,
 * to stdout; anything else goes to stderr). The server's stderr is captured, never shown but for
 * its last line when it dies; a line on stdout that is not JSON-RPC breaks the link at once.
 *
 * Closing follows the spec's stdio shutdown (Basic › Lifecycle › Shutdown) as the SDK's `close()`
 * does it: end stdin, wait 2 s, SIGTERM, wait 2 s, SIGKILL. That only ever signals the process it
 * spawned, which shares the linter's process group: children the server started (`npx` → `node`)
 * would outlive it. So closing first lists the server's descendants (pidtree, which reads `ps`),
 * then, once the server is gone, sends SIGTERM to those still there and SIGKILL after
 * `CHILDREN_WAIT_MS`. Where `ps` is missing, only the server itself is ended.
 *
 * @throws UsageError when `target.cwd` does not exist (spawn would report it as a missing command).
 */
export function openStdio(target: StdioTarget): Link {
  if (target.cwd !== undefined && !existsSync(target.cwd)) throw liveError(target, `the working directory ${target.cwd} does not exist`);
  const transport = new WatchedStdioTransport({
    command: target.command,
    args: target.args,
    env: target.inheritEnv ? { ...inherited(), ...target.env } : target.env,
    cwd: target.cwd,
    stderr: 'pipe',
    maxBufferSize: MAX_MESSAGE_BYTES,
  });
  spawned.add(transport);
  guardInterrupts();
  let stderr = '';
  const stderrStream = transport.stderr!;
  const stderrEnded = once(stderrStream, 'end').catch(() => {});
  stderrStream.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
  });
  const { broken, fail } = breakage();
  transport.onerror = (error) => {
    if (isUnreadableMessage(error)) fail('the server wrote something to stdout that is not a JSON-RPC message (stdout is for MCP messages only; logs belong on stderr)');
    else if (error.message.startsWith('ReadBuffer exceeded maximum size')) fail(`the server wrote a message of more than ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB to stdout`);
  };

  return {
    kind: 'stdio',
    transport,
    broken,
    async explain(error, request) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return `command not found: ${target.command}`;
      if (code === 'EACCES') return `${target.command} cannot be run: permission denied`;
      const closed = (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) || (error instanceof Error && error.message === 'Not connected');
      const child = transport.child;
      if (!closed || child === undefined || running(child)) return undefined;
      await Promise.race([stderrEnded, sleep(200)]);
      const last = stderr.split(/\r?\n/).filter((line) => line.trim() !== '').at(-1);
      return `the server exited before answering ${request} (${howItEnded(child)})${last === undefined ? '' : `; its last line on stderr: ${oneLine(last)}`}`;
    },
    async close(client: Client) {
      const child = transport.child;
      const descendants = running(child) && child.pid !== undefined ? await pidtree(child.pid).catch(() => []) : [];
      const closed = client.close().catch(() => {});
      if (child !== undefined) await reap(child, EXIT_WAIT_MS);
      const left = await vanish(descendants, 0);
      signal(left, 'SIGTERM');
      const stubborn = await vanish(left, CHILDREN_WAIT_MS);
      signal(stubborn, 'SIGKILL');
      await vanish(stubborn, CHILDREN_WAIT_MS);
      await closed;
      spawned.delete(transport);
    },
  };
}

import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { liveError, oneLine } from './errors.js';
import { breakage, type Link } from './link.js';
import { ServerProcess } from './server-process.js';
import type { StdioTarget } from './target.js';

/** How much of the server's stderr is kept, to quote its last line when it dies. */
const STDERR_TAIL_CHARS = 8192;
/**
 * The longest line read from stdout: one message, and so one tools/list page, may be this large
 * (the SDK's default is 10 MiB, which a page of a few thousand tools with large schemas can pass).
 */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

function running(child: ChildProcess | undefined): child is ChildProcess {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

/** `exit code 3`, `killed by SIGTERM`. */
function howItEnded(child: ChildProcess): string {
  return child.signalCode !== null ? `killed by ${child.signalCode}` : `exit code ${child.exitCode}`;
}

/** The linter's environment, its defined values only. */
function inherited(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * A link that spawns `target` (a `ServerProcess`: MCP spec 2025-11-25, Basic › Transports › stdio:
 * the server reads JSON-RPC messages from stdin and writes them, one a line, to stdout; anything
 * else goes to stderr). The server's stderr is captured, never shown but for its last line when it
 * dies (redacted and escaped, as every message is: `liveError`). A line on stdout that is not
 * JSON-RPC (a banner, a log line) is skipped, as the SDK's `StdioClientTransport` and the clients
 * built on it do, and counted (blank ones aside): one warning says how many were and quotes the first.
 *
 * The server runs in a process group of its own. Closing follows the spec's stdio shutdown (Basic ›
 * Lifecycle › Shutdown): end stdin, wait, SIGTERM, wait, SIGKILL, for the whole group and what
 * left it (`ServerGroup`), so that nothing the server started (`npx` → `node`, a daemon it forked)
 * outlives the linter; an interrupted linter does the same before it exits.
 *
 * @throws UsageError when `target.cwd` does not exist (spawn would report it as a missing command).
 */
export function openStdio(target: StdioTarget): Link {
  if (target.cwd !== undefined && !existsSync(target.cwd)) throw liveError(target, `the working directory ${target.cwd} does not exist`);
  const transport = new ServerProcess({
    command: target.command,
    args: target.args,
    env: { ...(target.inheritEnv ? inherited() : getDefaultEnvironment()), ...target.env },
    cwd: target.cwd,
    maxMessageBytes: MAX_MESSAGE_BYTES,
  });
  let stderr = '';
  const stderrStream = transport.stderr;
  const stderrEnded = once(stderrStream, 'end').catch(() => {});
  stderrStream.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
  });
  const { broken, fail } = breakage();
  transport.onerror = (error) => {
    if (error.message.startsWith('ReadBuffer exceeded maximum size')) fail(`the server wrote a message of more than ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB to stdout`);
  };
  const skipped = { lines: 0, first: '' };
  transport.onunreadable = (line) => {
    // A blank line says nothing: skipped without a word.
    if (line.trim() === '') return;
    if (skipped.lines++ === 0) skipped.first = line;
  };

  return {
    kind: 'stdio',
    transport,
    broken,
    warnings: () =>
      skipped.lines === 0
        ? []
        : [`skipped ${skipped.lines === 1 ? 'a line' : `${skipped.lines} lines`} on stdout that ${skipped.lines === 1 ? 'is' : 'are'} not JSON-RPC (stdout is for MCP messages only; logs belong on stderr); the first: ${JSON.stringify(skipped.first.length > 120 ? `${skipped.first.slice(0, 119)}…` : skipped.first)}`],
    async explain(error, request) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return `command not found: ${target.command}`;
      if (code === 'EACCES') return `${target.command} cannot be run: permission denied`;
      const closed = (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) || (error instanceof Error && error.message === 'Not connected');
      const child = transport.child;
      if (!closed || child === undefined || running(child)) return undefined;
      await Promise.race([stderrEnded, sleep(200)]);
      const telling = tellingLine(stderr);
      return `the server exited before answering ${request} (${howItEnded(child)})${telling === null ? '' : `; ${telling.last ? 'its last line on stderr' : 'its error on stderr'}: ${oneLine(telling.line)}`}`;
    },
    async close(client: Client) {
      // The client closes the transport, which ends the server's group; closing it again waits for that.
      await client.close().catch(() => {});
      await transport.close();
    },
  };
}

/** The line a runtime prints last after an uncaught error (`Node.js v20.20.2`): it names the runtime, not what went wrong. */
const RUNTIME_TRAILER = /^(?:Node\.js|Deno|Bun) v?\d+(?:\.\d+)*\s*$/;
/** A line that states an error (`Error: Cannot find module '/x.js'`, `TypeError: ...`, `SyntaxError: ...`). */
const ERROR_LINE = /^\s*(?:[A-Z]\w*)?Error(?: \[\w+\])?: /;

/**
 * The stderr line that best says why a server died: its last line, unless that is a runtime's
 * version trailer (Node prints `Node.js v20.20.2` after an uncaught error's stack), in which case
 * the last line stating an error (`Error: Cannot find module '/srv/missing.js'`), else the last
 * line before the trailer. `last` tells which. Null when stderr has no text.
 */
export function tellingLine(stderr: string): { line: string; last: boolean } | null {
  const lines = stderr.split(/\r?\n/).filter((line) => line.trim() !== '');
  const last = lines.at(-1);
  if (last === undefined) return null;
  if (!RUNTIME_TRAILER.test(last.trim())) return { line: last, last: true };
  const before = lines.slice(0, -1);
  const error = before.filter((line) => ERROR_LINE.test(line)).at(-1) ?? before.at(-1);
  return error === undefined ? { line: last, last: true } : { line: error, last: false };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { KILL_GRACE_MS, MARKER_VARIABLE, newMarker, ServerGroup } from './process-group.js';

/** How to start a server. */
export interface ServerCommand {
  command: string;
  args: readonly string[];
  /** The server's whole environment ({@link MARKER_VARIABLE} is added to it). */
  env: Record<string, string>;
  cwd?: string;
  /** The longest message (one line of stdout) read; a longer one is an error (`onerror`). */
  maxMessageBytes: number;
}

/**
 * The client side of the MCP stdio transport (MCP spec 2025-11-25, Basic › Transports › stdio:
 * JSON-RPC messages one a line on the server's stdin and stdout, anything else on stderr), over a
 * child process this class spawns itself rather than the SDK's `StdioClientTransport`: that one
 * cannot start the server in a process group of its own, which is what lets `close` end everything
 * the server started (`ServerGroup`). Framing is the SDK's (`ReadBuffer`, `serializeMessage`).
 *
 * The command is spawned without a shell (`shell: false`): on Windows, where there are no process
 * groups, a `.cmd` shim such as `npx` must be run as `cmd /c npx …`.
 *
 * A line of stdout that is no JSON-RPC message (a banner, a log line) is skipped, as the SDK's
 * `StdioClientTransport` does (its `processReadBuffer` hands the parse error to `onerror` and
 * reads on): here it goes to `onunreadable` with the line itself, so that the caller can say which.
 * The SDK's `ReadBuffer` frames the same way but drops the line before it throws, hence the
 * framing below (split on `\n`, a trailing `\r` dropped, the SDK's `deserializeMessage` per line).
 */
export class ServerProcess implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** A line of stdout that is not a JSON-RPC message, and why (not JSON, or JSON of another shape); skipped. */
  onunreadable?: (line: string, error: Error) => void;
  /** The server's stderr, readable before `start` so that nothing it writes first is lost. */
  readonly stderr = new PassThrough();
  /** The spawned process, once `start` was called. */
  child: ChildProcess | undefined;
  private group: ServerGroup | undefined;
  /** The chunks of stdout after the last new line, and their length in bytes. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private closing: Promise<void> | undefined;

  constructor(private readonly server: ServerCommand) {}

  /**
   * Spawns the server as the leader of a new process group (not on Windows), its stdin and stdout
   * piped for messages, its stderr to `stderr`. Resolves once it runs.
   *
   * @throws the spawn error (`ENOENT` for a command not found, `EACCES`), also given to `onerror`.
   */
  start(): Promise<void> {
    if (this.child !== undefined) return Promise.reject(new Error('ServerProcess already started'));
    const marker = newMarker();
    const ownGroup = process.platform !== 'win32';
    const child = spawn(this.server.command, [...this.server.args], {
      env: { ...this.server.env, [MARKER_VARIABLE]: marker },
      cwd: this.server.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      detached: ownGroup,
      windowsHide: true,
    });
    this.child = child;
    if (child.pid !== undefined) this.group = new ServerGroup(child.pid, ownGroup, marker);
    child.stderr!.pipe(this.stderr);
    child.stdin!.on('error', (error) => this.onerror?.(error));
    child.stdout!.on('error', (error) => this.onerror?.(error));
    child.stdout!.on('data', (chunk: Buffer) => this.read(chunk));
    child.on('close', () => this.onclose?.());
    return new Promise((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
    });
  }

  /**
   * Hands on every line `chunk` ends: a message to `onmessage`, anything else to `onunreadable`
   * (then reads on). The bytes after the last new line wait for the next chunk; a line longer than
   * `maxMessageBytes` is an error (`onerror`, "ReadBuffer exceeded maximum size", the SDK's words)
   * and what of it came is dropped. Only the new chunk is searched, so a long line costs its length once.
   */
  private read(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; start = end + 1, end = chunk.indexOf(0x0a, start)) {
      const tail = chunk.subarray(start, end);
      const bytes = this.pending.length === 0 ? tail : Buffer.concat([...this.pending, tail]);
      this.pending = [];
      this.pendingBytes = 0;
      this.take(bytes.toString('utf8').replace(/\r$/, ''));
    }
    if (start < chunk.length) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
    }
    if (this.pendingBytes > this.server.maxMessageBytes) {
      this.pending = [];
      this.pendingBytes = 0;
      this.onerror?.(new Error(`ReadBuffer exceeded maximum size of ${this.server.maxMessageBytes} bytes`));
    }
  }

  /** One line of stdout: a message, or a line to skip. */
  private take(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (error) {
      if (this.onunreadable) this.onunreadable(line, error as Error);
      else this.onerror?.(error as Error);
      return;
    }
    this.onmessage?.(message);
  }

  /** Writes `message` as one line to the server's stdin. @throws `Not connected` when it is not running or closing. */
  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (this.closing !== undefined || !stdin?.writable) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /**
   * Ends the server as the spec's stdio shutdown asks: closes its stdin, waits up to
   * {@link KILL_GRACE_MS} for it to exit, then ends its whole group (`ServerGroup.end`: SIGTERM,
   * SIGKILL after the grace period), which also ends what it started when it exited by itself.
   * Calling it again returns the same promise. Never throws.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const child = this.child;
      if (child === undefined) return;
      child.stdin?.end();
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) await within(once(child, 'exit'), KILL_GRACE_MS);
      await this.group?.end();
      // Dead now, but perhaps not yet reaped: wait for Node to reap it, so that no zombie is left.
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) await within(once(child, 'exit'), KILL_GRACE_MS);
      this.pending = [];
      this.pendingBytes = 0;
    })();
    return this.closing;
  }
}

/** Waits for `promise` (its rejection ignored), at most `ms`. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

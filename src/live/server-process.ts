import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
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
 */
export class ServerProcess implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The server's stderr, readable before `start` so that nothing it writes first is lost. */
  readonly stderr = new PassThrough();
  /** The spawned process, once `start` was called. */
  child: ChildProcess | undefined;
  private group: ServerGroup | undefined;
  private readonly buffer: ReadBuffer;
  private closing: Promise<void> | undefined;

  constructor(private readonly server: ServerCommand) {
    this.buffer = new ReadBuffer({ maxBufferSize: server.maxMessageBytes });
  }

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

  /** Appends `chunk` to the buffer and hands on every whole message in it; an unreadable line is an error, not the end. */
  private read(chunk: Buffer): void {
    try {
      this.buffer.append(chunk);
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
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
      this.buffer.clear();
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

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpTarget, StdioTarget } from '../../src/live/target.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'live');

/** The dist entry of an official server installed as a devDependency. */
export function serverEntry(name: string): string {
  return path.join(ROOT, 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.js');
}

/**
 * A stdio target running fixture `name` with `node`, its arguments ending in a marker unique to
 * this call (`--marker=<uuid>`, ignored by the fixtures) that `strays` looks for.
 */
export function fixture(name: string, ...args: string[]): StdioTarget & { marker: string } {
  const marker = `--marker=${randomUUID()}`;
  return { kind: 'stdio', command: process.execPath, args: [path.join(FIXTURES, name), ...args, marker], marker };
}

/**
 * The processes still there that a call must have ended: children of this process (but `keep`)
 * and any process whose command line holds `marker` (a grandchild orphaned by its parent's death
 * is no longer a child of anyone here). `pid command` lines.
 */
export function strays(marker?: string, keep: number[] = []): string[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' });
  return table
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .filter(([, pid, ppid, args]) => {
      if (args!.startsWith('ps -eo') || keep.includes(Number(pid))) return false;
      return Number(ppid) === process.pid || (marker !== undefined && args!.includes(marker));
    })
    .map(([, pid, , args]) => `${pid} ${args}`);
}

/** A port on 127.0.0.1 that nothing listens on at the moment. */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** An HTTP server on 127.0.0.1 answering every request with `handler`, and its URL (`/mcp`). */
export async function httpServer(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/**
 * server-everything started as a child process in transport `mode` (`streamableHttp`, `sse`) on a
 * free port (its `PORT` variable; it listens on every interface), once it says it listens.
 */
export async function startEverything(mode: 'streamableHttp' | 'sse'): Promise<{ child: ChildProcess; port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry('server-everything'), mode], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  await new Promise<void>((resolve, reject) => {
    // No timer of its own: a server that never says it listens is a hang, which the suite's limit catches.
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (/listening on port|running on port/i.test(said)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server-everything ${mode} exited (${code}): ${said}`)));
  });
  return {
    child,
    port,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
}

/** An HTTP target for `url` with `headers`. */
export function httpTarget(url: string, headers: Record<string, string> = {}): HttpTarget {
  return { kind: 'http', url, headers };
}

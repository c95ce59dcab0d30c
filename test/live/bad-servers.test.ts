import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { listTools, type ListToolsOptions } from '../../src/live/list-tools.js';
import { describeTarget, type LiveTarget } from '../../src/live/target.js';
import { FIXTURES, fixture, freePort, httpServer, httpTarget, strays } from './helpers.js';

/** The one-line message `listTools` fails with (a UsageError, no stack in it). */
async function failure(target: LiveTarget, options?: ListToolsOptions): Promise<string> {
  const error: unknown = await listTools(target, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UsageError);
  const { message } = error as UsageError;
  expect(message).not.toContain('\n');
  return message;
}

describe('listTools over stdio: a server that goes wrong ends in one line, with nothing left running', () => {
  it('a command that does not exist', async () => {
    const target = { ...fixture('none.mjs'), command: 'mcp-annotate-lint-no-such-command' };
    expect(await failure(target)).toBe(`${describeTarget(target)}: command not found: mcp-annotate-lint-no-such-command`);
    expect(strays(target.marker)).toEqual([]);
  });

  it('a working directory that does not exist (spawn would call it a missing command)', async () => {
    const target = { ...fixture('silent.mjs'), cwd: '/nonexistent/mcp-annotate-lint' };
    expect(await failure(target)).toBe(`${describeTarget(target)}: the working directory /nonexistent/mcp-annotate-lint does not exist`);
  });

  it('a server that exits before initialize: its exit code and the last line of its stderr', async () => {
    const target = fixture('exits-early.mjs');
    expect(await failure(target)).toBe(`${describeTarget(target)}: the server exited before answering initialize (exit code 3); its last line on stderr: fatal: the token (none) was rejected`);
    expect(strays(target.marker)).toEqual([]);
  });

  it('a script that does not exist: the error Node states, not the `Node.js v20` line it prints last (a user\'s trial)', async () => {
    const target = { ...fixture('none.mjs'), args: [path.join(FIXTURES, 'no-such-server.mjs')] };
    const message = await failure(target);
    expect(message).toMatch(/: the server exited before answering initialize \(exit code 1\); its error on stderr: Error: Cannot find module '[^']*no-such-server\.mjs'$/);
    expect(message).not.toMatch(/Node\.js v\d/);
  });

  it('a server that dies when asked for its tools', async () => {
    const target = fixture('dies-on-list.mjs');
    expect(await failure(target)).toBe(`${describeTarget(target)}: the server exited before answering tools/list (exit code 1); its last line on stderr: panic: cannot load the tool catalog`);
    expect(strays(target.marker)).toEqual([]);
  });

  it('a server that writes lines other than JSON-RPC to stdout is listed all the same, with one warning that counts them and quotes the first, redacted and escaped', async () => {
    const target = fixture('not-json.mjs');
    const listed = await listTools(target);
    expect(listed.tools).toEqual([expect.objectContaining({ name: 'a' })]);
    expect(listed.warnings).toEqual([
      `${describeTarget(target)}: skipped 2 lines on stdout that are not JSON-RPC (stdout is for MCP messages only; logs belong on stderr); the first: "Server \\u001b[1mlistening\\u001b[0m on stdio with ghp_***"`,
    ]);
    expect(strays(target.marker)).toEqual([]);
  });

  it('a server that never answers: a timeout, and the process (deaf to the end of its input) is killed', async () => {
    const target = fixture('silent.mjs');
    expect(await failure(target, { timeoutMs: 1000 })).toBe(`${describeTarget(target)}: no answer to initialize within 1 s`);
    expect(strays(target.marker)).toEqual([]);
  });

  it('a tools/list result without a "tools" array', async () => {
    const target = fixture('malformed.mjs');
    expect(await failure(target)).toBe(`${describeTarget(target)}: tools/list result has no "tools" array`);
    expect(strays(target.marker)).toEqual([]);
  });

  it('a cursor that comes back: the pagination loops', async () => {
    const target = fixture('cursor-loop.mjs');
    expect(await failure(target)).toBe(`${describeTarget(target)}: tools/list (page 3) gave the cursor "p1" a second time: its pagination loops`);
    expect(strays(target.marker)).toEqual([]);
  });

  it('more pages than maxPages', async () => {
    const target = fixture('many-tools.mjs', '10000', '100');
    expect(await failure(target, { maxPages: 5 })).toBe(`${describeTarget(target)}: tools/list did not end within 5 pages (each gave a nextCursor)`);
    expect(strays(target.marker)).toEqual([]);
  });
});

describe('listTools over stdio: what must work', () => {
  it('10,000 tools over 20 pages, each object as sent (a malformed annotation kept), each page within the request timeout', async () => {
    const target = fixture('many-tools.mjs', '10000', '500');
    const listed = await listTools(target);
    expect(listed.pages).toBe(20);
    expect(listed.tools).toHaveLength(10_000);
    expect(listed.tools[0]).toEqual({ name: 'tool_0', description: 'Tool tool_0.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: 'yes', sideEffects: 'none' } });
    expect((listed.tools[9999] as { name: string }).name).toBe('tool_9999');
    expect(listed.server).toEqual({ name: 'many-tools', version: '1.0.0' });
    expect(listed.transport).toBe('stdio');
    expect(strays(target.marker)).toEqual([]);
  });

  it('a server run through a wrapper (as npx runs it) that ignores the end of its input: the wrapper and its child are both gone after', async () => {
    const target = fixture('wrapper.mjs', 'test/fixtures/live/many-tools.mjs', '3', '3', '--linger');
    const listed = await listTools({ ...target, cwd: process.cwd() });
    expect(listed.tools).toHaveLength(3);
    expect(strays(target.marker)).toEqual([]);
  });
});

describe('listTools over HTTP: a server that goes wrong ends in one line', () => {
  it('a port nothing listens on: connection refused', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    expect(await failure(httpTarget(url))).toBe(`${url}: connection refused (is the server running, on this host and port?)`);
  });

  it('401: asks for an Authorization header, or says the one given was refused', async () => {
    const server = await httpServer((_, res) => res.writeHead(401, { 'www-authenticate': 'Bearer' }).end());
    try {
      expect(await failure(httpTarget(server.url))).toBe(`${server.url}: the server asks for authorization (HTTP 401): pass --header "Authorization: ..."`);
      expect(await failure(httpTarget(server.url, { authorization: 'Bearer wrong' }))).toBe(`${server.url}: the server refused the Authorization header given (HTTP 401)`);
    } finally {
      await server.close();
    }
  });

  it('an HTML page: not MCP', async () => {
    const server = await httpServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Welcome</title>'));
    try {
      expect(await failure(httpTarget(server.url))).toBe(
        `${server.url}: the server answers with text/html; charset=utf-8, not MCP (application/json or text/event-stream): is the URL its MCP endpoint?`,
      );
    } finally {
      await server.close();
    }
  });

  it.each([
    [404, 'not an MCP endpoint: HTTP 404 to a Streamable HTTP POST, HTTP 404 to an SSE GET', ['POST', 'GET']],
    [429, 'HTTP 429 to initialize', ['POST']],
  ])('HTTP %i to everything: %s (the spec falls back to SSE on 400, 404 and 405 only)', async (status, what, methods) => {
    const asked: string[] = [];
    const server = await httpServer((req, res) => {
      asked.push(req.method!);
      res.writeHead(status, { 'content-type': 'text/plain' }).end('No');
    });
    try {
      expect(await failure(httpTarget(server.url))).toBe(`${server.url}: ${what}`);
      expect(asked).toEqual(methods);
    } finally {
      await server.close();
    }
  });

  it('a server that never answers the initialize POST: a timeout', async () => {
    const server = await httpServer(() => {});
    try {
      expect(await failure(httpTarget(server.url), { timeoutMs: 500 })).toBe(`${server.url}: no answer to initialize within 0.5 s`);
    } finally {
      await server.close();
    }
  });
});

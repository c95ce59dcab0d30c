import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { listTools, type ListToolsOptions } from '../../src/live/list-tools.js';
import { describeTarget, redactSecrets, type LiveTarget } from '../../src/live/target.js';
import { fixture, freePort, httpServer, httpTarget } from './helpers.js';

const ENV_SECRET = 'env-secret-value-123';
const HEADERS = { Authorization: 'Bearer header-secret-456', 'X-Api-Key': 'header-secret-789' };

async function message(target: LiveTarget, options?: ListToolsOptions): Promise<string> {
  const error: unknown = await listTools(target, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UsageError);
  return (error as UsageError).message;
}

function expectNoSecret(text: string): void {
  for (const secret of [ENV_SECRET, 'header-secret-456', HEADERS['X-Api-Key']]) expect(text).not.toContain(secret);
}

async function body(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

describe('describeTarget', () => {
  it('a stdio target: its command line, quoted as a shell needs, without its environment', () => {
    const target: LiveTarget = { kind: 'stdio', command: 'node', args: ['dist/index.js', '--root', '/tmp/my dir', "it's"], env: { API_TOKEN: ENV_SECRET } };
    expect(describeTarget(target)).toBe(`\`node dist/index.js --root '/tmp/my dir' 'it'\\''s'\``);
  });

  it('an HTTP target: its URL without credentials, query or fragment, and no header', () => {
    expect(describeTarget(httpTarget('https://user:pw@example.com:8443/mcp?key=abc#top', HEADERS))).toBe('https://example.com:8443/mcp?…');
    expect(describeTarget(httpTarget('http://127.0.0.1:3000/mcp', HEADERS))).toBe('http://127.0.0.1:3000/mcp');
    expect(describeTarget(httpTarget('not a url'))).toBe('the URL given');
  });

  it('redactSecrets blanks whole values and the long words in them, but not values too short to be secrets', () => {
    const target = httpTarget('http://h/mcp', { Authorization: 'Bearer abcdefgh123', 'X-Flag': '1' });
    expect(redactSecrets('got Bearer abcdefgh123, then abcdefgh123 alone, 1 flag', target)).toBe('got ***, then *** alone, 1 flag');
  });
});

describe('header values and environment values never appear in a message', () => {
  it('stdio: a server whose last stderr line quotes the token it was given', async () => {
    const target = { ...fixture('exits-early.mjs'), env: { API_TOKEN: ENV_SECRET } };
    const text = await message(target);
    expect(text).toBe(`${describeTarget(target)}: the server exited before answering initialize (exit code 3); its last line on stderr: fatal: the token *** was rejected`);
    expectNoSecret(text);
  });

  it('stdio: a missing command and a timeout', async () => {
    expectNoSecret(await message({ kind: 'stdio', command: 'mcp-annotate-lint-no-such-command', args: [], env: { API_TOKEN: ENV_SECRET } }));
    expectNoSecret(await message({ ...fixture('silent.mjs'), env: { API_TOKEN: ENV_SECRET } }, { timeoutMs: 300 }));
  });

  it('HTTP: refused, 401, HTML, and an error answer that echoes the Authorization header', async () => {
    const refused = `http://127.0.0.1:${await freePort()}/mcp?key=${ENV_SECRET}`;
    expectNoSecret(await message(httpTarget(refused, HEADERS)));
    const unauthorized = await httpServer((_, res) => res.writeHead(401).end(`bad token ${HEADERS.Authorization}`));
    const html = await httpServer((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${req.headers['x-api-key']}</p>`));
    const echo = await httpServer(async (req, res) => {
      const { id } = JSON.parse(await body(req)) as { id: number };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32600, message: `invalid ${req.headers.authorization}` } }));
    });
    try {
      expectNoSecret(await message(httpTarget(unauthorized.url, HEADERS)));
      expectNoSecret(await message(httpTarget(html.url, HEADERS)));
      const text = await message(httpTarget(echo.url, HEADERS));
      expect(text).toBe(`${echo.url}: the server answered initialize with an error: MCP error -32600: invalid ***`);
    } finally {
      await Promise.all([unauthorized.close(), html.close(), echo.close()]);
    }
  });
});

import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { listTools, type ListToolsOptions } from '../../src/live/list-tools.js';
import { printable } from '../../src/printable.js';
import { isSecretName, redactCommandLine, redactText } from '../../src/live/redact.js';
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

describe('credentials in command lines and server output are blanked (issue 13, item 3)', () => {
  it.each([
    ['postgresql://admin:PW@host/db', 'postgresql://admin:***@host/db'],
    ['mysql://u:p@ss@h/db (an @ in the password)', 'mysql://u:***@h/db (an @ in the password)'],
    ['redis://:hunter22@cache:6379', 'redis://:***@cache:6379'],
    ['postgresql://postgres@localhost/db and ssh://git@github.com: login names, kept', 'postgresql://postgres@localhost/db and ssh://git@github.com: login names, kept'],
    ['https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/o/r.git', 'https://***@github.com/o/r.git'],
    ['https://registry.npmjs.org/@types/node', 'https://registry.npmjs.org/@types/node'],
    ['--api-key=SECRETKEY --token abc --max-tokens 100 --no-auth /data', '--api-key=*** --token *** --max-tokens 100 --no-auth /data'],
    ['API_KEY=xyz123 GITHUB_TOKEN=abc PGPASSWORD=pw LOG_LEVEL=debug node s', 'API_KEY=*** GITHUB_TOKEN=*** PGPASSWORD=*** LOG_LEVEL=debug node s'],
    ['rejected (Authorization: Bearer tok-abc-123) twice', 'rejected (Authorization: Bearer ***) twice'],
    ['header x-api-key: abcdef', 'header x-api-key: ***'],
    ['fatal: password: hunter2', 'fatal: password: ***'],
    ['https://example.com/cb?token=abc&x=1', 'https://example.com/cb?token=***&x=1'],
    ['ghp_abcdefghijklmnopqrstuvwxyz0123 sk-proj-abcdefghijklmnop1234 xoxb-123456789-abcdefg', 'ghp_*** sk-*** xoxb-***'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U.', 'jwt eyJ***.'],
    ['AKIAIOSFODNN7EXAMPLE npm_abcdefghijklmnopqrstuvwxyz0123456789', 'AKIA*** npm_***'],
    ['the token was rejected; Basic auth failed; pass --header "Authorization: ..."', 'the token was rejected; Basic auth failed; pass --header "Authorization: ..."'],
  ])('redactText(%j)', (text, expected) => {
    expect(redactText(text)).toBe(expected);
  });

  it('a command line: the argument after a secret-named option is blanked, unless it is an option', () => {
    expect(redactCommandLine(['node', 's.mjs', 'postgresql://admin:PW@h/db', '--api-key', 'SECRETKEY', '--password', '--verbose', '--auth-token', 't', '--port', '3000', 'sh', '-c', 'API_KEY=x node s'])).toEqual([
      'node', 's.mjs', 'postgresql://admin:***@h/db', '--api-key', '***', '--password', '--verbose', '--auth-token', '***', '--port', '3000', 'sh', '-c', 'API_KEY=*** node s',
    ]);
  });

  it.each([
    ['--api-key', true], ['--apikey', true], ['API_KEY', true], ['GITHUB_TOKEN', true], ['--access-token', true], ['--password', true], ['PGPASSWORD', true],
    ['--secret', true], ['--auth', true], ['--basic-auth', true], ['AWS_SECRET_ACCESS_KEY', true], ['Authorization', true], ['X-Api-Key', true],
    ['-p', false], ['--port', false], ['--max-tokens', false], ['--author', false], ['--no-auth', false], ['--key', false], ['--passthrough', false],
  ])('isSecretName(%j) is %s', (name, secret) => {
    expect(isSecretName(name)).toBe(secret);
  });

  it('a stdio target is named with its credentials blanked, and the blank is not quoted', () => {
    const target: LiveTarget = { kind: 'stdio', command: 'node', args: ['server.mjs', 'postgresql://admin:PW@host/db', '--api-key', 'SECRETKEY'] };
    expect(describeTarget(target)).toBe('`node server.mjs postgresql://admin:***@host/db --api-key ***`');
  });

  it('a server whose last stderr line quotes a token, a bearer header and a URL password: none is in the error line', async () => {
    const target = fixture('leaks-token.mjs');
    const text = await message(target);
    expect(text).toBe(
      `${describeTarget(target)}: the server exited before answering initialize (exit code 1); its last line on stderr: fatal: GitHub said 401 for ghp_*** (Authorization: Bearer ***) at postgresql://admin:***@db/app`,
    );
  });
});

describe('text from a server cannot forge terminal lines (issue 13, item 6)', () => {
  it('printable writes control, C1 and bidirectional characters as JSON escapes', () => {
    expect(printable('a\nb\r\tc\u001b[2J\u0000\u009b\u202e\u2028d')).toBe('a\\nb\\r\\tc\\u001b[2J\\u0000\\u009b\\u202e\\u2028d');
  });

  it('the last stderr line of a server that writes escape sequences and a fake line is quoted escaped, on one line', async () => {
    const target = fixture('leaks-token.mjs', '--escape');
    const text = await message(target);
    expect(text).toBe(
      `${describeTarget(target)}: the server exited before answering initialize (exit code 1); its last line on stderr: fatal:\\u001b[2J\\u001b[31m bad\\rmcp-annotate-lint: all good\\u009b0m\\u202e`,
    );
  });

  it('a command line with a newline in an argument is named on one line', () => {
    expect(describeTarget({ kind: 'stdio', command: 'node', args: ['-e', 'a\nb'] })).toBe("`node -e 'a\\nb'`");
  });
});

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers.js';
import { ROOT } from './helpers.js';

/** Issue 13, items 3 and 6, through the built bin as users run it. */
const BIN = path.join(ROOT, 'bin', 'mcp-annotate-lint.js');
const SERVER = ['node', 'test/fixtures/live/annotations.mjs', 'postgresql://admin:PW@host/db', '--api-key', 'SECRETKEY'];

function run(args: string[], env: Record<string, string> = {}) {
  const base: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete base.FORCE_COLOR;
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...base, ...env }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('a password and an API key on the server command line are printed nowhere (issue 13, item 3)', () => {
  it.each(['stylish', 'json', 'sarif', 'markdown', 'github'])('--format %s', (format) => {
    const r = run(['live', '--format', format, '--', ...SERVER]);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toBe('');
    for (const secret of ['PW', 'SECRETKEY']) expect(r.stdout + r.stderr).not.toContain(secret);
  });

  it('the label names the command with the credentials blanked', () => {
    const r = run(['live', '--format', 'json', '--', ...SERVER]);
    expect(JSON.parse(r.stdout).live.label).toBe('tools/list of `node test/fixtures/live/annotations.mjs postgresql://admin:***@host/db --api-key ***`');
  });

  it('error lines: a command not found, a command not after --, a server that dies', () => {
    const missing = run(['live', '--', 'no-such-command-mcp-annotate-lint', 'postgresql://admin:PW@host/db', '--api-key', 'SECRETKEY']);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toBe('mcp-annotate-lint: `no-such-command-mcp-annotate-lint postgresql://admin:***@host/db --api-key ***`: command not found: no-such-command-mcp-annotate-lint\n');
    const noDashes = run(['live', 'node', 'server.mjs', 'postgresql://admin:PW@host/db']);
    expect(noDashes.stderr).toBe("mcp-annotate-lint: write the server's command after --: mcp-annotate-lint live -- node server.mjs postgresql://admin:***@host/db\n");
    const dies = run(['live', '--', 'node', 'test/fixtures/live/leaks-token.mjs', '--token', 'SECRETKEY']);
    expect(dies.code).toBe(2);
    expect(dies.stderr).toMatch(/^mcp-annotate-lint: `node test\/fixtures\/live\/leaks-token\.mjs --token \*\*\*`: the server exited before answering initialize \(exit code 1\); its last line on stderr: fatal: GitHub said 401 for ghp_\*\*\* \(Authorization: Bearer \*\*\*\) at postgresql:\/\/admin:\*\*\*@db\/app\n$/);
  });

  it('pin and live --check-pin print no credential either', () => {
    const pinFile = path.join(tempFolder('mcp-annotate-lint-redact-'), 'p.json');
    const pinned = run(['pin', '--pin-file', pinFile, '--', ...SERVER]);
    expect(pinned.code).toBe(0);
    const checked = run(['live', '--check-pin', pinFile, '--', ...SERVER]);
    expect(checked.code).toBe(1);
    for (const secret of ['PW', 'SECRETKEY']) expect(pinned.stdout + pinned.stderr + checked.stdout + checked.stderr).not.toContain(secret);
  });
});

describe('names from a server cannot forge lines in pin output (issue 13, item 6)', () => {
  it('pin: the server name and version are escaped on the one line it prints; --check-pin: changes are one line each', () => {
    const pinFile = path.join(tempFolder('mcp-annotate-lint-odd-'), 'p.json');
    const pinned = run(['pin', '--pin-file', pinFile, '--', 'node', 'test/fixtures/live/odd-name.mjs']);
    expect(pinned.code).toBe(0);
    expect(pinned.stdout).toBe(`Wrote ${pinFile}: 1 tool of odd\\u001b[2J\\nmcp-annotate-lint: all good 1.0.0\\r pinned. Commit it; live --check-pin ${pinFile} fails when they change.\n`);
    const changed = run(['live', '--check-pin', pinFile, '-f', 'json', '--', 'node', 'test/fixtures/live/odd-name.mjs'], { ODD_VALUE: '"\u001b[31mred"' });
    expect(changed.code).toBe(1);
    const lines = changed.stderr.split('\n');
    expect(lines[1]).toBe('  ~ "read\\n+ \\"fake\\": added\\u001b[0m": annotations.x\\nkey: 1 → "\\"\\u001b[31mred\\""');
    expect(lines).toHaveLength(3);
  });
});

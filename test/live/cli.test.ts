import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers.js';
import { sarifValidator } from '../formatters/sarif-schema.js';
import { ROOT, freePort, strays } from './helpers.js';
import { HANG_LIMIT_MS } from '../cli-run.js';

/** `live` through the built bin, as users run it, in the repository's root. */
const BIN = path.join(ROOT, 'bin', 'mcp-annotate-lint.js');
const FIXTURE = 'test/fixtures/live/annotations.mjs';
const LABEL = `tools/list of \`node ${FIXTURE}\``;

function run(args: string[], env: Record<string, string> = {}) {
  const base: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete base.FORCE_COLOR;
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...base, ...env }, timeout: HANG_LIMIT_MS });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('mcp-annotate-lint live', () => {
  it('lists and lints a server over stdio: findings at JSON paths, exit 1', () => {
    const r = run(['live', '--', 'node', FIXTURE]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        LABEL,
        '  $.tools[0].annotations.destructiveHint  warning  "read_notes" declares readOnlyHint: true, so its destructiveHint: true has no meaning; remove it  meaningless-hint',
        '  $.tools[0].annotations.idempotentHint   warning  "read_notes" declares readOnlyHint: true, so its idempotentHint: true has no meaning; remove it  meaningless-hint',
        '  $.tools[1].annotations.destructiveHint  error    "delete_note" declares destructiveHint: "yes", which is not a boolean; clients may ignore it or read it as true  invalid-annotations',
        '  $.tools[1].annotations.readonlyHint     error    "delete_note" declares `readonlyHint`, which is not a tool annotation; did you mean `readOnlyHint`? As written, clients use readOnlyHint: false  invalid-annotations',
        '  $.tools[2]                              warning  "plain" declares no annotations; clients will assume it is destructive, not idempotent and open-world  missing-annotations',
        '  $.tools[3]                              warning  "weird" has an annotations object without any behaviour hint (it is empty); clients will assume it is destructive, not idempotent and open-world  missing-annotations',
        '  $.tools[3].annotations                  error    "weird" lists annotations: "readOnly", which is not an object; clients ignore it and use every hint\'s default  invalid-annotations',
        '  $.tools[3].title                        error    "weird" lists title: 5, which is not a string  invalid-annotations',
        '  $.tools[4]                              error    "read_notes" is registered again on the same server; the first registration is at $.tools[0]  duplicate-tool-name',
        '  $.tools[5]                              warning  "$.tools[5]" declares no annotations; clients will assume it is destructive, not idempotent and open-world  missing-annotations',
        '  $.tools[5].name                         warning  "$.tools[5]" cannot be verified: the name is not a string (42)  unverifiable-annotations',
        '',
        '✖ 11 problems (5 errors, 6 warnings)',
        `Checked 6 tools in ${LABEL} (1 with a name, handler or hints it cannot read).`,
        '',
      ].join('\n'),
    );
  });

  it('a server that prints a banner on stdout is linted, with one warning on stderr that leaves the JSON report whole', () => {
    const r = run(['live', '--format', 'json', '--', 'node', 'test/fixtures/live/not-json.mjs']);
    expect(r.stderr).toBe(
      'mcp-annotate-lint: warning: `node test/fixtures/live/not-json.mjs`: skipped 2 lines on stdout that are not JSON-RPC (stdout is for MCP messages only; logs belong on stderr); the first: "Server \\u001b[1mlistening\\u001b[0m on stdio with ghp_***"\n',
    );
    expect(JSON.parse(r.stdout).tools.map((t: { name: string }) => t.name)).toEqual(['a']);
  });

  it('--format json gives the label as file, line and column 0, and the JSON path', () => {
    const r = run(['live', '--format', 'json', '--', 'node', FIXTURE]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.live).toEqual({ label: LABEL, server: { name: 'annotations', version: '1.0.0' }, protocolVersion: expect.any(String), transport: 'stdio' });
    expect(report.tools).toHaveLength(6);
    expect(report.tools[3]).toMatchObject({ name: 'weird', file: LABEL, line: 0, jsonPath: '$.tools[3]', annotations: {}, effects: [] });
    expect(report.findings[2]).toEqual({
      ruleId: 'invalid-annotations',
      severity: 'error',
      confidence: 'certain',
      tool: 'delete_note',
      file: LABEL,
      line: 0,
      column: 0,
      jsonPath: '$.tools[1].annotations.destructiveHint',
      message: '"delete_note" declares destructiveHint: "yes", which is not a boolean; clients may ignore it or read it as true',
      helpUri: expect.stringContaining('invalid-annotations.md'),
    });
  });

  it('--format sarif gives logical locations, valid against the SARIF 2.1.0 schema', () => {
    const r = run(['live', '--format', 'sarif', '--', 'node', FIXTURE]);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout);
    const validate = sarifValidator();
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const results = log.runs[0].results;
    expect(results).toHaveLength(11);
    expect(results[6].locations).toEqual([{ logicalLocations: [{ fullyQualifiedName: '$.tools[3].annotations', kind: 'member' }] }]);
    expect(r.stdout).not.toContain('physicalLocation');
  });

  it('--format github and markdown place live findings without a file', () => {
    const github = run(['live', '--format', 'github', '--', 'node', FIXTURE]);
    expect(github.stdout.split('\n')[2]).toBe('::error title=invalid-annotations::"delete_note" declares destructiveHint: "yes", which is not a boolean; clients may ignore it or read it as true');
    const markdown = run(['live', '--format', 'markdown', '--', 'node', FIXTURE]);
    // The label quotes the command line: Markdown shows it as plain text, its markup escaped.
    expect(markdown.stdout).toContain(`5 errors · 6 warnings · 0 info · 6 tools checked in ${LABEL.replace(/[\\`*_[\]<>|~&!]/g, '\\$&')}`);
    expect(markdown.stdout).toContain('| `weird` | `$.tools[3]` |');
  });

  it('lints server-memory (9 tools, complete annotations): only what the rules say, exit 0', () => {
    const dir = tempFolder('live-memory-');
    const entry = 'node_modules/@modelcontextprotocol/server-memory/dist/index.js';
    const r = run(['live', '--format', 'json', '--', 'node', entry], { MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.tools).toHaveLength(9);
    expect(report.findings.map((f: { ruleId: string; jsonPath: string }) => `${f.ruleId} ${f.jsonPath}`)).toEqual([
      'meaningless-hint $.tools[6].annotations.idempotentHint',
      'meaningless-hint $.tools[7].annotations.idempotentHint',
      'meaningless-hint $.tools[8].annotations.idempotentHint',
    ]);
  });

  it('gives the spawned server this environment', () => {
    const r = run(['live', '--format', 'json', '--', 'node', 'test/fixtures/live/env-name.mjs'], { LIVE_TOOL_NAME: 'from_env' });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).tools[0].name).toBe('from_env');
  });

  it('takes the arguments after -- as the command line, subcommand names included', () => {
    const r = run(['live', '--format', 'json', '--', 'node', 'test/fixtures/live/env-name.mjs', 'live', 'rules']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).live.label).toBe('tools/list of `node test/fixtures/live/env-name.mjs live rules`');
  });

  it('--quiet, --max-warnings and -o work as in static mode', () => {
    const quiet = run(['live', '--quiet', '--format', 'json', '--', 'node', FIXTURE]);
    expect(JSON.parse(quiet.stdout).findings).toHaveLength(5);
    const memory = tempFolder('live-memory-');
    const entry = 'node_modules/@modelcontextprotocol/server-memory/dist/index.js';
    const strict = run(['live', '--max-warnings', '0', '--', 'node', entry], { MEMORY_FILE_PATH: path.join(memory, 'm.jsonl') });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toBe('mcp-annotate-lint: 3 warnings, more than --max-warnings 0 allows\n');
    const out = path.join(memory, 'report.json');
    const written = run(['live', '-f', 'json', '-o', out, '--', 'node', FIXTURE]);
    expect(written.code).toBe(1);
    expect(written.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).findings).toHaveLength(11);
    const guarded = run(['live', '-o', 'package.json', '--', 'node', FIXTURE]);
    expect(guarded.code).toBe(2);
    expect(guarded.stderr).toContain('--output-file would overwrite a source or project file');
  });

  it.each([
    [['live', '--url', 'http://127.0.0.1:1/mcp', '--', 'node', FIXTURE], 'live takes either a command after -- or --url, not both'],
    [['live'], 'live needs a server: a command after -- (mcp-annotate-lint live -- node dist/index.js) or --url <url>'],
    [['live', '--url', 'http://127.0.0.1:1/mcp', '--header', 'Authorization Bearer secret-token-value'], '--header #1 is not "Name: value" (a header name, a colon, then the value)'],
    [['live', '--header', 'X-A: 1', '--', 'node', FIXTURE], '--header is sent to an HTTP server: it needs --url'],
    [['live', '--url', 'ftp://example.com/mcp'], '--url must be an http:// or https:// URL'],
    // An http URL that does not parse is not a wrong scheme (a user's trial: port 99999); the URL is not quoted, as it may hold a password.
    [['live', '--url', 'http://user:pw@localhost:99999/mcp'], '--url is not a valid URL: check its host and its port (1 to 65535)'],
    [['live', 'node', FIXTURE], `write the server's command after --: mcp-annotate-lint live -- node ${FIXTURE}`],
    [['--quiet', 'live', '--', 'node', FIXTURE], 'write --quiet after `live` (mcp-annotate-lint live --quiet …)'],
    [['live', '--timeout', '0', '--', 'node', FIXTURE], "option '--timeout <seconds>' argument '0' is invalid. expected a whole number from 1 to 3600"],
  ])('is a usage error, exit 2: %j', (args, message) => {
    const r = run(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`mcp-annotate-lint: ${message}\n`);
  });

  it('never prints a header value: a refused connection names the URL only', async () => {
    const port = await freePort();
    const r = run(['live', '--url', `http://127.0.0.1:${port}/mcp`, '--header', 'Authorization: Bearer very-secret-token', '--timeout', '5']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^mcp-annotate-lint: http://127\\.0\\.0\\.1:${port}/mcp: .+\\n$`));
    expect(r.stderr + r.stdout).not.toContain('very-secret-token');
  });

  it('a server that cannot be started is one line, exit 2, nothing left running', () => {
    const r = run(['live', '--', 'no-such-command-mcp-annotate-lint']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mcp-annotate-lint: `no-such-command-mcp-annotate-lint`: .+\n$/);
    expect(strays('no-such-command-mcp-annotate-lint')).toEqual([]);
  });
});

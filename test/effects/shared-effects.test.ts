import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint, type LintResult } from '../../src/index.js';
import { toJsonReport } from '../../src/formatters/json.js';
import { lintFiles, SERVER_HEADER, tool } from '../helpers.js';

/**
 * Issue 15, kind 1: effects on the path every tool of a wrapper or dispatcher takes are reported
 * once (shared-effects, a warning) and left out of each tool's hints; a branch of the wrapper that
 * one tool takes still counts for it. Fixtures: test/fixtures/shared-effects/<shape>/server.ts.
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'shared-effects');

async function lintFixture(shape: string): Promise<LintResult> {
  const dir = path.join(FIXTURES, shape);
  return lint({ paths: ['server.ts'], cwd: dir });
}

/** `severity rule tool@line` per finding. */
function findings(result: LintResult): string[] {
  return result.findings.map((f) => `${f.severity} ${f.ruleId} ${f.tool}@${f.location.line}`);
}

/** The sink of each effect of a tool, with ` (shared)` on shared ones. */
function effectsOf(result: LintResult, name: string): string[] {
  return (tool(result, name).effects?.effects ?? []).map((e) => `${e.sink}${e.shared ? ' (shared)' : ''}`);
}

describe('shared effects of a wrapper or dispatcher', () => {
  it('a registration wrapper with a call log and telemetry: reported once, not against the read-only tools', async () => {
    const result = await lintFixture('registration-wrapper');
    expect(findings(result)).toEqual(['warning shared-effects read_note@19', 'warning missing-annotations delete_note@34']);
    const shared = result.findings[0]!;
    expect(shared.message).toContain('The callback of `server.registerTool` in `register` runs for each of its 3 tools and appends to a file, and 1 more effect (at server.ts:20)');
    expect(shared.message).toContain('("incidental": [{ "path": "/var/log/notes-calls.log" }, { "call": "track" }])');
    expect(shared.evidence.map((e) => e.sink)).toEqual(['fs/promises appendFile', 'fetch POST']);
    expect(tool(result, 'read_note').inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
    expect(tool(result, 'list_notes').inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
    expect(tool(result, 'delete_note').inferred).toEqual({ readOnly: false, destructive: true, idempotent: true, openWorld: false });
    // Still in each tool's effects, marked.
    expect(effectsOf(result, 'read_note')).toEqual(['fs/promises appendFile (shared)', 'fs/promises readFile', 'fetch POST (shared)']);
    expect(tool(result, 'read_note').effects!.effects[0]!.shared).toMatchObject({ wrapper: 'the callback of `server.registerTool` in `register`', tools: 3, location: { line: 19 } });
  });

  it('a low-level tools/call dispatcher: logging and usage around the switch are shared, each case is its tool\'s own', async () => {
    const result = await lintFixture('call-dispatcher');
    expect(findings(result)).toEqual(['warning shared-effects get_settings@27']);
    expect(result.findings[0]!.message).toContain('The callback of `server.setRequestHandler` runs for each of its 2 tools and appends to a file, and 1 more effect (at server.ts:19 through `recordCall`)');
    expect(result.findings[0]!.message).toContain('("incidental": [{ "call": "recordCall" }, { "call": "reportUsage" }])');
    expect(effectsOf(result, 'get_settings')).toEqual(['fs appendFileSync (shared)', 'fs readFileSync', 'fetch POST (shared)']);
    expect(effectsOf(result, 'reset_settings')).toEqual(['fs appendFileSync (shared)', 'fs writeFileSync', 'fetch POST (shared)']);
    expect(tool(result, 'get_settings').inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
    expect(tool(result, 'reset_settings').inferred).toEqual({ readOnly: false, destructive: true, idempotent: true, openWorld: false });
  });

  it('a base class run() around this.execute(): the span export is shared, each execute() is its tool\'s own', async () => {
    const result = await lintFixture('base-class-run');
    expect(findings(result)).toEqual(['warning shared-effects get_forecast@23', 'warning missing-annotations clear_cache@52']);
    expect(result.findings[0]!.message).toContain('runs for each of its 2 tools and makes an HTTP request (POST to /v1/spans: neither its path nor its body names the operation, so a likely write) (at server.ts:15 through `this.run` > `exportSpan`)');
    expect(result.findings[0]!.message).toContain('("incidental": [{ "call": "exportSpan" }])');
    expect(tool(result, 'get_forecast').inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
    expect(tool(result, 'clear_cache').inferred).toEqual({ readOnly: false, destructive: true, idempotent: true, openWorld: false });
  });

  it('a branch of the wrapper that one tool takes counts for that tool', async () => {
    const result = await lintFixture('one-tool-branch');
    expect(findings(result)).toEqual(['error optimistic-read-only export_report@12', 'warning shared-effects show_report@12']);
    expect(result.findings[0]!.message).toBe('"export_report" declares readOnlyHint: true, but it appends to a file');
    expect(effectsOf(result, 'export_report')).toEqual(['fetch POST (shared)', 'fs/promises appendFile', 'fs/promises readFile']);
    expect(effectsOf(result, 'show_report')).toEqual(['fetch POST (shared)', 'fs/promises readFile']);
    expect(tool(result, 'show_report').inferred.readOnly).toBe(true);
    expect(tool(result, 'export_report').inferred.readOnly).toBe(false);
  });

  it('a client the wrapper makes for each call: its methods run when the tools call them, so their requests stay the tools\' own', async () => {
    const result = await lintFixture('client-factory');
    expect(findings(result)).toEqual(['warning shared-effects list_items@27', 'error optimistic-closed-world list_items@34', 'error optimistic-closed-world count_items@35']);
    expect(result.findings[1]!.message).toBe('"list_items" declares openWorldHint: false, but it makes an HTTP request (GET)');
    expect(effectsOf(result, 'list_items')).toEqual(['fetch POST (shared)', 'fetch GET']);
    // The GET is the tool's own: its handler calls the method of the client the wrapper made.
    expect(tool(result, 'list_items').effects!.effects[1]).toMatchObject({ via: [{ callee: 'handler' }, { callee: 'client.get' }] });
    expect(tool(result, 'count_items').inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
  });

  it('the configuration marks a shared effect incidental: the finding goes, the hints stay the tools\' own', async () => {
    const dir = path.join(FIXTURES, 'registration-wrapper');
    const { ConfigSchema } = await import('../../src/config/schema.js');
    const config = ConfigSchema.parse({ incidental: [{ path: '/var/log/notes-calls.log', reason: 'call log' }, { call: 'track', reason: 'telemetry' }] });
    const result = await lint({ paths: ['server.ts'], cwd: dir, config });
    expect(findings(result)).toEqual(['warning missing-annotations delete_note@34']);
    expect(tool(result, 'read_note').inferred.readOnly).toBe(true);
  });

  it('nothing is shared among tools whose effects are all alike (one generic handler under several names) or by a tool alone', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { appendFile } from "node:fs/promises";
for (const name of ["touch_a", "touch_b"]) {
  server.registerTool(name, { annotations: { readOnlyHint: true } }, async () => {
    await appendFile(\`/tmp/\${name}.txt\`, "x");
    return { content: [] };
  });
}
function register(name: string, handler: () => Promise<string>) {
  server.registerTool(name, { annotations: { readOnlyHint: true } }, async () => {
    await fetch("https://telemetry.example.com", { method: "PUT", body: name });
    return { content: [{ type: "text" as const, text: await handler() }] };
  });
}
register("only", async () => "x");
`,
    });
    expect(findings(result).filter((f) => f.includes('optimistic') || f.includes('shared'))).toEqual(['error optimistic-read-only touch_a@6', 'error optimistic-read-only touch_b@6', 'error optimistic-read-only only@12']);
    expect(result.tools.flatMap((t) => t.effects!.effects.filter((e) => e.shared))).toEqual([]);
  });
  it('a handler that only forwards to the wrapper shares its path with a tool registered with the wrapper itself', async () => {
    const result = await lintFixture('forwarding-wrapper');
    expect(findings(result).filter((f) => !f.includes('missing-annotations'))).toEqual(['warning shared-effects read_report@29']);
    const shared = result.findings.find((f) => f.ruleId === 'shared-effects')!;
    // One finding for the three tools: the chain is read from the wrapper, not from each handler.
    expect(shared.message).toContain('The function at line 29 in `withLimits` runs for each of its 3 tools and appends to server state `this.stamps`, read back at server.ts:20 (at server.ts:21 through `limiter.check`)');
    expect(effectsOf(result, 'read_report')).toEqual(['server state this.stamps (shared)', 'fs/promises readFile']);
    expect(effectsOf(result, 'save_report')).toEqual(['server state this.stamps (shared)', "fs/promises writeFile (flag 'wx')"]);
    expect(tool(result, 'read_report').effects!.effects[0]!.shared).toMatchObject({ tools: 3, entry: 1, call: 'limiter.check' });
    expect(tool(result, 'save_report').effects!.effects[0]!.shared).toMatchObject({ tools: 3, call: 'limiter.check' });
    expect(tool(result, 'save_report').effects!.effects[0]!.shared!.entry).toBeUndefined();
    // The telemetry client declared without code: unresolved for every tool the same way, so shared.
    for (const name of ['read_report', 'list_reports', 'save_report']) {
      expect(tool(result, name).effects!.unresolved.map((u) => `${u.expression} (${u.shared ? 'shared' : 'own'})`)).toEqual(['telemetry.report(name, Date.now() - started) (shared)']);
    }
    // The JSON report says so.
    const reported = toJsonReport(result).tools.find((t) => t.name === 'list_reports')!;
    expect(reported.unresolved.map((u) => u.shared)).toEqual(['the function at line 29 in `withLimits` at server.ts:29']);
    expect(tool(result, 'read_report').inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
    expect(tool(result, 'list_reports').inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
    expect(tool(result, 'save_report').inferred).toEqual({ readOnly: false, destructive: false, idempotent: true, openWorld: false });
  });
  it('a sink the wrapper and one tool both reach through one helper: the wrapper\'s write is shared, the tool\'s own stays its own', async () => {
    const result = await lintFixture('same-sink-own-and-shared');
    expect(findings(result).filter((f) => !f.includes('missing-annotations'))).toEqual(['warning shared-effects show_id@22', 'error optimistic-read-only select_project@30']);
    expect(effectsOf(result, 'show_id')).toEqual(['server state settings (shared)']);
    expect(effectsOf(result, 'select_project')).toEqual(['server state settings (shared)', 'server state settings']);
    expect(tool(result, 'select_project').effects!.effects.map((e) => e.via.map((h) => h.callee).join(' > '))).toEqual(['trackUsage > remember', 'handler > remember']);
    expect(tool(result, 'show_id').inferred.readOnly).toBe(true);
    expect(tool(result, 'select_project').inferred.readOnly).toBe(false);
  });
});

/**
 * A dispatcher of 8 tools that records every call in a history file but for the tool that reads
 * the history (`if (!EXCLUDED.includes(name))`), and persists the store after the tools that write
 * it (`if (WRITERS.includes(name))`): the history is the wrapper's, the store the writers' own.
 */
function dispatcher(writers: string[]): string {
  const names = ['get_a', 'get_b', 'get_c', 'get_d', 'get_e', 'put_a', 'put_b', 'get_recent_calls'];
  const cases = names.map((n) => `    case "${n}": result = store.get("${n}") ?? ""; break;`).join('\n');
  const tools = names.map((n) => `{ name: "${n}", description: "d", inputSchema: { type: "object" as const } }`).join(', ');
  return `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { appendFileSync, writeFileSync } from "node:fs";
const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
const store = new Map<string, string>();
const EXCLUDED = ["get_recent_calls"];
const WRITERS = ${JSON.stringify(writers)};
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [${tools}] }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name } = request.params;
  let result = "";
  switch (name) {
${cases}
  }
  if (!EXCLUDED.includes(name)) appendFileSync("/var/log/calls.log", name + "\\n");
  if (WRITERS.includes(name)) writeFileSync("/var/lib/store.json", JSON.stringify([...store]));
  return { content: [{ type: "text", text: result }] };
});
`;
}

describe('a step of the wrapper that a few tools skip', () => {
  it('takes a history every tool but the one reading it records for the wrapper\'s, in a dispatcher of 8 tools', async () => {
    const result = await lintFiles({ 'server.ts': dispatcher(['put_a', 'put_b']) }, ['server.ts']);
    expect(effectsOf(result, 'get_a')).toEqual(['fs appendFileSync (shared)']);
    expect(effectsOf(result, 'get_recent_calls')).toEqual([]);
    expect(effectsOf(result, 'put_a')).toEqual(['fs appendFileSync (shared)', 'fs writeFileSync']);
  });

  it('keeps a step that most tools skip the own effect of the tools that take it', async () => {
    const result = await lintFiles({ 'server.ts': dispatcher(['get_a', 'get_b', 'get_c', 'put_a', 'put_b']) }, ['server.ts']);
    expect(effectsOf(result, 'put_a')).toEqual(['fs appendFileSync (shared)', 'fs writeFileSync']);
    expect(effectsOf(result, 'get_d')).toEqual(['fs appendFileSync (shared)']);
  });
});

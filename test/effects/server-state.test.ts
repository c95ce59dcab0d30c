import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint, type LintResult } from '../../src/index.js';
import { tool } from '../helpers.js';

/**
 * Issue 15, kinds 2 and 6: server state counts as a modification only when a later call can see it
 * (test/fixtures/server-state: memo.ts holds state no later call sees, store.ts state later calls
 * read back), and removing bookkeeping (released timers, expired entries) destroys no data.
 */
const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'server-state');

let result: LintResult | undefined;
async function linted(): Promise<LintResult> {
  result ??= await lint({ paths: [DIR], cwd: DIR });
  return result;
}

function findings(r: LintResult, name: string): string[] {
  return r.findings.filter((f) => f.tool === name && f.ruleId.startsWith('optimistic-')).map((f) => `${f.ruleId}:${f.severity}`);
}

function stateEffects(r: LintResult, name: string): string[] {
  return (tool(r, name).effects?.effects ?? []).filter((e) => e.kind === 'state.write').map((e) => e.description);
}

describe('server state no later call can see', () => {
  it('does not count a lazy client, a memoised promise, a read-through cache, a once-only flag, an interval handle or a token cache', async () => {
    const r = await linted();
    expect(stateEffects(r, 'read_page')).toEqual([]);
    expect(tool(r, 'read_page').inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
    expect(findings(r, 'read_page')).toEqual([]);
  });
});

describe('server state later calls see', () => {
  it('counts a stored note, and says who reads it back', async () => {
    const r = await linted();
    expect(stateEffects(r, 'save_note')).toEqual(['sets an entry of server state `notes`, replacing any previous one, read back at store.ts:13']);
    expect(tool(r, 'save_note').inferred).toEqual({ readOnly: false, destructive: true, idempotent: true, openWorld: false });
    expect(findings(r, 'save_note')).toEqual(['optimistic-read-only:error']);
    expect(findings(r, 'read_note')).toEqual([]);
  });

  it('counts switching the selected project as a write that destroys nothing and repeats to the same state', async () => {
    const r = await linted();
    expect(stateEffects(r, 'select_project')).toEqual(['switches server state `currentProject` to another value, read back at store.ts:22']);
    expect(tool(r, 'select_project').inferred).toEqual({ readOnly: false, destructive: false, idempotent: true, openWorld: false });
    expect(findings(r, 'select_project')).toEqual(['optimistic-read-only:error']);
  });

  it('takes a toggle for not idempotent, and releasing its timers for bookkeeping, not destruction', async () => {
    const r = await linted();
    // `timers` is only written and released: its entries are nobody's data.
    expect(stateEffects(r, 'toggle_logging')).toEqual(['toggles server state `logging`, read back at store.ts:30']);
    expect(tool(r, 'toggle_logging').inferred).toEqual({ readOnly: false, destructive: false, idempotent: false, openWorld: false });
    expect(findings(r, 'toggle_logging')).toEqual(['optimistic-idempotent:error']);
  });

  it('takes a payload kept under a fresh id for an additive write, and sweeping expired entries for upkeep', async () => {
    const r = await linted();
    expect(stateEffects(r, 'keep_payload')).toEqual(['adds an entry with a new key to server state `payloads`, read back at store.ts:51']);
    expect(tool(r, 'keep_payload').inferred).toEqual({ readOnly: false, destructive: false, idempotent: false, openWorld: false });
    expect(findings(r, 'keep_payload')).toEqual([]);
  });
});

describe('a toggle of membership', () => {
  it('takes removing a present entry that the other branch adds for a toggle (not destructive, not idempotent), and the released poller for bookkeeping', async () => {
    const r = await linted();
    expect(stateEffects(r, 'toggle_follow')).toEqual([
      'toggles an entry of server state `followed` (removes it when present, adds it when absent), read back at store.ts:67',
      'adds to server state `followed`, read back at store.ts:67',
    ]);
    expect(tool(r, 'toggle_follow').inferred).toEqual({ readOnly: false, destructive: false, idempotent: false, openWorld: false });
    expect(findings(r, 'toggle_follow')).toEqual(['optimistic-idempotent:error']);
  });
});

describe('a cache of a type the linter cannot see into', () => {
  it('does not count filling it with a looked-up value', async () => {
    const r = await linted();
    expect((tool(r, 'current_project').effects?.effects ?? []).map((e) => e.description)).toEqual(['calls `this.cache.get`, which by its name (`get`) reads data', 'makes an HTTP request (GET)']);
    expect(tool(r, 'current_project').inferred.readOnly).toBe(true);
    expect(findings(r, 'current_project')).toEqual([]);
  });

  it('counts storing the caller\'s choice in it, as a likely write (a warning)', async () => {
    const r = await linted();
    expect((tool(r, 'switch_project').effects?.effects ?? []).map((e) => [e.description, e.confidence])).toEqual([['calls `this.cache.set`, which stores the selected `projectId` (switching a selection replaces no data)', 'likely']]);
    expect(findings(r, 'switch_project')).toEqual(['optimistic-read-only:warning']);
  });
});

describe('a write method whose result is used', () => {
  it('counts `for (const m of list.reverse())` as a read too: later calls see the order flipped', async () => {
    const { lintFiles, SERVER_HEADER } = await import('../helpers.js');
    const r = await lintFiles({
      'server.ts': `${SERVER_HEADER}const steps = ["a", "b"];\nconst seen: string[] = [];\nserver.registerTool("t", { description: "d", inputSchema: {} }, async () => {\n  for (const s of steps.reverse()) console.error(s);\n  seen.push("x");\n  return { content: [] };\n});\n`,
    });
    // `seen` is only ever pushed to: nobody sees it.
    expect(stateEffects(r, 't')).toEqual(['reverses the order of server state `steps`, read back at server.ts:7']);
    // A reorder keeps every entry (not destructive); a second reverse flips it back (not idempotent).
    expect(tool(r, 't').inferred).toMatchObject({ readOnly: false, destructive: false, idempotent: false });
  });

  it('takes reordering a list that never holds more than one entry for no change; one that can grow is reordered', async () => {
    const { lintFiles, SERVER_HEADER } = await import('../helpers.js');
    const r = await lintFiles({
      'server.ts': `${SERVER_HEADER}const hooks = [async (x: string) => x];\nconst steps = ["a"];\nexport function addStep(s: string) { steps.push(s); }\nserver.registerTool("one", { description: "d", inputSchema: {} }, async () => {\n  for (const h of hooks.reverse()) await h("x");\n  return { content: [] };\n});\nserver.registerTool("grows", { description: "d", inputSchema: {} }, async () => {\n  for (const s of steps.reverse()) console.error(s);\n  return { content: [] };\n});\n`,
    });
    expect(stateEffects(r, 'one')).toEqual([]);
    expect(stateEffects(r, 'grows')).toEqual(['reverses the order of server state `steps`, read back at server.ts:12']);
  });
});

describe('rate-limit bookkeeping', () => {
  it('does not count what a rate limiter keeps (a module record named for it, or the fields of a class named for it); other state from the same response still counts', async () => {
    const { lintFiles } = await import('../helpers.js');
    const r = await lintFiles({
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "t", version: "1.0.0" });
let apiRateLimit = { remaining: 5000, resetTime: null as Date | null };
let lastEtag = "";
class RequestThrottler {
  private timestamps: number[] = [];
  async wait() {
    this.timestamps = this.timestamps.filter((t) => t > Date.now() - 60000);
    if (this.timestamps.length > 10) await new Promise((r) => setTimeout(r, 1000));
    this.timestamps.push(Date.now());
  }
}
const throttler = new RequestThrottler();
async function api(url: string): Promise<unknown> {
  if (apiRateLimit.remaining < 5) await new Promise((r) => setTimeout(r, 1000));
  await throttler.wait();
  const res = await fetch(url);
  const remaining = res.headers.get("x-ratelimit-remaining");
  if (remaining) apiRateLimit.remaining = parseInt(remaining, 10);
  return res.json();
}
server.registerTool("get_repo", { description: "d", annotations: { readOnlyHint: true } }, async (args: { repo: string }) => ({ content: [{ type: "text", text: JSON.stringify(await api(args.repo)) }] }));
server.registerTool("get_tagged", { description: "d", annotations: { readOnlyHint: true } }, async (args: { repo: string }) => {
  const res = await fetch(args.repo, { headers: { "If-None-Match": lastEtag } });
  lastEtag = res.headers.get("etag") ?? "";
  return { content: [{ type: "text", text: lastEtag }] };
});
`,
    });
    expect(stateEffects(r, 'get_repo')).toEqual([]);
    expect(tool(r, 'get_repo').inferred.readOnly).toBe(true);
    expect(stateEffects(r, 'get_tagged')).toEqual(["switches server state `lastEtag` to another value, read back at server.ts:24"]);
  });
});

describe('a selection switch', () => {
  it('takes storing the caller\'s choice under a key that names the current entity for a switch (not destructive, idempotent), and other keys for a replacement', async () => {
    const { lintFiles } = await import('../helpers.js');
    const r = await lintFiles({
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "t", version: "1.0.0" });
const session = new Map<string, string>();
server.registerTool("use_project", { description: "d" }, async (args: { id: string }) => {
  session.set("projectId", args.id);
  return { content: [] };
});
server.registerTool("use_tag", { description: "d" }, async (args: { tag: string }) => {
  session.set("currentTag", args.tag);
  return { content: [] };
});
server.registerTool("set_note", { description: "d" }, async (args: { text: string }) => {
  session.set("note", args.text);
  return { content: [] };
});
server.registerTool("whoami", { description: "d" }, async () => ({ content: [{ type: "text", text: [session.get("projectId"), session.get("currentTag"), session.get("note")].join() }] }));
`,
    });
    expect(stateEffects(r, 'use_project')).toEqual(['switches the selected `projectId` in server state `session`, read back at server.ts:16']);
    expect(tool(r, 'use_project').inferred).toEqual({ readOnly: false, destructive: false, idempotent: true, openWorld: false });
    expect(tool(r, 'use_tag').inferred).toEqual({ readOnly: false, destructive: false, idempotent: true, openWorld: false });
    expect(tool(r, 'set_note').inferred).toEqual({ readOnly: false, destructive: true, idempotent: true, openWorld: false });
  });
});

describe('an environment variable set by a tool', () => {
  // A user's trial: `process.env.MODE = m` was an error against destructiveHint: false, while `mode = m` was a switch.
  it('is a setting switched as a whole, as a module variable is: not destructive, idempotent; a variable the caller names is still replaced', async () => {
    const { lintFiles } = await import('../helpers.js');
    const r = await lintFiles({
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "t", version: "1.0.0" });
let mode = "fast";
server.registerTool("set_mode", { description: "d", annotations: { destructiveHint: false } }, async (args: { m: string }) => { mode = args.m; return { content: [] }; });
server.registerTool("set_env", { description: "d", annotations: { destructiveHint: false } }, async (args: { m: string }) => { process.env.MODE = args.m; return { content: [] }; });
server.registerTool("set_env_key", { description: "d", annotations: { destructiveHint: false } }, async (args: { k: string; m: string }) => { process.env[args.k] = args.m; return { content: [] }; });
server.registerTool("get_mode", { description: "d", annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: "text", text: mode + process.env.MODE }] }));
`,
    });
    const judged = (name: string) => (tool(r, name).effects?.effects ?? []).filter((e) => e.kind === 'state.write').map((e) => `${e.destructive} ${e.idempotent}`);
    expect(judged('set_mode')).toEqual(['false true']);
    expect(judged('set_env')).toEqual(['false true']);
    expect(findings(r, 'set_env')).toEqual([]);
    // A key the caller names may be any variable the process runs with (PATH, NODE_OPTIONS): replaced, as before.
    expect(judged('set_env_key')).toEqual(['true true']);
  });
});

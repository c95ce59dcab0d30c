import { describe, expect, it } from 'vitest';
import type { LintResult } from '../../src/model.js';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * An object a tool call makes for itself and hands down (call-local.ts): a progress tracker made
 * in the handler or in a dispatcher every tool goes through, passed in options objects and
 * destructured deeper, whose methods write its own fields (`this.runId = id`). No later call can
 * see those writes, so they are no modification; an instance kept beyond the call (a module
 * variable, a field of a long-lived object, a module array, returned to a caller who stores it)
 * is state as before. Shapes written for these tests after servers that report progress.
 */

/** A tracker class whose methods write its own fields and send a progress notification. */
const TRACKER = `
class ProgressTracker {
  runId: string | undefined;
  current = 0;
  constructor(private token: string | number, private sendNotification: (n: unknown) => Promise<void>) {}
  setRunId(id: string) { this.runId = id; }
  async updateProgress(message: string) {
    this.current += 1;
    await this.sendNotification({ method: "notifications/progress", params: { progressToken: this.token, progress: this.current, message, runId: this.runId } });
  }
}
function createProgressTracker(token: string | number | undefined, send: (n: unknown) => Promise<void>): ProgressTracker | null {
  if (token === undefined) return null;
  return new ProgressTracker(token, send);
}
async function fetchRun(opts: { runId: string; progressTracker: ProgressTracker | null }) {
  const { runId, progressTracker } = opts;
  const res = await fetch(\`https://api.example.com/runs/\${runId}\`);
  progressTracker?.setRunId(runId);
  await progressTracker?.updateProgress("fetched");
  return res.json();
}
`;

/** Per tool: its inferred readOnly and its effects' descriptions; then the errors found. */
function summary(result: LintResult, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const t = tool(result, name);
    const effects = (t.effects?.effects ?? []).map((e) => e.description);
    out[name] = `readOnly=${t.inferred.readOnly} ${[...new Set(effects)].join('; ')}`;
  }
  out.errors = result.findings.filter((f) => f.severity === 'error').map((f) => `${f.tool} ${f.ruleId}`).join(', ');
  return out;
}

/** A server whose tool `get_run` (declared read-only) runs `body` with `code` above it. */
async function lintRun(code: string, body: string, more = ''): Promise<LintResult> {
  return lintFiles({
    'server.ts': `${SERVER_HEADER}${TRACKER}${code}
server.registerTool("get_run", { description: "d", annotations: { readOnlyHint: true } }, async (args: { runId: string }, extra: any) => {
${body}
  return { content: [{ type: "text" as const, text: JSON.stringify(data) }] };
});
${more}`,
  }, ['server.ts']);
}

const READ_ONLY = { get_run: 'readOnly=true makes an HTTP request (GET)', errors: '' };

describe('an instance made for this call and handed down', () => {
  it('drops the writes to its own fields when the handler makes it with `new` and passes it in an options object', async () => {
    const result = await lintRun('', '  const tracker = new ProgressTracker(extra._meta.progressToken, extra.sendNotification);\n  const data = await fetchRun({ runId: args.runId, progressTracker: tracker });');
    expect(summary(result, ['get_run'])).toEqual(READ_ONLY);
  });

  it('drops them when a factory makes it or gives null, chosen by a conditional', async () => {
    const result = await lintRun('', '  const tracker = extra._meta?.progressToken !== undefined ? createProgressTracker(extra._meta.progressToken, extra.sendNotification) : null;\n  const data = await fetchRun({ runId: args.runId, progressTracker: tracker });');
    expect(summary(result, ['get_run'])).toEqual(READ_ONLY);
  });

  // Limit: in compiled JavaScript the method is found only by resolving `cond ? new X() : null` through the
  // dispatcher's bindings, which the resolver does not do yet (an attempt made apify-shaped code worse; see the report).
  it.skip('drops them when a dispatcher makes it and hands it through a registry entry\'s handler (compiled JavaScript)', async () => {
    const result = await lintFiles({
      'package.json': '{ "name": "fx", "type": "module" }',
      'progress.js': `export class ProgressTracker {
    constructor(options) {
        this.progressToken = options.progressToken;
        this.sendNotification = options.sendNotification;
        this.current = 0;
    }
    setRunId(runId) { this.runId = runId; }
    async updateProgress(message) {
        this.current += 1;
        await this.sendNotification({ method: "notifications/progress", params: { progressToken: this.progressToken, progress: this.current, message } });
    }
}
export function createProgressTracker(progressToken, sendNotification) {
    if (progressToken === undefined || !sendNotification) {
        return null;
    }
    return new ProgressTracker({ progressToken, sendNotification });
}
`,
      'tools.js': `async function fetchRun(opts) {
    const { runId, progressTracker } = opts;
    const res = await fetch(\`https://api.example.com/runs/\${runId}\`);
    progressTracker === null || progressTracker === void 0 ? void 0 : progressTracker.setRunId(runId);
    if (progressTracker) {
        await progressTracker.updateProgress("fetched");
    }
    return res.json();
}
export const getRun = {
    name: "get_run",
    annotations: { readOnlyHint: true },
    call: async (toolArgs) => {
        const { args, progressTracker } = toolArgs;
        const data = await fetchRun({ runId: args.runId, progressTracker });
        return { content: [{ type: "text", text: JSON.stringify(data) }] };
    },
};
export const TOOLS = [getRun];
`,
      'server.js': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { createProgressTracker } from "./progress.js";
import { TOOLS } from "./tools.js";
const server = new Server({ name: "fx", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS.map((t) => ({ name: t.name, annotations: t.annotations, inputSchema: { type: "object" } })) }));
async function dispatch(params) {
    const { tool, args, progressTracker } = params;
    try {
        return await tool.call({ args, progressTracker });
    } finally {
        progressTracker === null || progressTracker === void 0 ? void 0 : progressTracker.runId;
    }
}
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = TOOLS.find((t) => t.name === request.params.name);
    if (!tool) throw new Error("unknown");
    const progressToken = request.params._meta?.progressToken;
    const progressTracker = tool.name === "get_run" ? createProgressTracker(progressToken, extra.sendNotification) : null;
    return dispatch({ tool, args: request.params.arguments, progressTracker });
});
`,
    });
    expect(summary(result, ['get_run'])).toEqual(READ_ONLY);
  });

  it('keeps the instance\'s other effects: a request its method sends is judged as ever', async () => {
    const result = await lintRun(`class Reporter {
  sent = 0;
  async report(text: string) {
    this.sent += 1;
    await fetch("https://hooks.example.com/progress", { method: "POST", body: text });
  }
}
async function work(options: { reporter: Reporter }) {
  const { reporter } = options;
  await reporter.report("half way");
  return 1;
}`, '  const data = await work({ reporter: new Reporter() });');
    const effects = (tool(result, 'get_run').effects?.effects ?? []).map((e) => `${e.kind} ${e.access}`);
    expect(effects).toContain('network write');
    expect(effects.some((e) => e.startsWith('state.write'))).toBe(false);
  });
});

describe('an instance kept beyond the call', () => {
  /** The write to `this.runId` (and the tool reading it), still seen as a write. */
  const KEPT = /switches server state `this\.runId`/;

  it('is state when it is stored in a module variable another tool reads', async () => {
    const result = await lintRun('let lastTracker: ProgressTracker | null = null;', '  const tracker = new ProgressTracker(1, extra.sendNotification);\n  lastTracker = tracker;\n  const data = await fetchRun({ runId: args.runId, progressTracker: tracker });',
      'server.registerTool("last_run", { description: "d" }, async () => ({ content: [{ type: "text" as const, text: String(lastTracker?.runId) }] }));');
    expect(summary(result, ['get_run']).get_run).toMatch(KEPT);
    expect(tool(result, 'get_run').inferred.readOnly).toBe(false);
  });

  it('is state when it is stored in a field of a long-lived object another tool reads', async () => {
    const result = await lintRun('class Session { tracker: ProgressTracker | null = null; }\nconst session = new Session();', '  const tracker = createProgressTracker(1, extra.sendNotification);\n  session.tracker = tracker;\n  const data = await fetchRun({ runId: args.runId, progressTracker: tracker });',
      'server.registerTool("last_run", { description: "d" }, async () => ({ content: [{ type: "text" as const, text: String(session.tracker?.runId) }] }));');
    expect(summary(result, ['get_run']).get_run).toMatch(KEPT);
  });

  it('is state when a function down the path pushes it into a module array another tool reads', async () => {
    const result = await lintRun(`const trackers: ProgressTracker[] = [];
function remember(t: ProgressTracker) { trackers.push(t); }`, '  const tracker = new ProgressTracker(1, extra.sendNotification);\n  remember(tracker);\n  const data = await fetchRun({ runId: args.runId, progressTracker: tracker });',
      'server.registerTool("runs", { description: "d" }, async () => ({ content: [{ type: "text" as const, text: trackers.map((t) => t.runId).join() }] }));');
    expect(summary(result, ['get_run']).get_run).toMatch(KEPT);
  });

  it('is state when a factory returns one it also keeps, or the caller stores what a factory returns', async () => {
    const keeping = await lintRun(`let shared: ProgressTracker | undefined;
function makeKept(send: (n: unknown) => Promise<void>) { const made = new ProgressTracker(1, send); shared = made; return made; }`, '  const tracker = makeKept(extra.sendNotification);\n  const data = await fetchRun({ runId: args.runId, progressTracker: tracker });',
      'server.registerTool("last_run", { description: "d" }, async () => ({ content: [{ type: "text" as const, text: String(shared?.runId) }] }));');
    expect(summary(keeping, ['get_run']).get_run).toMatch(KEPT);
    const storing = await lintRun('const byRun = new Map<string, ProgressTracker | null>();', '  const tracker = createProgressTracker(1, extra.sendNotification);\n  byRun.set(args.runId, tracker);\n  const data = await fetchRun({ runId: args.runId, progressTracker: tracker });',
      'server.registerTool("last_run", { description: "d" }, async (a: { id: string }) => ({ content: [{ type: "text" as const, text: String(byRun.get(a.id)?.runId) }] }));');
    expect(summary(storing, ['get_run']).get_run).toMatch(KEPT);
  });

  it('is state when the class hands `this` to module state', async () => {
    const registering = await lintRun(`const live: Counter[] = [];
class Counter { n = 0; constructor() { live.push(this); } bump() { this.n += 1; } }
async function count(o: { counter: Counter }) { o.counter.bump(); return 1; }`, '  const data = await count({ counter: new Counter() });',
      'server.registerTool("live", { description: "d" }, async () => ({ content: [{ type: "text" as const, text: String(live.map((c) => c.n)) }] }));');
    expect(summary(registering, ['get_run']).get_run).toMatch(/server state `this\.n`/);
  });
});

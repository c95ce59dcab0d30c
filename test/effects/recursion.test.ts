import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LintResult } from '../../src/index.js';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Call cycles (issue 13, item 5): a function that calls itself, directly or through others, keeps
 * the value a parameter had at its first call only for that call. A write reached once the
 * recursion bottoms out must be seen, whichever function of the cycle a tool calls first, and a
 * recursive function that only reads stays read-only. Conditions test the parameter's truth
 * (`if (n)`), which the linter evaluates with a call's static arguments, so that each fixture fails
 * when branches are pruned with the first call's values.
 */

/** `src/server.ts`: `top`, then one tool per entry of `tools` (name → handler body), each declared `readOnlyHint: true`. */
function server(top: string, tools: Record<string, string>): Record<string, string> {
  const registrations = Object.entries(tools).map(
    ([name, body]) => `server.registerTool("${name}", { description: "d", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => {\n${body}\n  return { content: [] };\n});\n`,
  );
  return { 'src/server.ts': `${SERVER_HEADER}${top}\n${registrations.join('')}` };
}

/** Tool `name`'s effects as `sink via callee > callee` (hops outermost first). */
function chains(result: LintResult, name: string): string[] {
  return tool(result, name).effects!.effects.map((e) => `${e.sink} via ${e.via.map((h) => h.callee).join(' > ')}`);
}

/** The optimistic-read-only findings, as `tool: first evidence line`. */
function readOnlyErrors(result: LintResult): string[] {
  return result.findings
    .filter((f) => f.ruleId === 'optimistic-read-only')
    .map((f) => `${f.tool} ${f.severity}: ${f.evidence?.[0]?.sink ?? ''} @ ${path.basename(f.evidence?.[0]?.location.file ?? '')}:${f.evidence?.[0]?.location.line ?? ''}`);
}

/** The 1-based line of `text` in `file`. */
function lineOf(file: string, text: string): number {
  return file.split('\n').findIndex((l) => l.includes(text)) + 1;
}

describe('call cycles', () => {
  it('sees a write reached once a self-recursive function bottoms out (countdown(3))', async () => {
    const files = server(
      `import { writeFile } from "node:fs/promises";
async function countdown(n: number): Promise<void> {
  if (n) return countdown(n - 1);
  await writeFile("/tmp/done", "x");
}`,
      { t: '  await countdown(3);' },
    );
    const result = await lintFiles(files);
    expect(chains(result, 't')).toEqual(['fs/promises writeFile via countdown']);
    expect(readOnlyErrors(result)).toEqual([`t error: fs/promises writeFile @ server.ts:${lineOf(files['src/server.ts']!, 'writeFile("/tmp/done"')}`]);
    expect(tool(result, 't').inferred!.readOnly).toBe(false);
  });

  it('still prunes with the first call\'s value when the recursion is not reached (countdown(0))', async () => {
    const result = await lintFiles(
      server(
        `import { writeFile, readFile } from "node:fs/promises";
async function countdown(n: number): Promise<void> {
  if (n === 0) { await readFile("/tmp/a"); return; }
  await writeFile("/tmp/b", "x");
  return countdown(n - 1);
}`,
        { zero: '  await countdown(0);', three: '  await countdown(3);' },
      ),
    );
    // countdown(0) returns before the write and the recursive call; countdown(3) reaches both.
    expect(chains(result, 'zero')).toEqual(['fs/promises readFile via countdown']);
    expect(chains(result, 'three').sort()).toEqual(['fs/promises readFile via countdown', 'fs/promises writeFile via countdown']);
    expect(readOnlyErrors(result).map((e) => e.split(' ')[0])).toEqual(['three']);
  });

  it('sees a write of mutual recursion (a → b → a) reached only after the recursion, entered at either function', async () => {
    const top = `import { writeFile } from "node:fs/promises";
async function ping(n: number): Promise<void> {
  if (n) return pong(n);
}
async function pong(n: number): Promise<void> {
  if (n) return ping(n - 1);
  await writeFile("/tmp/pong", "x");
}`;
    const result = await lintFiles(server(top, { viaPing: '  await ping(3);', viaPong: '  await pong(2);' }));
    expect(chains(result, 'viaPing')).toEqual(['fs/promises writeFile via ping > pong']);
    expect(chains(result, 'viaPong')).toEqual(['fs/promises writeFile via pong']);
    expect(readOnlyErrors(result).map((e) => e.split(':')[0])).toEqual(['viaPing error', 'viaPong error']);
    // The tools registered in the other order (so the other function of the cycle is summarised first) get the same effects.
    const swapped = await lintFiles(server(top, { viaPong: '  await pong(2);', viaPing: '  await ping(3);' }));
    expect(chains(swapped, 'viaPing')).toEqual(chains(result, 'viaPing'));
    expect(chains(swapped, 'viaPong')).toEqual(chains(result, 'viaPong'));
  });

  it('merges the effects of a longer cycle (a → b → c → a) into every function of it', async () => {
    const top = `import { appendFile, rm, writeFile } from "node:fs/promises";
async function one(n: number): Promise<void> { if (n) return two(n - 1); await appendFile("/tmp/1", "x"); }
async function two(n: number): Promise<void> { if (n) return three(n - 1); await rm("/tmp/2"); }
async function three(n: number): Promise<void> { if (n) return one(n - 1); await writeFile("/tmp/3", "x"); }`;
    const result = await lintFiles(server(top, { a: '  await one(5);', b: '  await two(5);', c: '  await three(5);' }));
    const sinks = (name: string) => tool(result, name).effects!.effects.map((e) => e.sink).sort();
    const all = ['fs/promises appendFile', 'fs/promises rm', 'fs/promises writeFile'];
    expect(sinks('a')).toEqual(all);
    expect(sinks('b')).toEqual(all);
    expect(sinks('c')).toEqual(all);
    expect(chains(result, 'c')).toContain('fs/promises rm via three > one > two');
  });

  it('follows recursion through a method (this.walk(n - 1))', async () => {
    const result = await lintFiles(
      server(
        `import { rm } from "node:fs/promises";
class Cleaner {
  async walk(n: number): Promise<void> {
    if (n) return this.walk(n - 1);
    await rm("/tmp/cache", { recursive: true });
  }
}
const cleaner = new Cleaner();`,
        { t: '  await cleaner.walk(2);' },
      ),
    );
    expect(chains(result, 't')).toEqual(['fs/promises rm via cleaner.walk']);
    expect(readOnlyErrors(result).map((e) => e.split(':')[0])).toEqual(['t error']);
  });

  it('follows recursion through a callback a helper calls', async () => {
    const result = await lintFiles(
      server(
        `import { unlink } from "node:fs/promises";
async function later(fn: () => Promise<void>): Promise<void> { return fn(); }
async function step(n: number): Promise<void> {
  if (n) return later(() => step(n - 1));
  await unlink("/tmp/z");
}`,
        { t: '  await step(2);' },
      ),
    );
    expect(chains(result, 't')).toEqual(['fs/promises unlink via step']);
    expect(readOnlyErrors(result).map((e) => e.split(':')[0])).toEqual(['t error']);
  });

  it('keeps a recursive function that only reads (a directory walk) read-only', async () => {
    const result = await lintFiles(
      server(
        `import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
async function listTree(dir: string, depth: number): Promise<string[]> {
  if (depth <= 0) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listTree(full, depth - 1)));
    else if ((await stat(full)).size > 0) out.push(full);
  }
  return out;
}`,
        { tree: '  await listTree("/srv", 3);' },
      ),
    );
    const t = tool(result, 'tree');
    expect(t.effects!.effects.map((e) => `${e.sink}:${e.access}`).sort()).toEqual(['fs/promises readdir:read', 'fs/promises stat:read']);
    expect(t.effects!.unresolved).toEqual([]);
    expect(t.inferred!.readOnly).toBe(true);
    expect(result.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('makes a dispatcher recursive only for the tool whose branch calls it back', async () => {
    const files = {
      'src/server.ts': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { readFile, rm } from "node:fs/promises";
const server = new Server({ name: "t", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "read", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
    { name: "drop", inputSchema: { type: "object" }, annotations: { readOnlyHint: false } },
    { name: "batch", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
  ],
}));
async function handle(name: string, args: any): Promise<unknown> {
  switch (name) {
    case "read": return readFile(String(args.path), "utf8");
    case "drop": return rm(String(args.path));
    case "batch": return Promise.all(args.calls.map((c: any) => handle(c.name, c.args)));
  }
  throw new Error("unknown tool");
}
server.setRequestHandler(CallToolRequestSchema, async (request) => handle(request.params.name, request.params.arguments));
`,
    };
    const result = await lintFiles(files);
    expect(tool(result, 'read').effects!.effects.map((e) => e.sink)).toEqual(['fs/promises readFile']);
    // A batch runs any tool: the recursive call reaches every branch.
    expect(tool(result, 'batch').effects!.effects.map((e) => e.sink).sort()).toEqual(['fs/promises readFile', 'fs/promises rm']);
    expect(readOnlyErrors(result).map((e) => e.split(':')[0])).toEqual(['batch error']);
  });

  it('summarises each function of a dense cycle a bounded number of times (no walk per path)', async () => {
    const n = 8;
    const fns = Array.from({ length: n }, (_, i) => {
      const calls = Array.from({ length: n }, (_, j) => (j === i ? '' : `  if (process.env.F${j}) await f${j}(k + 1);\n`)).join('');
      return `async function f${i}(k: number): Promise<void> {\n${calls}  await appendFile("/tmp/f${i}", "x");\n}`;
    });
    const result = await lintFiles(server(`import { appendFile } from "node:fs/promises";\n${fns.join('\n')}`, { t: '  await f0(0);' }));
    expect(tool(result, 't').effects!.effects).toHaveLength(n);
    // Every function is walked a few times at most (first with the call's values, then without them), not once per path of the cycle.
    expect(result.stats.summaries).toBeLessThan(6 * n);
  });
  it('walks a wrapper applied to what it wrapped before (logged(logged(save))) instead of taking it for a cycle', async () => {
    // The inner `logged`'s function was a call back into the outer one: a cycle whose walk never bound
    // `handler` to `save`, so the write was lost and the tool read as verified read-only.
    const top = `import { writeFile } from "node:fs/promises";
type Handler = () => Promise<void>;
function logged(handler: Handler): Handler { return async () => { console.error("call"); return handler(); }; }
async function save(): Promise<void> { await writeFile("/tmp/n", "x"); }
const savedTwice = logged(logged(save));
const savedFourTimes = logged(logged(logged(logged(save))));`;
    const result = await lintFiles(server(top, { twice: '  await savedTwice();', four: '  await savedFourTimes();' }));
    expect(chains(result, 'twice')).toEqual(['fs/promises writeFile via savedTwice > handler > handler']);
    expect(chains(result, 'four')).toHaveLength(1);
    expect(readOnlyErrors(result).map((e) => e.split(':')[0])).toEqual(['twice error', 'four error']);
  });

  it('says what it did not follow when a wrapper is applied to itself more than four times, never reads the tool clean', async () => {
    const top = `import { writeFile } from "node:fs/promises";
type Handler = () => Promise<void>;
function logged(handler: Handler): Handler { return async () => handler(); }
async function save(): Promise<void> { await writeFile("/tmp/n", "x"); }
const saved = logged(logged(logged(logged(logged(save)))));`;
    const result = await lintFiles(server(top, { t: '  await saved();' }));
    expect(chains(result, 't')).toEqual([]);
    expect(tool(result, 't').effects!.unresolved.map((u) => u.reason)).toEqual(['runs a wrapper applied to itself more than 4 times; what the innermost one runs is not followed']);
    expect(tool(result, 't').inferred.readOnly).toBeNull();
  });
});

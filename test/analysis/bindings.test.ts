import { describe, expect, it } from 'vitest';
import { Bindings } from '../../src/analysis/bindings.js';
import { Project, SyntaxKind } from '../../src/ts-morph.js';
import { lintFiles } from '../helpers.js';

/**
 * Memo keys of bindings (issue 16): summaries of a function are memoised per `Bindings.id`, so two
 * contexts with equal contents must share a key, and contexts that can read differently must not.
 */
function syntax() {
  const project = new Project({ useInMemoryFileSystem: true });
  const sf = project.createSourceFile(
    'a.ts',
    `function log(level: string, message: unknown) { return level + message; }
function caller(args: { id: string }) { log("info", args.id); log("info", args.id); log("warn", args); }`,
  );
  const [log, caller] = sf.getFunctions();
  const [level, message] = log!.getParameters();
  const args = caller!.getParameters()[0]!;
  const calls = caller!.getDescendantsOfKind(SyntaxKind.CallExpression);
  return { log: log!, caller: caller!, level: level!, message: message!, args, calls };
}

describe('Bindings.id', () => {
  it('is 0 for the empty set and the same for sets built apart with the same contents, in any order', () => {
    const { log, level, message } = syntax();
    expect(Bindings.EMPTY.id).toBe(0);
    const a = Bindings.EMPTY.with(level, { kind: 'const', value: 'info' }, log).with(message, { kind: 'const', value: { id: 'x', tags: ['a'] } }, log);
    const b = Bindings.EMPTY.with(message, { kind: 'const', value: { id: 'x', tags: ['a'] } }, log).with(level, { kind: 'const', value: 'info' }, log);
    expect(a).not.toBe(b);
    expect(a.id).toBe(b.id);
    expect(a.id).not.toBe(0);
  });

  it('tells apart different values, partial values, and the same value bound to another declaration', () => {
    const { log, level, message } = syntax();
    const info = Bindings.EMPTY.with(level, { kind: 'const', value: 'info' }, log);
    expect(Bindings.EMPTY.with(level, { kind: 'const', value: 'warn' }, log).id).not.toBe(info.id);
    expect(Bindings.EMPTY.with(level, { kind: 'const', value: 'info', partial: true }, log).id).not.toBe(info.id);
    expect(Bindings.EMPTY.with(message, { kind: 'const', value: 'info' }, log).id).not.toBe(info.id);
    // Objects by content, key order included (a loop over its keys sees the order).
    const ab = Bindings.EMPTY.with(level, { kind: 'const', value: { a: 1, b: 2 } }, log);
    expect(Bindings.EMPTY.with(level, { kind: 'const', value: { a: 1, b: 2 } }, log).id).toBe(ab.id);
    expect(Bindings.EMPTY.with(level, { kind: 'const', value: { b: 2, a: 1 } }, log).id).not.toBe(ab.id);
    expect(Bindings.EMPTY.with(level, { kind: 'const', value: { a: 1, b: '2' } }, log).id).not.toBe(ab.id);
  });

  it('compares an expression bound as its syntax node and the bindings it is read in, except for a literal, which reads none', () => {
    const { log, caller, level, message, args, calls } = syntax();
    const tool1 = Bindings.EMPTY.with(args, { kind: 'const', value: { id: 'one' } }, caller);
    const tool2 = Bindings.EMPTY.with(args, { kind: 'const', value: { id: 'two' } }, caller);
    const [first, second] = calls.map((c) => c.getArguments());
    // `log("info", args.id)`: the literal is the same whatever the caller's context, and at every call site that writes it.
    const info = Bindings.EMPTY.with(level, { kind: 'node', node: first![0]!, bindings: tool1 }, log).id;
    expect(Bindings.EMPTY.with(level, { kind: 'node', node: first![0]!, bindings: tool2 }, log).id).toBe(info);
    expect(Bindings.EMPTY.with(level, { kind: 'node', node: second![0]!, bindings: tool2 }, log).id).toBe(info);
    const third = calls[2]!.getArguments();
    expect(Bindings.EMPTY.with(level, { kind: 'node', node: third[0]!, bindings: tool1 }, log).id).not.toBe(info);
    // `args.id` reads the caller's `args`: the two tools' contexts differ, and equal contexts agree.
    const one = Bindings.EMPTY.with(message, { kind: 'node', node: first![1]!, bindings: tool1 }, log);
    expect(one.id).not.toBe(Bindings.EMPTY.with(message, { kind: 'node', node: first![1]!, bindings: tool2 }, log).id);
    expect(one.id).toBe(Bindings.EMPTY.with(message, { kind: 'node', node: first![1]!, bindings: Bindings.EMPTY.with(args, { kind: 'const', value: { id: 'one' } }, caller) }, log).id);
    // The same expression at another call site is another node.
    expect(one.id).not.toBe(Bindings.EMPTY.with(message, { kind: 'node', node: second![1]!, bindings: tool1 }, log).id);
  });
});

describe('summaries shared across tools', () => {
  it('summarises a helper every tool calls with the same arguments once, whichever tool reaches it first', async () => {
    const handlers = Array.from({ length: 12 }, (_, i) => `    case "tool_${i}": await audit("called", "tool"); return { content: [] };`).join('\n');
    const r = await lintFiles({
      'server.ts': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { appendFile } from "node:fs/promises";
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
function stamp(kind: string) { return kind.toUpperCase(); }
async function audit(what: string, kind: string) { await appendFile("/var/log/audit.log", stamp(kind) + what); }
server.setRequestHandler("tools/call" as any, async (request: any) => {
  switch (request.params.name) {
${handlers}
  }
});
server.setRequestHandler("tools/list" as any, async () => ({ tools: [${Array.from({ length: 12 }, (_, i) => `{ name: "tool_${i}", annotations: { readOnlyHint: true } }`).join(', ')}] }));
`,
    });
    expect(r.tools).toHaveLength(12);
    for (const tool of r.tools) expect(tool.effects?.effects.map((e) => e.sink)).toContain('fs/promises appendFile');
    // The dispatcher once per tool (its `case` differs), `audit` and `stamp` once each for all 12:
    // each of the 12 call sites passes the same literals, whose reading depends on no context
    // (it was 36 summaries, 3 per tool, when keys compared binding sets by identity).
    expect(r.stats.summaries).toBeLessThanOrEqual(12 + 2);
    expect(r.stats.reused).toBeGreaterThanOrEqual(11);
  });
});

describe('summaries shared by what their walks read (read-sets.ts)', () => {
  const dispatcher = (cases: string, names: string[]) => `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { appendFile, writeFile } from "node:fs/promises";
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
function clip(value: string, tool: string) { return value.slice(0, 10); }
async function audit(tool: string) { await appendFile("/var/log/audit.log", clip("called", tool)); }
async function maybeSave(options: { dryRun: boolean }) { if (options.dryRun) return; await writeFile("/tmp/state.json", "x"); }
async function run(tool: string, dry: boolean) { if (tool === "") return; await maybeSave({ dryRun: dry }); }
server.setRequestHandler("tools/call" as any, async (request: any) => {
  switch (request.params.name) {
${cases}
  }
});
server.setRequestHandler("tools/list" as any, async () => ({ tools: [${names.map((n) => `{ name: "${n}", annotations: { readOnlyHint: true } }`).join(', ')}] }));
`;

  it('summarises a helper once for contexts that differ only in what it never reads', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `tool_${i}`);
    const r = await lintFiles({ 'server.ts': dispatcher(names.map((n) => `    case "${n}": await audit("${n}"); return { content: [] };`).join('\n'), names) });
    expect(r.tools).toHaveLength(12);
    for (const tool of r.tools) expect(tool.effects?.effects.map((e) => e.sink)).toEqual(['fs/promises appendFile']);
    // The dispatcher and `audit` once per tool (`audit` reads the name it is given, to bind `clip`'s
    // `tool`); `clip` once for all: it never reads `tool`, the one entry its 12 contexts differ in.
    // Keyed by the whole context, `clip` was summarised 12 times (36 in all).
    expect(r.stats.summaries).toBeLessThanOrEqual(12 + 12 + 1);
  });

  it('keeps apart contexts that differ in what the walk reads, through nested bindings', async () => {
    // `maybeSave`'s `options` is the same literal for both tools, read in `run`'s bindings, which differ in `dry`:
    // the walk reads `options.dryRun`, so `dry` of the context around it is part of its key, and `tool` is not.
    const names = ['one', 'two', 'three'];
    const r = await lintFiles({
      'server.ts': dispatcher(`    case "one": await run("one", true); return { content: [] };\n    case "two": await run("two", false); return { content: [] };\n    case "three": await run("three", true); return { content: [] };`, names),
    });
    const sinks = Object.fromEntries(r.tools.map((t) => [t.name, t.effects?.effects.map((e) => e.sink)]));
    expect(sinks).toEqual({ one: [], two: ['fs/promises writeFile'], three: [] });
  });
});

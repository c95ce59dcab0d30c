import { describe, expect, it } from 'vitest';
import { lint } from '../../src/index.js';
import { SERVER_HEADER, tool, writeProject } from '../helpers.js';

/** A store module: `save` calls `write`, which writes a file. */
const STORE = `import { writeFile } from "node:fs/promises";
const write = (p: string) => writeFile(p, "");
export async function save(id: string) {
  await write(\`/data/\${id}\`);
}
`;

const TOOLS = 50;

describe('memoisation', () => {
  it('summarises a helper called from 50 tools once: 50 handlers + save + write, 49 reuses', async () => {
    const registrations = Array.from({ length: TOOLS }, (_, i) => `server.registerTool("t${i}", { description: "d" }, async () => { await save("${i}"); return { content: [] }; });`).join('\n');
    const dir = writeProject({ 'store.ts': STORE, 'server.ts': `${SERVER_HEADER}import { save } from "./store.js";\n${registrations}\n` });
    const result = await lint({ paths: ['.'], cwd: dir });
    expect(result.tools).toHaveLength(TOOLS);
    for (const t of result.tools) expect(t.effects!.effects.map((e) => `${e.sink} via ${e.via.map((h) => h.callee).join(' > ')}`), t.displayName).toEqual(['fs/promises writeFile via save > write']);
    expect(result.stats).toEqual({ summaries: TOOLS + 2, reused: TOOLS - 1, effectNodes: expect.any(Number) });
  });

  it('summarises it once also when 50 tools share one handler read with 50 different bindings (a table loop)', async () => {
    const table = Array.from({ length: TOOLS }, (_, i) => `{ name: "t${i}" }`).join(', ');
    const dir = writeProject({
      'store.ts': STORE,
      'server.ts': `${SERVER_HEADER}import { save } from "./store.js";\nconst TOOLS = [${table}];\nfor (const t of TOOLS) {\n  server.registerTool(t.name, { description: "d" }, async () => { await save(t.name); return { content: [] }; });\n}\n`,
    });
    const result = await lint({ paths: ['.'], cwd: dir });
    expect(result.tools).toHaveLength(TOOLS);
    expect(tool(result, 't49').effects!.effects.map((e) => e.sink)).toEqual(['fs/promises writeFile']);
    // The handler is summarised once per element it is read with; save and write, outside the loop, once.
    expect(result.stats).toEqual({ summaries: TOOLS + 2, reused: TOOLS - 1, effectNodes: expect.any(Number) });
  });
});

describe('budgets', () => {
  const chain = Array.from({ length: 6 }, (_, i) => `function f${i}() { return f${i + 1}(); }`).join('\n');
  const files = {
    'server.ts': `${SERVER_HEADER}import { rm, writeFile } from "node:fs/promises";
${chain}
function f6() { return rm("x"); }
server.registerTool("deep", { description: "d" }, async () => { f0(); return { content: [] }; });
server.registerTool("wide", { description: "d" }, async () => { await writeFile("a", ""); await writeFile("b", ""); await writeFile("c", ""); return { content: [] }; });
server.registerTool("late", { description: "d" }, async () => { await rm("y"); return { content: [] }; });
`,
  };

  it('reports the depth limit where it is reached, naming --max-depth', async () => {
    const result = await lint({ paths: ['.'], cwd: writeProject(files), maxDepth: 3 });
    const deep = tool(result, 'deep').effects!;
    expect(deep.truncated).toBe(true);
    expect(deep.effects).toEqual([]);
    expect(deep.unresolved.map((u) => [u.expression, u.reason, u.via.map((h) => h.callee)])).toEqual([
      ['f3()', 'the depth limit (3 calls) was reached; effects past it are not seen (raise it with --max-depth)', ['f0', 'f1', 'f2']],
    ]);
    expect(tool(result, 'deep').inferred!.readOnly).toBeNull();
  });

  it('reports the work budget in every tool it cuts short, naming --max-work, and never drops effects in silence', async () => {
    const dir = writeProject(files);
    const full = await lint({ paths: ['.'], cwd: dir });
    // "deep": f0() in the handler, f1() ... f6() in f0 ... f5, rm in f6 (8); "wide": 3 writes; "late": 1.
    expect(full.stats.effectNodes).toBe(12);
    // 9 nodes: all of "deep" and the first write of "wide"; then the budget is used up.
    const result = await lint({ paths: ['.'], cwd: dir, maxWork: 9 });
    const reason = 'the work budget (9 effect nodes per run) was used up; effects from here on are not seen (raise it with --max-work)';
    const seen = (name: string) => {
      const e = tool(result, name).effects!;
      return { effects: e.effects.map((x) => x.sink), unresolved: e.unresolved.map((u) => `${u.expression}: ${u.reason}`), truncated: e.truncated };
    };
    expect(seen('deep')).toEqual({ effects: ['fs/promises rm'], unresolved: [], truncated: false });
    expect(seen('wide')).toEqual({ effects: ['fs/promises writeFile'], unresolved: [`writeFile("b", ""): ${reason}`], truncated: true });
    expect(seen('late')).toEqual({ effects: [], unresolved: [`rm("y"): ${reason}`], truncated: true });
    expect(tool(result, 'late').inferred).toEqual({ readOnly: null, destructive: null, idempotent: null, openWorld: null });
    expect(result.stats.effectNodes).toBe(9);
  });
});

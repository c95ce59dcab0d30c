import { describe, expect, it } from 'vitest';
import { lint } from '../../src/index.js';
import { GROUPS_PROJECT as PROJECT, GROUPS_TSCONFIG as TSCONFIG, writeProject } from '../helpers.js';

/**
 * Runs over changed files (pre-commit, lint-staged) analyse only the tools whose code can reach a
 * named file through imports, and report the same findings for them as a run over the project
 * (issue 16: a one-file run of a 1,000-tool server analysed all 1,000 tools, then kept 10).
 */
const summary = (r: Awaited<ReturnType<typeof lint>>) => ({
  tools: r.tools.map((t) => t.name),
  findings: r.findings.map((f) => `${f.tool} ${f.ruleId} ${f.severity}`),
});

describe('runs over changed files', () => {
  it('analyses the tools of a named registration file only, with the findings of the whole run', async () => {
    const dir = writeProject(PROJECT);
    const whole = await lint({ paths: [], cwd: dir });
    const one = await lint({ paths: ['src/tools/group-2.ts'], cwd: dir });
    expect(summary(one).tools).toEqual(['read_2', 'note_2']);
    expect(summary(one).findings).toEqual(summary(whole).findings.filter((f) => f.includes('_2 ')));
    // Groups 1 and 3 import neither group-2.ts nor what only it imports: their tools are not read.
    expect(one.stats.summaries).toBeLessThan(whole.stats.summaries / 2);
  });

  it('analyses and reports every tool whose code imports a named helper, wherever it is registered', async () => {
    const dir = writeProject(PROJECT);
    const whole = await lint({ paths: [], cwd: dir });
    const helper = await lint({ paths: ['src/lib/save.ts'], cwd: dir });
    expect(summary(helper).tools).toEqual(['read_1', 'read_3']);
    expect(summary(helper).findings).toEqual(summary(whole).findings.filter((f) => f.startsWith('read_1 ') || f.startsWith('read_3 ')));
    expect(summary(helper).findings.filter((f) => f.endsWith(' error'))).toEqual(['read_1 optimistic-read-only error', 'read_3 optimistic-read-only error']);
  });

  it('analyses every tool of a dispatcher one named tool goes through, so that effects all of them share stay marked shared', async () => {
    const dir = writeProject({
      'tsconfig.json': TSCONFIG,
      'src/server.ts': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { runA } from "./a.js";
import { runB } from "./b.js";
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler("tools/list" as any, async () => ({ tools: [{ name: "a", annotations: { readOnlyHint: true } }, { name: "b", annotations: { readOnlyHint: true } }] }));
server.setRequestHandler("tools/call" as any, async (request: any) => {
  await fetch("https://telemetry.example.com/v1/calls", { method: "POST", body: request.params.name });
  switch (request.params.name) {
    case "a": return runA();
    case "b": return runB();
  }
});
`,
      'src/a.ts': `import { readFile } from "node:fs/promises";\nexport async function runA() { return { content: [{ type: "text", text: await readFile("/data/a", "utf8") }] }; }\n`,
      'src/b.ts': `import { writeFile } from "node:fs/promises";\nexport async function runB() { await writeFile("/data/b", "b"); return { content: [] }; }\n`,
    });
    const whole = await lint({ paths: [], cwd: dir });
    const one = await lint({ paths: ['src/a.ts'], cwd: dir });
    const sharedOf = (r: typeof whole) => r.tools.map((t) => [t.name, t.effects?.effects.map((e) => e.shared !== undefined)]);
    expect(sharedOf(whole)).toEqual([
      ['a', [true, false]],
      ['b', [true, false]],
    ]);
    // b is analysed (it shares the dispatcher with a) but not reported: a.ts is not among its files.
    expect(sharedOf(one)).toEqual([['a', [true, false]]]);
    expect(summary(one).findings).toEqual(summary(whole).findings.filter((f) => f.startsWith('a ')));
  });
});

import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';
import type { LintResult } from '../../src/index.js';

/**
 * Values made from themselves (a user's report: a raw shape that spreads itself overflowed the
 * stack in discovery, and every tool of the file was dropped). `const S: any = { ...S, key }` is a
 * TDZ error at run time, but it type-checks, and a linter reading a half-written server must not
 * loop on it: a schema, a table of tools, a handler or an annotations object that refers to itself
 * (directly, through another const, through `.extend` or a wrapper call) is read once, the cycle
 * cut where it comes back, and the tools are still found.
 */

const POST = `export async function post(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(\`https://api.example.com/\${path}\`, { method: "POST", body: JSON.stringify(body) });
  return res.json();
}
`;

/** Lints `code` after the server header, with `api.ts` beside it. */
async function lintServer(code: string, files: Record<string, string> = {}): Promise<LintResult> {
  return lintFiles({ 'server.ts': `${SERVER_HEADER}import { post } from "./api.js";\n${code}\n`, 'api.ts': POST, ...files });
}

/** The messages of the `analysis-error` findings (a crash in discovery or inference). */
const crashes = (result: LintResult): string[] => result.findings.filter((f) => f.ruleId === 'analysis-error').map((f) => f.message);

describe('input schemas made from themselves', () => {
  it('finds the tool of a raw shape that spreads itself, and reads the fields it writes (a create keyed by `key`)', async () => {
    const result = await lintServer(`const S: any = { ...S, key: z.string(), name: z.string() };
server.registerTool("create-thing", { description: "d", inputSchema: S, annotations: { readOnlyHint: false } }, async (a) => {
  await post("things", a);
  return { content: [] };
});`);
    expect(crashes(result)).toEqual([]);
    expect(tool(result, 'create-thing').inferred?.idempotent).toBe(true);
  });

  it('finds the tools of two shapes that spread each other, reading the fields of both', async () => {
    const result = await lintServer(`const A: any = { ...B, name: z.string() };
const B: any = { ...A, key: z.string() };
server.registerTool("create-a", { description: "d", inputSchema: A }, async (a) => { await post("things", a); return { content: [] }; });
server.registerTool("create-b", { description: "d", inputSchema: B }, async (a) => { await post("things", a); return { content: [] }; });`);
    expect(crashes(result)).toEqual([]);
    expect([tool(result, 'create-a').inferred?.idempotent, tool(result, 'create-b').inferred?.idempotent]).toEqual([true, true]);
  });

  it('finds the tools of Zod objects that extend themselves or each other, across modules, and of a shape that is its own `.shape`', async () => {
    const a = `import { z } from "zod";\nimport { EB } from "./b.js";\nexport const EA: any = EB.extend({ x: z.string() });\nexport const SELF: any = SELF.extend({ y: z.string() });\n`;
    const b = `import { z } from "zod";\nimport { EA } from "./a.js";\nexport const EB: any = EA.extend({ y: z.string() });\n`;
    const result = await lintServer(
      `import { EA, SELF } from "./a.js";
const OWN: any = OWN.shape;
server.registerTool("t1", { description: "d", inputSchema: EA.shape }, async () => ({ content: [] }));
server.registerTool("t2", { description: "d", inputSchema: SELF.shape }, async () => ({ content: [] }));
server.registerTool("t3", { description: "d", inputSchema: OWN }, async () => ({ content: [] }));`,
      { 'a.ts': a, 'b.ts': b },
    );
    expect(crashes(result)).toEqual([]);
    expect(result.tools.map((t) => t.name)).toEqual(['t1', 't2', 't3']);
  });
});

describe('tables, handlers and annotations made from themselves', () => {
  it('lists each tool of a handler table that spreads itself once', async () => {
    const result = await lintServer(`const handlers: any = { ...handlers, list: async () => ({ content: [] }), show: async () => ({ content: [] }) };
for (const [name, handler] of Object.entries(handlers)) server.registerTool(name, { description: "d" }, handler as any);`);
    expect(crashes(result)).toEqual([]);
    expect(result.tools.map((t) => t.name)).toEqual(['list', 'show']);
  });

  it('lists each tool of a table a conditional picks from itself or a literal once', async () => {
    const result = await lintServer(`const handlers: any = process.env.X ? handlers : { list: async () => ({ content: [] }) };
for (const [name, handler] of Object.entries(handlers)) server.registerTool(name, { description: "d" }, handler as any);`);
    expect(crashes(result)).toEqual([]);
    expect(result.tools.map((t) => t.name)).toEqual(['list']);
  });

  it('lists each definition of a list made by concatenating itself once', async () => {
    const result = await lintServer(`const defs: any[] = defs.concat([{ name: "list" }, { name: "show" }]);
for (const def of defs) server.registerTool(def.name, { description: "d" }, async () => ({ content: [] }));`);
    expect(crashes(result)).toEqual([]);
    expect(result.tools.map((t) => t.name)).toEqual(['list', 'show']);
  });

  it('finds a tool whose handler a wrapper makes from the handler itself', async () => {
    const result = await lintServer(`const withLog = (f: any) => f;
const handler: any = withLog(handler);
server.registerTool("t", { description: "d" }, handler);`);
    expect(crashes(result)).toEqual([]);
    expect(result.tools.map((t) => t.name)).toEqual(['t']);
  });

  it('says an annotations object that spreads itself is made from itself, the hints it writes still read', async () => {
    const result = await lintServer(`const A: any = { ...A, readOnlyHint: true };
server.registerTool("t", { description: "d", annotations: A }, async () => ({ content: [] }));`);
    expect(crashes(result)).toEqual([]);
    const annotations = tool(result, 't').annotations;
    expect(annotations?.properties.readOnlyHint).toMatchObject({ known: true, value: true });
    expect(annotations?.unresolved.map((u) => u.reason)).toEqual(['`A` is made from itself']);
  });
});

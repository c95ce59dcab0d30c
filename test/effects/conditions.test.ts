import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/** Each effect of tool "t" as `sink when condition`. */
async function conditions(handler: string, top = ''): Promise<string[]> {
  const t = tool(await lintFiles({ 'server.ts': `${SERVER_HEADER}${top}\nserver.registerTool("t", { description: "d", inputSchema: {} }, ${handler});\n` }), 't');
  return t.effects!.effects.map((e) => `${e.sink}${e.condition ? ` when ${e.condition}` : ''}`);
}

describe('branch conditions in evidence (issue #4)', () => {
  it('names the if / else-if / else branch of an action enum', async () => {
    const r = await conditions(
      `async ({ action, p }: any) => {\n  if (action === "write") await writeFile(p, "x");\n  else if (action === "append") await appendFile(p, "x");\n  else await rm(p);\n  return { content: [] };\n}`,
      `import { writeFile, appendFile, rm } from "node:fs/promises";`,
    );
    expect(r).toEqual(['fs/promises writeFile when action === "write"', 'fs/promises appendFile when action === "append"', 'fs/promises rm when action !== "write" && action !== "append"']);
  });

  it('names the case of a switch, a flag, a ternary and &&, and none for unconditional effects', async () => {
    const r = await conditions(
      `async ({ op, force, p }: any) => {\n  await mkdir(p);\n  switch (op) { case "drop": await rm(p); break; }\n  force ? await unlink(p) : null;\n  force && (await writeFile(p, ""));\n  return { content: [] };\n}`,
      `import { mkdir, rm, unlink, writeFile } from "node:fs/promises";`,
    );
    expect(r).toEqual(['fs/promises mkdir', 'fs/promises rm when op === "drop"', 'fs/promises unlink when force', 'fs/promises writeFile when force']);
  });

  it('keeps the condition of the call site in the handler over a helper\'s own', async () => {
    const r = await conditions(
      `async ({ overwrite, p }: any) => {\n  if (overwrite) await save(p);\n  await tidy(p);\n  return { content: [] };\n}`,
      `import { writeFile, rm } from "node:fs/promises";\nasync function save(p: string) { if (p.length > 0) await writeFile(p, ""); }\nasync function tidy(p: string) { if (p.endsWith(".tmp")) await rm(p); }`,
    );
    expect(r).toEqual(['fs/promises writeFile when overwrite', 'fs/promises rm when p.endsWith(".tmp")']);
  });
});

describe('small helpers are read per call site (issue #4: per-call-site helper effects)', () => {
  it('reads the command and the HTTP method each caller hands a helper', async () => {
    const top = `import { execFileSync } from "node:child_process";
function run(file: string, args: string[]) { return execFileSync(file, args, { encoding: "utf8" }); }
async function request(url: string, options: { method?: string; body?: string } = {}) { return fetch(url, { method: options.method, body: options.body }); }`;
    const t = tool(
      await lintFiles({
        'server.ts': `${SERVER_HEADER}${top}\nserver.registerTool("t", { description: "d", inputSchema: {} }, async ({ name }: any) => {\n  const args = ["get", "pods", name];\n  run("kubectl", args);\n  await request("https://api.example.com/x", { method: "PUT", body: "{}" });\n  return { content: [] };\n});\n`,
      }),
      't',
    );
    expect(t.effects!.effects.map((e) => `${e.sink} ${e.access} ${e.via.map((h) => h.callee).join('>')}`)).toEqual([
      'child_process execFileSync (kubectl get) read run',
      'fetch PUT write request',
    ]);
  });

  it('follows a command through two small helpers, and does not take closing a connection of unknown type for a change', async () => {
    const top = `import { execFileSync } from "node:child_process";
const safe = (file: string, args: string[]) => execFileSync(file, args, { encoding: "utf8" });
const kubectl = (command: string, args: string[]) => { try { return safe(command, args); } catch (e) { throw new Error(String(e)); } };
declare function connect(): Promise<{ query(sql: string): Promise<unknown>; close(): Promise<void> }>;`;
    const t = tool(
      await lintFiles({
        'server.ts': `${SERVER_HEADER}${top}\nserver.registerTool("t", { description: "d", inputSchema: {} }, async ({ r }: any) => {\n  const args = ["explain"];\n  args.push(r);\n  kubectl("kubectl", args);\n  const conn = await connect();\n  await conn.close();\n  return { content: [] };\n});\n`,
      }),
      't',
    );
    expect(t.effects!.effects.map((e) => `${e.sink} ${e.access} ${e.via.map((h) => h.callee).join('>')}`)).toEqual(['child_process execFileSync (kubectl explain) read kubectl>safe']);
  });
});

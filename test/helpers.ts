import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { lint, type LintResult } from '../src/index.js';
import type { ToolFacts } from '../src/model.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/**
 * A fresh empty folder in os.tmpdir() whose name starts with `prefix`, removed with all it holds
 * once the test file has run (as every folder of {@link writeProject} is).
 */
export function tempFolder(prefix = 'mcp-annotate-lint-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Writes `files` (relative path → content) into a fresh temp folder and returns its path. */
export function writeProject(files: Record<string, string>): string {
  const dir = tempFolder();
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return dir;
}

/** Lints a project made of `files`; `paths` default to the whole folder. */
export async function lintFiles(files: Record<string, string>, paths: string[] = ['.']): Promise<LintResult> {
  const dir = writeProject(files);
  return lint({ paths, cwd: dir });
}

/** The one tool of that name, or a failed expectation. */
export function tool(result: LintResult, name: string): ToolFacts {
  const found = result.tools.filter((t) => t.name === name);
  if (found.length !== 1) throw new Error(`expected one tool "${name}", found ${found.length}: ${result.tools.map((t) => t.displayName).join(', ')}`);
  return found[0]!;
}

/** `rule@line` for each finding, sorted, for compact comparisons. */
export function findingKeys(result: LintResult): string[] {
  return result.findings.map((f) => `${f.ruleId}@${f.location.line}`).sort();
}

/** The header of an MCP server file: imports of the SDK and zod, and a server. */
export const SERVER_HEADER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "t", version: "1.0.0" });
`;

/**
 * `src/tools/group-<group>.ts` of a generated server: `registerGroup<group>(server)` registers
 * `read_<group>`, which returns what `src/lib/<helper>.ts`'s `<helper>` gives, and `note_<group>`,
 * which appends to module state; both claim readOnlyHint.
 */
export function groupRegistrations(group: number, helper: string): string {
  return `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ${helper} } from "../lib/${helper}.js";
export function registerGroup${group}(server: McpServer) {
  server.registerTool("read_${group}", { annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: "text", text: await ${helper}("${group}") }] }));
  server.registerTool("note_${group}", { annotations: { readOnlyHint: true } }, async () => { notes.push("${group}"); return { content: [] }; });
}
const notes: string[] = [];
`;
}

/** The tsconfig.json of {@link GROUPS_PROJECT}: strict, NodeNext modules, src/ included. */
export const GROUPS_TSCONFIG = JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', strict: true }, include: ['src'] });

/**
 * A server of three tool groups ({@link groupRegistrations}) registered from src/index.ts, whose
 * read tools call src/lib/save.ts (a file write: groups 1 and 3) or src/lib/load.ts (a read:
 * group 2), with a tsconfig.json that includes src/.
 */
export const GROUPS_PROJECT: Record<string, string> = {
  'tsconfig.json': GROUPS_TSCONFIG,
  'src/index.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerGroup1 } from "./tools/group-1.js";
import { registerGroup2 } from "./tools/group-2.js";
import { registerGroup3 } from "./tools/group-3.js";
const server = new McpServer({ name: "s", version: "1" });
registerGroup1(server);
registerGroup2(server);
registerGroup3(server);
`,
  'src/tools/group-1.ts': groupRegistrations(1, 'save'),
  'src/tools/group-2.ts': groupRegistrations(2, 'load'),
  'src/tools/group-3.ts': groupRegistrations(3, 'save'),
  'src/lib/save.ts': `import { writeFile } from "node:fs/promises";\nexport async function save(id: string) { await writeFile("/data/" + id, id); return id; }\n`,
  'src/lib/load.ts': `import { readFile } from "node:fs/promises";\nexport async function load(id: string) { return readFile("/data/" + id, "utf8"); }\n`,
};

import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A one-time format migration inside a shared reader is not a modification (corpus README, "What
 * the labels mean"). Written from a task server whose `readJSON` rewrites a tasks file found in the
 * legacy format (and migrates its config beside it), which made every read-only tool "rewrite" the
 * file; and from a packer whose shared pipeline renames an old tool's config files before loading.
 */

const UTILS = `
import { readFileSync, writeFileSync, renameSync } from "node:fs";
export function writeJSON(file: string, data: unknown): void { writeFileSync(file, JSON.stringify(data)); }
function migrateConfig(file: string): void { renameSync(file + ".old", file + ".cfg"); }
export function readJSON(file: string): { tasks: unknown[] } {
  const data = JSON.parse(readFileSync(file, "utf8"));
  if (Array.isArray(data.tasks) && !data.master) {
    const migratedData = { master: { tasks: data.tasks } };
    writeJSON(file, migratedData);
    migrateConfig(file);
    return migratedData.master;
  }
  return data.master;
}
export function migrateAll(file: string): void {
  const data = JSON.parse(readFileSync(file, "utf8"));
  if (!data.master) migrateConfig(file);
}
export function upgradeOnce(file: string): void {
  const data = JSON.parse(readFileSync(file, "utf8"));
  if (!data.master) migrateConfig(file);
}
`;

async function lint(tools: Record<string, { hints: string; body: string }>) {
  const registrations = Object.entries(tools)
    .map(([name, t]) => `server.registerTool("${name}", { description: "d", annotations: { ${t.hints} } }, async (args: { file: string }) => {\n${t.body}\n});\n`)
    .join('');
  const server = `${SERVER_HEADER}import { readJSON, writeJSON, migrateAll, upgradeOnce } from "./utils.js";\n${registrations}`;
  return lintFiles({ 'utils.ts': UTILS, 'server.ts': server }, ['.']);
}

const text = 'return { content: [{ type: "text", text: JSON.stringify(data) }] };';

describe('one-time migrations in shared code', () => {
  it('does not count the migration a shared reader runs on a legacy file', async () => {
    const r = await lint({
      next_task: { hints: 'readOnlyHint: true', body: `const data = readJSON(args.file);\n${text}` },
      list_tasks: { hints: 'readOnlyHint: true', body: `const data = readJSON(args.file).tasks;\n${text}` },
      add_task: { hints: 'readOnlyHint: false, destructiveHint: false', body: `const data = readJSON(args.file);\ndata.tasks.push({ title: "t" });\nwriteJSON(args.file + ".new", data);\n${text}` },
    });
    expect(tool(r, 'next_task').effects?.effects.map((e) => e.kind)).toEqual(['fs.read']);
    expect(tool(r, 'next_task').inferred?.readOnly).toBe(true);
    expect(r.findings.filter((f) => f.ruleId.startsWith('optimistic-') && f.tool !== 'add_task')).toEqual([]);
    // The tool's own write still counts.
    expect(tool(r, 'add_task').effects?.effects.filter((e) => e.kind.startsWith('fs.')).map((e) => `${e.kind} ${e.location.line}`)).toEqual(['fs.read 6', 'fs.write 3']);
  });

  it('counts a migration that is the purpose of the code that runs it', async () => {
    const r = await lint({
      migrate: { hints: 'readOnlyHint: true', body: `migrateAll(args.file);\nconst data = 1;\n${text}` },
      upgrade: { hints: 'readOnlyHint: true', body: `upgradeOnce(args.file);\nconst data = 1;\n${text}` },
    });
    // `migrateAll` says it migrates; `upgradeOnce` is called from one place only.
    expect(r.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => `${f.tool} ${f.severity}`)).toEqual(['migrate error', 'upgrade error']);
  });
});

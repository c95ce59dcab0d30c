import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Lock files are coordination, not data (issue 15, kind 6). Shaped like a task manager whose every
 * write goes through `withFileLock(file, fn)`: it creates `${file}.lock` exclusively, renames a
 * stale lock aside and deletes it, and deletes its own lock when done. Those were "deletes a file"
 * and "replaces a file", errors against `destructiveHint: false` on tools that only add.
 */
const SERVER = `${SERVER_HEADER}import fs from "node:fs";
function withFileLock<T>(filepath: string, fn: () => T): T {
  const lockPath = \`\${filepath}.lock\`;
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
  } catch {
    const stalePath = \`\${lockPath}.stale.\${process.pid}\`;
    fs.renameSync(lockPath, stalePath);
    fs.unlinkSync(stalePath);
  }
  try {
    return fn();
  } finally {
    fs.unlinkSync(lockPath);
  }
}
server.registerTool("add_note", { description: "d", annotations: { readOnlyHint: false, destructiveHint: false } }, async (args: { text: string }) => {
  withFileLock("notes.log", () => fs.appendFileSync("notes.log", args.text));
  return { content: [] };
});
server.registerTool("remove_data", { description: "d", annotations: { readOnlyHint: false, destructiveHint: false } }, async (args: { file: string }) => {
  fs.unlinkSync(args.file + ".lock");
  fs.unlinkSync(args.file);
  return { content: [] };
});
`;

describe('lock files', () => {
  it('taking, clearing and releasing a lock is no effect; the guarded write is judged', async () => {
    const result = await lintFiles({ 'server.ts': SERVER }, ['server.ts']);
    expect(tool(result, 'add_note').effects?.effects.map((e) => e.description)).toEqual(['appends to a file']);
    expect(result.findings.filter((f) => f.tool === 'add_note' && f.ruleId.startsWith('optimistic-'))).toEqual([]);
  });

  it('a deletion of the data beside a lock still counts', async () => {
    const result = await lintFiles({ 'server.ts': SERVER }, ['server.ts']);
    expect(tool(result, 'remove_data').effects?.effects.map((e) => e.description)).toEqual(['deletes a file']);
    expect(result.findings.filter((f) => f.tool === 'remove_data' && f.ruleId.startsWith('optimistic-')).map((f) => `${f.ruleId} ${f.severity}`)).toEqual(['optimistic-non-destructive error']);
  });
});

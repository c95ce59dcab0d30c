import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Writes and deletions under a directory the tool made with `mkdtemp` (issue 15): the temporary
 * files of a command it runs, removed at the end. They overwrite or delete nothing that existed
 * before the call, so they are not destructive. Shaped like a packer that writes each file to a
 * temp file for a formatter command, then removes the temp file and the directory.
 */

async function effectsOf(body: string): Promise<string[]> {
  const source = `${SERVER_HEADER}import fs from "node:fs/promises";\nimport os from "node:os";\nimport path from "node:path";
server.registerTool("t", { description: "d", annotations: { destructiveHint: false } }, async (args: { content: string; out: string }) => {
${body}
  return { content: [] };
});
`;
  const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
  return (tool(result, 't').effects?.effects ?? []).filter((e) => e.access === 'write').map((e) => `${e.destructive} ${e.description}`);
}

describe('scratch directories made with mkdtemp', () => {
  it('writes and deletes under the directory, directly and through path.join, destroy nothing', async () => {
    expect(
      await effectsOf(`  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "proc-"));
  const tempFilePath = path.join(tempDir, "file.txt");
  await fs.writeFile(tempFilePath, args.content, "utf8");
  await fs.rm(tempFilePath, { force: true });`),
    ).toEqual([
      'false creates a temporary directory',
      'false writes a file (overwrites it if it exists) inside a temporary directory the tool made (mkdtemp at server.ts:8)',
      'false deletes files inside a temporary directory the tool made (mkdtemp at server.ts:8)',
    ]);
  });

  it('leaves no effect when the function removes the directory in a finally: nothing of it outlives the call', async () => {
    expect(
      await effectsOf(`  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "proc-"));
  try {
    const tempFilePath = path.join(tempDir, "file.txt");
    await fs.writeFile(tempFilePath, args.content, "utf8");
    await fs.rm(tempFilePath, { force: true });
  } finally {
    await fs.rm(tempDir, { recursive: true, force: true });
  }`),
    ).toEqual([]);
  });

  it('keeps a write under a directory made once at start-up destructive: earlier calls wrote there', async () => {
    const source = `${SERVER_HEADER}import { mkdtempSync } from "node:fs";\nimport { writeFile } from "node:fs/promises";\nimport { tmpdir } from "node:os";\nimport { join } from "node:path";
const dir = mkdtempSync(join(tmpdir(), "audit-"));
server.registerTool("t", { description: "d" }, async () => {
  await writeFile(join(dir, "marker.txt"), "x");
  return { content: [] };
});
`;
    const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
    expect(tool(result, 't').effects?.effects.map((e) => `${e.destructive} ${e.description}`)).toEqual(['true writes a file (overwrites it if it exists)']);
  });

  it('keeps a write to a path the caller names destructive', async () => {
    expect(await effectsOf('  await fs.writeFile(args.out, args.content);\n  await fs.rm(path.join(os.tmpdir(), "fixed-name"), { force: true });')).toEqual([
      'true writes a file (overwrites it if it exists)',
      'true deletes files',
    ]);
  });
});

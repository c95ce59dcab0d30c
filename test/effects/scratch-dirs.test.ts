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

describe('paths that lead out of the scratch directory', () => {
  /** The writes of a handler that makes a scratch directory, removes it in a finally, and writes `target` in between. */
  const writing = (target: string, before = ''): Promise<string[]> =>
    effectsOf(`  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "proc-"));
  try {${before}
    await fs.writeFile(${target}, args.content, "utf8");
  } finally {
    await fs.rm(tempDir, { recursive: true, force: true });
  }`);
  const OVERWRITES = ['true writes a file (overwrites it if it exists)'];

  it('takes a `..` segment after the directory as a write outside it: destructive', async () => {
    expect(await writing('path.join(tempDir, "..", "settings.json")')).toEqual(OVERWRITES);
  });

  it('takes a `..` inside a later literal ("../x", "a/../../x") as a write outside it', async () => {
    expect(await writing('path.join(tempDir, "../settings.json")')).toEqual(OVERWRITES);
    expect(await writing('path.join(tempDir, "a/../../settings.json")')).toEqual(OVERWRITES);
    expect(await writing('`${tempDir}/../settings.json`')).toEqual(OVERWRITES);
  });

  it('reads a `..` through a const, and an absolute part path.resolve starts again from', async () => {
    expect(await writing('path.join(tempDir, UP, "settings.json")', '\n    const UP = "..";')).toEqual(OVERWRITES);
    expect(await writing('path.resolve(tempDir, "/etc/settings.json")')).toEqual(OVERWRITES);
  });

  it('keeps a `..` out of a path handed to a helper that joins it to the directory', async () => {
    const source = `${SERVER_HEADER}import fs from "node:fs/promises";\nimport os from "node:os";\nimport path from "node:path";
const save = async (dir: string, text: string) => fs.writeFile(path.join(dir, "..", "out.txt"), text);
server.registerTool("t", { description: "d", annotations: { destructiveHint: false } }, async (args: { content: string }) => {
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "proc-"));
  try {
    await save(tempDir, args.content);
  } finally {
    await fs.rm(tempDir, { recursive: true, force: true });
  }
  return { content: [] };
});
`;
    const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
    expect(tool(result, 't').effects?.effects.filter((e) => e.access === 'write').map((e) => `${e.destructive} ${e.description}`)).toEqual(OVERWRITES);
  });

  it('still reads names with dots that are no `..` segment ("..cache", "a..b") as inside', async () => {
    expect(await writing('path.join(tempDir, "..cache", "a..b.txt")')).toEqual([]);
  });

  // A user's trial: `dir + path.sep + "a.txt"` was an error against readOnlyHint: true.
  it('reads a path concatenated onto the directory with a separator (`dir + "/x"`, `dir + path.sep + x`) as inside', async () => {
    expect(await writing('tempDir + "/in.md"')).toEqual([]);
    expect(await writing('tempDir + path.sep + "a.txt"')).toEqual([]);
    expect(await writing('tempDir + path.sep + args.out')).toEqual([]);
  });

  it('takes a concatenation or template without a separator after the directory (`dir + "-out"`) as a sibling of it, outside', async () => {
    expect(await writing('tempDir + "-out.txt"')).toEqual(OVERWRITES);
    expect(await writing('`${tempDir}-out.txt`')).toEqual(OVERWRITES);
    expect(await writing('tempDir + "/../x"')).toEqual(OVERWRITES);
  });
});

describe('a scratch directory removed at the end of the block that made it', () => {
  // A user's trial: `mkdtemp; writeFile; rm` in sequence (no finally) reported "deletes files ... inside a temporary directory".
  it('leaves no effect when a later statement removes it and nothing returns before', async () => {
    expect(
      await effectsOf(`  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "x-"));
  await fs.writeFile(path.resolve(dir, "a.txt"), args.content);
  await fs.rm(dir, { recursive: true });`),
    ).toEqual([]);
  });

  it('keeps the effects when a return may skip the removal', async () => {
    expect(
      await effectsOf(`  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "x-"));
  await fs.writeFile(path.resolve(dir, "a.txt"), args.content);
  if (args.out === "keep") return { content: [{ type: "text", text: dir }] };
  await fs.rm(dir, { recursive: true });`),
    ).toEqual([
      'false creates a temporary directory',
      'false writes a file (overwrites it if it exists) inside a temporary directory the tool made (mkdtemp at server.ts:8)',
      'false deletes files inside a temporary directory the tool made (mkdtemp at server.ts:8)',
    ]);
  });
});

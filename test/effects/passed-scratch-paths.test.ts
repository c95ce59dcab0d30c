import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A file written under a scratch directory by a helper that is handed the path (issue 15): a
 * packer makes a `mkdtemp` directory, builds one temporary file path per input file and hands it,
 * as a parameter or a field of an options object, to an injectable helper that writes the file
 * and runs a formatter on it. The helper is summarised once for all its callers; the path is read
 * at each call. Under a directory the tool made nothing existed before the call (not
 * destructive); when the tool removes the directory in a `finally`, nothing outlives it (no effect).
 */

const IMPORTS = 'import fs from "node:fs/promises";\nimport os from "node:os";\nimport path from "node:path";\n';

/** The write effects of the tool `t` whose handler calls `pack(args.files)`, with `code` beside it. */
async function writesOf(code: string, files: Record<string, string> = {}): Promise<string[]> {
  const source = `${SERVER_HEADER}${IMPORTS}${code}
server.registerTool("t", { description: "d" }, async (args: { files: string[]; out: string }) => {
  await pack(args.files, args.out);
  return { content: [] };
});
`;
  const result = await lintFiles({ 'server.ts': source, ...files }, ['server.ts']);
  return (tool(result, 't').effects?.effects ?? []).filter((e) => e.access === 'write').map((e) => `${e.destructive} ${e.description}`);
}

describe('paths handed down to a helper that writes them', () => {
  it('leaves no effect for a field of an options object (shorthand) under a directory removed in a finally', async () => {
    const proc = `${IMPORTS}export const runCommand = async (params: { command: string; content: string; tempFilePath: string }) => {
  const { command, content, tempFilePath } = params;
  await fs.writeFile(tempFilePath, content, "utf8");
  return command;
};
`;
    expect(
      await writesOf(
        `import { runCommand } from "./proc.js";
const pack = async (files: string[], out: string, deps = { runCommand }) => {
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "proc-"));
  const processOne = async (file: string, index: number) => {
    const tempFilePath = path.join(tempDir, \`\${index}.txt\`);
    try {
      return await deps.runCommand({ command: "cat", content: file, tempFilePath });
    } finally {
      await fs.rm(tempFilePath, { force: true }).catch(() => {});
    }
  };
  try {
    return await Promise.all(files.map((f, i) => processOne(f, i)));
  } finally {
    await fs.rm(tempDir, { recursive: true, force: true }).catch(() => {});
  }
};`,
        { 'proc.ts': proc },
      ),
    ).toEqual([]);
  });

  it('reads a parameter, a field read as params.x, and a destructured parameter the same way', async () => {
    expect(
      await writesOf(`const plain = async (p: string) => fs.writeFile(p, "x");
const field = async (params: { file: string }) => fs.writeFile(params.file, "x");
const pattern = async ({ file }: { file: string }) => fs.writeFile(file, "x");
const pack = async (files: string[], out: string) => {
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "proc-"));
  try {
    await plain(path.join(tempDir, "a"));
    await field({ file: path.join(tempDir, "b") });
    await pattern({ file: \`\${tempDir}/c\` });
  } finally {
    await fs.rm(tempDir, { recursive: true, force: true });
  }
};`),
    ).toEqual([]);
  });

  it('says the write is inside a temporary directory the tool made when nothing removes it', async () => {
    expect(
      await writesOf(`const w = async (p: string) => fs.writeFile(p, "x");
const pack = async (files: string[], out: string) => {
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "proc-"));
  await w(path.join(tempDir, "a"));
  return tempDir;
};`),
    ).toEqual(['false creates a temporary directory', 'false writes a file (overwrites it if it exists) inside a temporary directory the tool made (mkdtemp at server.ts:9)']);
  });

  it('follows the path through two helpers that pass it on, and a directory handed down instead of the file', async () => {
    expect(
      await writesOf(`const write = async (target: string, text: string) => fs.writeFile(target, text);
const format = async (opts: { dir: string; text: string }) => write(path.join(opts.dir, "in.txt"), opts.text);
const pack = async (files: string[], out: string) => {
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "proc-"));
  try {
    for (const f of files) await format({ dir: tempDir, text: f });
  } finally {
    await fs.rm(tempDir, { recursive: true, force: true });
  }
};`),
    ).toEqual([]);
  });

  it('reads a helper the function defines and calls once, through its call (not as the function\'s own code)', async () => {
    expect(
      await writesOf(`const pack = async (files: string[], out: string) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "p-"));
  const w = async (p: string, text: string) => {
    const stamp = Date.now();
    await fs.writeFile(p, text + stamp);
    return stamp;
  };
  for (const f of files) await w(path.join(dir, f), f);
  return dir;
};`),
    ).toEqual(['false creates a temporary directory', 'false writes a file (overwrites it if it exists), with data that varies per call (a time or a new id) inside a temporary directory the tool made (mkdtemp at server.ts:8)']);
  });

  it('keeps a write to a path from the tool arguments destructive, through the same helper', async () => {
    expect(
      await writesOf(`const w = async (p: string) => fs.writeFile(p, "x");
const pack = async (files: string[], out: string) => {
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "proc-"));
  try {
    await w(path.join(tempDir, "a"));
    await w(out);
  } finally {
    await fs.rm(tempDir, { recursive: true, force: true });
  }
};`),
    ).toEqual(['true writes a file (overwrites it if it exists)']);
  });

  it('keeps a write under a directory made once at start-up destructive, and one a spread may override', async () => {
    expect(
      await writesOf(`import { mkdtempSync } from "node:fs";
const shared = mkdtempSync(path.join(os.tmpdir(), "cache-"));
const w = async (p: string) => fs.writeFile(p, "x");
const field = async (params: { file: string }) => fs.writeFile(params.file, "x");
const pack = async (files: string[], out: string) => {
  await w(path.join(shared, "a"));
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "proc-"));
  try {
    await field({ file: path.join(tempDir, "b"), ...JSON.parse(out) });
  } finally {
    await fs.rm(tempDir, { recursive: true, force: true });
  }
};`),
    ).toEqual(['true writes a file (overwrites it if it exists)', 'true writes a file (overwrites it if it exists)']);
  });
});

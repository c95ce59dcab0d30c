import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A scratch directory made by a helper that returns it (a user's report): `async function
 * makeScratch() { return await fs.mkdtemp(...) }`, the tool holding the result, writing under it
 * and removing it in a `finally`. The helper makes a new directory on each call for its caller, so
 * the caller's writes under it and its removal read as with `mkdtemp` inline: nothing of it
 * outlives the call (no effect), or, when nothing removes it, writes inside a directory the tool
 * made (not destructive). A helper that may hand back a directory that existed before (one made
 * at start-up, or the caller's own) makes no scratch directory.
 */

const IMPORTS = 'import fs from "node:fs/promises";\nimport os from "node:os";\nimport path from "node:path";\n';

/** A handler body that holds the directory `make` gives, writes a file under it and removes it in a `finally`. */
const USE = (make: string): string => `  const dir = ${make};
  try {
    await fs.writeFile(path.join(dir, "out.txt"), args.data);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }`;

/** The effects of tool `t` whose handler runs `body`, with `code` above it, as `access destructive description`. */
async function effectsOf(code: string, body: string, files: Record<string, string> = {}): Promise<string[]> {
  const source = `${SERVER_HEADER}${IMPORTS}${code}
server.registerTool("t", { description: "d" }, async (args: { data: string; dir: string }) => {
${body}
  return { content: [] };
});
`;
  const result = await lintFiles({ 'server.ts': source, ...files }, ['server.ts']);
  return (tool(result, 't').effects?.effects ?? []).map((e) => `${e.access} ${e.destructive} ${e.description}`);
}

describe('scratch directories a helper makes and returns', () => {
  it('leaves no effect when the caller removes the directory in a finally, as with mkdtemp inline', async () => {
    const helper = 'async function makeScratch() { return await fs.mkdtemp(path.join(os.tmpdir(), "x-")); }';
    expect(await effectsOf('', USE('await fs.mkdtemp(path.join(os.tmpdir(), "x-"))'))).toEqual([]);
    expect(await effectsOf(helper, USE('await makeScratch()'))).toEqual([]);
  });

  it('reads a helper that returns the directory through a const, without await, or made with mkdtempSync', async () => {
    expect(await effectsOf('const makeScratch = async () => { const made = await fs.mkdtemp(path.join(os.tmpdir(), "x-")); return made; };', USE('await makeScratch()'))).toEqual([]);
    expect(await effectsOf('function makeScratch() { return fs.mkdtemp(path.join(os.tmpdir(), "x-")); }', USE('await makeScratch()'))).toEqual([]);
    expect(await effectsOf('import { mkdtempSync } from "node:fs";\nfunction makeScratch(): string { return mkdtempSync(path.join(os.tmpdir(), "x-")); }', USE('makeScratch()'))).toEqual([]);
  });

  it('reads a helper imported from another module, and a helper that returns another helper\'s directory', async () => {
    const scratch = `${IMPORTS}export async function makeScratch(prefix: string) { return await fs.mkdtemp(path.join(os.tmpdir(), prefix)); }\n`;
    expect(await effectsOf('import { makeScratch } from "./scratch.js";', USE('await makeScratch("x-")'), { 'scratch.ts': scratch })).toEqual([]);
    expect(await effectsOf('import { makeScratch } from "./scratch.js";\nconst makeWorkDir = () => makeScratch("work-");', USE('await makeWorkDir()'), { 'scratch.ts': scratch })).toEqual([]);
  });

  it('says writes are inside a temporary directory the tool made when nothing removes it, naming the helper', async () => {
    expect(
      await effectsOf(
        'async function makeScratch() { return await fs.mkdtemp(path.join(os.tmpdir(), "x-")); }',
        '  const dir = await makeScratch();\n  await fs.writeFile(path.join(dir, "out.txt"), args.data);',
      ),
    ).toEqual(['write false creates a temporary directory', 'write false writes a file (overwrites it if it exists) inside a temporary directory the tool made (mkdtemp in `makeScratch` at server.ts:9)']);
  });

  it('keeps writes destructive under a helper that returns a directory made once at start-up, or the caller\'s own on one path', async () => {
    const destructive = ['write true writes a file (overwrites it if it exists)', 'write true deletes files'];
    expect(await effectsOf('import { mkdtempSync } from "node:fs";\nconst shared = mkdtempSync(path.join(os.tmpdir(), "cache-"));\nfunction makeScratch() { return shared; }', USE('makeScratch()'))).toEqual(destructive);
    expect(
      await effectsOf('async function makeScratch(given?: string) { if (given) return given; return await fs.mkdtemp(path.join(os.tmpdir(), "x-")); }', USE('await makeScratch(args.dir)')).then((effects) =>
        effects.filter((e) => !e.includes('temporary directory')),
      ),
    ).toEqual(destructive);
  });
});

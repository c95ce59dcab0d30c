import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A tool that creates a directory of files under a name it first checks is free, and refuses when
 * it is taken: `try { await fs.access(dir); return error("exists"); } catch {}`, then hands the
 * path down through an options object to the code that writes `dir/INDEX.md` and
 * `dir/references/*.md` several calls deep. Nothing under that directory existed before the call,
 * so the writes overwrite nothing (corpus README, "What the labels mean": destructive is about
 * existing state; "create with a unique name twice" is idempotent). Shapes written for these tests
 * after servers that generate a skill or a bundle folder into the user's project.
 */

const IMPORTS = 'import fs from "node:fs/promises";\nimport { existsSync } from "node:fs";\nimport path from "node:path";\n';

/** The code that writes the bundle, two calls below the tool and behind an options object. */
const WRITER = `
interface Options { bundleDir?: string; quiet?: boolean }
const writeBundle = async (dir: string, text: string, deps = { mkdir: fs.mkdir, writeFile: fs.writeFile }) => {
  const references = path.join(dir, "references");
  await deps.mkdir(references, { recursive: true });
  await deps.writeFile(path.join(dir, "INDEX.md"), text, "utf-8");
  await deps.writeFile(path.join(references, "files.md"), text, "utf-8");
};
const generate = async (dirs: string[], options: Options) => {
  const { bundleDir } = options;
  if (bundleDir) await writeBundle(bundleDir, dirs.join("\\n"));
};
const run = async (dirs: string[], options: Options) => generate(dirs, options);
`;

/** Tool `bundle`'s file writes (`destructive idempotent description`) with `check` before it builds the options. */
async function writesOf(check: string): Promise<string[]> {
  const source = `${SERVER_HEADER}${IMPORTS}${WRITER}
server.registerTool("bundle", { description: "d" }, async (args: { directory: string; name: string }) => {
  const bundleDir = path.join(args.directory, ".bundles", args.name);
${check}
  const options = { bundleDir, quiet: true };
  await run(["."], options);
  return { content: [{ type: "text", text: bundleDir }] };
});
`;
  const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
  return (tool(result, 'bundle').effects?.effects ?? []).filter((e) => e.kind === 'fs.write').map((e) => `${e.destructive} ${e.idempotent} ${e.description}`);
}

describe('files written under a directory the tool checked not to exist', () => {
  it('overwrite nothing when a probe in a `try` returns on success', async () => {
    const writes = await writesOf('  try {\n    await fs.access(bundleDir);\n    return { isError: true, content: [{ type: "text", text: "exists" }] };\n  } catch {\n    // free, as expected\n  }');
    expect(writes).toEqual([
      'false true creates a directory',
      'false true writes a file (overwrites it if it exists) inside a directory checked not to exist before (at server.ts:24)',
      'false true writes a file (overwrites it if it exists) inside a directory checked not to exist before (at server.ts:24)',
    ]);
  });

  it('overwrite nothing after `if (existsSync(dir)) throw`, or a probe whose throw the `catch` throws again unless ENOENT', async () => {
    const guarded = await writesOf('  if (existsSync(bundleDir)) throw new Error("exists");');
    expect(guarded.filter((w) => w.startsWith('true'))).toEqual([]);
    const rethrown = await writesOf('  try {\n    await fs.stat(bundleDir);\n    throw new Error("exists");\n  } catch (error) {\n    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;\n  }');
    expect(rethrown.filter((w) => w.startsWith('true'))).toEqual([]);
  });

  it('overwrite nothing when the path is an argument checked where it is passed on', async () => {
    const source = `${SERVER_HEADER}${IMPORTS}${WRITER}
server.registerTool("bundle_at", { description: "d" }, async ({ target }: { target: string }) => {
  if (existsSync(target)) return { isError: true, content: [{ type: "text", text: "exists" }] };
  await writeBundle(target, "x");
  return { content: [{ type: "text", text: target }] };
});
`;
    const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
    const writes = (tool(result, 'bundle_at').effects?.effects ?? []).filter((e) => e.kind === 'fs.write').map((e) => `${e.destructive} ${e.description}`);
    expect(writes).toEqual([
      'false creates a directory',
      'false writes a file (overwrites it if it exists) inside a directory checked not to exist before (at server.ts:22)',
      'false writes a file (overwrites it if it exists) inside a directory checked not to exist before (at server.ts:22)',
    ]);
  });

  it('overwrite nothing when the path goes down through every layer of a command-line entry point (options, destructuring, a params object, a logging wrapper)', async () => {
    const layers = `
const withLogging = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
  console.error(label);
  return await fn();
};
const packBundle = async (params: { dirs: string[]; options: { bundleDir?: string } }) => {
  const { dirs, options } = params;
  const { bundleDir } = options;
  if (!bundleDir) throw new Error("bundleDir is required");
  await withLogging("write", () => writeBundle(bundleDir, dirs.join("\\n")));
};
const deps = { packBundle: async (params: { dirs: string[]; options: { bundleDir?: string } }) => packBundle(params) };
const pack = async (dirs: string[], options: { bundleDir?: string }) => deps.packBundle({ dirs, options });
const runDefaultAction = async (dirs: string[], cliOptions: Options) => {
  const { bundleDir } = cliOptions;
  const packOptions = { bundleDir };
  return await pack(dirs, packOptions);
};
const runCli = async (dirs: string[], options: Options) => runDefaultAction(dirs, options);
`;
    const source = `${SERVER_HEADER}${IMPORTS}${WRITER}${layers}
server.registerTool("bundle_deep", { description: "d" }, async (args: { directory: string; name: string }) => {
  const bundleDir = path.join(args.directory, ".bundles", args.name);
  try {
    await fs.access(bundleDir);
    return { isError: true, content: [{ type: "text", text: "exists" }] };
  } catch {
    // free, as expected
  }
  const cliOptions = { bundleDir, quiet: true } as Options;
  await runCli(["."], cliOptions);
  return { content: [{ type: "text", text: bundleDir }] };
});
`;
    const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
    const writes = (tool(result, 'bundle_deep').effects?.effects ?? []).filter((e) => e.kind === 'fs.write').map((e) => `${e.destructive} ${e.description}`);
    expect(writes.length).toBe(3);
    expect(writes.filter((w) => w.startsWith('true'))).toEqual([]);
  });

  it('overwrite nothing after a probe settled to a boolean, through a const, or a helper named for the check (`fileExists`)', async () => {
    const settled = await writesOf('  const there = await fs.access(bundleDir).then(() => true, () => false);\n  if (there) return { isError: true, content: [] };');
    expect(settled.filter((w) => w.startsWith('true'))).toEqual([]);
    const caught = await writesOf('  if (await fs.stat(bundleDir).then(() => true).catch(() => false)) throw new Error("exists");');
    expect(caught.filter((w) => w.startsWith('true'))).toEqual([]);
    const helper = await writesOf('  const fileExists = async (p: string) => {\n    try {\n      await fs.access(p);\n      return true;\n    } catch {\n      return false;\n    }\n  };\n  if (await fileExists(bundleDir)) throw new Error("exists");');
    expect(helper.filter((w) => w.startsWith('true'))).toEqual([]);
    // Settled the other way round (true when it is missing), the same test proves nothing.
    const inverted = await writesOf('  const missing = await fs.access(bundleDir).then(() => false, () => true);\n  if (missing) return { isError: true, content: [] };');
    expect(inverted.filter((w) => w.startsWith('true'))).toHaveLength(2);
  });

  it('overwrite nothing after a helper that throws when the path exists; a helper that only returns proves nothing', async () => {
    const throwsIf = await writesOf('  const assertNew = (p: string) => {\n    if (existsSync(p)) throw new Error(`exists: ${p}`);\n  };\n  assertNew(bundleDir);');
    expect(throwsIf.filter((w) => w.startsWith('true'))).toEqual([]);
    const probes = await writesOf('  async function assertFree(dir: string) {\n    try {\n      await fs.access(dir);\n    } catch {\n      return;\n    }\n    throw new Error(`exists: ${dir}`);\n  }\n  await assertFree(bundleDir);');
    expect(probes.filter((w) => w.startsWith('true'))).toEqual([]);
    const returns = await writesOf('  const warnIfTaken = (p: string) => {\n    if (existsSync(p)) return console.error(`exists: ${p}`);\n  };\n  warnIfTaken(bundleDir);');
    expect(returns.filter((w) => w.startsWith('true'))).toHaveLength(2);
  });

  it('overwrite nothing after a mkdir without `recursive` (it fails when the directory exists); a recursive one proves nothing', async () => {
    const exclusive = await writesOf('  await fs.mkdir(bundleDir);');
    expect(exclusive.filter((w) => w.startsWith('true'))).toEqual([]);
    const withMode = await writesOf('  await fs.mkdir(bundleDir, { mode: 0o755 });');
    expect(withMode.filter((w) => w.startsWith('true'))).toEqual([]);
    const recursive = await writesOf('  await fs.mkdir(bundleDir, { recursive: true });');
    expect(recursive.filter((w) => w.startsWith('true'))).toHaveLength(2);
  });

  it('stay destructive when the probe does not leave on success, the throw is swallowed, or another path is checked', async () => {
    const cases = [
      // The probe requires the directory to exist: writing into it may replace what is there.
      '  try {\n    await fs.access(bundleDir);\n  } catch {\n    return { isError: true, content: [{ type: "text", text: "missing" }] };\n  }',
      // The throw inside the `try` is caught and swallowed: the write runs either way.
      '  try {\n    await fs.access(bundleDir);\n    throw new Error("exists");\n  } catch {\n    // ignored\n  }',
      // Another path is probed.
      '  try {\n    await fs.access(args.directory);\n    return { isError: true, content: [] };\n  } catch {\n    // ignored\n  }',
      '',
    ];
    for (const check of cases) expect([check, (await writesOf(check)).filter((w) => w.startsWith('true')).length]).toEqual([check, 2]);
  });
});

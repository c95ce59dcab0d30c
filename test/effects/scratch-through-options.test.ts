import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A tool that runs its program's own command-line entry point in-process with an options object
 * (`runCli(["."], dir, { output: path.join(tempDir, "out.xml"), quiet: true })`), the output path
 * in a directory it just made with `mkdtemp`. The entry point builds a config from the options
 * (`cliConfig.output = { filePath: options.output }`, only under `if (options.output)`) and writes
 * to `path.resolve(cwd, config.output.filePath)`. That write lands in the new directory: nothing
 * that existed before is overwritten (corpus README: destructive is about existing state), and the
 * branches of options the tool does not pass (a skill output, a clipboard copy) do not run for it.
 * Shapes written for these tests after pack-style servers that wrap their CLI.
 */

const IMPORTS = 'import fs from "node:fs/promises";\nimport os from "node:os";\nimport path from "node:path";\nimport { spawn } from "node:child_process";\n';

/** The program's entry point: config built from options, a skill branch, an output write, a clipboard copy. */
const CLI = `
interface CliOptions { output?: string; copy?: boolean; skillGenerate?: string; skillDir?: string; quiet?: boolean; stdout?: boolean }
const buildCliConfig = (options: CliOptions) => {
  const cliConfig: { output?: { filePath?: string; copyToClipboard?: boolean }; skillGenerate?: string } = {};
  if (options.output) cliConfig.output = { filePath: options.output };
  if (options.copy) cliConfig.output = { ...cliConfig.output, copyToClipboard: options.copy };
  if (options.skillGenerate !== undefined) cliConfig.skillGenerate = options.skillGenerate;
  return cliConfig;
};
const writeSkill = async (dir: string, text: string) => {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, "SKILL.md"), text);
};
const copyToClipboard = async (text: string, copy: boolean | undefined) => {
  if (!copy) return;
  spawn("wl-copy", []).stdin.end(text);
};
const runDefaultAction = async (dirs: string[], cwd: string, options: CliOptions) => {
  const config = buildCliConfig(options);
  const text = dirs.join("\\n");
  if (config.skillGenerate !== undefined && options.skillDir) {
    await writeSkill(options.skillDir, text);
    return { text };
  }
  await fs.writeFile(path.resolve(cwd, config.output?.filePath ?? "out.xml"), text);
  await copyToClipboard(text, config.output?.copyToClipboard);
  return { text };
};
const runCli = async (dirs: string[], cwd: string, options: CliOptions) => {
  if (options.output === "-") options.stdout = true;
  return await runDefaultAction(dirs, cwd, options);
};
`;

/** Tool `pack`'s effects (`access destructive description`) when its handler passes `options` to `runCli` after making `tempDir`. */
async function effectsOf(options: string): Promise<string[]> {
  const source = `${SERVER_HEADER}${IMPORTS}${CLI}
server.registerTool("pack", { description: "d" }, async (args: { directory: string }) => {
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "pack-"));
  const outputFilePath = path.join(tempDir, "out.xml");
  const cliOptions = ${options} as CliOptions;
  const result = await runCli(["."], args.directory, cliOptions);
  return { content: [{ type: "text", text: result.text }] };
});
`;
  const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
  return (tool(result, 'pack').effects?.effects ?? []).map((e) => `${e.access} ${e.destructive} ${e.description}`);
}

const IN_SCRATCH = ['write false creates a temporary directory', 'write false writes a file (overwrites it if it exists) inside a temporary directory the tool made (mkdtemp at server.ts:42)'];

describe('a file written at a path the tool passes in an options object', () => {
  it('lies in the directory the tool made when the path reaches the write through the config built from the options', async () => {
    expect(await effectsOf('{ output: outputFilePath, quiet: true }')).toEqual(IN_SCRATCH);
  });

  it('reads a path built inline in the options object', async () => {
    const effects = await effectsOf('{ quiet: true, output: path.join(tempDir, "packed.xml") }');
    expect(effects).toEqual(IN_SCRATCH);
  });

  it('runs the branches of the options the tool passes: a clipboard copy replaces what was copied before', async () => {
    const effects = await effectsOf('{ output: outputFilePath, copy: true }');
    expect(effects).toContain('write true runs `wl-copy`: copies text to the system clipboard (replaces what was copied before)');
  });

  it('stays destructive when the path is the user\'s (an output the caller names, or relative to the directory the caller gives)', async () => {
    const named = await effectsOf('{ output: path.join(args.directory, "out.xml") }');
    expect(named).toContain('write true writes a file (overwrites it if it exists)');
    const relative = await effectsOf('{ quiet: true }');
    expect(relative).toContain('write true writes a file (overwrites it if it exists)');
  });

  it('stays destructive when a later part leaves the made directory (`path.resolve(dir, "..", x)`) or starts again at an absolute one', async () => {
    const up = await effectsOf('{ output: path.resolve(outputFilePath, "..", "..", "out.xml") }');
    expect(up).toContain('write true writes a file (overwrites it if it exists)');
    const absolute = await effectsOf('{ output: path.resolve(tempDir, "/etc/out.xml") }');
    expect(absolute).toContain('write true writes a file (overwrites it if it exists)');
  });
});

import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A call that passes a literal to a parameter the callee branches on is read with that literal,
 * whatever the callee's size (issue 15: an error must rest on a path the tool can take). Written
 * from a server whose tool runs the project's whole CLI entry with `{ quiet: true, ... }`, and was
 * reported as doing what `--init`, `--watch` and `--mcp` do.
 */

const CLI = `
import { readFile, rm, writeFile } from "node:fs/promises";
interface Options { init?: boolean; clean?: boolean; quiet?: boolean; output?: string }
export async function runCli(options: Options): Promise<string> {
  if (options.init) {
    await writeFile("repo.config.json", "{}");
    return "initialised";
  }
  if (options.clean) await rm("out", { recursive: true });
  return readFile("in.txt", "utf8");
}
export async function handle(action: string): Promise<string> {
  switch (action) {
    case "list": return readFile("list.txt", "utf8");
    case "drop": await rm("list.txt"); return "dropped";
    default: return "unknown action";
  }
}
export async function runMutating(options: Options): Promise<string> {
  options.clean = options.clean ?? process.env.CLEAN === "1";
  if (options.init) await writeFile("repo.config.json", "{}");
  if (options.clean) await rm("out", { recursive: true });
  return readFile("in.txt", "utf8");
}
export async function runAnyKey(options: Options, key: keyof Options): Promise<string> {
  (options as Record<string, unknown>)[key] = true;
  if (options.init) await writeFile("repo.config.json", "{}");
  return readFile("in.txt", "utf8");
}
`;

async function effectsOf(body: string): Promise<string[]> {
  const server = `${SERVER_HEADER}import { handle, runAnyKey, runCli, runMutating } from "./cli.js";\nserver.registerTool("t", { description: "d" }, async () => {\n${body}\n  return { content: [] };\n});\n`;
  const result = await lintFiles({ 'cli.ts': CLI, 'server.ts': server }, ['.']);
  return (tool(result, 't').effects?.effects ?? []).map((e) => `${e.kind} ${(e.target ?? '').replaceAll('"', '')}`.trim());
}

describe('literal arguments steer the callee', () => {
  it('reads an options object literal: keys it does not have are undefined', async () => {
    expect(await effectsOf('await runCli({ quiet: true, output: "x.txt" });')).toEqual(['fs.read in.txt']);
  });

  it('reads the literal a local const holds', async () => {
    expect(await effectsOf('const options = { init: true };\nawait runCli(options);')).toEqual(['fs.write repo.config.json']);
  });

  it('does not trust a literal the caller changes before the call', async () => {
    expect(await effectsOf('const options: { clean?: boolean } = {};\nif (Date.now() > 0) options.clean = true;\nawait runCli(options);')).toEqual(['fs.write repo.config.json', 'fs.delete out', 'fs.read in.txt']);
  });

  it('does not trust the keys the callee writes, and trusts the others', async () => {
    expect(await effectsOf('await runMutating({ quiet: true });')).toEqual(['fs.delete out', 'fs.read in.txt']);
  });

  it('does not trust a literal the callee writes keys of that it does not name', async () => {
    expect(await effectsOf('await runAnyKey({ quiet: true }, "init");')).toEqual(['fs.write repo.config.json', 'fs.read in.txt']);
  });

  it('reads a parameter the call site passes beside a steering literal as passed, not as left out (a guard on it cut off every write: found on a real task manager)', async () => {
    const source = `${SERVER_HEADER}import { writeFile } from "node:fs/promises";
async function useTag(options: { json?: boolean }, tagName: string) {
  if (!tagName) throw new Error("Tag name is required");
  await writeFile("state.json", tagName);
  if (options.json) return { tagName };
  return tagName;
}
server.registerTool("use_tag", { description: "d", annotations: { readOnlyHint: true } }, async (args: { name: string }) => {
  await useTag({ json: true }, args.name);
  return { content: [] };
});
`;
    const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
    expect(tool(result, 'use_tag').effects?.effects.map((e) => e.description)).toEqual(['writes a file (overwrites it if it exists)']);
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.severity)).toEqual(['error']);
  });

  it('reads a string literal a switch branches on', async () => {
    expect(await effectsOf('await handle("list");')).toEqual(['fs.read list.txt']);
  });

  it('reads a list literal: its length and items decide the branches, through the project functions that test them', async () => {
    expect(await listEffectsOf('await runPack(["."], args.dir, { output: args.out });')).toEqual(['fs.read', 'fs.write']);
    expect(await listEffectsOf('await runPack(["https://example.com/r.git"], args.dir, { output: args.out });')).toEqual(['network']);
    expect(await listEffectsOf('await runPack(["owner/repo"], args.dir, { output: args.out });')).toEqual(['fs.read', 'fs.write', 'network']);
  });

  it('does not read a list the caller fills at run time, or one the callee changes in place', async () => {
    expect(await listEffectsOf('await runPack([args.dir], args.dir, { output: args.out });')).toEqual(['fs.read', 'fs.write', 'network']);
    expect(await listEffectsOf('await runPushing(["."], { output: args.out });')).toEqual(['fs.read', 'fs.write', 'network']);
  });
});

const PACK = `
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { access, readFile, writeFile } from "node:fs/promises";
const run = promisify(execFile);
const remotePrefixes = ["https://", "git@", "ssh://"];
export const isRemoteUrl = (value: string): boolean => remotePrefixes.some((prefix) => value.startsWith(prefix));
const NAME = "[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?";
const shorthand = new RegExp(\`^\${NAME}/\${NAME}$\`);
export function isShorthand(value: string): boolean {
  return shorthand.test(value);
}
async function packRemote(url: string, output: string): Promise<string> {
  await run("git", ["clone", "--depth", "1", url, "/tmp/x"]);
  return output;
}
async function packLocal(dirs: string[], output: string): Promise<string> {
  await writeFile(output, await readFile(dirs[0] + "/a.txt", "utf8"));
  return output;
}
export async function runPack(dirs: string[], cwd: string, options: { remote?: string; output: string }): Promise<string> {
  if (options.remote) return packRemote(options.remote, options.output);
  if (dirs.length === 1 && isRemoteUrl(dirs[0])) return packRemote(dirs[0], options.output);
  if (dirs.length === 1 && isShorthand(dirs[0])) {
    const local = await access(cwd + "/" + dirs[0]).then(() => true, () => false);
    if (!local) return packRemote("https://github.com/" + dirs[0], options.output);
  }
  return packLocal(dirs, options.output);
}
export async function runPushing(dirs: string[], options: { output: string }): Promise<string> {
  dirs.push("https://example.com/r.git");
  if (isRemoteUrl(dirs[dirs.length - 1])) return packRemote(dirs[dirs.length - 1], options.output);
  return packLocal(dirs, options.output);
}
`;

/** The kinds of the effects of a tool whose body is `body`, calling {@link PACK}'s functions (each once, sorted). */
async function listEffectsOf(body: string): Promise<string[]> {
  const server = `${SERVER_HEADER}import { runPack, runPushing } from "./pack.js";\nserver.registerTool("t", { description: "d" }, async (args: { dir: string; out: string }) => {\n${body}\n  return { content: [] };\n});\n`;
  const result = await lintFiles({ 'pack.ts': PACK, 'server.ts': server }, ['.']);
  return [...new Set((tool(result, 't').effects?.effects ?? []).map((e) => e.kind))].sort();
}

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

  it('reads a string literal a switch branches on', async () => {
    expect(await effectsOf('await handle("list");')).toEqual(['fs.read list.txt']);
  });
});

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeProject } from '../helpers.js';

/** This checkout (`npm test` builds its dist/ first): what the consumer projects below install. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A server with one tool, "save_note", that writes a file: `readOnly` says whether it claims readOnlyHint: true. */
export function serverSource(readOnly: boolean): string {
  return `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { writeFile } from "node:fs/promises";
const server = new McpServer({ name: "notes", version: "1.0.0" });
server.registerTool("save_note", { description: "Saves a note", annotations: { readOnlyHint: ${readOnly}, destructiveHint: true, idempotentHint: true, openWorldHint: false } }, async () => {
  await writeFile("note.txt", "x");
  return { content: [] };
});
`;
}

/** The environment of the git, pre-commit and lint-staged runs: no GIT_* variable of an enclosing hook, a fixed identity, no colors. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', ...extra };
  for (const key of Object.keys(env)) if (key.startsWith('GIT_') && !/^GIT_(AUTHOR|COMMITTER)_/.test(key)) delete env[key];
  delete env.FORCE_COLOR;
  return env;
}

/** Runs git in `dir`; throws with git's message when it fails. */
export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, env: cleanEnv(), encoding: 'utf8' });
}

/** Runs a command in `dir` and returns its exit code and its stdout and stderr together. */
export function runIn(dir: string, command: string, args: string[], env: Record<string, string> = {}): { code: number | null; output: string } {
  const r = spawnSync(command, args, { cwd: dir, env: cleanEnv(env), encoding: 'utf8' });
  if (r.error) throw r.error;
  return { code: r.status, output: `${r.stdout}${r.stderr}` };
}

/**
 * A project that has installed mcp-annotate-lint as the README says (`npm i -D mcp-annotate-lint`):
 * `files` in a fresh git repository (nothing staged), with `node_modules/mcp-annotate-lint` linked to
 * this checkout and its bin in `node_modules/.bin`, so that `npx --no -- mcp-annotate-lint` runs it.
 */
export function consumerProject(files: Record<string, string>): string {
  const dir = writeProject({ 'package.json': JSON.stringify({ name: 'notes-server', private: true, devDependencies: { 'mcp-annotate-lint': '*' } }), ...files });
  mkdirSync(path.join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'mcp-annotate-lint'));
  symlinkSync(path.join('..', 'mcp-annotate-lint', 'bin', 'mcp-annotate-lint.js'), path.join(dir, 'node_modules', '.bin', 'mcp-annotate-lint'));
  git(dir, 'init', '--quiet');
  return dir;
}

/** The body of the first fenced block of `lang` in README.md that follows the line containing `marker`. */
export function readmeBlock(marker: string, lang: string): string {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf(marker);
  if (at < 0) throw new Error(`README.md has no "${marker}"`);
  const open = readme.indexOf(`\`\`\`${lang}\n`, at);
  if (open < 0) throw new Error(`README.md has no \`\`\`${lang} block after "${marker}"`);
  const start = open + lang.length + 4;
  return readme.slice(start, readme.indexOf('\n```', start) + 1);
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { lint, type LintResult } from '../src/index.js';
import type { ToolFacts } from '../src/model.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/**
 * A fresh empty folder in os.tmpdir() whose name starts with `prefix`, removed with all it holds
 * once the test file has run (as every folder of {@link writeProject} is).
 */
export function tempFolder(prefix = 'mcp-annotate-lint-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Writes `files` (relative path → content) into a fresh temp folder and returns its path. */
export function writeProject(files: Record<string, string>): string {
  const dir = tempFolder();
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return dir;
}

/** Lints a project made of `files`; `paths` default to the whole folder. */
export async function lintFiles(files: Record<string, string>, paths: string[] = ['.']): Promise<LintResult> {
  const dir = writeProject(files);
  return lint({ paths, cwd: dir });
}

/** The one tool of that name, or a failed expectation. */
export function tool(result: LintResult, name: string): ToolFacts {
  const found = result.tools.filter((t) => t.name === name);
  if (found.length !== 1) throw new Error(`expected one tool "${name}", found ${found.length}: ${result.tools.map((t) => t.displayName).join(', ')}`);
  return found[0]!;
}

/** `rule@line` for each finding, sorted, for compact comparisons. */
export function findingKeys(result: LintResult): string[] {
  return result.findings.map((f) => `${f.ruleId}@${f.location.line}`).sort();
}

/** The header of an MCP server file: imports of the SDK and zod, and a server. */
export const SERVER_HEADER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "t", version: "1.0.0" });
`;

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { lint, type LintResult } from '../../src/index.js';
import type { Finding, SourceLocation, ToolFacts } from '../../src/model.js';

/* What the formatter tests share: the fixture server, golden files, hand-made results. */

/** test/fixtures/formatters: the fixture server (server/) and the golden files. */
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'formatters');

/** The fixture server: read_report (readOnlyHint: true, writes through a helper in store.ts), delete_report (no annotations), list_reports (right). */
export const SERVER = path.join(FIXTURES, 'server');

/** Lints the fixture server in `dir` (the fixture itself, or a copy), with `dir` as the working directory. */
export function lintServer(dir = SERVER): Promise<LintResult> {
  return lint({ paths: ['server.ts'], cwd: dir });
}

/**
 * Expects `actual` to equal the golden file `name` in {@link FIXTURES}. With `UPDATE_GOLDEN=1` the
 * golden file is written first (then compared with itself): review its diff before committing.
 */
export function expectGolden(actual: string, name: string): void {
  const file = path.join(FIXTURES, name);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, actual);
  let golden: string;
  try {
    golden = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`no golden file ${name}: run UPDATE_GOLDEN=1 npx vitest run test/formatters to write it`);
  }
  expect(actual).toBe(golden);
}

/** A location in `/project/<file>`. */
export function at(file: string, line: number, column = 1): SourceLocation {
  return { file: `/project/${file}`, line, column };
}

/** A finding of `ruleId` at `location`, with no evidence, for hand-made results. */
export function finding(ruleId: string, severity: Finding['severity'], message: string, location: SourceLocation, tool: string | null): Finding {
  return { ruleId, messageId: 'm', message, severity, tool, ...(tool !== null ? { toolLocation: location } : {}), location, evidence: [] };
}

/** A tool registered at `location`, without annotations, handler or effects. */
export function bareTool(name: string, location: SourceLocation): ToolFacts {
  return { name, displayName: name, origin: 'source', location, registration: 'registerTool', annotations: null, handler: null, unresolved: [] };
}

/** A result of `tools` and `findings` linted in `/project` (its working directory). */
export function handMade(tools: ToolFacts[], findings: Finding[], extra: Partial<LintResult> = {}): LintResult {
  return { tools, findings, unresolvedRegistrations: [], filesRead: ['/project/server.ts'], cwd: '/project', stats: { summaries: 0, reused: 0, effectNodes: 0 }, ...extra };
}

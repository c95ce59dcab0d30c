import type { Effect, ToolFacts } from '../../src/model.js';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A server file with `top` (imports, declarations) and one tool per entry of `tools`, whose
 * handler (with an `args` parameter) runs the body given.
 */
export function serverWith(top: string, tools: Record<string, string>): Record<string, string> {
  const registrations = Object.entries(tools).map(([name, body]) => `server.registerTool("${name}", { description: "d", inputSchema: {} }, async (args: any) => {\n${body}\n  return { content: [] };\n});\n`);
  return { 'server.ts': `${SERVER_HEADER}${top}\n${registrations.join('')}` };
}

/** `sink | kind access d=destructive i=idempotent open=openWorld confidence`: everything a hint is inferred from, on one line. */
export function row(e: Effect): string {
  return `${e.sink} | ${e.kind} ${e.access} d=${e.destructive} i=${e.idempotent} open=${e.openWorld} ${e.confidence}`;
}

/** What the linter found for one tool: its effects as rows, the effects themselves, the reasons of its unresolved calls, its inferred hints. */
export interface Found {
  rows: string[];
  effects: Effect[];
  unresolved: string[];
  inferred: ToolFacts['inferred'];
}

/** Lints `files` and returns what it found for each tool named. */
export async function found(files: Record<string, string>, names: readonly string[]): Promise<Record<string, Found>> {
  const result = await lintFiles(files);
  const out: Record<string, Found> = {};
  for (const name of names) {
    const t = tool(result, name);
    const effects = t.effects?.effects ?? [];
    out[name] = { rows: effects.map(row), effects, unresolved: (t.effects?.unresolved ?? []).map((u) => u.reason), inferred: t.inferred };
  }
  return out;
}

/** What the linter found for the one tool `t` of a server with `top` and the handler body `body`. */
export async function foundIn(top: string, body: string): Promise<Found> {
  return (await found(serverWith(top, { t: body }), ['t'])).t!;
}

import type { SourceFile, ts as TS } from 'ts-morph';
import type { ToolFacts } from '../model.js';

/**
 * Linting changed files (pre-commit, lint-staged): a change to a helper changes what the tools that
 * call it do, though their registrations are elsewhere. So when files are named with their project
 * as context, registrations are looked for in the whole project and a tool is reported when any
 * file its facts rest on is named: its registration, its annotations, its handler, a call on the
 * way to an effect, the effect, or a call it could not follow.
 */

/** Every file a tool's facts rest on (absolute paths). */
export function filesOf(tool: ToolFacts): Set<string> {
  const files = new Set<string>([tool.location.file]);
  if (tool.handler) files.add(tool.handler.file);
  if (tool.annotations) {
    files.add(tool.annotations.location.file);
    for (const hint of Object.values(tool.annotations.properties)) files.add(hint.location.file);
  }
  for (const item of [...(tool.effects?.effects ?? []), ...(tool.effects?.unresolved ?? []), ...tool.unresolved]) {
    files.add(item.location.file);
    for (const hop of item.via) files.add(hop.location.file);
  }
  return files;
}

/** True when a named file (absolute paths) is one a tool's facts rest on. */
export function isAffected(tool: ToolFacts, named: ReadonlySet<string>): boolean {
  for (const file of filesOf(tool)) if (named.has(file)) return true;
  return false;
}

/** The context files to look for registrations in besides the named ones: those that parse. */
export function searchableContext(context: readonly SourceFile[]): SourceFile[] {
  return context.filter((sf) => ((sf.compilerNode as unknown as { parseDiagnostics?: TS.Diagnostic[] }).parseDiagnostics ?? []).length === 0);
}

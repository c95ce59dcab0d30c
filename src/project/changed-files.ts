import type { Node, SourceFile, ts as TS } from 'ts-morph';
import type { ToolFacts } from '../model.js';

/**
 * Linting changed files (pre-commit, lint-staged): a change to a helper changes what the tools that
 * call it do, though their registrations are elsewhere. So when files are named with their project
 * as context, registrations are looked for in the whole project and a tool is reported when any
 * file its facts rest on is named: its registration, its annotations, its handler, a call on the
 * way to an effect, the effect, or a call it could not follow. Only the tools whose code can reach
 * a named file through imports are analysed ({@link toolsReaching}).
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

/** A discovered tool as {@link toolsReaching} sees it: where it is registered and its handler functions. */
export interface ReachingTool {
  /** The file of its registration; undefined when the project does not hold it (the tool is then analysed). */
  registration: SourceFile | undefined;
  handlers: readonly { node: Node }[];
}

/**
 * The indices of the tools (same order as `tools`) whose facts can rest on a named file (absolute
 * paths): those whose registration file or handler files import one of them, directly or through
 * other files (static, type-only, `export ... from`, `import()` and `require()` of a literal), and
 * then every tool that shares a handler or wrapper with one of those (`groups`, which shared-effect
 * marking compares as a whole). The others are neither analysed nor reported: a tool whose code
 * reaches a named file only through a value made elsewhere (an instance its registration function
 * is handed, defined in a file it does not import) is left to the run over the whole project.
 */
export function toolsReaching(tools: readonly ReachingTool[], named: ReadonlySet<string>, groups: readonly number[][]): Set<number> {
  const reaches = new Map<SourceFile, boolean>();
  /** True when `start` is named or imports a named file; each file walked once per run. */
  const reachesNamed = (start: SourceFile): boolean => {
    const known = reaches.get(start);
    if (known !== undefined) return known;
    const seen = new Set<SourceFile>([start]);
    const queue = [start];
    let found = false;
    while (queue.length > 0 && !found) {
      const sf = queue.pop()!;
      if (named.has(sf.getFilePath()) || reaches.get(sf) === true) found = true;
      for (const next of sf.getReferencedSourceFiles()) {
        // A file already known to reach nothing named is not walked again.
        if (seen.has(next) || reaches.get(next) === false) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    // A file that reaches nothing named tells the same of every file it imports.
    if (found) reaches.set(start, true);
    else for (const sf of seen) reaches.set(sf, false);
    return found;
  };
  const out = new Set<number>();
  tools.forEach((tool, i) => {
    const files = [tool.registration, ...tool.handlers.map((h) => h.node.getSourceFile())];
    if (files.some((sf) => sf === undefined || reachesNamed(sf))) out.add(i);
  });
  for (let grew = true; grew; ) {
    grew = false;
    for (const group of groups) {
      if (!group.some((i) => out.has(i)) || group.every((i) => out.has(i))) continue;
      for (const i of group) out.add(i);
      grew = true;
    }
  }
  return out;
}

import type { SourceFile } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { contains } from '../analysis/nodes.js';
import type { UnresolvedRegistration } from '../model.js';
import type { DiscoverContext, RegistrationAdapter } from './adapter.js';
import { FRAMEWORKS } from './frameworks/index.js';
import { LOW_LEVEL } from './low-level.js';
import { discoverInFile, type DiscoveredTool } from './registrations.js';
import { unreadableBundle } from './unreadable-bundles.js';

/** The MCP SDK's `registerTool`, `tool()` and `registerToolTask` calls (v1 and v2 packages). */
const SDK: RegistrationAdapter = {
  id: 'sdk',
  mayRegister: () => true,
  discover: discoverInFile,
};

/** Every registration adapter: the SDK's calls, low-level tools/list handlers, then frameworks. */
export const ADAPTERS: readonly RegistrationAdapter[] = [SDK, LOW_LEVEL, ...FRAMEWORKS];

/** What discovery found across the files linted. */
export interface ProjectDiscovery {
  tools: DiscoveredTool[];
  unresolved: UnresolvedRegistration[];
  /** Files where an adapter failed: the file and the error's first line. The run goes on. */
  failures: { file: string; adapter: string; error: string }[];
}

/**
 * Runs every adapter over every target file. An adapter that throws on a file is reported as a
 * failure for that file; the other adapters and files go on. When nothing is found, each minified
 * bundle that serves tools is listed as unresolved (see {@link unreadableBundle}).
 */
export function discoverProject(targets: SourceFile[], ctx: DiscoverContext): ProjectDiscovery {
  const out: ProjectDiscovery = { tools: [], unresolved: [], failures: [] };
  for (const sf of targets) {
    const text = sf.getFullText();
    for (const adapter of ADAPTERS) {
      if (!adapter.mayRegister(text)) continue;
      try {
        const found = adapter.discover(sf, ctx);
        out.tools.push(...found.tools);
        out.unresolved.push(...found.unresolved);
      } catch (error) {
        out.failures.push({ file: sf.getFilePath(), adapter: adapter.id, error: (error instanceof Error ? error.message : String(error)).split('\n')[0]! });
      }
    }
  }
  // A minified bundle read as nothing is said so, not passed as a server without tools.
  if (out.tools.length === 0 && out.unresolved.length === 0) out.unresolved.push(...targets.flatMap((sf) => unreadableBundle(sf) ?? []));
  // Nameless tools of one registration reached through several contexts (a wrapper's call sites)
  // stand for the same unknown tools: one is enough.
  const seenGaps = new Set<string>();
  out.tools = out.tools.filter(({ facts }) => {
    if (facts.name !== null) return true;
    const key = `${facts.location.file}:${facts.location.line}:${facts.location.column}:${facts.unresolved.map((u) => u.reason).join('|')}`;
    if (seenGaps.has(key)) return false;
    seenGaps.add(key);
    return true;
  });
  out.tools = mergeSameDefinitions(out.tools);
  markDuplicates(out.tools);
  // A tool whose name only run time knows stands for registrations the linter cannot enumerate.
  for (const { facts, gapListed } of out.tools) {
    if (facts.name !== null || gapListed) continue;
    const why = facts.unresolved.find((u) => u.reason.startsWith('the tool name')) ?? facts.unresolved[0];
    out.unresolved.push({ location: facts.location, reason: why?.reason ?? 'the tool name cannot be read statically' });
  }
  out.unresolved.sort((a, b) => a.location.file.localeCompare(b.location.file) || a.location.line - b.location.line);
  return out;
}

/**
 * One definition registered in several contexts with the same name, place and annotations (a
 * `registerAll(server)` called for a stdio and an HTTP server) is one tool to a reader: keep the
 * first, with the handlers of all, so that its effects cover every context. Registrations on the
 * same server stay apart, for duplicate-tool-name.
 */
function mergeSameDefinitions(tools: DiscoveredTool[]): DiscoveredTool[] {
  const kept = new Map<string, DiscoveredTool>();
  const out: DiscoveredTool[] = [];
  for (const tool of tools) {
    const { name, location, annotations, registration } = tool.facts;
    if (name === null) {
      out.push(tool);
      continue;
    }
    const declared = annotations ? JSON.stringify(Object.entries(annotations.properties).map(([k, h]) => [k, h.known ? h.value : '?', h.location.line, h.location.column])) : 'none';
    const key = `${name}\0${location.file}:${location.line}:${location.column}\0${registration}\0${declared}`;
    const first = kept.get(key);
    if (first && (first.server?.() ?? '') !== (tool.server?.() ?? '')) {
      first.handlers.push(...tool.handlers);
      continue;
    }
    kept.set(key, tool);
    out.push(tool);
  }
  return out;
}

/**
 * Marks each later registration of a name already registered on the same server with
 * `duplicateOf`. Registrations in exclusive branches (`if`/`else`, `? :`, different `case`s) do
 * not both run, so they are not duplicates. Tools without a server key are grouped by file.
 */
function markDuplicates(tools: DiscoveredTool[]): void {
  const byName = new Map<string, DiscoveredTool[]>();
  for (const tool of tools) {
    if (tool.facts.name === null) continue;
    const group = byName.get(tool.facts.name);
    if (group) group.push(tool);
    else byName.set(tool.facts.name, [tool]);
  }
  for (const group of byName.values()) {
    // A tool removed before its name is registered again (`t.remove()`) is no duplicate: the SDK allows it.
    if (group.length < 2 || group.some((t) => t.facts.registration.includes('remove()'))) continue;
    // Each server key once: it resolves symbols.
    const keys = group.map((t) => t.server?.() ?? t.facts.location.file);
    group.forEach((tool, i) => {
      const first = group.slice(0, i).find((e, j) => keys[j] === keys[i] && !(e.site && tool.site && exclusive(e.site, tool.site)));
      if (first) tool.facts.duplicateOf = first.facts.location;
    });
  }
}

/** True when two nodes sit in branches of one `if`, `? :` or `switch` that exclude each other. */
function exclusive(a: Node, b: Node): boolean {
  if (a === b) return false;
  for (let p = a.getParent(); p; p = p.getParent()) {
    if (!contains(p, b)) continue;
    const branchOf = (n: Node): Node | undefined => [n, ...n.getAncestors()].find((x) => x.getParent() === p);
    const [ba, bb] = [branchOf(a), branchOf(b)];
    if (Node.isIfStatement(p)) return ba !== bb && ba !== p.getExpression() && bb !== p.getExpression();
    if (Node.isConditionalExpression(p)) return ba !== bb && ba !== p.getCondition() && bb !== p.getCondition();
    if (Node.isCaseBlock(p)) return ba !== bb;
    return false;
  }
  return false;
}


import type { SourceFile } from 'ts-morph';
import type { UnresolvedRegistration } from '../model.js';
import type { DiscoverContext, RegistrationAdapter } from './adapter.js';
import { markDuplicates } from './duplicates.js';
import { mergeListOverrides } from './list-overrides.js';
import { FRAMEWORKS } from './frameworks/index.js';
import { LOW_LEVEL } from './low-level.js';
import { definitionKey, discoverInFile } from './registrations.js';
import type { DiscoveredTool } from './tool-facts.js';
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
 * Runs every adapter over every target file (third-party code a package ships is not among them:
 * it is never loaded, see project/third-party.ts). An adapter that throws on a file is reported as a
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
  out.tools = mergeListOverrides(mergeSameDefinitions(out.tools));
  markDuplicates(out.tools, ctx.resolver, ctx.contexts);
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
 * `registerAll(server)` called for a stdio and an HTTP server, also through another API of the
 * SDK) is one tool to a reader: keep the first, with the handlers of all, so that its effects
 * cover every context. Registrations on the same server stay apart, for duplicate-tool-name.
 */
function mergeSameDefinitions(tools: DiscoveredTool[]): DiscoveredTool[] {
  const kept = new Map<string, DiscoveredTool>();
  const out: DiscoveredTool[] = [];
  for (const tool of tools) {
    const key = definitionKey(tool.facts);
    if (key === null) {
      out.push(tool);
      continue;
    }
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

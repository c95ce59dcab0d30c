import type { SourceFile } from 'ts-morph';
import type { UnresolvedRegistration } from '../model.js';
import type { DiscoverContext, RegistrationAdapter } from './adapter.js';
import { FRAMEWORKS } from './frameworks/index.js';
import { LOW_LEVEL } from './low-level.js';
import { discoverInFile, type DiscoveredTool } from './registrations.js';

/** The MCP SDK's `registerTool`, `tool()` and `registerToolTask` calls (v1 and v2 packages). */
const SDK: RegistrationAdapter = {
  id: 'sdk',
  mayRegister: () => true,
  discover: (sf, ctx) => discoverInFile(sf, ctx.resolver, ctx.contexts, ctx.projectUsesSdk),
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
 * failure for that file; the other adapters and files go on.
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
  return out;
}


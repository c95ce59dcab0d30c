import { claim, bySignificance, describeEffects, hintLocation, ownEffects } from '../src/engine/facts.js';
import { defineRule } from '../src/engine/rule.js';
import type { Effect } from '../src/model.js';

/** True for a spawned program the linter does not know (not a literal command of the catalog): what it reaches is unknown. */
function runsUnknownProgram(effect: Effect): boolean {
  return effect.kind === 'process.spawn' && effect.access === 'unknown';
}

/**
 * `openWorldHint: false` on a tool that reaches the network or runs other programs.
 * Source: MCP spec 2025-11-25, `ToolAnnotations.openWorldHint` ("If true, this tool may interact
 * with an 'open world' of external entities. If false, the tool's domain of interaction is closed.
 * For example, the world of a web search tool is open, whereas that of a memory tool is not.").
 */
export default defineRule({
  id: 'optimistic-closed-world',
  meta: {
    type: 'problem',
    docs: { description: 'openWorldHint: false on a tool that reaches the network or runs other programs', recommended: 'error' },
    requires: ['effects'],
    fixable: true,
    hasSuggestions: true,
    messages: {
      reachesOut: '"{{tool}}" {{declares}} openWorldHint: false, but it {{effects}}',
    },
  },
  check({ tool, report }) {
    const claimed = claim(tool, 'openWorldHint', false);
    if (!claimed) return;
    const found = ownEffects(tool).filter((e) => e.openWorld);
    if (found.length === 0) return;
    // A request made through a catalogued sink reaches the network for certain, even when what it does (its access) is only likely.
    // A program whose effects are unknown may reach out, which is not proof that it does (issue 15:
    // "unknown is not proven"): alone, it leaves the hint unverified, a warning.
    const reachCertain = found.some((e) => (e.confidence === 'certain' && !runsUnknownProgram(e)) || (e.kind === 'network' && e.basis === undefined));
    report({ messageId: 'reachesOut', confidence: reachCertain ? 'certain' : 'likely', data: { tool: tool.displayName, hint: 'openWorldHint', declares: claimed.declares, effects: describeEffects(found) }, location: hintLocation(tool, 'openWorldHint'), evidence: bySignificance(found), fix: { hint: 'openWorldHint', to: true } });
  },
});

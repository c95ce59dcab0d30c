import { claim, bySignificance, describeEffects, hintLocation, possibleWrites, writes } from '../src/engine/facts.js';
import { defineRule } from '../src/engine/rule.js';

/**
 * `readOnlyHint: true` on a tool whose handler modifies its environment (an error when an effect is
 * certain), or runs something whose effects are unknown (a spawned program, an HTTP request whose
 * method is computed, code loaded at run time), which may (a warning: unknown is not proven).
 * Source: MCP spec 2025-11-25, `ToolAnnotations.readOnlyHint` ("If true, the tool does not modify its environment").
 */
/** The fix: the hint made cautious (offered only, as a suggestion, when the evidence is likely). */
const FIX = { hint: 'readOnlyHint', to: false } as const;

export default defineRule({
  id: 'optimistic-read-only',
  meta: {
    type: 'problem',
    docs: { description: 'readOnlyHint: true on a tool that modifies its environment', recommended: 'error' },
    requires: ['effects'],
    fixable: true,
    hasSuggestions: true,
    messages: {
      writes: '"{{tool}}" {{declares}} readOnlyHint: true, but it {{effects}}',
      mayWrite: '"{{tool}}" {{declares}} readOnlyHint: true, but it {{effects}}, which may modify its environment',
    },
  },
  check({ tool, report }) {
    const claimed = claim(tool, 'readOnlyHint', true);
    if (!claimed) return;
    const found = writes(tool);
    if (found.length > 0) {
      report({ messageId: 'writes', data: { tool: tool.displayName, hint: 'readOnlyHint', declares: claimed.declares, effects: describeEffects(found) }, location: hintLocation(tool, 'readOnlyHint'), evidence: bySignificance(found), fix: FIX });
      return;
    }
    const possible = possibleWrites(tool);
    if (possible.length > 0) {
      // A program or request whose effects the linter cannot see may write, which is not proof that
      // it does (issue 15: "unknown is not proven"): at most a warning, the tool left unverified.
      report({ messageId: 'mayWrite', confidence: 'likely', data: { tool: tool.displayName, hint: 'readOnlyHint', declares: claimed.declares, effects: describeEffects(possible) }, location: hintLocation(tool, 'readOnlyHint'), evidence: bySignificance(possible), fix: FIX });
    }
  },
});

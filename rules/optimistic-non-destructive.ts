import { claim, declaresReadOnly, arbitraryEffects, bySignificance, describeEffects, hintLocation, writes } from '../src/engine/facts.js';
import { defineRule } from '../src/engine/rule.js';

/**
 * `destructiveHint: false` on a tool that deletes or overwrites, or that runs code chosen at run
 * time (which may). The hint must cover the worst path the arguments allow, not the common one.
 * Source: MCP spec 2025-11-25, `ToolAnnotations.destructiveHint` ("If true, the tool may perform
 * destructive updates to its environment. If false, the tool performs only additive updates.").
 */
export default defineRule({
  id: 'optimistic-non-destructive',
  meta: {
    type: 'problem',
    docs: { description: 'destructiveHint: false on a tool that deletes or overwrites', recommended: 'error' },
    requires: ['effects'],
    fixable: true,
    hasSuggestions: true,
    messages: {
      destroys: '"{{tool}}" {{declares}} destructiveHint: false, but it {{effects}}',
      mayDestroy: '"{{tool}}" {{declares}} destructiveHint: false, but it {{effects}}, which may delete or overwrite anything',
      ignoredWhileReadOnly: '"{{tool}}" {{declares}} destructiveHint: false, but it {{effects}}; clients ignore destructiveHint while readOnlyHint is true, so it misleads them once readOnlyHint is corrected',
    },
  },
  check({ tool, report }) {
    const claimed = claim(tool, 'destructiveHint', false);
    if (!claimed) return;
    const found = writes(tool).filter((e) => e.destructive === true);
    const arbitrary = arbitraryEffects(tool);
    const [messageId, evidence] = found.length > 0 ? (['destroys', found] as const) : (['mayDestroy', arbitrary] as const);
    if (evidence.length === 0) return;
    // Beside `readOnlyHint: true` clients ignore the hint: at most a warning, the error is optimistic-read-only's.
    const ignored = messageId === 'destroys' && declaresReadOnly(tool);
    // Code chosen at run time may do anything, which is not proof that it does: at most a warning
    // (an error needs a certain effect that contradicts the hint).
    report({ messageId: ignored ? 'ignoredWhileReadOnly' : messageId, ...(ignored ? { maxSeverity: 'warning' as const } : {}), ...(messageId === 'mayDestroy' ? { confidence: 'likely' as const } : {}), data: { tool: tool.displayName, hint: 'destructiveHint', declares: claimed.declares, effects: describeEffects(evidence) }, location: hintLocation(tool, 'destructiveHint'), evidence: bySignificance(evidence), fix: { hint: 'destructiveHint', to: true } });
  },
});

import { claim, declaresReadOnly, arbitraryEffects, bySignificance, describeEffects, hintLocation, writes } from '../src/engine/facts.js';
import { defineRule } from '../src/engine/rule.js';

/**
 * `idempotentHint: true` on a tool whose repeated calls with the same arguments keep changing
 * things (append, push, counters, POST), or that runs code chosen at run time (which may).
 * Source: MCP spec 2025-11-25, `ToolAnnotations.idempotentHint` ("If true, calling the tool
 * repeatedly with the same arguments will have no additional effect on its environment.").
 */
export default defineRule({
  id: 'optimistic-idempotent',
  meta: {
    type: 'problem',
    docs: { description: 'idempotentHint: true on a tool whose repeated calls have additional effects', recommended: 'error' },
    requires: ['effects'],
    fixable: true,
    hasSuggestions: true,
    messages: {
      repeats: '"{{tool}}" {{declares}} idempotentHint: true, but each call {{effects}}',
      mayRepeat: '"{{tool}}" {{declares}} idempotentHint: true, but it {{effects}}, whose repeated calls may keep changing things',
      ignoredWhileReadOnly: '"{{tool}}" {{declares}} idempotentHint: true, but each call {{effects}}; clients ignore idempotentHint while readOnlyHint is true, so it misleads them once readOnlyHint is corrected',
    },
  },
  check({ tool, report }) {
    const claimed = claim(tool, 'idempotentHint', true);
    if (!claimed) return;
    const found = writes(tool).filter((e) => e.idempotent === false);
    const arbitrary = arbitraryEffects(tool);
    const [messageId, evidence] = found.length > 0 ? (['repeats', found] as const) : (['mayRepeat', arbitrary] as const);
    if (evidence.length === 0) return;
    // Beside `readOnlyHint: true` clients ignore the hint: at most a warning, the error is optimistic-read-only's.
    const ignored = messageId === 'repeats' && declaresReadOnly(tool);
    // Code chosen at run time may do anything, which is not proof that it does: at most a warning
    // (an error needs a certain effect that contradicts the hint).
    report({ messageId: ignored ? 'ignoredWhileReadOnly' : messageId, ...(ignored ? { maxSeverity: 'warning' as const } : {}), ...(messageId === 'mayRepeat' ? { confidence: 'likely' as const } : {}), data: { tool: tool.displayName, hint: 'idempotentHint', declares: claimed.declares, effects: describeEffects(evidence) }, location: hintLocation(tool, 'idempotentHint'), evidence: bySignificance(evidence), fix: { hint: 'idempotentHint', to: false } });
  },
});

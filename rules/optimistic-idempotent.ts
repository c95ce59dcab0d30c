import { bySignificance, declaredBoolean, describeEffects, hintLocation, writes } from '../src/engine/facts.js';
import { defineRule } from '../src/engine/rule.js';

/**
 * `idempotentHint: true` on a tool whose repeated calls with the same arguments keep changing
 * things (append, push, counters, POST).
 * Source: MCP spec 2025-11-25, `ToolAnnotations.idempotentHint` ("If true, calling the tool
 * repeatedly with the same arguments will have no additional effect on its environment.").
 */
export default defineRule({
  id: 'optimistic-idempotent',
  meta: {
    type: 'problem',
    docs: { description: 'idempotentHint: true on a tool whose repeated calls have additional effects', recommended: 'error' },
    requires: ['effects'],
    messages: {
      repeats: '"{{tool}}" declares idempotentHint: true, but each call {{effects}}',
    },
  },
  check({ tool, report }) {
    if (declaredBoolean(tool, 'idempotentHint')?.value !== true) return;
    const found = writes(tool).filter((e) => e.idempotent === false);
    if (found.length === 0) return;
    report({ messageId: 'repeats', data: { tool: tool.displayName, effects: describeEffects(found) }, location: hintLocation(tool, 'idempotentHint'), evidence: bySignificance(found) });
  },
});

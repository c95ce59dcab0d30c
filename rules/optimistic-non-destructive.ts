import { bySignificance, declaredBoolean, describeEffects, hintLocation, writes } from '../src/engine/facts.js';
import { defineRule } from '../src/engine/rule.js';

/**
 * `destructiveHint: false` on a tool that deletes or overwrites. The hint must cover the worst
 * path the arguments allow, not the common one.
 * Source: MCP spec 2025-11-25, `ToolAnnotations.destructiveHint` ("If true, the tool may perform
 * destructive updates to its environment. If false, the tool performs only additive updates.").
 */
export default defineRule({
  id: 'optimistic-non-destructive',
  meta: {
    type: 'problem',
    docs: { description: 'destructiveHint: false on a tool that deletes or overwrites', recommended: 'error' },
    requires: ['effects'],
    messages: {
      destroys: '"{{tool}}" declares destructiveHint: false, but it {{effects}}',
    },
  },
  check({ tool, report }) {
    if (declaredBoolean(tool, 'destructiveHint')?.value !== false) return;
    const found = writes(tool).filter((e) => e.destructive === true);
    if (found.length === 0) return;
    report({ messageId: 'destroys', data: { tool: tool.displayName, effects: describeEffects(found) }, location: hintLocation(tool, 'destructiveHint'), evidence: bySignificance(found) });
  },
});

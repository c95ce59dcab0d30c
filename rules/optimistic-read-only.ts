import { declaredBoolean, describeEffects, hintLocation, writes } from '../src/engine/facts.js';
import { defineRule } from '../src/engine/rule.js';

/**
 * `readOnlyHint: true` on a tool whose handler modifies its environment.
 * Source: MCP spec 2025-11-25, `ToolAnnotations.readOnlyHint` ("If true, the tool does not modify its environment").
 */
export default defineRule({
  id: 'optimistic-read-only',
  meta: {
    type: 'problem',
    docs: { description: 'readOnlyHint: true on a tool that modifies its environment', recommended: 'error' },
    requires: ['effects'],
    messages: {
      writes: '"{{tool}}" declares readOnlyHint: true, but it {{effects}}',
    },
  },
  check({ tool, report }) {
    if (declaredBoolean(tool, 'readOnlyHint')?.value !== true) return;
    const found = writes(tool);
    if (found.length === 0) return;
    report({ messageId: 'writes', data: { tool: tool.displayName, effects: describeEffects(found) }, location: hintLocation(tool, 'readOnlyHint'), evidence: found });
  },
});

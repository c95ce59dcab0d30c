import { declaredBoolean, hintLocation, possibleWrites, writes } from '../src/engine/facts.js';
import { defineRule } from '../src/engine/rule.js';

/**
 * `idempotentHint` (either value) or `destructiveHint: true` on a tool that declares
 * `readOnlyHint: true` and is read-only: the spec gives them no meaning there, and a reader may
 * take `destructiveHint: true` for a warning. `destructiveHint: false` is tolerated because client
 * directory reviews require the key. When the tool is not really read-only, the other rules judge
 * these hints against its behaviour instead.
 * Source: MCP spec 2025-11-25, `ToolAnnotations` ("destructiveHint ... Meaningful only when
 * readOnlyHint == false"; "idempotentHint ... Meaningful only when readOnlyHint == false").
 */
export default defineRule({
  id: 'meaningless-hint',
  meta: {
    type: 'suggestion',
    docs: { description: 'destructiveHint or idempotentHint on a read-only tool, where the spec gives them no meaning', recommended: 'warning' },
    requires: [],
    fixable: true,
    messages: {
      ignored: '"{{tool}}" declares readOnlyHint: true, so its {{hint}}{{value}} has no meaning; remove it',
    },
  },
  check({ tool, report }) {
    if (declaredBoolean(tool, 'readOnlyHint')?.value !== true) return;
    if (writes(tool).length > 0 || possibleWrites(tool).length > 0) return;
    const idempotent = tool.annotations?.properties.idempotentHint;
    if (idempotent) {
      const value = idempotent.known ? `: ${String(idempotent.value)}` : '';
      report({ messageId: 'ignored', data: { tool: tool.displayName, hint: 'idempotentHint', value }, location: hintLocation(tool, 'idempotentHint'), fix: { hint: 'idempotentHint', to: null } });
    }
    if (declaredBoolean(tool, 'destructiveHint')?.value === true) {
      report({ messageId: 'ignored', data: { tool: tool.displayName, hint: 'destructiveHint', value: ': true' }, location: hintLocation(tool, 'destructiveHint'), fix: { hint: 'destructiveHint', to: null } });
    }
  },
});

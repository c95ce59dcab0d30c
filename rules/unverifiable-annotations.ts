import { unverifiable } from '../src/engine/facts.js';
import { defineRule } from '../src/engine/rule.js';

/**
 * A registration whose name, handler, annotation keys or hint values the linter cannot read
 * statically: its annotations cannot be checked, and the linter says so rather than staying silent.
 * A `title` computed at run time is not reported: it does not describe behaviour. In live mode the
 * only such item is a listed tool whose name is not a string.
 * Source: MCP spec 2025-11-25, `ToolAnnotations` ("clients MUST consider tool annotations to be
 * untrusted unless they come from trusted servers"): a value nobody can review is not trusted.
 */
export default defineRule({
  id: 'unverifiable-annotations',
  meta: {
    type: 'problem',
    docs: { description: 'a tool whose name, annotations or handler cannot be read statically', recommended: 'warning' },
    requires: [],
    messages: {
      unresolved: '"{{tool}}" cannot be verified: {{reason}}',
    },
  },
  check({ tool, report }) {
    for (const item of unverifiable(tool)) {
      report({ messageId: 'unresolved', data: { tool: tool.displayName, reason: item.reason }, location: item.location });
    }
  },
});

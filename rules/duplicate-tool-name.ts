import { defineRule } from '../src/engine/rule.js';

/**
 * A second registration of a tool name on one server. The SDK's `McpServer` throws when the
 * second `registerTool` runs ("Tool x is already registered"); a hand-written `tools/list` that
 * (or a running server's tools/list, in live mode) lists a name twice leaves each client to pick one of the two definitions and their annotations.
 * Source: MCP spec 2025-11-25, Tools ("name: Unique identifier for the tool",
 * https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool).
 */
export default defineRule({
  id: 'duplicate-tool-name',
  meta: {
    type: 'problem',
    docs: { description: 'two registrations of one tool name on one server', recommended: 'error' },
    requires: [],
    messages: {
      duplicate: '"{{tool}}" is registered again on the same server; the first registration is at {{first}}',
    },
  },
  check({ tool, report }) {
    if (!tool.duplicateOf) return;
    const { file, line, column, jsonPath } = tool.duplicateOf;
    // A listed tool (live mode) is placed by its JSON path in the tools/list result.
    report({ messageId: 'duplicate', data: { tool: tool.displayName, first: jsonPath ?? `${file.split('/').pop()}:${line}:${column}` } });
  },
});

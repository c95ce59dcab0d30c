import { defineRule } from '../src/engine/rule.js';
import type { SourceLocation } from '../src/model.js';

/**
 * A second registration of a tool name on one server. The SDK's `McpServer` throws when the
 * second `registerTool` runs ("Tool x is already registered"); a hand-written `tools/list` that
 * (or a running server's tools/list, in live mode) lists a name twice leaves each client to pick one of the two definitions and their annotations.
 * Registrations that cannot both run (exclusive branches, functions called from them) are none;
 * when the linter cannot tell whether both run, the report is a warning that says so.
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
      maybeDuplicate: '"{{tool}}" may be registered twice on the same server: the first registration is at {{first}}, and whether both run is unknown ({{why}})',
    },
  },
  check({ tool, report }) {
    // A listed tool (live mode) is placed by its JSON path in the tools/list result.
    const place = ({ file, line, column, jsonPath }: SourceLocation) => jsonPath ?? `${file.split('/').pop()}:${line}:${column}`;
    if (tool.duplicateOf) report({ messageId: 'duplicate', data: { tool: tool.displayName, first: place(tool.duplicateOf) } });
    else if (tool.maybeDuplicateOf) {
      // Registrations that may never both run (different conditions or entry points): a warning at most.
      report({ messageId: 'maybeDuplicate', data: { tool: tool.displayName, first: place(tool.maybeDuplicateOf.location), why: tool.maybeDuplicateOf.why }, confidence: 'likely' });
    }
  },
});

import { expandArguments } from '../../analysis/resolve.js';
import { callContexts, fromDefinition, methodCalls, receiverFrom, type RegistrationAdapter } from '../adapter.js';
import type { Discovery } from '../registrations.js';

const MCP_LITE = /^mcp-lite(\/|$)/;

/**
 * mcp-lite (package `mcp-lite`): `mcp.tool(name, { description, inputSchema, annotations,
 * handler })` on `new McpServer(...)` from "mcp-lite"; `tool()` returns the server, so calls
 * chain (`mcp.tool(...).tool(...)`). The name is argument 0, the annotations `def.annotations`
 * (mcp-lite adds the non-hint keys `audience`, `priority`, `lastModified`), the handler
 * `def.handler`. Docs: https://github.com/fiberplane/mcp-lite#tool-with-annotations
 */
export const mcpLite: RegistrationAdapter = {
  id: 'mcp-lite',
  mayRegister: (text) => text.includes('.tool'),
  discover(sf, ctx) {
    const found: Discovery = { tools: [], unresolved: [] };
    for (const { call, receiver } of methodCalls(sf, new Set(['tool']))) {
      const written = call.getArguments();
      if (written.length !== 2 || !receiverFrom(receiver, MCP_LITE, ctx.resolver)) continue;
      for (const context of callContexts(call, written, ctx, found)) {
        const [name, definition] = expandArguments(written, context.bindings);
        found.tools.push(fromDefinition('mcp-lite tool', definition!, { name: 'name', annotations: 'annotations', handler: ['handler'] }, context, ctx.resolver, { nameArg: name! }));
      }
    }
    return found;
  },
};

import { expandArguments } from '../../analysis/resolve.js';
import { callContexts, frameworkServer, fromDefinition, markAssumed, methodCalls, registeredOn, writesKeys, type RegistrationAdapter } from '../adapter.js';
import type { Discovery } from '../tool-facts.js';

/** `mcp-use` (2.x) and `mcp-use/server` (1.x). */
const MCP_USE = /^mcp-use(\/|$)/;

/**
 * mcp-use (package `mcp-use`; 1.x: `mcp-use/server`): `server.tool({ name, title, description,
 * inputSchema, annotations }, callback)` on `new MCPServer(...)` (1.x also `createMCPServer(...)`,
 * chainable, with the callback possibly the definition's `cb`). The name and annotations are the
 * definition's `name` and `annotations`. Docs: https://mcp-use.com/docs/typescript/server/tools
 */
export const mcpUse: RegistrationAdapter = {
  id: 'mcp-use',
  mayRegister: (text) => text.includes('.tool'),
  discover(sf, ctx) {
    const found: Discovery = { tools: [], unresolved: [] };
    for (const { call, receiver } of methodCalls(sf, new Set(['tool']))) {
      const written = call.getArguments();
      if (written.length < 1 || written.length > 2) continue;
      const server = frameworkServer(call, receiver, MCP_USE, ctx, (c) => writesKeys(c, 0, ['name']));
      if (!server) continue;
      const from = found.tools.length;
      for (const context of callContexts(call, written.slice(0, 1), ctx, found)) {
        const [definition, callback] = expandArguments(written, context.bindings);
        const tool = fromDefinition('mcp-use tool', definition!, { name: 'name', annotations: 'annotations', handler: ['cb'] }, context, ctx.resolver, callback ? { handlerArg: callback } : {});
        found.tools.push(registeredOn(tool, call, context));
      }
      markAssumed(found, from, server, receiver);
    }
    return found;
  },
};

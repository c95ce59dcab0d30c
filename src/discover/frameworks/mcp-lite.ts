import type { CallExpression } from 'ts-morph';
import { Node } from '../../ts-morph.js';
import { expandArguments } from '../../analysis/resolve.js';
import { unwrap } from '../../analysis/syntax.js';
import { callContexts, frameworkServer, fromDefinition, markAssumed, methodCalls, registeredOn, writesKeys, type RegistrationAdapter } from '../adapter.js';
import type { Discovery } from '../tool-facts.js';

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
      if (written.length !== 2) continue;
      const server = frameworkServer(call, receiver, MCP_LITE, ctx, (c) => writesKeys(c, 1, ['handler']));
      if (!server) continue;
      const from = found.tools.length;
      for (const context of callContexts(call, written, ctx, found)) {
        const [name, definition] = expandArguments(written, context.bindings);
        const tool = fromDefinition('mcp-lite tool', definition!, { name: 'name', annotations: 'annotations', handler: ['handler'] }, context, ctx.resolver, { nameArg: name! });
        found.tools.push(registeredOn(tool, firstOfChain(call), context, call));
      }
      markAssumed(found, from, server, receiver);
    }
    return found;
  },
};

/** The first call of a chain `mcp.tool(...).tool(...)`, whose receiver is the server every link registers on. */
function firstOfChain(call: CallExpression): CallExpression {
  let first = call;
  for (;;) {
    const callee = unwrap(first.getExpression());
    const inner = Node.isPropertyAccessExpression(callee) ? unwrap(callee.getExpression()) : undefined;
    const innerCallee = inner && Node.isCallExpression(inner) ? unwrap(inner.getExpression()) : undefined;
    if (!inner || !Node.isCallExpression(inner) || !innerCallee || !Node.isPropertyAccessExpression(innerCallee) || innerCallee.getName() !== 'tool') return first;
    first = inner;
  }
}

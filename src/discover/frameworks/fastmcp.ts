import { expandArguments } from '../../analysis/resolve.js';
import { callContexts, fromDefinition, methodCalls, receiverFrom, registeredOn, toolElements, type DefinitionKeys, type RegistrationAdapter } from '../adapter.js';
import type { Discovery } from '../registrations.js';

/** `fastmcp` and `fastmcp/edge` (`EdgeFastMCP`). */
const FASTMCP = /^fastmcp(\/|$)/;

const KEYS: DefinitionKeys = { name: 'name', annotations: 'annotations', handler: ['execute'] };

/**
 * fastmcp (package `fastmcp`, also `fastmcp/edge`): `server.addTool({ name, description,
 * parameters, annotations, execute })` and `server.addTools([tool, ...])` on `new FastMCP(...)`.
 * The name, annotations and handler are the tool object's `name`, `annotations` and `execute`;
 * fastmcp's own `streamingHint` sits in `annotations` beside the spec's hints.
 * Docs: https://github.com/punkpeye/fastmcp#tool-annotations
 */
export const fastmcp: RegistrationAdapter = {
  id: 'fastmcp',
  mayRegister: (text) => text.includes('addTool'),
  discover(sf, ctx) {
    const found: Discovery = { tools: [], unresolved: [] };
    for (const { call, method, receiver } of methodCalls(sf, new Set(['addTool', 'addTools']))) {
      const written = call.getArguments();
      if (written.length !== 1 || !receiverFrom(receiver, FASTMCP, ctx.resolver)) continue;
      for (const context of callContexts(call, written, ctx, found)) {
        const [arg] = expandArguments(written, context.bindings);
        if (method === 'addTool') {
          found.tools.push(registeredOn(fromDefinition('fastmcp addTool', arg!, KEYS, context, ctx.resolver), call, context));
          continue;
        }
        for (const element of toolElements(arg!, 'this addTools() call', ctx, found)) found.tools.push(registeredOn(fromDefinition('fastmcp addTools', element, KEYS, context, ctx.resolver), call, context, element.node));
      }
    }
    return found;
  },
};

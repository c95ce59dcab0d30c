import type { CallExpression } from 'ts-morph';
import { expandArguments } from '../../analysis/resolve.js';
import { unwrap } from '../../analysis/syntax.js';
import { Node } from '../../ts-morph.js';
import { callContexts, frameworkServer, fromDefinition, markAssumed, methodCalls, registeredOn, toolElements, writesKeys, type DefinitionKeys, type RegistrationAdapter } from '../adapter.js';
import type { Discovery } from '../tool-facts.js';

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
      if (written.length !== 1) continue;
      const server = frameworkServer(call, receiver, FASTMCP, ctx, hasShape);
      if (!server) continue;
      const from = found.tools.length;
      for (const context of callContexts(call, written, ctx, found)) {
        const [arg] = expandArguments(written, context.bindings);
        if (method === 'addTool') {
          found.tools.push(registeredOn(fromDefinition('fastmcp addTool', arg!, KEYS, context, ctx.resolver), call, context));
          continue;
        }
        for (const element of toolElements(arg!, 'this addTools() call', ctx, found)) found.tools.push(registeredOn(fromDefinition('fastmcp addTools', element, KEYS, context, ctx.resolver), call, context, element.node));
      }
      markAssumed(found, from, server, receiver);
    }
    return found;
  },
};

/** A fastmcp registration as written: `addTool({ name, ..., execute })`, `addTools([...])`. */
function hasShape(call: CallExpression): boolean {
  const first = call.getArguments()[0];
  return writesKeys(call, 0, [KEYS.name, ...KEYS.handler]) || (first !== undefined && Node.isArrayLiteralExpression(unwrap(first)));
}

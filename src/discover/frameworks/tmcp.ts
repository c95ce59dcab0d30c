import type { Node } from 'ts-morph';
import { expandArguments, type Resolver } from '../../analysis/resolve.js';
import { callContexts, factoryCall, frameworkServer, fromDefinition, isExportOf, markAssumed, methodCalls, registeredOn, toolElements, writesKeys, type DefinitionKeys, type RegistrationAdapter } from '../adapter.js';
import type { RegistrationContext } from '../contexts.js';
import type { Arg, DiscoveredTool, Discovery } from '../tool-facts.js';

/** `tmcp` (the server) and its subpaths (`tmcp/tool`: `defineTool`). */
const TMCP = /^tmcp(\/|$)/;

/** The options object: `name` and `annotations`; a built tool (`defineTool`'s result) keeps its handler in `execute`. */
const KEYS: DefinitionKeys = { name: 'name', annotations: 'annotations', handler: ['execute'] };

/**
 * tmcp (package `tmcp`): `server.tool({ name, description, schema, annotations }, handler)` on
 * `new McpServer(...)` from "tmcp", or a tool built with `defineTool(options, handler)` from
 * "tmcp/tool" (which returns `{ ...options, execute: handler }`) and registered with
 * `server.tool(built)` or `server.tools([built, ...])`. A `defineTool` result never registered is
 * not a tool. Docs: https://github.com/paoloricciuti/tmcp/tree/main/packages/tmcp#readme
 */
export const tmcp: RegistrationAdapter = {
  id: 'tmcp',
  mayRegister: (text) => /\.\s*tools?\s*\(/.test(text),
  discover(sf, ctx) {
    const found: Discovery = { tools: [], unresolved: [] };
    for (const { call, method, receiver } of methodCalls(sf, new Set(['tool', 'tools']))) {
      const written = call.getArguments();
      const arity = method === 'tool' ? written.length === 1 || written.length === 2 : written.length === 1;
      if (!arity) continue;
      const server = frameworkServer(call, receiver, TMCP, ctx, (c) => writesKeys(c, 0, [KEYS.name]));
      if (!server) continue;
      const from = found.tools.length;
      for (const context of callContexts(call, written.slice(0, 1), ctx, found)) {
        const [first, handler] = expandArguments(written, context.bindings);
        if (method === 'tools') {
          for (const element of toolElements(first!, 'this tools() call', ctx, found)) found.tools.push(registeredOn(fromBuilt('tmcp tools', element, context, ctx.resolver), call, context, element.node));
        } else if (handler) {
          found.tools.push(registeredOn(fromDefinition('tmcp tool', first!, KEYS, context, ctx.resolver, { handlerArg: handler }), call, context));
        } else {
          found.tools.push(registeredOn(fromBuilt('tmcp tool', first!, context, ctx.resolver), call, context));
        }
      }
      markAssumed(found, from, server, receiver);
    }
    return found;
  },
};

/** A built tool: a `defineTool(options, handler)` call (followed through consts and imports), else an object with `execute`. */
function fromBuilt(registration: string, built: Arg, context: RegistrationContext, resolver: Resolver): DiscoveredTool {
  const defined = factoryCall(built, (callee) => isExportOf(callee, TMCP, ['defineTool'], resolver));
  if (!defined) return fromDefinition(registration, built, KEYS, context, resolver);
  const [options, handler] = defined.call.getArguments();
  const arg = (node: Node): Arg => ({ node, bindings: defined.bindings });
  return fromDefinition(registration, arg(options ?? defined.call), KEYS, context, resolver, handler ? { handlerArg: arg(handler) } : {});
}

import { Node } from '../../ts-morph.js';
import { expandArguments, isFunctionNode, type FunctionNode } from '../../analysis/resolve.js';
import type { UnresolvedItem } from '../../model.js';
import { callContexts, callsTo, handlersOf, isExportOf, methodCalls, registeredOn, type RegistrationAdapter } from '../adapter.js';
import { discovered, readAnnotations, toolArgRoles, type Discovery } from '../registrations.js';

/** `@vercel/mcp-adapter` 1.x, and the `mcp-handler` 1.x it re-exports (both hand the callback an SDK v1 `McpServer`). */
const MCP_ADAPTER = /^(@vercel\/mcp-adapter|mcp-handler)$/;

/**
 * @vercel/mcp-adapter (package `@vercel/mcp-adapter`, = `mcp-handler` 1.x):
 * `createMcpHandler(async (server) => { server.tool(name, description?, shape?, annotations?, cb) }, serverOptions?, config?)`.
 * The callback receives an SDK v1 `McpServer`, so its deprecated variadic `tool()` is read with
 * the SDK's own overload logic; its `registerTool()` calls are the SDK adapter's. In a project
 * that imports the SDK itself, the SDK adapter reads these `tool()` calls too, so this one stays
 * out. Docs: https://github.com/vercel/mcp-adapter (API: https://unpkg.com/mcp-handler@1.1.0/README.md)
 */
export const vercelMcpAdapter: RegistrationAdapter = {
  id: 'vercel-mcp-adapter',
  mayRegister: (text) => text.includes('createMcpHandler'),
  discover(sf, ctx) {
    const found: Discovery = { tools: [], unresolved: [] };
    if (ctx.projectUsesSdk) return found;
    // The callbacks given to createMcpHandler in this file, inline or by name.
    const initializers = new Set<FunctionNode>();
    for (const call of callsTo(sf, new Set(['createMcpHandler']))) {
      const first = call.getArguments()[0];
      if (!first || !isExportOf(call.getExpression(), MCP_ADAPTER, ['createMcpHandler'], ctx.resolver)) continue;
      const target = ctx.resolver.resolve(first);
      if (target.kind === 'function') initializers.add(target.node);
    }
    for (const { call, receiver } of methodCalls(sf, new Set(['tool']))) {
      const param = Node.isIdentifier(receiver) ? receiver.getSymbol()?.getDeclarations()[0] : undefined;
      const fn = param?.getParent();
      if (!param || !Node.isParameterDeclaration(param) || !fn || !isFunctionNode(fn) || fn.getParameters()[0] !== param || !initializers.has(fn)) continue;
      const written = call.getArguments();
      if (written.length < 2 || written.length > 6) continue;
      for (const context of callContexts(call, written.slice(0, -1), ctx, found)) {
        const [name, ...rest] = expandArguments(written, context.bindings);
        const roles = toolArgRoles(rest, ctx.resolver);
        const annotationsArg = rest[roles.indexOf('annotations')];
        const unresolved: UnresolvedItem[] = [];
        const handlers = handlersOf(rest[roles.indexOf('callback')]!, ctx.resolver, unresolved);
        const tool = discovered('mcp-handler tool', name!, annotationsArg ? readAnnotations(annotationsArg, ctx.resolver) : null, handlers, context, ctx.resolver, unresolved);
        found.tools.push(registeredOn(tool, call, context));
      }
    }
    return found;
  },
};

import { Node } from '../../ts-morph.js';
import { Bindings } from '../../analysis/bindings.js';
import { evaluateObject } from '../../analysis/evaluate.js';
import { locationOf } from '../../analysis/location.js';
import { shorten } from '../../analysis/syntax.js';
import { annotationsAt, factoryCall, handlersOf, instancesOf, isExportOf, namedTool, propertyOf, valueOfProperty, type RegistrationAdapter } from '../adapter.js';
import type { Arg, Discovery } from '../tool-facts.js';
import type { UnresolvedItem } from '../../model.js';

/** `@mastra/mcp` (the server). */
const MASTRA_MCP = /^@mastra\/mcp(\/|$)/;
/** `@mastra/core/tools` and, in older releases, `@mastra/core` (`createTool`). */
const MASTRA_CORE = /^@mastra\/core(\/tools)?$/;

/**
 * Mastra (package `@mastra/mcp`, tools from `@mastra/core/tools`): no call per tool, but
 * `new MCPServer({ tools: { <key>: createTool({ id, inputSchema, mcp: { annotations }, execute }) } })`.
 * The tool name is the record key (a shorthand `{ weatherTool }` gives "weatherTool"), never
 * createTool's `id`; the annotations are `mcp.annotations`; the handler is `execute`.
 * Docs: https://mastra.ai/reference/tools/mcp-server
 */
export const mastra: RegistrationAdapter = {
  id: 'mastra',
  mayRegister: (text) => text.includes('MCPServer'),
  discover(sf, ctx) {
    const found: Discovery = { tools: [], unresolved: [] };
    for (const server of instancesOf(sf, new Set(['MCPServer']))) {
      if (!isExportOf(server.getExpression(), MASTRA_MCP, ['MCPServer'], ctx.resolver)) continue;
      const config = server.getArguments()[0];
      const tools = config && propertyOf({ node: config, bindings: Bindings.EMPTY }, 'tools', ctx.resolver);
      if (!tools) continue;
      const record = evaluateObject(tools.node, ctx.resolver, 0, new Set(), tools.bindings);
      for (const u of record.unresolved) found.unresolved.push({ location: locationOf(u.node), reason: `a tool of this MCPServer cannot be listed: ${u.reason}` });
      for (const [key, entry] of record.properties) {
        const value = valueOfProperty(entry);
        const at = Node.isPropertyAssignment(entry.node) || Node.isShorthandPropertyAssignment(entry.node) ? entry.node.getNameNode() : entry.node;
        // createTool(options) returns the options' tool; a plain object in the record is read as it is.
        const created = factoryCall(value, (callee) => isExportOf(callee, MASTRA_CORE, ['createTool'], ctx.resolver));
        const options = created?.call.getArguments()[0];
        const definition: Arg = created && options ? { node: options, bindings: created.bindings } : value;
        const unresolved: UnresolvedItem[] = [];
        const execute = propertyOf(definition, 'execute', ctx.resolver);
        if (!execute) unresolved.push({ expression: shorten(value.node.getText()), reason: 'the tool has no `execute` the linter can find', location: locationOf(value.node), via: [] });
        const handlers = execute ? handlersOf(execute, ctx.resolver, unresolved) : [];
        const tool = namedTool('mastra MCPServer tools', key, at, annotationsAt(definition, 'mcp.annotations', ctx.resolver), handlers, unresolved);
        // One server per `new MCPServer(...)`: a key used twice in one record is impossible, across servers it is no duplicate.
        tool.server = () => `${sf.getFilePath()}:${server.getPos()}`;
        tool.site = entry.node;
        found.tools.push(tool);
      }
    }
    return found;
  },
};

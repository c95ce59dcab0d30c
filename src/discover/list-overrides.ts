import type { DiscoveredTool } from './tool-facts.js';

/**
 * Merges the tools an `McpServer` registers with those a `tools/list` handler set on its inner
 * server lists (`mcp.server.setRequestHandler(ListToolsRequestSchema, ...)`), one tool per name:
 * that handler replaces the list McpServer would build, so the listed object is what clients see
 * (its annotations, or none), while the registration's callback is what runs on `tools/call`
 * unless the project overrides that handler too. Registrations the handler does not visibly list
 * are kept as they are (it may list them through code the linter cannot read). Returns the tools
 * without the registrations merged away.
 */
export function mergeListOverrides(tools: DiscoveredTool[]): DiscoveredTool[] {
  const listed = new Map<string, DiscoveredTool>();
  for (const tool of tools) {
    if (!tool.overridesListOf || tool.facts.name === null) continue;
    const key = `${tool.overridesListOf()}\0${tool.facts.name}`;
    if (!listed.has(key)) listed.set(key, tool);
  }
  if (listed.size === 0) return tools;
  return tools.filter((tool) => {
    if (tool.overridesListOf || tool.facts.name === null || !tool.server) return true;
    const over = listed.get(`${tool.server()}\0${tool.facts.name}`);
    if (!over) return true;
    if (over.handlers.length === 0) {
      // No tools/call handler of its own: McpServer's calls the registered callback.
      over.handlers.push(...tool.handlers);
      over.facts.handler = tool.facts.handler;
      over.facts.unresolved = [...over.facts.unresolved.filter((u) => u.expression !== 'tools/call'), ...tool.facts.unresolved.filter((u) => !u.reason.startsWith('the tool name'))];
    }
    over.facts.registration = `tools/list over ${tool.facts.registration}`;
    return false;
  });
}

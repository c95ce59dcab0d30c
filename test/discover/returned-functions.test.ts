import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintFiles } from '../helpers.js';

/** A generated client's layout: tool definitions in their own files, a factory that returns the register function. */
const TYPES = `export interface Client { base: string }
export type ToolDefinition = { name: string; args?: Record<string, unknown>; tool: (client: Client, args?: unknown) => Promise<unknown> };
`;

const FACTORY = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Client, ToolDefinition } from "./tools.js";
export function makeRegister(server: McpServer, client: Client, allowed?: Set<string>): (def: ToolDefinition) => void {
  return (def: ToolDefinition): void => {
    if (allowed && !allowed.has(def.name)) return;
    if (def.args) {
      server.tool(def.name, "d", def.args, async (args) => { await def.tool(client, args); return { content: [] }; });
    } else {
      server.tool(def.name, async () => { await def.tool(client); return { content: [] }; });
    }
  };
}
`;

const DEFS = {
  'src/defs/list.ts': `import { z } from "zod";\nimport type { ToolDefinition } from "../tools.js";\nconst args = { limit: z.number() };\nexport const listThings: ToolDefinition = { name: "list_things", args, tool: async (c) => fetch(c.base) };\n`,
  'src/defs/drop.ts': `import type { ToolDefinition } from "../tools.js";\nexport const dropThings: ToolDefinition = { name: "drop_things", tool: async (c) => fetch(c.base, { method: "DELETE" }) };\n`,
};

describe('a register function returned by a factory', () => {
  it('is called where the factory call is kept (`const register = makeRegister(server)`), once per tool, the branch its definition takes', async () => {
    const result = await lintFiles({
      'src/tools.ts': TYPES,
      'src/register.ts': FACTORY,
      ...DEFS,
      'src/server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { makeRegister } from "./register.js";
import { listThings } from "./defs/list.js";
import { dropThings } from "./defs/drop.js";
export function createServer(names?: Set<string>) {
  const server = new McpServer({ name: "t", version: "1" });
  const register = makeRegister(server, { base: "https://example.com" }, names);
  register(listThings);
  register(dropThings);
  return server;
}
`,
    });
    // `def.tool(client)` calls the definition's own member: no registration.
    expect(result.tools.map((t) => `${t.name} ${path.basename(t.location.file)}:${t.location.line}`)).toEqual(['list_things server.ts:8', 'drop_things server.ts:9']);
    expect(result.tools.map((t) => t.effects?.effects.map((e) => e.sink))).toEqual([['fetch GET'], ['fetch DELETE']]);
    expect(result.unresolvedRegistrations).toEqual([]);
  });

  it('is called on the factory call itself (`registerWith(server)(def)`)', async () => {
    const result = await lintFiles({
      'src/tools.ts': TYPES,
      ...DEFS,
      'src/register.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDefinition } from "./tools.js";
export const registerWith = (server: McpServer) => (def: ToolDefinition) => server.tool(def.name, async () => { await def.tool({ base: "" }); return { content: [] }; });
`,
      'src/server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerWith } from "./register.js";
import { listThings } from "./defs/list.js";
import { dropThings } from "./defs/drop.js";
const server = new McpServer({ name: "t", version: "1" });
registerWith(server)(listThings);
registerWith(server)(dropThings);
`,
    });
    expect(result.tools.map((t) => `${t.displayName} ${path.basename(t.location.file)}:${t.location.line}`)).toEqual(['list_things server.ts:6', 'drop_things server.ts:7']);
    expect(result.unresolvedRegistrations).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Issue 15: a create under a key the caller chooses is idempotent (corpus README, "What the labels
 * mean": "create with a unique name twice"). Shaped like feature-flag and API-registry tools: the
 * tool is named for creating, its input schema requires a `key` or an `identifier` (at the top,
 * or in a required nested object of a generated SDK's request), and it POSTs to the service.
 */

const POST = `export async function post(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(\`https://api.example.com/\${path}\`, { method: "POST", body: JSON.stringify(body) });
  return res.json();
}
`;

/** `idempotent | description` of each effect of tool `name`, and its inferred idempotentHint. */
async function judged(files: Record<string, string>, name: string): Promise<{ idempotent: boolean | null | undefined; effects: string[] }> {
  const t = tool(await lintFiles({ 'api.ts': POST, ...files }), name);
  return { idempotent: t.inferred?.idempotent, effects: (t.effects?.effects ?? []).map((e) => `${e.idempotent} | ${e.description}`) };
}

const registered = (name: string, shape: string): string => `${SERVER_HEADER}import { post } from "./api.js";
server.registerTool("${name}", { description: "d", inputSchema: ${shape} }, async (args) => {
  await post("projects/1/flags", args);
  return { content: [] };
});
`;

describe('creates under a key the caller chooses', () => {
  it('takes a create whose raw shape requires a `key` as idempotent, naming the key', async () => {
    expect(await judged({ 'server.ts': registered('create-feature-flag', '{ key: z.string(), name: z.string(), tags: z.array(z.string()).optional() }') }, 'create-feature-flag')).toEqual({
      idempotent: true,
      effects: ['true | makes an HTTP request (POST to …/1/flags: neither its path nor its body names the operation, so a likely write), keyed by the caller\'s `key` (a repeat with the same one is refused and adds nothing)'],
    });
  });

  it('reads the schema of a tool definition object a wrapper registers (`inputSchema: tool.schema.shape`, the definition spread into another object), after a vendor prefix in the name (`acme0_create_api`)', async () => {
    const server = `${SERVER_HEADER}import { post } from "./api.js";
import { CreateSchema } from "./schemas.js";
interface Def { name: string; schema: z.ZodObject<z.ZodRawShape>; handler: (p: unknown) => Promise<void> }
const defs: Def[] = [{ name: "acme0_create_api", schema: CreateSchema, handler: async (p) => { await post("apis", p); } }];
function register(def: Def) {
  server.registerTool(def.name, { description: "d", inputSchema: def.schema.shape }, async (params) => { await def.handler(params); return { content: [] }; });
}
for (const def of defs.map((base) => ({ ...base, title: "T" }))) register(def);
`;
    const schemas = `import { z } from "zod";\nexport const CreateSchema = z.object({ name: z.string(), identifier: z.string().describe("unique") }).strict();\n`;
    expect((await judged({ 'server.ts': server, 'schemas.ts': schemas }, 'acme0_create_api')).idempotent).toBe(true);
  });

  it('reads a key in a required nested object of a generated request schema, through a namespace import and a transform', async () => {
    const components = `import { z } from "zod";\nexport const FlagBody$inboundSchema = z.object({ name: z.string(), key: z.string(), temporary: z.boolean().optional() });\n`;
    const operations = `import { z } from "zod";\nimport * as components from "./components.js";
export const PostFlagRequest$inboundSchema = z.object({ projectKey: z.string(), FlagBody: components.FlagBody$inboundSchema }).transform((v) => ({ projectKey: v.projectKey, flagBody: v.FlagBody }));\n`;
    const server = `${SERVER_HEADER}import { post } from "./api.js";
import * as operations from "./operations.js";
const args = { request: operations.PostFlagRequest$inboundSchema };
server.tool("create-flag", "d", args, async (a) => { await post("flags", a.request); return { content: [] }; });
`;
    expect((await judged({ 'server.ts': server, 'components.ts': components, 'operations.ts': operations }, 'create-flag')).idempotent).toBe(true);
  });

  it('reads a JSON Schema listed by a low-level server: `identifier` among `required`', async () => {
    const server = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { post } from "./api.js";
const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
const TOOLS = [
  { name: "create_resource_server", description: "d", inputSchema: { type: "object", properties: { name: { type: "string" }, identifier: { type: "string", description: "Unique identifier" } }, required: ["name", "identifier"] } },
];
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  await post("resource-servers", request.params.arguments);
  return { content: [] };
});
`;
    expect((await judged({ 'server.ts': server }, 'create_resource_server')).idempotent).toBe(true);
  });

  it('takes a required argument its schema describes as unique for the key (a table name unique in its base)', async () => {
    const shape = '{ ...{ baseId: z.string() }, name: z.string().describe("Name for the new table. Must be unique in the base."), description: z.string().optional() }';
    expect((await judged({ 'server.ts': registered('create_table', shape) }, 'create_table')).effects).toEqual([
      'true | makes an HTTP request (POST to …/1/flags: neither its path nor its body names the operation, so a likely write), keyed by the caller\'s `name` (a repeat with the same one is refused and adds nothing)',
    ]);
  });

  it('reads the fields a raw shape spreads from a shared one', async () => {
    const server = registered('create-flag', '{ ...keyed, name: z.string() }').replace('import { post } from "./api.js";', 'import { post } from "./api.js";\nconst keyed = { key: z.string() };');
    expect((await judged({ 'server.ts': server }, 'create-flag')).idempotent).toBe(true);
  });
});

describe('creates that a repeat makes again', () => {
  it('keeps a create whose unique argument is optional not idempotent (the service then picks a name)', async () => {
    const shape = '{ actorId: z.string(), name: z.string().optional().describe("Name of the task, unique within the account") }';
    expect((await judged({ 'server.ts': registered('create-actor-task', shape) }, 'create-actor-task')).idempotent).toBe(false);
  });

  it('keeps a create whose key is optional, or that requires only a `name`, not idempotent', async () => {
    expect((await judged({ 'server.ts': registered('create-flag', '{ key: z.string().optional(), name: z.string() }') }, 'create-flag')).idempotent).toBe(false);
    expect((await judged({ 'server.ts': registered('create-dashboard', '{ name: z.string() }') }, 'create-dashboard')).idempotent).toBe(false);
  });

  it('keeps a tool not named for creating as it is, whatever its schema requires', async () => {
    expect((await judged({ 'server.ts': registered('send-event', '{ key: z.string() }') }, 'send-event')).idempotent).toBe(false);
  });

  it('leaves a JSON Schema property left out of `required`, and the keywords of a property schema, out of the required names', async () => {
    expect((await judged({ 'server.ts': registered('create-item', '{ type: "object", properties: { key: { type: "string" }, type: { type: "string" } }, required: ["type"] }') }, 'create-item')).idempotent).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Clients of a service that a package the catalog does not know makes (issue 15; corpus README:
 * openWorld is true for third-party SaaS and cloud APIs). Shaped like real servers: an identity
 * provider's `new ManagementClient({ domain, token })`, a cloud database vendor's
 * `createNeonClient({ apiKey })` whose generated functions take the client as an option, and a
 * work-management SDK held in a field typed `ApiClient`. Their methods reach the vendor's service,
 * so `openWorldHint: false` is reported; the evidence is names, so as a warning.
 */

async function lintTool(prelude: string, body: string, annotations = '{ readOnlyHint: true, openWorldHint: false }') {
  const source = `${SERVER_HEADER}${prelude}\nserver.registerTool("t", { description: "d", annotations: ${annotations} }, async () => {\n${body}\n  return { content: [] };\n});\n`;
  const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
  const t = tool(result, 't');
  return { t, findings: result.findings.filter((f) => f.tool === 't').map((f) => `${f.ruleId}:${f.severity}`) };
}

describe('service clients of packages', () => {
  it('a method of a client made with new reaches the service: open world, a warning', async () => {
    const { t, findings } = await lintTool(
      'import { ManagementClient } from "idp-sdk";\nconst client = new ManagementClient({ domain: "x.example.com", token: process.env.TOKEN });',
      'await client.clients.getAll();',
    );
    expect(t.inferred).toMatchObject({ readOnly: true, openWorld: true });
    expect(t.effects?.effects.map((e) => e.description)).toEqual([
      'calls `client.clients.getAll` (via a client of the package `idp-sdk`, which reaches its service), which by its name (`get`) reads data',
    ]);
    expect(findings).toEqual(['optimistic-closed-world:warning']);
  });

  it('a method a factory-made client has, with no verb in its name, reaches the service with an unknown effect', async () => {
    const { t } = await lintTool('import { createCloudClient } from "@cloud/sdk";\nconst api = createCloudClient({ apiKey: "k" });', 'await api.actions.trigger({ id: "1" });');
    expect(t.inferred).toMatchObject({ readOnly: null, openWorld: true });
    expect(t.effects?.effects.map((e) => `${e.access}:${e.confidence}`)).toEqual(['unknown:likely']);
  });

  it('a sub-resource picked on the way to a method (`client.run(id).log().get()`) is no request of its own', async () => {
    const { t } = await lintTool('import { ApifyClient } from "actor-cloud";\nconst client = new ApifyClient({ token: "t" });', 'await client.run("r").log().get();');
    expect(t.effects?.effects.map((e) => e.sink)).toEqual(['actor-cloud ApifyClient.new().run().log().get']);
    expect(t.effects?.unresolved).toEqual([]);
    expect(t.inferred).toMatchObject({ readOnly: true, openWorld: true });
  });

  it('a resource picked by a name that is also a verb (`client.schedule(id).delete()`) is no request of its own; `.promise()` and `.then()` leave the call the request', async () => {
    const { t } = await lintTool(
      'import { ApifyClient } from "actor-cloud";\nconst client = new ApifyClient({ token: "t" });',
      'await client.schedule("s").delete(); await client.task("t").update({ name: "n" }); await client.deleteObject({ key: "k" }).promise(); await client.publish({ id: "p" }).then(String);',
    );
    expect(t.effects?.effects.map((e) => `${e.sink} ${e.access} d=${e.destructive}`)).toEqual([
      'actor-cloud ApifyClient.new().schedule().delete write d=true',
      'actor-cloud ApifyClient.new().task().update write d=true',
      'actor-cloud ApifyClient.new().deleteObject write d=true',
      'actor-cloud ApifyClient.new().publish write d=false',
    ]);
  });

  it('a method named for no operation takes the verb of the thin function that wraps it; a page of a list call is no request of its own', async () => {
    const { t } = await lintTool(
      `import { createCloudClient } from "@cloud/sdk";
const api = createCloudClient({ apiKey: "k" });
const wrappers = {
  async getCurrentUser() { return { user: await api.user.me() }; },
  async listProjects(cursor?: string) { return api.projects.list({}).page(cursor); },
  async triggerAndLog(id: string) { const r = await api.actions.trigger({ id }); await api.audit.note(id); return r; },
};`,
      'await wrappers.getCurrentUser(); await wrappers.listProjects(); await wrappers.triggerAndLog("1");',
    );
    expect(t.effects?.effects.map((e) => `${e.sink} ${e.access}`)).toEqual(['@cloud/sdk createCloudClient().user.me read', '@cloud/sdk createCloudClient().projects.list read', '@cloud/sdk createCloudClient().actions.trigger unknown', '@cloud/sdk createCloudClient().audit.note unknown']);
    expect(t.effects?.effects[0]!.description).toBe(
      'calls `api.user.me` (via a client of the package `@cloud/sdk`, which reaches its service), which by the name of the function that wraps it (`getCurrentUser`: `get`) reads data',
    );
  });

  it('making a client named `...Api` changes nothing; its methods reach the service, and a string method of its property reads', async () => {
    const { t } = await lintTool(
      'import { WebApi } from "devops-node-api";\ndeclare const handler: unknown;',
      'const connection = new WebApi("https://dev.example.com/org", handler);\nconst org = connection.serverUrl.split("/").pop();\nconst core = await connection.getCoreApi();\nawait core.getProjects(org);',
    );
    expect(t.effects?.unresolved.map((u) => u.reason)).toEqual([]);
    expect(t.effects?.effects.map((e) => `${e.sink} ${e.access}`)).toEqual(['devops-node-api WebApi.new().getCoreApi read', 'devops-node-api WebApi.new().getCoreApi().getProjects read']);
  });

  it('a generated function handed a client in its options reaches the service', async () => {
    const { t } = await lintTool(
      'import { createCloudClient, raw } from "@cloud/sdk";\nconst sdk = createCloudClient({ apiKey: "k" });',
      'await raw.createProjectBranch({ client: sdk.client, path: { id: "p" } });',
      '{ openWorldHint: false }',
    );
    expect(t.inferred).toMatchObject({ readOnly: false, openWorld: true });
  });

  it('a field or getter typed with a client class of a package reaches the service, also through `request`', async () => {
    const source = `${SERVER_HEADER}import { ApiClient } from "@work/api";
class Tool {
  constructor(private readonly provider: ApiClient | (() => ApiClient)) {}
  protected get api(): ApiClient { return typeof this.provider === "function" ? this.provider() : this.provider; }
  async run() { return this.api.request("query { boards { id } }"); }
}
export function register(provider: ApiClient) {
  const tool = new Tool(provider);
  server.registerTool("t", { description: "d", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => {
    await tool.run();
    return { content: [] };
  });
}
`;
    const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
    expect(tool(result, 't').inferred).toMatchObject({ readOnly: true, openWorld: true });
    expect(tool(result, 't').effects?.effects.map((e) => e.description)).toEqual([
      'sends a request through `this.api.request` (via a client of the package `@work/api`, which reaches its service): a read (a GraphQL query)',
    ]);
  });

  it('a client destructured from a callback parameter typed by context reaches the service, even through a method a string also has (search)', async () => {
    const source = `${SERVER_HEADER}import type { RestClient } from "@vendor/rest-api-client";
type Options = { client: RestClient };
type Callback = (input: { query: string }, options: Options) => Promise<unknown>;
const callback: Callback = async (input, { client }) => client.search({ query: input.query });
declare const options: Options;
server.registerTool("t", { description: "d", annotations: { readOnlyHint: true, openWorldHint: false } }, async (args: { query: string }) => {
  await callback(args, options);
  return { content: [] };
});
`;
    const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
    expect(tool(result, 't').inferred).toMatchObject({ readOnly: true, openWorld: true });
    expect(tool(result, 't').effects?.effects.map((e) => e.description)).toEqual([
      'calls `client.search` (via a client of the package `@vendor/rest-api-client`, which reaches its service), which by its name (`search`) reads data',
    ]);
  });

  it('a client class of a namespace export, or made by its static factory, reaches the service', async () => {
    for (const prelude of [
      'import * as chat from "@chat/bot-sdk";\nconst client = new chat.messaging.MessagingApiClient({ channelAccessToken: "t" });',
      'import { messaging } from "@chat/bot-sdk";\nconst client = new messaging.MessagingApiClient({ channelAccessToken: "t" });',
      'import { BotClient } from "@chat/bot-sdk";\nconst client = BotClient.fromChannelAccessToken({ channelAccessToken: "t" });',
    ]) {
      const { t, findings } = await lintTool(prelude, 'await client.getProfile("u");');
      expect(t.inferred, prelude).toMatchObject({ readOnly: true, openWorld: true });
      expect(findings, prelude).toContain('optimistic-closed-world:warning');
    }
  });

  it('a client handed to a constructor parameter typed by its class reaches the service; a broadcast adds, never reads', async () => {
    const source = `${SERVER_HEADER}import * as chat from "@chat/bot-sdk";
import { BotClient } from "@chat/bot-sdk";
class Broadcast {
  private client: BotClient;
  constructor(client: BotClient) { this.client = client; }
  register() {
    server.registerTool("t", { description: "d", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => {
      await this.client.broadcast({ messages: [{ type: "text", text: "hi" }] });
      return { content: [] };
    });
  }
}
new Broadcast(chat.BotClient.fromChannelAccessToken({ channelAccessToken: "t" })).register();
`;
    const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
    expect(tool(result, 't').inferred).toMatchObject({ readOnly: false, destructive: false, idempotent: false, openWorld: true });
  });

  it('a lower-case function of a namespace called twice over is no client, nor a class with no client name', async () => {
    for (const prelude of [
      'import * as lib from "doc-lib";\nconst client = lib.parse.fromText("x");',
      'import { Document } from "doc-lib";\nconst client = Document.fromText("x");',
    ]) {
      const { t } = await lintTool(prelude, 'await client.getItems();');
      expect(t.inferred.openWorld, prelude).not.toBe(true);
    }
  });

  it('keeps the MCP SDK client out: its calls talk to the session', async () => {
    const { t } = await lintTool('import { Client } from "@modelcontextprotocol/sdk/client/index.js";\ndeclare const mcp: Client;', 'await mcp.listTools();');
    expect(t.inferred.openWorld).not.toBe(true);
  });

  it('leaves calls of packages that make no client, database pools and the project own clients closed or unknown', async () => {
    for (const prelude of [
      'import { parseDocument } from "doc-lib";\nconst doc = parseDocument("x");',
      'import { createPool } from "some-db";\nconst doc = createPool({ host: "db" });',
      'import { ApiClient } from "./api-client.js";\nconst doc = new ApiClient();',
    ]) {
      const { t, findings } = await lintTool(prelude, 'await doc.getItems();');
      expect(t.inferred.openWorld, prelude).not.toBe(true);
      expect(findings, prelude).not.toContain('optimistic-closed-world:warning');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Making a client of a package the linter cannot see changes nothing (issue 15: an error must rest
 * on a real effect); what its methods do is judged where they are called. Written from a server
 * whose every tool was "adding records" because a shared step called `createSdkClient({ apiKey })`.
 */
async function effectsOf(body: string): Promise<string[]> {
  const server = `${SERVER_HEADER}import { createSdkClient, HttpClient } from "cloud-sdk";\nserver.registerTool("t", { description: "d" }, async () => {\n${body}\n  return { content: [] };\n});\n`;
  const result = await lintFiles({ 'server.ts': server }, ['server.ts']);
  const facts = tool(result, 't');
  return [...(facts.effects?.effects ?? []).map((e) => `${e.access}: ${e.description}`), ...(facts.effects?.unresolved ?? []).map((u) => `unresolved: ${u.expression}`)];
}

describe('client factories of unseen packages', () => {
  it('are no effect, and the methods called on the client are judged by their names', async () => {
    expect(await effectsOf('const api = createSdkClient({ apiKey: "k" });\nawait api.deleteProject("p");')).toEqual(['write: calls `api.deleteProject` (via a client of the package `cloud-sdk`, which reaches its service), which by its name (`delete`) deletes data']);
  });

  it('include constructors named like clients', async () => {
    expect(await effectsOf('const http = new HttpClient("https://x.example");\nawait http.listItems();')).toEqual(['read: calls `http.listItems` (via a client of the package `cloud-sdk`, which reaches its service), which by its name (`list`) reads data']);
  });

  it('do not include a client method that creates a record of a service', async () => {
    expect(await effectsOf('const api = createSdkClient({ apiKey: "k" });\nawait api.createConnection({ name: "n" });')).toEqual(['write: calls `api.createConnection` (via a client of the package `cloud-sdk`, which reaches its service), which by its name (`create`) adds records']);
  });
});

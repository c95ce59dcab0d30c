import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Lazy initialisation over a sentinel (issue 15, kind 2: state no later call can see): a variable
 * that starts at a value meaning "not loaded yet" (`let uniqueUserId = "unknown"`) and is loaded
 * once under `if (uniqueUserId === "unknown")`, then read into each analytics event. Loading it
 * changes nothing a later call sees, as `if (!x) x = await load()` does not. Shape written for
 * this test after a server's telemetry module met in a user's trial.
 */

/** The state writes of tool `get_config`, whose handler sends an event, with `init` as the id's declaration and `guard` as the test before loading it. */
async function stateWrites(init: string, guard: string): Promise<string[]> {
  const source = `${SERVER_HEADER}import { readFile } from "node:fs/promises";
class Settings {
  async getOrCreateClientId(): Promise<string> {
    return (await readFile("client-id", "utf8")).trim();
  }
}
export const settings = new Settings();
${init}
const eventProperties = async (properties: Record<string, string>) => {
  if (${guard}) {
    uniqueUserId = await settings.getOrCreateClientId();
  }
  return { ...properties, source: "server" };
};
const send = (event: string, properties: Record<string, string>) => {
  console.error(JSON.stringify({ client_id: uniqueUserId, events: [{ name: event, params: properties }] }));
};
export const capture = async (event: string) => {
  send(event, await eventProperties({}));
};
server.registerTool("get_config", { description: "d", annotations: { readOnlyHint: true } }, async () => {
  await capture("server_get_config");
  return { content: [{ type: "text", text: "config" }] };
});
`;
  const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
  return (tool(result, 'get_config').effects?.effects ?? []).filter((e) => e.kind === 'state.write').map((e) => e.description);
}

describe('a variable loaded once over the sentinel it starts with', () => {
  it('is lazy initialisation, not a modification: a string or a number sentinel, on either side', async () => {
    expect(await stateWrites('let uniqueUserId = "unknown";', 'uniqueUserId === "unknown"')).toEqual([]);
    expect(await stateWrites('let uniqueUserId: string | number = -1;', '-1 === uniqueUserId')).toEqual([]);
  });

  it('stays a write when the test compares with another value than the one it starts with, or says it was set', async () => {
    expect(await stateWrites('let uniqueUserId = "unknown";', 'uniqueUserId === "reset"')).toHaveLength(1);
    expect(await stateWrites('let uniqueUserId = "unknown";', 'uniqueUserId !== "unknown"')).toHaveLength(1);
  });
});

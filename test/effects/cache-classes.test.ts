import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A cache that is a class of the project (issue 15, kind 2): `this.cache.set("distinctId", id)`
 * with an id the server computes runs the class's `set`, which puts the value in a storage the
 * linter can only judge by name. Filling a store named as a cache with a computed value changes
 * nothing a later call sees, whatever its class does; storing what the caller gave still counts.
 * Shaped like a server whose every read tool was reported as "changing existing data" through
 * the analytics id it caches.
 */
const SERVER = `${SERVER_HEADER}
declare const storage: { put(key: string, value: unknown): Promise<void>; get(key: string): Promise<unknown> };
class StorageCache {
  async set(key: string, value: unknown) { await storage.put(key, value); }
  async get(key: string) { return storage.get(key); }
}
class Context {
  cache = new StorageCache();
  async distinctId(): Promise<string> {
    let id = (await this.cache.get("distinctId")) as string | undefined;
    if (!id) {
      id = crypto.randomUUID();
      await this.cache.set("distinctId", id);
    }
    return id;
  }
}
const context = new Context();
server.registerTool("whoami", { description: "d", annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: "text", text: await context.distinctId() }] }));
server.registerTool("switch_project", { description: "d", annotations: { readOnlyHint: true } }, async (args: { projectId: string }) => {
  await context.cache.set("projectId", args.projectId);
  return { content: [] };
});
`;

describe('caches that are classes of the project', () => {
  it('filled with a computed value: no effect', async () => {
    const result = await lintFiles({ 'server.ts': SERVER }, ['server.ts']);
    expect(tool(result, 'whoami').effects?.effects.filter((e) => e.access !== 'read')).toEqual([]);
    expect(result.findings.filter((f) => f.tool === 'whoami')).toEqual([]);
  });

  it('storing what the caller gave: a write', async () => {
    const result = await lintFiles({ 'server.ts': SERVER }, ['server.ts']);
    expect(tool(result, 'switch_project').inferred.readOnly).toBe(false);
    expect(result.findings.filter((f) => f.tool === 'switch_project').map((f) => `${f.ruleId} ${f.severity}`)).toEqual(['optimistic-read-only warning']);
  });
});

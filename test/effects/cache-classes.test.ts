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
    // It stores a selection (a key naming the current project): switching it replaces no data, and a repeat selects the same.
    expect(tool(result, 'switch_project').inferred).toMatchObject({ destructive: false, idempotent: true });
    expect(tool(result, 'switch_project').effects?.effects.filter((e) => e.access === 'write').map((e) => e.description)).toEqual([
      'calls `storage.put`, which stores the selected `projectId` (switching a selection replaces no data)',
    ]);
    expect(result.findings.filter((f) => f.tool === 'switch_project').map((f) => `${f.ruleId} ${f.severity}`)).toEqual(['optimistic-read-only warning']);
  });
});

/**
 * A cache helper that stores whatever it is given with an expiry (a Workers KV namespace, shaped
 * like a documentation server that caches fetched pages and robots.txt rules for hours): an entry
 * that expires is a cache whatever the value's origin, since no later call can rely on it; the
 * value is the second argument, not the options after it. The same store without an expiry, given
 * the caller's value, still counts.
 */
const KV_SERVER = `${SERVER_HEADER}
interface Env { CACHE_KV: { put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>; get(key: string): Promise<string | null> } }
declare const env: Env;
async function setInCache(key: string, value: unknown, ttl?: number): Promise<void> {
  const cacheTTL = ttl || 43200;
  await env.CACHE_KV.put(key, JSON.stringify(value), { expirationTtl: cacheTTL });
}
async function remember(key: string, value: string): Promise<void> {
  await env.CACHE_KV.put(key, value);
}
server.registerTool("fetch_page", { description: "d", annotations: { readOnlyHint: true } }, async (args: { url: string }) => {
  const text = await (await fetch(args.url)).text();
  await setInCache(args.url, text);
  return { content: [{ type: "text", text }] };
});
server.registerTool("remember", { description: "d", annotations: { readOnlyHint: true } }, async (args: { key: string; note: string }) => {
  await remember(args.key, args.note);
  return { content: [] };
});
`;

describe('cache entries stored with an expiry', () => {
  it('are no effect, whatever the value; a cache store without expiry given the caller\'s value still writes', async () => {
    const result = await lintFiles({ 'server.ts': KV_SERVER }, ['server.ts']);
    expect(tool(result, 'fetch_page').effects?.effects.filter((e) => e.access !== 'read')).toEqual([]);
    expect(tool(result, 'fetch_page').inferred.readOnly).toBe(true);
    expect(tool(result, 'remember').inferred.readOnly).toBe(false);
    expect(result.findings.filter((f) => f.tool === 'remember').map((f) => `${f.ruleId} ${f.severity}`)).toEqual(['optimistic-read-only warning']);
  });
});

import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A cache module (issue 15, kind 2): a module or class named as a cache keeps copies of what its
 * callers compute, in memory and in its own files; filling, flushing or evicting it changes nothing a
 * later call returns. Shaped after a code packer's token-count cache (entries keyed by a content
 * digest, a size cap, a file flushed after each run, a "seen" marker file) and an HTTP response
 * cache class; written for these tests. A tool that stores the user's values in a store it calls a
 * cache still writes.
 */
const TOKEN_CACHE = `import * as fs from "node:fs/promises";
import { createHash } from "node:crypto";
const MAX_ENTRIES = 1000;
let state = { entries: new Map<string, number>(), dirty: false, revision: 0 };
export const cacheKey = (text: string): string => createHash("md5").update(text).digest("hex");
export const getCached = (key: string): number | undefined => state.entries.get(key);
export const setCached = (key: string, count: number): void => {
  if (!state.entries.has(key) && state.entries.size >= MAX_ENTRIES) {
    const oldest = state.entries.keys().next().value;
    if (oldest !== undefined) state.entries.delete(oldest);
  }
  state.entries.set(key, count);
  state.dirty = true;
  state.revision += 1;
};
export async function saveCache(file: string): Promise<void> {
  if (!state.dirty) return;
  await fs.writeFile(file, JSON.stringify([...state.entries]));
  await fs.writeFile(file + ".seen", "");
  state.dirty = false;
}
export function resetCache(): void { state = { entries: new Map(), dirty: false, revision: 0 }; }
`;

const RESPONSE_CACHE = `export class ResponseCache {
  private readonly entries = new Map<string, string>();
  get(url: string): string | undefined { return this.entries.get(url); }
  put(url: string, body: string): void { this.entries.set(url, body); }
}
`;

describe('a cache module', () => {
  it('fills, evicts and flushes its entries without modifying anything a later call sees', async () => {
    const result = await lintFiles({
      'token-cache.ts': TOKEN_CACHE,
      'response-cache.ts': RESPONSE_CACHE,
      'server.ts': `${SERVER_HEADER}import { cacheKey, getCached, setCached, saveCache } from "./token-cache.js";
import { ResponseCache } from "./response-cache.js";
const responses = new ResponseCache();
server.registerTool("count_tokens", { description: "d", annotations: { readOnlyHint: true } }, async (args: { text: string }) => {
  const key = cacheKey(args.text);
  let count = getCached(key);
  if (count === undefined) {
    count = args.text.split(/\\s+/).length;
    setCached(key, count);
  }
  await saveCache("/tmp/token-cache.json");
  return { content: [{ type: "text", text: String(count) }] };
});
server.registerTool("page_title", { description: "d", annotations: { readOnlyHint: true } }, async (args: { url: string }) => {
  const body = responses.get(args.url) ?? await (await fetch(args.url)).text();
  responses.put(args.url, body);
  return { content: [{ type: "text", text: body.slice(0, 80) }] };
});
`,
    });
    expect(tool(result, 'count_tokens').effects!.effects.filter((e) => e.access !== 'read')).toEqual([]);
    expect(tool(result, 'count_tokens').inferred.readOnly).toBe(true);
    expect(tool(result, 'page_title').effects!.effects.map((e) => `${e.kind} ${e.access}`)).toEqual(['network read']);
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only')).toEqual([]);
  });

  it('is not a file that registers tools: a tool that keeps the user values in a "cache" still writes', async () => {
    const result = await lintFiles({
      'cache.ts': `${SERVER_HEADER}const cache = new Map<string, string>();
server.registerTool("cache_put", { description: "d", annotations: { readOnlyHint: true } }, async (args: { key: string; value: string }) => {
  cache.set(args.key, args.value);
  return { content: [] };
});
server.registerTool("cache_get", { description: "d", annotations: { readOnlyHint: true } }, async (args: { key: string }) => ({ content: [{ type: "text", text: cache.get(args.key) ?? "" }] }));
`,
    });
    expect(tool(result, 'cache_put').inferred.readOnly).toBe(false);
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => `${f.tool} ${f.ruleId}`)).toEqual(['cache_put optimistic-read-only']);
  });
});

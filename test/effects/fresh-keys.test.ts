import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * An entry stored under a key the caller makes fresh for the call (a random id, a uuid, a time)
 * replaces nothing: it adds (not destructive) and a repeat adds another (not idempotent). Written
 * from servers that stash large results as temporary resources under `temp://<random id>` through a
 * store's `create({ id, uri, data })`, and register an output file under a new random id; both were
 * read as "replacing any previous" entry, an error against `destructiveHint: false`.
 */

const STORE = `
import crypto, { randomBytes } from "node:crypto";
interface Entry { id: string; uri: string; data: unknown }
export class Stash {
  private entries = new Map<string, Entry>();
  put(params: { id: string; uri: string; data: unknown }): Entry {
    const { id, uri, data } = params;
    const entry = { id, uri, data };
    this.entries.set(uri, entry);
    return entry;
  }
  get(uri: string): Entry | undefined { return this.entries.get(uri); }
}
export const stash = new Stash();
const registry = new Map<string, string>();
export const register = (id: string, path: string): void => { registry.set(id, path); };
export const lookup = (id: string): string | undefined => registry.get(id);
export const newId = (): string => randomBytes(8).toString("hex");
export function newToken(): string {
  return crypto.randomBytes(8).toString("hex");
}
`;

const READER = `server.registerTool("read", { description: "d" }, async (args: { id: string }) => ({ content: [{ type: "text", text: String(stash.get(args.id)) + lookup(args.id) }] }));\n`;

async function lint(body: string, annotations = '') {
  const server = `${SERVER_HEADER}import { randomBytes, randomUUID } from "node:crypto";\nimport { stash, register, lookup, newId, newToken } from "./store.js";\nserver.registerTool("t", { description: "d"${annotations} }, async (args: { name: string }) => {\n${body}\n  return { content: [] };\n});\n${READER}`;
  return lintFiles({ 'store.ts': STORE, 'server.ts': server }, ['.']);
}

async function effectsOf(body: string): Promise<string[]> {
  return (tool(await lint(body), 't').effects?.effects ?? []).map((e) => `${e.destructive} ${e.idempotent} ${e.description}`);
}

describe('keys made fresh at the call site', () => {
  it('reads the key a store method destructures from the object it is given, built from a random id', async () => {
    expect(await effectsOf('const id = randomBytes(16).toString("hex");\nconst uri = `temp://result-${id}`;\nstash.put({ id, uri, data: args });')).toEqual([
      'false false adds an entry with a new key to server state `this.entries`, read back at store.ts:12',
    ]);
  });

  it('reads a key passed whole to a helper, made by a project function that returns a random id', async () => {
    expect(await effectsOf('const outputId = newId();\nregister(outputId, args.name);')).toEqual(['false false adds an entry with a new key to server state `registry`, read back at store.ts:17']);
  });

  it('reads a key made by a project function that returns a package value (crypto.randomBytes through a default import)', async () => {
    expect(await effectsOf('const outputId = newToken();\nregister(outputId, args.name);')).toEqual(['false false adds an entry with a new key to server state `registry`, read back at store.ts:17']);
  });

  it('reads a per-call value made in the argument itself (register(randomUUID(), ...), register(newToken(), ...); found by a fresh user)', async () => {
    for (const call of ['register(randomUUID(), args.name);', 'register(newToken(), args.name);', 'register(newId(), args.name);']) {
      expect(await effectsOf(call), call).toEqual(['false false adds an entry with a new key to server state `registry`, read back at store.ts:17']);
    }
  });

  it('reads a uuid written inline in the argument', async () => {
    expect(await effectsOf('register(`out-${randomUUID()}`, args.name);')).toEqual(['false false adds an entry with a new key to server state `registry`, read back at store.ts:17']);
  });

  it('still replaces under a key the caller gives', async () => {
    expect(await effectsOf('stash.put({ id: args.name, uri: args.name, data: args });')).toEqual([
      'true true sets an entry of server state `this.entries`, replacing any previous one, read back at store.ts:12',
    ]);
    expect(await effectsOf('register(args.name, "x");')).toEqual(['true true sets an entry of server state `registry`, replacing any previous one, read back at store.ts:17']);
  });

  it('reports a fresh-key store against idempotentHint, not against destructiveHint', async () => {
    const body = 'const outputId = newId();\nregister(outputId, args.name);';
    const invalid = (await lint(body, ', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true }')).findings.filter((f) => f.ruleId.startsWith('optimistic-'));
    expect(invalid.map((f) => `${f.ruleId} ${f.severity}`)).toEqual(['optimistic-idempotent error']);
    const valid = (await lint(body, ', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false }')).findings.filter((f) => f.ruleId.startsWith('optimistic-'));
    expect(valid).toEqual([]);
  });
});

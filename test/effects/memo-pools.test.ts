import { describe, expect, it } from 'vitest';
import { effectsOf, server } from './library-helpers.js';

/**
 * A memo pool: an object or a Map a module fills under keys known only at run time, so that a
 * client is made once per key (`if (!pool[id]) pool[id] = connect(id); return pool[id];`).
 * Shaped like a docs-search server that keeps one search client per account: the read of the
 * pool under the run-time key stands for what the program writes into it, so the methods called
 * on the client are those of what made it; filling the pool is lazy initialisation, no state write.
 */

/** A notebook per user, made once: `note` writes a file, `pages` lists a folder. */
const NOTEBOOK = `import { appendFileSync, readdirSync } from "node:fs";
class Notebook {
  constructor(private dir: string) {}
  note(text: string) { appendFileSync(this.dir + "/log.txt", text); }
  pages() { return readdirSync(this.dir); }
}
`;

/** The ways a memo pool is filled and read, each as the body of `notebookFor(user)` after its pool's declaration. */
const MEMOS: Record<string, string> = {
  'if (!pool[k]) pool[k] = make(); return pool[k]': `const pool: Record<string, Notebook> = {};
function notebookFor(user: string) {
  if (!pool[user]) {
    pool[user] = new Notebook("/data/" + user);
  }
  return pool[user];
}`,
  'return (pool[k] ??= make())': `const pool: Record<string, Notebook> = Object.create(null);
function notebookFor(user: string) {
  return (pool[user] ??= new Notebook("/data/" + user));
}`,
  'pool[k] ||= make(); return pool[k]': `const pool: { [user: string]: Notebook } = {};
function notebookFor(user: string) {
  pool[user] ||= new Notebook("/data/" + user);
  return pool[user];
}`,
  'let s = map.get(k); if (!s) { s = make(); map.set(k, s); } return s': `const pool = new Map<string, Notebook>();
function notebookFor(user: string) {
  let book = pool.get(user);
  if (!book) {
    book = new Notebook("/data/" + user);
    pool.set(user, book);
  }
  return book;
}`,
  'return map.get(k) ?? (map.set(k, make()), map.get(k))': `const pool = new Map<string, Notebook>();
function notebookFor(user: string) {
  return pool.get(user) ?? (pool.set(user, new Notebook("/data/" + user)), pool.get(user)!);
}`,
};

describe('a memo pool keyed at run time', () => {
  for (const [shape, memo] of Object.entries(MEMOS)) {
    it(`reads what the program writes into it: ${shape}`, async () => {
      const writer = await effectsOf(server(`${NOTEBOOK}${memo}`, `  notebookFor(args.user).note(args.text);`));
      expect(writer.rows).toEqual(['fs.write write d:false i:false closed certain | fs appendFileSync']);
      expect(writer.unresolved).toEqual([]);
      const reader = await effectsOf(server(`${NOTEBOOK}${memo}`, `  return { content: [{ type: "text", text: notebookFor(args.user).pages().join("\\n") }] };`));
      expect(reader.rows).toEqual(['fs.read read d:null i:null closed certain | fs readdirSync']);
      expect(reader.unresolved).toEqual([]);
      expect(reader.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
    });
  }

  it('a pool given two kinds of value stays unknown', async () => {
    const memo = `${NOTEBOOK}class Draft { note(text: string) { return text; } }
const pool: Record<string, Notebook | Draft> = {};
function draftFor(user: string) {
  if (!pool[user]) pool[user] = new Draft();
  return pool[user];
}
function notebookFor(user: string) {
  if (!pool[user]) pool[user] = new Notebook("/data/" + user);
  return pool[user];
}`;
    const r = await effectsOf(server(memo, `  notebookFor(args.user).note(args.text);`));
    expect(r.rows).toEqual([]);
    expect(r.inferred.readOnly).toBe(null);
  });

  it('a write through what a pool holds stays a write of the state it holds; a function\'s local Map is no memo', async () => {
    const top = `const shared = new Set<string>();
const groups = new Map<string, { hits: Set<string> }>();
function remember(words: string[]) {
  if (!groups.has("all")) groups.set("all", { hits: shared });
  for (const w of words) groups.get("all")!.hits.add(w);
}
function rememberLocally(words: string[]) {
  const local = new Map();
  local.set("all", { hits: shared });
  for (const w of words) local.get("all").hits.add(w);
}`;
    for (const call of ['remember(args.words);', 'rememberLocally(args.words);']) {
      const r = await effectsOf(server(top, `  ${call}`));
      expect(r.inferred.readOnly, call).not.toBe(true);
    }
  });

  it('a pool handed to other code, or exported, is not read as a memo', async () => {
    for (const leak of ['register(pool);', 'export { pool };']) {
      const memo = `${NOTEBOOK}declare function register(p: object): void;
const pool: Record<string, Notebook> = {};
${leak}
function notebookFor(user: string) {
  if (!pool[user]) pool[user] = new Notebook("/data/" + user);
  return pool[user];
}`;
      const r = await effectsOf(server(memo, `  notebookFor(args.user).note(args.text);`));
      expect(r.rows.filter((row) => row.includes('certain')), leak).toEqual([]);
    }
  });
});

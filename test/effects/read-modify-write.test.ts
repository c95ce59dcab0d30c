import { describe, expect, it } from 'vitest';
import type { Effect } from '../../src/model.js';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

const FS = `import { readFile, writeFile, rename } from "node:fs/promises";\nconst FILE = "notes.json";\n`;

/** The write effects of tool "t", whose handler body is `body`, with `top` before it. */
async function writesOf(body: string, top = ''): Promise<Effect[]> {
  const t = tool(await lintFiles({ 'server.ts': `${SERVER_HEADER}${FS}${top}\nserver.registerTool("t", { description: "d", inputSchema: {} }, async (args: any) => {\n${body}\n  return { content: [] };\n});\n` }), 't');
  return t.effects!.effects.filter((e) => e.access === 'write');
}

describe('read-modify-write: a file rewritten from its own content is judged by the change (issue #4)', () => {
  it('only adding (push) is additive and not idempotent', async () => {
    const [w] = await writesOf(`  const data = JSON.parse(await readFile(FILE, "utf8"));\n  data.items.push(args.item);\n  await writeFile(FILE, JSON.stringify(data));`);
    expect(w).toMatchObject({ kind: 'fs.write', destructive: false, idempotent: false, rewrite: 'read-modify-write', target: '"notes.json"', confidence: 'certain' });
    expect(w!.description).toBe('rewrites "notes.json" from its previous content, only adding to it');
  });

  it('a spread of the old entries plus new ones, concat, or += also only adds', async () => {
    const spread = await writesOf(`  const d = JSON.parse(await readFile(FILE, "utf8"));\n  d.items = [...d.items, args.item];\n  await writeFile(FILE, JSON.stringify(d));`);
    const text = await writesOf(`  let s = await readFile(FILE, "utf8");\n  s += args.line;\n  await writeFile(FILE, s);`);
    expect(spread[0]).toMatchObject({ destructive: false, idempotent: false });
    expect(text[0]).toMatchObject({ destructive: false, idempotent: false });
  });

  it('removing (filter written back, delete) is destructive and idempotent', async () => {
    const [w] = await writesOf(`  const d = JSON.parse(await readFile(FILE, "utf8"));\n  d.items = d.items.filter((i: any) => i.id !== args.id);\n  delete d.index[args.id];\n  await writeFile(FILE, JSON.stringify(d));`);
    expect(w).toMatchObject({ destructive: true, idempotent: true, description: 'rewrites "notes.json" from its previous content, removing entries' });
  });

  it('a create that fails if the file exists (flag wx) beside the rewrite rewrites nothing: it stays a create', async () => {
    const writes = await writesOf(`  try { await writeFile(FILE, "{}", { flag: "wx" }); } catch {}\n  const d = JSON.parse(await readFile(FILE, "utf8"));\n  d.items = d.items.filter((i: any) => i.id !== args.id);\n  await writeFile(FILE, JSON.stringify(d));`);
    expect(writes.map((w) => `${w.destructive} ${w.description}`)).toEqual(['false creates a new file (fails if it exists)', 'true rewrites "notes.json" from its previous content, removing entries']);
  });

  it('changing the content (replace) is destructive and not idempotent', async () => {
    const [w] = await writesOf(`  let text = await readFile(FILE, "utf8");\n  text = text.replace(args.old, args.new);\n  await writeFile(FILE, text);`);
    expect(w).toMatchObject({ destructive: true, idempotent: false, description: 'rewrites "notes.json" from its previous content, changing it' });
  });

  it('follows helpers: load(path) and save(path, data) in another function, matched through their parameters', async () => {
    const writes = await writesOf(
      `  await addNote(FILE, args.note);`,
      `async function load(p: string) { return JSON.parse(await readFile(p, "utf8")); }\nasync function save(p: string, d: unknown) { const tmp = p + ".tmp"; await writeFile(tmp, JSON.stringify(d)); await rename(tmp, p); }\nasync function addNote(p: string, note: string) { const db = await load(p); for (const n of [note]) db.notes.push(n); await save(p, db); }`,
    );
    expect(writes.map((w) => `${w.sink}:${w.destructive}:${w.idempotent}:${w.rewrite}`)).toEqual(['fs/promises writeFile:false:false:read-modify-write', 'fs/promises rename:false:false:read-modify-write']);
    expect(writes[1]!.via.map((h) => h.callee)).toEqual(['addNote', 'save']);
  });

  it('is not fooled: data read from one file and written to another, or a file overwritten with new data, stay overwrites', async () => {
    const copy = await writesOf(`  const tpl = await readFile("template.md", "utf8");\n  const out = tpl.replace("{{x}}", args.x);\n  await writeFile(args.path, out);`);
    const overwrite = await writesOf(`  const old = await readFile(FILE, "utf8");\n  console.error(old.length);\n  await writeFile(FILE, JSON.stringify(args.data));`);
    expect(copy[0]).toMatchObject({ destructive: true, idempotent: true });
    expect(copy[0]!.rewrite).toBeUndefined();
    expect(overwrite[0]).toMatchObject({ destructive: true, idempotent: true });
    expect(overwrite[0]!.rewrite).toBeUndefined();
  });
});

describe('atomic replace and moves', () => {
  it('a temp file renamed over the target is one overwrite (idempotent); a plain rename is a move (not idempotent)', async () => {
    const atomic = await writesOf(`  const tmp = FILE + ".tmp";\n  await writeFile(tmp, args.text);\n  await rename(tmp, FILE);`);
    const move = await writesOf(`  await rename(args.from, args.to);`);
    expect(atomic.find((e) => e.sink.endsWith('rename'))).toMatchObject({ rewrite: 'atomic', destructive: true, idempotent: true, from: '"notes.json.tmp"', target: '"notes.json"' });
    expect(move[0]).toMatchObject({ destructive: true, idempotent: false, from: 'args.from', target: 'args.to' });
    expect(move[0]!.rewrite).toBeUndefined();
  });
});

describe('per-call data in file writes (issue #4: counters, Date.now, randomUUID are not idempotent)', () => {
  it('a path with a new id or time creates a new file each call; data with a time makes an overwrite not idempotent', async () => {
    const named = await writesOf(`  const id = randomUUID();\n  await writeFile(\`notes/\${id}.json\`, args.text);`, `import { randomUUID } from "node:crypto";`);
    const stamped = await writesOf(`  await writeFile(FILE, JSON.stringify({ text: args.text, at: Date.now() }));`);
    const plain = await writesOf(`  await writeFile(FILE, JSON.stringify({ text: args.text }));`);
    expect(named[0]).toMatchObject({ destructive: false, idempotent: false, description: 'writes a new file, named per call (a new id or time in its path)' });
    expect(stamped[0]).toMatchObject({ destructive: true, idempotent: false });
    expect(stamped[0]!.description).toMatch(/with data that varies per call/);
    expect(plain[0]).toMatchObject({ destructive: true, idempotent: true });
  });
});

describe('JSON documents rewritten through shared readers and writers (issue 15: adding is not destroying)', () => {
  /** A store shaped like a task tracker: `load` reads the document, `save` re-reads it under a lock and puts the caller's part back. */
  const STORE = [
    `import { readFileSync, writeFileSync, renameSync } from "node:fs";`,
    `function load(p: string) { return JSON.parse(readFileSync(p, "utf8")); }`,
    `function save(p: string, data: any, key: string) {`,
    `  const current = JSON.parse(readFileSync(p, "utf8"));`,
    `  const merged = { ...current, [key]: data[key] };`,
    `  const out: any = {};`,
    `  for (const [k, v] of Object.entries(merged)) { if (k !== "_internal") out[k] = v; }`,
    `  const tmp = p + ".tmp";`,
    `  writeFileSync(tmp, JSON.stringify(out));`,
    `  renameSync(tmp, p);`,
    `}`,
  ].join('\n');
  const writes = async (body: string): Promise<Effect[]> => (await writesOf(body, STORE)).filter((e) => e.sink.includes('rename'));

  it('a new key checked absent first (a create with a unique name) is additive and idempotent, through the shared writer', async () => {
    const [w] = await writes(`  const doc = load("tasks.json");\n  if (doc[args.tag]) throw new Error("exists");\n  doc[args.tag] = { tasks: [] };\n  save("tasks.json", doc, args.tag);`);
    expect(w).toMatchObject({ destructive: false, idempotent: true, rewrite: 'read-modify-write', description: 'rewrites "tasks.json" from its previous content, only adding entries that were absent' });
  });

  it('an item pushed onto an entry, the entry filled in when missing, is additive and not idempotent', async () => {
    const [w] = await writes(`  let doc = load("tasks.json");\n  if (!doc) doc = { main: { tasks: [] } };\n  if (!doc.main.tasks) doc.main.tasks = [];\n  doc.main.tasks.push({ title: args.title });\n  save("tasks.json", doc, "main");`);
    expect(w).toMatchObject({ destructive: false, idempotent: false, description: 'rewrites "tasks.json" from its previous content, only adding to it' });
  });

  it('deleting the key is destructive and idempotent; replacing an existing entry is destructive', async () => {
    const [removed] = await writes(`  const doc = load("tasks.json");\n  delete doc[args.tag];\n  save("tasks.json", doc, args.tag);`);
    const [replaced] = await writes(`  const doc = load("tasks.json");\n  doc[args.tag] = { tasks: [] };\n  save("tasks.json", doc, args.tag);`);
    expect(removed).toMatchObject({ destructive: true, idempotent: true, description: 'rewrites "tasks.json" from its previous content, removing entries' });
    expect(replaced).toMatchObject({ destructive: true, idempotent: true, description: 'rewrites "tasks.json" from its previous content, replacing entries' });
  });

  it('the writer alone (no caller that read the file) stays an overwrite of what it was handed: unknown is not additive', async () => {
    const [w] = await writes(`  save("tasks.json", { main: args.main }, "main");`);
    expect(w).toMatchObject({ destructive: true, idempotent: true, rewrite: 'save' });
    expect(w!.description).toMatch(/putting in the data it was handed/);
  });

  it('a copy that leaves out an entry chosen by the arguments removes it', async () => {
    const [w] = await writesOf(`  const doc = JSON.parse(await readFile(FILE, "utf8"));\n  const out: any = {};\n  for (const [k, v] of Object.entries(doc)) { if (k !== args.name) out[k] = v; }\n  await writeFile(FILE, JSON.stringify(out));`);
    expect(w).toMatchObject({ destructive: true, idempotent: true, description: 'rewrites "notes.json" from its previous content, removing entries' });
  });

  it('pointing a selection field at another value (with a time stamp beside it) switches: not destructive, idempotent', async () => {
    const top = `async function use(name: string) {\n  let state: any = {};\n  const raw = await readFile("state.json", "utf8");\n  state = JSON.parse(raw);\n  state.currentTag = name;\n  state.lastSwitched = new Date().toISOString();\n  if (!state.history) state.history = {};\n  await writeFile("state.json", JSON.stringify(state));\n}`;
    const [w] = await writesOf(`  await use(args.name);`, top);
    expect(w).toMatchObject({ destructive: false, idempotent: true, description: 'rewrites "state.json" from its previous content, switching a selection to another value' });
  });

  it('pointing an entry of a name-to-name mapping at a name switches it; an entry of other data given a value stays a replacement', async () => {
    const top = `async function link(branch: string, tag: string, note: string) {\n  const state: any = JSON.parse(await readFile("state.json", "utf8"));\n  if (!state.branchTagMapping) state.branchTagMapping = {};\n  state.branchTagMapping[branch] = tag;\n  await writeFile("state.json", JSON.stringify(state));\n}\nasync function annotate(branch: string, note: string) {\n  const state: any = JSON.parse(await readFile("state.json", "utf8"));\n  state.notes[branch] = note;\n  await writeFile("state.json", JSON.stringify(state));\n}`;
    const [mapped] = await writesOf(`  await link(args.branch, args.tag, "");`, top);
    const [noted] = await writesOf(`  await annotate(args.branch, args.note);`, top);
    expect(mapped).toMatchObject({ destructive: false, idempotent: true, description: 'rewrites "state.json" from its previous content, switching a selection to another value' });
    expect(noted).toMatchObject({ destructive: true, idempotent: true });
  });

  it('a setting field given a new value stays a replacement; a time stamp alone is a change on every call', async () => {
    const setting = await writesOf(`  const c = JSON.parse(await readFile(FILE, "utf8"));\n  c.model = args.model;\n  c.updatedAt = Date.now();\n  await writeFile(FILE, JSON.stringify(c));`);
    const touch = await writesOf(`  const c = JSON.parse(await readFile(FILE, "utf8"));\n  c.updatedAt = Date.now();\n  await writeFile(FILE, JSON.stringify(c));`);
    expect(setting[0]).toMatchObject({ destructive: true, idempotent: true });
    expect(touch[0]).toMatchObject({ destructive: true, idempotent: false });
  });
});

describe('changes made on the way to a shared writer, in a function handed the data (issue 15: a back-fill is not destruction)', () => {
  const STORE = [
    `import { readFileSync, writeFileSync, renameSync } from "node:fs";`,
    `function load(p: string) { return JSON.parse(readFileSync(p, "utf8")); }`,
    `function save(p: string, data: any) {`,
    `  const current = JSON.parse(readFileSync(p, "utf8"));`,
    `  const merged = { ...current, tags: data.tags };`,
    `  const tmp = p + ".tmp";`,
    `  writeFileSync(tmp, JSON.stringify(merged));`,
    `  renameSync(tmp, p);`,
    `}`,
    // Fills each tag's missing metadata in the document it is handed, then saves a copy without a private key.
    `function backfill(p: string, raw: any) {`,
    `  let changed = false;`,
    `  for (const [name, tag] of Object.entries<any>(raw)) {`,
    `    if (!tag || typeof tag !== "object") continue;`,
    `    if (!tag.metadata) { tag.metadata = {}; changed = true; }`,
    `    if (!tag.metadata.created) { tag.metadata.created = new Date(0).toISOString(); changed = true; }`,
    `  }`,
    `  if (changed) {`,
    `    const clean: any = {};`,
    `    for (const [k, v] of Object.entries(raw)) { if (k !== "_raw") clean[k] = v; }`,
    `    save(p, clean);`,
    `  }`,
    `}`,
    `function retag(p: string, raw: any, from: string, to: string) { raw[to] = raw[from]; delete raw[from]; save(p, raw); }`,
  ].join('\n');
  const writes = async (body: string): Promise<Effect[]> => (await writesOf(body, STORE)).filter((e) => e.sink.includes('rename'));

  it('a reader that hands its data to a function filling gaps before the save adds only what was absent', async () => {
    const [w] = await writes(`  const doc = load("tasks.json");\n  const raw = doc._raw || doc;\n  backfill("tasks.json", raw);`);
    expect(w).toMatchObject({ destructive: false, idempotent: true, rewrite: 'read-modify-write', description: 'rewrites "tasks.json" from its previous content, only adding entries that were absent' });
    expect(w!.via.map((h) => h.callee)).toEqual(['backfill', 'save']);
  });

  it('is not fooled: a handed-on change that removes or replaces stays destructive, and data not read from the file stays an overwrite', async () => {
    const [renamed] = await writes(`  const doc = load("tasks.json");\n  retag("tasks.json", doc, args.from, args.to);`);
    const [fresh] = await writes(`  backfill("tasks.json", { main: { tasks: [] } });`);
    expect(renamed).toMatchObject({ destructive: true, idempotent: true, rewrite: 'read-modify-write' });
    expect(fresh).toMatchObject({ destructive: true, idempotent: true, rewrite: 'save' });
  });
});

describe('methods every object inherits, on data read at run time', () => {
  it('`doc.hasOwnProperty(k)` on a parsed document runs no code chosen at run time (it leaves the world closed)', async () => {
    const t = tool(
      await lintFiles({ 'server.ts': `${SERVER_HEADER}${FS}\nfunction count(data: any) {\n  let n = 0;\n  for (const key in data) if (data.hasOwnProperty(key) && typeof data[key] === "object") n++;\n  return n;\n}\nserver.registerTool("t", { description: "d", inputSchema: {} }, async (args: any) => {\n  let rawData: any = JSON.parse(await readFile(FILE, "utf8"));\n  if (rawData._raw) rawData = rawData._raw;\n  const n = count(rawData);\n  return { content: [{ type: "text", text: String(n) }] };\n});\n` }),
      't',
    );
    expect(t.effects!.effects.map((e) => e.kind)).toEqual(['fs.read']);
  });
});

describe('an entry replaced with data that varies per call', () => {
  it('is destructive and not idempotent (issue #4: a time inside the data)', async () => {
    const [w] = await writesOf(`  const doc = JSON.parse(await readFile(FILE, "utf8"));\n  doc[args.tag] = { tasks: args.tasks, updated: new Date().toISOString() };\n  await writeFile(FILE, JSON.stringify(doc));`);
    expect(w).toMatchObject({ destructive: true, idempotent: false, description: 'rewrites "notes.json" from its previous content, replacing entries with data that varies per call' });
  });
});

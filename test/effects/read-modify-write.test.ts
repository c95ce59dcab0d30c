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

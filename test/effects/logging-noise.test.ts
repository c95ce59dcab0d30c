import { describe, expect, it } from 'vitest';
import { found, serverWith } from './catalog-helpers.js';

/**
 * Issue 15: noise that left hints unknown on otherwise clear tools. Calls of a logger's level
 * methods are logging (src/effects/logger-calls.ts); a collection in a record a function keeps
 * for itself is in-process (src/effects/fresh-records.ts); asking a token provider handed down
 * as a parameter for a token is credential upkeep (src/effects/token-providers.ts); a JavaScript
 * file that assigns `process.env.X` does not make `process` unreadable (src/analysis/resolve.ts).
 */

describe('logger calls', () => {
  const TOP = `import { readFile, appendFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
const writeErrorLog = async (message: string) => {
  const dir = path.join(os.homedir(), ".cache", "app", "logs");
  await mkdir(dir, { recursive: true });
  await appendFile(path.join(dir, "errors.log"), JSON.stringify({ message }) + "\\n");
};
function createLogger(server?: { notify(m: string): Promise<void> }) {
  return {
    info: async (m: string) => { if (server) await server.notify(m); },
    error: async (m: string) => { await writeErrorLog(m); if (server) await server.notify(m); },
  };
}
const logger = createLogger();
const catalog = { info: (m: string) => appendFile("/srv/catalog.txt", m) };`;

  it("a framework's optional logger on the context and a server's own logger that appends to an error log: no effect", async () => {
    const r = await found(
      serverWith(TOP, {
        a: '  const { log } = args; log?.info?.(`reading ${args.file}`);\n  try { return { content: [{ type: "text", text: await readFile("/srv/data.txt", "utf8") }] }; } catch (e) { log?.error?.("failed"); }',
        b: '  try { await readFile("/srv/data.txt", "utf8"); } catch (e) { await logger.error("cannot read"); }',
        c: '  args.context.log.warn("x"); args.context.mcpLogger.debug("y");\n  const level = args.quiet ? "debug" : "info"; args.logFn[level]("z"); args.logger["warn"]("w");',
      }),
      ['a', 'b', 'c'],
    );
    expect(r.a!.unresolved).toEqual([]);
    expect(r.a!.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
    expect(r.b!.rows).toEqual(['fs/promises readFile | fs.read read d=null i=null open=false certain']);
    expect(r.b!.inferred.readOnly).toBe(true);
    expect(r.c!.unresolved).toEqual([]);
  });

  it('a tool that appends to a file itself, or through an object not named as a logger, still writes', async () => {
    const r = await found(serverWith(TOP, { a: '  await appendFile("/srv/notes.log", args.text);', b: '  await catalog.info(args.text);' }), ['a', 'b']);
    expect(r.a!.inferred.readOnly).toBe(false);
    expect(r.b!.inferred.readOnly).toBe(false);
  });
});

describe('collections in records a function keeps', () => {
  const TOP = `import { readFile } from "node:fs/promises";
const seen = new Map<string, { hits: Set<string> }>();
const shared = new Set<string>();
async function rank(files: string[], words: string[]) {
  const scores = new Map();
  for (const file of files) {
    const text = await readFile(file, "utf8");
    for (const word of words) {
      if (!text.includes(word)) continue;
      if (!scores.has(file)) scores.set(file, { file, hits: new Set(), total: 0 });
      const score = scores.get(file);
      score.hits.add(word);
      score.total++;
    }
  }
  return Array.from(scores.values()).sort((a, b) => b.hits.size - a.hits.size);
}
function leak(words: string[]) {
  const groups = new Map();
  groups.set("all", { hits: shared });
  for (const w of words) groups.get("all").hits.add(w);
}`;

  it('a Set held in a field of a record kept in a local Map is in memory', async () => {
    const r = await found(serverWith(TOP, { a: '  const ranked = await rank(args.files, args.words);' }), ['a']);
    expect(r.a!.unresolved).toEqual([]);
    expect(r.a!.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
  });

  it('a list in a field of a record taken from a Map is data: mapping it reads', async () => {
    const top = `const byName = new Map<string, { steps: { name: string }[] }>();
function stepNames(name: string) {
  const lesson = byName.get(name);
  return lesson ? new Map(lesson.steps.map((s) => [s.name, s])) : new Map();
}`;
    const r = await found(serverWith(top, { a: '  stepNames(args.name);' }), ['a']);
    expect(r.a!.unresolved).toEqual([]);
    expect(r.a!.inferred.readOnly).toBe(true);
  });

  it('a record whose field is a collection from elsewhere is not judged in memory', async () => {
    const r = await found(serverWith(TOP, { a: '  leak(args.words);' }), ['a']);
    expect(r.a!.inferred.readOnly).not.toBe(true);
  });
});

describe('token providers', () => {
  const TOP = `async function listProjects(tokenProvider: () => Promise<string>, org: string) {
  const token = await tokenProvider();
  const res = await fetch(\`https://dev.example.com/\${org}/projects\`, { headers: { Authorization: \`Bearer \${token}\` } });
  return res.json();
}
async function other(makeThing: () => Promise<string>, tokenProvider: (scope: string) => Promise<string>, getToken: () => Promise<number>) {
  await makeThing();
  await tokenProvider("x");
  await getToken();
}
declare const provider: () => Promise<string>;`;

  it('a token provider handed down as a parameter gives the credential of a request', async () => {
    const r = await found(serverWith(TOP, { a: '  return listProjects(args.getAzureToken, args.org);' }), ['a']);
    expect(r.a!.unresolved).toEqual([]);
    expect(r.a!.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
  });

  it('other unreadable function values and a provider given arguments stay unresolved; one typed to return no string is judged by its name', async () => {
    const r = await found(serverWith(TOP, { a: '  await other(args.a, args.b, args.c);' }), ['a']);
    expect(r.a!.unresolved).toEqual(['parameter makeThing', 'parameter tokenProvider']);
    expect(r.a!.rows).toEqual(['getToken | api read d=null i=null open=false likely']);
    expect(r.a!.inferred.readOnly).toBe(null);
  });
});

describe('credential options that may be a value or a provider', () => {
  const TOP = `async function extractSecurity<T>(sec: T | (() => Promise<T>) | undefined): Promise<T | undefined> {
  if (sec == null) return;
  return typeof sec === "function" ? (sec as () => Promise<T>)() : sec;
}
async function resolveValue<T>(value: T | (() => Promise<T>)): Promise<T> {
  return typeof value === "function" ? (value as () => Promise<T>)() : value;
}
async function list(apiKey: string | (() => Promise<string>)) {
  const key = await extractSecurity(apiKey);
  return (await fetch("https://app.example.com/api/v2/flags", { headers: { Authorization: String(key) } })).json();
}`;

  it('a provider called when the option is a function, in a function named for credentials, gives the credential', async () => {
    const r = await found(serverWith(TOP, { a: '  await list(process.env.API_KEY ?? "");', b: '  await resolveValue(args.v);' }), ['a', 'b']);
    expect(r.a!.unresolved).toEqual([]);
    expect(r.a!.inferred.readOnly).toBe(true);
    // The same idiom in a function named for no credential stays unresolved.
    expect(r.b!.unresolved).toEqual(['parameter value']);
  });
});

describe('a global a JavaScript file assigns to', () => {
  it('`process.env.X = ...` in a JavaScript file does not hide what `process.cwd()` is', async () => {
    const files = {
      'main.js': 'process.env.MODE = "mcp";\nexport {};\n',
      ...serverWith('import path from "node:path";', { a: '  const root = path.resolve(process.cwd(), args.dir);\n  return { content: [{ type: "text", text: root }] };' }),
    };
    const r = await found(files, ['a']);
    expect(r.a!.unresolved).toEqual([]);
    expect(r.a!.inferred.readOnly).toBe(true);
  });
});

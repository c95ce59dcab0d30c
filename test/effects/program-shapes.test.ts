import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/index.js';
import { SERVER_HEADER, lintFiles, tool, writeProject } from '../helpers.js';

/**
 * One fixture per program shape real servers are written in (issue #4): each is a small project
 * whose tool "t" reaches a sink through that shape, and each asserts the sink's effect, its
 * confidence and the evidence chain (the `via` hops, outermost first, as `callee @ file:line`).
 */

type Files = Record<string, string>;

const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, rootDir: 'src', outDir: 'dist' }, include: ['src'] });

/** `src/server.ts` registering tool "t" with `body` as its handler, after `top`. */
function serverTs(top: string, body: string): string {
  return `${SERVER_HEADER}${top}\nserver.registerTool("t", { description: "d", inputSchema: { id: z.string() } }, async ({ id }) => {\n${body}\n  return { content: [] };\n});\n`;
}

/** `file:line` of the first line of `files[file]` that contains `text`. */
function at(files: Files, file: string, text: string): string {
  const lines = files[file]!.split('\n');
  const i = lines.findIndex((l) => l.includes(text));
  if (i < 0) throw new Error(`"${text}" is not in ${file}`);
  return `${file}:${i + 1}`;
}

/** A hop `callee @ file:line`, the line being the first in `file` that contains `marker` (default: the callee followed by `(`). */
function hop(files: Files, callee: string, file: string, marker = `${callee}(`): string {
  return `${callee} @ ${at(files, file, marker)}`;
}

interface Seen {
  effect: string;
  confidence: string;
  at: string;
  via: string[];
}

/**
 * Lints `files` (from their folder, or `paths`; `links` are symbolic links to make first, link →
 * target, relative to the folder) and reads tool "t"'s effects as `kind:access:sink`, with where
 * and through which calls.
 */
async function effectsOf(files: Files, paths: string[] = ['.'], links: Record<string, string> = {}): Promise<{ effects: Seen[]; unresolved: string[] }> {
  const dir = writeProject(files);
  for (const [link, target] of Object.entries(links)) {
    mkdirSync(path.dirname(path.join(dir, link)), { recursive: true });
    symlinkSync(path.relative(path.dirname(path.join(dir, link)), path.join(dir, target)), path.join(dir, link));
  }
  const result = await lint({ paths, cwd: dir });
  const t = tool(result, 't');
  const rel = (f: string): string => path.relative(result.cwd, f).split(path.sep).join('/');
  return {
    effects: (t.effects?.effects ?? []).map((e) => ({
      effect: `${e.kind}:${e.access}:${e.sink}`,
      confidence: e.confidence,
      at: `${rel(e.location.file)}:${e.location.line}`,
      via: e.via.map((h) => `${h.callee} @ ${rel(h.location.file)}:${h.location.line}`),
    })),
    unresolved: (t.effects?.unresolved ?? []).map((u) => `${u.reason} @ ${rel(u.location.file)}:${u.location.line}`),
  };
}

const WRITE = 'fs.write:write:fs/promises writeFile';

const STORE = `import { writeFile } from "node:fs/promises";
export class Store {
  async save(id: string, body: string) {
    await writeFile(\`/data/\${id}\`, body);
  }
}
`;

describe('classes and this', () => {
  const shapes: [string, string][] = [
    [
      'a field initialised in the constructor',
      `class Notes {
  private store: Store;
  constructor(dir: string) {
    this.store = new Store();
    void dir;
  }
  async add(id: string) {
    await this.store.save(id, "x");
  }
}
const notes = new Notes("/d");`,
    ],
    [
      'a constructor parameter property',
      `class Notes {
  constructor(private readonly store: Store) {}
  async add(id: string) {
    await this.store.save(id, "x");
  }
}
const notes = new Notes(new Store());`,
    ],
    [
      'a getter',
      `class Notes {
  #store = new Store();
  get store() {
    return this.#store;
  }
  async add(id: string) {
    await this.store.save(id, "x");
  }
}
const notes = new Notes();`,
    ],
    [
      'a field assigned in a later init() (declared with `!`, typed any)',
      `class Notes {
  private store!: any;
  async init() {
    this.store = new Store();
  }
  async add(id: string) {
    await this.store.save(id, "x");
  }
}
const notes = new Notes();`,
    ],
  ];
  it.each(shapes)('follows this.store.save() to %s', async (_, notes) => {
    const f: Files = { 'tsconfig.json': TSCONFIG, 'src/store.ts': STORE, 'src/server.ts': serverTs(`import { Store } from "./store.js";\n${notes}`, `  await notes.add(id);`) };
    const r = await effectsOf(f);
    expect(r.effects).toEqual([{ effect: WRITE, confidence: 'certain', at: at(f, 'src/store.ts', 'writeFile('), via: [hop(f, 'notes.add', 'src/server.ts'), hop(f, 'this.store.save', 'src/server.ts')] }]);
    expect(r.unresolved).toEqual([]);
  });

  it('follows an interface-typed field to the store the instance the handler calls was given (other instances with other stores do not matter); when every `new` injects one store, to it', async () => {
    const service = `import { writeFile } from "node:fs/promises";
interface Store {
  saveNote(id: string): Promise<void>;
}
class FileStore implements Store {
  async saveNote(id: string) {
    await writeFile(id, "");
  }
}
class MemoryStore implements Store {
  async saveNote() {}
}
class Notes {
  constructor(private readonly store: Store) {}
  async add(id: string) {
    await this.store.saveNote(id);
  }
}`;
    const fileStore = [['fs.write', 'write', 'fs/promises writeFile', 'certain', undefined, ['notes.add', 'this.store.saveNote']]];
    const cases: [string, unknown[][]][] = [
      ['const notes = new Notes(new FileStore());', fileStore],
      ['const notes = new Notes(new FileStore());\nexport const spare = new Notes(new MemoryStore());', fileStore],
      ['class Audited extends Notes {}\nconst notes = new Notes(new FileStore());\nexport const audited = new Audited(new MemoryStore());', fileStore],
    ];
    for (const [made, expected] of cases) {
      const f: Files = { 'tsconfig.json': TSCONFIG, 'src/server.ts': serverTs(`${service}\n${made}`, `  await notes.add(id);`) };
      const effects = tool(await lintFiles(f), 't').effects!.effects;
      expect(effects.map((e) => [e.kind, e.access, e.sink, e.confidence, e.basis, e.via.map((h) => h.callee)]), made).toEqual(expected);
    }
  });

  it('carries every sink family through an injected class: database, process, network, state', async () => {
    const f: Files = {
      'tsconfig.json': TSCONFIG,
      'src/repo.ts': `import { Pool } from "pg";
import { execFile } from "node:child_process";
import axios from "axios";
const pool = new Pool();
export class Repo {
  private notes = new Map<string, string>();
  async drop(id: string) {
    await pool.query("DELETE FROM notes WHERE id = $1", [id]);
  }
  build(dir: string) {
    execFile("make", ["-C", dir]);
  }
  async publish(id: string) {
    await axios.post("https://api.example.com/notes", { id });
  }
  remember(id: string) {
    this.notes.set(id, "x");
  }
  recall(id: string) {
    return this.notes.get(id);
  }
}
`,
      'src/server.ts': serverTs(
        `import { Repo } from "./repo.js";
class Service {
  constructor(private readonly repo: Repo) {}
  async run(id: string) {
    await this.repo.drop(id);
    this.repo.build(id);
    await this.repo.publish(id);
    this.repo.remember(id);
  }
}
const service = new Service(new Repo());`,
        `  await service.run(id);`,
      ),
    };
    const r = await effectsOf(f);
    const via = (method: string) => [hop(f, 'service.run', 'src/server.ts'), hop(f, `this.repo.${method}`, 'src/server.ts')];
    expect(r.effects).toEqual([
      { effect: 'database:write:pg Pool.new().query DELETE', confidence: 'certain', at: at(f, 'src/repo.ts', 'pool.query('), via: via('drop') },
      { effect: 'process.spawn:unknown:child_process execFile (make)', confidence: 'certain', at: at(f, 'src/repo.ts', 'execFile("make"'), via: via('build') },
      { effect: 'network:write:axios post POST', confidence: 'likely', at: at(f, 'src/repo.ts', 'axios.post('), via: via('publish') },
      { effect: 'state.write:write:server state this.notes', confidence: 'certain', at: at(f, 'src/repo.ts', 'this.notes.set('), via: via('remember') },
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('follows a static method and an instance method inherited from a project base class', async () => {
    const f: Files = {
      'tsconfig.json': TSCONFIG,
      'src/base.ts': `import { writeFile, rm } from "node:fs/promises";
export class Repo {
  static async wipe() {
    await rm("/data", { recursive: true });
  }
  async put(id: string) {
    await writeFile(id, "");
  }
}
`,
      'src/server.ts': serverTs(`import { Repo } from "./base.js";\nclass Notes extends Repo {}\nconst notes = new Notes();`, `  await Notes.wipe();\n  await notes.put(id);`),
    };
    const r = await effectsOf(f);
    expect(r.effects).toEqual([
      { effect: 'fs.delete:write:fs/promises rm', confidence: 'certain', at: at(f, 'src/base.ts', 'rm("'), via: [hop(f, 'Notes.wipe', 'src/server.ts')] },
      { effect: WRITE, confidence: 'certain', at: at(f, 'src/base.ts', 'writeFile('), via: [hop(f, 'notes.put', 'src/server.ts')] },
    ]);
  });
});

describe('object literals', () => {
  it('follows a method of an object literal, and an arrow-function property calling another through this', async () => {
    const f: Files = {
      'tsconfig.json': TSCONFIG,
      'src/repo.ts': `import { writeFile } from "node:fs/promises";
export const repo = {
  dir: "/data",
  async save(id: string) {
    await this.write(\`\${this.dir}/\${id}\`);
  },
  write: (p: string) => writeFile(p, ""),
};
`,
      'src/server.ts': serverTs(`import { repo } from "./repo.js";`, `  await repo.save(id);`),
    };
    const r = await effectsOf(f);
    expect(r.effects).toEqual([{ effect: WRITE, confidence: 'certain', at: at(f, 'src/repo.ts', 'writeFile('), via: [hop(f, 'repo.save', 'src/server.ts'), hop(f, 'this.write', 'src/repo.ts')] }]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('getters', () => {
  it('reads what a getter returns: of an object literal, and of a JavaScript class the checker cannot type', async () => {
    const f: Files = {
      'store.js': STORE.replace(/: string/g, ''),
      'server.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { rm } from "node:fs/promises";
import { Store } from "./store.js";
const server = new McpServer({ name: "t", version: "1" });
const repo = {
  get cleaner() {
    return { purge: (p) => rm(p) };
  },
};
class Notes {
  constructor() {
    this._store = new Store();
  }
  get store() {
    return this._store;
  }
  async add(id) {
    await this.store.save(id, "x");
  }
}
const notes = new Notes();
server.registerTool("t", { description: "d" }, async ({ id }) => {
  await repo.cleaner.purge(id);
  await notes.add(id);
  return { content: [] };
});
`,
    };
    const r = await effectsOf(f);
    expect(r.effects).toEqual([
      { effect: 'fs.delete:write:fs/promises rm', confidence: 'certain', at: at(f, 'server.js', 'rm(p)'), via: [hop(f, 'repo.cleaner.purge', 'server.js')] },
      { effect: WRITE, confidence: 'certain', at: at(f, 'store.js', 'writeFile('), via: [hop(f, 'notes.add', 'server.js'), hop(f, 'this.store.save', 'server.js')] },
    ]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('callbacks', () => {
  it('follows an inline async callback of items.map inside Promise.all, and a named one', async () => {
    const f: Files = {
      'tsconfig.json': TSCONFIG,
      'src/save.ts': `import { writeFile } from "node:fs/promises";\nexport async function save(item: string) {\n  await writeFile(item, "");\n}\n`,
      'src/server.ts': serverTs(
        `import { writeFile, unlink } from "node:fs/promises";\nimport { save } from "./save.js";\nconst items = ["a", "b"];`,
        `  await Promise.all(items.map(async (i) => writeFile(i, id)));\n  await Promise.all(items.map(save));\n  items.forEach((i) => void unlink(i));`,
      ),
    };
    const r = await effectsOf(f);
    expect(r.effects).toEqual([
      { effect: WRITE, confidence: 'certain', at: at(f, 'src/server.ts', 'writeFile(i, id)'), via: [] },
      { effect: WRITE, confidence: 'certain', at: at(f, 'src/save.ts', 'writeFile('), via: [hop(f, 'items.map', 'src/server.ts', 'items.map(save)')] },
      { effect: 'fs.delete:write:fs/promises unlink', confidence: 'certain', at: at(f, 'src/server.ts', 'unlink(i)'), via: [] },
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('follows reduce with an async accumulator, and forEach of a method reference and of a bound function', async () => {
    const f: Files = {
      'tsconfig.json': TSCONFIG,
      'src/store.ts': STORE,
      'src/server.ts': serverTs(
        `import { Store } from "./store.js";\nimport { appendFile } from "node:fs/promises";\nconst store = new Store();\nconst ids = ["a"];`,
        `  await ids.reduce(async (prev, i) => { await prev; await appendFile("log", i); }, Promise.resolve());\n  ids.forEach(store.save);\n  ids.forEach(purge.bind(null, "/tmp"));`,
      ),
      'src/purge.ts': `import { rm } from "node:fs/promises";\nexport async function purge(dir: string, id: string) {\n  await rm(\`\${dir}/\${id}\`);\n}\n`,
    };
    f['src/server.ts'] = f['src/server.ts']!.replace('const ids', 'import { purge } from "./purge.js";\nconst ids');
    const r = await effectsOf(f);
    expect(r.effects).toEqual([
      { effect: 'fs.write:write:fs/promises appendFile', confidence: 'certain', at: at(f, 'src/server.ts', 'appendFile("log"'), via: [] },
      { effect: WRITE, confidence: 'certain', at: at(f, 'src/store.ts', 'writeFile('), via: [hop(f, 'ids.forEach', 'src/server.ts', 'ids.forEach(store.save)')] },
      { effect: 'fs.delete:write:fs/promises rm', confidence: 'certain', at: at(f, 'src/purge.ts', 'rm('), via: [hop(f, 'ids.forEach', 'src/server.ts', 'ids.forEach(purge')] },
    ]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('higher-order helpers', () => {
  it('follows a callback given to a retry helper, without reporting the helper calling its parameter', async () => {
    const f: Files = {
      'tsconfig.json': TSCONFIG,
      'src/retry.ts': `export async function withRetry<T>(fn: () => Promise<T>, times = 3): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= times) throw e;
    }
  }
}
`,
      'src/server.ts': serverTs(`import { withRetry } from "./retry.js";\nasync function post() {\n  return fetch("https://api.example.com/x", { method: "POST" });\n}`, `  await withRetry(() => fetch("https://api.example.com/" + id));\n  await withRetry(post);`),
    };
    const r = await effectsOf(f);
    expect(r.effects).toEqual([
      // A callback written inline and handed to a function that calls it is read through that call, with what it is given (followed-callbacks.ts).
      { effect: 'network:read:fetch GET', confidence: 'certain', at: at(f, 'src/server.ts', 'withRetry(() => fetch'), via: [hop(f, 'withRetry', 'src/server.ts', 'withRetry(() => fetch'), hop(f, 'fn', 'src/retry.ts', 'await fn()')] },
      { effect: 'network:write:fetch POST', confidence: 'likely', at: at(f, 'src/server.ts', 'method: "POST"'), via: [hop(f, 'withRetry', 'src/server.ts', 'withRetry(post)')] },
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('follows a handler wrapped by a helper that returns a function: `const handler = wrap(async () => ...)`', async () => {
    const f: Files = {
      'tsconfig.json': TSCONFIG,
      'src/wrap.ts': `export function wrap<A>(fn: (args: A) => Promise<unknown>) {
  return async (args: A) => {
    try {
      await fn(args);
      return { content: [] };
    } catch (e) {
      return { content: [{ type: "text" as const, text: String(e) }], isError: true };
    }
  };
}
`,
      'src/server.ts': `${SERVER_HEADER}import { rm } from "node:fs/promises";
import { wrap } from "./wrap.js";
const handler = wrap(async ({ id }: { id: string }) => {
  await rm(id);
});
server.registerTool("t", { description: "d", inputSchema: { id: z.string() } }, handler);
`,
    };
    const r = await effectsOf(f);
    expect(r.effects).toEqual([{ effect: 'fs.delete:write:fs/promises rm', confidence: 'certain', at: at(f, 'src/server.ts', 'rm(id)'), via: [hop(f, 'fn', 'src/wrap.ts', 'fn(args)')] }]);
    expect(r.unresolved).toEqual([]);
  });

  it('follows a function returned from a factory: `const save = makeSaver(dir)`', async () => {
    const f: Files = {
      'tsconfig.json': TSCONFIG,
      'src/saver.ts': `import { writeFile } from "node:fs/promises";
import path from "node:path";
export function makeSaver(dir: string) {
  const root = path.resolve(dir);
  return async (id: string, body: string) => {
    await writeFile(path.join(root, id), body);
  };
}
`,
      'src/server.ts': serverTs(`import { makeSaver } from "./saver.js";\nconst save = makeSaver("/data");`, `  await save(id, "x");`),
    };
    const r = await effectsOf(f);
    expect(r.effects).toEqual([{ effect: WRITE, confidence: 'certain', at: at(f, 'src/saver.ts', 'writeFile('), via: [hop(f, 'save', 'src/server.ts')] }]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('exports', () => {
  it('follows a default export, `export { default as x } from`, `export * from` chains and barrel files', async () => {
    const f: Files = {
      'tsconfig.json': TSCONFIG,
      'src/lib/remove.ts': `import { rm } from "node:fs/promises";\nexport default async function remove(p: string) {\n  await rm(p);\n}\n`,
      'src/lib/write.ts': `import { writeFile } from "node:fs/promises";\nexport const write = async (p: string) => {\n  await writeFile(p, "");\n};\n`,
      'src/lib/inner.ts': `export * from "./write.js";\nexport { default as remove } from "./remove.js";\n`,
      'src/lib/index.ts': `export * from "./inner.js";\n`,
      'src/lib/purge.ts': `import { unlink } from "node:fs/promises";\nconst purge = (p: string) => unlink(p);\nexport default purge;\n`,
      'src/server.ts': serverTs(`import { remove, write } from "./lib/index.js";\nimport * as lib from "./lib/index.js";\nimport purge from "./lib/purge.js";`, `  await remove(id);\n  await lib.write(id);\n  await purge(id);`),
    };
    const r = await effectsOf(f);
    expect(r.effects).toEqual([
      { effect: 'fs.delete:write:fs/promises rm', confidence: 'certain', at: at(f, 'src/lib/remove.ts', 'rm(p)'), via: [hop(f, 'remove', 'src/server.ts', 'remove(id)')] },
      { effect: WRITE, confidence: 'certain', at: at(f, 'src/lib/write.ts', 'writeFile('), via: [hop(f, 'lib.write', 'src/server.ts')] },
      { effect: 'fs.delete:write:fs/promises unlink', confidence: 'certain', at: at(f, 'src/lib/purge.ts', 'unlink(p)'), via: [hop(f, 'purge', 'src/server.ts', 'purge(id)')] },
    ]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('module resolution', () => {
  it('follows tsconfig `paths` aliases and `baseUrl`', async () => {
    const f: Files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, baseUrl: '.', paths: { '@/*': ['src/*'] } }, include: ['src'] }),
      'src/lib/store.ts': STORE,
      'src/util/clean.ts': `import { rm } from "node:fs/promises";\nexport async function clean(p: string) {\n  await rm(p);\n}\n`,
      'src/server.ts': serverTs(`import { Store } from "@/lib/store";\nimport { clean } from "src/util/clean";\nconst store = new Store();`, `  await store.save(id, "x");\n  await clean(id);`),
    };
    const expected = [
      { effect: WRITE, confidence: 'certain', at: at(f, 'src/lib/store.ts', 'writeFile('), via: [hop(f, 'store.save', 'src/server.ts')] },
      { effect: 'fs.delete:write:fs/promises rm', confidence: 'certain', at: at(f, 'src/util/clean.ts', 'rm(p)'), via: [hop(f, 'clean', 'src/server.ts', 'clean(id)')] },
    ];
    expect((await effectsOf(f)).effects).toEqual(expected);
    // The file alone, as a pre-commit hook names it.
    expect((await effectsOf(f, ['src/server.ts'])).effects).toEqual(expected);
  });
});

describe('configs found above the linted folder', () => {
  it('lends the options of a config that extends a base not installed, and lints on', async () => {
    const f: Files = {
      'package.json': JSON.stringify({ name: 'server' }),
      'tsconfig.json': JSON.stringify({ extends: '@tsconfig/node20/tsconfig.json', compilerOptions: { baseUrl: '.', paths: { '#lib/*': ['src/lib/*'] } } }),
      'src/lib/store.ts': STORE,
      'src/server.ts': serverTs(`import { Store } from "#lib/store";\nconst store = new Store();`, `  await store.save(id, "x");`),
    };
    const r = await effectsOf(f, ['src']);
    expect(r.effects).toEqual([{ effect: WRITE, confidence: 'certain', at: at(f, 'src/lib/store.ts', 'writeFile('), via: [hop(f, 'store.save', 'src/server.ts')] }]);
  });
});

describe('monorepos', () => {
  /** A workspace package `@acme/core` (its sources in `src/`, built to `dist/`) and a server package using it. */
  const CORE_PACKAGE = JSON.stringify({ name: '@acme/core', type: 'module', main: 'dist/index.js', types: 'dist/index.d.ts', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './*': { types: './dist/*.d.ts', import: './dist/*.js' } } });
  const CORE_CONFIG = JSON.stringify({ compilerOptions: { composite: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', rootDir: 'src', outDir: 'dist' }, include: ['src'] });
  const core: Files = {
    'packages/core/package.json': CORE_PACKAGE,
    'packages/core/tsconfig.json': CORE_CONFIG,
    'packages/core/src/index.ts': `export { Store } from "./store.js";\n`,
    'packages/core/src/store.ts': STORE,
    'packages/core/src/clean.ts': `import { rm } from "node:fs/promises";\nexport async function clean(p: string) {\n  await rm(p);\n}\n`,
  };
  const serverFile = serverTs(`import { Store } from "@acme/core";\nimport { clean } from "@acme/core/clean";\nconst store = new Store();`, `  await store.save(id, "x");\n  await clean(id);`);
  const expected = (f: Files, server: string) => [
    { effect: WRITE, confidence: 'certain', at: at(f, 'packages/core/src/store.ts', 'writeFile('), via: [hop(f, 'store.save', server)] },
    { effect: 'fs.delete:write:fs/promises rm', confidence: 'certain', at: at(f, 'packages/core/src/clean.ts', 'rm(p)'), via: [hop(f, 'clean', server, 'clean(id)')] },
  ];

  it('follows project references: a solution tsconfig, each project with its own `paths`', async () => {
    const f: Files = {
      'tsconfig.json': JSON.stringify({ files: [], references: [{ path: './packages/core' }, { path: './packages/server' }] }),
      ...core,
      'packages/server/tsconfig.json': JSON.stringify({ compilerOptions: { composite: true, module: 'ESNext', moduleResolution: 'Bundler', rootDir: 'src', outDir: 'dist', paths: { '@acme/core': ['../core/src/index.ts'], '@acme/core/*': ['../core/src/*'] } }, include: ['src'], references: [{ path: '../core' }] }),
      'packages/server/src/server.ts': serverFile,
    };
    const r = await effectsOf(f, []);
    expect(r.effects).toEqual(expected(f, 'packages/server/src/server.ts'));
    expect(r.unresolved).toEqual([]);
  });

  it('follows an npm workspace package linked into node_modules, not built: its `exports` lead back to its sources', async () => {
    const f: Files = { 'package.json': JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*'] }), ...core, 'packages/server/package.json': JSON.stringify({ name: '@acme/server', dependencies: { '@acme/core': '*' } }), 'packages/server/src/server.ts': serverFile };
    for (const paths of [['packages/server'], ['packages/server/src/server.ts']]) {
      const r = await effectsOf(f, paths, { 'node_modules/@acme/core': 'packages/core' });
      expect(r.effects, paths[0]).toEqual(expected(f, 'packages/server/src/server.ts'));
      expect(r.unresolved).toEqual([]);
    }
  });

  it('follows a pnpm workspace package, not installed, whose built declarations map back through its tsconfig outDir/rootDir', async () => {
    const f: Files = {
      'pnpm-workspace.yaml': `packages:\n  - "packages/*"\n  - '!packages/ignored'\n`,
      'package.json': JSON.stringify({ name: 'acme', private: true }),
      'packages/core/package.json': JSON.stringify({ name: '@acme/core', main: 'lib/index.js', types: 'lib/index.d.ts' }),
      'packages/core/tsconfig.json': JSON.stringify({ compilerOptions: { rootDir: 'source', outDir: 'lib', declaration: true } }),
      'packages/core/lib/index.d.ts': `export declare class Store { save(id: string, body: string): Promise<void>; }\n`,
      'packages/core/lib/index.js': `export class Store { async save() {} }\n`,
      'packages/core/source/index.ts': STORE,
      'packages/server/package.json': JSON.stringify({ name: '@acme/server' }),
      'packages/server/src/server.ts': serverTs(`import { Store } from "@acme/core";\nconst store = new Store();`, `  await store.save(id, "x");`),
    };
    const r = await effectsOf(f, ['packages/server']);
    expect(r.effects).toEqual([{ effect: WRITE, confidence: 'certain', at: at(f, 'packages/core/source/index.ts', 'writeFile('), via: [hop(f, 'store.save', 'packages/server/src/server.ts')] }]);
    expect(r.unresolved).toEqual([]);
  });

  it('follows a package linked into node_modules outside any workspace (`npm link`, `file:`), whose types are its sources', async () => {
    const f: Files = {
      'core/package.json': JSON.stringify({ name: '@acme/core', types: 'src/index.ts' }),
      'core/src/index.ts': STORE,
      'server/package.json': JSON.stringify({ name: 'server' }),
      'server/src/server.ts': serverTs(`import { Store } from "@acme/core";\nconst store = new Store();`, `  await store.save(id, "x");`),
    };
    const r = await effectsOf(f, ['server'], { 'server/node_modules/@acme/core': 'core' });
    expect(r.effects).toEqual([{ effect: WRITE, confidence: 'certain', at: at(f, 'core/src/index.ts', 'writeFile('), via: [hop(f, 'store.save', 'server/src/server.ts')] }]);
  });
});

describe('dynamic import of a literal path', () => {
  it('follows `const { save } = await import(...)`, `(await import(...)).default()`, a namespace and `import(...).then((m) => ...)`', async () => {
    const f: Files = {
      'tsconfig.json': TSCONFIG,
      'src/save.ts': `import { writeFile } from "node:fs/promises";\nexport async function save(p: string) {\n  await writeFile(p, "");\n}\n`,
      'src/remove.ts': `import { rm } from "node:fs/promises";\nexport default async function (p: string) {\n  await rm(p);\n}\n`,
      'src/notes.ts': `import { appendFile } from "node:fs/promises";\nexport async function note(line: string) {\n  await appendFile("notes.txt", line);\n}\n`,
      'src/store.ts': STORE,
      'src/server.ts': serverTs(
        ``,
        `  const { save } = await import("./save.js");\n  await save(id);\n  await (await import("./remove.js")).default(id);\n  const m = await import("./notes.js");\n  await m.note(id);\n  await import("./store.js").then((s) => new s.Store().save(id, ""));`,
      ),
    };
    const r = await effectsOf(f);
    expect(r.effects).toEqual([
      { effect: WRITE, confidence: 'certain', at: at(f, 'src/save.ts', 'writeFile('), via: [hop(f, 'save', 'src/server.ts', 'await save(id)')] },
      { effect: 'fs.delete:write:fs/promises rm', confidence: 'certain', at: at(f, 'src/remove.ts', 'rm(p)'), via: [`(await import("./remove.js")).default @ ${at(f, 'src/server.ts', '.default(id)')}`] },
      { effect: 'fs.write:write:fs/promises appendFile', confidence: 'certain', at: at(f, 'src/notes.ts', 'appendFile('), via: [hop(f, 'm.note', 'src/server.ts')] },
      { effect: WRITE, confidence: 'certain', at: at(f, 'src/store.ts', 'writeFile('), via: [hop(f, 'new s.Store().save', 'src/server.ts')] },
    ]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('declared-only APIs', () => {
  it('reads the effect of a method known only from a declaration from its verb, as likely', async () => {
    const f: Files = {
      'tsconfig.json': TSCONFIG,
      'src/api.d.ts': `export declare const api: {\n  deleteItem(id: string): Promise<void>;\n  getItem(id: string): Promise<string>;\n};\n`,
      'src/server.ts': serverTs(`import { api } from "./api.js";`, `  await api.getItem(id);\n  await api.deleteItem(id);`),
    };
    const effects = tool(await lintFiles(f), 't').effects!.effects;
    expect(effects.map((e) => [e.kind, e.access, e.destructive, e.sink, e.basis, e.confidence, e.via.length])).toEqual([
      ['api', 'read', null, 'api.getItem', 'name', 'likely', 0],
      ['api', 'write', true, 'api.deleteItem', 'name', 'likely', 0],
    ]);
  });
});

describe('compiled CommonJS', () => {
  it('follows `exports.save = save` through `require("./store")`, a class in `module.exports = { Notes }`, and `module.exports = function`', async () => {
    const f: Files = {
      'server.js': `"use strict";
const mcp_js_1 = require("@modelcontextprotocol/sdk/server/mcp.js");
const store_1 = require("./store");
const { Notes } = require("./notes");
const server = new mcp_js_1.McpServer({ name: "t", version: "1" });
const notes = new Notes();
const purge = require("./purge");
server.registerTool("t", { description: "d" }, async ({ id }) => {
    await (0, store_1.save)(id);
    await notes.remove(id);
    purge(id);
    return { content: [] };
});
`,
      'purge.js': `const fs = require("fs");
module.exports = function purge(dir) {
    fs.rmSync(dir, { recursive: true });
};
`,
      'store.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.save = void 0;
const promises_1 = require("node:fs/promises");
async function save(p) {
    await (0, promises_1.writeFile)(p, "");
}
exports.save = save;
`,
      'notes.js': `"use strict";
const fs = require("fs");
class Notes {
    constructor() {
        this.dir = "/data";
    }
    async remove(id) {
        fs.unlinkSync(this.dir + "/" + id);
    }
}
module.exports = { Notes };
`,
    };
    const r = await effectsOf(f);
    expect(r.effects).toEqual([
      { effect: WRITE, confidence: 'certain', at: at(f, 'store.js', 'writeFile)('), via: [`store_1.save @ ${at(f, 'server.js', 'store_1.save')}`] },
      { effect: 'fs.delete:write:fs unlinkSync', confidence: 'certain', at: at(f, 'notes.js', 'unlinkSync('), via: [hop(f, 'notes.remove', 'server.js')] },
      { effect: 'fs.delete:write:fs rmSync', confidence: 'certain', at: at(f, 'purge.js', 'rmSync('), via: [hop(f, 'purge', 'server.js', 'purge(id)')] },
    ]);
  });

  it('follows tsc\'s downlevel output: `__awaiter` methods, a store injected through the constructor, `__importDefault`, a retry helper', async () => {
    const f: Files = {
      'server.js': `"use strict";
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) { return new Promise(function (resolve) { resolve(generator.next()); }); };
var __importDefault = (this && this.__importDefault) || function (mod) { return (mod && mod.__esModule) ? mod : { "default": mod }; };
Object.defineProperty(exports, "__esModule", { value: true });
const mcp_js_1 = require("@modelcontextprotocol/sdk/server/mcp.js");
const store_1 = __importDefault(require("./store"));
const retry_1 = require("./retry");
class Notes {
    constructor(store) {
        this.store = store;
    }
    add(id) {
        return __awaiter(this, void 0, void 0, function* () {
            yield this.store.save(id);
        });
    }
}
const notes = new Notes(new store_1.default());
const server = new mcp_js_1.McpServer({ name: "t", version: "1" });
server.registerTool("t", { description: "d" }, (_a) => __awaiter(void 0, [_a], void 0, function* ({ id }) {
    yield notes.add(id);
    yield (0, retry_1.withRetry)(() => fetch("https://api.example.com/" + id, { method: "DELETE" }));
    return { content: [] };
}));
`,
      'store.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const promises_1 = require("node:fs/promises");
class Store {
    save(id) {
        return (0, promises_1.writeFile)(id, "");
    }
}
exports.default = Store;
`,
      'retry.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.withRetry = withRetry;
async function withRetry(fn) {
    for (let i = 0; i < 3; i++) {
        try {
            return await fn();
        }
        catch (e) {
            if (i === 2)
                throw e;
        }
    }
}
`,
    };
    const r = await effectsOf(f);
    expect(r.effects).toEqual([
      { effect: WRITE, confidence: 'certain', at: at(f, 'store.js', 'writeFile)('), via: [hop(f, 'notes.add', 'server.js'), hop(f, 'this.store.save', 'server.js')] },
      { effect: 'network:write:fetch DELETE', confidence: 'certain', at: at(f, 'server.js', 'method: "DELETE"'), via: [hop(f, 'retry_1.withRetry', 'server.js', 'retry_1.withRetry)('), hop(f, 'fn', 'retry.js', 'await fn()')] },
    ]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('middleware chains', () => {
  it('follows a loop over a reordered one-entry list of middleware, and each function a `let` is assigned', async () => {
    const result = await lintFiles({
      'server.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { appendFile } from "node:fs/promises";
const server = new McpServer({ name: "t", version: "1" });
var middlewares = [
  async (req, next) => {
    await appendFile("/var/log/calls.log", req.path);
    return next();
  }
];
var applyMiddlewares = async (req, func) => {
  let next = async () => func(req);
  for (const middleware of middlewares.reverse()) {
    const prevNext = next;
    next = async () => middleware(req, prevNext);
  }
  return next();
};
server.registerTool("list", { description: "d" }, async () => {
  await applyMiddlewares({ method: "GET", path: "https://x.example.com/a" }, async (r) => fetch(r.path, { method: r.method }));
  return { content: [] };
});
`,
    });
    const t = tool(result, 'list');
    expect(t.effects?.effects.map((e) => `${e.sink} ${e.access}`).sort()).toEqual(['fetch GET read', 'fs/promises appendFile write']);
  });

  it("resolves a middleware's own `next()` to the rest of the chain, as the chain binds it (nothing is left unresolved)", async () => {
    const result = await lintFiles({
      'server.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "t", version: "1" });
const stamp = (o) => { o.seen = Date.now(); };
var middlewares = [
  async (req, next) => {
    const res = await next();
    stamp(res);
    return res;
  }
];
var applyMiddlewares = async (req, func) => {
  let next = async () => func(req);
  for (const middleware of middlewares.reverse()) {
    const prevNext = next;
    next = async () => middleware(req, prevNext);
  }
  return next();
};
class Http {
  async get(path) { return this.withMiddleware({ method: "GET", path }); }
  async withMiddleware(req) { return applyMiddlewares(req, async (r) => this.send(r)); }
  async send(r) { return fetch("https://api.example.com/" + r.path, { method: r.method }); }
}
const http = new Http();
server.registerTool("list", { description: "d" }, async () => {
  await http.get("items");
  return { content: [] };
});
`,
    });
    const t = tool(result, 'list');
    expect(t.effects?.unresolved).toEqual([]);
    expect(t.inferred).toMatchObject({ readOnly: true, destructive: false });
  });
});

describe('injected dependencies with defaults', () => {
  it('reads a parameter no call in the program passes as its default (`deps = { realpath: (p) => fs.realpath(p) }`), and one a caller passes as the caller gives it', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import fs from "node:fs/promises";
type RealpathFn = (p: string) => Promise<string>;
export async function scoped(root: string, input: string, deps: { realpath: RealpathFn } = { realpath: (p) => fs.realpath(p) }): Promise<string> {
  let real: string;
  try {
    real = await deps.realpath(root);
  } catch {
    real = root;
  }
  return real + input;
}
export async function remover(file: string, deps: { rm: (p: string) => Promise<void> } = { rm: async () => {} }) { await deps.rm(file); }
server.registerTool("read", { description: "d" }, async (args: { file: string }) => ({ content: [{ type: "text", text: await fs.readFile(await scoped(process.cwd(), args.file), "utf8") }] }));
server.registerTool("drop", { description: "d" }, async (args: { file: string }) => { await remover(args.file, { rm: (p) => fs.unlink(p) }); return { content: [] }; });
`,
    });
    expect(tool(result, 'read').effects!.unresolved).toEqual([]);
    expect(tool(result, 'read').inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
    expect(tool(result, 'drop').inferred.readOnly).toBe(false);
  });

  it('reads the default of an arrow function held in an exported const and imported by name', async () => {
    const result = await lintFiles({
      'scope.ts': `import fs from "node:fs/promises";
export const scopedArrow = async (root: string, input: string, deps: { realpath: (p: string) => Promise<string> } = { realpath: (p) => fs.realpath(p) }): Promise<string> => (await deps.realpath(root)) + input;
`,
      'server.ts': `${SERVER_HEADER}import fs from "node:fs/promises";
import { scopedArrow } from "./scope.js";
server.registerTool("read", { description: "d" }, async (args: { file: string }) => ({ content: [{ type: "text", text: await fs.readFile(await scopedArrow(process.cwd(), args.file), "utf8") }] }));
`,
    });
    expect(tool(result, 'read').effects!.unresolved).toEqual([]);
    expect(tool(result, 'read').inferred.readOnly).toBe(true);
  });
});

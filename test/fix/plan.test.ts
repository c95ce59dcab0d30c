import { chmodSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFixes, type FixType } from '../../src/fix/apply.js';
import { whyNotEditable } from '../../src/fix/editable.js';
import { lint } from '../../src/index.js';
import { SERVER_HEADER, writeProject } from '../helpers.js';

/** A server file whose tools are `body`, with a store of helpers that write, append and delete. */
function server(body: string): Record<string, string> {
  return {
    'server.ts': `${SERVER_HEADER}import { appendFile, rm, writeFile } from "node:fs/promises";\n${body}`,
  };
}

/**
 * Lints the project, makes the changes of the types asked for and returns the file's text after
 * them, the findings' `fixUnavailable` reasons, and the project folder.
 */
async function fixed(files: Record<string, string>, types: FixType[] = ['fix'], file = 'server.ts') {
  const dir = writeProject(files);
  const result = await lint({ paths: ['.'], cwd: dir });
  const outcome = await applyFixes(result.findings, new Set(types), Number.POSITIVE_INFINITY, true, dir);
  return { text: readFileSync(path.join(dir, file), 'utf8'), unavailable: result.findings.flatMap((f) => (f.fixUnavailable ? [f.fixUnavailable] : [])), outcome, dir, result };
}

const WRITE = 'async () => { await writeFile("/tmp/x", "x"); return { content: [] }; }';
const APPEND = 'async () => { await appendFile("/tmp/x", "x"); return { content: [] }; }';
const READ = 'async () => ({ content: [] })';

describe('fixes: the hint written as a literal', () => {
  it('replaces the value and nothing else: quotes, comments and trailing commas stay', async () => {
    const { text } = await fixed(
      server(`server.registerTool('save', {
  // it saves
  annotations: { readOnlyHint: true, /* keep */ openWorldHint: false, },
}, ${WRITE});
`),
    );
    expect(text).toContain(`server.registerTool('save', {
  // it saves
  annotations: { readOnlyHint: false, /* keep */ openWorldHint: false, },
}, ${WRITE});`);
  });

  it('fixes every optimistic hint a certain effect proves, in one pass', async () => {
    const { text } = await fixed(server(`server.registerTool("log", { annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } }, async () => { await appendFile("/tmp/x", "x"); await rm("/tmp/y"); await fetch("https://example.com", { method: "POST" }); return { content: [] }; });\n`));
    expect(text).toContain('annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }');
  });

  it('edits a const used by one tool where it is written', async () => {
    const { text } = await fixed(server(`const SAVE = { readOnlyHint: true } as const;\nserver.registerTool("save", { annotations: SAVE }, ${WRITE});\n`));
    expect(text).toContain('const SAVE = { readOnlyHint: false } as const;');
  });

  it('edits positional annotations of the deprecated server.tool()', async () => {
    const { text } = await fixed(server(`server.tool("save", "Saves", { id: z.string() }, { readOnlyHint: true }, ${WRITE});\n`));
    expect(text).toContain('server.tool("save", "Saves", { id: z.string() }, { readOnlyHint: false }, ');
  });

  it('leaves a computed value as it is and says why', async () => {
    const { text, unavailable } = await fixed(server(`const ro = process.env.RO === "1";\nserver.registerTool("save", { annotations: { readOnlyHint: ro || true } }, ${WRITE});\n`));
    expect(text).toContain('readOnlyHint: ro || true');
    expect(unavailable).toEqual(['readOnlyHint: its value is computed (ro || true), not true or false']);
  });

  it('leaves a shorthand property and says it is a variable', async () => {
    const { text, unavailable } = await fixed(server(`const readOnlyHint = true;\nserver.registerTool("save", { annotations: { readOnlyHint } }, ${WRITE});\n`));
    expect(text).toContain('annotations: { readOnlyHint }');
    expect(unavailable).toEqual(['readOnlyHint: its value is the variable readOnlyHint, not a literal']);
  });
});

describe('fixes: the text as it is on disk', () => {
  it('keeps a byte-order mark, CRLF line breaks and text before the hint that is not ASCII (offsets do not count the mark)', async () => {
    const source = `\uFEFF${SERVER_HEADER}import { writeFile } from "node:fs/promises";\n// ✅ emoji 😀 and 中文\nconst RO = { readOnlyHint: true };\nserver.registerTool("list", { annotations: RO }, ${READ});\nserver.registerTool("save", {\n  annotations: {\n    ...RO\n  },\n}, ${WRITE});\nserver.registerTool("get", {\n  annotations: {\n    readOnlyHint: true,\n    idempotentHint: true,\n    openWorldHint: false,\n  },\n}, ${READ});\n`.replace(/\n/g, '\r\n');
    const { text } = await fixed({ 'server.ts': source });
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    expect(text).toContain('  annotations: {\r\n    ...RO,\r\n    readOnlyHint: false\r\n  },');
    expect(text).toContain('  annotations: {\r\n    readOnlyHint: true,\r\n    openWorldHint: false,\r\n  },');
  });
});

describe('fixes: hints read from a value made elsewhere', () => {
  it('names the expression the hints come from when they are not written where the tool is registered (a JSON file)', async () => {
    const { unavailable } = await fixed({
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext', resolveJsonModule: true, strict: true }, include: ['*.ts'] }),
      'defs.json': JSON.stringify({ save: { readOnlyHint: true } }),
      ...server(`import defs from "./defs.json" with { type: "json" };\nconst def = { name: "save", annotations: defs.save };\nserver.registerTool(def.name, { annotations: def.annotations }, ${WRITE});\n`),
    });
    expect(unavailable).toEqual(['readOnlyHint comes from `def.annotations` at server.ts:7, a value made elsewhere: edit the hint where it is written']);
  });
});

describe('fixes: presets shared by several tools', () => {
  it('edits the preset once when every tool that shares it needs the change', async () => {
    const { text, outcome } = await fixed(server(`const RO = { readOnlyHint: true };\nserver.registerTool("a", { annotations: RO }, ${WRITE});\nserver.registerTool("b", { annotations: { ...RO } }, ${APPEND});\n`));
    expect(text).toContain('const RO = { readOnlyHint: false };');
    expect(outcome.attempts.filter((a) => a.notMade === null)).toHaveLength(2);
  });

  it('adds the hint after the spread in the tool own object when other tools need the preset as it is', async () => {
    const { text } = await fixed(server(`const RO = { readOnlyHint: true, openWorldHint: false };\nserver.registerTool("list", { annotations: RO }, ${READ});\nserver.registerTool("save", { annotations: { ...RO, title: "Save" } }, ${WRITE});\n`));
    expect(text).toContain('const RO = { readOnlyHint: true, openWorldHint: false };');
    expect(text).toContain('annotations: { ...RO, readOnlyHint: false, title: "Save" }');
  });

  it('follows the layout of a multi-line object: a line of its own, at the indentation of the spread', async () => {
    const { text } = await fixed(server(`const RO = { readOnlyHint: true };\nserver.registerTool("list", { annotations: RO }, ${READ});\nserver.registerTool("save", {\n  annotations: {\n    ...RO\n  },\n}, ${WRITE});\n`));
    expect(text).toContain('  annotations: {\n    ...RO,\n    readOnlyHint: false\n  },');
  });

  it('does not edit a preset a tool names as a whole when others need it as it is, and says how to give the tool its own', async () => {
    const { text, unavailable } = await fixed(server(`const RO = { readOnlyHint: true };\nserver.registerTool("list", { annotations: RO }, ${READ});\nserver.registerTool("save", { annotations: RO }, ${WRITE});\n`));
    expect(text).toContain('const RO = { readOnlyHint: true };');
    expect(unavailable).toEqual(['readOnlyHint is written in a preset at server.ts:5 that another tool shares ("list"), which does not need the change: give "save" its own annotations ({ ...preset, readOnlyHint: false }), as its suggestion does']);
  });

  it('suggests the tool its own object in place of the preset it names, in registerTool and in tool()', async () => {
    const files = server(`const RO = { readOnlyHint: true };\nserver.registerTool("list", { annotations: RO }, ${READ});\nserver.registerTool("save", { annotations: RO }, ${WRITE});\nserver.tool("drop", "Drops", {}, RO, async () => { await rm("/tmp/x"); return { content: [] }; });\n`);
    const { text, result } = await fixed(files, ['suggestion']);
    expect(result.findings.find((f) => f.tool === 'save' && f.ruleId === 'optimistic-read-only')!.suggestions!.map((s) => s.desc)).toEqual(['Give "save" its own annotations: { ...RO, readOnlyHint: false }']);
    expect(text).toContain('server.registerTool("save", { annotations: { ...RO, readOnlyHint: false } }, ');
    expect(text).toContain('server.tool("drop", "Drops", {}, { ...RO, readOnlyHint: false }, ');
    expect(text).toContain('server.registerTool("list", { annotations: RO }, ');
  });
});

describe('fixes: only files the run lints are edited (fresh-user trial)', () => {
  it('does not edit a preset in a file the run only imports, which tools it does not lint may share', async () => {
    const dir = writeProject({
      'presets.ts': 'export const RO = { readOnlyHint: true, openWorldHint: false } as const;\n',
      'a.ts': `${SERVER_HEADER}import { readFile } from "node:fs/promises";\nimport { RO } from "./presets.js";\nserver.registerTool("reader", { annotations: RO }, async () => ({ content: [{ type: "text" as const, text: await readFile("/tmp/x", "utf8") }] }));\n`,
      'sub/b.ts': `${SERVER_HEADER}import { writeFile } from "node:fs/promises";\nimport { RO } from "../presets.js";\nserver.registerTool("writer", { annotations: RO }, ${WRITE});\n`,
    });
    const result = await lint({ paths: ['sub'], cwd: dir });
    const outcome = await applyFixes(result.findings, new Set(['fix']), Number.POSITIVE_INFINITY, true, dir);
    expect(outcome.files).toEqual([]);
    expect(readFileSync(path.join(dir, 'presets.ts'), 'utf8')).toContain('readOnlyHint: true');
    expect(result.findings.find((f) => f.ruleId === 'optimistic-read-only')!.fixUnavailable).toBe('readOnlyHint is written in presets.ts:1, and this run does not lint that file (it only reads it for the files named): run --fix on the files or the project that hold it');
  });

  it('does not add a key after the spread that the object already writes before it (a duplicate key, TS1117)', async () => {
    const { text, unavailable } = await fixed(server(`const RO = { readOnlyHint: true };\nserver.registerTool("list", { annotations: RO }, ${READ});\nserver.registerTool("save", { annotations: { readOnlyHint: false, ...RO } }, ${WRITE});\n`));
    expect(text).toContain('annotations: { readOnlyHint: false, ...RO } }');
    expect(unavailable).toHaveLength(1);
  });

  it('does not rewrite a write-protected file', async () => {
    const dir = writeProject(server(`server.registerTool("save", { annotations: { readOnlyHint: true } }, ${WRITE});\n`));
    chmodSync(path.join(dir, 'server.ts'), 0o444);
    const result = await lint({ paths: ['.'], cwd: dir });
    expect(result.findings.find((f) => f.ruleId === 'optimistic-read-only')!.fixUnavailable).toBe('readOnlyHint is written in server.ts:5, and it is write-protected (no write permission)');
  });
});

describe('fixes: hints the spec gives no meaning are removed (meaningless-hint)', () => {
  it('removes a key from the middle of a one-line object with its comma', async () => {
    const { text } = await fixed(server(`server.registerTool("get", { annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false } }, ${READ});\n`));
    expect(text).toContain('annotations: { readOnlyHint: true, openWorldHint: false }');
  });

  it('removes the last key of a one-line object with the comma before it', async () => {
    const { text } = await fixed(server(`server.registerTool("get", { annotations: { readOnlyHint: true, openWorldHint: false, destructiveHint: true } }, ${READ});\n`));
    expect(text).toContain('annotations: { readOnlyHint: true, openWorldHint: false }');
  });

  it('removes a key on a line of its own with its line, keeping the comments of the others', async () => {
    const { text } = await fixed(server(`server.registerTool("get", {\n  annotations: {\n    readOnlyHint: true,\n    idempotentHint: true, // retries are fine\n    // closed: local only\n    openWorldHint: false,\n  },\n}, ${READ});\n`));
    expect(text).toContain('  annotations: {\n    readOnlyHint: true,\n    // closed: local only\n    openWorldHint: false,\n  },');
  });
});

describe('suggestions: applied only when asked for', () => {
  it('adds the hints the code supports to a tool without annotations, in its config object', async () => {
    const files = server(`server.registerTool("get", { description: "Gets" }, ${READ});\n`);
    expect((await fixed(files)).text).toContain('server.registerTool("get", { description: "Gets" }, ');
    const { text } = await fixed(files, ['suggestion']);
    expect(text).toContain('server.registerTool("get", { description: "Gets", annotations: { readOnlyHint: true, openWorldHint: false } }, ');
  });

  it('adds an omitted hint to the tool own object', async () => {
    const { text } = await fixed(server(`server.registerTool("get", { annotations: { openWorldHint: false } }, ${READ});\n`), ['suggestion']);
    expect(text).toContain('annotations: { openWorldHint: false, readOnlyHint: true }');
  });

  it('offers a change that rests on a likely effect as a suggestion, not a fix', async () => {
    const files = server(`declare const api: { deleteLabel(id: string): Promise<void> };\nserver.registerTool("drop", { annotations: { readOnlyHint: false, destructiveHint: false } }, async () => { await api.deleteLabel("x"); return { content: [] }; });\n`);
    const { result, text } = await fixed(files);
    const finding = result.findings.find((f) => f.ruleId === 'optimistic-non-destructive');
    expect(finding).toMatchObject({ severity: 'warning', confidence: 'likely' });
    expect(finding!.fix).toBeUndefined();
    expect(finding!.suggestions?.map((s) => s.desc)).toEqual(['Declare destructiveHint: true']);
    expect(text).toContain('destructiveHint: false');
    expect((await fixed(files, ['suggestion'])).text).toContain('destructiveHint: true');
  });
});

describe('files the fixer never edits', () => {
  it('names compiled JavaScript, declarations and dependencies', () => {
    const dir = writeProject({ 'dist/index.js': 'x;\n//# sourceMappingURL=index.js.map\n', 'lib/a.js': 'x;\n', 'lib/a.js.map': '{}', 'out/b.js': 'x;\n', 'out/b.d.ts': '', 'src/c.js': 'x;\n', 'node_modules/p/i.js': 'x;\n' });
    expect(whyNotEditable(path.join(dir, 'dist/index.js'))).toMatch(/compiled JavaScript \(it names a source map\)/);
    expect(whyNotEditable(path.join(dir, 'lib/a.js'))).toMatch(/compiled JavaScript \(a.js.map is beside it\)/);
    expect(whyNotEditable(path.join(dir, 'out/b.js'))).toMatch(/compiled JavaScript \(a declaration file of the same name/);
    expect(whyNotEditable(path.join(dir, 'out/b.d.ts'))).toBe('it is a declaration file');
    expect(whyNotEditable(path.join(dir, 'node_modules/p/i.js'))).toMatch(/under node_modules/);
    expect(whyNotEditable(path.join(dir, 'src/c.js'))).toBeNull();
    const built = writeProject({ 'tsconfig.json': '{ // comments, as tsc allows\n "compilerOptions": { "outDir": "build" } }', 'build/server.js': 'export const x = 1;\n', 'build/cjs.js': '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n', 'tools/hand.js': 'export const y = 2;\n' });
    expect(whyNotEditable(path.join(built, 'build/server.js'))).toBe('it is compiled JavaScript (it is in build/, the outDir of the tsconfig.json above it): fix its source');
    expect(whyNotEditable(path.join(built, 'build/cjs.js'))).toBe("it is compiled JavaScript (it holds a compiler's helpers): fix its source");
    expect(whyNotEditable(path.join(built, 'tools/hand.js'))).toBeNull();
    const more = writeProject({ 'block.js': 'x;\n/*# sourceMappingURL=block.js.map */\n', 'indented.js': 'x;\n  //# sourceMappingURL=i.js.map\n', 'twin.js': 'x;\n', 'twin.ts': 'x;\n' });
    expect(whyNotEditable(path.join(more, 'block.js'))).toMatch(/it names a source map/);
    expect(whyNotEditable(path.join(more, 'indented.js'))).toMatch(/it names a source map/);
    expect(whyNotEditable(path.join(more, 'twin.js'))).toMatch(/twin.ts or the like is beside it/);
  });

  it('leaves compiled JavaScript as it is and says to fix its source', async () => {
    const { text, unavailable } = await fixed({ 'index.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { writeFile } from "node:fs/promises";\nconst server = new McpServer({ name: "t", version: "1" });\nserver.registerTool("save", { annotations: { readOnlyHint: true } }, ${WRITE});\n//# sourceMappingURL=index.js.map\n` }, ['fix'], 'index.js');
    expect(text).toContain('readOnlyHint: true');
    expect(unavailable).toEqual(['readOnlyHint is written in index.js:4, and it is compiled JavaScript (it names a source map): fix its source']);
  });

  it('does not replace a source file that is a symbolic link, nor the file it leads to', async () => {
    const dir = writeProject(server(`server.registerTool("save", { annotations: { readOnlyHint: true } }, ${WRITE});\n`));
    const real = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    writeFileSync(path.join(dir, 'real.txt'), real);
    const link = path.join(dir, 'linked.ts');
    symlinkSync(path.join(dir, 'real.txt'), link);
    const result = await lint({ paths: ['linked.ts'], cwd: dir });
    const outcome = await applyFixes(result.findings, new Set(['fix']), Number.POSITIVE_INFINITY, true, dir);
    expect(readFileSync(path.join(dir, 'real.txt'), 'utf8')).toBe(real);
    expect(outcome.files).toEqual([]);
    expect([...outcome.attempts.map((a) => a.notMade), ...outcome.unavailable.map((u) => u.reason)].join('\n')).toMatch(/symbolic link/);
  });

  it('does not edit a file that is not UTF-8, which would not be written back byte for byte', async () => {
    const dir = writeProject({});
    const latin1 = Buffer.from(`${SERVER_HEADER}import { writeFile } from "node:fs/promises";\n// caf\u00e9\nserver.registerTool("save", { annotations: { readOnlyHint: true } }, ${WRITE});\n`, 'latin1');
    writeFileSync(path.join(dir, 'server.ts'), latin1);
    const result = await lint({ paths: ['.'], cwd: dir });
    const outcome = await applyFixes(result.findings, new Set(['fix']), Number.POSITIVE_INFINITY, true, dir);
    expect(outcome.attempts.map((a) => a.notMade)).toEqual(['it is not UTF-8 text, which the fixer writes: fix it by hand']);
    expect(readFileSync(path.join(dir, 'server.ts')).equals(latin1)).toBe(true);
  });

  it('does not edit a file changed after the run read it', async () => {
    const dir = writeProject(server(`server.registerTool("save", { annotations: { readOnlyHint: true } }, ${WRITE});\n`));
    const result = await lint({ paths: ['.'], cwd: dir });
    const outcome = await applyFixes(result.findings, new Set(['fix']), 0, true, dir);
    expect(outcome.attempts.map((a) => a.notMade)).toEqual(['the file changed after the run read it; run again']);
    expect(readFileSync(path.join(dir, 'server.ts'), 'utf8')).toContain('readOnlyHint: true');
  });
});

describe('a dry run', () => {
  it('writes nothing and gives the text --fix would write', async () => {
    const dir = writeProject(server(`server.registerTool("save", { annotations: { readOnlyHint: true } }, ${WRITE});\n`));
    const before = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const result = await lint({ paths: ['.'], cwd: dir });
    const outcome = await applyFixes(result.findings, new Set(['fix']), Number.POSITIVE_INFINITY, false, dir);
    expect(readFileSync(path.join(dir, 'server.ts'), 'utf8')).toBe(before);
    expect(outcome.files).toEqual([{ file: path.join(dir, 'server.ts'), before, after: before.replace('readOnlyHint: true', 'readOnlyHint: false') }]);
  });
});

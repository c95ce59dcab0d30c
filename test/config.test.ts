import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import { ConfigSchema } from '../src/config/schema.js';
import { lint, type LintResult } from '../src/index.js';
import { SERVER_HEADER, writeProject } from './helpers.js';

const SERVER = `${SERVER_HEADER}import { appendFile } from "node:fs/promises";
import { db } from "./db.js";
async function writeAudit(line: string) { await appendFile("audit.jsonl", line); }
server.registerTool("purge", { description: "d", inputSchema: {}, annotations: { destructiveHint: false } }, async () => {
  await db.exec("anything");
  return { content: [] };
});
server.registerTool("peek", { description: "d", inputSchema: {}, annotations: { readOnlyHint: true } }, async () => {
  await writeAudit("peeked");
  return { content: [] };
});
`;
/** The findings of the optimistic-* rules (missing-annotations is not what these cases are about). */
const optimistic = (r: LintResult) => r.findings.filter((f) => f.ruleId.startsWith('optimistic-'));

const DB = `export const db = { exec: async (sql: string) => { void sql; } };\n`;

describe('configuration: sinks and incidental (issue #4)', () => {
  it('a configured sink judges a wrapper the linter would see as effect-free; an incidental write is info', async () => {
    const config = ConfigSchema.parse({
      sinks: [{ call: 'db.exec', kind: 'database', access: 'write', destructive: true, idempotent: false }],
      incidental: [{ call: 'writeAudit', reason: 'an audit trail' }],
    });
    const dir = writeProject({ 'server.ts': SERVER, 'db.ts': DB });
    const without = await lint({ paths: ['.'], cwd: dir });
    expect(optimistic(without).map((f) => `${f.tool} ${f.ruleId} ${f.severity}`)).toEqual(['peek optimistic-read-only error']);
    const result = await lint({ paths: ['.'], cwd: dir, config });
    expect(optimistic(result).map((f) => `${f.tool} ${f.ruleId} ${f.severity}`)).toEqual(['purge optimistic-non-destructive error', 'peek optimistic-read-only info']);
    const purge = result.tools.find((t) => t.name === 'purge')!;
    expect(purge.effects!.effects[0]).toMatchObject({ kind: 'database', access: 'write', destructive: true, sink: 'config db.exec', confidence: 'certain' });
    const peek = optimistic(result).find((f) => f.tool === 'peek')!;
    expect(peek.message).toMatch(/\(incidental: an audit trail\)$/);
    expect(peek.evidence[0]).toMatchObject({ sink: 'fs/promises appendFile', incidental: 'an audit trail' });
  });

  it('marks file writes incidental by path glob, and package calls by module', async () => {
    const config = ConfigSchema.parse({ incidental: [{ path: '**/.cache/**' }, { module: '@acme/metrics' }] });
    const dir = writeProject({
      'server.ts': `${SERVER_HEADER}import { writeFile } from "node:fs/promises";\nimport { count } from "@acme/metrics";\nserver.registerTool("t", { description: "d", inputSchema: {}, annotations: { readOnlyHint: true } }, async () => {\n  await writeFile("/tmp/.cache/x.json", "{}");\n  count("t");\n  return { content: [] };\n});\n`,
    });
    const result = await lint({ paths: ['.'], cwd: dir, config });
    expect(optimistic(result).map((f) => `${f.ruleId} ${f.severity}`)).toEqual(['optimistic-read-only info']);
    expect(result.tools[0]!.effects!.effects.map((e) => `${e.sink}: ${e.incidental}`)).toEqual(['fs/promises writeFile: marked incidental in the configuration', '@acme/metrics count: marked incidental in the configuration']);
    expect(result.tools[0]!.effects!.unresolved).toEqual([]);
  });

  it('loads .mcplintrc.json by searching upwards to the repository root, and reports each schema error on one line with its key path', async () => {
    const dir = writeProject({ '.git/HEAD': '', '.mcplintrc.json': JSON.stringify({ sinks: [{ call: 'db.exec', access: 'write' }] }), 'sub/x.ts': '' });
    const loaded = await loadConfig(path.join(dir, 'sub'));
    expect(loaded.file).toBe(path.join(dir, '.mcplintrc.json'));
    expect(loaded.config.sinks[0]).toMatchObject({ call: 'db.exec', access: 'write', kind: 'api', destructive: null, openWorld: false });
    const bad = writeProject({ '.mcplintrc.json': JSON.stringify({ sink: [], incidental: [{ reason: 'x' }], sinks: [{ call: 'a', access: 'writes' }] }) });
    const error = await loadConfig(bad).catch((e: Error) => e);
    expect((error as Error).message.split('\n').sort()).toEqual([
      '.mcplintrc.json: (root): Unrecognized key: "sink"',
      '.mcplintrc.json: incidental[0]: give `call`, `module` or `path`',
      '.mcplintrc.json: sinks[0].access: Invalid option: expected one of "read"|"write"|"unknown"',
    ]);
  });

  it('accepts the example configuration shipped at the root', () => {
    const example = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '.mcplintrc.example.json'), 'utf8'));
    expect(ConfigSchema.safeParse(example).success).toBe(true);
  });

  it('names the file and the reason, in one line, for a config that cannot be read (found by the fresh-user trial)', async () => {
    const dir = writeProject({ 'bad.json': '{ "sinks": [ \n', 'bad.yaml': 'sinks: [a\n  b: 1\n', 'empty.json': '', 'null.json': 'null', 'folder/x.txt': '' });
    const message = async (file: string) => ((await loadConfig(dir, file).catch((e: Error) => e)) as Error).message;
    expect(await message('bad.json')).toMatch(/^bad\.json: cannot read the configuration: JSON error: .+/);
    expect(await message('bad.yaml')).toMatch(/^bad\.yaml: cannot read the configuration: YAML error: .+/);
    expect(await message('folder')).toBe('folder: cannot read the configuration: it is a folder, not a file');
    expect(await message('missing.json')).toBe('missing.json: cannot read the configuration: file not found');
    expect(await message('empty.json')).toBe('empty.json: the configuration is empty (write {} for the defaults)');
    expect(await message('null.json')).toBe('null.json: the configuration is empty (write {} for the defaults)');
    for (const f of ['bad.json', 'bad.yaml', 'folder', 'missing.json', 'empty.json']) expect(await message(f)).not.toContain('\n');
  });

  it('puts database servers in the open world when `databaseServers` says so, never a local SQLite file', async () => {
    const dir = writeProject({
      'server.ts': `${SERVER_HEADER}import { Pool } from "pg";\nimport Database from "better-sqlite3";\nconst pool = new Pool();\nconst db = new Database("notes.db");\nserver.registerTool("t", { description: "d", inputSchema: {} }, async () => {\n  await pool.query("SELECT 1");\n  db.prepare("SELECT 1").all();\n  return { content: [] };\n});\n`,
    });
    const worlds = async (databaseServers: 'closed-world' | 'open-world') =>
      (await lint({ paths: ['.'], cwd: dir, config: ConfigSchema.parse({ databaseServers }) })).tools[0]!.effects!.effects.map((e) => `${e.sink.split(' ')[0]}:${e.openWorld}`);
    expect(await worlds('closed-world')).toEqual(['pg:false', 'better-sqlite3:false']);
    expect(await worlds('open-world')).toEqual(['pg:true', 'better-sqlite3:false']);
  });

  it('names the file a search found when it cannot be read: .mcplintrc.json, not .mcplintrc; a module that throws (second fresh-user trial)', async () => {
    const json = writeProject({ '.mcplintrc.json': '{ "sinks": [ {"call": "x", ] }', 'package.json': '{}' });
    const cjs = writeProject({ '.mcplintrc.cjs': 'throw new Error("boom");\n', 'package.json': '{}' });
    const message = async (dir: string) => ((await loadConfig(dir).catch((e: Error) => e)) as Error).message;
    expect(await message(json)).toMatch(/^\.mcplintrc\.json: cannot read the configuration: JSON error: /);
    expect(await message(cjs)).toBe('.mcplintrc.cjs: cannot read the configuration: boom');
  });

  it('reports an empty file or a folder found by searching instead of passing over it, and reads past a byte order mark (third fresh-user trial)', async () => {
    const message = async (files: Record<string, string>) => ((await loadConfig(writeProject({ 'package.json': '{}', ...files })).catch((e: Error) => e)) as Error).message;
    expect(await message({ '.mcplintrc.json': '' })).toBe('.mcplintrc.json: the configuration is empty (write {} for the defaults)');
    expect(await message({ '.mcplintrc.json': 'null' })).toBe('.mcplintrc.json: the configuration is empty (write {} for the defaults)');
    expect(await message({ '.mcplintrc.yaml': '' })).toBe('.mcplintrc.yaml: the configuration is empty (write {} for the defaults)');
    expect(await message({ '.mcplintrc.json/x': '' })).toBe('.mcplintrc.json: cannot read the configuration: it is a folder, not a file');
    // cosmiconfig's order: package.json#mcplint comes before .mcplintrc* in one folder.
    expect(await message({ '.mcplintrc.json': '', 'package.json': JSON.stringify({ mcplint: { rules: { x: 'off' } } }) })).toMatch(/^package\.json: rules: Unrecognized key: "x"/);
    const bom = writeProject({ 'package.json': '{}', '.mcplintrc.json': '\uFEFF{ "profile": "directory" }', 'y/.mcplintrc.yaml': '\uFEFFprofile: directory\n', 'y/package.json': '{}' });
    expect((await loadConfig(bom)).config.profile).toBe('directory');
    expect((await loadConfig(path.join(bom, 'y'))).config.profile).toBe('directory');
    expect(await loadConfig(writeProject({ 'package.json': '{}' }))).toEqual({ config: ConfigSchema.parse({}), file: null });
  });

  it('shows a configuration outside the working directory by its absolute path', async () => {
    const dir = writeProject({ 'c.json': '{"profile": 1}' });
    const error = (await loadConfig(writeProject({}), path.join(dir, 'c.json')).catch((e: Error) => e)) as Error;
    expect(error.message).toBe(`${path.join(dir, 'c.json')}: profile: Invalid option: expected one of "spec"|"directory"`);
  });
});

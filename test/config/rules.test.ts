import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { starterConfig } from '../../src/commands/init.js';
import { configJsonSchemaText } from '../../src/config/json-schema.js';
import { loadConfig } from '../../src/config/load.js';
import { ConfigSchema } from '../../src/config/schema.js';
import { lint, type LintResult } from '../../src/index.js';
import { SERVER_HEADER, writeProject } from '../helpers.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Three tools: `peek` claims read-only and writes a file; `add` has no annotations; `look` is read-only with idempotentHint. */
const SERVER = `${SERVER_HEADER}import { writeFile, readFile } from "node:fs/promises";
server.registerTool("peek", { description: "d", inputSchema: {}, annotations: { readOnlyHint: true } }, async () => {
  await writeFile("/tmp/x", "y");
  return { content: [] };
});
server.registerTool("add", { description: "d", inputSchema: {} }, async () => ({ content: [] }));
server.registerTool("look", { title: "Look", description: "d", inputSchema: {}, annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false } }, async () => {
  await readFile("/tmp/x");
  return { content: [] };
});
`;

/** `tool rule severity` per finding. */
const rows = (r: LintResult) => r.findings.map((f) => `${f.tool} ${f.ruleId} ${f.severity}`);

async function lintWith(config: unknown, files: Record<string, string> = { 'server.ts': SERVER }, paths = ['.']): Promise<LintResult> {
  const dir = writeProject(files);
  return lint({ paths, cwd: dir, config: ConfigSchema.parse(config), configFile: path.join(dir, '.mcplintrc.json') });
}

/** The error lines loadConfig gives for a configuration. */
async function errorsOf(config: unknown): Promise<string[]> {
  const dir = writeProject({ '.mcplintrc.json': JSON.stringify(config) });
  const error = await loadConfig(dir).catch((e: Error) => e);
  return error instanceof Error ? error.message.split('\n') : [];
}

describe('configuration: rules, overrides, profile (issue #5)', () => {
  it('without configuration, every rule has its recommended severity', async () => {
    expect(rows(await lintWith({}))).toEqual(['peek missing-annotations warning', 'peek optimistic-read-only error', 'add missing-annotations warning', 'look meaningless-hint warning']);
  });

  it('turns rules off and changes severities', async () => {
    expect(rows(await lintWith({ rules: { 'meaningless-hint': 'off', 'optimistic-read-only': 'warn', 'missing-annotations': ['error'] } }))).toEqual([
      'peek missing-annotations error',
      'peek optimistic-read-only warning',
      'add missing-annotations error',
    ]);
  });

  it('applies overrides by tool name glob and by file glob, later ones winning', async () => {
    const files = { 'server.ts': SERVER, 'legacy/old.ts': `${SERVER_HEADER}server.registerTool("old_one", { description: "d", inputSchema: {} }, async () => ({ content: [] }));\n` };
    const result = await lintWith(
      {
        rules: { 'missing-annotations': 'error' },
        overrides: [
          { tools: ['pe*', 'add'], rules: { 'optimistic-read-only': 'info', 'missing-annotations': 'warn' } },
          { files: ['legacy/**'], rules: { 'missing-annotations': 'off' } },
          { tools: ['add'], rules: { 'missing-annotations': 'error' } },
        ],
      },
      files,
    );
    // old_one (legacy/) has its missing-annotations off; peek's are lowered by the first override; add's raised again by the last.
    expect(rows(result)).toEqual(['peek missing-annotations warning', 'peek optimistic-read-only info', 'add missing-annotations error', 'look meaningless-hint warning']);
  });

  it('an override needs both its globs to match when it has both', async () => {
    const result = await lintWith({ overrides: [{ files: ['other/**'], tools: ['add'], rules: { 'missing-annotations': 'off' } }] });
    expect(rows(result)).toContain('add missing-annotations warning');
  });

  it('a severity without options keeps the options set before it (the profile\'s), as in ESLint', async () => {
    const result = await lintWith({ profile: 'directory', rules: { 'missing-annotations': 'warn' } });
    expect(result.findings.filter((f) => f.tool === 'look').map((f) => `${f.messageId} ${f.severity}`)).toEqual(['titleNotInAnnotations warning', 'explicit warning', 'ignored warning']);
  });

  it('the directory profile asks for every hint and annotations.title, as errors', async () => {
    const result = await lintWith({ profile: 'directory' });
    expect(result.findings.map((f) => `${f.tool} ${f.messageId}${f.hint ? ` ${f.hint}` : ''} ${f.severity}`)).toEqual([
      'peek noTitle error',
      // An omitted hint whose default misdescribes the tool keeps its own message; the others are asked for as such.
      'peek omitted openWorldHint error',
      'peek explicit destructiveHint error',
      'peek writes readOnlyHint error',
      'add noTitle error',
      'add none error',
      'look titleNotInAnnotations error',
      'look explicit destructiveHint error',
      'look ignored idempotentHint warning',
    ]);
    const spec = await lintWith({ profile: 'spec' });
    expect(spec.findings.some((f) => f.messageId === 'noTitle' || f.messageId === 'explicit')).toBe(false);
  });

  it('lints the `include` globs when no path is given, never the `exclude` ones (even when named), and reads `tsconfig`', async () => {
    const files = {
      'src/a.ts': SERVER,
      'src/gen/b.ts': `${SERVER_HEADER}server.registerTool("generated", { description: "d", inputSchema: {} }, async () => ({ content: [] }));\n`,
      'other/c.ts': `${SERVER_HEADER}server.registerTool("other", { description: "d", inputSchema: {} }, async () => ({ content: [] }));\n`,
      'config/tsconfig.lint.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['../other/**/*.ts'] }),
    };
    const dir = writeProject(files);
    const names = (r: LintResult) => r.tools.map((t) => t.name);
    const run = (config: unknown, paths: string[] = []) => lint({ paths, cwd: dir, config: ConfigSchema.parse(config), configFile: path.join(dir, '.mcplintrc.json') });
    expect(names(await run({ include: ['src/**/*.ts'] }))).toEqual(['peek', 'add', 'look', 'generated']);
    expect(names(await run({ include: ['src/**/*.ts'], exclude: ['src/gen/**'] }))).toEqual(['peek', 'add', 'look']);
    expect(names(await run({ exclude: ['src/gen/**'] }, ['src/gen/b.ts', 'other/c.ts']))).toEqual(['other']);
    expect(names(await run({ tsconfig: 'config/tsconfig.lint.json' }))).toEqual(['other']);
    await expect(run({ tsconfig: 'missing.json' })).rejects.toThrow('.mcplintrc.json: tsconfig: missing.json does not exist');
    await expect(run({ include: ['src/**/*.ts'], exclude: ['**'] })).rejects.toThrow('.mcplintrc.json: "exclude" leaves out every file of the project (2); nothing would be linted');
    await expect(run({ tsconfig: 'config/tsconfig.lint.json', exclude: ['other/**'] })).rejects.toThrow('.mcplintrc.json: "exclude" leaves out every file of the project (1); nothing would be linted');
    await expect(run({ exclude: ['src/**'] }, ['src'])).rejects.toThrow('.mcplintrc.json: "exclude" leaves out every file that src names (2); nothing would be linted');
    await expect(run({ exclude: ['src/**'] }, ['src/**/*.ts'])).rejects.toThrow('.mcplintrc.json: "exclude" leaves out every file that src/**/*.ts names (2); nothing would be linted');
    const excludedNamed = await run({ exclude: ['src/gen/**'] }, ['src/gen/b.ts']);
    expect(excludedNamed.tools).toEqual([]);
    expect(excludedNamed.skipped).toEqual([{ path: 'src/gen/b.ts', reason: 'excluded by "exclude" in .mcplintrc.json' }]);
  });
});

describe('configuration errors: one line each, naming the key path (issue #5)', () => {
  it.each([
    [{ rules: { 'missing-annotations': 'warning' } }, 'rules.missing-annotations: expected a severity ("off", "info", "warn", "error"), [severity] or [severity, options]'],
    [{ rules: { 'meaningless-hint': 2 } }, 'rules.meaningless-hint: expected a severity ("off", "info", "warn", "error"), [severity] or [severity, options]'],
    [{ rules: { 'missing-annotations': ['warning'] } }, 'rules.missing-annotations[0]: expected "off", "info", "warn" or "error"'],
    [{ rules: { 'missing-annotations': ['warn', { hints: 'some' }] } }, 'rules.missing-annotations[1].hints: Invalid option: expected one of "contradicting"|"all"'],
    [{ rules: { 'missing-annotations': ['warn', { bogus: true }] } }, 'rules.missing-annotations[1]: Unrecognized key: "bogus"'],
    [{ rules: { 'optimistic-read-only': ['warn', { x: 1 }] } }, 'rules.optimistic-read-only: this rule takes no options: expected a severity ("off", "info", "warn", "error") or [severity]'],
    [{ rules: { 'no-such-rule': 'off' } }, 'rules: Unrecognized key: "no-such-rule" (`mcp-annotate-lint rules` lists the rule ids)'],
    [{ rules: { 'parse-error': 'off' } }, 'rules: "parse-error" cannot be configured: a file that cannot be read or parsed, or an analysis that failed, is always an error'],
    [{ overrides: [{ tools: ['x'], rules: { 'nope': 'off' } }] }, 'overrides[0].rules: Unrecognized key: "nope" (`mcp-annotate-lint rules` lists the rule ids)'],
    [{ overrides: [{ rules: {} }] }, 'overrides[0]: give `files` or `tools` (or both)'],
    [{ overrides: [{ files: [], rules: {} }] }, 'overrides[0].files: Too small: expected array to have >=1 items'],
    [{ overrides: [{ tools: ['x'], rules: { 'meaningless-hint': 'of' } }] }, 'overrides[0].rules.meaningless-hint: expected a severity ("off", "info", "warn", "error"), [severity] or [severity, options]'],
    [{ overrides: [{ tools: ['x'] }] }, 'overrides[0].rules: missing: expected an object'],
    [{ profile: 'strict' }, 'profile: Invalid option: expected one of "spec"|"directory"'],
    [{ include: 'src' }, 'include: expected an array, not a string'],
    [{ exclude: [''] }, 'exclude[0]: Too small: expected string to have >=1 characters'],
    [{ tsconfig: 3 }, 'tsconfig: expected a string, not a number'],
  ])('%j', async (config, line) => {
    expect(await errorsOf(config)).toEqual([`.mcplintrc.json: ${line}`]);
  });
});

describe('configuration files: every kind cosmiconfig searches (issue #5)', () => {
  const body = { rules: { 'meaningless-hint': 'off' } };
  it.each([
    ['.mcplintrc', JSON.stringify(body)],
    ['.mcplintrc', 'rules:\n  meaningless-hint: off\n'],
    ['.mcplintrc.json', JSON.stringify(body)],
    ['.mcplintrc.yaml', 'rules:\n  meaningless-hint: "off"\n'],
    ['.mcplintrc.yml', 'rules:\n  meaningless-hint: "off"\n'],
    ['.mcplintrc.js', `export default ${JSON.stringify(body)};\n`],
    ['.mcplintrc.cjs', `module.exports = ${JSON.stringify(body)};\n`],
    ['.mcplintrc.mjs', `export default ${JSON.stringify(body)};\n`],
    ['mcplint.config.js', `export default ${JSON.stringify(body)};\n`],
    ['mcplint.config.mjs', `export default ${JSON.stringify(body)};\n`],
    ['mcplint.config.ts', `const config: { rules: Record<string, string> } = ${JSON.stringify(body)};\nexport default config;\n`],
    ['package.json', JSON.stringify({ name: 'x', type: 'module', mcplint: body })],
  ])('%s', async (file, content) => {
    const files: Record<string, string> = { [file]: content, 'server.ts': SERVER };
    if (file !== 'package.json') files['package.json'] = JSON.stringify({ name: 'x', type: 'module' });
    const dir = writeProject(files);
    const loaded = await loadConfig(dir);
    expect(loaded.file).toBe(path.join(dir, file));
    expect(loaded.config.rules).toEqual({ 'meaningless-hint': 'off' });
  });
});

describe('schema.json and the example', () => {
  it('schema.json is generated from the zod schema (run `npm run schema` after changing it)', () => {
    expect(readFileSync(path.join(ROOT, 'schema.json'), 'utf8')).toBe(configJsonSchemaText());
  });

  it('schema.json, read by a JSON Schema validator (ajv), accepts the example and the --init starter and rejects what zod rejects', () => {
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema.json'), 'utf8')));
    expect(validate(JSON.parse(readFileSync(path.join(ROOT, '.mcplintrc.example.json'), 'utf8'))), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(starterConfig(ROOT))).toBe(true);
    for (const bad of [{ rules: { 'no-such-rule': 'off' } }, { rules: { 'missing-annotations': ['warn', { hints: 'some' }] } }, { rules: { 'optimistic-read-only': ['warn', {}] } }, { profile: 'strict' }, { overrides: [{ rules: {} }] }]) {
      expect(validate(bad), JSON.stringify(bad)).toBe(false);
      expect(ConfigSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('the example configuration shows every option and validates', () => {
    const example = JSON.parse(readFileSync(path.join(ROOT, '.mcplintrc.example.json'), 'utf8'));
    expect(ConfigSchema.safeParse(example).success).toBe(true);
    const schema = JSON.parse(readFileSync(path.join(ROOT, 'schema.json'), 'utf8'));
    expect(Object.keys(example).sort()).toEqual(Object.keys(schema.properties).sort());
  });
});

import { describe, expect, it } from 'vitest';
import { bracketDepth, nestsTooDeep, operatorRun } from '../../src/project/nesting.js';
import { runCli } from '../cli-run.js';
import { SERVER_HEADER, writeProject } from '../helpers.js';

/** A tool that claims read-only and deletes, so its finding shows the file was linted. */
const SERVER = `${SERVER_HEADER}import { rm } from "node:fs/promises";
import "./deep.js";
server.registerTool("purge", { annotations: { readOnlyHint: true } }, async () => { await rm("x"); return { content: [] }; });
`;

const arrays = (n: number) => `export const x = ${'['.repeat(n)}1${']'.repeat(n)};\n`;
const arrows = (n: number) => `export const y = ${'(() => {'.repeat(n)}${'})()'.repeat(n)};\n`;
const namespaces = (n: number) => `${'namespace N {'.repeat(n)}${'}'.repeat(n)}\n`;

describe('bracketDepth', () => {
  it('counts (, [ and { and skips comments, strings and templates', () => {
    expect(bracketDepth('f(a[{b: 1}])')).toBe(3);
    expect(bracketDepth('// ((((\n/* [[[[ */ "((((" \'{{{{\' `[[[[` x')).toBe(0);
    expect(bracketDepth('"a\\"((" (')).toBe(1);
    expect(bracketDepth(arrays(1000))).toBe(1000);
  });
});

describe('operatorRun', () => {
  it('counts prefix operators, conditionals, arrows and prefix words up to a statement or list boundary', () => {
    expect(operatorRun('const x = !!!a; f(-b, typeof typeof c)')).toBe(3);
    expect(operatorRun('a ? b : c ? d : e; x => y => z; a?.b ?? c')).toBe(2);
    expect(operatorRun('// !!!!\n"!!!!" typeofx')).toBe(0);
  });
});

describe('nestsTooDeep', () => {
  it('passes real nesting and refuses what overflows the parser', () => {
    expect(nestsTooDeep('a.ts', arrays(150))).toBe(false);
    expect(nestsTooDeep('a.ts', arrays(300))).toBe(false);
    expect(nestsTooDeep('a.ts', arrays(5000))).toBe(true);
    expect(nestsTooDeep('a.ts', namespaces(5000))).toBe(true);
  });
});

describe('a file nested deeper than the parser can follow (issue 13, fuzz)', () => {
  it.each([
    ['arrays in an imported file', arrays(1000)],
    ['arrow functions in an imported file', arrows(2000)],
    ['namespaces in an imported file', namespaces(5000)],
    ['5,000 unary operators in an imported file (fuzz)', `export const z = ${'!'.repeat(5000)}1;\n`],
    ['awaits in an imported file', `export async function f() { return ${'await '.repeat(20000)}1; }\n`],
  ])('%s: a parse error for that file, the rest is linted', async (_, deep) => {
    const dir = writeProject({ 'src/server.ts': SERVER, 'src/deep.ts': deep });
    const run = await runCli(['--format', 'json', 'src/server.ts'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { tools: { name: string }[]; findings: { ruleId: string; file: string; message: string }[] };
    expect(report.tools.map((t) => t.name)).toEqual(['purge']);
    expect(report.findings.filter((f) => f.ruleId === 'parse-error')).toEqual([expect.objectContaining({ file: 'src/deep.ts', message: expect.stringContaining('nests deeper than the parser can follow') })]);
    expect(report.findings.some((f) => f.ruleId === 'optimistic-read-only')).toBe(true);
  });

  it('a linted file nested too deep is its own parse error', async () => {
    const dir = writeProject({ 'src/server.ts': SERVER.replace('import "./deep.js";\n', ''), 'src/deep.ts': arrays(3000) });
    const run = await runCli(['--format', 'json', 'src'], dir);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { findings: { ruleId: string; file: string }[] };
    expect(report.findings.filter((f) => f.ruleId === 'parse-error').map((f) => f.file)).toEqual(['src/deep.ts']);
  });

  it('a config that tsconfig.json extends is read with the same guards', async () => {
    const dir = writeProject({ 'src/server.ts': SERVER.replace('import "./deep.js";\n', ''), 'tsconfig.json': '{ "extends": "./base.json" }', 'base.json': `{"x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}` });
    const run = await runCli([], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^mcp-annotate-lint: tsconfig\.json: Cannot read file '.*base\.json': base\.json: nests 100001 levels deep; a tsconfig\.json is read to at most 64\.?\n$/);
  });

  it('a tsconfig.json that lists 50,000 include patterns is one line, exit 2, at once (it ran for minutes: fuzz)', async () => {
    const include = Array.from({ length: 50_000 }, (_, i) => `src/**/${i}/*.ts`);
    const dir = writeProject({ 'src/server.ts': SERVER.replace('import "./deep.js";\n', ''), 'tsconfig.json': JSON.stringify({ include }) });
    const run = await runCli([], dir);
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'mcp-annotate-lint: tsconfig.json: "include" lists 50000 entries; a tsconfig.json is read with at most 1000\n' });
  });

  it('a tsconfig.json nested 100,000 deep is one line, exit 2', async () => {
    const dir = writeProject({ 'src/server.ts': SERVER.replace('import "./deep.js";\n', ''), 'tsconfig.json': `{"x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}` });
    const run = await runCli([], dir);
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'mcp-annotate-lint: tsconfig.json: nests 100001 levels deep; a tsconfig.json is read to at most 64\n' });
  });
});

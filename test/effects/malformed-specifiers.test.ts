import { describe, expect, it } from 'vitest';
import { malformedSpecifier } from '../../src/analysis/specifiers.js';
import { runCli } from '../cli-run.js';
import { SERVER_HEADER, tool, lintFiles, writeProject } from '../helpers.js';

/**
 * Import specifiers no runtime resolves (issue 13, item 6: mutated fixtures whose one file held
 * such a specifier ended the whole run with "internal error"). Each is an unresolved import: calls
 * through it are unresolved with the reason, the file's other tools and the other files are linted.
 */

/** One module per bad specifier, each used by a tool, and a good tool that writes. */
const BAD: Record<string, string> = {
  nul: 'import x from "\\0bad";\nexport const run = () => x();',
  empty: 'import x from "";\nexport const run = () => x();',
  newline: 'import { y } from "./a\\nb";\nexport const run = () => y();',
  colons: 'import * as m from "::::";\nexport const run = () => m.go();',
  node: 'import x from "node:";\nexport const run = () => x();',
  percent: 'export * from "%%%";\nimport { z } from "%%%";\nexport const run = () => z();',
  long: `import x from "${'x'.repeat(10_000)}";\nexport const run = () => x();`,
  dynamic: 'export const run = async () => (await import("")).go();',
  require: 'const r = require(123);\nexport const run = () => r.go();',
  // Files that do not parse: their import names no string, or a reference a path no file can have.
  number: 'import x from 123;\nexport const run = () => x();',
  missing: 'import x from;\nexport const run = () => x();',
  reference: '/// <reference path="\0" />\nexport const run = () => 1;',
};

function project(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [name, text] of Object.entries(BAD)) files[`src/bad/${name}.ts`] = `${text}\n`;
  const imports = Object.keys(BAD).map((name) => `import { run as ${name} } from "./bad/${name}.js";`).join('\n');
  const tools = Object.keys(BAD)
    .map((name) => `server.registerTool("uses_${name}", { annotations: { readOnlyHint: true } }, async () => { await ${name}(); return { content: [] }; });`)
    .join('\n');
  files['src/server.ts'] = `${SERVER_HEADER}import { writeFile } from "node:fs/promises";\n${imports}\n${tools}\nserver.registerTool("good", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => { await writeFile("/tmp/out", "x"); return { content: [] }; });\n`;
  return files;
}

describe('malformed module specifiers', () => {
  it('tells which specifiers no runtime resolves', () => {
    for (const bad of ['', '\0bad', './a\nb', '::::', 'node:', '%%%', 'x'.repeat(10_000), 'node:%%']) expect(malformedSpecifier(bad)).not.toBeNull();
    for (const good of ['./store.js', '../x', '/abs/path.js', 'node:fs', 'fs/promises', '@scope/pkg/sub', 'lodash.merge', 'file:///x.js', '#internal', 'Legacy_Name']) {
      expect(malformedSpecifier(good)).toBeNull();
    }
  });

  it('lints the good tool and leaves the calls through bad specifiers unresolved, with the reason', async () => {
    const result = await lintFiles(project());
    expect(result.findings.filter((f) => f.ruleId === 'analysis-error' || f.ruleId === 'read-error')).toEqual([]);
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.tool)).toEqual(['good']);
    expect(tool(result, 'good').effects!.effects.map((e) => e.sink)).toEqual(['fs/promises writeFile']);
    const reasons = (name: string) => tool(result, `uses_${name}`).effects!.unresolved.map((u) => u.reason);
    expect(reasons('nul')).toEqual(['calls the module "\\u0000bad": the module specifier holds a control character']);
    expect(reasons('empty')).toEqual(['calls the module "": the module specifier is empty']);
    expect(reasons('node')[0]).toContain('`node:` names no builtin module');
    expect(reasons('colons')[0]).toMatch(/^calls `go` of the module "::::": /);
    expect(reasons('long')[0]).toContain('10000 characters long');
    expect(reasons('dynamic')[0]).toContain('the module specifier is empty');
    // No tool of a bad module is judged read-only: what it calls is unknown.
    for (const name of ['nul', 'empty', 'newline', 'colons', 'node', 'percent', 'long', 'dynamic', 'require']) expect(tool(result, `uses_${name}`).inferred!.readOnly).toBeNull();
    // A file that does not parse is reported as such; a call through its specifier-less import is unresolved.
    expect(result.findings.filter((f) => f.ruleId === 'parse-error').map((f) => f.location.file.replace(/^.*\/src\//, ''))).toContain('bad/missing.ts');
    expect(tool(result, 'uses_number').inferred!.readOnly).toBeNull();
  });

  it('exits with the code of its findings, without an internal error', async () => {
    const run = await runCli(['.'], writeProject(project()));
    expect(run.stderr).not.toContain('internal error');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('"good" declares readOnlyHint: true, but it writes a file');
  });

  // Found by a fresh user: a cut-off `import { x } from` followed by code parses (the next call
  // becomes the specifier; TypeScript leaves TS1141 to its checker), and the file was linted as valid.
  it('reports an import whose specifier is not a string as a parse error of its file, and lints the others', async () => {
    const result = await lintFiles({
      'cut.ts': `${SERVER_HEADER}import { x } from
server.registerTool("cut", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
`,
      'ok.ts': `${SERVER_HEADER}server.registerTool("ok", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
`,
    });
    const parseErrors = result.findings.filter((f) => f.ruleId === 'parse-error').map((f) => [f.location.file.replace(/^.*\//, ''), f.location.line, f.message]);
    expect(parseErrors).toEqual([['cut.ts', SERVER_HEADER.split('\n').length + 1, 'Parsing error: String literal expected.']]);
    expect(result.tools.map((t) => t.name)).toEqual(['ok']);
  });

  it('reads a JSDoc @import (JS files) as an import of its own module, wherever its comment hangs, without an analysis error', async () => {
    const result = await lintFiles({
      'src/other.js': 'export default "from_other";\n',
      'src/server.js': [
        '/** @import { McpServer as S, tooling } from "@modelcontextprotocol/sdk/server/mcp.js" */',
        '/** @import Def from "./other.js" */',
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
        'const server = new McpServer({ name: "t", version: "1.0.0" });',
        // Hangs on a statement that is no import: ts-morph's getImportDeclaration() threw here.
        '/** @import * as NS from "./other.js" */',
        'server.registerTool(Def, { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));',
        'server.registerTool(tooling, { annotations: NS }, async () => ({ content: [] }));',
        '',
      ].join('\n'),
    });
    expect(result.findings.filter((f) => f.ruleId === 'analysis-error')).toEqual([]);
    // `Def` is the default export of ./other.js, not of the module the next import declaration names.
    expect(result.tools.map((t) => t.displayName)).toEqual(['from_other', '<tooling>']);
    expect(result.tools[1]!.unresolved.map((u) => u.reason)).toEqual(['the tool name cannot be read statically: `tooling` comes from @modelcontextprotocol/sdk/server/mcp.js']);
  });
});

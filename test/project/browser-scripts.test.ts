import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStandaloneBrowserScript } from '../../src/project/browser-scripts.js';
import { loadProgram } from '../../src/project/load.js';
import { lint } from '../../src/index.js';
import { lintFiles, writeProject } from '../helpers.js';

/**
 * Browser scripts a server ships beside its code (the `ui://` widget bundles of an MCP App server,
 * which it serves as text) import nothing and are imported by nothing: they are read, not parsed.
 */
const WIDGET = `var e=Object.create;const highlight={keywords:["import ","require(","from"]};
function mount(){document.getElementById("root").textContent="run";window.parent.postMessage({method:"tools/call"},"*");}
mount();
`;

describe('standalone browser scripts', () => {
  it('are told by a browser global and no import, require or reference outside strings and comments', () => {
    expect(isStandaloneBrowserScript('w.js', WIDGET)).toBe(true);
    expect(isStandaloneBrowserScript('w.mjs', '// import x from "y"\nwindow.alert(1);\n')).toBe(true);
    expect(isStandaloneBrowserScript('w.js', `import { x } from "./x.js";\n${WIDGET}`)).toBe(false);
    expect(isStandaloneBrowserScript('w.js', `const fs = require("node:fs");\n${WIDGET}`)).toBe(false);
    expect(isStandaloneBrowserScript('w.js', `const m = await import("./chunk.js");\n${WIDGET}`)).toBe(false);
    expect(isStandaloneBrowserScript('w.js', `/// <reference path="./types.d.ts" />\n${WIDGET}`)).toBe(false);
    // No browser global: a server bundle that needs no import is still read as code.
    expect(isStandaloneBrowserScript('w.js', 'process.stdin.on("data", (d) => process.stdout.write(d));\n')).toBe(false);
    // Only code counts: a browser global named in a comment, a string or a regular expression is none.
    expect(isStandaloneBrowserScript('w.js', '// Like window.scrollTo\nconst d = "like window.open does";\nconst r = /window.x"/;\nprocess.exit(0);\n')).toBe(false);
    expect(isStandaloneBrowserScript('w.js', 'const o = {}; o.window.x = 1;\n')).toBe(false);
    expect(isStandaloneBrowserScript('w.js', 'const s = `a ${"}"} ${ {k: 1}.k } window.x`;\nconst q = 1 / 2; window.y = q;\n')).toBe(true);
    // A module that exports (a tool plugin a server loads with import(), helper-65's b4) is not a standalone script.
    expect(isStandaloneBrowserScript('w.js', 'export function register(server) { server.registerTool("scroll", {}, async () => page.evaluate(() => window.scrollTo(0, 0))); }\n')).toBe(false);
    expect(isStandaloneBrowserScript('w.cjs', 'module.exports = (server) => server.tool("s", () => window.scrollTo(0, 0));\n')).toBe(false);
    expect(isStandaloneBrowserScript('w.js', 'exports.register = () => window.scrollTo(0, 0);\n')).toBe(false);
    // A bundler's CommonJS shim with its `module` renamed is not an export of the file.
    expect(isStandaloneBrowserScript('w.js', 'var o_={};(function(e){e.exports=1})(o_);o_.exports.default=2;document.title="x";\n')).toBe(true);
    // TypeScript sources and files with the linter's own directives are linted as given.
    expect(isStandaloneBrowserScript('w.ts', WIDGET)).toBe(false);
    expect(isStandaloneBrowserScript('w.js', `// mcp-annotate-lint-disable-next-line\n${WIDGET}`)).toBe(false);
  });

  it('are not loaded when linted, unless a linted file imports one; the run counts them as read and finds the same tools', async () => {
    const files = {
      'package.json': JSON.stringify({ name: 'app-server', version: '1.0.0', type: 'module' }),
      'dist/web/widget.js': WIDGET,
      'dist/web/imported.js': 'window.loaded = true;\n',
      'dist/index.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { readFileSync } from "node:fs";
import "./web/imported.js";
const server = new McpServer({ name: "a", version: "1" });
server.registerTool("show", { annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: "text", text: readFileSync(new URL("./web/widget.js", import.meta.url), "utf8") }] }));
`,
    };
    const dir = writeProject(files);
    const program = loadProgram(['dist/index.js', 'dist/web/widget.js', 'dist/web/imported.js'].map((f) => path.join(dir, f)), null);
    expect(program.standalone.map((s) => path.relative(dir, s.file))).toEqual(['dist/web/widget.js']);
    expect(program.project.getSourceFile(path.join(dir, 'dist/web/widget.js'))).toBeUndefined();
    expect(program.targets.map((sf) => path.relative(dir, sf.getFilePath())).sort()).toEqual(['dist/index.js', 'dist/web/imported.js']);
    const result = await lintFiles(files);
    expect(result.tools.map((t) => [t.name, t.inferred.readOnly])).toEqual([['show', true]]);
    expect(result.filesRead.map((f) => path.basename(f)).sort()).toEqual(['imported.js', 'index.js', 'widget.js']);
    // Named one by one (a pre-commit run), it is linted as given: its syntax error is reported.
    const broken = writeProject({ 'public/app.js': 'document.body.textContent = "x";\nconst x = {;\n' });
    expect((await lint({ paths: ['public/app.js'], cwd: broken })).findings.map((f) => f.ruleId)).toEqual(['parse-error']);
    expect((await lint({ paths: ['public'], cwd: broken })).findings).toEqual([]);
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/index.js';
import { writeProject } from '../helpers.js';

/** A chunk of a bundled package: the server and one tool, as a bundler splits them out of the entry point. */
const CHUNK = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { rm } from "node:fs/promises";
export const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("purge_cache", { description: "d", annotations: { readOnlyHint: true } }, async () => { await rm("cache"); return { content: [] }; });
`;

describe('a published package linted at its root', () => {
  it('lints what its entry points import inside the package (chunks), not only the entry points', async () => {
    const dir = writeProject({
      'package.json': JSON.stringify({ name: 'pkg', bin: { pkg: './dist/cli.js' }, exports: { '.': './dist/index.js' } }),
      'dist/cli.js': `import { server } from "./chunk-A1b2.js";\nimport { start } from "./lib/start.js";\nstart(server);\n`,
      'dist/index.js': `export { server } from "./chunk-A1b2.js";\n`,
      'dist/chunk-A1b2.js': CHUNK,
      'dist/lib/start.js': `export function start(s) { return s; }\n`,
      // Not imported by an entry point: not the server's (a build script, a stale chunk).
      'dist/unused.js': CHUNK.replace('purge_cache', 'stale_tool'),
    });
    const result = await lint({ paths: [], cwd: dir });
    expect(result.tools.map((t) => `${t.name} ${path.relative(dir, t.location.file)}`)).toEqual(['purge_cache dist/chunk-A1b2.js']);
    expect(result.findings.map((f) => f.ruleId)).toContain('optimistic-read-only');
    expect(result.filesRead.map((f) => path.relative(dir, f)).sort()).toEqual(['dist/chunk-A1b2.js', 'dist/cli.js', 'dist/index.js', 'dist/lib/start.js']);
  });

  it('inside node_modules, follows imports between its modules to the JavaScript, not the .d.ts beside it', async () => {
    const pkg = {
      'package.json': JSON.stringify({ name: 'pkg', main: './dist/server.js', types: './dist/server.d.ts' }),
      'dist/server.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { TOOLS } from "./tools/index.js";
const server = new McpServer({ name: "t", version: "1.0.0" });
for (const t of TOOLS) server.registerTool(t.name, { description: "d", annotations: t.annotations }, t.handler);
`,
      'dist/server.d.ts': `export {};\n`,
      'dist/tools/index.js': `import { remove } from "./remove.js";\nexport const TOOLS = [\n  { name: "list_items", annotations: { readOnlyHint: true }, handler: async () => ({ content: [] }) },\n  remove,\n];\n`,
      'dist/tools/index.d.ts': `export declare const TOOLS: { name: string }[];\n`,
      'dist/tools/remove.js': `import { unlink } from "node:fs/promises";\nexport const remove = { name: "remove_item", annotations: { readOnlyHint: true }, handler: async () => { await unlink("x"); return { content: [] }; } };\n`,
      'dist/tools/remove.d.ts': `export declare const remove: { name: string };\n`,
    };
    // A copy of the package nested in its own node_modules (an older version a dependency pins) is not linted.
    const dir = writeProject(Object.fromEntries(Object.entries(pkg).flatMap(([f, text]) => [[`node_modules/pkg/${f}`, text], [`node_modules/pkg/node_modules/pkg/${f}`, text]])));
    const expected = ['list_items', 'remove_item'];
    // Named as a folder from the project above, and at the package's root.
    const named = await lint({ paths: ['node_modules/pkg'], cwd: dir });
    expect(named.tools.map((t) => t.name)).toEqual(expected);
    const atRoot = await lint({ paths: [], cwd: path.join(dir, 'node_modules', 'pkg') });
    expect(atRoot.tools.map((t) => t.name)).toEqual(expected);
    expect(atRoot.unresolvedRegistrations).toEqual([]);
    expect(atRoot.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.message)).toEqual([expect.stringContaining('"remove_item"')]);
  });
});

/** A server with one tool that deletes what it claims only to read. */
function server(name: string): string {
  return CHUNK.replace('purge_cache', name);
}

describe('a monorepo root', () => {
  const MONOREPO = {
    'package.json': JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*'] }),
    // The root's own config covers its scripts and leaves the packages to their own configs.
    'tsconfig.json': JSON.stringify({ include: ['scripts'], exclude: ['packages'] }),
    'scripts/release.ts': 'export const version = "1.0.0";\n',
    'packages/alpha/package.json': JSON.stringify({ name: '@m/alpha' }),
    'packages/alpha/tsconfig.json': JSON.stringify({ include: ['src', 'test'] }),
    'packages/alpha/src/server.ts': server('alpha_read'),
    // Fixtures: a file that does not parse on purpose, and a stand-in server.
    'packages/alpha/test/fixtures/broken.ts': 'export const = ;\n',
    'packages/alpha/test/fixtures/mock-server.ts': server('mock_tool'),
    'packages/beta/package.json': JSON.stringify({ name: '@m/beta', main: 'dist/index.js' }),
    'packages/beta/dist/index.js': server('beta_write'),
    // Copies of the packages installed in node_modules.
    'node_modules/@m/beta/package.json': JSON.stringify({ name: '@m/beta', main: 'dist/index.js' }),
    'node_modules/@m/beta/dist/index.js': server('beta_write'),
    'packages/beta/node_modules/@m/alpha/src/server.ts': server('alpha_read'),
  };

  it('reaches every package\'s server, with no path and with `.`, whatever the root tsconfig excludes; fixtures and installed copies are left out', async () => {
    const dir = writeProject(MONOREPO);
    for (const paths of [[], ['.']]) {
      const result = await lint({ paths, cwd: dir });
      expect(result.tools.map((t) => `${t.name} ${path.relative(dir, t.location.file)}`).sort(), paths.join(' ')).toEqual(['alpha_read packages/alpha/src/server.ts', 'beta_write packages/beta/dist/index.js']);
      expect(result.findings.map((f) => f.ruleId).sort()).toEqual(['missing-annotations', 'missing-annotations', 'optimistic-read-only', 'optimistic-read-only']);
    }
  });

  it('a package whose tsconfig lists no file (a solution config of its own) is walked, its fixtures aside', async () => {
    const dir = writeProject({ ...MONOREPO, 'packages/alpha/tsconfig.json': JSON.stringify({ files: [] }) });
    const result = await lint({ paths: [], cwd: dir });
    expect(result.tools.map((t) => t.name).sort()).toEqual(['alpha_read', 'beta_write']);
  });
});

describe('a package whose tsconfig leaves out the sources of its entry points', () => {
  const SERVER_JS = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerPurge } from "./tools/purge.js";
const server = new McpServer({ name: "t", version: "1.0.0" });
registerPurge(server);
`;
  const PURGE_JS = `import { rm } from "node:fs/promises";
export function registerPurge(server) {
  server.registerTool("purge_cache", { description: "d", annotations: { readOnlyHint: true } }, async () => { await rm("cache"); return { content: [] }; });
}
`;
  const LIBRARY = `export const version = "1";\n`;

  it('lints the entries its bundler config names (tsup/tsdown `entry`), with what they import in the package, at a monorepo root too', async () => {
    for (const workspaces of [undefined, ['packages/*', '.']]) {
      const dir = writeProject({
        'package.json': JSON.stringify({ name: 'pkg', type: 'module', bin: { pkg: 'dist/mcp.js' }, ...(workspaces ? { workspaces } : {}) }),
        'tsconfig.json': JSON.stringify({ compilerOptions: { allowJs: true }, include: ['src/**/*'] }),
        'tsdown.config.ts': `import { defineConfig } from "tsdown";\nexport default defineConfig({ entry: { cli: "src/cli.ts", mcp: "mcp/server.js" }, outDir: "dist" });\n`,
        'src/cli.ts': LIBRARY,
        'mcp/server.js': SERVER_JS,
        'mcp/tools/purge.js': PURGE_JS,
        // Neither an entry nor imported by one: not linted.
        'mcp/scratch.js': PURGE_JS.replace('purge_cache', 'scratch_tool'),
        ...(workspaces ? { 'packages/lib/package.json': '{ "name": "lib" }', 'packages/lib/index.js': LIBRARY } : {}),
      });
      const result = await lint({ paths: [], cwd: dir });
      expect(result.tools.map((t) => `${t.name} ${path.relative(dir, t.location.file)}`), String(workspaces)).toEqual(['purge_cache mcp/tools/purge.js']);
      expect(result.filesRead.map((f) => path.relative(dir, f)).filter((f) => f.startsWith('mcp/')).sort()).toEqual(['mcp/server.js', 'mcp/tools/purge.js']);
    }
  });

  it('lints its package.json `main` when the tsconfig does not list it', async () => {
    const dir = writeProject({
      'package.json': JSON.stringify({ name: 'pkg', type: 'module', main: 'mcp/server.js' }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { allowJs: true }, include: ['src/**/*'] }),
      'src/cli.ts': LIBRARY,
      'mcp/server.js': SERVER_JS,
      'mcp/tools/purge.js': PURGE_JS,
    });
    const result = await lint({ paths: [], cwd: dir });
    expect(result.tools.map((t) => `${t.name} ${path.relative(dir, t.location.file)}`)).toEqual(['purge_cache mcp/tools/purge.js']);
  });
});

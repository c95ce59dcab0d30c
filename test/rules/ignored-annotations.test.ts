import { describe, expect, it } from 'vitest';
import rule from '../../rules/ignored-annotations.js';
import { SdkVersions } from '../../src/project/sdk-version.js';
import { factsOf } from './tester.js';
import { lintFiles, SERVER_HEADER, tool, writeProject } from '../helpers.js';

/**
 * Annotations after the callback of the deprecated `server.tool()` (issue 14): every SDK release
 * from 1.3.0 to 1.32.2 calls the first function it gets and never reads what follows, so the tool
 * declares none. The finding is an error when the version the file runs with is read and among
 * those releases, a warning that says why otherwise.
 */
const SERVER = `${SERVER_HEADER}
server.tool("after_shape", "List notes.", { q: z.string() }, async () => ({ content: [] }), { readOnlyHint: true, openWorldHint: false });
server.tool("after_description", "Ping.", async () => ({ content: [] }), { readOnlyHint: true });
server.tool("before", "List notes.", { q: z.string() }, { readOnlyHint: true, openWorldHint: false }, async () => ({ content: [] }));
server.tool("extra_string", "Ping.", async () => ({ content: [] }), "not annotations");
`;

const LOCK = (version: string) => JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'node_modules/@modelcontextprotocol/sdk': { version } } });

function ignored(result: Awaited<ReturnType<typeof lintFiles>>): string[] {
  return result.findings.filter((f) => f.ruleId === 'ignored-annotations').map((f) => `${f.severity} ${f.location.line}:${f.location.column} ${f.message}`);
}

describe('ignored-annotations', () => {
  it('reports ignored annotations: `ignored` for a release read, `unknownVersion` (likely) otherwise; nothing without them', () => {
    const facts = factsOf({ declared: null });
    const out: string[] = [];
    const location = { file: '/p/server.ts', line: 5, column: 9 };
    for (const sdk of [{ versions: ['1.17.4'], from: '/p/package-lock.json' }, { versions: ['1.17.4', '9.0.0'], from: '/p/pnpm-lock.yaml' }, null]) {
      rule.check({ tool: { ...facts, ignoredAnnotations: { location, sdk } }, options: {}, report: (r) => out.push(`${r.messageId} ${r.confidence ?? 'certain'} ${r.data.version ?? r.data.why}`) });
    }
    rule.check({ tool: facts, options: {}, report: (r) => out.push(r.messageId) });
    expect(out).toEqual(['ignored certain 1.17.4', 'unknownVersion likely 9.0.0 in pnpm-lock.yaml is not among them', 'unknownVersion likely no installed package or lockfile above it names it']);
  });

  it('reads annotations after the callback as none, and reports them as an error with the locked SDK version', async () => {
    const result = await lintFiles({ 'package-lock.json': LOCK('1.17.4'), 'server.ts': SERVER });
    expect(tool(result, 'after_shape').annotations).toBeNull();
    expect(tool(result, 'after_description').annotations).toBeNull();
    // The callback is still the handler.
    expect(tool(result, 'after_shape').handler).toMatchObject({ line: 5, column: 62 });
    expect(Object.keys(tool(result, 'before').annotations!.properties)).toEqual(['readOnlyHint', 'openWorldHint']);
    expect(tool(result, 'extra_string').ignoredAnnotations).toBeUndefined();
    expect(ignored(result)).toEqual([
      'error 5:93 "after_shape" gives annotations after its callback, where @modelcontextprotocol/sdk 1.17.4 (package-lock.json) never reads them: clients see no annotations and assume it is destructive, not idempotent and open-world; pass them before the callback, or use registerTool',
      'error 6:74 "after_description" gives annotations after its callback, where @modelcontextprotocol/sdk 1.17.4 (package-lock.json) never reads them: clients see no annotations and assume it is destructive, not idempotent and open-world; pass them before the callback, or use registerTool',
    ]);
    // missing-annotations leaves these tools to this rule.
    expect(result.findings.filter((f) => f.ruleId === 'missing-annotations' && f.tool?.startsWith('after_'))).toEqual([]);
  });

  it('is a warning that says so when no installed package or lockfile names the SDK version', async () => {
    const result = await lintFiles({ 'server.ts': SERVER });
    expect(ignored(result)[0]).toBe(
      'warning 5:93 "after_shape" gives annotations after its callback, where no release of @modelcontextprotocol/sdk from 1.3.0 to 1.32.2 reads them; the version this file runs with is unknown (no installed package or lockfile above it names it), but with any of those clients see no annotations; pass them before the callback, or use registerTool',
    );
  });

  it('is a warning for a version newer than the releases read', async () => {
    const yarn = '"@modelcontextprotocol/sdk@^1.40.0":\n  version "1.40.0"\n  resolved "https://registry.yarnpkg.com/x"\n';
    const result = await lintFiles({ 'yarn.lock': yarn, 'server.ts': SERVER });
    expect(ignored(result)[0]).toContain('the version this file runs with is unknown (1.40.0 in yarn.lock is not among them)');
    expect(ignored(result)[0]).toMatch(/^warning /);
  });

  it('reads the version from the nearest installed package, else the lockfiles of npm, pnpm, yarn and bun', () => {
    const dir = writeProject({
      'installed/node_modules/@modelcontextprotocol/sdk/package.json': '{"name":"@modelcontextprotocol/sdk","version":"1.20.1"}',
      'installed/package-lock.json': LOCK('1.0.0'),
      'npm/package-lock.json': LOCK('1.17.4'),
      'pnpm/pnpm-lock.yaml': "lockfileVersion: '9.0'\npackages:\n  '@modelcontextprotocol/sdk@1.24.3':\n    resolution: {integrity: sha512-x}\n",
      'pnpm6/pnpm-lock.yaml': "lockfileVersion: '6.0'\npackages:\n  /@modelcontextprotocol/sdk@1.12.0:\n    resolution: {integrity: sha512-x}\n",
      'berry/yarn.lock': '"@modelcontextprotocol/sdk@npm:^1.11.0":\n  version: 1.11.2\n  resolution: "@modelcontextprotocol/sdk@npm:1.11.2"\n',
      'bun/bun.lock': '{ "packages": { "@modelcontextprotocol/sdk": ["@modelcontextprotocol/sdk@1.25.1", "", {}, "sha512-x"] } }',
      'npm/src/deep/server.ts': '',
    });
    const versions = new SdkVersions();
    const at = (folder: string) => versions.forFile(`${dir}/${folder}/server.ts`)?.versions;
    expect(at('installed')).toEqual(['1.20.1']);
    expect(at('npm/src/deep')).toEqual(['1.17.4']);
    expect(at('pnpm')).toEqual(['1.24.3']);
    expect(at('pnpm6')).toEqual(['1.12.0']);
    expect(at('berry')).toEqual(['1.11.2']);
    expect(at('bun')).toEqual(['1.25.1']);
    expect(versions.forFile(`${dir}/server.ts`)).toBeNull();
  });
});

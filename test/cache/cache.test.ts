import { appendFileSync, chmodSync, chownSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint, type LintResult } from '../../src/index.js';
import { lintWithCache } from '../../src/cache/cached-lint.js';
import { cacheFileOf, CACHE_FILE_NAME } from '../../src/cache/store.js';
import { ConfigSchema, type Config } from '../../src/config/schema.js';
import { FORMATTERS } from '../../src/formatters/index.js';
import { GROUPS_PROJECT as PROJECT, groupRegistrations, writeProject } from '../helpers.js';

/**
 * `--cache` (issue 16): a cached result is reused only when the run would read the same files and
 * see the same folders, with the same linter, paths, options and configuration; whatever is reused,
 * the report is byte for byte the one a run without the cache prints, in every format.
 */

/** The report of `result` in every format, as the CLI prints it without colors. */
function reports(result: LintResult, cwd: string): Record<string, string> {
  return Object.fromEntries([...FORMATTERS].map(([name, format]) => [name, format(result, { cwd, color: false })]));
}

interface Run {
  paths: string[];
  maxDepth?: number;
  config?: Config;
}

/** Lints `dir` through its cache file and without it; expects the same reports, and gives whether the cache was used. */
async function compare(dir: string, run: Run): Promise<{ fromCache: boolean; report: string; warnings: string[] }> {
  const options = { cwd: dir, ...run };
  const warnings: string[] = [];
  const cached = await lintWithCache(options, cacheFileOf(undefined, dir), (line) => warnings.push(line));
  const plain = await lint(options);
  expect(reports(cached.result, dir)).toEqual(reports(plain, dir));
  return { fromCache: cached.fromCache, report: reports(plain, dir).json!, warnings };
}

const edit = (dir: string, file: string, text: string) => writeFileSync(path.join(dir, file), text);

describe('--cache gives the report a run without it gives', () => {
  for (const paths of [[], ['src/tools/group-2.ts'], ['src/lib/load.ts']]) {
    it(`reuses an unchanged run and redoes a changed one (paths: ${paths.join(' ') || 'none'})`, async () => {
      const dir = writeProject(PROJECT);
      const first = await compare(dir, { paths });
      expect(first.fromCache).toBe(false);
      expect(existsSync(path.join(dir, CACHE_FILE_NAME))).toBe(true);
      expect(await compare(dir, { paths })).toMatchObject({ fromCache: true, report: first.report, warnings: [] });

      // A helper that now writes: tool read_2 is no longer read-only.
      edit(dir, 'src/lib/load.ts', `import { writeFile } from "node:fs/promises";\nexport async function load(id: string) { await writeFile("/data/" + id, id); return id; }\n`);
      const helper = await compare(dir, { paths });
      expect(helper.fromCache).toBe(false);
      expect(helper.report).not.toBe(first.report);
      expect(await compare(dir, { paths })).toMatchObject({ fromCache: true, report: helper.report });

      // A comment at the end of a tool file changes no finding, but the file is read again.
      appendFileSync(path.join(dir, 'src/tools/group-2.ts'), '// changed\n');
      expect(await compare(dir, { paths })).toMatchObject({ fromCache: false, report: helper.report });
    });
  }

  it('sees a file added to or removed from the project', async () => {
    const dir = writeProject(PROJECT);
    const first = await compare(dir, { paths: [] });
    edit(dir, 'src/tools/group-4.ts', groupRegistrations(4, 'save'));
    const added = await compare(dir, { paths: [] });
    expect(added.fromCache).toBe(false);
    expect(JSON.parse(added.report).tools.map((t: { name: string }) => t.name)).toContain('read_4');
    rmSync(path.join(dir, 'src/tools/group-4.ts'));
    expect(await compare(dir, { paths: [] })).toMatchObject({ fromCache: false, report: first.report });
    expect(await compare(dir, { paths: [] })).toMatchObject({ fromCache: true, report: first.report });
  });

  it('sees a file added where an import resolves before the file it resolved to', async () => {
    const rest = Object.fromEntries(Object.entries(PROJECT).filter(([file]) => file !== 'src/lib/load.ts'));
    const dir = writeProject({ ...rest, 'src/lib/load.d.ts': 'export declare function load(id: string): Promise<string>;\n' });
    const declared = await compare(dir, { paths: [] });
    expect((await compare(dir, { paths: [] })).fromCache).toBe(true);
    // `../lib/load.js` resolves to load.ts before load.d.ts: the code behind the declaration is read now, and it writes.
    edit(dir, 'src/lib/load.ts', `import { writeFile } from "node:fs/promises";\nexport async function load(id: string) { await writeFile("/data/" + id, id); return id; }\n`);
    const code = await compare(dir, { paths: [] });
    expect(code.fromCache).toBe(false);
    const writers = (report: string) => JSON.parse(report).findings.filter((f: { message: string }) => f.message.includes('writes a file')).map((f: { tool: string }) => f.tool);
    expect(writers(declared.report)).toEqual(['read_1', 'read_3']);
    expect(writers(code.report)).toEqual(['read_1', 'read_2', 'read_3']);
  });

  it('does not reuse a run with other options, configuration or paths', async () => {
    const dir = writeProject(PROJECT);
    await compare(dir, { paths: [] });
    expect((await compare(dir, { paths: [], maxDepth: 1 })).fromCache).toBe(false);
    const quiet = ConfigSchema.parse({ rules: { 'optimistic-read-only': 'off' } });
    expect((await compare(dir, { paths: [], config: quiet })).fromCache).toBe(false);
    expect((await compare(dir, { paths: ['src/tools/group-1.ts'] })).fromCache).toBe(false);
    // The file keeps the last runs: each of them is reused again.
    expect((await compare(dir, { paths: [] })).fromCache).toBe(true);
    expect((await compare(dir, { paths: [], maxDepth: 1 })).fromCache).toBe(true);
    expect((await compare(dir, { paths: [], config: quiet })).fromCache).toBe(true);
  });

  it('sees a change to a declaration file read from node_modules and to tsconfig.json', async () => {
    const dir = writeProject({
      ...PROJECT,
      'node_modules/@modelcontextprotocol/sdk/package.json': JSON.stringify({ name: '@modelcontextprotocol/sdk', version: '1.0.0', exports: { './server/mcp.js': { types: './mcp.d.ts' } } }),
      'node_modules/@modelcontextprotocol/sdk/mcp.d.ts': 'export declare class McpServer { constructor(info: object); registerTool(name: string, config: object, cb: Function): void; }\n',
    });
    await compare(dir, { paths: [] });
    expect((await compare(dir, { paths: [] })).fromCache).toBe(true);
    appendFileSync(path.join(dir, 'node_modules/@modelcontextprotocol/sdk/mcp.d.ts'), '// 1.0.1\n');
    expect((await compare(dir, { paths: [] })).fromCache).toBe(false);
    edit(dir, 'tsconfig.json', JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', strict: false }, include: ['src'] }));
    expect((await compare(dir, { paths: [] })).fromCache).toBe(false);
    expect((await compare(dir, { paths: [] })).fromCache).toBe(true);
  });
});

describe('a cache file that cannot be used', () => {
  it('is rebuilt when corrupt, with one warning, and silently when another layout', async () => {
    const dir = writeProject(PROJECT);
    const file = path.join(dir, CACHE_FILE_NAME);
    writeFileSync(file, '{"tool": "mcp-annotate-lint", "format": 1, "entr');
    const corrupt = await compare(dir, { paths: [] });
    expect(corrupt).toMatchObject({ fromCache: false, warnings: [`${CACHE_FILE_NAME}: the cache is corrupt (it is not JSON); it is rebuilt`] });
    expect(await compare(dir, { paths: [] })).toMatchObject({ fromCache: true, report: corrupt.report, warnings: [] });
    writeFileSync(file, JSON.stringify({ tool: 'mcp-annotate-lint', format: 0, linter: 'x', entries: [] }));
    expect(await compare(dir, { paths: [] })).toMatchObject({ fromCache: false, warnings: [] });
    // Starts as a cache does, but a later key says otherwise: damaged, so rebuilt.
    writeFileSync(file, '{"tool": "mcp-annotate-lint", "tool": "other"}');
    expect((await compare(dir, { paths: [] })).warnings).toEqual([`${CACHE_FILE_NAME}: the cache is corrupt (it is not a mcp-annotate-lint cache); it is rebuilt`]);
    expect(JSON.parse(readFileSync(file, 'utf8')).tool).toBe('mcp-annotate-lint');
  });

  it("never replaces a file that is not a cache (someone's data named by mistake), found by a fresh user", async () => {
    // A trial pointed --cache-location at data.json, README.md and /etc/passwd: each was replaced by cache JSON.
    const dir = writeProject(PROJECT);
    const file = path.join(dir, CACHE_FILE_NAME);
    for (const text of ['[1, 2, 3]', '{"important": true}', '# readme\n', 'root:x:0:0:root:/root:/bin/bash\n']) {
      writeFileSync(file, text);
      const run = await compare(dir, { paths: [] });
      expect(run).toMatchObject({ fromCache: false, warnings: [`${CACHE_FILE_NAME}: not used as the cache: it is not a mcp-annotate-lint cache, and is left as it is`] });
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
  });

  it('is not used when an entry was tampered with into another shape', async () => {
    const dir = writeProject(PROJECT);
    const file = path.join(dir, CACHE_FILE_NAME);
    await compare(dir, { paths: [] });
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.entries[0].result.tools = 'none';
    writeFileSync(file, JSON.stringify(json));
    expect(await compare(dir, { paths: [] })).toMatchObject({ fromCache: false, warnings: [`${CACHE_FILE_NAME}: the cache is corrupt (an entry is not what this linter writes); it is rebuilt`] });
  });
  it('does not trust a cache file another user could have written: in a folder open to all, or owned by someone else', async () => {
    // A trial planted a cache in a world-writable working folder; its clean result was reused and the run exited 0.
    const dir = writeProject(PROJECT);
    const file = path.join(dir, CACHE_FILE_NAME);
    await compare(dir, { paths: [] });
    const written = readFileSync(file, 'utf8');
    chmodSync(dir, 0o777);
    const open = await compare(dir, { paths: [] });
    expect(open).toMatchObject({ fromCache: false, warnings: [`${CACHE_FILE_NAME}: not used as the cache: its folder is writable by every user (world-writable, without the sticky bit), so anyone could replace it`] });
    expect(readFileSync(file, 'utf8')).toBe(written);
    // With the sticky bit (as /tmp), only the file's owner may replace it.
    chmodSync(dir, 0o1777);
    expect(await compare(dir, { paths: [] })).toMatchObject({ fromCache: true, warnings: [] });
    chmodSync(dir, 0o755);
    // A file others may write to, whoever owns it (a trial's chmod 666 cache was read, rewritten by another user).
    chmodSync(file, 0o666);
    expect(await compare(dir, { paths: [] })).toMatchObject({ fromCache: false, warnings: [`${CACHE_FILE_NAME}: not used as the cache: other users may write to it (its mode lets them), so anyone could have put any result in it`] });
    expect(readFileSync(file, 'utf8')).toBe(written);
    chmodSync(file, 0o644);
    expect(await compare(dir, { paths: [] })).toMatchObject({ fromCache: true, warnings: [] });
  });

  it.runIf(process.getuid?.() === 0)('does not read nor replace a cache file owned by another user', async () => {
    const dir = writeProject(PROJECT);
    const file = path.join(dir, CACHE_FILE_NAME);
    await compare(dir, { paths: [] });
    const written = readFileSync(file, 'utf8');
    chownSync(file, 4321, 4321);
    expect(await compare(dir, { paths: [] })).toMatchObject({ fromCache: false, warnings: [`${CACHE_FILE_NAME}: not used as the cache: it belongs to another user (uid 4321), who could have put any result in it`] });
    expect(readFileSync(file, 'utf8')).toBe(written);
  });
});

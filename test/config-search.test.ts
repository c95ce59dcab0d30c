import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, repositoryRoot, searchFolders } from '../src/config/load.js';
import { runCli as run } from './cli-run.js';
import { SERVER_HEADER, writeProject } from './helpers.js';

/**
 * Where configuration comes from (issue 13, item 2) and what a broken one gives (item 3). Temp
 * folders from writeProject are in os.tmpdir(), outside any repository; a `.git/HEAD` makes one.
 */

/** Writes `text` to `file`, creating its folder. */
function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A tool with no annotations: one `missing-annotations` warning, unless a configuration turns the rule off. */
const SERVER = `${SERVER_HEADER}server.registerTool("add", { description: "d", inputSchema: {} }, async () => ({ content: [] }));\n`;

/** A configuration module that leaves `marker` behind when it runs, and turns missing-annotations off. */
const writesMarker = (marker: string) => `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran");\nmodule.exports = { rules: { "missing-annotations": "off" } };\n`;

describe('configuration is searched from the working directory up to the repository root (issue 13, item 2)', () => {
  it('never runs a .mcplintrc.cjs that a linted package in node_modules ships, from the project or from inside the package', async () => {
    const project = writeProject({ '.git/HEAD': '', 'package.json': '{"name":"app"}' });
    const marker = path.join(project, 'MARKER');
    const evil = path.join(project, 'node_modules', 'evil');
    const files = { 'package.json': '{"name":"evil"}', '.mcplintrc.cjs': writesMarker(marker), 'dist/.mcplintrc.cjs': writesMarker(marker), 'dist/index.js': SERVER, 'dist/package.json': JSON.stringify({ mcplint: {} }) };
    for (const [name, text] of Object.entries(files)) {
      write(path.join(evil, name), text);
    }
    const [fromProject, fromInside] = await Promise.all([run(['node_modules/evil/dist'], project), run(['.'], path.join(evil, 'dist'))]);
    expect(fromProject.code).toBe(0);
    expect(fromProject.stdout).toContain('missing-annotations');
    expect(fromInside.stdout).toContain('missing-annotations');
    expect(existsSync(marker)).toBe(false);
  });

  it('outside a repository, searches the working directory alone: a configuration beside the linted folder or in a parent folder (a shared /tmp) is not loaded', async () => {
    const shared = writeProject({ 'lint-me/server.ts': SERVER, 'here/keep.txt': '' });
    const marker = path.join(shared, 'MARKER');
    write(path.join(shared, '.mcplintrc.cjs'), writesMarker(marker));
    write(path.join(shared, 'lint-me', '.mcplintrc.cjs'), writesMarker(marker));
    const r = await run([path.join(shared, 'lint-me')], path.join(shared, 'here'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('missing-annotations');
    expect(existsSync(marker)).toBe(false);
    expect(searchFolders(path.join(shared, 'here'))).toEqual([path.join(shared, 'here')]);
  });

  it('finds the configuration at the repository root from a subfolder, and never one above the root', async () => {
    const outer = writeProject({ '.mcplintrc.json': '{"profile": "directory"}', 'repo/.git/HEAD': '', 'repo/packages/server/package.json': '{"name":"s"}' });
    const repo = path.join(outer, 'repo');
    const sub = path.join(repo, 'packages', 'server');
    expect(repositoryRoot(sub)).toBe(repo);
    expect(searchFolders(sub)).toEqual([sub, path.join(repo, 'packages'), repo]);
    expect(await loadConfig(sub)).toMatchObject({ file: null });
    write(path.join(repo, '.mcplintrc.yaml'), 'profile: directory\n');
    expect(await loadConfig(sub)).toMatchObject({ file: path.join(repo, '.mcplintrc.yaml'), config: { profile: 'directory' } });
    // A nearer package.json without a "mcplint" key does not stop the search (as ESLint's flat config is found).
    expect((await run(['rules'], sub)).stdout).toMatch(/missing-annotations +error/);
  });

  it('leaves out folders inside node_modules and shared folders (sticky and writable by anyone), and a .git planted in one', async () => {
    const dir = writeProject({ '.git/HEAD': '', 'node_modules/pkg/dist/x.js': '', 'tmp/.git/HEAD': '', 'tmp/work/x.ts': '' });
    expect(searchFolders(path.join(dir, 'node_modules', 'pkg', 'dist'))).toEqual([dir]);
    chmodSync(path.join(dir, 'tmp'), 0o1777);
    expect(repositoryRoot(path.join(dir, 'tmp', 'work'))).toBe(dir);
    expect(searchFolders(path.join(dir, 'tmp', 'work'))).toEqual([path.join(dir, 'tmp', 'work'), dir]);
  });

  it('leaves out a world-writable folder without the sticky bit too (chmod 777; fresh-user trial)', () => {
    const dir = writeProject({ 'w/.git/HEAD': '', 'w/sub/x.ts': '' });
    chmodSync(path.join(dir, 'w'), 0o777);
    expect(repositoryRoot(path.join(dir, 'w', 'sub'))).toBeNull();
    expect(searchFolders(path.join(dir, 'w', 'sub'))).toEqual([path.join(dir, 'w', 'sub')]);
  });

  it('warns of a configuration it leaves unread in a world-writable folder, and --init refuses to write one there (fresh-user trial: ignored in silence)', async () => {
    const dir = writeProject({ 'w/.mcplintrc.json': '{ "rules": { "missing-annotations": "off" } }', 'w/server.ts': SERVER, 'repo/.git/HEAD': '', 'repo/.mcplintrc.json': '{}', 'repo/open/.mcplintrc.json': '{ "rules": { "missing-annotations": "off" } }', 'repo/open/server.ts': SERVER });
    chmodSync(path.join(dir, 'w'), 0o777);
    chmodSync(path.join(dir, 'repo', 'open'), 0o777);
    const warning = (file: string) => `mcp-annotate-lint: warning: ${file}: not used: its folder is writable by every user (world-writable), so anyone could have put it there; pass it with -c to use it\n`;
    const [lint, rules, named, inRepo] = await Promise.all([run(['.'], path.join(dir, 'w')), run(['rules'], path.join(dir, 'w')), run(['-c', '.mcplintrc.json', '.'], path.join(dir, 'w')), run(['.'], path.join(dir, 'repo', 'open'))]);
    expect(lint).toMatchObject({ code: 0, stderr: warning('.mcplintrc.json') });
    expect(lint.stdout).toContain('missing-annotations');
    expect(rules.stderr).toBe(warning('.mcplintrc.json'));
    // Named with -c, it is used, and nothing is said.
    expect(named).toMatchObject({ code: 0, stderr: '', stdout: '✔ Checked 1 tool in 1 file.\n' });
    // In a repository, the search goes on to the root's configuration, and still says what it passed over.
    expect(inRepo.stderr).toBe(warning('.mcplintrc.json'));
    expect(inRepo.stdout).toContain('missing-annotations');
    expect(await loadConfig(path.join(dir, 'repo', 'open'))).toEqual({ config: expect.anything(), file: path.join(dir, 'repo', '.mcplintrc.json'), ignored: [path.join(dir, 'repo', 'open', '.mcplintrc.json')] });
    const empty = path.join(dir, 'empty');
    mkdirSync(empty, { mode: 0o777 });
    chmodSync(empty, 0o777);
    const init = await run(['--init'], empty);
    expect(init).toMatchObject({ code: 2, stdout: '' });
    expect(init.stderr).toMatch(/^mcp-annotate-lint: --init: this folder is writable by every user \(world-writable\), so a configuration here would never be used .*\n$/);
    expect(existsSync(path.join(empty, '.mcplintrc.json'))).toBe(false);
  });

  it('--help says where the configuration is looked for', async () => {
    expect((await run(['--help'], writeProject({}))).stdout.replace(/\s+/g, ' ')).toContain('It is looked for in the working directory and the folders above it up to the repository root (.git; outside a repository, the working directory alone), wherever the paths linted are');
  });

  it('--config still loads a JavaScript configuration the user names, wherever it is', async () => {
    const dir = writeProject({ 'server.ts': SERVER });
    const elsewhere = writeProject({});
    const marker = path.join(elsewhere, 'MARKER');
    write(path.join(elsewhere, 'x.cjs'), writesMarker(marker));
    expect(await run(['--config', path.join(elsewhere, 'x.cjs'), 'server.ts'], dir)).toEqual({ code: 0, stdout: '✔ Checked 1 tool in 1 file.\n', stderr: '' });
    expect(existsSync(marker)).toBe(true);
  });

  it('live --project and pin --project take the configuration from the working directory too, not from the project folder', async () => {
    const dir = writeProject({ 'lint-me/server.ts': SERVER, 'here/.mcplintrc.json': '{"profile": "none"}' });
    const marker = path.join(dir, 'MARKER');
    write(path.join(dir, 'lint-me', '.mcplintrc.cjs'), writesMarker(marker));
    const broken = 'mcp-annotate-lint: .mcplintrc.json: profile: Invalid option: expected one of "spec"|"directory"\n';
    // The server would fail to start; the configuration is read, and refused, before it is spawned.
    const server = ['--', process.execPath, '-e', 'process.exit(3)'];
    const runs = await Promise.all([
      run(['live', '--project', path.join(dir, 'lint-me'), ...server], path.join(dir, 'here')),
      run(['pin', '--pin-file', path.join(dir, 'pin.json'), '--project', path.join(dir, 'lint-me'), ...server], path.join(dir, 'here')),
    ]);
    expect(runs).toEqual([{ code: 2, stdout: '', stderr: broken }, { code: 2, stdout: '', stderr: broken }]);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('a broken configuration is one line naming the file, exit 2, never an internal error (issue 13, item 3)', () => {
  it.each([
    ['.mcplintrc.cjs', 'module.exports = (() => { throw new Error("boom"); })();\n', '.mcplintrc.cjs: cannot read the configuration: boom'],
    ['.mcplintrc.cjs', 'throw Object.create(null);\n', '.mcplintrc.cjs: cannot read the configuration: it threw a value that is not an Error'],
    ['.mcplintrc.mjs', 'export default Promise.reject(new Error("later"));\n', '.mcplintrc.mjs: cannot read the configuration: later'],
    // Looked at for a "mcplint" key, a package.json may be the package's alone: "not valid JSON", as when read for entry points (fresh-user trial).
    ['package.json', '{ "name": "x", \n  "main": "index.js", }\n', 'package.json: not valid JSON (Expected double-quoted property name at position 38)'],
    ['.mcplintrc.json', '{ "rules": ', '.mcplintrc.json: cannot read the configuration: JSON error: Unexpected end of JSON input'],
    ['.mcplintrc.cjs', 'module.exports = 42;\n', '.mcplintrc.cjs: the configuration must be an object ({ "rules": … }), not a number'],
    ['.mcplintrc.cjs', 'module.exports = () => ({});\n', '.mcplintrc.cjs: the configuration must be an object ({ "rules": … }), not a function'],
    ['.mcplintrc.json', '["spec"]\n', '.mcplintrc.json: the configuration must be an object ({ "rules": … }), not an array'],
    ['.mcplintrc.yaml', 'just text\n', '.mcplintrc.yaml: the configuration must be an object ({ "rules": … }), not a string'],
    ['.mcplintrc.mjs', 'export const rules = {};\n', '.mcplintrc.mjs: the module exports no configuration (export default { … } or module.exports = { … })'],
    ['.mcplintrc.cjs', 'module.exports = { get rules() { throw new Error("nope"); } };\n', '.mcplintrc.cjs: the configuration cannot be read: nope'],
    ['.mcplintrc.yaml', 'rules: [a\n  b: 1\n', /^\.mcplintrc\.yaml: cannot read the configuration: YAML error: .+/],
    ['.mcplintrc.json', '{ "$import": "other.cjs" }\n', '.mcplintrc.json: (root): Unrecognized key: "$import"'],
    ['.mcplintrc.json', '{ "include": ["/**/*.ts"] }\n', '.mcplintrc.json: include[0]: a glob of files under the configuration\'s folder: not absolute and not climbing out with ".." (a walk from "/" never ends; put the configuration higher, or name the paths on the command line)'],
    ['.mcplintrc.json', '{ "include": ["src/**/*.ts", "src/../../**/*.ts"] }\n', /^\.mcplintrc\.json: include\[1\]: a glob of files under the configuration's folder/],
  ])('%s: %j', async (name, text, expected) => {
    const dir = writeProject({ '.git/HEAD': '', [name]: text, 'other.cjs': 'throw new Error("imported");\n' });
    const r = await run(['rules'], dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(r.stderr).not.toContain('internal error');
    const line = r.stderr.replace(/^mcp-annotate-lint: /, '').trimEnd();
    if (typeof expected === 'string') expect(line).toBe(expected);
    else expect(line).toMatch(expected);
  });

  it('a configuration that leaves a timer or promise throwing after it loaded gives one line, exit 2, no stack trace', async () => {
    const [timer, promise] = await Promise.all(
      ['setTimeout(() => { throw new Error("late\\u001b[2J"); }, 0);', 'Promise.reject(new Error("unhandled"));'].map((code) =>
        run(['rules'], writeProject({ '.git/HEAD': '', '.mcplintrc.cjs': `${code}\nmodule.exports = {};\n` })),
      ),
    );
    for (const [r, text] of [[timer!, 'late\\u001b[2J'], [promise!, 'unhandled']] as const) {
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`mcp-annotate-lint: an error was thrown outside the run (by a timer or promise that loaded code, such as a JavaScript configuration, left behind): ${text}\n`);
    }
  });

  it('a "tsconfig" that names a device is one line, not read for ever (fuzz)', async () => {
    const r = await run([], writeProject({ '.git/HEAD': '', 'server.ts': SERVER, '.mcplintrc.json': '{ "tsconfig": "/dev/zero" }\n' }));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mcp-annotate-lint: \S*dev\/zero: not a regular file; a tsconfig\.json is read only from a file\n$/);
  });

  it('a package.json that is not JSON is reported when looked at for "mcplint", even when the working directory holds nothing else (cosmiconfig read it for a meta configuration and failed outside any handler)', async () => {
    const dir = writeProject({ 'package.json': '{ not json' });
    await expect(loadConfig(dir)).rejects.toThrow(/^package\.json: not valid JSON \(.+\)$/);
    expect(await run(['--config', 'c.json', 'x.ts'], writeProject({ 'package.json': '{ not json', 'c.json': '{}', 'x.ts': SERVER }))).toMatchObject({ code: 0 });
  });

  it('a FIFO where a configuration is looked for is refused instead of read for ever; --config package.json without the key says so', async () => {
    const dir = writeProject({ '.git/HEAD': '', 'package.json': '{"name":"x"}' });
    execFileSync('mkfifo', [path.join(dir, '.mcplintrc.json')]);
    await expect(loadConfig(dir)).rejects.toThrow(/^\.mcplintrc\.json: cannot read the configuration: it is not a regular file$/);
    await expect(loadConfig(dir, 'package.json')).rejects.toThrow(/^package\.json: has no "mcplint" key$/);
  });
});

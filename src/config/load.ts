import { existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultLoaders, getDefaultSearchPlaces, type Loader } from 'cosmiconfig';
import type { z } from 'zod';
import { jsonSyntaxReason, UsageError } from '../errors.js';
import { RULE_DESCRIPTORS } from '../engine/descriptors.js';
import { shownPath } from '../write-file.js';
import { ConfigSchema, EMPTY_CONFIG, type Config } from './schema.js';

/** The name cosmiconfig searches for: `.mcplintrc`, `.mcplintrc.json`, `.mcplintrc.yaml`, `mcplint.config.js`, `package.json#mcplint`, ... */
export const MODULE_NAME = 'mcplint';

/**
 * One line for a configuration file that cannot be read, parsed or loaded: the file, and the
 * reason without the parser's code frame or Node's syscall detail (`file not found`, `is a folder`, `JSON Error: Unexpected token } (line 3, column 1)`).
 * A package.json that does not parse is `package.json: not valid JSON (…)`, as when it is read for entry points.
 */
function configReadError(error: unknown, cwd: string, named: string): string {
  const message = thrownMessage(error);
  const where = shownPath(path.resolve(cwd, named), cwd);
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  if (code === 'ENOENT') return `${where}: cannot read the configuration: file not found`;
  if (code === 'EISDIR') return `${where}: cannot read the configuration: it is a folder, not a file`;
  if (code === 'EACCES' || code === 'EPERM') return `${where}: cannot read the configuration: permission denied`;
  // cosmiconfig's parse errors: "JSON Error in /x/.mcplintrc.json:\n<parser message>\n<code frame>".
  // A module config whose own code fails to load: Node's wording (about require() and races) misleads.
  if (/Cannot require\(\) ES Module|SyntaxError/.test(message)) return `${where}: cannot read the configuration: the module does not load (a syntax error? \`node ${where}\` shows it)`;
  const lines = message.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !/^[>|\d\s]*\|/.test(l) && !/^[-^\s]+$/.test(l));
  const kind = /^(JSON|YAML) Error/.exec(lines[0] ?? '')?.[1];
  const parsed = kind === 'JSON' ? jsonSyntaxReason(lines.slice(1).join(' ')) : lines.slice(1).join(' ');
  // A package.json is looked at for a "mcplint" key, but may be there only for its package: not called "the configuration".
  if (kind === 'JSON' && path.basename(named) === 'package.json') return `${where}: not valid JSON (${parsed})`;
  const reason = kind ? `${kind} error: ${parsed || 'cannot be parsed'}` : (lines[0] ?? 'cannot be parsed');
  return `${where}: cannot read the configuration: ${reason.slice(0, 300)}`;
}

/**
 * The message of anything a configuration module may throw: an Error's message, else the value in
 * words (`throw null`, `throw 42`, an object whose `toString` throws), never a second exception.
 */
function thrownMessage(error: unknown): string {
  if (error instanceof Error && typeof error.message === 'string' && error.message !== '') return error.message;
  if (error instanceof Error) return `it threw ${error.name || 'an error'} with no message`;
  try {
    return `it threw ${typeof error === 'string' ? JSON.stringify(error) : String(error)}`;
  } catch {
    return `it threw a value that is not an Error`;
  }
}

/**
 * The configuration file in `dir` itself that cosmiconfig's search would take (its search places in
 * its order; a package.json only with a `mcplint` key, or when it does not parse), or null.
 */
export function configIn(dir: string): string | null {
  for (const place of getDefaultSearchPlaces(MODULE_NAME)) {
    const candidate = path.join(dir, place);
    if (!existsSync(candidate)) continue;
    if (place !== 'package.json') return candidate;
    let manifest: unknown;
    try {
      manifest = JSON.parse(readFileSync(candidate, 'utf8').replace(/^\uFEFF/, ''));
    } catch {
      // Not JSON (or unreadable): loading it reports why, in one line.
      return candidate;
    }
    if (typeof manifest === 'object' && manifest !== null && (manifest as Record<string, unknown>)[MODULE_NAME] !== undefined) return candidate;
  }
  return null;
}

/**
 * cosmiconfig's loaders by extension (`noExt` for `.mcplintrc`, JSON or YAML), those of text
 * formats reading past a UTF-8 byte order mark (editors on Windows write one; JSON.parse rejects it).
 */
const LOADERS: Record<string, Loader> = {
  ...defaultLoaders,
  ...Object.fromEntries(
    (['.json', '.yaml', '.yml', 'noExt'] as const).map((ext) => [ext, (filepath: string, content: string) => (defaultLoaders[ext] as Loader)(filepath, content.replace(/^\uFEFF/, ''))]),
  ),
};

/**
 * The configuration in `file`, as cosmiconfig reads it (empty text is undefined; a `package.*`
 * file gives its `mcplint` key), through cosmiconfig's loaders but not its explorer: the explorer
 * also looks for a meta configuration in the process's working directory (`cosmiconfig` in
 * package.json, `.config/config.json`) and follows `$import` keys to other files, JavaScript
 * included, neither of which a user of this linter asked for.
 *
 * @throws the reader's or the loader's error (ENOENT, EISDIR, `JSON Error in …`, what a module throws).
 */
async function loadFile(file: string): Promise<unknown> {
  const content = await readFile(file, 'utf8');
  if (content.trim() === '') return undefined;
  const extension = path.extname(file);
  const loader = LOADERS[extension || 'noExt'];
  if (!loader) throw new Error(`no loader for "${extension}" files: use .json, .yaml, .yml, .js, .cjs, .mjs or .ts`);
  const loaded: unknown = await loader(file, content);
  if (path.basename(file, extension) !== 'package') return loaded;
  return typeof loaded === 'object' && loaded !== null ? (loaded as Record<string, unknown>)[MODULE_NAME] : undefined;
}

/**
 * Whether anyone may write into `dir` (world-writable, with or without the sticky bit: /tmp,
 * /var/tmp, /dev/shm, or a folder left `chmod 777`): a file there may be anyone's, so it is never
 * taken as configuration, nor a `.git` there as a repository. POSIX only (Windows reports no such
 * modes).
 */
export function sharedFolder(dir: string): boolean {
  if (process.platform === 'win32') return false;
  try {
    return (statSync(dir).mode & 0o002) !== 0;
  } catch {
    return false;
  }
}

/** Whether `dir` is a `node_modules` folder or inside one: an installed package's, never the user's configuration. */
function inNodeModules(dir: string): boolean {
  return dir.split(path.sep).includes('node_modules');
}

/**
 * The repository `cwd` is in: the nearest folder, `cwd` itself included, that holds `.git` (a
 * folder, or the file of a worktree or submodule), as git finds it; a `.git` in a shared folder
 * (/tmp) does not count, since anyone could have put it there. Null when there is none.
 */
export function repositoryRoot(cwd: string): string | null {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git')) && !sharedFolder(dir)) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * The folders a search for configuration looks in, nearest first: `cwd`, then each folder above it
 * up to the repository root ({@link repositoryRoot}) and never beyond; with no repository, `cwd`
 * alone. Folders inside `node_modules` and shared folders (/tmp) are left out. The rule (issue 13):
 * configuration, which may be code (`.mcplintrc.cjs`), comes from the project the user runs the
 * linter in, never from the code it lints (an installed package, a folder above it); as ESLint's
 * flat configuration is looked up from the working directory.
 */
export function searchFolders(cwd: string): string[] {
  return searchRange(cwd).filter((dir) => !sharedFolder(dir));
}

/** The folders from `cwd` up to its repository root (or `cwd` alone), nearest first, those inside node_modules aside: {@link searchFolders} with the shared ones. */
function searchRange(cwd: string): string[] {
  const start = path.resolve(cwd);
  const root = repositoryRoot(start);
  const folders: string[] = [];
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (!inNodeModules(dir)) folders.push(dir);
    if (root === null || dir === root || path.dirname(dir) === dir) return folders;
  }
}

/**
 * The configuration file a search from `cwd` finds: the first of cosmiconfig's search places (in
 * its order) that exists in the first of {@link searchFolders} that has one, or null. An empty file
 * or a folder in a search place is found too, so that it is reported rather than passed over.
 * `ignored` lists the files that a shared folder nearer than it holds, passed over unread.
 */
function searchedFile(cwd: string): { file: string | null; ignored: string[] } {
  const ignored: string[] = [];
  for (const dir of searchRange(cwd)) {
    const found = configIn(dir);
    if (!found) continue;
    if (!sharedFolder(dir)) return { file: found, ignored };
    ignored.push(found);
  }
  return { file: null, ignored };
}

/** Whether a configuration file is loaded by running it (JavaScript or TypeScript) rather than parsed. */
function isModule(file: string): boolean {
  return /\.[cm]?[jt]s$/.test(file);
}

/** `a number`, `an array`, `a function`: what a configuration that is not an object is. */
function kindOfValue(value: unknown): string {
  return withArticle(Array.isArray(value) ? 'array' : typeof value);
}

/** `an object`, `a string`, `an array`. */
function withArticle(kind: string): string {
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

type Issue = z.core.$ZodIssue;

/**
 * One schema issue as `<key path>: <what was expected>`. zod reports a rule entry that matches none
 * of its forms (severity, `[severity]`, `[severity, options]`) as "Invalid input"; the form the
 * value was meant to take says more: the deepest issue of any form (a bad option), else "takes no
 * options" for a rule without options given some, else the severity's message.
 */
export function describeIssue(issue: Issue): string {
  let at = issue.path;
  let message = issue.message;
  if (issue.code === 'invalid_union') {
    const all = issue.errors.flat();
    const deepest = [...all].sort((a, b) => b.path.length - a.path.length)[0];
    if (deepest && deepest.path.length > 0) {
      at = [...at, ...deepest.path];
      message = deepest.message;
    } else if (issue.errors.length === 2 && all.some((i) => i.code === 'too_big')) {
      message = 'this rule takes no options: expected a severity ("off", "info", "warn", "error") or [severity]';
    } else {
      message = 'expected a severity ("off", "info", "warn", "error"), [severity] or [severity, options]';
    }
  } else if (issue.code === 'unrecognized_keys' && at[at.length - 1] === 'rules') {
    const fixed = issue.keys.filter((key) => RULE_DESCRIPTORS.get(key)?.configurable === false);
    message = fixed.length === issue.keys.length
      ? `${fixed.map((k) => `"${k}"`).join(', ')} cannot be configured: a file that cannot be read or parsed, or an analysis that failed, is always an error`
      : `${message} (\`mcp-annotate-lint rules\` lists the rule ids)`;
  } else if (issue.code === 'invalid_type') {
    // zod's "Invalid input: expected object, received array", in the words the rest of the messages use.
    const received = /received (\w+)/.exec(message)?.[1];
    const expected = String(issue.expected);
    message = received === 'undefined' ? `missing: expected ${withArticle(expected)}` : `expected ${withArticle(expected)}${received ? `, not ${withArticle(received)}` : ''}`;
  }
  return `${at.length > 0 ? keyPath(at) : '(root)'}: ${message}`;
}

/** `overrides[0].rules`: a key path as written in JavaScript, array indexes in brackets. */
function keyPath(at: readonly PropertyKey[]): string {
  return at.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i > 0 ? '.' : ''}${String(key)}`)).join('');
}

/** A loaded configuration and the file it came from (null when none was found). */
export interface LoadedConfig {
  config: Config;
  file: string | null;
  /**
   * Configuration files the search met in shared folders ({@link sharedFolder}) before the one
   * it took, and left unread: the user is told, since they may have meant them. Absent when none.
   */
  ignored?: string[];
}

/** Why a configuration file in a shared folder is not used, after `<file>: ` ({@link LoadedConfig.ignored}). */
export const SHARED_FOLDER_REASON = 'not used: its folder is writable by every user (world-writable), so anyone could have put it there; pass it with -c to use it';

/**
 * Finds and validates the configuration: `file` when given (`--config`, relative to `cwd`), else
 * the first cosmiconfig search place in {@link searchFolders} of `cwd` (the working directory up to
 * the repository root). Loading a `.js`/`.cjs`/`.mjs`/`.ts` file runs it: only a file named by the
 * user or found by that search is ever loaded, never one in the code linted. One in a shared
 * folder nearer than the one taken is listed in `ignored`, unread.
 *
 * @throws UsageError (exit 2) with one line per problem, `<file>: <what is wrong>`: a file that
 *   cannot be read (missing, a folder, not a regular file), parsed (JSON or YAML syntax), or loaded
 *   (a module that throws or does not load), that is empty or not an object, or whose keys the
 *   schema rejects (`<file>: <key path>: <what was expected>`).
 */
export async function loadConfig(cwd: string, file?: string): Promise<LoadedConfig> {
  // cosmiconfig loads; the search is ours (searchedFile), so that an empty file or a folder where a
  // configuration is looked for is reported instead of skipped (cosmiconfig passes over both), and
  // so that it never leaves the project the linter runs in.
  const searched = file ? { file: path.resolve(cwd, file), ignored: [] } : searchedFile(cwd);
  const target = searched.file;
  const ignored = searched.ignored.length > 0 ? { ignored: searched.ignored } : {};
  if (target === null) return { config: EMPTY_CONFIG, file: null, ...ignored };
  const shown = shownPath(target, cwd);
  // A FIFO or a device would block the read for ever (`--config /dev/stdin`).
  let stats: Stats | undefined;
  try {
    stats = statSync(target);
  } catch {
    // Missing or unreadable: loading says so.
  }
  if (stats && !stats.isFile() && !stats.isDirectory()) throw new UsageError(`${shown}: cannot read the configuration: it is not a regular file`);
  let config: unknown;
  try {
    config = await loadFile(target);
  } catch (error) {
    throw new UsageError(configReadError(error, cwd, target));
  }
  if (config === null || config === undefined) {
    if (isModule(target)) throw new UsageError(`${shown}: the module exports no configuration (export default { … } or module.exports = { … })`);
    if (path.basename(target) === 'package.json') throw new UsageError(`${shown}: has no "${MODULE_NAME}" key`);
    throw new UsageError(`${shown}: the configuration is empty (write {} for the defaults)`);
  }
  if (typeof config !== 'object' || Array.isArray(config)) throw new UsageError(`${shown}: the configuration must be an object ({ "rules": … }), not ${kindOfValue(config)}`);
  let parsed: ReturnType<typeof ConfigSchema.safeParse>;
  try {
    parsed = ConfigSchema.safeParse(config);
  } catch (error) {
    // A module's object can throw while it is read (a getter, a Proxy).
    throw new UsageError(`${shown}: the configuration cannot be read: ${thrownMessage(error).split('\n')[0]}`);
  }
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${shown}: ${describeIssue(issue)}`);
    throw new UsageError(lines.join('\n'));
  }
  return { config: parsed.data, file: target, ...ignored };
}

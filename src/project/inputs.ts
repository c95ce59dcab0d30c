import { existsSync, lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { jsonSyntaxReason, UsageError } from '../errors.js';
import { printable } from '../printable.js';
import { compileGlobs } from './glob.js';
import { nearestConfig, readConfigTree } from './tsconfig.js';
import { walkFiles } from './walk.js';
import { workspaceFolders } from './workspaces.js';
import { bundlerEntries } from './bundler-entries.js';

/** Extensions of the files mcp-annotate-lint reads. */
export const SOURCE_EXTENSIONS = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'] as const;

/** Paths that are never linted when a folder or glob is expanded (named files are always linted). */
const TEST_FILE = /(^|[\\/])__tests__[\\/]|\.(test|spec)\.[cm]?[jt]sx?$/;
const DECLARATION_FILE = /\.d\.[cm]?ts$/;

/** What the command line asked for, resolved to files. */
export interface ResolvedInputs {
  /** Absolute paths of the files to lint. */
  files: string[];
  /**
   * A tsconfig.json whose compiler options (paths, baseUrl, references) apply, when one was found:
   * the project's in `cwd` when no path is given (its files are then the ones to lint), else the
   * nearest one above the first path, within its package.
   */
  tsconfig: string | null;
  /**
   * Files loaded beside the named ones as context, never searched for registrations: when files
   * are named, the rest of the project each belongs to (see {@link projectContext}). Empty otherwise.
   */
  context: string[];
  /** Named files that are not linted (not TypeScript or JavaScript, or declaration files), as given, with why. */
  skipped: { path: string; reason: string }[];
  /**
   * When `files` are the entry points of the package in this folder (no path given, no tsconfig):
   * the files they import inside it are linted too (a bundler's chunks, a compiled `dist/` tree). Null otherwise.
   */
  packageDir: string | null;
  /**
   * Entry points of the project's packages that their tsconfig does not list (see
   * {@link unlistedEntries}): linted, with the files they import inside their package. Absent or
   * empty otherwise.
   */
  entries?: string[];
  /**
   * Folders met while expanding folders and globs whose entries cannot be listed (absolute), with
   * why in words (`permission denied`): their files are not linted, and the run says so. Absent or
   * empty otherwise.
   */
  unreadable?: UnreadableFolder[];
}

/** A folder that a walk could not list, and why in words. */
export interface UnreadableFolder {
  /** Absolute path. */
  folder: string;
  reason: string;
}

/** Folders of tests, mocks and fixtures, below the folder a project or walk starts from. */
const TEST_FOLDER = /(^|[\\/])(__tests__|__mocks__|__fixtures__|fixtures|tests?|e2e)[\\/]/;

/**
 * True for a file that expansion of a folder or glob, or a project's file list, skips: tests and
 * declarations; with `root` (the folder walked, the project's), also any file in a folder of
 * tests, mocks or fixtures below it (`test/`, `tests/`, `e2e/`, `fixtures/`, `__mocks__/`), whose
 * servers are stand-ins and whose broken files are on purpose.
 */
export function isSkippedFile(file: string, root?: string): boolean {
  return TEST_FILE.test(file) || DECLARATION_FILE.test(file) || (root !== undefined && TEST_FOLDER.test(path.relative(root, file)));
}

function isSourceFile(file: string): boolean {
  const ext = path.extname(file).slice(1);
  return (SOURCE_EXTENSIONS as readonly string[]).includes(ext) && !DECLARATION_FILE.test(file);
}

/** Keeps one path per real file (symbolic links can reach a file twice). */
function dedupeByRealPath(files: string[]): string[] {
  const seen = new Set<string>();
  return files.filter((f) => {
    let real = f;
    try {
      real = realpathSync(f);
    } catch {
      // An unreadable path is reported when it is loaded.
    }
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  });
}

/**
 * The source files under a folder, tests and declarations left out, and node_modules below it (a
 * folder inside node_modules is walked, but not the copies of packages nested in it). Folders that
 * cannot be listed are added to `unreadable`.
 */
function expandFolder(dir: string, label: string, unreadable: UnreadableFolder[]): string[] {
  // Symbolic links to folders are not followed: a link to `..` would lint the folder's parent, one to `/` the disk.
  return walkFiles(dir, { skipNodeModules: true, skipDotEntries: true, keep: (f) => isSourceFile(f) && !isSkippedFile(f, dir), label, unreadable: (folder, reason) => unreadable.push({ folder, reason }) });
}

/**
 * The line that ends a run when a folder or glob gives no file: `what` (`no TypeScript or
 * JavaScript files to lint in this folder (…)`), or that the folder walked (`root`) cannot be read,
 * and which folders below it could not be read when some could not.
 * @param rootName how the folder walked is named when it cannot be read: null for `this folder` (the path named is the folder).
 */
function nothingFound(label: string, what: string, root: string, unreadable: readonly UnreadableFolder[], rootName: string | null = null): UsageError {
  const own = unreadable.find((u) => u.folder === path.resolve(root));
  if (own) return new UsageError(`${label}: cannot read ${rootName === null ? 'this folder' : `the folder ${printable(rootName)}`} (${own.reason})`);
  if (unreadable.length === 0) return new UsageError(`${label}: ${what}`);
  const shown = unreadable.slice(0, 3).map((u) => `${printable(path.relative(root, u.folder) || u.folder)} (${u.reason})`);
  const more = unreadable.length > 3 ? ` and ${unreadable.length - 3} more` : '';
  return new UsageError(`${label}: ${what}; ${unreadable.length === 1 ? 'a folder' : 'folders'} in it cannot be read: ${shown.join(', ')}${more}`);
}

/** A character that makes a path a glob (`*`, `?`, `[`, `{`, an extglob's `(`), as picomatch's scan tells one. */
const GLOB_SYNTAX = /[*?[{]|[@!+](?=\()/;

/** A glob's leading segments that hold no glob syntax: the folder to walk (`src/a` of `src/a/x*.ts`). */
function staticBase(glob: string): string {
  const segments = glob.split('/');
  const first = segments.findIndex((s) => GLOB_SYNTAX.test(s) || /[\\()!]/.test(s));
  return segments.slice(0, first < 0 ? segments.length : first).join('/') || (glob.startsWith('/') ? '/' : '.');
}

/**
 * The source files a glob (relative to `cwd`, or absolute) matches, tests and declarations left out.
 * The walk starts at the glob's static folder, enters node_modules only when the glob names it, and
 * files and folders whose names start with a dot only when the glob names one (`.github/**`);
 * matching is linear in time (see glob.ts). Folders that cannot be listed are added to `unreadable`.
 *
 * @throws UsageError naming `label` for a glob that cannot be used, matches nothing, or a walk over its budget.
 */
function expandGlob(glob: string, cwd: string, label: string, unreadable: UnreadableFolder[]): string[] {
  if (glob.startsWith('!') && glob[1] !== '(') throw new UsageError(`${label}: a glob that starts with ! would lint everything else; name what to lint, and leave files out with "exclude" in the configuration`);
  const match = compileGlobs([glob], () => label);
  const posix = glob.split(path.sep).join('/');
  const base = path.resolve(cwd, staticBase(posix));
  if (!existsSync(base) || !statSync(base).isDirectory()) throw new UsageError(`${label}: no files match this pattern`);
  const rest = posix.replace(/^(\.\.?\/)+/, '');
  const skipNodeModules = !posix.split('/').includes('node_modules') && !base.split(path.sep).includes('node_modules');
  const skipDotEntries = !/(^|[/{,(|])\.(?!\.?(\/|$))/.test(rest);
  // A glob without `**` nor braces reaches only as deep as its segments.
  const below = path.relative(base, path.resolve(cwd, posix)).split(path.sep).length - 1;
  const maxDepth = /\*\*|[{(]/.test(posix) ? undefined : Math.max(0, below);
  const absolute = path.isAbsolute(glob);
  const shown = (file: string): string => (absolute ? file : path.relative(cwd, file)).split(path.sep).join('/');
  const found = walkFiles(base, { skipNodeModules, skipDotEntries, ...(maxDepth !== undefined ? { maxDepth } : {}), keep: (f) => isSourceFile(f) && !isSkippedFile(f) && match(shown(f)), label, unreadable: (folder, reason) => unreadable.push({ folder, reason }) });
  if (found.length === 0) throw nothingFound(label, 'no files match this pattern', base, unreadable, staticBase(posix));
  return found;
}

/** How a path given on the command line is named in messages: as given (control characters made visible), or cut short when very long. */
function shownInput(input: string, index: number): string {
  return printable(input.length <= 200 ? input : `${input.slice(0, 40)}… (path ${index + 1}, ${input.length} characters)`);
}

/** Entry points a package.json names (`bin`, `main`, `module`, `exports`), that exist on disk. */
function packageEntries(dir: string, cwd: string): string[] {
  const file = path.join(dir, 'package.json');
  const shown = path.relative(cwd, file) || file;
  const pkg = readManifest(file, shown);
  const candidates: string[] = [];
  // `exports` nests conditions; a deeper or larger value is not a package's.
  const collect = (value: unknown, depth: number): void => {
    if (typeof value === 'string') candidates.push(value);
    else if (value && typeof value === 'object' && depth < 16 && candidates.length < 1000) Object.values(value).forEach((v) => collect(v, depth + 1));
  };
  collect(pkg.bin, 0);
  collect(pkg.main, 0);
  collect(pkg.module, 0);
  collect(pkg.exports, 0);
  const entries = [...new Set(candidates.map((c) => path.resolve(dir, c)))].filter((f) => isSourceFile(f));
  const present = entries.filter((f) => existsSync(f));
  if (present.length === 0 && entries.length > 0) {
    const missing = entries.map((f) => path.relative(dir, f)).join(', ');
    throw new UsageError(`${shown}: its entry point${entries.length > 1 ? 's' : ''} ${missing} ${entries.length > 1 ? 'do' : 'does'} not exist (build the package first, or name the files to lint)`);
  }
  return present;
}

/**
 * A package.json's content.
 * @param shown how messages name the file.
 * @throws UsageError `<shown>: cannot be read (…)`, `<shown>: not valid JSON (…)` or `<shown>: not a JSON object`.
 */
function readManifest(file: string, shown: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${shown}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${shown}: not valid JSON (${jsonSyntaxReason((error as Error).message)})`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${shown}: not a JSON object`);
  return value as Record<string, unknown>;
}

/**
 * Resolves command-line paths to source files, as `mcp-annotate-lint [paths...]` documents:
 * no path means the project in `cwd` (its tsconfig.json, else its package.json entry points and
 * what they import in the package, else every source file under it); a file is linted even if it looks like a test, and the rest of
 * its project is loaded as context; a named file that is not TypeScript or JavaScript, or is a
 * declaration file, is skipped (listed in `skipped`); a folder is expanded to its source files,
 * skipping tests, declarations and node_modules; a glob is expanded the same way. Walks are bounded
 * (see walk.ts: no symbolic link to a folder is followed, and a walk over its budget stops).
 *
 * @param labelOf how messages name the path at an index (default: as given, cut short when very long).
 * @throws UsageError naming the path when it does not exist, a glob matches nothing or cannot be
 *   used (too long, `!(…)`), a walk is over its budget, or the package.json read for entry points
 *   cannot be read, is not valid JSON or names entry points that do not exist.
 */
export async function resolveInputs(paths: string[], cwd: string, labelOf: (index: number) => string = (i) => shownInput(paths[i]!, i)): Promise<ResolvedInputs> {
  if (paths.length === 0) return projectInputs(cwd);
  const files = new Set<string>();
  const named: string[] = [];
  const skipped: ResolvedInputs['skipped'] = [];
  const unreadable: UnreadableFolder[] = [];
  for (const [index, input] of paths.entries()) {
    const label = labelOf(index);
    const abs = path.resolve(cwd, input);
    if (existsSync(abs)) {
      const stat = statSync(abs);
      if (stat.isDirectory()) {
        const here: UnreadableFolder[] = [];
        const found = expandFolder(abs, label, here);
        if (found.length === 0) throw nothingFound(label, 'no TypeScript or JavaScript files to lint in this folder (tests, declaration files and node_modules are skipped)', abs, here);
        found.forEach((f) => files.add(f));
        unreadable.push(...here);
      } else if (!stat.isFile()) {
        // A FIFO or a device would block the read or never end.
        throw new UsageError(`${label}: not a regular file`);
      } else if (isSourceFile(abs)) {
        files.add(abs);
        named.push(abs);
      } else if (DECLARATION_FILE.test(abs)) skipped.push({ path: input, reason: 'a declaration file has no tool handlers to lint' });
      // As ESLint does with a file its configuration does not cover: skipped with a warning, so
      // that a hook or lint-staged pattern that passes every changed file does not fail a commit.
      else skipped.push({ path: input, reason: `not a TypeScript or JavaScript file (.${SOURCE_EXTENSIONS.join(', .')})` });
      continue;
    }
    if (GLOB_SYNTAX.test(input)) {
      expandGlob(input, cwd, label, unreadable).forEach((f) => files.add(f));
      continue;
    }
    throw new UsageError(`${label}: ${missingReason(abs)}`);
  }
  // The options (`paths`, `baseUrl`, references) of the project the first path belongs to apply; its file list does not.
  const first = path.resolve(cwd, paths[0]!);
  const tsconfig = nearestConfig(existsSync(first) && statSync(first).isDirectory() ? first : path.dirname(first));
  const targets = dedupeByRealPath([...files]).sort();
  return { files: targets, tsconfig, context: projectContext(named, new Set(targets), cwd), skipped, packageDir: null, ...withUnreadable(unreadable) };
}

/** `unreadable` as a part of {@link ResolvedInputs}: each folder once, absent when there is none. */
function withUnreadable(unreadable: readonly UnreadableFolder[]): Pick<ResolvedInputs, 'unreadable'> {
  const once = [...new Map(unreadable.map((u) => [u.folder, u])).values()].sort((a, b) => a.folder.localeCompare(b.folder));
  return once.length > 0 ? { unreadable: once } : {};
}

/**
 * The project in `dir`: its tsconfig.json (which lists the files), else its package.json entry
 * points (and what they import, see {@link ResolvedInputs.packageDir}), else every source file
 * under it. At a monorepo root (`dir` declares workspaces), also every workspace package's
 * files, whatever the root's tsconfig lists or excludes: each package's tsconfig's files (tests
 * and fixtures aside), else every source file under the package.
 * @throws UsageError when there is nothing to lint, or as {@link resolveInputs}.
 */
function projectInputs(dir: string): ResolvedInputs {
  const tsconfig = path.join(dir, 'tsconfig.json');
  const unreadable: UnreadableFolder[] = [];
  const own = ((): ResolvedInputs => {
    if (existsSync(tsconfig)) return { files: [], tsconfig, context: [], skipped: [], packageDir: null };
    if (existsSync(path.join(dir, 'package.json'))) {
      const entries = packageEntries(dir, dir);
      if (entries.length > 0) return { files: entries, tsconfig: null, context: [], skipped: [], packageDir: dir };
    }
    return { files: dedupeByRealPath(expandFolder(dir, dir, unreadable)), tsconfig: null, context: [], skipped: [], packageDir: null };
  })();
  const packages = workspaceFolders(dir);
  if (packages.length === 0) {
    if (own.files.length === 0 && !own.tsconfig) throw nothingFound(dir, 'no tsconfig.json, package.json entry point or TypeScript/JavaScript file to lint here', dir, unreadable);
    const entries = own.tsconfig ? unlistedEntries(dir, new Set(listedFiles(own.tsconfig, true))) : [];
    return { ...own, ...(entries.length > 0 ? { entries } : {}), ...withUnreadable(unreadable) };
  }
  // A monorepo root: the root's own files, then each package's.
  const files = new Set(own.tsconfig ? listedFiles(own.tsconfig, true) : own.files);
  const configured = own.tsconfig ? [dir] : [];
  for (const pkg of packages) {
    const config = path.join(pkg, 'tsconfig.json');
    const listed = existsSync(config) ? listedFiles(config, false) : [];
    if (listed.length > 0) configured.push(pkg);
    for (const f of listed.length > 0 ? listed : expandFolder(pkg, path.relative(dir, pkg) || pkg, unreadable)) files.add(f);
  }
  if (files.size === 0) throw nothingFound(dir, "no TypeScript/JavaScript file to lint in this monorepo's packages", dir, unreadable);
  const entries = [...new Set(configured.flatMap((pkg) => unlistedEntries(pkg, files)))].sort();
  return { files: dedupeByRealPath([...files]).sort(), tsconfig: own.tsconfig, context: [], skipped: [], packageDir: own.packageDir, ...(entries.length > 0 ? { entries } : {}), ...withUnreadable(unreadable) };
}

/**
 * The entry points of the package at `dir` that `listed` (its tsconfig's files) leaves out: the
 * files its package.json's `bin`, `main`, `module` and `exports` name that exist as source, and
 * the entries its bundler config names (see {@link bundlerEntries}): a server built by tsup from
 * `mcp-server/server.js` into `dist/mcp-server.js` while the tsconfig includes only `src/`. Tests
 * aside; best effort (an unreadable package.json gives none).
 */
function unlistedEntries(dir: string, listed: ReadonlySet<string>): string[] {
  let declared: string[] = [];
  try {
    declared = existsSync(path.join(dir, 'package.json')) ? packageEntries(dir, dir) : [];
  } catch {
    // Entry points that do not exist (a package not built yet) name no source to add.
  }
  return [...declared, ...bundlerEntries(dir)].filter((f) => !listed.has(f) && !isSkippedFile(f, dir));
}

/**
 * The source files a tsconfig.json and the configs it references list, tests, fixtures and
 * declarations aside.
 * @param strict see {@link readConfigTree}: false for a package's config, which only loses its files when it does not read.
 */
function listedFiles(config: string, strict: boolean): string[] {
  return readConfigTree(config, strict).flatMap((c) => c.fileNames.filter((f) => isSourceFile(f) && !isSkippedFile(f, c.dir)));
}

/**
 * The entry points (`bin`, `main`, `module`, `exports`) of the nearest package.json above `file`
 * that exist; none when there is no package.json or it cannot be read (context is best effort).
 */
function packageEntriesAbove(file: string, cwd: string): string[] {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) {
      try {
        return packageEntries(dir, cwd);
      } catch {
        return [];
      }
    }
    if (path.dirname(dir) === dir || path.basename(dir) === 'node_modules') return [];
  }
}

/**
 * The rest of the projects that named files belong to, so that effect inference sees what a
 * whole-project run sees (a class injected in a file nothing imports, a wrapper's other call
 * sites) when a hook passes only the changed files. A file's project is the nearest
 * tsconfig.json/jsconfig.json above it (within its package), or a config it references, whose
 * file list includes it; a config that does not list it (a fixture, a script outside `include`)
 * only lends its options, as before. Without a config, the entry points of the nearest package.json
 * (what a whole-project run lints) stand for the project. Tests and declaration files are left out, as when a folder
 * is expanded: a test's mocks would pass for the server's own instances.
 *
 * @param named absolute paths of the files named on the command line.
 * @param targets the files to lint, which are not repeated as context.
 * @returns absolute paths, sorted; empty when no named file is listed by its config.
 * @throws UsageError when a config above a named file exists but is not valid JSON.
 */
export function projectContext(named: string[], targets: ReadonlySet<string>, cwd: string): string[] {
  const byConfig = new Map<string, string[]>();
  const context = new Set<string>();
  for (const file of named) {
    const config = nearestConfig(path.dirname(file));
    if (config) byConfig.set(config, [...(byConfig.get(config) ?? []), file]);
    // A JavaScript project without a config: its package.json entry points, which a whole-project run lints, and what they import.
    else for (const entry of packageEntriesAbove(file, cwd)) if (!targets.has(entry)) context.add(entry);
  }
  for (const [config, files] of byConfig) {
    for (const project of readConfigTree(config, false)) {
      const listed = new Set(project.fileNames.map((f) => path.resolve(f)));
      if (!files.some((f) => listed.has(f))) continue;
      for (const f of listed) if (!targets.has(f) && isSourceFile(f) && !isSkippedFile(f)) context.add(f);
    }
  }
  return [...context].sort();
}

/** Why a path that does not exist as a file cannot be read: a symbolic link that points at itself (through others), to nothing, a path too long for the system, or no entry at all. */
function missingReason(abs: string): string {
  try {
    statSync(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return 'a loop of symbolic links (each points on to the next and back)';
    if (code === 'ENAMETOOLONG') return 'the path is longer than the system allows (its name, or one of its folders\' names, is too long)';
    try {
      if (lstatSync(abs).isSymbolicLink()) return 'a symbolic link to nothing (its target does not exist)';
    } catch {
      // No entry at all.
    }
  }
  return 'no such file or directory';
}

import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { UsageError } from '../errors.js';
import { nearestConfig, readConfigTree } from './tsconfig.js';

/** Extensions of the files mcp-annotate-lint reads. */
export const SOURCE_EXTENSIONS = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'] as const;
const SOURCE_GLOB = `**/*.{${SOURCE_EXTENSIONS.join(',')}}`;

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
}

/** True for a file that expansion of a folder or glob skips: tests, declarations. */
export function isSkippedFile(file: string): boolean {
  return TEST_FILE.test(file) || DECLARATION_FILE.test(file);
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

/** Ignore patterns for folder expansion; node_modules is skipped unless the folder itself is inside one. */
function ignoreFor(root: string): string[] {
  const ignore = ['**/.git/**'];
  if (!root.split(path.sep).includes('node_modules')) ignore.push('**/node_modules/**');
  return ignore;
}

async function expandFolder(dir: string): Promise<string[]> {
  // Symbolic links to folders are not followed: a link to `..` would lint the folder's parent.
  const found = await glob(SOURCE_GLOB, { cwd: dir, absolute: true, ignore: ignoreFor(dir), dot: false, followSymbolicLinks: false });
  return found.filter((f) => !isSkippedFile(f));
}

/** Entry points a package.json names (`bin`, `main`, `module`, `exports`), that exist on disk. */
function packageEntries(dir: string): string[] {
  let pkg: Record<string, unknown>;
  const file = path.join(dir, 'package.json');
  try {
    pkg = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: cannot be read as JSON (${(error as Error).message})`);
  }
  const candidates: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') candidates.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(pkg.bin);
  collect(pkg.main);
  collect(pkg.module);
  collect(pkg.exports);
  const entries = [...new Set(candidates.map((c) => path.resolve(dir, c)))].filter((f) => isSourceFile(f));
  const present = entries.filter((f) => existsSync(f));
  if (present.length === 0 && entries.length > 0) {
    const missing = entries.map((f) => path.relative(dir, f)).join(', ');
    throw new UsageError(`${file}: its entry point${entries.length > 1 ? 's' : ''} ${missing} ${entries.length > 1 ? 'do' : 'does'} not exist (build the package first, or name the files to lint)`);
  }
  return present;
}

/**
 * Resolves command-line paths to source files, as `mcp-annotate-lint [paths...]` documents:
 * no path means the project in `cwd` (its tsconfig.json, else its package.json entry points,
 * else every source file under it); a file is linted even if it looks like a test, and the rest of
 * its project is loaded as context; a named file that is not TypeScript or JavaScript, or is a
 * declaration file, is skipped (listed in `skipped`); a folder is expanded to its source files,
 * skipping tests, declarations and node_modules; a glob is expanded the same way.
 *
 * @throws UsageError when a path does not exist or a glob matches nothing.
 */
export async function resolveInputs(paths: string[], cwd: string): Promise<ResolvedInputs> {
  if (paths.length === 0) {
    const tsconfig = path.join(cwd, 'tsconfig.json');
    if (existsSync(tsconfig)) return { files: [], tsconfig, context: [], skipped: [] };
    if (existsSync(path.join(cwd, 'package.json'))) {
      const entries = packageEntries(cwd);
      if (entries.length > 0) return { files: entries, tsconfig: null, context: [], skipped: [] };
    }
    const found = await expandFolder(cwd);
    if (found.length === 0) throw new UsageError(`${cwd}: no tsconfig.json, package.json entry point or TypeScript/JavaScript file to lint here`);
    return { files: dedupeByRealPath(found), tsconfig: null, context: [], skipped: [] };
  }
  const files = new Set<string>();
  const named: string[] = [];
  const skipped: ResolvedInputs['skipped'] = [];
  for (const input of paths) {
    const abs = path.resolve(cwd, input);
    if (existsSync(abs)) {
      const stat = statSync(abs);
      if (stat.isDirectory()) {
        const found = await expandFolder(abs);
        if (found.length === 0) throw new UsageError(`${input}: no TypeScript or JavaScript files to lint in this folder (tests, declaration files and node_modules are skipped)`);
        found.forEach((f) => files.add(f));
      } else if (!stat.isFile()) {
        // A FIFO or a device would block the read or never end.
        throw new UsageError(`${input}: not a regular file`);
      } else if (isSourceFile(abs)) {
        files.add(abs);
        named.push(abs);
      } else if (DECLARATION_FILE.test(abs)) skipped.push({ path: input, reason: 'a declaration file has no tool handlers to lint' });
      // As ESLint does with a file its configuration does not cover: skipped with a warning, so
      // that a hook or lint-staged pattern that passes every changed file does not fail a commit.
      else skipped.push({ path: input, reason: `not a TypeScript or JavaScript file (.${SOURCE_EXTENSIONS.join(', .')})` });
      continue;
    }
    if (isDynamicPattern(input)) {
      // A pattern that names node_modules means it: do not ignore it then.
      const ignore = input.split(/[\\/]/).includes('node_modules') ? ['**/.git/**'] : ignoreFor(cwd);
      const matched = (await glob(input, { cwd, absolute: true, ignore })).filter(
        (f) => isSourceFile(f) && !isSkippedFile(f),
      );
      if (matched.length === 0) throw new UsageError(`${input}: no files match this pattern`);
      matched.forEach((f) => files.add(f));
      continue;
    }
    throw new UsageError(`${input}: no such file or directory`);
  }
  // The options (`paths`, `baseUrl`, references) of the project the first path belongs to apply; its file list does not.
  const first = path.resolve(cwd, paths[0]!);
  const tsconfig = nearestConfig(existsSync(first) && statSync(first).isDirectory() ? first : path.dirname(first));
  const targets = dedupeByRealPath([...files]).sort();
  return { files: targets, tsconfig, context: projectContext(named, new Set(targets)), skipped };
}

/**
 * The entry points (`bin`, `main`, `module`, `exports`) of the nearest package.json above `file`
 * that exist; none when there is no package.json or it cannot be read (context is best effort).
 */
function packageEntriesAbove(file: string): string[] {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) {
      try {
        return packageEntries(dir);
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
export function projectContext(named: string[], targets: ReadonlySet<string>): string[] {
  const byConfig = new Map<string, string[]>();
  const context = new Set<string>();
  for (const file of named) {
    const config = nearestConfig(path.dirname(file));
    if (config) byConfig.set(config, [...(byConfig.get(config) ?? []), file]);
    // A JavaScript project without a config: its package.json entry points, which a whole-project run lints, and what they import.
    else for (const entry of packageEntriesAbove(file)) if (!targets.has(entry)) context.add(entry);
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

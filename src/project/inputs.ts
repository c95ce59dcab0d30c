import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { UsageError } from '../errors.js';
import { nearestConfig } from './tsconfig.js';

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
 * else every source file under it); a file is linted even if it looks like a test; a folder is
 * expanded to its source files, skipping tests, declarations and node_modules; a glob is expanded
 * the same way.
 *
 * @throws UsageError when a path does not exist or a glob matches nothing.
 */
export async function resolveInputs(paths: string[], cwd: string): Promise<ResolvedInputs> {
  if (paths.length === 0) {
    const tsconfig = path.join(cwd, 'tsconfig.json');
    if (existsSync(tsconfig)) return { files: [], tsconfig };
    if (existsSync(path.join(cwd, 'package.json'))) {
      const entries = packageEntries(cwd);
      if (entries.length > 0) return { files: entries, tsconfig: null };
    }
    const found = await expandFolder(cwd);
    if (found.length === 0) throw new UsageError(`${cwd}: no tsconfig.json, package.json entry point or TypeScript/JavaScript file to lint here`);
    return { files: dedupeByRealPath(found), tsconfig: null };
  }
  const files = new Set<string>();
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
      } else if (isSourceFile(abs)) files.add(abs);
      else if (DECLARATION_FILE.test(abs)) throw new UsageError(`${input}: a declaration file has no tool handlers to lint; name the .ts or .js file`);
      else throw new UsageError(`${input}: not a TypeScript or JavaScript file (expected .${SOURCE_EXTENSIONS.join(', .')})`);
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
  return { files: dedupeByRealPath([...files]).sort(), tsconfig };
}

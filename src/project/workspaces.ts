import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileGlobs } from './glob.js';
import { scriptBeside } from './resolution.js';
import { readTsconfig } from './tsconfig.js';
import { walkFiles } from './walk.js';

/**
 * The packages of a monorepo and the way back from a package's built files to its sources, so that
 * `import { Store } from "@acme/core"` in one workspace package is followed into the other's
 * TypeScript sources, built or not.
 *
 * Workspaces are read from the root's package.json `workspaces` (npm
 * https://docs.npmjs.com/cli/using-npm/workspaces, Yarn: an array or `{ packages: [...] }`) or
 * from pnpm-workspace.yaml `packages:` (https://pnpm.io/pnpm-workspace_yaml). A package's entry
 * points are read as Node.js does (`exports` with conditions, else `main`; subpaths and `*`
 * patterns, https://nodejs.org/api/packages.html#package-entry-points), preferring the `source`
 * and `types` conditions; a built file (`dist/index.js`, `dist/index.d.ts`) is mapped back to its
 * source through the package's tsconfig `outDir`/`rootDir`, or by the usual layout (`dist/`,
 * `lib/`, `build/`, `out/` built from `src/`).
 */
export class Workspaces {
  private readonly manifests = new Map<string, Record<string, unknown> | null>();
  private readonly outputDirs = new Map<string, { outDirs: string[]; rootDir: string } | null>();

  /** @param packages workspace package name → its folder (absolute). */
  constructor(readonly packages: ReadonlyMap<string, string>) {}

  /** The tsconfig.json of each workspace package that has one. */
  configFiles(): string[] {
    return [...this.packages.values()].map((dir) => path.join(dir, 'tsconfig.json')).filter((f) => existsSync(f));
  }

  /** The workspaces of the monorepo `start` is in (looking in `start` and the folders above it); none when it is in none. */
  static discover(start: string): Workspaces {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      const patterns = workspacePatterns(dir);
      if (patterns) return new Workspaces(packagesOf(dir, patterns));
      if (path.dirname(dir) === dir) return new Workspaces(new Map());
    }
  }

  /** The source file a bare specifier names when its package is a workspace package (`@acme/core/store` → `packages/core/src/store.ts`), or null. */
  sourceOf(specifier: string): string | null {
    if (this.packages.size === 0 || specifier.startsWith('.') || path.isAbsolute(specifier)) return null;
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
    const dir = this.packages.get(name);
    if (!dir) return null;
    const subpath = specifier === name ? '.' : `.${specifier.slice(name.length)}`;
    const manifest = this.manifest(dir) ?? {};
    for (const target of entryTargets(manifest, subpath)) {
      const found = this.sourceFor(path.resolve(dir, target), dir);
      if (found) return found;
    }
    return subpath === '.' ? firstExisting(['src/index', 'index'].flatMap((stem) => withSourceExtensions(path.join(dir, stem)))) : null;
  }

  /**
   * The source of a built file outside node_modules (`packages/core/dist/index.d.ts` →
   * `packages/core/src/index.ts`), found through the tsconfig.json of the package it is in; null
   * when it has none.
   */
  sourceOfOutput(file: string): string | null {
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, 'package.json')) || existsSync(path.join(dir, 'tsconfig.json'))) {
        const found = this.sourceFor(file, dir);
        return found && found !== file ? found : null;
      }
      if (path.dirname(dir) === dir) return null;
    }
  }

  /** A source file for `file` (built or not) in the package at `dir`: mapped from its output folder, or the file itself when it is source. */
  private sourceFor(file: string, dir: string): string | null {
    const layout = this.layout(dir);
    const stems: string[] = [];
    const stem = file.replace(/(\.d)?\.[cm]?[jt]sx?$/, '');
    for (const out of layout?.outDirs ?? []) {
      if (isInside(out, stem)) stems.push(path.join(layout!.rootDir, path.relative(out, stem)));
    }
    // The usual layout: `dist/x.js` built from `src/x.ts`, or from `x.ts` beside the package.json.
    const rel = path.relative(dir, stem).split(path.sep);
    if (rel.length > 1 && OUTPUT_DIRS.has(rel[0]!)) stems.push(path.join(dir, 'src', ...rel.slice(1)), path.join(dir, ...rel.slice(1)));
    stems.push(stem);
    const source = firstExisting(stems.flatMap(withSourceExtensions));
    if (source) return source;
    // A declaration file beside the JavaScript it describes (a JavaScript package with types): the JavaScript.
    if (/\.d\.[cm]?ts$/.test(file)) return scriptBeside(file);
    return existsSync(file) ? file : null;
  }

  private manifest(dir: string): Record<string, unknown> | null {
    if (!this.manifests.has(dir)) this.manifests.set(dir, readJson(path.join(dir, 'package.json')));
    return this.manifests.get(dir)!;
  }

  /** Where the package at `dir` builds to and from, per its tsconfig.json (null when it has none that reads). */
  private layout(dir: string): { outDirs: string[]; rootDir: string } | null {
    if (this.outputDirs.has(dir)) return this.outputDirs.get(dir)!;
    let layout: { outDirs: string[]; rootDir: string } | null = null;
    const file = path.join(dir, 'tsconfig.json');
    if (existsSync(file)) {
      // A package's own tsconfig that does not read only loses the mapping: the usual layout is tried next.
      const options = readTsconfig(file, false)?.options;
      const outDirs = [options?.outDir, options?.declarationDir].filter((d): d is string => typeof d === 'string');
      const rootDir = options?.rootDir ?? (existsSync(path.join(dir, 'src')) ? path.join(dir, 'src') : dir);
      if (outDirs.length > 0) layout = { outDirs, rootDir };
    }
    this.outputDirs.set(dir, layout);
    return layout;
  }
}

/**
 * The folders of the workspace packages that `dir` itself declares (package.json `workspaces`,
 * pnpm-workspace.yaml), sorted; empty when `dir` is no monorepo root.
 * @throws UsageError as {@link packagesOf}.
 */
export function workspaceFolders(dir: string): string[] {
  const patterns = workspacePatterns(dir);
  return patterns ? [...new Set(packagesOf(dir, patterns).values())].filter((f) => f !== dir).sort() : [];
}

/** Folders packages are commonly built into. */
const OUTPUT_DIRS = new Set(['dist', 'lib', 'build', 'out', 'esm', 'cjs']);

/** Condition names tried in each `exports` entry, in order: sources first, then what TypeScript and Node.js would load. */
const CONDITIONS = ['source', 'types', 'typings', 'import', 'module', 'node', 'require', 'default'];

/** A file's text; null when it cannot be read (a folder, no permission): workspaces are found on a best-effort basis. */
function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** A JSON object file's content; null when it cannot be read, is not JSON or not an object. */
export function readJson(file: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function isInside(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function withSourceExtensions(stem: string): string[] {
  return [...['.ts', '.tsx', '.mts', '.cts'].map((e) => stem + e), path.join(stem, 'index.ts')];
}

function firstExisting(files: string[]): string | null {
  return files.find((f) => existsSync(f)) ?? null;
}

/** The workspace globs declared in `dir` (pnpm-workspace.yaml, or package.json `workspaces`), or null. */
function workspacePatterns(dir: string): string[] | null {
  const pnpm = path.join(dir, 'pnpm-workspace.yaml');
  const yaml = existsSync(pnpm) ? readText(pnpm) : null;
  if (yaml !== null) return pnpmPackages(yaml);
  const manifest = existsSync(path.join(dir, 'package.json')) ? readJson(path.join(dir, 'package.json')) : null;
  const declared = manifest?.workspaces;
  const list = Array.isArray(declared) ? declared : declared && typeof declared === 'object' ? (declared as { packages?: unknown }).packages : undefined;
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : null;
}

/** The `packages:` list of a pnpm-workspace.yaml (a block sequence of plain or quoted globs). */
export function pnpmPackages(yaml: string): string[] {
  const out: string[] = [];
  let inPackages = false;
  for (const line of yaml.split(/\r?\n/)) {
    if (/^packages\s*:/.test(line)) {
      inPackages = true;
      continue;
    }
    if (!inPackages || /^\s*(#.*)?$/.test(line)) continue;
    const item = /^\s+-\s*(['"]?)(.+?)\1\s*(#.*)?$/.exec(line);
    if (!item) break;
    out.push(item[2]!);
  }
  return out;
}

/**
 * The packages `patterns` (workspace globs, `!` to exclude) select under `root`: name → folder.
 * The walk is bounded (walk.ts: no symbolic link to a folder, node_modules and dot folders left
 * out) and the globs match in linear time (glob.ts).
 *
 * @throws UsageError naming the file that declares the globs when one cannot be used, or the walk is over its budget.
 */
function packagesOf(root: string, patterns: string[]): Map<string, string> {
  const declared = existsSync(path.join(root, 'pnpm-workspace.yaml')) ? ['pnpm-workspace.yaml', 'packages'] : ['package.json', 'workspaces'];
  const label = `${path.relative(process.cwd(), path.join(root, declared[0]!)) || declared[0]}: ${declared[1]}`;
  const folders = patterns.map((p) => p.replace(/^!/, '').replace(/\/+$/, '').replace(/^(\.\/)+/, ''));
  const globs = patterns.map((p, i) => ({ negated: p.startsWith('!'), match: compileGlobs([folders[i]!], () => `${label}[${i}]`) }));
  const selected = (dir: string): boolean => globs.some((g) => !g.negated && g.match(dir)) && !globs.some((g) => g.negated && g.match(dir));
  const relative = (file: string): string => path.relative(root, path.dirname(file)).split(path.sep).join('/');
  // Globs without `**` nor braces reach only as deep as their segments.
  const deepest = folders.some((f) => /\*\*|[{(]/.test(f)) ? undefined : Math.max(0, ...folders.map((f) => f.split('/').length));
  const manifests = walkFiles(root, {
    skipNodeModules: true,
    skipDotEntries: true,
    ...(deepest !== undefined ? { maxDepth: deepest } : {}),
    keep: (file) => path.basename(file) === 'package.json' && path.dirname(file) !== root && selected(relative(file)),
    label,
  });
  const out = new Map<string, string>();
  for (const file of manifests.sort()) {
    const name = readJson(file)?.name;
    if (typeof name === 'string' && !out.has(name)) out.set(name, path.dirname(file));
  }
  return out;
}

/** The files (relative to the package) a package's manifest gives for `subpath` (`.` or `./x`), most useful first. */
export function entryTargets(manifest: Record<string, unknown>, subpath: string): string[] {
  const exports = manifest.exports;
  if (exports !== undefined && exports !== null) {
    const isMap = typeof exports === 'object' && !Array.isArray(exports) && Object.keys(exports).some((k) => k.startsWith('.'));
    if (!isMap) return subpath === '.' ? conditionTargets(exports) : [];
    const map = exports as Record<string, unknown>;
    if (subpath in map) return conditionTargets(map[subpath]);
    for (const [key, value] of Object.entries(map)) {
      const star = key.indexOf('*');
      if (star < 0) continue;
      const [prefix, suffix] = [key.slice(0, star), key.slice(star + 1)];
      if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= key.length - 1) {
        const match = subpath.slice(prefix.length, subpath.length - suffix.length);
        return conditionTargets(value).map((t) => t.split('*').join(match));
      }
    }
    return [];
  }
  if (subpath !== '.') return [subpath];
  return ['source', 'types', 'typings', 'module', 'main'].map((k) => manifest[k]).filter((v): v is string => typeof v === 'string');
}

/** How deep `exports` conditions are read: a deeper value is not a package's (and would exhaust the stack). */
const MAX_CONDITION_DEPTH = 16;

/** The file targets of an `exports` value: a string, an array of fallbacks, or conditions (tried in {@link CONDITIONS} order). */
function conditionTargets(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (depth >= MAX_CONDITION_DEPTH) return [];
  if (Array.isArray(value)) return value.flatMap((v) => conditionTargets(v, depth + 1));
  if (!value || typeof value !== 'object') return [];
  const entries = value as Record<string, unknown>;
  const keys = [...CONDITIONS.filter((c) => c in entries), ...Object.keys(entries).filter((k) => !CONDITIONS.includes(k))];
  return keys.flatMap((k) => conditionTargets(entries[k], depth + 1));
}

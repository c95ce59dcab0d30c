import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ts as TS } from 'ts-morph';
import { ts } from '../ts-morph.js';
import { nearestConfig, readTsconfig, type ProjectConfig } from './tsconfig.js';
import type { Workspaces } from './workspaces.js';

/**
 * Compiler options for analysis. No default library, no type packages and no `node_modules`
 * declarations are loaded: the linter recognises library calls by their import specifiers, so it
 * never pays for type-checking them (DESIGN.md §5). Relative imports and tsconfig `paths` that
 * reach source files are followed.
 */
function analysisOptions(base: TS.CompilerOptions): TS.CompilerOptions {
  return {
    ...base,
    allowJs: true,
    checkJs: false,
    noLib: true,
    types: [],
    skipLibCheck: true,
    noEmit: true,
    module: base.module ?? ts.ModuleKind.ESNext,
    moduleResolution: base.moduleResolution ?? ts.ModuleResolutionKind.Bundler,
    resolveJsonModule: false,
    composite: false,
    declaration: false,
  };
}

const NODE_MODULES = /[\\/]node_modules[\\/]/;
const DECLARATION = /\.d\.[cm]?ts$/;

/** The `ts.Extension` of a file name. */
function extensionOf(file: string): TS.Extension {
  const match = /(\.d\.[cm]?ts|\.[cm]?[jt]sx?)$/.exec(file);
  return (match?.[1] ?? '.ts') as TS.Extension;
}

/** Options and resolution cache of one config (a project, a referenced project, a workspace package). */
interface Scope {
  dir: string;
  options: TS.CompilerOptions;
  cache: TS.ModuleResolutionCache;
}

/**
 * Module resolution for the whole run: what an import written in a file refers to, as TypeScript
 * resolves it with the options of the config that compiles that file (the deepest config folder
 * holding it: a referenced project's own `paths` apply to its files), then
 * - a workspace package's import (`@acme/core`, linked in node_modules or only declared in the
 *   root's `workspaces`) goes to that package's sources (see {@link Workspaces});
 * - a built file of the project (`../core/dist/index.d.ts`) goes back to its source when it has one;
 * - a relative import the configured resolution misses (`./store` under NodeNext) is tried as a
 *   bundler resolves it;
 * - a package in node_modules is never project code (unless imported relatively from a package being
 *   linted), and a declaration file is returned as such: the linter reads declared-only APIs from it.
 *
 * Memoized per specifier and file.
 */
export class ModuleResolver {
  /** Options of the ts-morph project (the root config's). */
  readonly rootOptions: TS.CompilerOptions;
  private readonly scopes: Scope[];
  private readonly bundler: Scope;
  private readonly memo = new Map<string, TS.ResolvedModuleFull | undefined>();
  /** The scope of the nearest config of each folder of containing files, when it is none of the configs given (null: none nearer). */
  private readonly nearest = new Map<string, Scope | null>();
  /** Each config found nearest to some folder, read once (null: it does not read). */
  private readonly configs = new Map<string, ProjectConfig | null>();
  private readonly makeScope: (dir: string, base: TS.CompilerOptions) => Scope;

  /**
   * @param configs the root config first, then the configs it references; empty without a tsconfig.
   * @param packageConfigs the configs of workspace packages, for their own files.
   */
  constructor(
    configs: ProjectConfig[],
    packageConfigs: ProjectConfig[],
    private readonly workspaces: Workspaces,
  ) {
    const scope = (dir: string, base: TS.CompilerOptions): Scope => {
      const options = analysisOptions(base);
      return { dir, options, cache: ts.createModuleResolutionCache(dir, (f) => f, options) };
    };
    this.makeScope = scope;
    this.scopes = [...configs, ...packageConfigs].map((c) => scope(c.dir, c.options)).sort((a, b) => b.dir.length - a.dir.length);
    this.rootOptions = analysisOptions(configs[0]?.options ?? {});
    this.bundler = scope(process.cwd(), { ...this.rootOptions, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler });
  }

  /** What `specifier`, written in `containingFile`, refers to that the linter may read; undefined for a package or nothing. */
  resolve(specifier: string, containingFile: string): TS.ResolvedModuleFull | undefined {
    const key = `${containingFile}\0${specifier}`;
    if (this.memo.has(key)) return this.memo.get(key);
    const result = this.resolveUncached(specifier, containingFile);
    this.memo.set(key, result);
    return result;
  }

  /**
   * The options an import in `containingFile` resolves with: those of the deepest config given
   * that holds it, unless a config nearer to the file (a package's own tsconfig.json, with its
   * `paths` and `baseUrl`, in a repository linted from its root) holds it; else the bundler's.
   */
  private scopeOf(containingFile: string): Scope {
    const given = this.scopes.find((s) => containingFile.startsWith(s.dir + path.sep));
    if (NODE_MODULES.test(containingFile)) return given ?? this.bundler;
    const dir = path.dirname(containingFile);
    let near = this.nearest.get(dir);
    if (near === undefined) {
      const file = nearestConfig(dir);
      let config = file ? this.configs.get(file) : null;
      if (config === undefined) {
        config = readConfig(file!);
        this.configs.set(file!, config);
      }
      near = config && !(given && given.dir.length >= config.dir.length) ? this.makeScope(config.dir, config.options) : null;
      // One scope per config, shared by its folders (its resolution cache with them).
      if (near) near = [...this.nearest.values()].find((s) => s?.dir === near!.dir) ?? near;
      this.nearest.set(dir, near);
    }
    return near ?? given ?? this.bundler;
  }

  private resolveUncached(specifier: string, containingFile: string): TS.ResolvedModuleFull | undefined {
    const scope = this.scopeOf(containingFile);
    const relative = specifier.startsWith('.');
    let found = ts.resolveModuleName(specifier, containingFile, scope.options, ts.sys, scope.cache).resolvedModule;
    if (!found && relative && scope !== this.bundler) found = ts.resolveModuleName(specifier, containingFile, this.bundler.options, ts.sys, this.bundler.cache).resolvedModule;
    if (found && !NODE_MODULES.test(found.resolvedFileName)) {
      // Project code, also a workspace package linked into node_modules (its real path is outside).
      const file = found.resolvedFileName;
      const source = DECLARATION.test(file) || /\.[cm]?jsx?$/.test(file) ? this.workspaces.sourceOfOutput(file) : null;
      if (source) return local(source);
      return found.isExternalLibraryImport ? { ...found, isExternalLibraryImport: false } : found;
    }
    const workspaceSource = relative ? null : this.workspaces.sourceOf(specifier);
    if (workspaceSource) return local(workspaceSource);
    // A package; its relative imports are followed only when the package itself is being linted,
    // to its JavaScript also where TypeScript prefers the declaration file beside it.
    if (!found || !relative) return undefined;
    if (!DECLARATION.test(found.resolvedFileName)) return found;
    const script = scriptBeside(found.resolvedFileName);
    return script ? local(script) : undefined;
  }
}

/** Reads a config found near a folder, or null when it does not read. */
function readConfig(file: string): ProjectConfig | null {
  try {
    return readTsconfig(file, false);
  } catch {
    // A config that cannot be read lends no options; the run goes on as TypeScript would without it.
    return null;
  }
}

/** The JavaScript file a declaration file describes, beside it (`x.d.ts` → `x.js`, `x.d.mts` → `x.mjs`, else `x.mjs`/`x.cjs`); null when there is none. */
export function scriptBeside(declaration: string): string | null {
  const match = /\.d\.([cm]?)ts$/.exec(declaration);
  if (!match) return null;
  const stem = declaration.slice(0, match.index);
  return [`.${match[1]}js`, '.js', '.mjs', '.cjs'].map((e) => stem + e).find((f) => existsSync(f)) ?? null;
}

function local(file: string): TS.ResolvedModuleFull {
  return { resolvedFileName: file, extension: extensionOf(file), isExternalLibraryImport: false };
}

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SourceFile, ts as TS } from 'ts-morph';
import { Project, ts } from '../ts-morph.js';
import { UsageError } from '../errors.js';
import { DependencyFollower, packageRootOf } from './dependencies.js';
import { isSkippedFile } from './inputs.js';
import { ModuleResolver } from './resolution.js';
import { isSpecialFile, tolerantFileSystem } from './file-system.js';
import { readConfigTree, readTsconfig } from './tsconfig.js';
import { Workspaces } from './workspaces.js';
import { MAX_SOURCE_FILES, tooManyFiles } from './walk.js';
import { thirdPartyCodeAt } from './third-party.js';
import { isStandaloneBrowserScript } from './browser-scripts.js';
import { bundlesMcpSdk } from './bundled-sdk.js';

/**
 * The largest file read, in bytes (16 MiB): a larger one is generated (a bundle, a data table) and
 * would take the parser minutes and gigabytes. The largest published MCP server bundle seen,
 * @cyanheads/git-mcp-server's dist/index.js, is 6.6 MB.
 */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** The deepest syntax nesting the analysis follows; TypeScript's checker overflows the stack at a few thousand levels. */
export const MAX_NESTING = 1000;

/** The depth of the deepest node under `root` (root: 0), walked without recursion. */
export function nestingDepth(root: TS.Node): number {
  let deepest = 0;
  const stack: [TS.Node, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    ts.forEachChild(node, (child) => {
      stack.push([child, depth + 1]);
    });
  }
  return deepest;
}

/** True when `file` is larger than {@link MAX_FILE_BYTES}; false when it cannot be read (that is reported where it is read). */
function tooLarge(file: string): boolean {
  try {
    return statSync(file).size > MAX_FILE_BYTES;
  } catch {
    return false;
  }
}

/** True when `file` lies in the package at `dir`, not in a `node_modules` folder below it. */
function inPackage(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && !rel.split(path.sep).includes('node_modules');
}

/** The source files of `project` in the package at `dir` that are not targets yet: what its entry points import there, tests and declarations aside. */
function importedInPackage(project: Project, targets: SourceFile[], dir: string): SourceFile[] {
  const linted = new Set(targets);
  return project.getSourceFiles().filter((sf) => {
    const file = path.normalize(sf.getFilePath());
    return !linted.has(sf) && !sf.isDeclarationFile() && !isSkippedFile(file, dir) && inPackage(dir, file);
  });
}

/**
 * The files `entries` import, directly or not, inside the package each entry is in (the nearest
 * folder above it with a package.json), with the entries themselves; tests, declarations and files
 * in `linted` aside.
 */
function reachedInPackage(entries: SourceFile[], linted: ReadonlySet<SourceFile>): SourceFile[] {
  const out: SourceFile[] = [];
  const seen = new Set<SourceFile>(linted);
  for (const entry of entries) {
    const dir = packageDirOf(entry.getFilePath());
    const queue = [entry];
    while (queue.length > 0) {
      const sf = queue.pop()!;
      if (seen.has(sf)) continue;
      seen.add(sf);
      const file = path.normalize(sf.getFilePath());
      if (sf !== entry && (sf.isDeclarationFile() || isSkippedFile(file, dir) || !inPackage(dir, file))) continue;
      out.push(sf);
      queue.push(...sf.getReferencedSourceFiles());
    }
  }
  return out;
}

/** The nearest folder above `file` that holds a package.json (the file's own folder when none does). */
function packageDirOf(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.dirname(file);
  }
}

/** A loaded program: the files to lint and the ts-morph project that holds them, what they import, and context files. */
export interface LoadedProgram {
  project: Project;
  /** The files the user asked to lint (registrations are looked for only here). */
  targets: SourceFile[];
  /** Files that could not be parsed: absolute path → first syntax error as `line:col message`. */
  parseErrors: Map<string, { line: number; column: number; message: string }>;
  /** Files that could not be read: absolute path → reason. */
  unreadable: Map<string, string>;
  /** Files to lint that were not read because they are larger than {@link MAX_FILE_BYTES}: absolute path and why. */
  skipped: { file: string; reason: string }[];
  /** The dependency packages followed (their files are among the targets) and those imported but not followed. */
  dependencies: DependencyFollower;
  /** Resolves a module specifier written in a file to project source (not packages, not declarations, not third-party code), or undefined. */
  resolveModule: (specifier: string, containingFile: string) => TS.ResolvedModuleFull | undefined;
  /**
   * The third-party code a module specifier written in a file names, as a phrase
   * (`third-party code (third_party/), a dependency bundled into index.js`), or null: such a module
   * is not loaded (see {@link thirdPartyCodeAt}), and what it exports is opaque.
   */
  vendoredModule: (specifier: string, containingFile: string) => string | null;
  /** Files to lint that are third-party code a package ships (absolute path → `third-party code (<folder>/)`): not loaded, never searched. */
  vendored: Map<string, string>;
  /**
   * Files to lint that are standalone browser scripts (see browser-scripts.ts): read, not parsed
   * nor loaded (as third-party code is not); with whether each bundles the MCP SDK.
   */
  standalone: { file: string; bundlesMcpSdk: boolean }[];
}

/**
 * Loads the files to lint into one ts-morph project and follows their project imports.
 *
 * @param files absolute paths of the files to lint (may be empty when `tsconfig` lists them).
 * @param tsconfig absolute path of a tsconfig.json whose options apply (and whose files, and those of
 *   the projects it references, are linted when `files` is empty), or null.
 * @param context absolute paths of files loaded, with what they import, for effect inference only:
 *   they are not targets, and a context file nothing linted imports is not reported when it does
 *   not read or parse (it was not asked for).
 * @param packageDir when `files` are a package's entry points: its folder. The source files they
 *   import, directly or not, inside it (not in a `node_modules` below it; tests and declarations
 *   aside) are linted too: a bundler's chunks and a compiled tree hold the registrations that the
 *   entry points only import.
 * @param entries entry points the tsconfig does not list: linted, with the files they import
 *   inside their package (see `ResolvedInputs.entries`).
 * @param named files named one by one on the command line: loaded even when they look like a
 *   standalone browser script (only files found by walking a folder are left out as one).
 * A file to lint larger than {@link MAX_FILE_BYTES} is not read (listed in `skipped`); an imported
 * or context file that large is not loaded (calls into it are unresolved). Third-party code a
 * package ships ({@link thirdPartyCodeAt}: chrome-devtools-mcp's 13 MB of bundles in
 * `third_party/`) is never loaded, whether linted, imported or context: it is listed in `vendored`
 * when it was to be linted, and imports of it are {@link LoadedProgram.vendoredModule}s.
 *
 * @throws UsageError when `files` is empty and the tsconfig or a config it references cannot be
 *   read, or when the files to lint and context are more than {@link MAX_SOURCE_FILES}.
 */
export function loadProgram(files: string[], tsconfig: string | null, context: string[] = [], packageDir: string | null = null, entries: string[] = [], named: ReadonlySet<string> = new Set()): LoadedProgram {
  // The config that lists the files is the project's, and must read; one found above linted paths only lends its options.
  const configs = tsconfig ? readConfigTree(tsconfig, files.length === 0) : [];
  let targetsPaths = files;
  if (tsconfig && targetsPaths.length === 0) {
    const shown = path.relative(process.cwd(), tsconfig) || tsconfig;
    // A solution-style config (`"files": []` and `references`) lints the projects it references.
    targetsPaths = [...new Set(configs.flatMap((c) => c.fileNames.filter((f) => !isSkippedFile(f, c.dir))))];
    if (targetsPaths.length === 0) throw new UsageError(`${shown}: its "files" and "include" match no TypeScript or JavaScript file to lint`);
  }
  if (targetsPaths.length + context.length > MAX_SOURCE_FILES) {
    throw tooManyFiles(tsconfig ? path.relative(process.cwd(), tsconfig) || tsconfig : 'the paths given');
  }
  const workspaces = Workspaces.discover(tsconfig ? path.dirname(tsconfig) : targetsPaths[0] ? path.dirname(targetsPaths[0]) : process.cwd());
  // Each workspace package's files resolve with its own config (its `paths`), as far as it reads.
  const known = new Set(configs.map((c) => c.file));
  const packageConfigs = workspaces.configFiles().filter((f) => !known.has(f)).flatMap((f) => readTsconfig(f, false) ?? []);
  const resolver = new ModuleResolver(configs, packageConfigs, workspaces);
  const compilerOptions = resolver.rootOptions;
  const sizes = new Map<string, boolean>();
  const lintedRoots = new Set(targetsPaths.map(packageRootOf));
  const dependencies = new DependencyFollower((file) => lintedRoots.has(packageRootOf(file)));
  const locate = (specifier: string, containingFile: string) => {
    // A followed dependency's imports are its own (TypeScript would not load its JavaScript); the project's go to the project first.
    const found = dependencies.isFollowed(containingFile)
      ? dependencies.resolve(specifier, containingFile)
      : (resolver.resolve(specifier, containingFile) ?? dependencies.resolve(specifier, containingFile));
    if (!found) return undefined;
    const file = found.resolvedFileName;
    if (!sizes.has(file)) sizes.set(file, tooLarge(file));
    return sizes.get(file) ? undefined : found;
  };
  const resolveModule = (specifier: string, containingFile: string) => {
    const found = locate(specifier, containingFile);
    return found && thirdPartyCodeAt(found.resolvedFileName) === null ? found : undefined;
  };
  const vendoredModule = (specifier: string, containingFile: string): string | null => {
    const file = locate(specifier, containingFile)?.resolvedFileName;
    const why = file === undefined ? null : thirdPartyCodeAt(file);
    return why === null ? null : `${why}, a dependency bundled into ${path.basename(file!)}`;
  };
  /** Files that read as empty because they nest deeper than the parser can follow. */
  const tooDeep = new Set<string>();
  /** Files that exist but could not be read (path → error code), linted or imported. */
  const readFailures = new Map<string, string>();
  const project = new Project({
    compilerOptions,
    fileSystem: tolerantFileSystem(
      (file) => tooDeep.add(file),
      (file, code) => readFailures.set(path.normalize(file), code),
    ),
    skipAddingFilesFromTsConfig: true,
    skipLoadingLibFiles: true,
    resolutionHost: () => ({
      resolveModuleNames: (moduleNames, containingFile) => moduleNames.map((name) => resolveModule(name, containingFile)),
    }),
  });
  const parseErrors = new Map<string, { line: number; column: number; message: string }>();
  const unreadable = new Map<string, string>();
  const targets: SourceFile[] = [];
  const skipped: LoadedProgram['skipped'] = [];
  const vendored = new Map<string, string>();
  /** Browser scripts to lint, with their text: loaded only when a linted file imports them after all. */
  const deferred = new Map<string, string>();
  for (const file of targetsPaths) {
    if (tooLarge(file)) {
      const mib = (statSync(file).size / 1024 / 1024).toFixed(1);
      skipped.push({ file, reason: `larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB (${mib} MiB), like a generated bundle: not linted` });
      continue;
    }
    if (isSpecialFile(file)) {
      unreadable.set(file, 'not a regular file (a device, FIFO or socket, perhaps through a link)');
      continue;
    }
    const why = thirdPartyCodeAt(file);
    if (why !== null) {
      vendored.set(file, why);
      continue;
    }
    const script = named.has(file) ? null : browserScriptText(file);
    if (script !== null) {
      deferred.set(file, script);
      continue;
    }
    try {
      targets.push(project.addSourceFileAtPath(file));
    } catch (error) {
      // An unreadable or missing file is reported; the others are still linted.
      const code = readFailures.get(path.normalize(file)) ?? (error as NodeJS.ErrnoException).code;
      const text = String((error as Error).message ?? error).split('\n')[0]!;
      if (error instanceof RangeError) parseErrors.set(file, { line: 1, column: 1, message: `the file nests deeper than the parser can follow (${text})` });
      else unreadable.set(file, code !== undefined && READ_FAILURES[code] ? READ_FAILURES[code] : code === 'ENOENT' || /not found/i.test(text) ? 'file not found' : text);
    }
  }
  const entryFiles = entries.flatMap((file) => {
    if (tooLarge(file) || isSpecialFile(file) || thirdPartyCodeAt(file) !== null) return [];
    try {
      return [project.addSourceFileAtPath(file)];
    } catch {
      // An entry point is added on a best-effort basis: one that does not read is left out.
      return [];
    }
  });
  project.resolveSourceFileDependencies();
  const standalone: LoadedProgram['standalone'] = [];
  for (const [file, text] of deferred) {
    const imported = project.getSourceFile(file);
    if (imported) {
      targets.push(imported);
      continue;
    }
    standalone.push({ file, bundlesMcpSdk: bundlesMcpSdk(text) });
  }
  if (packageDir) targets.push(...importedInPackage(project, targets, packageDir));
  targets.push(...reachedInPackage(entryFiles, new Set(targets)));
  // The files of followed dependency packages are searched for registrations too. TypeScript loaded
  // them into the program, but ts-morph keeps files under node_modules out of the project until added.
  const programFiles = project.getProgram().compilerObject.getSourceFiles().map((sf) => path.normalize(sf.fileName));
  for (const file of programFiles.filter((f) => dependencies.isFollowed(f))) {
    if (tooLarge(file) || thirdPartyCodeAt(file) !== null) continue;
    try {
      targets.push(project.addSourceFileAtPath(file));
    } catch {
      // A dependency's file that cannot be read only leaves its registrations unseen.
    }
  }
  // Syntax errors are reported for the targets and what they import, as without context.
  const reached = project.getSourceFiles();
  const deepReached = [...tooDeep];
  // Imported files that exist but could not be read are reported, as their syntax errors are (entry points are best effort).
  const entrySet = new Set(entries.map((f) => path.normalize(f)));
  for (const [file, code] of readFailures) if (!unreadable.has(file) && !entrySet.has(file)) unreadable.set(file, READ_FAILURES[code] ?? code);
  if (context.length > 0) {
    for (const file of context) {
      if (tooLarge(file) || thirdPartyCodeAt(file) !== null) continue;
      try {
        project.addSourceFileAtPath(file);
      } catch {
        // Context is best effort: a file that cannot be read only leaves its calls unresolved.
      }
    }
    project.resolveSourceFileDependencies();
  }
  for (const file of deepReached) parseErrors.set(path.normalize(file), { line: 1, column: 1, message: 'the file nests deeper than the parser can follow; it is read as empty' });
  // TypeScript's checker walks nested syntax recursively, with deeper frames than its parser: a file
  // the parser reads but the checker cannot (`x + x + ... + x` of thousands of terms) would stop the
  // analysis of every tool that asks about a name in it. It is read as empty, and said so.
  for (const sf of reached) {
    const depth = nestingDepth(sf.compilerNode);
    if (depth <= MAX_NESTING) continue;
    parseErrors.set(path.normalize(sf.getFilePath()), { line: 1, column: 1, message: `the file nests ${depth} levels deep, deeper than the analysis can follow (${MAX_NESTING}); it is read as empty` });
    sf.replaceWithText('');
  }
  for (const sf of reached) {
    const error = firstSyntaxError(sf.compilerNode);
    if (error) parseErrors.set(sf.getFilePath(), error);
  }
  return { project, targets, parseErrors, unreadable, skipped, dependencies, resolveModule, vendoredModule, vendored, standalone };
}

/** What a read error's code means, for the files that were linted or imported (others: the code itself). */
const READ_FAILURES: Record<string, string> = { EACCES: 'permission denied', EPERM: 'permission denied', EISDIR: 'a folder, not a file' };

/** The text of `file` when it is a standalone browser script (browser-scripts.ts), else null (also when it cannot be read: it is reported where it is loaded). */
function browserScriptText(file: string): string | null {
  if (!/\.[cm]?jsx?$/.test(file)) return null;
  try {
    const text = readFileSync(file, 'utf8');
    return isStandaloneBrowserScript(file, text) ? text : null;
  } catch {
    return null;
  }
}

/** The first syntax error of a parsed file, as `parseErrors` holds it, or undefined. */
function firstSyntaxError(sf: TS.SourceFile): { line: number; column: number; message: string } | undefined {
  // parseDiagnostics is internal to TypeScript but stable; it lists only syntax errors, without type checking.
  const diagnostics = (sf as unknown as { parseDiagnostics?: TS.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
  const first = diagnostics[0] ?? nonStringSpecifier(sf);
  if (!first) return undefined;
  const { line, character } = sf.getLineAndCharacterOfPosition(first.start);
  return { line: line + 1, column: character + 1, message: ts.flattenDiagnosticMessageText(first.messageText, ' ') };
}


/**
 * An `import ... from` or `export ... from` whose module specifier is not a string literal (a cut-off
 * `import { x } from` followed by code): TypeScript's parser takes the next expression as the
 * specifier and leaves the error (TS1141, "String literal expected") to the checker, which the
 * linter does not run. As a syntax error, at the specifier; undefined when there is none.
 */
function nonStringSpecifier(sf: TS.SourceFile): { start: number; messageText: string } | undefined {
  for (const statement of sf.statements) {
    const specifier = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
    if (specifier && !ts.isStringLiteral(specifier)) return { start: specifier.getStart(sf), messageText: 'String literal expected.' };
  }
  return undefined;
}

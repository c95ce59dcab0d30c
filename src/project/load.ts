import path from 'node:path';
import type { SourceFile, ts as TS } from 'ts-morph';
import { Project, ts } from '../ts-morph.js';
import { UsageError } from '../errors.js';
import { isSkippedFile } from './inputs.js';

/** A loaded program: the files to lint and the ts-morph project that holds them and what they import. */
export interface LoadedProgram {
  project: Project;
  /** The files the user asked to lint (registrations are looked for only here). */
  targets: SourceFile[];
  /** Files that could not be parsed: absolute path → first syntax error as `line:col message`. */
  parseErrors: Map<string, { line: number; column: number; message: string }>;
  /** Files that could not be read: absolute path → reason. */
  unreadable: Map<string, string>;
  /** Resolves a module specifier written in a file to project source (not packages, not declarations), or undefined. */
  resolveModule: (specifier: string, containingFile: string) => TS.ResolvedModuleFull | undefined;
}

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

/** True when an import that resolved to `resolved` should be followed into as project code. */
function isProjectModule(specifier: string, resolved: TS.ResolvedModuleFull): boolean {
  if (resolved.isExternalLibraryImport && !specifier.startsWith('.')) return false;
  return !/\.d\.[cm]?ts$/.test(resolved.resolvedFileName);
}

/** `tsconfig.json:3:5: ']' expected.`: a config diagnostic as one line, the path relative to the working directory. */
function configError(file: string, diagnostic: TS.Diagnostic): UsageError {
  let where = path.relative(process.cwd(), file) || file;
  if (diagnostic.file && diagnostic.start !== undefined) {
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    where += `:${line + 1}:${character + 1}`;
  }
  return new UsageError(`${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
}

function readTsconfig(file: string): { options: TS.CompilerOptions; fileNames: string[] } {
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) throw configError(file, read.error);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(file), undefined, file);
  // 18003 (no inputs found) is reported by loadProgram, in words of its own.
  const fatal = parsed.errors.find((d) => d.category === ts.DiagnosticCategory.Error && d.code !== 18003);
  if (fatal) throw configError(file, fatal);
  return { options: parsed.options, fileNames: parsed.fileNames };
}

/**
 * Loads the files to lint into one ts-morph project and follows their project imports.
 *
 * @param files absolute paths of the files to lint (may be empty when `tsconfig` lists them).
 * @param tsconfig absolute path of a tsconfig.json whose files and options apply, or null.
 * @throws UsageError when the tsconfig cannot be read.
 */
export function loadProgram(files: string[], tsconfig: string | null): LoadedProgram {
  let baseOptions: TS.CompilerOptions = {};
  let targetsPaths = files;
  if (tsconfig) {
    const config = readTsconfig(tsconfig);
    baseOptions = config.options;
    const shown = path.relative(process.cwd(), tsconfig) || tsconfig;
    if (targetsPaths.length === 0) targetsPaths = config.fileNames.filter((f) => !isSkippedFile(f));
    if (targetsPaths.length === 0) throw new UsageError(`${shown}: its "files" and "include" match no TypeScript or JavaScript file to lint`);
  }
  const compilerOptions = analysisOptions(baseOptions);
  // One cache for every module resolution of the run: the program's and the resolver's.
  const cache = ts.createModuleResolutionCache(process.cwd(), (f) => f, compilerOptions);
  const resolveModule = (specifier: string, containingFile: string): TS.ResolvedModuleFull | undefined => {
    const result = ts.resolveModuleName(specifier, containingFile, compilerOptions, ts.sys, cache).resolvedModule;
    return result && isProjectModule(specifier, result) ? result : undefined;
  };
  const project = new Project({
    compilerOptions,
    skipAddingFilesFromTsConfig: true,
    skipLoadingLibFiles: true,
    resolutionHost: () => ({
      resolveModuleNames: (moduleNames, containingFile) => moduleNames.map((name) => resolveModule(name, containingFile)),
    }),
  });
  const parseErrors = new Map<string, { line: number; column: number; message: string }>();
  const unreadable = new Map<string, string>();
  const targets: SourceFile[] = [];
  for (const file of targetsPaths) {
    try {
      targets.push(project.addSourceFileAtPath(file));
    } catch (error) {
      // An unreadable or missing file is reported; the others are still linted.
      const code = (error as NodeJS.ErrnoException).code;
      const text = String((error as Error).message ?? error).split('\n')[0]!;
      if (error instanceof RangeError) parseErrors.set(file, { line: 1, column: 1, message: `the file nests deeper than the parser can follow (${text})` });
      else unreadable.set(file, code === 'EACCES' ? 'permission denied' : code === 'ENOENT' || /not found/i.test(text) ? 'file not found' : text);
    }
  }
  project.resolveSourceFileDependencies();
  for (const sf of project.getSourceFiles()) {
    // parseDiagnostics is internal to TypeScript but stable; it lists only syntax errors, without type checking.
    const diagnostics = (sf.compilerNode as unknown as { parseDiagnostics?: TS.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
    const first = diagnostics[0];
    if (first) {
      const { line, character } = sf.compilerNode.getLineAndCharacterOfPosition(first.start);
      parseErrors.set(sf.getFilePath(), {
        line: line + 1,
        column: character + 1,
        message: ts.flattenDiagnosticMessageText(first.messageText, ' '),
      });
    }
  }
  return { project, targets, parseErrors, unreadable, resolveModule };
}

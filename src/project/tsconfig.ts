import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ts as TS } from 'ts-morph';
import { ts } from '../ts-morph.js';
import { UsageError } from '../errors.js';
import { MAX_WALK_ENTRIES, tooManyEntries } from './walk.js';
import { bracketDepth } from './nesting.js';

/** The deepest nesting of a tsconfig.json read (real ones nest 3 or 4 levels). */
const MAX_CONFIG_DEPTH = 64;

/** One tsconfig.json (or jsconfig.json), parsed: its compiler options and the files it includes. */
export interface ProjectConfig {
  /** Absolute path of the config file. */
  file: string;
  /** Its folder: files under it are compiled with its options (unless a deeper config holds them). */
  dir: string;
  options: TS.CompilerOptions;
  /** The files its `files`/`include`/`exclude` select, absolute. */
  fileNames: string[];
  /** The config files its `references` name, absolute (TypeScript project references). */
  references: string[];
}

/** Names of the files that configure a TypeScript or JavaScript project, in the order editors look for them. */
const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];

/** `tsconfig.json:3:5: ']' expected.`: a config diagnostic as one line, the path relative to the working directory. */
function configError(file: string, diagnostic: TS.Diagnostic): UsageError {
  let where = path.relative(process.cwd(), file) || file;
  if (diagnostic.file && diagnostic.start !== undefined) {
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    where += `:${line + 1}:${character + 1}`;
  }
  return new UsageError(`${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
}

/** TypeScript's walk of `include` globs (internal to TypeScript, stable since 2.0), with the folder lister given. */
type MatchFiles = (
  path: string, extensions: readonly string[] | undefined, excludes: readonly string[] | undefined, includes: readonly string[] | undefined,
  useCaseSensitiveFileNames: boolean, currentDirectory: string, depth: number | undefined,
  getFileSystemEntries: (path: string) => { files: readonly string[]; directories: readonly string[] }, realpath: (path: string) => string,
) => string[];

/**
 * The host TypeScript reads a config's `include` through: its own walk, bounded as every walk of
 * the linter is (walk.ts): a symbolic link to a folder is not entered (`ts.sys` enters it, so a
 * link to `/` would walk the disk), one to a file is listed, and the walk stops with one line once
 * it has passed {@link MAX_WALK_ENTRIES} files and folders.
 *
 * @param label names the config in that line.
 */
function boundedHost(label: string): TS.ParseConfigHost {
  const matchFiles = (ts as unknown as { matchFiles?: MatchFiles }).matchFiles;
  if (!matchFiles) return ts.sys;
  let entries = 0;
  const list = (dir: string): { files: string[]; directories: string[] } => {
    const files: string[] = [];
    const directories: string[] = [];
    let dirents;
    try {
      dirents = readdirSync(dir || '.', { withFileTypes: true });
    } catch {
      return { files, directories };
    }
    for (const entry of dirents) {
      if (++entries > MAX_WALK_ENTRIES) throw tooManyEntries(label);
      if (entry.isFile()) files.push(entry.name);
      else if (entry.isDirectory()) directories.push(entry.name);
      else if (entry.isSymbolicLink()) {
        try {
          if (statSync(path.join(dir, entry.name)).isFile()) files.push(entry.name);
        } catch {
          // A dangling link lists nothing.
        }
      }
    }
    return { files: files.sort(), directories: directories.sort() };
  };
  const useCase = ts.sys.useCaseSensitiveFileNames;
  return {
    useCaseSensitiveFileNames: useCase,
    readDirectory: (root, extensions, excludes, includes, depth) => matchFiles(root, extensions, excludes, includes, useCase, process.cwd(), depth, list, (p) => ts.sys.realpath?.(p) ?? p),
    fileExists: (f) => ts.sys.fileExists(f),
    // The configs that `extends` names are read here: the same guards as the first one's.
    readFile: readConfigText,
  };
}

/**
 * The text of a tsconfig.json, or undefined when there is none.
 * @throws UsageError when it is not a regular file (`"tsconfig": "/dev/zero"` was read for ever) or
 *   nests deeper than {@link MAX_CONFIG_DEPTH} (TypeScript's JSON reader recurses: 100,000 levels
 *   overflowed the stack; issue 13, fuzz). Thrown inside TypeScript's reader of an `extends`
 *   target, it becomes that reader's "Cannot read file" diagnostic.
 */
function readConfigText(file: string): string | undefined {
  const shown = path.relative(process.cwd(), file) || file;
  if (existsSync(file) && !statSync(file).isFile()) throw new UsageError(`${shown}: not a regular file; a tsconfig.json is read only from a file`);
  const text = ts.sys.readFile(file);
  const depth = text === undefined ? 0 : bracketDepth(text);
  if (depth > MAX_CONFIG_DEPTH) throw new UsageError(`${shown}: nests ${depth} levels deep; a tsconfig.json is read to at most ${MAX_CONFIG_DEPTH}`);
  return text;
}

/** How many `include`, `exclude` or `files` entries a tsconfig.json may list: TypeScript matches every folder against all of them (50,000 patterns ran for minutes; fuzz). */
const MAX_CONFIG_PATTERNS = 1000;

/** @throws UsageError when `include`, `exclude` or `files` lists more than {@link MAX_CONFIG_PATTERNS} entries. */
function checkPatternCounts(config: unknown, file: string): void {
  if (config === null || typeof config !== 'object') return;
  for (const key of ['include', 'exclude', 'files']) {
    const list = (config as Record<string, unknown>)[key];
    if (Array.isArray(list) && list.length > MAX_CONFIG_PATTERNS) {
      throw new UsageError(`${path.relative(process.cwd(), file) || file}: "${key}" lists ${list.length} entries; a tsconfig.json is read with at most ${MAX_CONFIG_PATTERNS}`);
    }
  }
}

/**
 * Reads and parses a tsconfig.json (`extends` applied, as `tsc -p` does).
 * @param strict false for a config the linter found on its own (above a linted folder, in a
 *   workspace package): then what parses applies (a missing `extends` target loses only its
 *   options) and a file that is not there gives null.
 * @throws UsageError if the file exists but is not a regular file or not valid JSON, nests deeper than 64 levels, lists more than 1,000 `include`, `exclude` or `files` entries, or walking its `include` passes more
 *   files and folders than a walk may (see {@link boundedHost}); when strict, also if it cannot be
 *   read or its options do not parse (18003, "no inputs", is left to the caller).
 */
export function readTsconfig(file: string, strict: true): ProjectConfig;
export function readTsconfig(file: string, strict: boolean): ProjectConfig | null;
export function readTsconfig(file: string, strict: boolean): ProjectConfig | null {
  const text = readConfigText(file);
  const read = ts.readConfigFile(file, () => text);
  if (read.error) {
    // A config that exists but does not parse is an error even when found on its own (README: an
    // unreadable tsconfig.json exits 2); silently dropping it would change what `paths` resolve.
    if (strict || ts.sys.fileExists(file)) throw configError(file, read.error);
    return null;
  }
  checkPatternCounts(read.config, file);
  const parsed = ts.parseJsonConfigFileContent(read.config, boundedHost(path.relative(process.cwd(), file) || file), path.dirname(file), undefined, file);
  const fatal = parsed.errors.find((d) => d.category === ts.DiagnosticCategory.Error && d.code !== 18003);
  if (fatal && strict) throw configError(file, fatal);
  return {
    file,
    dir: path.dirname(file),
    options: parsed.options,
    fileNames: parsed.fileNames,
    references: (parsed.projectReferences ?? []).map((r) => ts.resolveProjectReferencePath(r)),
  };
}

/**
 * A config and every config it references, transitively (TypeScript project references,
 * https://www.typescriptlang.org/docs/handbook/project-references.html), root first, each once.
 * @param strict see {@link readTsconfig}; when false, a config that does not read is left out.
 * @throws UsageError, when strict, if one cannot be read, or a reference names no config file.
 */
export function readConfigTree(root: string, strict: boolean): ProjectConfig[] {
  const out: ProjectConfig[] = [];
  const seen = new Set<string>();
  const visit = (file: string, from: string | null): void => {
    if (seen.has(file)) return;
    seen.add(file);
    if (from !== null && !existsSync(file)) {
      if (!strict) return;
      throw new UsageError(`${path.relative(process.cwd(), from) || from}: its reference ${path.relative(path.dirname(from), file)} does not exist`);
    }
    const config = readTsconfig(file, strict);
    if (!config) return;
    out.push(config);
    for (const ref of config.references) visit(ref, file);
  };
  visit(root, null);
  return out;
}

/**
 * The config of the package a linted folder or file belongs to: the nearest tsconfig.json (or
 * jsconfig.json) in `dir` or a folder above it, not looking above the first folder with a
 * package.json (the package's root). Null when there is none.
 */
export function nearestConfig(dir: string): string | null {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    for (const name of CONFIG_NAMES) {
      const file = path.join(current, name);
      if (existsSync(file)) return file;
    }
    if (existsSync(path.join(current, 'package.json')) || path.dirname(current) === current) return null;
  }
}

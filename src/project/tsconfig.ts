import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ts as TS } from 'ts-morph';
import { ts } from '../ts-morph.js';
import { UsageError } from '../errors.js';

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

/**
 * Reads and parses a tsconfig.json (`extends` applied, as `tsc -p` does).
 * @param strict false for a config the linter found on its own (above a linted folder, in a
 *   workspace package): then what parses applies (a missing `extends` target loses only its
 *   options) and a file that is not there gives null.
 * @throws UsageError if the file exists but is not valid JSON; when strict, also if it cannot be
 *   read or its options do not parse (18003, "no inputs", is left to the caller).
 */
export function readTsconfig(file: string, strict: true): ProjectConfig;
export function readTsconfig(file: string, strict: boolean): ProjectConfig | null;
export function readTsconfig(file: string, strict: boolean): ProjectConfig | null {
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) {
    // A config that exists but does not parse is an error even when found on its own (README: an
    // unreadable tsconfig.json exits 2); silently dropping it would change what `paths` resolve.
    if (strict || ts.sys.fileExists(file)) throw configError(file, read.error);
    return null;
  }
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(file), undefined, file);
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

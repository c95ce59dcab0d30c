import { statSync } from 'node:fs';
import path from 'node:path';
import type { FileSystemHost } from 'ts-morph';
import { FileNotFoundError, Project } from '../ts-morph.js';
import { nestsTooDeep } from './nesting.js';

/** The host methods that take a path to read, and what each answers for a path no file can have. */
const READS: Record<string, (path: string) => unknown> = {
  readFileSync: (p) => {
    throw new FileNotFoundError(p);
  },
  readFile: (p) => Promise.reject(new FileNotFoundError(p)),
  fileExistsSync: () => false,
  fileExists: () => Promise.resolve(false),
  directoryExistsSync: () => false,
  directoryExists: () => Promise.resolve(false),
  readDirSync: () => [],
  realpathSync: (p) => p,
};

const DECLARATION = /\.d\.[cm]?ts$/;
const CODE = /\.([cm]?[jt]sx?)$/;

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The code file a path names as Node.js and bundlers complete it (exact, with an extension, or its index), or null; never a declaration file. */
export function completedCodeFile(stem: string): string | null {
  const candidates = [stem, ...['.js', '.mjs', '.cjs', '.ts'].map((e) => stem + e), ...['index.js', 'index.mjs', 'index.cjs'].map((i) => path.join(stem, i))];
  return candidates.find((f) => CODE.test(f) && !DECLARATION.test(f) && isFile(f)) ?? null;
}

/**
 * True when `path` exists and is not a regular file once links are followed: a device, FIFO or
 * socket (`zero.ts -> /dev/zero` would be read for ever). Folders are left to the host.
 */
export function isSpecialFile(path: string): boolean {
  try {
    const stat = statSync(path);
    return !stat.isFile() && !stat.isDirectory();
  } catch {
    return false;
  }
}

/**
 * The real file system as ts-morph reads it, where a path that no file can have (one with a NUL
 * character, which Node.js's `fs` refuses with a TypeError instead of ENOENT) is a file that does
 * not exist, as TypeScript expects of its host: `/// <reference path="\0" />` or an import of such
 * a path in one file then resolves to nothing instead of ending the run.
 *
 * A device, FIFO or socket ({@link isSpecialFile}) is never read (reading `/dev/zero` never ends):
 * it reads as a missing file. The host already says it does not exist (`fileExistsSync` asks
 * `isFile()`), so an import of one resolves to nothing; only reads need the extra `stat`. A file that nests deeper than the parser can follow ({@link nestsTooDeep}) reads as empty, and
 * `tooDeep` is called with its path, so that its parse error is reported and the other files are
 * still linted, whether the file is linted or only imported (issue 13: 1,000 nested arrays in an
 * imported file ended the run with a stack overflow). A file that exists but cannot be read
 * (EACCES, EIO...) reads as missing, and `unreadable` is called with its path and the error's code.
 */
export function tolerantFileSystem(tooDeep: (path: string) => void = () => {}, unreadable: (path: string, code: string) => void = () => {}): FileSystemHost {
  const real = new Project({ skipAddingFilesFromTsConfig: true, skipLoadingLibFiles: true }).getFileSystem();
  const shallow = (path: string, text: string): string => {
    if (!nestsTooDeep(path, text)) return text;
    tooDeep(path);
    return '';
  };
  // A file that exists but cannot be read (no permission, an I/O error): missing to TypeScript,
  // which would otherwise end the whole run when a linted file imports it. (A folder named like a
  // file never gets here: the host's fileExists already says it is no file.)
  const read = (path: string, reading: () => string): string => {
    try {
      return reading();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === undefined || code === 'ENOENT') throw error;
      unreadable(path, code);
      throw new FileNotFoundError(path);
    }
  };
  return new Proxy(real, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const missing = typeof key === 'string' ? READS[key] : undefined;
      // Bound to the host itself: its methods use private fields, which a proxy does not carry.
      if (key === 'readFileSync') return (path: string, ...rest: unknown[]) => (path.includes('\0') || isSpecialFile(path) ? missing!(path) : shallow(path, read(path, () => value.call(target, path, ...rest) as string)));
      if (key === 'readFile') return async (path: string, ...rest: unknown[]) => (path.includes('\0') || isSpecialFile(path) ? missing!(path) : shallow(path, (await value.call(target, path, ...rest)) as string));
      if (!missing) return value.bind(target);
      return (path: unknown, ...rest: unknown[]) => (typeof path === 'string' && path.includes('\0') ? missing(path) : value.call(target, path, ...rest));
    },
  });
}

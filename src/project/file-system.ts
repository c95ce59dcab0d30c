import type { FileSystemHost } from 'ts-morph';
import { FileNotFoundError, Project } from '../ts-morph.js';

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

/**
 * The real file system as ts-morph reads it, where a path that no file can have (one with a NUL
 * character, which Node.js's `fs` refuses with a TypeError instead of ENOENT) is a file that does
 * not exist, as TypeScript expects of its host: `/// <reference path="\0" />` or an import of such
 * a path in one file then resolves to nothing instead of ending the run.
 */
export function tolerantFileSystem(): FileSystemHost {
  const real = new Project({ skipAddingFilesFromTsConfig: true, skipLoadingLibFiles: true }).getFileSystem();
  return new Proxy(real, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const missing = typeof key === 'string' ? READS[key] : undefined;
      // Bound to the host itself: its methods use private fields, which a proxy does not carry.
      if (!missing) return value.bind(target);
      return (path: unknown, ...rest: unknown[]) => (typeof path === 'string' && path.includes('\0') ? missing(path) : value.call(target, path, ...rest));
    },
  });
}

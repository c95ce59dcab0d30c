import * as nativeFs from 'node:fs';
import path from 'node:path';
import { fdir } from 'fdir';
import { UsageError } from '../errors.js';

/*
 * Every walk of folders the linter does (a folder or glob on the command line, `include`, the
 * packages of a monorepo) goes through here, bounded:
 * - symbolic links to folders are not followed (a link to `/` or a cycle `a/loop -> ..` is not
 *   entered); a symbolic link to a file is listed as the file it is;
 * - a walk stops with one line once it has passed {@link MAX_WALK_ENTRIES} files and folders, or
 *   kept more than {@link MAX_SOURCE_FILES} files.
 */

/** The most files and folders one walk passes before it stops (node_modules and `.git` are not entered, so not counted). */
export const MAX_WALK_ENTRIES = 500_000;

/** The most source files one run lints (a larger project is linted in parts, or narrowed with `exclude`). */
export const MAX_SOURCE_FILES = 20_000;

/** What a walk skips and keeps. */
export interface WalkOptions {
  /** Do not enter folders named `node_modules`. */
  skipNodeModules: boolean;
  /** Do not list files, nor enter folders, whose names start with a dot (`.git` is never entered). */
  skipDotEntries: boolean;
  /** How many folder levels below the root are entered (0: only the root's own files); default: all. */
  maxDepth?: number;
  /** Which files to list, by absolute path. */
  keep: (file: string) => boolean;
  /** How messages name what is walked: a path as the user gave it, or `.mcplintrc.json: include`. */
  label: string;
  /**
   * Called with the absolute path of each folder (the root included) whose entries cannot be
   * listed, and why in words (`permission denied`); the walk goes on without it. Default: such
   * folders are passed over in silence.
   */
  unreadable?: (folder: string, reason: string) => void;
}

/** Why a folder cannot be listed, in words, from Node's error code. */
export function listFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'not a folder';
  if (code === 'ENOENT') return 'it no longer exists';
  return code ?? (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}

/** The one line a run stops with when the files to lint are more than {@link MAX_SOURCE_FILES}. */
export function tooManyFiles(label: string): UsageError {
  return new UsageError(
    `${label}: more than ${MAX_SOURCE_FILES.toLocaleString('en-US')} TypeScript/JavaScript files to lint (tests, declaration files and node_modules left out); name fewer folders or files, or leave some out with "exclude" in the configuration`,
  );
}

/** The one line a walk stops with when it has passed more than {@link MAX_WALK_ENTRIES} files and folders. */
export function tooManyEntries(label: string): UsageError {
  return new UsageError(`${label}: more than ${MAX_WALK_ENTRIES.toLocaleString('en-US')} files and folders to look through (node_modules and .git left out); name a smaller folder or a narrower glob`);
}

/**
 * The files under `root` that `keep` accepts, absolute, in no particular order, never through a
 * symbolic link to a folder. A folder that cannot be listed is passed over, and told to
 * `options.unreadable` when given.
 *
 * @throws UsageError naming `label` when the walk passes more than {@link MAX_WALK_ENTRIES} files and
 *   folders, or keeps more than {@link MAX_SOURCE_FILES} files.
 */
export function walkFiles(root: string, options: WalkOptions): string[] {
  const controller = new AbortController();
  let entries = 0;
  let kept = 0;
  let overflow: UsageError | null = null;
  const stop = (error: UsageError): false => {
    overflow ??= error;
    controller.abort();
    return false;
  };
  const passed = (): boolean => {
    entries += 1;
    if (entries <= MAX_WALK_ENTRIES) return true;
    stop(tooManyEntries(options.label));
    return false;
  };
  // fdir passes over a folder it cannot list; its own `fs` is given a readdirSync that tells of it first.
  const { unreadable } = options;
  const fs = unreadable
    ? {
        ...nativeFs,
        readdirSync: ((folder: string, ...rest: unknown[]) => {
          try {
            return (nativeFs.readdirSync as (...args: unknown[]) => unknown)(folder, ...rest);
          } catch (error) {
            unreadable(path.resolve(folder), listFailure(error));
            throw error;
          }
        }) as typeof nativeFs.readdirSync,
      }
    : undefined;
  let crawler = new fdir(fs ? { fs } : {})
    .withFullPaths()
    .withAbortSignal(controller.signal)
    // fdir calls this for each folder before entering it; `true` leaves it out.
    .exclude((name) => !passed() || name === '.git' || (options.skipNodeModules && name === 'node_modules') || (options.skipDotEntries && name.startsWith('.')))
    .filter((file) => {
      if (!passed()) return false;
      if (options.skipDotEntries && path.basename(file).startsWith('.')) return false;
      if (!options.keep(file)) return false;
      kept += 1;
      return kept <= MAX_SOURCE_FILES || stop(tooManyFiles(options.label));
    });
  if (options.maxDepth !== undefined) crawler = crawler.withMaxDepth(options.maxDepth);
  const found = crawler.crawl(root).sync() as string[];
  if (overflow) throw overflow;
  return found;
}

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
 * symbolic link to a folder. Unreadable folders are passed over.
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
  let crawler = new fdir()
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

import type { LintOptions } from '../index.js';
import type { LintResult } from '../model.js';
import { installFsRecorder, recordReads } from './fs-recorder.js';
import { linterStamp, runKey } from './key.js';
import { leaveOutOfListings, stillHolds } from './probes.js';
import { openCache, saveCache } from './store.js';

/**
 * `--cache`: a run whose key (key.ts) and reads (probes.ts) match a cached run prints that run's
 * result without loading TypeScript; any other run lints as usual while recording what it reads,
 * then stores its result for the next run.
 */

/** What {@link lintWithCache} gave: the result, and whether it came from the cache. */
export interface CachedLint {
  result: LintResult;
  /** True when the result was read from the cache (no file was parsed). */
  fromCache: boolean;
}

/**
 * Lints as `lint(options)` does, through the cache file `cacheFile` (absolute). The result is the
 * one `lint()` gives for the files as they are on disk: a cached result is used only when the run
 * would read the same bytes, list the same folders and see the same paths as the run that made it,
 * with the same linter, paths, options and configuration.
 *
 * @param warn receives each warning about the cache (one line, without prefix): a cache file that
 *   cannot be read or written, is corrupt, or is a link or a device. They never stop the run.
 * @throws what `lint()` throws (UsageError for a path that does not exist, ...); nothing of its own.
 */
export async function lintWithCache(options: LintOptions, cacheFile: string, warn: (line: string) => void): Promise<CachedLint> {
  const stamp = linterStamp();
  const key = runKey(options);
  const cache = await openCache(cacheFile, stamp, options.cwd);
  for (const line of cache.warnings) warn(line);
  // The cache file is written after the run lists its folder: listings leave it out.
  leaveOutOfListings(cacheFile);
  const entry = cache.entries.find((e) => e.key === key);
  if (entry && stillHolds(entry.probes)) return { result: entry.result, fromCache: true };
  // Before TypeScript is loaded, so that what it takes from `fs` when it loads is recorded too.
  installFsRecorder();
  const { lint } = await import('../index.js');
  const { value: result, probes } = await recordReads(() => lint(options));
  if (probes) {
    // Stored as JSON gives it back (test/cache: a result read back prints as the run's own does).
    const failed = await saveCache(cache, { key, probes, result: JSON.parse(JSON.stringify(result)) as LintResult }, stamp, options.cwd);
    if (failed) warn(failed);
  }
  return { result, fromCache: false };
}

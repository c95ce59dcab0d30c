import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import canonicalize from 'canonicalize';
import type { LintOptions } from '../index.js';
import { PACKAGE } from '../package-info.js';
import { digest } from './probes.js';

/**
 * What a cached result is keyed by besides the files the run read: the linter itself (its version,
 * its code, the versions of the packages it runs on) and everything the command line and the
 * configuration hand to the run. Two runs with the same key that read the same bytes give the same
 * result.
 */

/** The folder this module's package keeps its code in: `dist/` when built, the repository when run from sources. */
const CODE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The folder that holds the linter's package.json (found as package-info.ts finds it). */
function packageRoot(): string {
  for (let dir = CODE_ROOT; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return CODE_ROOT;
  }
}

/** `path size mtime` of every file below `dir` (sorted), or nothing when it does not exist. */
function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const lines: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath ?? (entry as { path?: string }).path ?? dir, entry.name);
    const stats = statSync(file);
    lines.push(`${path.relative(CODE_ROOT, file)} ${stats.size} ${stats.mtimeMs}`);
  }
  return lines.sort();
}

/** `name@version` of the installed package `name` as Node.js would find it from `from`, or `name@?`. */
function installedVersion(name: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) {
      try {
        return `${name}@${(JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version ?? '?'}`;
      } catch {
        return `${name}@?`;
      }
    }
    if (path.dirname(dir) === dir) return `${name}@?`;
  }
}

let stamp: string | null = null;

/**
 * The linter as it is installed, as a digest: its version, the size and time of every file of its
 * code (`src/` and `rules/` of `dist/`, so that a rebuild counts), the versions of its dependencies
 * and of the TypeScript that ts-morph bundles, and Node.js's version and platform. A cache made by
 * any other linter is not reused. Computed once per process.
 */
export function linterStamp(): string {
  if (stamp !== null) return stamp;
  const root = packageRoot();
  let dependencies: string[] = [];
  try {
    dependencies = Object.keys((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});
  } catch {
    // Without a readable manifest the version in PACKAGE still keys the cache.
  }
  const versions = [...dependencies, '@ts-morph/common'].sort().map((name) => installedVersion(name, root));
  stamp = digest([`mcp-annotate-lint@${PACKAGE.version}`, `node ${process.version} ${process.platform} ${process.arch}`, ...versions, ...codeFiles(path.join(CODE_ROOT, 'src')), ...codeFiles(path.join(CODE_ROOT, 'rules'))].join('\n'));
  return stamp;
}

/**
 * The key of a run: a digest of the linter ({@link linterStamp}) and of the inputs (the paths as
 * given, in order, the working directory, the limits, the configuration's content and where it
 * came from, which its globs are relative to), and what of the process a run depends on: its
 * working directory (messages name a tsconfig relative to it) and its locale (tools are sorted by
 * file with `localeCompare`).
 */
export function runKey(options: LintOptions): string {
  const processState = { cwd: process.cwd(), locale: new Intl.Collator().resolvedOptions().locale };
  // Every option, so that one added to lint() later keys the cache without a change here.
  return digest(canonicalize({ linter: linterStamp(), process: processState, options }) ?? '');
}

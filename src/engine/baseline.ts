import { existsSync } from 'node:fs';
import { ReadRefused, readDataFile } from '../read-file.js';
import path from 'node:path';
import { z } from 'zod';
import { jsonSyntaxReason, UsageError } from '../errors.js';
import { shownPath, writeFileSafely } from '../write-file.js';
import type { Finding, LintResult } from '../model.js';
import { fingerprint, relativeFile } from './fingerprint.js';

/**
 * Baselines (issue #5), after ESLint's bulk suppressions (`--suppress-all`, eslint-suppressions.json):
 * a file that records today's findings by fingerprint and count, so that a project adopting the
 * linter fails CI only on new findings. Fingerprints ignore lines (fingerprint.ts), and are taken
 * relative to the baseline file's folder, so the file does not depend on the working directory.
 *
 * A run may lint only some files (pre-commit and lint-staged name the changed ones): it speaks only
 * for the entries in its scope ({@link inScope}). Only those can be found to no longer occur, and
 * `--update-baseline` replaces only those, keeping the others as they are.
 */

/** One fingerprint of the baseline: how many findings have it, and what they are about, for reviewers. */
const EntrySchema = z.strictObject({
  fingerprint: z.string().regex(/^[0-9a-f]{16}$/, 'expected 16 hexadecimal digits'),
  ruleId: z.string().min(1),
  tool: z.string().nullable(),
  file: z.string(),
  hint: z.string().nullable(),
  count: z.number().int().positive(),
});

/** The baseline file: `{ "version": 1, "findings": [ entry, ... ] }`. */
const BaselineSchema = z.strictObject({
  version: z.literal(1, { error: 'expected 1 (the only baseline version this mcp-annotate-lint reads)' }),
  findings: z.array(EntrySchema),
});

export type BaselineEntry = z.output<typeof EntrySchema>;
export type Baseline = z.output<typeof BaselineSchema>;

/** Orders strings by code unit, so that the file is the same whatever the locale. */
function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A baseline of `entries`, sorted by file, rule, tool, hint and fingerprint, so that the same entries always give the same bytes. */
function sortedBaseline(entries: BaselineEntry[]): Baseline {
  const sortKey = (e: BaselineEntry): string[] => [e.file, e.ruleId, e.tool ?? '', e.hint ?? '', e.fingerprint];
  const findings = [...entries].sort((a, b) => {
    const ka = sortKey(a);
    const kb = sortKey(b);
    return ka.reduce((order, part, i) => order || byCodeUnit(part, kb[i]!), 0);
  });
  return { version: 1, findings };
}

/** How many findings `entries` record (the sum of their counts). */
function findingCount(entries: readonly BaselineEntry[]): number {
  return entries.reduce((sum, e) => sum + e.count, 0);
}

/**
 * The baseline of `findings`: one entry per fingerprint (taken relative to `baseDir`) with how many
 * findings have it, sorted by file, rule, tool, hint and fingerprint. Fatal findings (a file that
 * cannot be parsed, a rule that crashed) are left out: they must be fixed, never baselined.
 */
export function baselineOf(findings: readonly Finding[], baseDir: string): Baseline {
  const entries = new Map<string, BaselineEntry>();
  for (const f of findings) {
    if (f.fatal) continue;
    const key = fingerprint(f, baseDir);
    const entry = entries.get(key);
    if (entry) entry.count++;
    else entries.set(key, { fingerprint: key, ruleId: f.ruleId, tool: f.tool, file: relativeFile(f.location.file, baseDir), hint: f.hint ?? null, count: 1 });
  }
  return sortedBaseline([...entries.values()]);
}

/**
 * Which entries of a baseline (files relative to `baseDir`) `result` speaks for: an entry is in
 * scope when its file is one the run linted (`filesRead`), when a finding of the run is about the
 * same tool in the same file (an annotations const can live in another file than the registration:
 * the entries of other tools there stay out of scope), or when its file no longer exists (its
 * findings cannot occur). A run over the whole project thus speaks for every entry of its files; a
 * run over some files only for theirs. Whether files exist is asked once per file.
 */
function inScope(result: LintResult, baseDir: string): (entry: BaselineEntry) => boolean {
  const linted = new Set(result.filesRead.map((f) => relativeFile(f, baseDir)));
  const toolsIn = new Set(result.findings.map((f) => `${relativeFile(f.location.file, baseDir)}\0${f.tool ?? ''}`));
  // A tool this run checked speaks for its entries wherever they point (an annotations const in a file not linted).
  const checked = new Set(result.tools.flatMap((t) => (t.name === null ? [] : [t.name])));
  const exists = new Map<string, boolean>();
  const existing = (file: string): boolean => {
    if (!exists.has(file)) exists.set(file, existsSync(path.resolve(baseDir, file)));
    return exists.get(file)!;
  };
  return (e) => linted.has(e.file) || toolsIn.has(`${e.file}\0${e.tool ?? ''}`) || (e.tool !== null && checked.has(e.tool)) || !existing(e.file);
}

/**
 * The baseline `--update-baseline` writes after `result`: the entries of `existing` out of the run's
 * scope ({@link inScope}) as they are, and this run's findings ({@link baselineOf}) in place of the
 * others; sorted. With `existing` null (no file yet), only this run's findings.
 *
 * @returns the baseline, how many findings it records from this run (`recorded`) and how many it
 *   keeps from files not linted in this run (`kept`).
 */
export function updatedBaseline(existing: Baseline | null, result: LintResult, baseDir: string): { baseline: Baseline; recorded: number; kept: number } {
  const fresh = baselineOf(result.findings, baseDir).findings;
  const covered = inScope(result, baseDir);
  const kept = (existing?.findings ?? []).filter((e) => !covered(e));
  return { baseline: sortedBaseline([...kept, ...fresh]), recorded: findingCount(fresh), kept: findingCount(kept) };
}

/** The text of a baseline file: 2-space JSON with a final newline, so that it diffs well in review. */
export function serializeBaseline(baseline: Baseline): string {
  return `${JSON.stringify(baseline, null, 2)}\n`;
}


/**
 * The text of a baseline file, or null when it does not exist.
 *
 * @throws UsageError `<file>: cannot read the baseline file (<code>)`, or `: not a regular file …` (exit 2).
 */
async function readIfExists(file: string, cwd: string): Promise<string | null> {
  try {
    return await readDataFile(file);
  } catch (error) {
    if (error instanceof ReadRefused) throw new UsageError(`${shownPath(file, cwd)}: cannot read the baseline file: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new UsageError(`${shownPath(file, cwd)}: cannot read the baseline file (${code ?? String(error)})`);
  }
}

/**
 * Parses and validates the text of a baseline file.
 *
 * @param advice appended to the message (`; delete it ...`), for `--update-baseline`.
 * @throws UsageError (exit 2), one line naming the file: when it is not JSON, or does not match the
 *   schema (the first problem, with its key path).
 */
function parseBaseline(text: string, file: string, cwd: string, advice = ''): Baseline {
  let data: unknown;
  try {
    // Editors on Windows may write a byte order mark; JSON.parse rejects it.
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    // Not JSON at all: likely not a baseline (a source file named by mistake), so no advice to delete it.
    throw new UsageError(`${shownPath(file, cwd)}: this is not a baseline file: it is not JSON (${jsonSyntaxReason((error as Error).message)})`);
  }
  const parsed = BaselineSchema.safeParse(data);
  if (!parsed.success) {
    const [first, ...more] = parsed.error.issues;
    const where = first!.path.length > 0 ? first!.path.join('.') : '(root)';
    throw new UsageError(`${shownPath(file, cwd)}: not a baseline file: ${where}: ${first!.message}${more.length > 0 ? ` (and ${more.length} more problem${more.length === 1 ? '' : 's'})` : ''}${advice}`);
  }
  return parsed.data;
}

/**
 * Reads and validates a baseline file.
 *
 * @throws UsageError (exit 2), one line naming the file: when it does not exist (create it with
 *   `--update-baseline`), cannot be read, is not JSON, or does not match the schema (the first
 *   problem, with its key path).
 */
export async function readBaseline(file: string, cwd: string): Promise<Baseline> {
  const text = await readIfExists(file, cwd);
  if (text === null) throw new UsageError(`${shownPath(file, cwd)}: no such baseline file; create it with --update-baseline`);
  return parseBaseline(text, file, cwd);
}

/**
 * Writes a baseline atomically (a temporary file renamed over the target), so that an interrupted
 * run never leaves half a file. Creates the folder when missing.
 *
 * @throws UsageError (exit 2) naming the file when it cannot be written.
 */
export async function writeBaseline(file: string, baseline: Baseline, cwd: string): Promise<void> {
  await writeFileSafely(file, serializeBaseline(baseline), 'the baseline', cwd);
}

/**
 * Removes the findings the baseline records: for each fingerprint, up to its count of findings (a
 * third finding where two are recorded is reported). Fatal findings always stay. Sets `baselined`
 * (findings removed) and `baselineUnmatched` (recorded findings that no longer occur: those of the
 * entries in the run's scope, {@link inScope}, that no finding matched; an entry of a file this run
 * did not lint is not counted).
 */
export function applyBaseline(result: LintResult, baseline: Baseline, baseDir: string): LintResult {
  const left = new Map<string, number>();
  // Entries out of scope are left out: no finding of the run can match them (fingerprints hold the file and tool).
  for (const e of baseline.findings.filter(inScope(result, baseDir))) left.set(e.fingerprint, (left.get(e.fingerprint) ?? 0) + e.count);
  const findings: Finding[] = [];
  let baselined = 0;
  for (const f of result.findings) {
    const key = f.fatal ? null : fingerprint(f, baseDir);
    const n = key === null ? 0 : (left.get(key) ?? 0);
    if (n > 0) {
      left.set(key!, n - 1);
      baselined++;
    } else {
      findings.push(f);
    }
  }
  const baselineUnmatched = [...left.values()].reduce((sum, n) => sum + n, 0);
  return { ...result, findings, baselined, baselineUnmatched };
}

/** What `--baseline <file>` (with or without `--update-baseline`) does to a run; see {@link openBaseline}. */
export interface BaselineRun {
  /**
   * Writes the baseline when updating (then the result's `baselineWritten` says what was written);
   * then removes the findings it records.
   *
   * @throws UsageError naming the file when it cannot be written.
   */
  apply(result: LintResult): Promise<LintResult>;
}

/**
 * The CLI's `--baseline <file> [--update-baseline]`. Without `file`, null. The file is read now
 * (before the lint, so that a bad file fails fast). Without `update` it is never written. With
 * `update`, `apply` writes {@link updatedBaseline}: this run's findings, and the entries of files
 * the run did not lint kept from the existing file (a file that does not exist yet is created);
 * then it reports none of the run's findings, and sets `baselineWritten` to
 * `{ file (as shown to the user), recorded, kept }`.
 *
 * @throws UsageError for `update` without a file; as {@link readBaseline} for a missing or
 *   malformed file without `update`; with `update`, for an existing file that cannot be read or is
 *   not a baseline (it is never replaced then: what it holds for files not linted would be lost).
 */
export async function openBaseline(file: string | undefined, update: boolean, cwd: string): Promise<BaselineRun | null> {
  if (file === undefined) {
    if (update) throw new UsageError('--update-baseline needs --baseline <file>: name the file to write');
    return null;
  }
  const full = path.resolve(cwd, file);
  const baseDir = path.dirname(full);
  if (update) {
    const text = await readIfExists(full, cwd);
    const existing = text === null ? null : parseBaseline(text, full, cwd, '; fix it, or delete it to start over (--update-baseline keeps its entries for files a run does not lint)');
    return {
      async apply(result) {
        const { baseline, recorded, kept } = updatedBaseline(existing, result, baseDir);
        await writeBaseline(full, baseline, cwd);
        return { ...applyBaseline(result, baseline, baseDir), baselineWritten: { file: shownPath(full, cwd), recorded, kept } };
      },
    };
  }
  const baseline = await readBaseline(full, cwd);
  return { apply: async (result) => applyBaseline(result, baseline, baseDir) };
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { UsageError } from '../errors.js';
import { shownPath, writeFileSafely } from '../write-file.js';
import type { Finding, LintResult } from '../model.js';
import { fingerprint } from './fingerprint.js';

/**
 * Baselines (issue #5), after ESLint's bulk suppressions (`--suppress-all`, eslint-suppressions.json):
 * a file that records today's findings by fingerprint and count, so that a project adopting the
 * linter fails CI only on new findings. Fingerprints ignore lines (fingerprint.ts), and are taken
 * relative to the baseline file's folder, so the file does not depend on the working directory.
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
    else entries.set(key, { fingerprint: key, ruleId: f.ruleId, tool: f.tool, file: path.relative(baseDir, f.location.file).split(path.sep).join('/'), hint: f.hint ?? null, count: 1 });
  }
  const sortKey = (e: BaselineEntry): string[] => [e.file, e.ruleId, e.tool ?? '', e.hint ?? '', e.fingerprint];
  const findingsSorted = [...entries.values()].sort((a, b) => {
    const ka = sortKey(a);
    const kb = sortKey(b);
    return ka.reduce((order, part, i) => order || byCodeUnit(part, kb[i]!), 0);
  });
  return { version: 1, findings: findingsSorted };
}

/** The text of a baseline file: 2-space JSON with a final newline, so that it diffs well in review. */
export function serializeBaseline(baseline: Baseline): string {
  return `${JSON.stringify(baseline, null, 2)}\n`;
}


/**
 * Reads and validates a baseline file.
 *
 * @throws UsageError (exit 2), one line naming the file: when it does not exist (create it with
 *   `--update-baseline`), cannot be read, is not JSON, or does not match the schema (the first
 *   problem, with its key path).
 */
export async function readBaseline(file: string, cwd: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`${shownPath(file, cwd)}: no such baseline file; create it with --update-baseline`);
    throw new UsageError(`${shownPath(file, cwd)}: cannot read the baseline file (${code ?? String(error)})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${shownPath(file, cwd)}: the baseline file is not valid JSON (${(error as Error).message.split('\n')[0]})`);
  }
  const parsed = BaselineSchema.safeParse(data);
  if (!parsed.success) {
    const [first, ...more] = parsed.error.issues;
    const where = first!.path.length > 0 ? first!.path.join('.') : '(root)';
    throw new UsageError(`${shownPath(file, cwd)}: not a baseline file: ${where}: ${first!.message}${more.length > 0 ? ` (and ${more.length} more problem${more.length === 1 ? '' : 's'})` : ''}`);
  }
  return parsed.data;
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
 * third finding where two are recorded is reported). Fatal findings always stay. Sets
 * `baselined` (findings removed) and `baselineUnmatched` (recorded findings that no longer occur).
 */
export function applyBaseline(result: LintResult, baseline: Baseline, baseDir: string): LintResult {
  const left = new Map<string, number>();
  for (const e of baseline.findings) left.set(e.fingerprint, (left.get(e.fingerprint) ?? 0) + e.count);
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
  /** Writes the baseline when updating; then removes the findings it records. */
  apply(result: LintResult): Promise<LintResult>;
}

/**
 * The CLI's `--baseline <file> [--update-baseline]`. Without `file`, null. With `update`, `apply`
 * writes today's findings to the file (creating it) and then reports none of them; without, the
 * file is read now (before the lint, so that a bad file fails fast) and never written.
 *
 * @throws UsageError for `update` without a file, and as {@link readBaseline} for a missing or malformed file.
 */
export async function openBaseline(file: string | undefined, update: boolean, cwd: string): Promise<BaselineRun | null> {
  if (file === undefined) {
    if (update) throw new UsageError('--update-baseline needs --baseline <file>: name the file to write');
    return null;
  }
  const full = path.resolve(cwd, file);
  const baseDir = path.dirname(full);
  if (update) {
    return {
      async apply(result) {
        const baseline = baselineOf(result.findings, baseDir);
        await writeBaseline(full, baseline, cwd);
        return applyBaseline(result, baseline, baseDir);
      },
    };
  }
  const baseline = await readBaseline(full, cwd);
  return { apply: async (result) => applyBaseline(result, baseline, baseDir) };
}

import { readFileSync, statSync } from 'node:fs';
import { UsageError } from '../errors.js';
import type { Finding, Fix } from '../model.js';
import { writeFileSafely } from '../write-file.js';
import { whyNotEditable } from './editable.js';
import { applyEdits } from './merge.js';

/**
 * `--fix` and `--fix-dry-run`: the edits of the reported findings, applied per file (ESLint's
 * merge: in order, identical edits once, an overlapping one left for the next run), then written
 * through a temporary file renamed over the source (writeFileSafely), or only shown as a diff.
 */

/** The byte-order mark, which offsets do not count. */
const BOM = '\uFEFF';

/** Which changes to make: safe fixes (`fix`, the default of `--fix`) and/or the first suggestion of each finding (`suggestion`). */
export type FixType = 'fix' | 'suggestion';

/** One finding's change that was made, or not and why. */
export interface FixAttempt {
  finding: Finding;
  /** The edit: the finding's fix, or its first suggestion's. */
  fix: Fix;
  /** Null when it was made (or, in a dry run, would be); else why not. */
  notMade: string | null;
}

/** A file the changes touch: its text before and after (equal when none could be made). */
export interface FixedFile {
  file: string;
  before: string;
  after: string;
}

/** What {@link applyFixes} did. */
export interface FixOutcome {
  attempts: FixAttempt[];
  /** Files whose text changes (written unless a dry run), in path order. */
  files: FixedFile[];
  /** Findings that have a change of the asked types, but whose rule could not make it here, with why. */
  unavailable: { finding: Finding; reason: string }[];
}

/**
 * Makes the changes of `findings` of the `types` asked for.
 *
 * @param since when the run began (ms since the epoch): a file modified after it has changed since
 *   the run read it, and is not edited (its edits' offsets may no longer hold).
 * @param write false for a dry run: nothing is written.
 * @param cwd the folder paths are shown relative to in write errors.
 * @returns every change attempted, the files changed, and the changes rules could not make.
 * Never throws for one file: a file that cannot be read or written leaves its changes not made, with why.
 */
export async function applyFixes(findings: readonly Finding[], types: ReadonlySet<FixType>, since: number, write: boolean, cwd: string): Promise<FixOutcome> {
  const byFile = new Map<string, { finding: Finding; fix: Fix }[]>();
  const unavailable: FixOutcome['unavailable'] = [];
  for (const finding of findings) {
    const fix = types.has('fix') && finding.fix ? finding.fix : types.has('suggestion') && finding.suggestions?.[0] ? finding.suggestions[0].fix : undefined;
    if (!fix) {
      if (finding.fixUnavailable) unavailable.push({ finding, reason: finding.fixUnavailable });
      continue;
    }
    const list = byFile.get(fix.file);
    if (list) list.push({ finding, fix });
    else byFile.set(fix.file, [{ finding, fix }]);
  }
  const attempts: FixAttempt[] = [];
  const files: FixedFile[] = [];
  for (const [file, changes] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const refuse = (why: string) => attempts.push(...changes.map((c) => ({ ...c, notMade: why })));
    let before: string;
    try {
      if (statSync(file).mtimeMs > since) {
        refuse('the file changed after the run read it; run again');
        continue;
      }
      const bytes = readFileSync(file);
      before = bytes.toString('utf8');
      // A file that is not UTF-8 (Latin-1, UTF-16, stray bytes) would not be written back as it was.
      if (!Buffer.from(before, 'utf8').equals(bytes)) {
        refuse('it is not UTF-8 text, which the fixer writes: fix it by hand');
        continue;
      }
    } catch {
      refuse('the file cannot be read any more');
      continue;
    }
    const why = whyNotEditable(file, before);
    if (why) {
      refuse(why);
      continue;
    }
    // Offsets are into the text without a byte-order mark (as the parser and ESLint read it); the mark is kept.
    const bom = before.startsWith(BOM) ? BOM : '';
    const edited = applyEdits(before.slice(bom.length), changes.map((c) => c.fix));
    const after = bom + edited.text;
    const skipped = edited.skipped;
    for (const change of changes) attempts.push({ ...change, notMade: skipped.includes(change.fix) ? 'it overlaps another change to the same text; run --fix again' : null });
    if (after === before) continue;
    if (write) {
      try {
        await writeFileSafely(file, after, 'the fixed source', cwd);
      } catch (error) {
        const reason = error instanceof UsageError ? (error.message.split(': cannot write the fixed source: ')[1] ?? error.message) : String(error);
        for (const attempt of attempts) if (attempt.fix.file === file && attempt.notMade === null) attempt.notMade = `it could not be written: ${reason}`;
        continue;
      }
    }
    files.push({ file, before, after });
  }
  return { attempts, files, unavailable };
}

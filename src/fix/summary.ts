import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch, structuredPatch } from 'diff';
import { count } from '../formatters/paths.js';
import type { Finding, Fix } from '../model.js';
import { printable } from '../printable.js';
import type { FixOutcome } from './apply.js';

/**
 * What `--fix` and `--fix-dry-run` print besides the report: the unified diff of the files a dry
 * run would change, and the lines that say what was fixed and what was not, and why.
 */

/** A path relative to `cwd` with forward slashes (as diff headers and messages show it). */
function relative(file: string, cwd: string): string {
  return (path.relative(cwd, file) || file).split(path.sep).join('/');
}

/**
 * The unified diff (git's `a/` and `b/` headers, 3 lines of context) of every file `outcome`
 * changes, in path order: what `git apply` takes. Empty when nothing changes.
 */
export function unifiedDiff(outcome: FixOutcome, cwd: string): string {
  return outcome.files
    .map(({ file, before, after }) => {
      const shown = relative(file, cwd);
      // createTwoFilesPatch starts with a line of '=' when given no header; the headers are the file lines alone.
      const patch = createTwoFilesPatch(`a/${shown}`, `b/${shown}`, before, after, undefined, undefined, { context: 3 });
      return patch.replace(/^={3,}\n/, '');
    })
    .join('');
}

/** `file:line:column` of a finding, relative to `cwd`. */
function at(finding: Finding, cwd: string): string {
  return `${relative(finding.location.file, cwd)}:${finding.location.line}:${finding.location.column}`;
}

/**
 * The lines (without the `mcp-annotate-lint: ` prefix) that say what the passes of changes did:
 * how many were made in how many files, then, of the last pass (what remains), each change not
 * made (its place, rule and why) and each finding whose rule has a change the source does not
 * allow. Text from the source is made printable.
 *
 * @param outcomes the passes, first to last (a dry run has one).
 * @param dryRun true: "would fix"; false: "fixed".
 */
export function fixLines(outcomes: readonly FixOutcome[], dryRun: boolean, cwd: string): string[] {
  const made = outcomes.reduce((n, o) => n + o.attempts.filter((a) => a.notMade === null).length, 0);
  const files = new Set(outcomes.flatMap((o) => o.files.map((f) => f.file))).size;
  const verb = dryRun ? 'would fix' : 'fixed';
  const lines = [made === 0 ? `${verb} nothing` : `${verb} ${count(made, 'problem')} in ${count(files, 'file')}${dryRun ? ' (no source file written: --fix-dry-run)' : ''}`];
  const last = outcomes[outcomes.length - 1];
  if (!last) return lines;
  const tool = (f: Finding): string => (f.tool !== null ? ` "${printable(f.tool)}"` : '');
  for (const attempt of last.attempts.filter((a) => a.notMade !== null)) lines.push(`not fixed: ${at(attempt.finding, cwd)} ${attempt.finding.ruleId}${tool(attempt.finding)}: ${printable(attempt.notMade!)}`);
  for (const { finding, reason } of last.unavailable) lines.push(`cannot fix: ${at(finding, cwd)} ${finding.ruleId}${tool(finding)}: ${printable(reason)}`);
  return lines;
}

/**
 * The lines one edit changes, as a diff without headers (`-` the lines as they are, `+` as the
 * edit leaves them), for a report to show a fix or suggestion (`--format markdown`). Reads the
 * file as it is now: null when it cannot be read or the edit no longer fits it.
 */
export function changePreview(fix: Fix): string[] | null {
  let text: string;
  try {
    text = readFileSync(fix.file, 'utf8');
  } catch {
    return null;
  }
  // Offsets do not count a byte-order mark (apply.ts).
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  if (fix.range[1] > text.length) return null;
  const after = text.slice(0, fix.range[0]) + fix.text + text.slice(fix.range[1]);
  const patch = structuredPatch('a', 'b', text, after, undefined, undefined, { context: 0 });
  return patch.hunks.flatMap((h) => h.lines.filter((l) => !l.startsWith('\\')));
}

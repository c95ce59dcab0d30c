import { isListedLocation, type Severity } from '../model.js';
import { evidenceLine, relativePath } from './paths.js';
import { printable } from '../printable.js';
import type { Formatter } from './types.js';

/*
 * `--format github`: GitHub Actions workflow commands, which the runner turns into annotations on
 * the pull request's diff
 * (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#setting-an-error-message).
 * Paths are relative to the working directory, which in a workflow is the repository's root.
 */

/** The command of each severity: `::error`, `::warning`, `::notice`. */
const COMMAND: Readonly<Record<Severity, string>> = { error: 'error', warning: 'warning', info: 'notice' };

/** The message of a command, escaped as the Actions toolkit's `escapeData` does (@actions/core, src/command.ts). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value (`file=`, `title=`), escaped as the toolkit's `escapeProperty` does: {@link escapeData}, and `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * One command per finding, `::error file=<path>,line=<l>,col=<c>,title=<rule id>::<message>`, the
 * message followed on a second line by its first piece of evidence (the sink, where it is, the calls to it).
 * A finding on a listed tool (live mode) has no `file`, `line` nor `col`: `::error title=<rule id>::<message>`.
 * Control characters in names and messages are written as visible escapes ({@link printable}), so
 * that no text from the linted code or a server can end a command or start another.
 */
export const github: Formatter = (result, { cwd }) =>
  result.findings
    .map((f) => {
      // A listed tool (live mode) is in no file of the repository: the annotation has no place, only a title.
      const place = isListedLocation(f.location) ? '' : `file=${escapeProperty(printable(relativePath(f.location.file, cwd)))},line=${f.location.line},col=${f.location.column},`;
      const properties = `${place}title=${escapeProperty(f.ruleId)}`;
      const evidence = f.evidence[0];
      // Control characters in quoted text are made visible first; the line break before the evidence is the report's own.
      const message = evidence ? `${printable(f.message)}\n↳ ${printable(evidenceLine(evidence, cwd))}` : printable(f.message);
      return `::${COMMAND[f.severity]} ${properties}::${escapeData(message)}\n`;
    })
    .join('');

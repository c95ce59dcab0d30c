import type { LintResult } from '../model.js';

/** Options every formatter receives. */
export interface FormatterOptions {
  /** Paths in the output are relative to this directory. */
  cwd: string;
  /** Whether to use ANSI colors. */
  color: boolean;
}

/**
 * A formatter turns a lint result into the text written to stdout (ESLint's formatter shape).
 * `chunks`, when a formatter has it, gives the same text in pieces, so that a large report is
 * written without being held whole.
 */
export type Formatter = ((result: LintResult, options: FormatterOptions) => string) & {
  chunks?: (result: LintResult, options: FormatterOptions) => Iterable<string>;
};

import type { LintResult } from '../model.js';

/** Options every formatter receives. */
export interface FormatterOptions {
  /** Paths in the output are relative to this directory. */
  cwd: string;
  /** Whether to use ANSI colors. */
  color: boolean;
}

/** A formatter turns a lint result into the text written to stdout (ESLint's formatter shape). */
export type Formatter = (result: LintResult, options: FormatterOptions) => string;

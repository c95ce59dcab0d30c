import type { ConfiguredSinks } from './configured.js';

/**
 * Options of the effect walk (kept apart from it, so that the command line shows the defaults
 * without loading TypeScript). Both budgets, when reached, are reported as unresolved items naming the option that raises them.
 */
export interface InferOptions {
  /** How many calls deep the walk follows project functions from the handler before it stops and reports it (`--max-depth`). */
  maxDepth: number;
  /**
   * How many effect nodes (calls, tagged templates, writes of state) the walk may visit in one run,
   * over all tools and function summaries (`--max-work`). Memoized summaries cost nothing again, so
   * this bounds only pathological programs: the 1,000-tool benchmark visits about 11,000.
   */
  maxWork: number;
  /** Sinks and incidental sinks from the project's configuration. */
  configured?: ConfiguredSinks;
  /** The paths of the files that hold a tool's handler: such a file is never a cache module (cache-modules.ts). */
  handlerFiles?: ReadonlySet<string>;
}

export const DEFAULT_INFER_OPTIONS: InferOptions = { maxDepth: 12, maxWork: 2_000_000 };

import { declaredBoolean, effectiveHint } from '../engine/facts.js';
import { justifyHints, unverifiedBecause } from '../engine/justify.js';
import { HINT_KEYS, type HintKey, type LintResult, type ToolFacts } from '../model.js';
import { fileLine, shownFile } from './paths.js';
import type { Formatter } from './types.js';

/*
 * `--format submission` (issue 17): for every tool, the hints its code supports and one sentence
 * per hint naming the evidence, as JSON that a client directory submission (Anthropic's connector
 * directory, OpenAI's app submission: each asks for every hint, with a justification) can be
 * filled from. A tool whose hints rest on code the linter cannot see is marked `verified: false`,
 * and those hints are null with what is unverified, never a guessed value.
 */

/** The report `--format submission` prints. A contract as the JSON report is: fields are added, never removed or renamed. */
export interface SubmissionReport {
  schemaVersion: 1;
  tools: {
    /** Null when run time computes it (`displayName` is then the expression). */
    name: string | null;
    displayName: string;
    /** Relative to the working directory; where the name is written. */
    file: string;
    line: number;
    /** The title the tool declares (`annotations.title`, else its top-level `title`), or null. */
    title: string | null;
    /** False when some hint rests on code the linter cannot see (see `unverified`). */
    verified: boolean;
    /** What keeps the tool from being verified, when it is not. */
    unverified?: string;
    /** Each hint as the code supports it; null: the code leaves it open (its justification says why). */
    annotations: Record<HintKey, boolean | null>;
    /** One sentence per hint: `readOnlyHint: false: writes a file: fs/promises writeFile at src/store.ts:31 via saveNote`. */
    justifications: Record<HintKey, string>;
    /** The hints as the source declares them (null: omitted, or not a boolean), or null when it declares no annotations. */
    declared: Record<HintKey, boolean | null> | null;
    /** Hints whose supported value differs from what is declared (an omitted hint counts as its spec default). */
    differs: HintKey[];
  }[];
}

/** The title a directory reads: `annotations.title`, else the top-level one, when it is a known string. */
function titleOf(tool: ToolFacts): string | null {
  const inAnnotations = tool.annotations?.properties.title;
  for (const t of [inAnnotations, tool.title]) if (t?.known && typeof t.value === 'string') return t.value;
  return null;
}

/** Builds the submission report of a run. */
export function toSubmissionReport(result: LintResult): SubmissionReport {
  const shown = (location: Parameters<typeof fileLine>[0]) => fileLine(location, result.cwd);
  return {
    schemaVersion: 1,
    tools: result.tools.map((tool) => {
      const justified = justifyHints(tool, shown);
      const open = unverifiedBecause(tool, shown);
      const declared = tool.annotations ? (Object.fromEntries(HINT_KEYS.map((k) => [k, declaredBoolean(tool, k)?.value ?? null])) as Record<HintKey, boolean | null>) : null;
      const readOnly = justified.readOnlyHint.value === true;
      return {
        name: tool.name,
        displayName: tool.displayName,
        file: shownFile(tool.location, result.cwd),
        line: tool.location.line,
        title: titleOf(tool),
        verified: open === null && HINT_KEYS.every((k) => justified[k].value !== null),
        ...(open !== null ? { unverified: open } : {}),
        annotations: Object.fromEntries(HINT_KEYS.map((k) => [k, justified[k].value])) as Record<HintKey, boolean | null>,
        justifications: Object.fromEntries(HINT_KEYS.map((k) => [k, justified[k].why])) as Record<HintKey, string>,
        declared,
        // On a read-only tool the spec gives destructiveHint and idempotentHint no meaning: they never differ there.
        differs: HINT_KEYS.filter((k) => justified[k].value !== null && !(readOnly && k !== 'readOnlyHint' && k !== 'openWorldHint') && effectiveHint(tool, k) !== null && effectiveHint(tool, k) !== justified[k].value),
      };
    }),
  };
}

/** `--format submission`: {@link toSubmissionReport} as indented JSON. */
export const submission: Formatter = (result) => `${JSON.stringify(toSubmissionReport(result), null, 2)}\n`;

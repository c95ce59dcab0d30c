import { HINT_KEYS, INFERRED_FOR_HINT, type Finding, type LintResult, type Severity, type SourceLocation, type ToolFacts } from '../model.js';

/*
 * What the tabular reports (`--tools`, `--format markdown`) read off a tool: its declared and
 * inferred hints and its findings. Each report only chooses the symbols.
 */

/** One hint as a report shows it: its value, `omitted` (the spec default applies) or `unknown` (not readable statically, or not inferable). */
export type HintReading = boolean | 'omitted' | 'unknown';

function reading(value: unknown, present: boolean): HintReading {
  if (!present) return 'omitted';
  return typeof value === 'boolean' ? value : 'unknown';
}

/** The declared hints in {@link HINT_KEYS} order; `null` when the tool has no annotations object. */
export function declaredReadings(tool: ToolFacts): HintReading[] | null {
  const annotations = tool.annotations;
  if (!annotations) return null;
  // Keys hidden in an unreadable spread or call may be present: unknown, not omitted.
  const hidden = annotations.unresolved.length > 0;
  return HINT_KEYS.map((k) => {
    const hint = annotations.properties[k];
    return reading(hint?.known ? hint.value : undefined, hint !== undefined || hidden);
  });
}

/** The inferred hints in {@link HINT_KEYS} order (`unknown` where inference could not tell, and in live mode). */
export function inferredReadings(tool: ToolFacts): HintReading[] {
  return HINT_KEYS.map((k) => reading(tool.inferred?.[INFERRED_FOR_HINT[k]] ?? null, true));
}

/** The symbol a report shows for each reading. */
export interface HintSymbols {
  true: string;
  false: string;
  omitted: string;
  unknown: string;
}

/** Readings as symbols separated by spaces; `none` for a tool without an annotations object. */
export function hintCells(readings: HintReading[] | null, symbols: HintSymbols): string {
  return readings ? readings.map((r) => symbols[r === true ? 'true' : r === false ? 'false' : r]).join(' ') : 'none';
}

function sameLocation(a: SourceLocation, b: SourceLocation): boolean {
  return a.file === b.file && a.line === b.line && a.column === b.column && a.jsonPath === b.jsonPath;
}

/** The findings of one tool: by name and place, as the tools of one wrapper or table can share a place. */
export function findingsOf(result: LintResult, tool: ToolFacts): Finding[] {
  return result.findings.filter((f) => f.toolLocation !== undefined && sameLocation(f.toolLocation, tool.location) && f.tool === tool.name);
}

/** How many findings there are of each severity. */
export function severityCounts(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}

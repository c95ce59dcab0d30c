/**
 * The comparison of the survey of published servers (scripts/survey.ts): what a server lists in
 * `tools/list` against what the static linter finds in its installed package. Pure functions, no
 * I/O, so that the figures the survey publishes are unit-tested on hand-written inputs
 * (test/scripts/survey-compare.test.ts).
 */

/** The four tool annotation hints of the MCP specification, in the order tables show them. */
export const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export type Hint = (typeof HINTS)[number];

/**
 * One tool as a report of the linter gives it (live or static `--format json`): its name (`null`
 * when only run time knows it) and its annotations as declared or sent (`null` or absent: none).
 */
export interface ReportedTool {
  name: string | null;
  annotations?: Record<string, unknown> | null;
}

/** An unresolved registration of a static report: where, and why no tool could be named. */
export interface UnresolvedRegistration {
  file: string;
  line: number;
  reason: string;
}

/** The two sides of one package, as read from the linter's JSON reports. */
export interface SurveySides {
  /** The tools the running server listed (`live --format json` → `tools`). */
  listed: readonly ReportedTool[];
  /** The tools the static linter found in the installed package (`--format json` → `tools`). */
  found: readonly ReportedTool[];
  /** The static report's `unresolvedRegistrations`. */
  unresolved: readonly UnresolvedRegistration[];
}

/** How one package's static run compares with its listing. */
export interface Comparison {
  /** Distinct names listed by the server. */
  listed: number;
  /** Listed names the static run also found. */
  matched: number;
  /** matched / listed (0..1); `null` when nothing is listed. */
  recall: number | null;
  /** Listed names the static run did not find, sorted. */
  missing: string[];
  /** Names the static run found that the server did not list, sorted (tools behind options, or over-reporting). */
  extra: string[];
  /** Tools found statically whose name only run time knows. */
  unnamed: number;
  /** Hint values compared: for each matched tool, each hint that either side declares. */
  hintsCompared: number;
  /** Of those, how many have the same value on both sides (absent counts as a value). */
  hintsAgreeing: number;
  /** The hints that differ: `tool.hint: listed → static` (`absent` for a missing hint), sorted. */
  hintDifferences: string[];
  /** How many unresolved registrations the static run reports. */
  unresolvedRegistrations: number;
  /**
   * Whether the static run found none of the listed tools. Such a zero is explained when the
   * static run names at least one unresolved registration (the construct that stopped it), and
   * unexplained when it is silent.
   */
  zero: 'no' | 'explained' | 'unexplained';
}

/** A hint's value as declared: `true`, `false`, or `absent` (missing, or not a boolean). */
function hintValue(tool: ReportedTool, hint: Hint): boolean | 'absent' {
  const value = tool.annotations?.[hint];
  return typeof value === 'boolean' ? value : 'absent';
}

/** The tools of `tools` that have a name, by name (the first of a name wins, as a client keeps). */
function byName(tools: readonly ReportedTool[]): Map<string, ReportedTool> {
  const map = new Map<string, ReportedTool>();
  for (const tool of tools) if (tool.name !== null && !map.has(tool.name)) map.set(tool.name, tool);
  return map;
}

/** Compares one package's listing with its static run (names matched exactly). */
export function compareSides(sides: SurveySides): Comparison {
  const listed = byName(sides.listed);
  const found = byName(sides.found);
  const missing: string[] = [];
  const hintDifferences: string[] = [];
  let matched = 0;
  let hintsCompared = 0;
  let hintsAgreeing = 0;
  for (const [name, live] of listed) {
    const local = found.get(name);
    if (local === undefined) {
      missing.push(name);
      continue;
    }
    matched++;
    for (const hint of HINTS) {
      const sent = hintValue(live, hint);
      const declared = hintValue(local, hint);
      if (sent === 'absent' && declared === 'absent') continue;
      hintsCompared++;
      if (sent === declared) hintsAgreeing++;
      else hintDifferences.push(`${name}.${hint}: ${sent} → ${declared}`);
    }
  }
  const extra = [...found.keys()].filter((name) => !listed.has(name));
  const zero = listed.size === 0 || matched > 0 ? 'no' : sides.unresolved.length > 0 ? 'explained' : 'unexplained';
  return {
    listed: listed.size,
    matched,
    recall: listed.size === 0 ? null : matched / listed.size,
    missing: missing.sort(),
    extra: extra.sort(),
    unnamed: sides.found.filter((tool) => tool.name === null).length,
    hintsCompared,
    hintsAgreeing,
    hintDifferences: hintDifferences.sort(),
    unresolvedRegistrations: sides.unresolved.length,
    zero,
  };
}

/** The survey's totals over the packages that listed tools. */
export interface SurveyTotals {
  /** Packages whose server listed at least one tool (the ones recall is taken over). */
  packagesListed: number;
  /** Tools listed by those packages. */
  listed: number;
  /** Of those, found by the static run. */
  matched: number;
  /** matched / listed over all packages (0..1); `null` when nothing is listed. */
  recall: number | null;
  /** Packages where the static run found none of the listed tools, with or without an explanation. */
  zeroExplained: number;
  zeroUnexplained: number;
  /** Packages whose static run found every listed tool. */
  complete: number;
  hintsCompared: number;
  hintsAgreeing: number;
}

/** Adds up comparisons (of packages that listed tools; others count nowhere). */
export function totalOf(comparisons: readonly Comparison[]): SurveyTotals {
  const counted = comparisons.filter((c) => c.listed > 0);
  const sum = (pick: (c: Comparison) => number) => counted.reduce((total, c) => total + pick(c), 0);
  const listed = sum((c) => c.listed);
  const matched = sum((c) => c.matched);
  return {
    packagesListed: counted.length,
    listed,
    matched,
    recall: listed === 0 ? null : matched / listed,
    zeroExplained: counted.filter((c) => c.zero === 'explained').length,
    zeroUnexplained: counted.filter((c) => c.zero === 'unexplained').length,
    complete: counted.filter((c) => c.matched === c.listed).length,
    hintsCompared: sum((c) => c.hintsCompared),
    hintsAgreeing: sum((c) => c.hintsAgreeing),
  };
}

/**
 * The kind of an unresolved reason: its text with the specifics (code in backticks, quoted
 * strings, the name after `(parameter …)` or `(member …)`, numbers) blanked, so that reasons given by different servers for the same construct
 * group together (`` `defineTool` is never called `` → `` `…` is never called ``).
 */
export function reasonKind(reason: string): string {
  return reason
    .replace(/`[^`]*`/g, '`…`')
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/\((parameter|member|this)\b[^)]*\)/g, '($1 …)')
    .replace(/\b\d+\b/g, 'N')
    .replace(/\s+/g, ' ')
    .trim();
}

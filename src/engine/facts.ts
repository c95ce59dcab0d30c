import { HINT_DEFAULTS, HINT_KEYS, type DeclaredHint, type Effect, type HintKey, type SourceLocation, type ToolFacts, type UnresolvedItem } from '../model.js';

/**
 * Read-only helpers over {@link ToolFacts} shared by the rules. Pure functions of plain data.
 */

/** A hint the tool declares with a statically known boolean value, or null (omitted, not a boolean, or unknown). */
export function declaredBoolean(tool: ToolFacts, key: HintKey): (DeclaredHint & { value: boolean }) | null {
  const hint = tool.annotations?.properties[key];
  if (!hint || !hint.known || typeof hint.value !== 'boolean') return null;
  return hint as DeclaredHint & { value: boolean };
}

/**
 * True when the tool declares `readOnlyHint: true`, so that clients ignore its `destructiveHint` and
 * `idempotentHint` (MCP spec 2025-11-25, `ToolAnnotations`: "Meaningful only when readOnlyHint ==
 * false"). Corpus README, "Mismatch rules": those hints are then not judged as errors; a wrong one
 * matters once the read-only claim is corrected, which optimistic-read-only reports.
 */
export function declaresReadOnly(tool: ToolFacts): boolean {
  return declaredBoolean(tool, 'readOnlyHint')?.value === true;
}

/**
 * The claim a tool makes for a hint, when a client could see `value`: the hint declares it, or its
 * value depends on a condition one of whose branches gives it (`readOnlyHint: mode === "safe"`).
 * The rule: judge the most optimistic value a client could see.
 */
export function claim(tool: ToolFacts, key: HintKey, value: boolean): { hint: DeclaredHint; conditional: boolean; declares: string } | null {
  const hint = tool.annotations?.properties[key];
  if (!hint) return null;
  if (hint.known) return hint.value === value ? { hint, conditional: false, declares: 'declares' } : null;
  if (hint.possible?.includes(value)) return { hint, conditional: true, declares: 'can declare (depending on a value known only at run time)' };
  return null;
}

/** True when the key is absent from the annotations object (so the spec default applies), and nothing unreadable could hide it. */
export function isOmitted(tool: ToolFacts, key: HintKey): boolean {
  const annotations = tool.annotations;
  if (!annotations) return true;
  return !(key in annotations.properties) && annotations.unresolved.length === 0;
}

/** The value a client uses for a hint: the declared boolean, or the spec default when omitted; null when unknown. */
export function effectiveHint(tool: ToolFacts, key: HintKey): boolean | null {
  const declared = declaredBoolean(tool, key);
  if (declared) return declared.value;
  return isOmitted(tool, key) ? HINT_DEFAULTS[key] : null;
}

/**
 * The tool's own effects: all but those on the path every tool of its wrapper or dispatcher takes
 * (`shared`; issue 15: they are reported once, by `shared-effects`, not against each tool).
 */
export function ownEffects(tool: ToolFacts): Effect[] {
  return (tool.effects?.effects ?? []).filter((e) => e.shared === undefined);
}

/** Effects on the path the tool shares with the other tools of its wrapper or dispatcher (effects/shared.ts). */
export function sharedEffects(tool: ToolFacts): Effect[] {
  return (tool.effects?.effects ?? []).filter((e) => e.shared !== undefined);
}

/** The tool's own effects that modify the environment. */
export function writes(tool: ToolFacts): Effect[] {
  return ownEffects(tool).filter((e) => e.access === 'write');
}

/**
 * Effects that may modify the environment although the linter cannot tell how: a spawned process,
 * an HTTP request whose method is computed, code loaded at run time (DESIGN.md §1: "treat it as a
 * possible write in the open world").
 */
export function possibleWrites(tool: ToolFacts): Effect[] {
  return ownEffects(tool).filter((e) => e.access === 'unknown');
}

/**
 * Effects of code chosen at run time (a plugin's handler, an upstream MCP tool): any effect is
 * possible, so no optimistic hint holds for them.
 */
export function arbitraryEffects(tool: ToolFacts): Effect[] {
  return ownEffects(tool).filter((e) => e.arbitrary === true);
}

/** Where a finding about a hint points: the hint, else the annotations object, else the registration. */
export function hintLocation(tool: ToolFacts, key?: HintKey): SourceLocation {
  const hint = key ? tool.annotations?.properties[key] : undefined;
  return hint?.location ?? tool.annotations?.location ?? tool.location;
}

/** How much an effect tells a reader, most first: files and the network before the server's own state. */
const SIGNIFICANCE: Record<Effect['kind'], number> = {
  'fs.delete': 0,
  'fs.write': 1,
  network: 2,
  database: 2,
  'process.spawn': 3,
  api: 4,
  unknown: 4,
  'state.write': 5,
  'fs.read': 6,
};

/** Effects ordered by significance (the main path before `catch` blocks, then by kind, then by position), so that messages lead with the one that matters. */
export function bySignificance(effects: Effect[]): Effect[] {
  return [...effects].sort((a, b) => Number(a.errorPath ?? false) - Number(b.errorPath ?? false) || SIGNIFICANCE[a.kind] - SIGNIFICANCE[b.kind]);
}

/** "deletes files, and 2 more effects": the most significant effect, and how many more. */
export function describeEffects(effects: Effect[]): string {
  const [first, ...rest] = bySignificance(effects);
  if (!first) return '';
  return rest.length > 0 ? `${first.description}, and ${rest.length} more effect${rest.length > 1 ? 's' : ''}` : first.description;
}

/**
 * What keeps a tool's declaration from being checked: an unreadable name or handler, annotation
 * keys hidden in an unreadable spread, and hint values computed at run time (`title` and other
 * non-hint keys do not count).
 */
export function unverifiable(tool: ToolFacts): UnresolvedItem[] {
  const items = [...tool.unresolved, ...(tool.annotations?.unresolved ?? [])];
  for (const key of HINT_KEYS) {
    const hint = tool.annotations?.properties[key];
    if (hint && !hint.known) items.push({ expression: key, reason: `${key}: ${hint.reason ?? 'the value cannot be read statically'}`, location: hint.location, via: [] });
  }
  return items.sort((a, b) => a.location.line - b.location.line || a.location.column - b.location.column);
}

/**
 * True when the tool's hints are not fully verified (issue 15: "an effect the linter cannot see
 * leaves the tool unverified"): the handler could not be followed, it calls code the analysis
 * could not see into, it has an effect whose access is unknown (a program whose effects are
 * unknown, a request whose method is computed), an effect judged only by a callee's name
 * (`likely`), or code chosen at run time; effects and unresolved calls shared with the other
 * tools of a wrapper, and effects the configuration marks incidental, do not count.
 */
export function hasUnseenEffects(tool: ToolFacts): boolean {
  if (tool.effects === null || (tool.effects?.unresolved ?? []).some((u) => u.shared === undefined)) return true;
  // Shared and incidental effects do not bear on the tool's own hints, so they leave nothing unverified.
  return ownEffects(tool).some((e) => e.incidental === undefined && (e.access === 'unknown' || e.confidence === 'likely' || e.arbitrary === true));
}

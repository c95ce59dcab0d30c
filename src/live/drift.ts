import type { ResolvedRules } from '../config/rule-settings.js';
import { HINT_KEYS, type Finding, type SourceLocation, type ToolFacts } from '../model.js';
import { fileLine } from '../formatters/paths.js';

/**
 * `live-drift` (issue #6): what a running server lists against what its source registers, for
 * `live --project`. A gateway can drop annotations, a low-level `tools/list` handler can override
 * them, a tool can appear only at run time: clients see only the listed side (MCP spec 2025-11-25,
 * Server › Tools › Listing Tools), so every difference is reported, naming both sides:
 * - a tool listed but registered nowhere in the source the linter read;
 * - a tool registered in the source but not listed;
 * - a behaviour hint whose listed value differs from the value the source declares (a value the
 *   linter could not read statically is not compared).
 * Tools whose name the source computes at run time are not compared by name.
 */

const RULE_ID = 'live-drift';

/** A declared value as text for a message: `true`, `"x"`, or `absent`. */
function shown(value: unknown): string {
  return value === undefined ? 'absent' : JSON.stringify(value);
}

/**
 * The drift findings between the listed tools and the static ones, with the severity
 * `settingsOf` gives `live-drift` for each listed tool (by name; `off` reports nothing).
 *
 * @param cwd the folder paths in messages are relative to.
 */
export function driftFindings(listed: readonly ToolFacts[], source: readonly ToolFacts[], settingsOf: (name: string | null) => ResolvedRules, cwd: string): Finding[] {
  const bySourceName = new Map<string, ToolFacts>();
  for (const tool of source) if (tool.name !== null && !bySourceName.has(tool.name)) bySourceName.set(tool.name, tool);
  const listedNames = new Set(listed.flatMap((t) => (t.name === null ? [] : [t.name])));
  const findings: Finding[] = [];
  const report = (tool: ToolFacts, location: SourceLocation, message: string, hint?: string): void => {
    const severity = settingsOf(tool.name).get(RULE_ID)?.severity ?? 'warning';
    if (severity === 'off') return;
    findings.push({ ruleId: RULE_ID, messageId: hint ? 'hintDiffers' : 'toolDiffers', message, severity, tool: tool.name, toolLocation: tool.location, location, evidence: [], ...(hint ? { hint } : {}) });
  };
  for (const tool of listed) {
    if (tool.name === null) continue;
    const declared = bySourceName.get(tool.name);
    if (!declared) {
      report(tool, tool.location, `"${tool.name}" is listed by the server but registered nowhere in the source read (added at run time, by a gateway, or by code the linter cannot read)`);
      continue;
    }
    const where = fileLine(declared.location, cwd);
    for (const key of HINT_KEYS) {
      const sourceHint = declared.annotations?.properties[key];
      // Only values both sides state for certain are compared: an unreadable source value, or annotations the source builds at run time, say nothing.
      if (sourceHint ? !sourceHint.known : (declared.annotations?.unresolved.length ?? 0) > 0) continue;
      const listedValue = tool.annotations?.properties[key]?.value;
      if (sourceHint?.value === listedValue) continue;
      const at = tool.annotations?.properties[key]?.location ?? tool.annotations?.location ?? tool.location;
      report(tool, at, `"${tool.name}" lists ${key}: ${shown(listedValue)}, but the source declares ${key}: ${shown(sourceHint?.value)} (${where})`, key);
    }
  }
  for (const tool of source) {
    if (tool.name === null || listedNames.has(tool.name) || bySourceName.get(tool.name) !== tool) continue;
    report(tool, tool.location, `"${tool.name}" is registered in the source but the server does not list it (registered conditionally, disabled, or dropped by a gateway)`);
  }
  return findings;
}

import type { ResolvedRules } from '../config/rule-settings.js';
import type { Effect, Finding, HintChange, Severity, ToolFacts } from '../model.js';
import type { Rule, SuggestedChange } from './rule.js';
import type { RawReport, RuleCrash } from './run.js';

/** Renders `{{name}}` placeholders; an unknown placeholder is left as written so the gap shows. */
export function renderMessage(template: string, data: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => data[key] ?? whole);
}

/** The hint changes a finding's rule stated, for the fix planner (src/fix/plan.ts), with the tool they are about. */
export interface StatedChanges {
  tool: ToolFacts;
  fix?: HintChange;
  suggest?: SuggestedChange[];
}

/** Findings made by {@link collect} → the changes their rules stated (a finding object is the key; copies carry none). */
const statedChanges = new WeakMap<Finding, StatedChanges>();

/** The hint changes the rule of `finding` stated with it, or undefined (none, or not a finding {@link collect} made). */
export function changesOf(finding: Finding): StatedChanges | undefined {
  return statedChanges.get(finding);
}

/**
 * Turns rule reports into findings: stamps the severity (configured for the report's tool by
 * `settingsOf`, else the rule's recommended one), drops rules that are off, renders the message, removes duplicates, and sorts
 * by file, line, column, rule. Detectors never choose severity; this is the one place that does (knip).
 * Severity also follows the evidence (issue #4): a finding resting only on `likely` effects is at
 * most a warning, one resting only on effects the configuration marks incidental is at most info;
 * the message says which.
 *
 * @throws Error when a report names a message id its rule does not declare, or carries a fix or a
 *   suggestion its rule's meta does not declare (`fixable`, `hasSuggestions`): bugs in the rule.
 */
export function collect(reports: RawReport[], crashes: RuleCrash[], rules: ReadonlyMap<string, Rule>, settingsOf?: (tool: ToolFacts) => ResolvedRules): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const report of reports) {
    const rule = rules.get(report.ruleId);
    if (!rule) continue;
    const configured = settingsOf?.(report.tool).get(report.ruleId)?.severity ?? rule.meta.docs.recommended;
    if (configured === 'off') continue;
    const template = (rule.meta.messages as Record<string, string>)[report.messageId];
    if (template === undefined) throw new Error(`rule ${rule.id} reported unknown messageId "${report.messageId}"`);
    const evidence = report.evidence ?? [];
    const likelyEvidence = restsOnLikelyEvidence(evidence);
    // A rule unsure of its own report says why in its message; one that knows its evidence's confidence does not bear on its question says so.
    const likely = report.confidence !== undefined ? report.confidence === 'likely' : likelyEvidence;
    const incidental = evidence.length > 0 && evidence.every((e) => e.incidental !== undefined) ? evidence[0]!.incidental! : null;
    const judged = incidental !== null ? lower(configured, 'info') : likely ? lower(configured, 'warning') : configured;
    const severity = report.maxSeverity ? lower(judged, report.maxSeverity) : judged;
    const note = incidental !== null ? ` (incidental: ${incidental})` : likely && likelyEvidence ? LIKELY_NOTE : likely && evidence.length > 0 ? UNVERIFIED_NOTE : '';
    const message = renderMessage(template, report.data) + note;
    const key = `${report.ruleId}\0${report.location.file}\0${report.location.line}\0${report.location.column}\0${report.location.jsonPath ?? ''}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (report.fix && !rule.meta.fixable) throw new Error(`rule ${rule.id} reported a fix but its meta is not fixable`);
    if (report.suggest && !rule.meta.hasSuggestions) throw new Error(`rule ${rule.id} reported a suggestion but its meta has no hasSuggestions`);
    const finding: Finding = {
      ruleId: report.ruleId,
      messageId: report.messageId,
      message,
      severity,
      tool: report.tool.name,
      toolLocation: report.tool.location,
      location: report.location,
      evidence,
      confidence: likely ? 'likely' : 'certain',
      ...(hintOf(report) ? { hint: hintOf(report) } : {}),
    };
    // A fix must rest on a certain effect that counts (issue 17): on likely or incidental evidence it is only offered.
    const safe = report.fix && !likely && incidental === null ? report.fix : undefined;
    const offered = [...(report.fix && !safe ? [{ desc: describeChange(report.fix), changes: [report.fix] }] : []), ...(report.suggest ?? [])];
    if (safe || offered.length > 0) statedChanges.set(finding, { tool: report.tool, ...(safe ? { fix: safe } : {}), ...(offered.length > 0 ? { suggest: offered } : {}) });
    findings.push(finding);
  }
  for (const crash of crashes) {
    findings.push({
      ruleId: crash.ruleId,
      messageId: 'crash',
      message: `Rule "${crash.ruleId}" failed on "${crash.tool.displayName}": ${crash.error}`,
      severity: 'error',
      tool: crash.tool.displayName,
      toolLocation: crash.tool.location,
      location: crash.tool.location,
      evidence: [],
      fatal: true,
    });
  }
  return findings.sort(compareFindings);
}

/** What a hint change does, as a suggestion's one line: `Declare readOnlyHint: false`, `Remove idempotentHint`. */
export function describeChange(change: HintChange): string {
  return change.to === null ? `Remove ${change.hint}` : `Declare ${change.hint}: ${String(change.to)}`;
}

/** The annotation key a report is about: the hint it names, else the key it names (an unknown key), else none. */
function hintOf(report: RawReport): string | undefined {
  return report.data.hint ?? report.data.key;
}

/** Appended to a finding whose evidence is only likely, so that the reader knows why it is not an error. */
export const LIKELY_NOTE = ' (likely: inferred from the names of calls the linter cannot see into, from requests whose purpose it cannot read, or from branches it cannot decide, so reported as a warning)';

/**
 * Appended to a finding its rule is unsure of although the evidence is certain: the effect is
 * certain but what it does is not (a program whose effects are unknown, code chosen at run time).
 * Issue 15: "an error needs a certain effect that contradicts the hint".
 */
export const UNVERIFIED_NOTE = ' (unverified: the linter cannot see what this code does, so reported as a warning)';

/**
 * True when a finding has evidence and all of it is `likely` (read from callee names, or a request
 * whose method or purpose cannot be read): issue #4, "a contradiction proven by certain evidence is an error; one that
 * rests only on likely evidence is a warning".
 */
export function restsOnLikelyEvidence(evidence: readonly Effect[]): boolean {
  return evidence.length > 0 && evidence.every((e) => e.confidence === 'likely');
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** The lower of two severities: a configured `error` capped at `warning`; a configured `info` stays `info`. */
function lower(a: Severity, b: Severity): Severity {
  return RANK[a] <= RANK[b] ? a : b;
}

/** Orders findings by file, line, column, JSON path (live mode; `$.tools[2]` before `$.tools[10]`), then rule id. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    a.location.file.localeCompare(b.location.file) ||
    a.location.line - b.location.line ||
    a.location.column - b.location.column ||
    (a.location.jsonPath ?? '').localeCompare(b.location.jsonPath ?? '', 'en', { numeric: true }) ||
    a.ruleId.localeCompare(b.ruleId)
  );
}

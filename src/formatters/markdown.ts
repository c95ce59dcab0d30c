import { helpUri } from '../engine/descriptors.js';
import { hasUnseenEffects } from '../engine/facts.js';
import type { Finding, LintResult } from '../model.js';
import { count, fileLine } from './paths.js';
import { declaredReadings, findingsOf, hintCells, inferredReadings, severityCounts, type HintSymbols } from './readings.js';
import type { Formatter } from './types.js';

/*
 * `--format markdown`: a summary for a pull-request comment or a job summary ($GITHUB_STEP_SUMMARY),
 * in GitHub Flavored Markdown (https://github.github.com/gfm/).
 */

/** ✓ true, ✗ false, – omitted (the spec default applies), ? unknown. */
const SYMBOLS: HintSymbols = { true: '✓', false: '✗', omitted: '–', unknown: '?' };

/** Text on one line: line breaks become `<br>` (a table row, a list item). */
function oneLine(text: string): string {
  return text.replace(/\r?\n|\r/g, '<br>');
}

/** Text for a table cell: on one line, `|` escaped (GFM reads `\|` as a pipe, also inside a code span). */
function cell(text: string): string {
  return oneLine(text).replace(/\|/g, '\\|');
}

/** A code span around `text` on one line, fenced with one backtick more than the longest run inside it (GFM 6.1). */
function code(raw: string): string {
  const text = raw.replace(/\r?\n|\r/g, ' ');
  const fence = '`'.repeat(Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** `1 error, 2 warnings`: the non-zero counts; empty for none. */
function counted(findings: readonly Finding[]): string {
  const { error, warning, info } = severityCounts(findings);
  return [...(error ? [count(error, 'error')] : []), ...(warning ? [count(warning, 'warning')] : []), ...(info ? [`${info} info`] : [])].join(', ');
}

/** Each rule id once, linked to its documentation. */
function ruleLinks(findings: readonly Finding[]): string {
  return [...new Set(findings.map((f) => f.ruleId))].map((id) => `[${id}](${helpUri(id)})`).join(', ');
}

/** The summary line: counts by severity, tools checked, and what suppressions and the baseline hid. */
function summary(result: LintResult): string {
  const { error, warning, info } = severityCounts(result.findings);
  const hidden = [...(result.suppressed ? [`${result.suppressed} suppressed`] : []), ...(result.baselined ? [`${result.baselined} baselined`] : [])];
  return [count(error, 'error'), count(warning, 'warning'), `${info} info`, `${count(result.tools.length, 'tool')} checked in ${result.live ? result.live.label : count(result.filesRead.length, 'file')}`, ...hidden].join(' · ');
}

/**
 * A Markdown report: a heading, the counts, a table of tools (where each is registered, its
 * declared and inferred hints, its findings linked to their rules' documentation), then the
 * findings that belong to no tool (a file that does not parse) and the registrations that gave no
 * tool the linter can name.
 */
export const markdown: Formatter = (result, { cwd }) => {
  const out = ['## mcp-annotate-lint', '', summary(result)];
  if (result.tools.length > 0) {
    out.push('', `| Tool | ${result.live ? 'Listed at' : 'Registered at'} | Declared hints | Inferred hints | Findings |`, '| --- | --- | --- | --- | --- |');
    for (const tool of result.tools) {
      const findings = findingsOf(result, tool);
      // A tool whose handler calls code the linter cannot follow is not "ok": its hints are unverified.
      const verdict = findings.length > 0 ? `${counted(findings)}: ${ruleLinks(findings)}` : hasUnseenEffects(tool) ? 'unverified' : 'ok';
      out.push(`| ${cell(code(tool.displayName))} | ${cell(code(fileLine(tool.location, cwd)))} | ${hintCells(declaredReadings(tool), SYMBOLS)} | ${hintCells(inferredReadings(tool), SYMBOLS)} | ${cell(verdict)} |`);
    }
    out.push('', `Hints in the order readOnlyHint, destructiveHint, idempotentHint, openWorldHint: ${SYMBOLS.true} true, ${SYMBOLS.false} false, ${SYMBOLS.omitted} omitted (the spec default applies), ${SYMBOLS.unknown} unknown.`);
    if (result.tools.some(hasUnseenEffects)) out.push('*unverified*: the handler calls code the linter cannot follow.');
  }
  const untied = result.findings.filter((f) => f.toolLocation === undefined);
  if (untied.length > 0) {
    out.push('', '### Findings not tied to a tool', '');
    for (const f of untied) out.push(`- **${f.severity}** ${code(fileLine(f.location, cwd))}: ${oneLine(f.message)} ([${f.ruleId}](${helpUri(f.ruleId)}))`);
  }
  if (result.unresolvedRegistrations.length > 0) {
    out.push('', '### Registrations not resolved to named tools', '');
    for (const u of result.unresolvedRegistrations) out.push(`- ${code(fileLine(u.location, cwd))}: ${oneLine(u.reason)}`);
  }
  return `${out.join('\n')}\n`;
};

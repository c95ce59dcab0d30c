import { helpUri } from '../engine/descriptors.js';
import { hasUnseenEffects } from '../engine/facts.js';
import type { Finding, LintResult } from '../model.js';
import { count, fileLine } from './paths.js';
import { printable } from '../printable.js';
import { changePreview } from '../fix/summary.js';
import { declaredReadings, findingsOf, hintCells, inferredReadings, severityCounts, type HintSymbols } from './readings.js';
import type { Formatter } from './types.js';

/*
 * `--format markdown`: a summary for a pull-request comment or a job summary ($GITHUB_STEP_SUMMARY),
 * in GitHub Flavored Markdown (https://github.github.com/gfm/).
 */

/** ✓ true, ✗ false, – omitted (the spec default applies), ? unknown. */
const SYMBOLS: HintSymbols = { true: '✓', false: '✗', omitted: '–', unknown: '?' };

/**
 * Quoted text (a message, a reason, a server's label) as plain Markdown: control characters made
 * visible ({@link printable}, so no line break ends a row or item), and every character GFM could
 * read as markup or HTML backslash-escaped (GFM 2.4: any ASCII punctuation may be), so that a tool
 * name cannot add a link, an image, emphasis, a table cell or an HTML tag.
 */
function plain(text: string): string {
  return printable(text).replace(/[\\`*_[\]<>|~&!]/g, '\\$&');
}

/** Markup of the report's own for a table cell: `|` escaped (GFM reads `\|` as a pipe, also inside a code span). */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/**
 * Quoted text as a code span, fenced with one backtick more than the longest run inside it (GFM
 * 6.1); control characters made visible ({@link printable}). Inside a code span GFM reads no markup nor HTML.
 */
function code(raw: string): string {
  const text = printable(raw);
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
  return [count(error, 'error'), count(warning, 'warning'), `${info} info`, `${count(result.tools.length, 'tool')} checked in ${result.live ? plain(result.live.label) : count(result.filesRead.length, 'file')}`, ...hidden].join(' · ');
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
      // A tool whose handler calls code the linter cannot follow is not "ok": its hints are unverified, findings or not (as in --tools).
      const parts = [...(findings.length > 0 ? [`${counted(findings)}: ${ruleLinks(findings)}`] : []), ...(hasUnseenEffects(tool) ? ['unverified'] : [])];
      const verdict = parts.length > 0 ? parts.join('; ') : 'ok';
      out.push(`| ${cell(code(tool.displayName))} | ${cell(code(fileLine(tool.location, cwd)))} | ${hintCells(declaredReadings(tool), SYMBOLS)} | ${hintCells(inferredReadings(tool), SYMBOLS)} | ${cell(verdict)} |`);
    }
    out.push('', `Hints in the order readOnlyHint, destructiveHint, idempotentHint, openWorldHint: ${SYMBOLS.true} true, ${SYMBOLS.false} false, ${SYMBOLS.omitted} omitted (the spec default applies), ${SYMBOLS.unknown} unknown.`);
    if (result.tools.some(hasUnseenEffects)) out.push('*unverified*: the handler depends on code the linter cannot see into (calls it cannot follow, programs or requests whose effects are unknown, calls judged only by their names).');
  }
  const untied = result.findings.filter((f) => f.toolLocation === undefined);
  if (untied.length > 0) {
    out.push('', '### Findings not tied to a tool', '');
    for (const f of untied) out.push(`- **${f.severity}** ${code(fileLine(f.location, cwd))}: ${plain(f.message)} ([${f.ruleId}](${helpUri(f.ruleId)}))`);
  }
  const changes = result.findings.flatMap((f) => [...(f.fix ? [{ f, label: 'fix (`--fix`)', fix: f.fix }] : []), ...(f.suggestions ?? []).map((s) => ({ f, label: `suggestion: ${plain(s.desc)}`, fix: s.fix }))]);
  if (changes.length > 0) {
    out.push('', '### Suggested changes', '');
    for (const { f, label, fix } of changes) {
      const lines = changePreview(fix);
      if (!lines) continue;
      const body = lines.map((l) => printable(l)).join('\n');
      const fence = '`'.repeat(Math.max(3, ...(body.match(/`+/g) ?? []).map((run) => run.length + 1)));
      out.push(`- ${code(fileLine(f.location, cwd))} ${f.tool !== null ? `${code(f.tool)} ` : ''}([${f.ruleId}](${helpUri(f.ruleId)})), ${label}:`, '', `  ${fence}diff`, ...body.split('\n').map((l) => `  ${l}`), `  ${fence}`, '');
    }
  }
  if (result.unresolvedRegistrations.length > 0) {
    out.push('', '### Registrations not resolved to named tools', '');
    for (const u of result.unresolvedRegistrations) out.push(`- ${code(fileLine(u.location, cwd))}: ${plain(u.reason)}`);
  }
  return `${out.join('\n')}\n`;
};

import { stripVTControlCharacters as stripAnsi } from 'node:util';
import { Chalk } from 'chalk';
import { hasUnseenEffects } from '../engine/facts.js';
import { count, fileLine } from './paths.js';
import { printable } from '../printable.js';
import { declaredReadings, findingsOf, hintCells, inferredReadings, severityCounts, type HintSymbols } from './readings.js';
import type { Formatter } from './types.js';

/** Table symbols: T true, F false, - omitted (spec default), ? unknown. */
const SYMBOLS: HintSymbols = { true: 'T', false: 'F', omitted: '-', unknown: '?' };

/**
 * `--tools`: a table of every tool: where it is registered, its declared and inferred hints
 * (columns r d i o = readOnly, destructive, idempotent, openWorld), and the verdict: its findings
 * counted, and `unverified` when its handler depends on code the linter cannot see into; `ok` for neither.
 * With no tool, no table: the registrations not resolved, the findings of no tool, and the line that says none was found.
 */
export const toolsTable: Formatter = (result, { cwd, color }) => {
  const c = new Chalk({ level: color ? 1 : 0 });
  const rows = result.tools.map((tool) => {
    const { error: errors, warning: warnings } = severityCounts(findingsOf(result, tool));
    // A tool whose handler calls code the linter cannot follow is not "ok": its hints are unverified, findings or not.
    const parts = [...(errors > 0 ? [c.red(count(errors, 'error'))] : []), ...(warnings > 0 ? [c.yellow(count(warnings, 'warning'))] : []), ...(hasUnseenEffects(tool) ? [c.yellow('unverified')] : [])];
    const verdict = parts.length > 0 ? parts.join(', ') : c.green('ok');
    return [printable(tool.displayName), printable(fileLine(tool.location, cwd)), hintCells(declaredReadings(tool), SYMBOLS), hintCells(inferredReadings(tool), SYMBOLS), verdict];
  });
  const header = ['TOOL', 'LOCATION', 'DECLARED r d i o', 'INFERRED r d i o', 'VERDICT'];
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => stripAnsi(r[i]!).length)));
  // No tool, no table: an empty header and its legend would only stand above the line that says so.
  const lines = rows.length === 0 ? [] : all.map((r) => r.map((v, i) => (i === r.length - 1 ? v : v + ' '.repeat(widths[i]! - stripAnsi(v).length))).join('  ').trimEnd());
  if (lines.length > 0) {
    lines[0] = c.bold(lines[0]!);
    lines.push('', 'r d i o: readOnlyHint, destructiveHint, idempotentHint, openWorldHint. T true, F false, - omitted (spec default), ? unknown.');
  }
  if (result.tools.some(hasUnseenEffects)) lines.push('unverified: the handler depends on code the linter cannot see into (calls it cannot follow, programs or requests whose effects are unknown, calls judged only by their names; see "unresolved" and "effects" in --format json).');
  // Registrations that gave no tool the linter can name: shown, never silently dropped.
  for (const u of result.unresolvedRegistrations) lines.push(`${c.yellow('unresolved registration')}  ${printable(fileLine(u.location, cwd))}  ${printable(u.reason)}`);
  // Findings that belong to no tool (a file that does not parse) would otherwise go unseen here.
  for (const f of result.findings.filter((f) => f.toolLocation === undefined)) {
    lines.push(`${c.red(f.severity)}  ${printable(fileLine(f.location, cwd))}  ${printable(f.message)}  ${c.dim(f.ruleId)}`);
  }
  if (result.tools.length === 0) lines.push(`${result.unresolvedRegistrations.length > 0 ? 'No tool could be named' : 'No tool registrations found'} in ${count(result.filesRead.length, 'file')}.`);
  return `${lines.join('\n')}\n`;
};

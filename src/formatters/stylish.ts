import { Chalk } from 'chalk';
import { hasUnseenEffects, unverifiable } from '../engine/facts.js';
import { isListedLocation, type Finding } from '../model.js';
import { hiddenFindingsSummary } from './hidden-findings.js';
import { printable } from '../printable.js';
import { count, evidenceLine, fileLine, shownFile } from './paths.js';
import { severityCounts } from './readings.js';
import type { Formatter } from './types.js';

/** How many evidence lines are printed under one finding. */
const MAX_EVIDENCE = 3;

/** How many unresolved registrations a run that names no tool lists. */
const MAX_UNRESOLVED_SHOWN = 5;

/**
 * ESLint's stylish layout: findings grouped per file, `line:col  severity  message  rule-id`,
 * each followed by its evidence (the sink's file:line and the calls from the handler), then a
 * summary line.
 */
export const stylish: Formatter = (result, { cwd, color }) => {
  const c = new Chalk({ level: color ? 1 : 0 });
  const byFile = new Map<string, Finding[]>();
  for (const f of result.findings) {
    const list = byFile.get(f.location.file) ?? [];
    list.push(f);
    byFile.set(f.location.file, list);
  }
  // Several tools can share one annotations const: then each finding also says where its tool is registered.
  const toolsAt = new Map<string, Set<string>>();
  for (const f of result.findings) {
    if (!f.toolLocation) continue;
    const key = `${f.location.file}:${f.location.line}:${f.location.column}`;
    toolsAt.set(key, (toolsAt.get(key) ?? new Set()).add(`${f.toolLocation.file}:${f.toolLocation.line}`));
  }
  const registeredAt = (f: Finding): string => {
    if (!f.toolLocation) return '';
    const shared = (toolsAt.get(`${f.location.file}:${f.location.line}:${f.location.column}`)?.size ?? 0) > 1;
    // A hint written before the tool's name (in a wrapper or a shared const) or elsewhere says which registration it is about.
    const elsewhere = f.toolLocation.file !== f.location.file || f.location.line < f.toolLocation.line;
    return shared || elsewhere ? ` (tool registered at ${printable(fileLine(f.toolLocation, cwd))})` : '';
  };
  const out: string[] = [];
  for (const findings of byFile.values()) {
    out.push('', c.underline(printable(shownFile(findings[0]!.location, cwd))));
    // A listed tool (live mode) is placed by its JSON path instead of line:col.
    const position = (f: Finding): string => (isListedLocation(f.location) ? printable(f.location.jsonPath) : `${f.location.line}:${f.location.column}`);
    const posWidth = Math.max(...findings.map((f) => position(f).length));
    const sevWidth = Math.max(...findings.map((f) => f.severity.length));
    for (const f of findings) {
      const pos = position(f).padEnd(posWidth);
      const sevText = f.severity.padEnd(sevWidth);
      const sev = f.severity === 'error' ? c.red(sevText) : f.severity === 'warning' ? c.yellow(sevText) : c.blue(sevText);
      out.push(`  ${c.dim(pos)}  ${sev}  ${printable(f.message)}${registeredAt(f)}  ${c.dim(f.ruleId)}`);
      const indent = ' '.repeat(posWidth + sevWidth + 6);
      for (const e of f.evidence.slice(0, MAX_EVIDENCE)) out.push(`${indent}${c.dim(`↳ ${printable(evidenceLine(e, cwd))}`)}`);
      if (f.evidence.length > MAX_EVIDENCE) out.push(`${indent}${c.dim(`↳ … and ${f.evidence.length - MAX_EVIDENCE} more`)}`);
    }
  }
  const { error: errors, warning: warnings, info: infos } = severityCounts(result.findings);
  const files = result.live ? printable(result.live.label) : count(result.filesRead.length, 'file');
  if (result.findings.length > 0) {
    const parts = [count(errors, 'error'), count(warnings, 'warning'), ...(infos ? [`${infos} info`] : [])];
    const line = `✖ ${count(result.findings.length, 'problem')} (${parts.join(', ')})`;
    out.push('', errors > 0 ? c.red.bold(line) : c.yellow.bold(line));
  }
  out.push(...hiddenFindingsSummary(result).map((l) => c.dim(l)));
  const unresolved = result.unresolvedRegistrations.length;
  const unresolvedLine = unresolved > 0 ? c.yellow(`${count(unresolved, 'registration')} could not be resolved to named tools (see --tools, or unresolvedRegistrations in --format json).`) : null;
  if (result.tools.length === 0) {
    if (unresolvedLine) out.push(unresolvedLine);
    // With no tool, what could not be named (or why nothing was found) is the run's whole story: shown here, not only with --tools.
    for (const u of result.unresolvedRegistrations.slice(0, MAX_UNRESOLVED_SHOWN)) out.push(`  ${c.dim(printable(fileLine(u.location, cwd)))}  ${printable(u.reason)}`);
    if (unresolved > MAX_UNRESOLVED_SHOWN) out.push(`  ${c.dim(`… and ${unresolved - MAX_UNRESOLVED_SHOWN} more`)}`);
    const unparsed = result.findings.filter((f) => f.ruleId === 'parse-error' || f.ruleId === 'read-error').length;
    // Registrations that gave no named tool are no "nothing found": the run did not pass.
    const none = result.live ? 'No tools listed' : unresolved > 0 ? 'No tool could be named' : 'No tool registrations found';
    out.push(`${none} in ${files}${unparsed ? ` (${count(unparsed, 'file')} could not be read or parsed, see above)` : ''}.`);
    return `${out.join('\n').replace(/^\n/, '')}\n`;
  }
  const unreadable = result.tools.filter((t) => unverifiable(t).length > 0).length;
  const unseen = result.tools.filter(hasUnseenEffects);
  const checked = `Checked ${count(result.tools.length, 'tool')} in ${files}${unreadable ? ` (${unreadable} with a name, handler or hints it cannot read)` : ''}.`;
  const clean = result.findings.length === 0 && unseen.length === 0 && unresolved === 0;
  out.push(clean ? c.green(`✔ ${checked}`) : checked);
  if (unresolvedLine) out.push(unresolvedLine);
  if (unseen.length > 0) {
    // Unknown is not "no effect": say which claims rest on code the linter could not follow.
    const names = unseen.slice(0, 5).map((t) => `"${printable(t.displayName)}"`).join(', ') + (unseen.length > 5 ? `, and ${unseen.length - 5} more` : '');
    out.push(c.yellow(`${count(unseen.length, 'tool')} ${unseen.length === 1 ? 'is' : 'are'} unverified: ${unseen.length === 1 ? 'it depends' : 'they depend'} on code the linter cannot see into (calls it cannot follow, programs or requests whose effects are unknown, calls judged only by their names): ${names} (see --tools, or unresolved and effects in --format json).`));
  }
  return `${out.join('\n').replace(/^\n/, '')}\n`;
};

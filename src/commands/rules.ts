import { Chalk } from 'chalk';
import type { ResolvedRules } from '../config/rule-settings.js';
import { DOCS_BASE, RULE_DESCRIPTORS } from '../engine/descriptors.js';

/**
 * The text of `mcp-annotate-lint rules`: one line per rule and engine finding, `id  severity
 * fixable  description`, fixable being `yes` (`--fix` repairs what the code proves), `suggests`
 * (only suggestions, applied with `--fix-type suggestion`) or `no`; the severity as `settings` give it (the configuration found, its profile
 * and `rules`; overrides are per file and tool, so not shown), then where the docs are.
 */
export function rulesList(settings: ResolvedRules, color: boolean): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const rows = [...RULE_DESCRIPTORS.values()].map((d) => {
    const severity = settings.get(d.id)?.severity ?? d.recommended;
    const changed = severity !== d.recommended ? ` (default ${d.recommended})` : '';
    return { id: d.id, severity: `${severity}${changed}`, fixable: d.fixable ? 'yes' : d.hasSuggestions ? 'suggests' : 'no', description: d.description, engine: d.engine };
  });
  const idWidth = Math.max('rule'.length, ...rows.map((r) => r.id.length));
  const sevWidth = Math.max('severity'.length, ...rows.map((r) => r.severity.length));
  const fixWidth = Math.max('fixable'.length, ...rows.map((r) => r.fixable.length));
  const line = (id: string, severity: string, fixable: string, description: string): string => `${id.padEnd(idWidth)}  ${severity.padEnd(sevWidth)}  ${fixable.padEnd(fixWidth)}  ${description}`;
  const out = [c.bold(line('rule', 'severity', 'fixable', 'reports'))];
  for (const r of rows.filter((r) => !r.engine)) out.push(line(r.id, r.severity, r.fixable, r.description));
  out.push('', c.bold('Findings of the linter itself:'));
  for (const r of rows.filter((r) => r.engine)) out.push(line(r.id, r.severity, r.fixable, r.description));
  out.push('', `Each rule is documented at ${DOCS_BASE}<rule>.md (and in rules/<rule>.md of the package).`);
  return `${out.join('\n')}\n`;
}

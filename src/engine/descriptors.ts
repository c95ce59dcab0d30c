import { RULES } from '../../rules/index.js';
import type { Severity } from '../model.js';

/**
 * Where rule documentation is published: `rules/<id>.md` of the repository (package.json
 * `repository`), the help URL every finding, `mcp-annotate-lint rules` and SARIF's `helpUri` give.
 */
export const DOCS_BASE = 'https://github.com/mcp-annotate-lint/mcp-annotate-lint/blob/main/rules/';

/** The documentation URL of a rule id: `${DOCS_BASE}<id>.md`. */
export function helpUri(id: string): string {
  return `${DOCS_BASE}${id}.md`;
}

/**
 * What reports and listings say about a rule: rule modules (`rules/<id>.ts`) and the engine's own
 * findings (a file that cannot be parsed, a suppression comment that is wrong or unused), which have
 * a doc (`rules/<id>.md`) but no module.
 */
export interface RuleDescriptor {
  id: string;
  /** One line. */
  description: string;
  /** The severity unless the configuration says otherwise. */
  recommended: Severity;
  /** `problem`: the annotation misleads clients, or the run could not finish; `suggestion`: it could say more. */
  type: 'problem' | 'suggestion';
  /** Whether `--fix` can repair its findings (the rule's `meta.fixable`). */
  fixable: boolean;
  /** Whether its findings may offer suggestions (`--fix-type suggestion` applies them; the rule's `meta.hasSuggestions`). */
  hasSuggestions: boolean;
  /** True for the engine's own findings (not a rule module). */
  engine: boolean;
  /** False when the configuration cannot change its severity (`parse-error`, `read-error`, `analysis-error`). */
  configurable: boolean;
  helpUri: string;
}

/** The engine's own findings, with their docs (rules/<id>.md). */
const ENGINE_RULES: readonly Omit<RuleDescriptor, 'helpUri' | 'engine' | 'fixable' | 'hasSuggestions'>[] = [
  { id: 'parse-error', description: 'a file that cannot be parsed; its tools are not checked', recommended: 'error', type: 'problem', configurable: false },
  { id: 'read-error', description: 'a file that cannot be read; its tools are not checked', recommended: 'error', type: 'problem', configurable: false },
  { id: 'analysis-error', description: 'discovery or effect inference failed on a file or a tool; the rest is still checked', recommended: 'error', type: 'problem', configurable: false },
  { id: 'invalid-suppression', description: 'a mcp-annotate-lint-disable-next-line comment without a reason or naming an unknown rule; it suppresses nothing', recommended: 'warning', type: 'problem', configurable: true },
  { id: 'live-drift', description: 'live --project: a tool listed but not in the source, in the source but not listed, or a hint whose listed value differs from the source', recommended: 'warning', type: 'problem', configurable: true },
  { id: 'unused-suppression', description: 'a mcp-annotate-lint-disable-next-line comment that suppresses no finding', recommended: 'warning', type: 'suggestion', configurable: true },
];

/** Every rule and engine finding, rule modules first, each group by id. */
export const RULE_DESCRIPTORS: ReadonlyMap<string, RuleDescriptor> = new Map(
  [
    ...[...RULES.values()].map((rule): RuleDescriptor => ({
      id: rule.id,
      description: rule.meta.docs.description,
      recommended: rule.meta.docs.recommended,
      type: rule.meta.type,
      fixable: rule.meta.fixable === true,
      hasSuggestions: rule.meta.hasSuggestions === true,
      engine: false,
      configurable: true,
      helpUri: helpUri(rule.id),
    })),
    ...ENGINE_RULES.map((r): RuleDescriptor => ({ ...r, fixable: false, hasSuggestions: false, engine: true, helpUri: helpUri(r.id) })),
  ].map((d) => [d.id, d]),
);

import type { z } from 'zod';
import type { Confidence, Effect, HintChange, Severity, SourceLocation, ToolFacts } from '../model.js';

/** What a rule needs from the facts; the engine skips a rule whose needs a run cannot meet (effects in live mode). */
export type RuleRequirement = 'effects' | 'source';

/** Static description of a rule (ESLint's `meta`, with typescript-eslint's typed message ids). */
export interface RuleMeta<MessageId extends string> {
  /** `problem`: the annotation misleads clients; `suggestion`: it could say more. */
  type: 'problem' | 'suggestion';
  docs: {
    /** One line, shown by `--help`-style listings. */
    description: string;
    /** The severity the rule has unless configured otherwise. */
    recommended: Severity;
  };
  requires: RuleRequirement[];
  /** Message templates; `{{name}}` is replaced by `data.name`. */
  messages: Record<MessageId, string>;
  /**
   * The rule's options (the second element of `[severity, options]` in the configuration): a strict
   * zod object whose fields all have defaults, so that `options.parse({})` gives the defaults. It
   * also validates the configuration and is part of the published schema.json. Absent: no options.
   */
  options?: z.ZodType<Record<string, unknown>>;
  /** True when the rule's reports may carry a `fix` (ESLint's `meta.fixable`); a fix from a rule without it throws. */
  fixable?: boolean;
  /** True when the rule's reports may carry `suggest` (ESLint's `meta.hasSuggestions`); a suggestion from a rule without it throws. */
  hasSuggestions?: boolean;
}

/** A change a rule offers without applying it (ESLint's suggestion): one line saying what it does, and the hint changes. */
export interface SuggestedChange {
  desc: string;
  changes: HintChange[];
}

/** One report from a rule, before the collector gives it a severity and text. */
export interface RuleReport<MessageId extends string> {
  messageId: MessageId;
  data: Record<string, string>;
  /** Where the finding points: the hint, else the annotations object, else the registration (the default). */
  location?: SourceLocation;
  evidence?: Effect[];
  /**
   * `likely` when the rule itself is not sure (its message says what is unknown): the finding is
   * then at most a warning, as one resting only on likely evidence is. `certain` when the rule knows
   * that what makes its evidence likely does not bear on its question (a POST whose purpose is only
   * likely certainly reaches the network). Not given: the evidence decides (all likely: a warning).
   */
  confidence?: Confidence;
  /**
   * The highest severity this report may have, whatever the configured one: a rule that reports a
   * hint clients ignore in this tool's declaration (`destructiveHint` beside a declared
   * `readOnlyHint: true`) caps it at `warning`. Not given: no cap.
   */
  maxSeverity?: Severity;
  /**
   * The safe fix: a hint made more cautious where a certain effect proves it, or a key the spec
   * gives no meaning removed (issue 17). The planner makes it an edit where the source allows it.
   * Only from a rule whose `meta.fixable` is true.
   */
  fix?: HintChange;
  /** Changes offered, never applied by `--fix` alone. Only from a rule whose `meta.hasSuggestions` is true. */
  suggest?: SuggestedChange[];
}

/** What a rule sees: one tool's facts, and a way to report. Rules never see the syntax tree. */
export interface RuleContext<MessageId extends string, Options = Record<string, unknown>> {
  tool: ToolFacts;
  /** The options configured for this tool's file and name (overrides applied), else the defaults of `meta.options`. */
  options: Options;
  report(report: RuleReport<MessageId>): void;
}

/** A rule module: `rules/<id>.ts`, with its doc in `rules/<id>.md`. */
export interface Rule<MessageId extends string = string, Options = Record<string, unknown>> {
  /** kebab-case, naming the problem. */
  id: string;
  meta: RuleMeta<MessageId>;
  check(ctx: RuleContext<MessageId, Options>): void;
}

/** Declares a rule; the identity function, there for the type inference of message ids and options. */
export function defineRule<MessageId extends string, Options = Record<string, unknown>>(rule: Rule<MessageId, Options>): Rule<MessageId, Options> {
  return rule;
}

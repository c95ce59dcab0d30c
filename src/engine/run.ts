import type { ResolvedRules } from '../config/rule-settings.js';
import type { SourceLocation, ToolFacts } from '../model.js';
import type { Rule, RuleReport } from './rule.js';

/** A rule's report tied to its rule and tool; the collector turns it into a finding. */
export interface RawReport extends RuleReport<string> {
  ruleId: string;
  tool: ToolFacts;
  location: SourceLocation;
}

/** A rule that threw: reported with its id and the tool, and the run goes on (ESLint). */
export interface RuleCrash {
  ruleId: string;
  tool: ToolFacts;
  error: string;
}

/**
 * Runs every rule over every tool, with the options `settingsOf` gives for that tool. Rules that
 * are `off` for a tool, and rules whose `requires` the facts cannot meet (effects in live mode,
 * source locations), are skipped for that tool.
 */
export function runRules(tools: ToolFacts[], rules: Iterable<Rule>, settingsOf: (tool: ToolFacts) => ResolvedRules): { reports: RawReport[]; crashes: RuleCrash[] } {
  const reports: RawReport[] = [];
  const crashes: RuleCrash[] = [];
  const ruleList = [...rules];
  for (const tool of tools) {
    const settings = settingsOf(tool);
    for (const rule of ruleList) {
      const setting = settings.get(rule.id);
      if (setting?.severity === 'off') continue;
      if (rule.meta.requires.includes('effects') && tool.effects === undefined) continue;
      if (rule.meta.requires.includes('source') && tool.origin !== 'source') continue;
      try {
        rule.check({
          tool,
          options: setting?.options ?? {},
          report: (r) => reports.push({ ...r, ruleId: rule.id, tool, location: r.location ?? tool.location }),
        });
      } catch (error) {
        crashes.push({ ruleId: rule.id, tool, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return { reports, crashes };
}

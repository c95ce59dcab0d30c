import { RULES } from '../../rules/index.js';
import type { ResolvedRules } from '../config/rule-settings.js';
import type { Finding, ToolFacts } from '../model.js';
import { collect } from './collector.js';
import { runRules } from './run.js';

/**
 * Runs every rule on `tools` with the settings `settingsOf` gives each tool, and turns the reports
 * (and any rule that threw) into findings, sorted: the step static mode (`lint`) and live mode
 * (`lintLive`) share. Rules whose `requires` the facts cannot meet are skipped (engine/run.ts).
 */
export function checkTools(tools: ToolFacts[], settingsOf: (tool: ToolFacts) => ResolvedRules): Finding[] {
  const { reports, crashes } = runRules(tools, RULES.values(), settingsOf);
  return collect(reports, crashes, RULES, settingsOf);
}

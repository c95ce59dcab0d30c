import path from 'node:path';
import { RuleSettings } from '../config/rule-settings.js';
import { EMPTY_CONFIG, type Config } from '../config/schema.js';
import { checkTools } from '../engine/check.js';
import type { LintResult } from '../model.js';
import { liveFacts } from './facts.js';
import { listTools, type ListedTools } from './list-tools.js';
import { describeTarget, type LiveTarget } from './target.js';

/** Options of {@link lintLive}. */
export interface LintLiveOptions {
  /** Absolute working directory: the configuration's base when no file is given; reports are relative to it. */
  cwd: string;
  /** The validated configuration (`loadConfig`); none: every rule at its recommended severity. */
  config?: Config;
  /** The file the configuration came from (absolute); messages name it. `overrides[].files` never match a listed tool. */
  configFile?: string;
  /** Milliseconds for connecting and for each request (default 30 000, as `listTools`). */
  timeoutMs?: number;
}

/** What live findings name instead of a file: `tools/list of \`node dist/index.js\`` (no secret: describeTarget). */
export function liveLabel(target: LiveTarget): string {
  return `tools/list of ${describeTarget(target)}`;
}

/**
 * Lints what a running server advertises: lists its tools (`listTools`), turns them into facts
 * (`liveFacts`), and runs the same rules as static mode on them with the configuration's settings.
 * Overrides by `tools` globs apply; overrides by `files` globs do not (a listed tool has no file).
 * Rules that need effects or source are skipped. No inline suppressions (there is no source).
 *
 * @throws UsageError when the server cannot be reached or listed (one line, secrets blanked).
 */
export async function lintLive(target: LiveTarget, options: LintLiveOptions): Promise<LintResult> {
  const listed = await listTools(target, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
  return lintListed(listed, liveLabel(target), options);
}

/** Lints tools already listed (`listTools`), named in findings by `label`; see {@link lintLive}. */
export function lintListed(listed: ListedTools, label: string, options: LintLiveOptions): LintResult {
  const config = options.config ?? EMPTY_CONFIG;
  const tools = liveFacts(listed, label);
  const settings = new RuleSettings(config, options.configFile ? path.dirname(options.configFile) : options.cwd);
  const findings = checkTools(tools, (tool) => settings.for(null, tool.name));
  return {
    tools,
    findings,
    unresolvedRegistrations: [],
    filesRead: [],
    cwd: options.cwd,
    stats: { summaries: 0, reused: 0, effectNodes: 0 },
    live: { label, server: { name: listed.server.name, version: listed.server.version }, protocolVersion: listed.protocolVersion, transport: listed.transport },
  };
}

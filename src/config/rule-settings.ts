import path from 'node:path';
import { RULES } from '../../rules/index.js';
import { RULE_DESCRIPTORS } from '../engine/descriptors.js';
import type { Severity } from '../model.js';
import { compileGlobs } from '../project/glob.js';
import type { Config, RuleEntry, SeveritySetting } from './schema.js';

/** One rule's effective setting for a tool: its severity (`off`: the rule does not run) and its options (defaults applied). */
export interface RuleSetting {
  severity: Severity | 'off';
  options: Record<string, unknown>;
}

/** Every configurable rule's setting for one tool or file, by rule id. */
export type ResolvedRules = ReadonlyMap<string, RuleSetting>;

/**
 * What the `directory` profile asks beyond the spec: client directories (Anthropic's connectors
 * directory, OpenAI's apps directory) review every tool's annotations and reject submissions whose
 * hints are not all explicit or that lack a title; their portals read the title from
 * `annotations.title` (shared case 027). So omitted hints and titles are errors there.
 */
const PROFILE_RULES: Record<Config['profile'], Record<string, RuleEntry>> = {
  spec: {},
  directory: { 'missing-annotations': ['error', { hints: 'all', title: true }] },
};

const SEVERITY_OF: Record<SeveritySetting, Severity | 'off'> = { off: 'off', info: 'info', warn: 'warning', error: 'error' };

/** How a severity is written in a configuration (`warning` → `warn`). */
export function severitySetting(severity: Severity | 'off'): SeveritySetting {
  return severity === 'warning' ? 'warn' : severity;
}

/** A file path relative to `base`, with `/`, as globs in the configuration are written. */
function relativeTo(base: string, file: string): string {
  return path.relative(base, file).split(path.sep).join('/');
}

/**
 * Resolves rule settings from a validated configuration, ESLint's way: each rule starts at its
 * recommended severity and default options, then the profile's settings, then `rules`, then every
 * override whose `files` globs (relative to `baseDir`, the configuration file's folder) match the
 * tool's file and whose `tools` globs match its name, in order. An entry without options keeps the
 * options set before it; an entry with options replaces them.
 */
export class RuleSettings {
  private readonly overrides: { files: ((file: string) => boolean) | null; tools: ((name: string) => boolean) | null; rules: Record<string, RuleEntry | undefined> }[];
  private readonly base: Map<string, RuleSetting>;
  private readonly memo = new Map<string, ResolvedRules>();

  /**
   * @param baseDir absolute folder that `files` globs are relative to (the configuration file's, else the working directory).
   * @param configName how messages name the configuration (`.mcplintrc.json`).
   * @throws UsageError `<configName>: overrides[i].files[j]: <why>` (or `.tools[j]`) for a glob that
   *   cannot be used (too long, `!(…)`); globs match in linear time (src/project/glob.ts).
   */
  constructor(
    config: Config,
    private readonly baseDir: string,
    configName = 'the configuration',
  ) {
    this.base = new Map();
    for (const d of RULE_DESCRIPTORS.values()) {
      if (!d.configurable) continue;
      const schema = RULES.get(d.id)?.meta.options;
      this.base.set(d.id, { severity: d.recommended, options: schema ? schema.parse({}) : {} });
    }
    apply(this.base, PROFILE_RULES[config.profile]);
    apply(this.base, config.rules as Record<string, RuleEntry | undefined>);
    this.overrides = config.overrides.map((o, i) => ({
      files: o.files ? compileGlobs(o.files, (j) => `${configName}: overrides[${i}].files[${j}]`) : null,
      tools: o.tools ? compileGlobs(o.tools, (j) => `${configName}: overrides[${i}].tools[${j}]`) : null,
      rules: o.rules as Record<string, RuleEntry | undefined>,
    }));
  }

  /** The settings before overrides: defaults, the profile, then `rules`. */
  configured(): ResolvedRules {
    return this.base;
  }

  /**
   * The settings for a tool registered in `file` (absolute) under `name`. With `name` null (a tool
   * whose name run time decides, a finding about a file), overrides that name tools do not apply.
   * With `file` null (a tool a running server lists, in live mode), overrides that name files do not apply.
   */
  for(file: string | null, name: string | null): ResolvedRules {
    const rel = file === null ? null : relativeTo(this.baseDir, file);
    const matching = this.overrides.filter((o) => (o.files === null || (rel !== null && o.files(rel))) && (o.tools === null || (name !== null && o.tools(name))));
    if (matching.length === 0) return this.base;
    const key = matching.map((o) => this.overrides.indexOf(o)).join(',');
    let resolved = this.memo.get(key);
    if (!resolved) {
      const settings = new Map([...this.base].map(([id, s]) => [id, { ...s }]));
      for (const o of matching) apply(settings, o.rules);
      resolved = settings;
      this.memo.set(key, resolved);
    }
    return resolved;
  }
}

/** Applies one layer of rule entries to `settings`. */
function apply(settings: Map<string, RuleSetting>, rules: Record<string, RuleEntry | undefined>): void {
  for (const [id, entry] of Object.entries(rules)) {
    if (entry === undefined) continue;
    const current = settings.get(id)!;
    if (typeof entry === 'string') settings.set(id, { ...current, severity: SEVERITY_OF[entry] });
    else settings.set(id, { severity: SEVERITY_OF[entry[0]], options: entry[1] ?? current.options });
  }
}

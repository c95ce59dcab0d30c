import path from 'node:path';
import { z } from 'zod';
import { RULES } from '../../rules/index.js';
import { RULE_DESCRIPTORS } from '../engine/descriptors.js';

/**
 * The configuration schema: one strict zod schema that validates `.mcplintrc*` files, gives the
 * TypeScript type and, through `z.toJSONSchema`, the published `schema.json` (knip's layout).
 * Unknown keys are errors, rule ids included.
 */

/**
 * True for an `include` glob that stays under the configuration's folder (issue 13: an include of every `.ts`
 * file under `/` walked the whole file system). A leading `!` is read past.
 */
function staysInside(glob: string): boolean {
  const pattern = glob.replace(/^!+/, '').replace(/\\/g, '/');
  const normal = path.posix.normalize(pattern);
  return !path.posix.isAbsolute(normal) && !/^[A-Za-z]:/.test(normal) && normal !== '..' && !normal.startsWith('../');
}

/** A rule's severity as written in a configuration (ESLint's words; `warn` is a finding of severity `warning`). */
export const SEVERITY_SETTINGS = ['off', 'info', 'warn', 'error'] as const;
export type SeveritySetting = (typeof SEVERITY_SETTINGS)[number];
const severitySetting = z
  .enum(SEVERITY_SETTINGS, { error: 'expected "off", "info", "warn" or "error"' })
  .meta({ id: 'Severity', description: '"off" (the rule does not run), "info", "warn" or "error" (fails the run)' });

/**
 * One rule's entry in `rules`: a severity, `[severity]`, or `[severity, options]` when the rule
 * takes options (ESLint's rule configuration). Without options, the options configured before (the
 * profile's, a less specific override's) stay.
 */
function ruleEntry(options: z.ZodType | undefined) {
  const forms = options ? [severitySetting, z.tuple([severitySetting]), z.tuple([severitySetting, options])] : [severitySetting, z.tuple([severitySetting])];
  return z.union(forms as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]).optional();
}

/** `rules`: rule id → entry, for every rule and the engine's configurable findings (`unused-suppression`, ...). */
export const RulesConfigSchema = z.strictObject(
  Object.fromEntries(
    [...RULE_DESCRIPTORS.values()].filter((d) => d.configurable).map((d) => [d.id, ruleEntry(RULES.get(d.id)?.meta.options).describe(d.description)]),
  ),
).meta({ id: 'Rules', description: 'severity per rule id: "off", "info", "warn", "error", or [severity, options]' });

/** An entry of `rules` as parsed: a severity, or a severity with options. */
export type RuleEntry = SeveritySetting | [SeveritySetting] | [SeveritySetting, Record<string, unknown>];

/**
 * Rules for some tools only: those registered in files matching `files` (globs relative to the
 * configuration file's folder) and whose name matches `tools` (globs); when both are given, both
 * must match. Later overrides win over earlier ones and over `rules` (ESLint's `overrides`).
 */
export const OverrideSchema = z
  .strictObject({
    files: z.array(z.string().min(1)).min(1).optional(),
    tools: z.array(z.string().min(1)).min(1).optional(),
    rules: RulesConfigSchema,
  })
  .refine((o) => o.files !== undefined || o.tools !== undefined, { message: 'give `files` or `tools` (or both)' });

/** Where a configured entry applies: a callee as written, or a package export path (sink-index.ts syntax). */
const matcher = {
  /**
   * The callee as written at the call site (`db.exec`, `audit.write`, `writeAuditLog`); `*` matches
   * any run of characters (`*.exec`). For `incidental`, a match on any call of the evidence chain counts.
   */
  call: z.string().min(1).optional(),
  /** A package (`my-db-client`, `@acme/*`), with `export` the access path after it (`Client.new().exec`, `*.purge`). */
  module: z.string().min(1).optional(),
  export: z.string().optional(),
};

const EFFECT_KINDS = ['fs.read', 'fs.write', 'fs.delete', 'network', 'database', 'process.spawn', 'state.write', 'api', 'unknown'] as const;

/** A user sink: calls of this wrapper or package API have this effect (issue #4: "`db.exec` writes, destructive"). */
export const SinkConfigSchema = z
  .strictObject({
    ...matcher,
    kind: z.enum(EFFECT_KINDS).default('api'),
    access: z.enum(['read', 'write', 'unknown']),
    destructive: z.boolean().nullable().default(null),
    idempotent: z.boolean().nullable().default(null),
    openWorld: z.boolean().default(false),
    /** What the call does, for messages ("runs a SQL statement through db.exec"). */
    description: z.string().optional(),
  })
  .refine((s) => s.call !== undefined || s.module !== undefined, { message: 'give `call` or `module`' });

/** Sinks whose writes do not count against the hints (a cache, an audit log): findings that rest only on them are info. */
export const IncidentalConfigSchema = z
  .strictObject({
    ...matcher,
    /** A glob of file paths (`**\/cache/**`, `audit.log`) matched against a file effect's static path. */
    path: z.string().min(1).optional(),
    /** Why it does not count, shown in findings. */
    reason: z.string().optional(),
  })
  .refine((s) => s.call !== undefined || s.module !== undefined || s.path !== undefined, { message: 'give `call`, `module` or `path`' });

export const ConfigSchema = z.strictObject({
  /** The JSON schema a file points to, for editors; ignored. */
  $schema: z.string().optional(),
  /**
   * `spec` (default): the MCP specification's expectations. `directory`: also those of client
   * directories (connector and app directories review tool annotations): every hint explicit,
   * `destructiveHint` even on read-only tools, and a title in the annotations; missing ones are errors.
   */
  profile: z
    .enum(['spec', 'directory'])
    .default('spec')
    .describe('"spec": the MCP specification\'s expectations; "directory": also those of client directories (every hint explicit, destructiveHint even on read-only tools, annotations.title), as errors'),
  /** Severity (and options) per rule id. */
  rules: RulesConfigSchema.default({}).describe('severity per rule id: "off", "info", "warn", "error", or [severity, options]'),
  /** Per-file or per-tool rule settings; later entries win. */
  overrides: z.array(OverrideSchema).default([]).describe('rule settings for the tools registered in some files (`files` globs) or with some names (`tools` globs); later entries win'),
  /** Globs (relative to the configuration file's folder) of the files to lint when no path is given on the command line. */
  include: z.array(z.string().min(1).refine(staysInside, { message: 'a glob of files under the configuration\'s folder: not absolute and not climbing out with ".." (a walk from "/" never ends; put the configuration higher, or name the paths on the command line)' })).optional().describe('globs (relative to this file) of the files to lint when no path is given on the command line'),
  /** Globs (relative to the configuration file's folder) of files never linted, even when named on the command line. */
  exclude: z.array(z.string().min(1)).default([]).describe('globs (relative to this file) of files never linted, even when named on the command line'),
  /** The tsconfig.json whose options (`paths`, `baseUrl`, references) and, with no path given, files apply (relative to the configuration file). */
  tsconfig: z.string().min(1).optional().describe('the tsconfig.json (relative to this file) whose compiler options apply, and whose files are linted when no path is given'),
  sinks: z.array(SinkConfigSchema).default([]).describe('your own wrappers and packages with their effects: calls matching `call` or `module`/`export` have this effect'),
  incidental: z.array(IncidentalConfigSchema).default([]).describe('writes that do not count against the hints (a cache, an audit log): findings resting only on them are info'),
  /**
   * Whether a database server the server is configured with (PostgreSQL, MySQL, MongoDB, Redis, ...)
   * is part of the closed world of the server's own domain (the default) or of the open world.
   * A local SQLite file is always closed-world (issue #4).
   */
  databaseServers: z
    .enum(['closed-world', 'open-world'])
    .default('closed-world')
    .describe('whether a database server the server is configured with is part of its closed world (default) or of the open world'),
});

/** A validated configuration (defaults applied). */
export type Config = z.output<typeof ConfigSchema>;
/** A configuration as written (what schema.json describes). */
export type ConfigInput = z.input<typeof ConfigSchema>;
export type Override = z.output<typeof OverrideSchema>;
export type SinkConfig = z.output<typeof SinkConfigSchema>;
export type IncidentalConfig = z.output<typeof IncidentalConfigSchema>;

/** The configuration used when none is found: no user sinks, nothing incidental. */
export const EMPTY_CONFIG: Config = ConfigSchema.parse({});

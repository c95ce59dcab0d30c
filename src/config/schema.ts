import { z } from 'zod';

/**
 * The configuration schema: one strict zod schema that validates `.mcplintrc*` files and gives the
 * TypeScript type (knip's layout). Unknown keys are errors. Issue #4 adds `sinks` and `incidental`;
 * issue #5 extends it with rules, overrides and profiles.
 */

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
  sinks: z.array(SinkConfigSchema).default([]),
  incidental: z.array(IncidentalConfigSchema).default([]),
  /**
   * Whether a database server the server is configured with (PostgreSQL, MySQL, MongoDB, Redis, ...)
   * is part of the closed world of the server's own domain (the default) or of the open world.
   * A local SQLite file is always closed-world (issue #4).
   */
  databaseServers: z.enum(['closed-world', 'open-world']).default('closed-world'),
});

/** A validated configuration (defaults applied). */
export type Config = z.output<typeof ConfigSchema>;
export type SinkConfig = z.output<typeof SinkConfigSchema>;
export type IncidentalConfig = z.output<typeof IncidentalConfigSchema>;

/** The configuration used when none is found: no user sinks, nothing incidental. */
export const EMPTY_CONFIG: Config = { sinks: [], incidental: [], databaseServers: 'closed-world' };

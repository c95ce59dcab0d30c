import type { EffectAccess, EffectKind } from '../../model.js';
import type { SinkEntry } from './entry.js';

/**
 * The kinds of data operation the database and API catalogs name, as plain data: what each does
 * to the hints. After DESIGN.md §1 ("What counts as an effect") and the MCP spec's hint meanings
 * (2025-11-25, `ToolAnnotations`): deleting, overwriting or changing existing state is
 * destructive; adding is not; a repeated add makes a second record (not idempotent) unless it
 * skips what exists; set, upsert and delete-by-key are idempotent; counters and pops are not.
 */
export interface OpEffect {
  access: EffectAccess;
  destructive: boolean | null;
  idempotent: boolean | null;
  /** Short text for messages ("adds records"). */
  label: string;
  /** True when the operation runs code chosen elsewhere (a Lambda function): any effect is possible. */
  arbitrary?: boolean;
}

/** The operation names entries use. `pure` has no effect (a builder step, connection management). */
export type Op = 'read' | 'add' | 'add-once' | 'change' | 'set' | 'delete' | 'discard' | 'count' | 'pop' | 'write' | 'run' | 'unknown' | 'pure';

/** Each operation's effect. */
export const OPS: Readonly<Record<Exclude<Op, 'pure'>, OpEffect>> = {
  read: { access: 'read', destructive: null, idempotent: null, label: 'reads data' },
  add: { access: 'write', destructive: false, idempotent: false, label: 'adds records' },
  'add-once': { access: 'write', destructive: false, idempotent: true, label: 'adds records, skipping those that exist' },
  change: { access: 'write', destructive: true, idempotent: null, label: 'changes existing data' },
  set: { access: 'write', destructive: true, idempotent: true, label: 'overwrites data (or inserts it)' },
  delete: { access: 'write', destructive: true, idempotent: true, label: 'deletes data' },
  discard: { access: 'write', destructive: true, idempotent: null, label: 'deletes or discards data' },
  count: { access: 'write', destructive: false, idempotent: false, label: 'increments a counter' },
  pop: { access: 'write', destructive: true, idempotent: false, label: 'removes and returns items' },
  write: { access: 'write', destructive: null, idempotent: null, label: 'writes data of a kind the call does not tell' },
  run: { access: 'write', destructive: null, idempotent: null, label: 'runs remote code, whose effects are unknown', arbitrary: true },
  unknown: { access: 'unknown', destructive: null, idempotent: null, label: 'does something the linter does not classify' },
};

/** The catalog entry of `module`'s `path` doing `op`: `what` names it in messages ("MongoDB `insertOne`"). */
export function opEntry(module: string, path: string, op: Op, kind: EffectKind, openWorld: boolean, what: string): SinkEntry {
  if (op === 'pure') return { module, export: path, kind, access: 'read', destructive: null, idempotent: null, openWorld, description: `${what} (no effect)`, pure: true };
  const effect = OPS[op];
  return { module, export: path, kind, access: effect.access, destructive: effect.destructive, idempotent: effect.idempotent, openWorld, description: `${effect.label} (${what})` };
}

/**
 * The entries of a table of methods (name → operation) under each of `roots`
 * (`MongoClient.new().db().collection()`): `<root>.<method>` for every pair. `library` names the
 * calls in messages.
 */
export function opTable(module: string, roots: readonly string[], methods: Readonly<Record<string, Op>>, kind: EffectKind, openWorld: boolean, library: string): SinkEntry[] {
  return roots.flatMap((root) => Object.entries(methods).map(([method, op]) => opEntry(module, root ? `${root}.${method}` : method, op, kind, openWorld, `${library} \`${method}\``)));
}

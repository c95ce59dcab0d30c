import type { EffectSet, InferredHints } from '../model.js';

/**
 * Derives the hints a handler's behaviour supports from its effects
 * (MCP spec 2025-11-25, `ToolAnnotations`: a tool is read-only when it does not modify its
 * environment; destructive when it may delete or overwrite; idempotent when a repeated call with
 * the same arguments has no additional effect; open-world when it reaches external entities).
 *
 * A value is `null` when unresolved calls (or effects of unknown access, such as a spawned
 * process) leave it open and no resolved effect settles it; effects read only from a callee's
 * name (`likely`) leave the open-world question open too. Destructive and idempotent are
 * reported as `false` and `true` for a read-only handler, where the spec gives them no meaning.
 * Effects on the path a wrapper's tools all share (`shared`, effects/shared.ts) are not the
 * tool's own and do not count (issue 15), nor do unresolved calls on that path: whatever they do
 * would be shared too.
 */
export function inferHints(set: EffectSet | null | undefined): InferredHints {
  if (!set) return { readOnly: null, destructive: null, idempotent: null, openWorld: null };
  const effects = set.effects.filter((e) => e.shared === undefined);
  const writes = effects.filter((e) => e.access === 'write');
  const open = set.unresolved.some((u) => u.shared === undefined) || effects.some((e) => e.access === 'unknown');
  const readOnly = writes.length > 0 ? false : open ? null : true;
  const settle = (some: boolean, all: boolean): boolean | null => (some ? true : all && !open ? false : null);
  return {
    readOnly,
    destructive: readOnly === true ? false : settle(writes.some((e) => e.destructive === true), writes.every((e) => e.destructive === false)),
    idempotent:
      readOnly === true
        ? true
        : writes.some((e) => e.idempotent === false)
          ? false
          : writes.every((e) => e.idempotent === true) && !open
            ? true
            : null,
    // A call judged only by its name (`api.deleteItem`) may reach anything: it leaves the world open to question.
    openWorld: settle(effects.some((e) => e.openWorld), !effects.some((e) => e.confidence === 'likely' && !e.openWorld)),
  };
}

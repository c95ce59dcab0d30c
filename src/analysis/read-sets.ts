import type { Node } from 'ts-morph';

/**
 * Read sets: which bound declarations a computation read ({@link Bindings.get} notes each read).
 * An effect summary depends on its bindings only through the entries its walk read, so it is
 * memoized by those (Salsa's and Adapton's dependency tracking, applied to one context): a
 * formatter reached from 67 tools with 67 contexts that differ only in what the formatter never
 * reads is summarised once.
 *
 * Reads are noted in the innermost open frame; a frame that ends adds its reads to the frame
 * around it, so a summary's reads include those of every computation it ran. A cache hit that skips
 * a computation under bindings must {@link noteReads} the reads that computation made, or the
 * frame around it would miss them.
 */

/**
 * Answers that depend on the call stack rather than on their inputs (a depth limit reached, a
 * re-entrancy guard that stops a value made from itself) are counted: a computation during which
 * the count did not change gave an answer that any call with the same inputs gives, and may be
 * memoized; one during which it changed must not be.
 */
let stackCuts = 0;

/** Notes an answer that depends on the call stack (see {@link stackCuts}). */
export function noteStackCut(): void {
  stackCuts++;
}

/** True when `depth` is past `limit`, noted as an answer that depends on the call stack. */
export function deeperThan(depth: number, limit: number): boolean {
  if (depth <= limit) return false;
  stackCuts++;
  return true;
}

/** The declarations (parameters, variables, binding elements) whose bound values a computation read. */
export type Reads = ReadonlySet<Node>;

/** Open frames, innermost last; null until the frame's first read. */
const frames: (Set<Node> | null)[] = [];

/** Notes that the innermost open computation read what `decl` is bound to. No-op outside any frame. */
export function noteRead(decl: Node): void {
  const last = frames.length - 1;
  if (last < 0) return;
  (frames[last] ??= new Set()).add(decl);
}

/** Notes every read of `reads` (a computation a cache hit skipped) in the innermost open frame. */
export function noteReads(reads: Reads | null | undefined): void {
  const last = frames.length - 1;
  if (last < 0 || !reads || reads.size === 0) return;
  const frame = (frames[last] ??= new Set());
  for (const decl of reads) frame.add(decl);
}

/**
 * Runs `compute` in a frame of its own and returns its value with what it read (null: nothing).
 * The reads are also noted in the frame around it. A throw ends the frame and is passed on.
 */
export function tracking<T>(compute: () => T): { value: T; reads: Reads | null } {
  frames.push(null);
  let value: T;
  try {
    value = compute();
  } catch (error) {
    noteReads(frames.pop());
    throw error;
  }
  const reads = frames.pop()!;
  noteReads(reads);
  return { value, reads };
}

/**
 * A cache of values computed under bindings, by the bindings' id and a key: a hit notes the reads
 * the computation made, as a summary's walk would have. Use it for every cache whose values are
 * computed with bindings other than {@link Bindings.EMPTY}.
 */
export class BoundCache<K, V> {
  private readonly byBindings = new Map<number, Map<K, { value: V; reads: Reads | null }>>();

  /** The value cached for bindings id `bindingsId` and `key`, computing it with `compute` on a miss; `keep` says whether a computed value may be cached (default: always). */
  get(bindingsId: number, key: K, compute: () => V, keep: (value: V) => boolean = () => true): V {
    let byKey = this.byBindings.get(bindingsId);
    const hit = byKey?.get(key);
    if (hit) {
      noteReads(hit.reads);
      return hit.value;
    }
    const { value, reads } = tracking(compute);
    if (keep(value)) {
      if (!byKey) this.byBindings.set(bindingsId, (byKey = new Map()));
      byKey.set(key, { value, reads });
    }
    return value;
  }

  /**
   * {@link BoundCache.get} keeping a computed value only when no answer during its computation
   * depended on the call stack (see {@link stackCuts}): such a value is what any depth gives.
   * `sure` says of a value that it is kept anyway (one no deeper start could better).
   */
  getIfStackFree(bindingsId: number, key: K, compute: () => V, sure: (value: V) => boolean = () => false): V {
    const cuts = stackCuts;
    return this.get(bindingsId, key, compute, (value) => stackCuts === cuts || sure(value));
  }
}

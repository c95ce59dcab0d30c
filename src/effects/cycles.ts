import type { Node } from 'ts-morph';
import type { Bindings, Bound } from '../analysis/bindings.js';
import { isFunctionNode, type FunctionNode } from '../analysis/syntax.js';

/** How many runs of one function a walk nests when a wrapper runs itself through a callback (see {@link CallCycles.nesting}). */
export const MAX_NESTED_RUNS = 4;

/** What cycle tracking needs of a function's summary. */
export interface CycleDependent {
  /**
   * The stack index of the outermost function still being summarised that this summary calls back
   * into, directly or through another summary that does; `Infinity` when none. Such a summary lacks
   * that function's effects: the function collects them when it is done.
   */
  pendingOn: number;
  /**
   * For the summary of a cycle's outermost function: the functions of the cycle (its own included),
   * whose effects it holds. A function of the stack that calls into it is on that cycle too.
   */
  cycle?: ReadonlySet<FunctionNode>;
}

interface Frame {
  fn: FunctionNode;
  /** The bindings the function is walked with now. */
  b: Bindings;
  /** True when a function of a cycle through this frame was walked with values that hold only for its first call. */
  rewalk: boolean;
  /** Functions found on a cycle whose outermost frame (so far) is this one. */
  members: FunctionNode[];
  /** Provisional summaries that wait on this frame: `[fn, key]` of each. */
  waiting: [FunctionNode, number][];
}

/**
 * Call cycles of the effect walk (a function that calls itself directly, through other functions,
 * through methods or callbacks), found as Tarjan's algorithm finds strongly connected components in
 * a depth-first walk: a call of a function still being summarised is a back edge, every function on
 * the stack from that one up is on one cycle, and the outermost of them (the component's root,
 * whose summary depends on nothing further out) is the one whose summary holds the effects of the
 * whole cycle. This class keeps the stack and says how each summary ends:
 *
 * - a function found on a cycle is read without the values bound to the parameters of the cycle's
 *   functions (`countdown(3)`: `n` is 3 only for the first call, so `if (n) return countdown(n - 1)`
 *   must not hide what runs when `n` is 0); functions bound to them (callbacks) are kept, since
 *   every call of the cycle that passes another one is walked at its call site. When a cycle is
 *   found after its functions were walked with such values, the root walks again (see {@link end});
 * - a summary that waits on a function still being summarised is provisional: it is reused while
 *   that function is on the stack (so a dense cycle costs one walk per function, not one per path),
 *   and dropped when the component's root is done, its effects being in the root's summary; it is
 *   never memoized.
 *
 * Which functions are recursive is known per walk, from the calls the walk reaches with its
 * bindings: a dispatcher whose `batch` branch calls it back is recursive for the tool `batch`, not
 * for a tool whose branch does not reach that call.
 */
export class CallCycles<S extends CycleDependent> {
  private readonly frames: Frame[] = [];
  /** The stack indexes of each function being summarised, outermost first (more than one when a wrapper runs itself through a callback, see {@link nesting}). */
  private readonly indexOfFn = new Map<FunctionNode, number[]>();
  /** Functions on a cycle whose root is still on the stack. */
  private readonly recursive = new Set<FunctionNode>();
  private readonly provisional = new Map<FunctionNode, Map<number, S>>();

  /**
   * @param holdsFunction whether a bound value is a function (a callback), which a cycle does not
   *   invalidate.
   */
  constructor(private readonly holdsFunction: (bound: Bound) => boolean) {}

  /**
   * The bindings `fn` is read with: `b`, less what is bound inside a function of an open cycle when
   * `fn` is one (values that hold only for the first call of the cycle).
   */
  contextOf(fn: FunctionNode, b: Bindings): Bindings {
    return b.size > 0 && this.recursive.has(fn) ? this.cycleFree(b) : b;
  }

  /** The stack index of `fn` while it is being summarised (a call of it closes a cycle), else undefined. */
  indexOf(fn: FunctionNode): number | undefined {
    return this.indexOfFn.get(fn)?.at(-1);
  }

  /**
   * Whether a call through a callback of `fn`, which is being summarised, with bindings `b` closes
   * a cycle or runs `fn` again, nested (`'too deep'` past {@link MAX_NESTED_RUNS} runs): a wrapper
   * applied to what it wrapped before (`logged(logged(save))`, a key rewritten as
   * `h.save = logged(h.save)`) calls its callback, which is itself holding the
   * function it wrapped first. Each application is walked, unless `fn` is already on an open cycle
   * or runs on the stack with these very bindings (a cycle).
   */
  nesting(fn: FunctionNode, b: Bindings): 'nested' | 'cycle' | 'too deep' {
    const indexes = this.indexOfFn.get(fn);
    if (!indexes || this.recursive.has(fn) || indexes.some((i) => this.frames[i]!.b.id === b.id)) return 'cycle';
    return indexes.length < MAX_NESTED_RUNS ? 'nested' : 'too deep';
  }

  /** The function being summarised innermost (the caller of the calls the walk meets now). */
  innermost(): FunctionNode | undefined {
    return this.frames[this.frames.length - 1]?.fn;
  }

  /** A provisional summary of `fn` in context `key`, computed on a cycle that is still open. */
  pending(fn: FunctionNode, key: number): S | undefined {
    return this.provisional.get(fn)?.get(key);
  }

  /** Starts summarising `fn` with bindings `b` (innermost frame). */
  enter(fn: FunctionNode, b: Bindings): void {
    const indexes = this.indexOfFn.get(fn);
    if (indexes) indexes.push(this.frames.length);
    else this.indexOfFn.set(fn, [this.frames.length]);
    this.frames.push({ fn, b, rewalk: false, members: [], waiting: [] });
  }

  /**
   * The innermost function calls a function whose summary is `inner`: when that summary waits on a
   * function being summarised, or is the final summary of a cycle one of whose functions is being
   * summarised, the functions of the stack from that one up are on one cycle (see {@link join}).
   */
  reached(inner: S): void {
    if (inner.pendingOn !== Infinity) this.join(inner.pendingOn);
    else if (inner.cycle) {
      let outermost = Infinity;
      for (const fn of inner.cycle) outermost = Math.min(outermost, this.indexOfFn.get(fn)?.[0] ?? Infinity);
      if (outermost !== Infinity) this.join(outermost);
    }
  }

  /**
   * The innermost function reaches the one at stack index `index` (a call of it, or a provisional
   * summary that waits on it): every function from there to the innermost is on one cycle.
   */
  join(index: number): void {
    const root = this.frames[index]!;
    for (let i = index; i < this.frames.length; i++) {
      const fn = this.frames[i]!.fn;
      if (this.recursive.has(fn)) continue;
      this.recursive.add(fn);
      root.members.push(fn);
    }
    for (let i = index; i < this.frames.length; i++) {
      const frame = this.frames[i]!;
      if (frame.b.size > 0 && this.cycleFree(frame.b) !== frame.b) root.rewalk = true;
    }
  }

  /**
   * Called when the innermost function's walk is over, with its summary. True when it must be walked
   * again with the bindings {@link contextOf} now gives (it is the root of a cycle some function of
   * which was read with values that hold only for its first call); the provisional summaries of that
   * walk are dropped and `b` is what the next walk uses.
   */
  mustRewalk(summary: S): { again: false } | { again: true; b: Bindings } {
    const index = this.frames.length - 1;
    const frame = this.frames[index]!;
    if (!frame.rewalk || summary.pendingOn < index) return { again: false };
    this.dropWaiting(frame);
    frame.rewalk = false;
    frame.b = this.contextOf(frame.fn, frame.b);
    return { again: true, b: frame.b };
  }

  /**
   * Ends the innermost frame. A root (its summary waits on nothing further out) closes its cycle:
   * the summaries waiting on it are dropped and its functions are no longer recursive; its summary
   * gets `pendingOn = Infinity` and returns `true` (final: it may be memoized). Otherwise the summary
   * is provisional: kept for reuse (when `keep`) until the frame it waits on ends, with the rewalk
   * request and what waited on this frame passed on to that one; returns `false`.
   */
  end(summary: S, key: number, keep: boolean): boolean {
    const index = this.frames.length - 1;
    const frame = this.frames.pop()!;
    const indexes = this.indexOfFn.get(frame.fn)!;
    indexes.pop();
    if (indexes.length === 0) this.indexOfFn.delete(frame.fn);
    if (summary.pendingOn >= index) {
      this.dropWaiting(frame);
      for (const fn of frame.members) this.recursive.delete(fn);
      summary.pendingOn = Infinity;
      if (frame.members.length > 0) summary.cycle = new Set([...(summary.cycle ?? []), ...frame.members]);
      return true;
    }
    const outer = this.frames[summary.pendingOn]!;
    outer.rewalk ||= frame.rewalk;
    outer.members.push(...frame.members);
    for (const [fn, k] of frame.waiting) {
      const waiting = this.provisional.get(fn)?.get(k);
      if (waiting) waiting.pendingOn = Math.min(waiting.pendingOn, summary.pendingOn);
      outer.waiting.push([fn, k]);
    }
    if (keep) {
      let byKey = this.provisional.get(frame.fn);
      if (!byKey) this.provisional.set(frame.fn, (byKey = new Map()));
      byKey.set(key, summary);
      outer.waiting.push([frame.fn, key]);
    }
    return false;
  }

  /** Forgets every frame and provisional summary (after a walk that threw). */
  reset(): void {
    this.frames.length = 0;
    this.indexOfFn.clear();
    this.recursive.clear();
    this.provisional.clear();
  }

  private dropWaiting(frame: Frame): void {
    for (const [fn, k] of frame.waiting) this.provisional.get(fn)?.delete(k);
    frame.waiting = [];
  }

  /** `b` without the values bound inside a function of an open cycle, but for functions. */
  private cycleFree(b: Bindings): Bindings {
    return b.filter((_, bound, scope) => bound.kind === 'runtime' || !this.insideRecursive(scope) || (bound.kind === 'node' && this.holdsFunction(bound)));
  }

  /** True when `scope` is, or is inside, a function of an open cycle. */
  private insideRecursive(scope: Node): boolean {
    for (let n: Node | undefined = scope; n; n = n.getParent()) if (isFunctionNode(n) && this.recursive.has(n)) return true;
    return false;
  }
}

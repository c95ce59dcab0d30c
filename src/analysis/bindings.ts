import type { Node } from 'ts-morph';

/**
 * What one declaration stands for in one context:
 * - `node`: an expression, read in the context of its own bindings (a wrapper's argument at one call site,
 *   one element of a table a loop walks); `openKeys`: keys of it the callee writes itself, known
 *   only at run time (`options.stdout = true`);
 * - `nodes`: the arguments a rest parameter collects at one call site, each with the bindings it is
 *   read in (an argument spread from a caller's own rest parameter is read in that caller's context);
 * - `const`: a static value (a table's key); with `partial`, keys it does not list are known only at
 *   run time (the request a dispatch branch sees: `{ params: { name: "x" } }`);
 * - `runtime`: a value only run time knows (an element of a registry filled by plugins), with why;
 * - `settled`: an outcome `Promise.allSettled` gives for one of its promises, read as fulfilled
 *   (`status` is "fulfilled", `value` what the node gives).
 */
export type Bound =
  | { kind: 'node'; node: Node; bindings: Bindings; openKeys?: ReadonlySet<string> }
  | { kind: 'nodes'; nodes: { node: Node; bindings: Bindings }[] }
  | { kind: 'const'; value: unknown; partial?: boolean }
  | { kind: 'runtime'; reason: string }
  | { kind: 'settled'; node: Node; bindings: Bindings };

interface Entry {
  bound: Bound;
  /** The function or loop that declares the name: bindings matter only to code inside it. */
  scope: Node;
}

let nextId = 1;

/**
 * Values bound to declarations (parameters, loop variables) for one registration context, so that
 * static resolution and evaluation read `cfg.name` as the argument a call site passed, or `ep.alias`
 * as one element of the table a loop walks. Immutable; {@link Bindings.EMPTY} is the context-free
 * reading, which is the only one memoized across tools.
 */
export class Bindings {
  static readonly EMPTY = new Bindings(new Map());

  /** A number unique to this set, for memo keys. */
  readonly id: number;

  private constructor(private readonly entries: ReadonlyMap<Node, Entry>) {
    this.id = nextId++;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What `decl` (a parameter, a variable, a binding element) stands for here, if bound. */
  get(decl: Node): Bound | undefined {
    return this.entries.get(decl)?.bound;
  }

  /** These bindings plus `decl` → `bound`; `scope` is the function or statement that declares `decl`. */
  with(decl: Node, bound: Bound, scope: Node): Bindings {
    const entries = new Map(this.entries);
    entries.set(decl, { bound, scope });
    return new Bindings(entries);
  }

  /**
   * These bindings without the entries `keep` rejects (it gets the declaration, what it stands for,
   * and the scope that declares it). Returns this set when nothing is dropped and
   * {@link Bindings.EMPTY} when everything is, so that memo keys stay shared.
   */
  filter(keep: (decl: Node, bound: Bound, scope: Node) => boolean): Bindings {
    if (this.entries.size === 0) return this;
    let kept: Map<Node, Entry> | null = null;
    for (const [decl, entry] of this.entries) if (keep(decl, entry.bound, entry.scope)) (kept ??= new Map()).set(decl, entry);
    if (!kept) return Bindings.EMPTY;
    return kept.size === this.entries.size ? this : new Bindings(kept);
  }

  /**
   * The bindings that code inside `node` can see (their scope encloses it). Returns
   * {@link Bindings.EMPTY} when none can, so that functions outside every bound scope share one
   * memoized analysis.
   */
  visibleFrom(node: Node): Bindings {
    if (this.entries.size === 0) return this;
    const sf = node.getSourceFile();
    const pos = node.getPos();
    const end = node.getEnd();
    let kept: Map<Node, Entry> | null = null;
    for (const [decl, entry] of this.entries) {
      const inside = entry.scope.getSourceFile() === sf && entry.scope.getPos() <= pos && end <= entry.scope.getEnd();
      if (inside) (kept ??= new Map()).set(decl, entry);
    }
    if (!kept) return Bindings.EMPTY;
    return kept.size === this.entries.size ? this : new Bindings(kept);
  }
}

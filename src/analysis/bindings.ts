import type { Node } from 'ts-morph';
import { SyntaxKind } from '../ts-morph.js';
import { noteRead, type Reads } from './read-sets.js';

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

/**
 * Canonical texts of binding sets and values → their numbers: equal contents share a number. Texts
 * hold identity numbers and canonical numbers only behind distinct prefixes, so the two never mix.
 */
const CANONICAL = new Map<string, number>();
/** Numbers of things compared by identity (syntax nodes, symbols, functions, class instances). */
const IDENTITIES = new WeakMap<object, number>();
const SYMBOLS = new Map<symbol, number>();
/** The canonical number of each plain array or object seen as a bound value (values are never mutated once bound). */
const VALUE_KEYS = new WeakMap<object, number>();

function canonical(text: string): number {
  let n = CANONICAL.get(text);
  if (n === undefined) CANONICAL.set(text, (n = CANONICAL.size + 1));
  return n;
}

let nextIdentity = 1;

function identity(thing: object): number {
  let n = IDENTITIES.get(thing);
  if (n === undefined) IDENTITIES.set(thing, (n = nextIdentity++));
  return n;
}

/** A syntax node's number: its compiler node's identity (ts-morph may make a new wrapper for the same node). */
export function nodeKey(node: Node): number {
  return identity(node.compilerNode);
}

function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The canonical number of a static value: primitives by type and value, plain arrays and objects
 * by their contents in order, anything else (a RegExp, a Map, a syntax node) by identity.
 */
function valueKey(value: unknown, open: Set<object> = new Set()): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'symbol': {
      let n = SYMBOLS.get(value);
      if (n === undefined) SYMBOLS.set(value, (n = nextIdentity++));
      return `#${n}`;
    }
    case 'function':
      return `#${identity(value)}`;
  }
  if (value === null) return 'null';
  const object = value as object;
  if (!isPlain(object) || open.has(object)) return `#${identity(object)}`;
  const known = VALUE_KEYS.get(object);
  if (known !== undefined) return `v${known}`;
  open.add(object);
  const text = Array.isArray(object)
    ? `[${object.map((item) => valueKey(item, open)).join(',')}]`
    : `{${Object.entries(object).map(([k, v]) => `${JSON.stringify(k)}:${valueKey(v, open)}`).join(',')}}`;
  open.delete(object);
  const n = canonical(text);
  VALUE_KEYS.set(object, n);
  return `v${n}`;
}

/** Literals, whose value no binding can change: the bindings they are read in do not tell contexts apart. */
const LITERAL_KINDS: ReadonlySet<SyntaxKind> = new Set([
  SyntaxKind.StringLiteral,
  SyntaxKind.NoSubstitutionTemplateLiteral,
  SyntaxKind.NumericLiteral,
  SyntaxKind.BigIntLiteral,
  SyntaxKind.TrueKeyword,
  SyntaxKind.FalseKeyword,
  SyntaxKind.NullKeyword,
]);

/**
 * The key of an expression read in `bindings`: a literal by its kind and text, which no binding
 * changes and every call site that writes it the same shares (`log("info", …)` from 200 places);
 * anything else by its syntax node and the bindings it is read in.
 */
function expressionKey(node: Node, bindings: Bindings, nested: (b: Bindings) => number): string {
  const kind = node.getKind();
  return LITERAL_KINDS.has(kind) ? `l${kind}:${JSON.stringify(node.getText())}` : `${nodeKey(node)}b${nested(bindings)}`;
}

/** The key of what a declaration stands for; `nested` gives the key of the bindings an expression is read in. */
function boundKey(bound: Bound, nested: (b: Bindings) => number = (b) => b.id): string {
  switch (bound.kind) {
    case 'node':
      return `n${expressionKey(bound.node, bound.bindings, nested)}${bound.openKeys ? `o${JSON.stringify([...bound.openKeys].sort())}` : ''}`;
    case 'nodes':
      return `N${bound.nodes.map((n) => expressionKey(n.node, n.bindings, nested)).join(',')}`;
    case 'const':
      return `c${valueKey(bound.value)}${bound.partial ? 'p' : ''}`;
    case 'runtime':
      return `r${JSON.stringify(bound.reason)}`;
    case 'settled':
      return `s${expressionKey(bound.node, bound.bindings, nested)}`;
  }
}

/** The bindings an expression of `bound` is read in (none for a static value). */
function nestedBindings(bound: Bound): Bindings[] {
  switch (bound.kind) {
    case 'node':
    case 'settled':
      return [bound.bindings];
    case 'nodes':
      return bound.nodes.map((n) => n.bindings);
    default:
      return [];
  }
}

/** The canonical number of a read set (see read-sets.ts): the same declarations, the same number. */
export function readsKey(reads: Reads): number {
  return canonical(`R${[...reads].map(nodeKey).sort((a, b) => a - b).join(',')}`);
}

/**
 * Values bound to declarations (parameters, loop variables) for one registration context, so that
 * static resolution and evaluation read `cfg.name` as the argument a call site passed, or `ep.alias`
 * as one element of the table a loop walks. Immutable; {@link Bindings.EMPTY} is the context-free
 * reading. Memo keys ({@link Bindings.id}) compare contents, so that two tools whose calls reach a
 * function with equal bindings share its summary.
 */
export class Bindings {
  static readonly EMPTY = new Bindings(new Map());

  private key: number | undefined;
  /** {@link Bindings.projectedId} by read-set key. */
  private projections: Map<number, number> | undefined;

  private constructor(private readonly entries: ReadonlyMap<Node, Entry>) {}

  /**
   * A number for memo keys, the same for every set with the same contents (the same declarations,
   * scopes and what each stands for, nested bindings compared the same way; 0 for the empty set):
   * a function reached from two call sites with equal bindings is summarised once.
   */
  get id(): number {
    if (this.key === undefined) this.key = this.entries.size === 0 ? 0 : Bindings.keyOf(this.entries);
    return this.key;
  }

  /** The canonical number of a set of entries: sorted by declaration, each with its scope and what it stands for. */
  private static keyOf(entries: ReadonlyMap<Node, Entry>): number {
    const parts = [...entries].map(([decl, { bound, scope }]) => [nodeKey(decl), `${nodeKey(decl)}:${nodeKey(scope)}=${boundKey(bound)}`] as const);
    parts.sort((a, b) => a[0] - b[0]);
    return canonical(parts.map((p) => p[1]).join(';'));
  }

  /**
   * A number for the memo key of a computation that read only the declarations in `reads` (see
   * read-sets.ts; `readsKey` is {@link readsKey} of it): the same for two sets with the same
   * declarations and scopes (their shape, which `size` and {@link Bindings.visibleFrom} show) that
   * bind the declarations of `reads` to the same things, nested bindings compared the same way.
   * Two contexts that differ only in entries a walk never read give it the same number.
   */
  projectedId(reads: Reads, readsKey: number): number {
    if (this.entries.size === 0) return 0;
    let n = this.projections?.get(readsKey);
    if (n !== undefined) return n;
    const nested = (b: Bindings): number => b.projectedId(reads, readsKey);
    const parts = [...this.entries].map(([decl, { bound, scope }]) => [nodeKey(decl), `${nodeKey(decl)}:${nodeKey(scope)}${reads.has(decl) ? `=${boundKey(bound, nested)}` : ''}`] as const);
    parts.sort((a, b) => a[0] - b[0]);
    n = canonical(`P${parts.map((p) => p[1]).join(';')}`);
    (this.projections ??= new Map()).set(readsKey, n);
    return n;
  }

  /**
   * The declarations of `reads` that these bindings bind, here or in the bindings of what a read
   * declaration stands for, recursively: the part of a read set that {@link Bindings.projectedId}
   * looks at. Reads of a callee's own parameters fall outside it, so that two walks that read the
   * same of their context share one read-set key.
   */
  readsWithin(reads: Reads): Set<Node> {
    const out = new Set<Node>();
    this.eachEntryDeep((decl) => {
      if (!reads.has(decl)) return false;
      out.add(decl);
      return true;
    });
    return out;
  }

  /**
   * Calls `enter` with each entry of these bindings and, when it returns true, of the bindings
   * what that entry stands for is read in, recursively; each set of bindings once.
   */
  private eachEntryDeep(enter: (decl: Node, bound: Bound) => boolean, seen: Set<Bindings> = new Set()): void {
    if (seen.has(this)) return;
    seen.add(this);
    for (const [decl, { bound }] of this.entries) {
      if (enter(decl, bound)) for (const inner of nestedBindings(bound)) inner.eachEntryDeep(enter, seen);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** What `decl` (a parameter, a variable, a binding element) stands for here, if bound. Noted as read (read-sets.ts). */
  get(decl: Node): Bound | undefined {
    noteRead(decl);
    return this.entries.get(decl)?.bound;
  }

  /**
   * True when both sets have the same contents ({@link Bindings.id}). The answer depends on every
   * entry, nested ones too, so each is noted as read (read-sets.ts).
   */
  sameAs(other: Bindings): boolean {
    const seen = new Set<Bindings>();
    const noteAll = (decl: Node): boolean => {
      noteRead(decl);
      return true;
    };
    this.eachEntryDeep(noteAll, seen);
    other.eachEntryDeep(noteAll, seen);
    return this.id === other.id;
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
    for (const [decl, entry] of this.entries) {
      // `keep` sees what each declaration stands for.
      noteRead(decl);
      if (keep(decl, entry.bound, entry.scope)) (kept ??= new Map()).set(decl, entry);
    }
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

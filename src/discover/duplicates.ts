import type { SourceFile, Node as TsNode } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { alwaysExits, BranchIndex, type Guard } from '../analysis/branches.js';
import { conditionOf } from '../analysis/conditions.js';
import { evaluate } from '../analysis/evaluate.js';
import { contains, moduleSpecifierOf } from '../analysis/nodes.js';
import type { Resolver } from '../analysis/resolve.js';
import { isFunctionNode, type FunctionNode } from '../analysis/syntax.js';
import type { ContextFinder } from './contexts.js';
import type { DiscoveredTool } from './tool-facts.js';

/** How many call sites up a registration's paths are followed, and how many paths are kept per registration. */
const MAX_PATH_LENGTH = 8;
const MAX_PATHS = 32;

/**
 * Whether two registrations of one name on one server both run:
 * - `both`: whenever the code that holds them runs, both do (one after the other in one function,
 *   under the same conditions, or in functions that function calls unconditionally);
 * - `exclusive`: never both (`if`/`else`, `? :`, `case`s that do not fall through, a branch that
 *   returns early before the other; also functions called from such branches, or picked by `? :`);
 * - `unknown`: under conditions that may or may not both hold, or reached from different entry
 *   points; `why` says which.
 */
export type Coexistence = { kind: 'both' } | { kind: 'exclusive' } | { kind: 'unknown'; why: string };

/**
 * Marks each later registration of a name already registered on the same server: `duplicateOf`
 * when both surely run (duplicate-tool-name's error), `maybeDuplicateOf` with why when the linter
 * cannot tell whether they both run (its warning). Registrations that cannot both run are no
 * duplicates. A tool removed before its name is registered again (`t.remove()`) is none either:
 * the SDK allows it. Tools without a server key are grouped by file.
 */
export function markDuplicates(tools: DiscoveredTool[], resolver: Resolver, contexts: ContextFinder): void {
  const byName = new Map<string, DiscoveredTool[]>();
  for (const tool of tools) {
    if (tool.facts.name === null) continue;
    const group = byName.get(tool.facts.name);
    if (group) group.push(tool);
    else byName.set(tool.facts.name, [tool]);
  }
  const runs = new RunPaths(resolver, contexts);
  for (const group of byName.values()) {
    if (group.length < 2 || group.some((t) => t.facts.registration.includes('remove()'))) continue;
    // Each server key once: it resolves symbols.
    const keys = group.map((t) => t.server?.() ?? t.facts.location.file);
    group.forEach((tool, i) => {
      let maybe: { first: DiscoveredTool; why: string } | undefined;
      for (let j = 0; j < i; j++) {
        if (keys[j] !== keys[i]) continue;
        const first = group[j]!;
        const together = first.site && tool.site ? runs.coexistence(first, tool) : ({ kind: 'both' } as const);
        if (together.kind === 'both') {
          tool.facts.duplicateOf = first.facts.location;
          return;
        }
        if (together.kind === 'unknown') maybe ??= { first, why: together.why };
      }
      if (maybe) tool.facts.maybeDuplicateOf = { location: maybe.first.facts.location, why: maybe.why };
    });
  }
}

/** One way a registration runs: the registration, then the call site of the function holding it, and so on outwards. */
type Path = TsNode[];

/** The paths by which registrations run, and whether two of them run together. */
class RunPaths {
  private readonly branches: BranchIndex;
  private readonly paths = new Map<TsNode, Path[]>();
  /** Per file, the project files it loads (its imports and re-exports, followed). */
  private readonly loaded = new Map<SourceFile, Set<SourceFile>>();

  constructor(private readonly resolver: Resolver, private readonly contexts: ContextFinder) {
    this.branches = new BranchIndex((expr, b) => evaluate(expr, resolver, 0, b));
  }

  /**
   * Whether `a` and `b` both run. Each is followed outwards through the call sites of the functions
   * that hold it (only the paths through its context's call site, when it has one): the pair is
   * `both` when some pair of paths is, `exclusive` when every pair is, else `unknown`.
   */
  coexistence(a: DiscoveredTool, b: DiscoveredTool): Coexistence {
    let unknown: string | undefined;
    for (const pa of this.pathsOf(a)) {
      for (const pb of this.pathsOf(b)) {
        const c = this.pathsCoexist(pa, pb);
        if (c.kind === 'both') return c;
        if (c.kind === 'unknown') unknown ??= c.why;
      }
    }
    return unknown === undefined ? { kind: 'exclusive' } : { kind: 'unknown', why: unknown };
  }

  private pathsOf(tool: DiscoveredTool): Path[] {
    const all = this.pathsFrom(tool.site!);
    const through = tool.contextSite ? all.filter((p) => p.includes(tool.contextSite!)) : [];
    return through.length > 0 ? through : all;
  }

  /** Every path from `node` outwards (at most MAX_PATHS, each at most MAX_PATH_LENGTH call sites long). */
  private pathsFrom(node: TsNode): Path[] {
    const cached = this.paths.get(node);
    if (cached) return cached;
    const out: Path[] = [];
    const walk = (path: Path): void => {
      if (out.length >= MAX_PATHS) return;
      const last = path[path.length - 1]!;
      const fn = frameOf(last);
      const sites = fn === null || path.length > MAX_PATH_LENGTH ? null : this.entriesOf(fn);
      if (sites === null || sites.length === 0) {
        out.push(path);
        return;
      }
      for (const site of sites) if (!path.includes(site)) walk([...path, site]);
      if (sites.every((s) => path.includes(s))) out.push(path);
    };
    walk([node]);
    this.paths.set(node, out);
    return out;
  }

  /**
   * Where the function `fn` is entered from: its call sites (or the references that pass it on);
   * for a function without a name (a callback), the function itself, as a node of the code around
   * it. Null or empty: an entry point (nothing in the files linted calls it).
   */
  private entriesOf(fn: FunctionNode): TsNode[] | null {
    const sites = this.contexts.callSitesOf(fn);
    if (sites !== null) return sites;
    return Node.isFunctionExpression(fn) || Node.isArrowFunction(fn) ? [fn] : null;
  }

  /**
   * Two paths: their shared outer part is dropped; the innermost nodes left that sit in one
   * function (or file) decide, with what runs beneath them.
   */
  private pathsCoexist(a: Path, b: Path): Coexistence {
    let i = a.length - 1;
    let j = b.length - 1;
    while (i > 0 && j > 0 && a[i] === b[j]) {
      i--;
      j--;
    }
    const [x, y] = [a[i]!, b[j]!];
    if (x === y) return { kind: 'both' };
    const frame = frameOf(x);
    if (frame === null && frameOf(y) === null && x.getSourceFile() !== y.getSourceFile()) {
      // Module-level code of two files: a file runs the files it imports.
      const [fx, fy] = [x.getSourceFile(), y.getSourceFile()];
      if (!this.loadsOf(fx).has(fy) && !this.loadsOf(fy).has(fx)) return { kind: 'unknown', why: `${fx.getBaseName()} and ${fy.getBaseName()} do not import one another, and may be different entry points` };
      return this.unconditional(a.slice(0, i + 1)) && this.unconditional(b.slice(0, j + 1)) ? { kind: 'both' } : { kind: 'unknown', why: 'one of them runs only under a condition' };
    }
    if (frame !== frameOf(y) || x.getSourceFile() !== y.getSourceFile()) {
      return { kind: 'unknown', why: 'they are reached from different entry points, which may or may not both run' };
    }
    if (exclusive(x, y, frame, this.branches)) return { kind: 'exclusive' };
    const gx = this.branches.guardsOf(x, frame);
    const gy = this.branches.guardsOf(y, frame);
    const own = (g: Guard[], other: Guard[]) => g.filter((guard) => !other.some((o) => o.node === guard.node));
    // A `case` the first one's clause falls through into runs whenever the first does.
    const [onlyX, onlyY] = [own(gx, gy), own(gy, gx).filter((g) => !(g.kind === 'clause' && fallsInto(x, g.node)))];
    const innerUnconditional = this.unconditional(a.slice(0, i)) && this.unconditional(b.slice(0, j));
    if (onlyX.length === 0 && onlyY.length === 0 && innerUnconditional) return { kind: 'both' };
    const cx = conditionOf(onlyX);
    const cy = conditionOf(onlyY);
    if (onlyY.length === 0 && cx !== null && innerUnconditional) return { kind: 'unknown', why: `the first runs when \`${cx}\`, and this one then runs too` };
    if (cx !== null || cy !== null) return { kind: 'unknown', why: `the first runs ${cx === null ? 'unconditionally' : `when \`${cx}\``}, this one ${cy === null ? 'unconditionally' : `when \`${cy}\``}` };
    return { kind: 'unknown', why: 'one of them runs only under a condition (an early return, a branch of a function it is called from)' };
  }

  /** The project files that loading `sf` runs, following imports and re-exports (bounded by the project's size). */
  private loadsOf(sf: SourceFile): Set<SourceFile> {
    let out = this.loaded.get(sf);
    if (out) return out;
    out = new Set();
    const queue = [sf];
    while (queue.length > 0) {
      const file = queue.pop()!;
      for (const decl of [...file.getImportDeclarations(), ...file.getExportDeclarations()]) {
        const specifier = moduleSpecifierOf(decl);
        const target = specifier === null ? null : this.resolver.projectModule(file, specifier);
        if (target && !out.has(target)) {
          out.add(target);
          queue.push(target);
        }
      }
    }
    this.loaded.set(sf, out);
    return out;
  }

  /** True when each node of an inner path part runs whenever the function holding it does. */
  private unconditional(inner: Path): boolean {
    return inner.every((n) => this.branches.guardsOf(n, frameOf(n)).length === 0);
  }
}

/** True when `node` sits in an earlier clause of the switch of `clause` that falls through into `clause` (no clause between always exits). */
function fallsInto(node: TsNode, clause: TsNode): boolean {
  const block = clause.getParent();
  if (!block || !Node.isCaseBlock(block)) return false;
  const clauses: TsNode[] = block.getClauses();
  const from = clauses.findIndex((c) => contains(c, node));
  const to = clauses.indexOf(clause);
  return from >= 0 && from < to && !clauses.slice(from, to).some((c) => alwaysExits(c));
}

/** The function whose body holds `node` (not counting `node` itself), or null at module level. */
function frameOf(node: TsNode): FunctionNode | null {
  for (let p = node.getParent(); p; p = p.getParent()) if (isFunctionNode(p)) return p;
  return null;
}

/**
 * True when `x` and `y`, in one function, never both run: they sit in branches of one `if`, `? :`
 * or `switch` that exclude each other (a `case` that falls through into the other's does not), or
 * one sits in an `if` branch that always leaves (`return`, `throw`) before the other is reached.
 */
function exclusive(x: TsNode, y: TsNode, frame: FunctionNode | null, branches: BranchIndex): boolean {
  const exitsBefore = (inner: TsNode, outer: TsNode) =>
    branches.guardsOf(outer, frame).some((g) => g.kind === 'after' && Node.isIfStatement(g.node) && contains(g.node.getThenStatement(), inner));
  if (exitsBefore(x, y) || exitsBefore(y, x)) return true;
  for (let p = x.getParent(); p; p = p.getParent()) {
    if (!contains(p, y)) continue;
    const branchOf = (n: TsNode): TsNode | undefined => [n, ...n.getAncestors()].find((c) => c.getParent() === p);
    const [bx, by] = [branchOf(x), branchOf(y)];
    if (bx === by || bx === undefined || by === undefined) return false;
    if (Node.isIfStatement(p)) return bx !== p.getExpression() && by !== p.getExpression();
    if (Node.isConditionalExpression(p)) return bx !== p.getCondition() && by !== p.getCondition();
    if (Node.isCaseBlock(p)) {
      // The earlier clause must end before the later one: a fall-through runs both.
      return !fallsInto(x, by) && !fallsInto(y, bx);
    }
    return false;
  }
  return false;
}

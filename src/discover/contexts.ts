import type { CallExpression, ForOfStatement, Identifier, ts as TS } from 'ts-morph';
import { writtenKey } from '../analysis/keyed-writes.js';
import { Node, SyntaxKind, ts } from '../ts-morph.js';
import { Bindings, type Bound } from '../analysis/bindings.js';
import { evaluate, isAlwaysTruthy } from '../analysis/evaluate.js';
import { descendantsOfKinds } from '../analysis/nodes.js';
import { listedDirectory } from '../analysis/directories.js';
import { BranchIndex } from '../analysis/branches.js';
import { returnedExpressions, soleReturn } from '../analysis/returns.js';
import { bindParameters, bindingsOf, invocationOf, type ClassLike, type Instance, type Resolver } from '../analysis/resolve.js';
import { constInitializer, initializerOf, isFunctionNode, isNewOf, type FunctionNode, shorten, unwrap } from '../analysis/syntax.js';
import { alternatives, assignedValues, fieldValues, isStartValue, type ObjectWalk, possibleObjects } from '../analysis/reaching.js';

/**
 * One way a registration call runs: its wrapper's parameters bound to one call site's arguments,
 * its loop variable bound to one element of the table it walks, or both, nested.
 */
export interface RegistrationContext {
  bindings: Bindings;
  /** The innermost call site or table element this context comes from (null: the call as written). */
  site: Node | null;
  /** Set when the context stands for tools only run time knows (a loop over a plugin registry): why. */
  runtime: { reason: string; node: Node } | null;
  /**
   * Set when `this` is an instance assumed, not seen to reach the call (every concrete subclass
   * made somewhere stands in for instances only run time has): what was assumed, and where.
   */
  assumed?: { reason: string; node: Node };
}

/** A registration context that could not be enumerated: a wrapper never called, a table that cannot be read. */
export interface UnexpandedContext {
  node: Node;
  reason: string;
}

/** Array methods whose callback runs once per element with the element as its first parameter. */
const ELEMENT_CALLBACKS = new Set(['forEach', 'map', 'flatMap', 'filter', 'some', 'every', 'find']);

/** At most this many contexts per registration call; more are reported, not expanded. */
const MAX_CONTEXTS = 2000;
/** How many wrappers or loops deep contexts are followed; deeper nesting is reported. */
const MAX_NESTING = 32;

/** How many steps (variables, returns, tables) a function value is followed to the calls that call it. */
const MAX_VALUE_HOPS = 8;
/** Operators whose result may be either operand: `a || b`, `a ?? b`, `a && b`. */
const VALUE_OPERATORS = new Set<number>([SyntaxKind.BarBarToken, SyntaxKind.QuestionQuestionToken, SyntaxKind.AmpersandAmpersandToken]);

const ROOT: RegistrationContext = { bindings: Bindings.EMPTY, site: null, runtime: null };

/** An element of a table: an expression (read in its bindings), or a `[key, value]` entry of `Object.entries`. */
/** `origin`: where the element is written, when `node` is shared (a `.map()` callback's result, a pushed parameter). */
type Element =
  | { kind: 'node'; node: Node; bindings: Bindings; origin?: Node; settled?: true }
  | { kind: 'entry'; key: string; node: Node; bindings: Bindings; origin?: Node }
  | { kind: 'const'; value: string; node: Node; bindings: Bindings; origin?: Node };

/**
 * The elements of a table the linter could read, and why it could not read the rest (`gaps`: one
 * reason per part, such as a spread of data only run time has); or, when it could read none, why.
 */
export type Elements = { ok: true; items: Element[]; gaps?: string[] } | { ok: false; reason: string };

/** How many parts of tables one walk reads at most (spreads, calls, returns, assignments): a budget for tables built through many steps. */
const MAX_TABLE_WORK = 20000;
/**
 * How many steps deep one table is followed (variables, returns of helpers, `.map`, `.filter`,
 * spreads); a deeper table is reported. A registry of tool classes made into instances, filtered
 * and kept in a field takes about a dozen.
 */
const MAX_TABLE_DEPTH = 48;

/**
 * Enumerates the contexts a registration call runs in (ESLint-style scope analysis, applied to
 * registrations): every enclosing `for...of` loop, array callback (`forEach`, `map`) and
 * `Object.entries(...)` walk over a table the linter can read gives one context per element; every
 * enclosing function whose parameters the call uses gives one context per call site in the
 * project. A loop over data only run time has gives one `runtime` context.
 */
export class ContextFinder {
  private readonly sitesCache = new Map<FunctionNode, Node[] | null>();
  /** The functions whose call sites are being searched (see {@link ContextFinder.callSitesOf}). */
  private readonly searching = new Set<FunctionNode>();
  /** Call sites found by a method's name alone (see {@link ContextFinder.untypedCalls}). */
  private readonly untyped = new Set<Node>();
  /** A call of a function a factory returned (`register(def)` after `const register = makeRegister(server)`) → that factory call. */
  private readonly factoryCalls = new Map<Node, CallExpression>();
  /** The wrappers being expanded, outermost first: a call site inside one of them is recursion. */
  private readonly expanding = new Set<FunctionNode>();
  /** Declarations the registration's name and annotations use (see {@link ContextFinder.contextsOf}). */
  private essential = new Set<string>();
  /**
   * The registration call whose contexts are enumerated: found by its method's name alone inside a
   * project method of that name (`registerTool(server, tool) { server.registerTool(...) }`), it is the
   * SDK's method, not a call of the project's.
   */
  private registration: Node | null = null;
  /** Steps spent reading the current table (see {@link MAX_TABLE_WORK}), and how many reads of tables are nested now. */
  private tableWork = 0;
  private tableWalks = 0;
  /** Variables and fields whose assigned values are being read (see {@link ContextFinder.assignedTables}). */
  private readonly readingAssigned = new Set<string>();
  /**
   * The arrays and Maps whose later additions are being read: an addition computed from the
   * container itself (`for (const t of [...result]) result.push(widgetOf(t))`) would read it
   * again without end; it is reported as a gap.
   */
  private readonly readingFilled = new Set<Node>();
  /**
   * Functions whose returned tables are being read for one call, with its arguments bound: a
   * table a function fills from its parameters (`result.push(...actorTools)`) is read for that
   * call, not for every call of the function in the project.
   */
  private readonly readingCall = new Map<FunctionNode, Bindings>();
  /** Tables being read in the contexts of the functions around them (see {@link ContextFinder.passedIn}). */
  private readonly readingPassed = new Set<Node>();
  /**
   * The objects whose entries are being read, and the `const` initialisers whose tables are: a
   * value made from itself (`const tools = { ...tools, a }`, `const all = all.concat(more)`, also
   * through another const) adds its own entries again, which are already listed; the cycle is cut
   * there (see {@link ContextFinder.objectEntries} and {@link ContextFinder.readElements}).
   */
  private readonly readingObjects = new Set<Node>();
  private readonly readingConsts = new Set<Node>();
  /** How {@link possibleObjects} steps in a table walk: within its depth and work budgets, reading maps as tables. */
  private readonly objectWalk: ObjectWalk = {
    maxDepth: MAX_TABLE_DEPTH,
    exhausted: () => ++this.tableWork > MAX_TABLE_WORK,
    mapValues: (table, b) => {
      const values = this.objectEntries(table, b, 'values');
      return values.ok ? values.items : null;
    },
  };

  /**
   * @param patchSites the calls that run a monkeypatch of `server.tool` (see `PatchIndex`), or
   *   null when the function is no patch.
   */
  private readonly branches: BranchIndex;

  constructor(
    private readonly resolver: Resolver,
    private readonly patchSites: (fn: FunctionNode) => Node[] | null = () => null,
  ) {
    this.branches = new BranchIndex((expr, b) => evaluate(expr, this.resolver, 0, b), (expr, b) => isAlwaysTruthy(expr, this.resolver, b));
  }

  /**
   * False when a guard around the registration call is known to be false in this context
   * (`if (!fn) return;` before it, `if (node.fn) register(...)`): it registers nothing there.
   */
  canRun(call: Node, ctx: RegistrationContext): boolean {
    return ctx.bindings.size === 0 || this.branches.isReachable(call, null, ctx.bindings);
  }

  /**
   * The contexts of a registration call, and the enclosing binders it could not enumerate.
   * `essential` are the arguments whose values the tool's identity needs (name, annotations): a
   * wrapper that is never called is reported only when they use its parameters.
   */
  contextsOf(call: CallExpression, essential: Node[]): { contexts: RegistrationContext[]; unexpanded: UnexpandedContext[] } {
    const unexpanded: UnexpandedContext[] = [];
    if (!hasBinderAround(call)) return { contexts: [ROOT], unexpanded };
    const uses = new Set<string>();
    for (const arg of call.getArguments()) for (const d of identifiersIn(arg)) uses.add(d);
    this.essential = new Set<string>();
    for (const arg of essential) for (const d of identifiersIn(arg)) this.essential.add(d);
    this.registration = call;
    const contexts = this.contextsAt(call, uses, 0, unexpanded);
    this.registration = null;
    if (contexts.length > MAX_CONTEXTS) {
      unexpanded.push({ node: call, reason: `more than ${MAX_CONTEXTS} registrations come from this call; only the first ${MAX_CONTEXTS} are read` });
      return { contexts: contexts.slice(0, MAX_CONTEXTS), unexpanded };
    }
    return { contexts, unexpanded };
  }

  /** Contexts for `node`, from its innermost enclosing binder outwards. `uses` are the declarations `node`'s code refers to. */
  private contextsAt(node: Node, uses: Set<string>, nesting: number, unexpanded: UnexpandedContext[]): RegistrationContext[] {
    if (nesting > MAX_NESTING) {
      unexpanded.push({ node, reason: `wrappers and loops nest more than ${MAX_NESTING} deep here; the outer ones are not read` });
      return [ROOT];
    }
    for (let child: Node = node, a = node.getParent(); a; child = a, a = a.getParent()) {
      if (Node.isBlock(a)) this.addLocalSources(a, child, uses);
      if ((Node.isForOfStatement(a) || Node.isForInStatement(a)) && child === a.getStatement()) {
        const decl = loopDeclaration(a);
        if (!decl || !usesAny(uses, decl)) continue;
        return this.expandLoop(a, decl, a.getExpression(), uses, nesting, unexpanded, Node.isForInStatement(a));
      }
      if (isFunctionNode(a)) {
        const callback = elementCallback(a);
        if (callback) {
          const [param, second] = a.getParameters();
          // `map.forEach((value, key) => ...)`: the value, then the key.
          const map = callback.getName() === 'forEach' ? this.mapOf(callback.getExpression(), Bindings.EMPTY) : null;
          if (map && param && (usesAny(uses, param) || (second !== undefined && usesAny(uses, second)))) return this.expandMapForEach(a, map, param, second, uses, nesting, unexpanded);
          if (!param || !usesAny(uses, param)) continue;
          return this.expandLoop(a, param, callback.getExpression(), uses, nesting, unexpanded);
        }
        const params = a.getParameters();
        // A method whose `this` gives the tool's name or annotations runs once per instance it is called on.
        const viaThis = uses.has('this') && this.essential.has('this') && classOfInstanceMember(a) !== null;
        if (!params.some((p) => usesAny(uses, p)) && !viaThis) continue;
        const call = this.readingCall.get(a);
        if (call) return [{ bindings: call, site: null, runtime: null }];
        return this.expandWrapper(a, uses, nesting, unexpanded);
      }
    }
    return [ROOT];
  }

  /**
   * Adds to `uses` what the local variables it names, declared in `block` before `child`, are
   * read from (`const name = def.name` in a loop over `def`). They are not essential: a table
   * computed from a parameter of a function never called is still read, and what cannot be read
   * of it is reported as that table's gap.
   */
  private addLocalSources(block: Node, child: Node, uses: Set<string>): void {
    const statements = (block as import('ts-morph').Block).getStatements();
    const at = statements.indexOf(child as never);
    const before = statements.slice(0, at < 0 ? statements.length : at);
    for (const statement of before.reverse()) {
      if (!Node.isVariableStatement(statement)) continue;
      for (const decl of statement.getDeclarations()) {
        const init = decl.getInitializer();
        if (!init || !usesAny(uses, decl)) continue;
        for (const u of identifiersIn(init)) uses.add(u);
      }
    }
    // A local function the code calls (`async function getTools() { return options.tools(); }`, hoisted
    // anywhere in the block) reads what its body reads.
    for (const statement of statements) {
      if (Node.isFunctionDeclaration(statement) && statement !== child && usesAny(uses, statement)) {
        for (const u of identifiersIn(statement)) uses.add(u);
      }
    }
  }

  /** One context per element of `iterable` (read in each outer context), with `decl` bound to it. */
  private expandLoop(scope: Node, decl: Node, iterable: Node, uses: Set<string>, nesting: number, unexpanded: UnexpandedContext[], keys = false): RegistrationContext[] {
    const out: RegistrationContext[] = [];
    for (const u of identifiersIn(iterable)) {
      uses.add(u);
      this.essential.add(u);
    }
    for (const outer of this.contextsAt(scope, uses, nesting + 1, unexpanded)) {
      // `for (const key in table)` walks the keys.
      const elements = keys ? this.objectEntries(iterable, outer.bindings, 'keys') : this.elementsOf(iterable, outer.bindings, 0);
      if (!elements.ok) {
        const reason = `an element of \`${shorten(iterable.getText(), 50)}\`, ${elements.reason}`;
        out.push({ bindings: outer.bindings.with(decl, { kind: 'runtime', reason }, scope), site: iterable, runtime: { reason, node: iterable } });
        continue;
      }
      for (const element of elements.items) {
        out.push({ bindings: bindElement(outer.bindings, decl, element, scope), site: element.origin ?? element.node, runtime: outer.runtime });
        if (out.length > MAX_CONTEXTS) return out;
      }
      // The parts of the table the linter cannot read: one context each, for the tools only run time knows.
      for (const gap of elements.gaps ?? []) {
        const reason = `an element of \`${shorten(iterable.getText(), 50)}\`, ${gap}`;
        out.push({ bindings: outer.bindings.with(decl, { kind: 'runtime', reason }, scope), site: iterable, runtime: { reason, node: iterable } });
      }
    }
    return out;
  }

  /** One context per entry of a Map walked by `forEach((value, key) => ...)`. */
  private expandMapForEach(fn: FunctionNode, map: import('ts-morph').NewExpression, value: Node, key: Node | undefined, uses: Set<string>, nesting: number, unexpanded: UnexpandedContext[]): RegistrationContext[] {
    const out: RegistrationContext[] = [];
    for (const outer of this.contextsAt(fn, uses, nesting + 1, unexpanded)) {
      const entries = this.mapEntries(map, 'entries', nesting);
      if (!entries.ok) {
        const reason = `an entry of the Map \`${shorten(map.getText(), 40)}\`, ${entries.reason}`;
        out.push({ bindings: outer.bindings.with(value, { kind: 'runtime', reason }, fn), site: map, runtime: { reason, node: map } });
        continue;
      }
      for (const entry of entries.items) {
        if (entry.kind !== 'entry') continue;
        let bindings = outer.bindings.with(value, { kind: 'node', node: entry.node, bindings: entry.bindings }, fn);
        if (key) bindings = bindings.with(key, { kind: 'const', value: entry.key }, fn);
        out.push({ bindings, site: entry.origin ?? entry.node, runtime: outer.runtime });
      }
    }
    return out;
  }

  /** One context per call site of the wrapper function `fn` in the project (and per context of each site). `uses` as in {@link ContextFinder.contextsAt}. */
  private expandWrapper(fn: FunctionNode, uses: Set<string>, nesting: number, unexpanded: UnexpandedContext[]): RegistrationContext[] {
    // A wrapper that calls itself (directly or through another): its outer call sites are read;
    // what the recursive calls register is reported, not guessed.
    if (this.expanding.has(fn)) {
      unexpanded.push({ node: fn, reason: `${functionName(fn)} calls itself; the tools its recursive calls register are not read` });
      return [];
    }
    this.expanding.add(fn);
    try {
      return this.expandWrapperSites(fn, uses, nesting, unexpanded);
    } finally {
      this.expanding.delete(fn);
    }
  }

  private expandWrapperSites(fn: FunctionNode, uses: Set<string>, nesting: number, unexpanded: UnexpandedContext[]): RegistrationContext[] {
    const sites = this.callSitesOf(fn);
    const name = functionName(fn);
    // A monkeypatch of `server.tool` that no call reaches registers nothing.
    if (sites !== null && sites.length === 0 && this.patchSites(fn) !== null) return [];
    if (sites === null || sites.length === 0) {
      if (fn.getParameters().some((p) => usesAny(this.essential, p))) {
        unexpanded.push({ node: fn, reason: `${name} is never called in the files linted, so the names or annotations its parameters give are unknown` });
      }
      // A callback whose calls the linter cannot see (`httpServer.on("request", async (req, res) => ...)`)
      // still runs in the contexts of the functions around it: only its own parameters stay unknown.
      return this.contextsAt(fn, uses, nesting + 1, unexpanded);
    }
    const cls = classOfInstanceMember(fn);
    const thisEssential = cls !== null && this.essential.has('this');
    const out: RegistrationContext[] = [];
    /** Sites whose receiver the linter cannot enumerate, when `this` gives the tool's identity. */
    const unknownReceivers: { site: Node; reason: string }[] = [];
    for (const site of sites) {
      // `new C(...)` runs the constructor `fn` (C is its class or extends it).
      if (Node.isNewExpression(site)) {
        const siteUses = identifiersIn(site);
        for (const outer of this.contextsAt(site, siteUses, nesting + 1, unexpanded)) {
          const instance = this.resolver.instance(site, outer.bindings);
          if (instance) out.push({ bindings: instance.bindings, site: outer.site ?? site, runtime: outer.runtime });
        }
        continue;
      }
      if (Node.isCallExpression(site)) {
        if (site === this.registration && this.untyped.has(site)) continue;
        // The site's arguments feed the wrapper's parameters; those at parameters the tool's
        // identity needs (name, annotations) are needed in turn. The receiver is not.
        const essentialParams = new Set(fn.getParameters().filter((p) => usesAny(this.essential, p)).map((p) => fn.getParameters().indexOf(p)));
        const restAt = fn.getParameters().findIndex((p) => p.isRestParameter());
        const siteUses = new Set<string>();
        const args = this.argumentsAt(site);
        args.forEach((arg, i) => {
          const ids = identifiersIn(arg);
          for (const u of ids) siteUses.add(u);
          if (essentialParams.has(i) || (restAt >= 0 && i >= restAt && essentialParams.has(restAt))) for (const u of ids) this.essential.add(u);
        });
        // `tool.installTo(server)`: the receiver is the method's `this`, needed when `this` gives the tool's identity.
        const receiver = cls ? receiverOf(site) : null;
        if (receiver && thisEssential) {
          for (const u of identifiersIn(receiver)) {
            siteUses.add(u);
            this.essential.add(u);
          }
        }
        // A returned function also sees the parameters of the factory call that made it (its server,
        // a client): they are read there, not expanded further, as a receiver is not.
        const factoryCall = this.factoryCalls.get(site);
        const factory = factoryCall ? returnedFrom(fn) : undefined;
        // A call found by the method's name alone may be of another object's method of that name
        // (`this.mcpServer.connect()` inside `connect`): what reading its contexts reports (a
        // recursion that is none) counts only when the call is taken to be of this method.
        const untyped = this.untyped.has(site);
        if (untyped && receiver && this.isPackageObject(receiver)) continue;
        const siteUnexpanded: UnexpandedContext[] = [];
        let kept = false;
        for (const outer of this.contextsAt(site, siteUses, nesting + 1, untyped ? siteUnexpanded : unexpanded)) {
          const self = receiver ? this.instanceAt(receiver, outer.bindings) : null;
          // A receiver of another class (an element of a mixed table) does not run this method.
          if (self && !this.runsOn(fn, self.cls)) continue;
          // A call found by name whose receiver is no known instance may be another class's method.
          if (!self && untyped && !this.onlyMethodNamed(fn)) continue;
          // `this.m(...)`, `this` unknown: the same instance as the caller's, whatever it is.
          if (!self && receiver && thisEssential && unwrap(receiver).getKind() !== SyntaxKind.ThisKeyword) {
            unknownReceivers.push({ site, reason: this.receiverReason(receiver, outer.bindings) });
            continue;
          }
          const closure = factory && factoryCall ? bindParameters(factory, factoryCall.getArguments(), outer.bindings, self?.bindings) : self?.bindings;
          // The outermost call site tells the tools of nested wrappers apart.
          out.push({ bindings: bindParameters(fn, args, outer.bindings, closure), site: outer.site ?? site, runtime: outer.runtime });
          kept = true;
          if (out.length > MAX_CONTEXTS) return out;
        }
        if (kept || this.onlyMethodNamed(fn)) unexpanded.push(...siteUnexpanded);
        continue;
      }
      // `table.forEach(register)`: the function is the callback; each element is its first argument.
      const call = site.getParentIfKind(SyntaxKind.CallExpression);
      const callee = call ? unwrap(call.getExpression()) : undefined;
      const first = fn.getParameters()[0];
      if (call && first && callee && Node.isPropertyAccessExpression(callee) && ELEMENT_CALLBACKS.has(callee.getName())) {
        for (const outer of this.contextsAt(call, identifiersIn(call), nesting + 1, unexpanded)) {
          const elements = this.elementsOf(callee.getExpression(), outer.bindings, 0);
          if (!elements.ok) {
            unexpanded.push({ node: call, reason: `${name} is called for each element of \`${shorten(callee.getExpression().getText(), 50)}\`, ${elements.reason}` });
            continue;
          }
          for (const element of elements.items) out.push({ bindings: bindElement(Bindings.EMPTY, first, element, fn), site: element.origin ?? element.node, runtime: outer.runtime });
          for (const gap of elements.gaps ?? []) unexpanded.push({ node: call, reason: `${name} is called for each element of \`${shorten(callee.getExpression().getText(), 50)}\`, ${gap}` });
        }
        continue;
      }
      unexpanded.push({ node: site, reason: `${name} is passed as a value here; the calls it receives cannot be followed` });
    }
    if (cls && unknownReceivers.length > 0) out.push(...this.assumedInstances(fn, cls, out.length > 0, unknownReceivers, unexpanded));
    return out;
  }

  /**
   * The contexts of a method whose `this` gives the tool's identity, for call sites whose receiver
   * only run time knows. When no site gives a known instance, every instance of a concrete class
   * that runs the method made somewhere in the project stands in for them, each said to be assumed;
   * otherwise, or when there is none, each such site is reported.
   */
  private assumedInstances(fn: FunctionNode, cls: ClassLike, someKnown: boolean, sites: { site: Node; reason: string }[], unexpanded: UnexpandedContext[]): RegistrationContext[] {
    const name = functionName(fn);
    const className = cls.getName() ?? 'its class';
    const candidates = someKnown ? [] : this.resolver.instancesOf(cls).filter((i) => this.runsOn(fn, i.cls));
    if (candidates.length === 0) {
      const none = someKnown ? '' : `, and no class that runs it is made with \`new\` in the files linted`;
      for (const { site, reason } of sites) unexpanded.push({ node: site, reason: `${name} is called on ${reason}${none}, so the names or annotations \`this\` gives are unknown` });
      return [];
    }
    const reason = `${name} is called on ${sites[0]!.reason}; every concrete subclass of ${className} made with \`new\` in the files linted is taken to reach it`;
    return candidates.map((i) => ({ bindings: i.bindings, site: i.made, runtime: null, assumed: { reason, node: sites[0]!.site } }));
  }

  /**
   * True when no class of the project outside `fn`'s class family (classes it extends or that
   * extend it) declares a method of `fn`'s name: a call of that name on an untyped receiver can
   * only be of this method or an override.
   */
  private onlyMethodNamed(fn: FunctionNode): boolean {
    const cls = classOfInstanceMember(fn);
    if (!cls || !Node.isMethodDeclaration(fn)) return false;
    const name = fn.getName();
    for (const sf of fn.getProject().getSourceFiles()) {
      if (sf.isDeclarationFile() || !sf.getFullText().includes(name)) continue;
      for (const other of sf.getClasses()) {
        if (other.getInstanceMember(name) && !this.resolver.extendsClass(other, cls) && !this.resolver.extendsClass(cls, other)) return false;
      }
    }
    return true;
  }

  /**
   * True when `receiver`, read where it is written, stands for an object of a package (the SDK's
   * `new McpServer(...)` kept in a field): a method called on it is the package's, none of the project.
   */
  private isPackageObject(receiver: Node): boolean {
    const target = this.resolver.resolve(receiver);
    if (target.kind === 'module') return true;
    const made = target.kind === 'value' ? unwrap(target.node) : null;
    return made !== null && Node.isNewExpression(made) && this.resolver.resolve(made.getExpression()).kind === 'module';
  }

  /** The instance a receiver stands for in a context (`new C(...)`, through variables and table elements), or null. */
  private instanceAt(receiver: Node, b: Bindings): Instance | null {
    const target = this.resolver.resolve(receiver, 0, b);
    const made = target.kind === 'value' ? unwrap(target.node) : null;
    return made && Node.isNewExpression(made) ? this.resolver.instance(made, bindingsOf(target)) : null;
  }

  /** Why a receiver's instance is unknown, for a report. */
  private receiverReason(receiver: Node, b: Bindings): string {
    const target = this.resolver.resolve(receiver, 0, b);
    const what = `\`${shorten(receiver.getText(), 40)}\``;
    return target.kind === 'unknown' ? `${what}, ${target.reason}` : `${what}, an instance the linter cannot enumerate`;
  }

  /** True when calling the method `fn`'s name on an instance of `cls` runs `fn` (no class between overrides it). */
  private runsOn(fn: FunctionNode, cls: ClassLike): boolean {
    if (Node.isConstructorDeclaration(fn)) return true;
    const name = (fn as import('ts-morph').MethodDeclaration).getName();
    for (let current: ClassLike | null = cls; current; current = this.resolver.baseClass(current)) {
      const member = current.getInstanceMember(name);
      if (member && (Node.isMethodDeclaration(member) || Node.isGetAccessorDeclaration(member)) && member.getBody()) return member === fn;
      if (member && Node.isPropertyDeclaration(member) && member.getInitializer()) return false;
    }
    return false;
  }

  /** The references to `fn` that call it (or pass it on), across the project; null when it has no name to search. Memoized. */
  callSitesOf(fn: FunctionNode): Node[] | null {
    const cached = this.sitesCache.get(fn);
    if (cached !== undefined) return cached;
    // A function value followed back to itself (a table read in the function it holds): no more sites.
    if (this.searching.has(fn)) return [];
    this.searching.add(fn);
    try {
      return this.searchCallSites(fn);
    } finally {
      this.searching.delete(fn);
    }
  }

  private searchCallSites(fn: FunctionNode): Node[] | null {
    const patched = this.patchSites(fn);
    if (patched) {
      this.sitesCache.set(fn, patched);
      return patched;
    }
    // A constructor runs at each `new` of its class or of a class extending it.
    if (Node.isConstructorDeclaration(fn)) {
      const cls = classOfInstanceMember(fn);
      const made = cls ? this.resolver.instancesOf(cls).map((i) => i.made) : null;
      this.sitesCache.set(fn, made);
      return made;
    }
    let nameNode: Node | undefined;
    const written = fn.getParentWhile((p) => Node.isParenthesizedExpression(p) || Node.isAsExpression(p)) ?? fn;
    if (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn)) nameNode = fn.getNameNode();
    else {
      // esbuild's keepNames: `var f = __name((...) => {...}, "f")`.
      const named = fn.getParent();
      const parent = named && Node.isCallExpression(named) && /^__name\d*$/.test(named.getExpression().getText()) ? named.getParent() : fn.getParent();
      if (parent && (Node.isVariableDeclaration(parent) || Node.isPropertyAssignment(parent) || Node.isPropertyDeclaration(parent))) nameNode = parent.getNameNode();
    }
    let sites: Node[] | null = null;
    const factory = nameNode ? undefined : returnedFrom(fn);
    if (factory) sites = this.callsOfReturned(factory);
    else if (!nameNode && (Node.isBinaryExpression(written.getParent()) || Node.isCallExpression(written.getParent()))) {
      // A function assigned or passed where it is written (`server.registerOnce = (...) => {...}`, `serve(() => ...)`).
      // (An object's property is not followed this way: the object may be passed on, and its reads through parameters are not searched.)
      const calls = this.callsOfValue(written, 0, new Set());
      if (calls.length > 0) sites = calls;
    }
    // `#register(tool)`: a private method is found by its private name.
    if (nameNode && (Node.isIdentifier(nameNode) || Node.isPrivateIdentifier(nameNode))) {
      sites = [];
      for (const ref of (nameNode as Identifier).findReferencesAsNodes()) {
        if (ref === nameNode) continue;
        // `__name(f, "f")` (esbuild's keepNames) only names the function.
        const keepName = ref.getParent();
        if (keepName && Node.isCallExpression(keepName) && /^__name\d*$/.test(keepName.getExpression().getText())) continue;
        // `{@link accountTool}` in a doc comment, and the names of overload signatures, call nothing.
        if (ref.getFirstAncestor((a) => Node.isJSDoc(a)) !== undefined) continue;
        const owner = ref.getParent();
        if (owner && (Node.isMethodDeclaration(owner) || Node.isFunctionDeclaration(owner) || Node.isMethodSignature(owner)) && owner.getNameNode() === ref) continue;
        // `f(...)`, `obj.f(...)`, `this.f(...)`
        const access = Node.isPropertyAccessExpression(ref.getParent()) && (ref.getParent() as import('ts-morph').PropertyAccessExpression).getNameNode() === ref ? ref.getParentOrThrow() : ref;
        const parent = access.getParent();
        if (parent && Node.isCallExpression(parent) && unwrap(parent.getExpression()) === access) sites.push(parent);
        else if (parent && (Node.isExportSpecifier(parent) || Node.isImportSpecifier(parent) || Node.isImportClause(parent) || Node.isExportAssignment(parent))) continue;
        else if (parent && (Node.isPropertyAssignment(parent) || Node.isShorthandPropertyAssignment(parent) || Node.isVariableDeclaration(parent))) sites.push(...this.callsOfValue(access, 0, new Set()));
        else if (parent && (Node.isConditionalExpression(parent) || Node.isBinaryExpression(parent) || Node.isCallExpression(parent) || Node.isPropertyAccessExpression(parent))) {
          // `const register = cond ? registerA : registerB`, `exports.register = register`,
          // `serve(register)`, `register.call(void 0, server)`: called where the value goes.
          const calls = this.callsOfValue(access, 0, new Set());
          if (calls.length > 0) sites.push(...calls);
          // An export nothing in the files linted calls through is an entry point, as `export { f }` is.
          else if (!isExportWrite(parent)) sites.push(access);
        } else sites.push(...(namespaceMemberCalls(access) ?? [access]));
      }
      if (classOfInstanceMember(fn)) sites.push(...this.untypedCalls(nameNode as Identifier, sites));
    }
    this.sitesCache.set(fn, sites);
    return sites;
  }

  /**
   * The calls `x.m(...)` of a method's name on receivers the type checker cannot type (an element
   * of an array, whose type needs the standard library the linter does not load), which its
   * reference search misses. They are kept only where the receiver resolves to an instance of a
   * class that runs the method (see {@link ContextFinder.expandWrapperSites}).
   */
  private untypedCalls(nameNode: Identifier, known: Node[]): CallExpression[] {
    const name = nameNode.getText();
    const pattern = new RegExp(`\\.\\s*${name.replace(/\$/g, '\\$')}\\s*\\(`);
    const out: CallExpression[] = [];
    for (const sf of nameNode.getProject().getSourceFiles()) {
      if (sf.isDeclarationFile() || !pattern.test(sf.getFullText())) continue;
      const calls = descendantsOfKinds<CallExpression>(sf, [SyntaxKind.CallExpression], (n) => {
        const callee = (n as TS.CallExpression).expression;
        return ts.isPropertyAccessExpression(callee) && callee.name.text === name;
      });
      for (const call of calls) {
        const callee = call.getExpression() as import('ts-morph').PropertyAccessExpression;
        if (known.includes(call) || callee.getNameNode().getSymbol() !== undefined) continue;
        this.untyped.add(call);
        out.push(call);
      }
    }
    return out;
  }

  /**
   * The calls that call the function value an expression holds, following the value: through a
   * variable it initializes (`const register = cond ? registerA : registerB; register(server)`),
   * either side of a conditional or `||`/`??`, a `return` (to the calls of the returning function),
   * and a table it is stored in (an object's property, an array's element) read with a computed key
   * or its own name (`toolRegistry[name]`), or walked (`Object.values(table)`, `for...of`,
   * `forEach`), an argument of a project function (to the reads of the parameter it binds:
   * `serve(makeServer)` then `makeServer()` in `serve`), a property it is assigned to (to the
   * reads of that property: `exports.create = create`, `server.registerOnce = (...) => {...}`),
   * and `f.call(thisArg, ...)`. Each call found calls the function with its arguments (see
   * {@link ContextFinder.argumentsAt}). Empty when the value is never called where the linter can see it.
   */
  private callsOfValue(expr: Node, depth: number, seen: Set<Node>): CallExpression[] {
    if (depth > MAX_VALUE_HOPS || seen.has(expr)) return [];
    seen.add(expr);
    const parent = expr.getParent();
    if (!parent) return [];
    const next = (n: Node): CallExpression[] => this.callsOfValue(n, depth + 1, seen);
    if (Node.isCallExpression(parent)) {
      if (parent.getExpression() === expr) return [parent];
      return this.parameterReads(parent, parent.getArguments().indexOf(expr as never)).flatMap(next);
    }
    // `f.call(thisArg, ...args)` calls `f` with `args`.
    if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === expr && parent.getName() === 'call') {
      const call = parent.getParent();
      return call && Node.isCallExpression(call) && call.getExpression() === parent ? [call] : [];
    }
    if (Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent) || Node.isNonNullExpression(parent) || Node.isAwaitExpression(parent)) return next(parent);
    if (Node.isConditionalExpression(parent)) return parent.getCondition() === expr ? [] : next(parent);
    if (Node.isBinaryExpression(parent)) {
      if (parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken) return parent.getRight() === expr ? this.propertyReads(parent.getLeft()).flatMap(next) : [];
      return VALUE_OPERATORS.has(parent.getOperatorToken().getKind()) ? next(parent) : [];
    }
    if (Node.isVariableDeclaration(parent)) {
      const name = parent.getNameNode();
      if (parent.getInitializer() !== expr || !Node.isIdentifier(name)) return [];
      return name.findReferencesAsNodes().filter((ref) => ref !== name).flatMap(next);
    }
    if (Node.isReturnStatement(parent) || (Node.isArrowFunction(parent) && parent.getBody() === expr)) {
      const owner = Node.isArrowFunction(parent) ? parent : parent.getFirstAncestor((a) => isFunctionNode(a));
      if (!owner || !isFunctionNode(owner)) return [];
      return (this.callSitesOf(owner) ?? []).filter((site) => Node.isCallExpression(site)).flatMap(next);
    }
    // A table that holds the value: the value is called where an element of the table is.
    if (Node.isPropertyAssignment(parent) || Node.isShorthandPropertyAssignment(parent)) {
      const table = parent.getParent();
      return table && Node.isObjectLiteralExpression(table) ? this.readsOfTable(table, parent.getName(), depth, seen).flatMap(next) : [];
    }
    if (Node.isArrayLiteralExpression(parent)) return this.readsOfTable(parent, null, depth, seen).flatMap(next);
    return [];
  }

  /**
   * The reads, in the function a call runs, of the parameter that receives its argument at
   * `index` (`serve(makeServer)` → each `makeServer` in `serve`'s body); none when the callee is
   * no project function or the parameter is a pattern or a rest parameter.
   */
  private parameterReads(call: CallExpression, index: number): Node[] {
    if (index < 0) return [];
    const { callee, args } = invocationOf(call, this.resolver);
    const at = args.indexOf(call.getArguments()[index]!);
    // A spread before the argument moves it to a parameter only run time knows.
    if (callee.kind !== 'function' || at < 0 || args.slice(0, at).some((a) => Node.isSpreadElement(a))) return [];
    const param = callee.node.getParameters()[at];
    const nameNode = param?.getNameNode();
    if (!param || param.isRestParameter() || !nameNode || !Node.isIdentifier(nameNode)) return [];
    return nameNode.findReferencesAsNodes().filter((ref) => ref !== nameNode);
  }

  /**
   * The reads of the property an assignment writes (`exports.create = ...`, `server.registerOnce = ...`):
   * the references the type checker finds to it; when it finds none, the reads found by the
   * property's name (see {@link propertyReadsByName}). Each read is the property access, as a value.
   */
  private propertyReads(left: Node): Node[] {
    const target = unwrap(left);
    if (!Node.isPropertyAccessExpression(target)) return [];
    const nameNode = target.getNameNode();
    const asAccess = (ref: Node): Node | null => {
      const access = ref.getParent();
      return access && Node.isPropertyAccessExpression(access) && access.getNameNode() === ref && access !== target ? access : null;
    };
    const typed = nameNode.findReferencesAsNodes().map(asAccess).filter((a): a is Node => a !== null);
    return typed.length > 0 ? typed : propertyReadsByName(target);
  }

  /** The arguments a call site passes to the function it calls (see {@link invocationOf}: `f.call(thisArg, ...args)` passes `args`). */
  argumentsAt(site: CallExpression): Node[] {
    const callee = unwrap(site.getExpression());
    return Node.isPropertyAccessExpression(callee) && callee.getName() === 'call' ? invocationOf(site, this.resolver).args : site.getArguments();
  }

  /**
   * The expressions that read an element of a table (an object or array literal) held in a
   * variable: `table[key]` with a computed key (or a literal one naming `key`), `table.key`, the
   * loop variable of `for (const f of table)` / `of Object.values(table)`, and the parameter of a
   * `forEach`/`map` callback over them. `key` is the element's property name (null in an array).
   */
  private readsOfTable(table: Node, key: string | null, depth: number, seen: Set<Node>): Node[] {
    let holder: Node = table;
    while (holder.getParent() && (Node.isParenthesizedExpression(holder.getParent()!) || Node.isAsExpression(holder.getParent()!) || Node.isSatisfiesExpression(holder.getParent()!))) holder = holder.getParent()!;
    const decl = holder.getParent();
    const name = decl && Node.isVariableDeclaration(decl) && decl.getInitializer() === holder ? decl.getNameNode() : undefined;
    if (!name || !Node.isIdentifier(name) || depth > MAX_VALUE_HOPS) return [];
    const reads: Node[] = [];
    for (const ref of name.findReferencesAsNodes()) {
      if (ref === name || seen.has(ref)) continue;
      const use = ref.getParent();
      if (!use) continue;
      if (Node.isElementAccessExpression(use) && use.getExpression() === ref) {
        const index = use.getArgumentExpression();
        const literal = index && (Node.isStringLiteral(index) || Node.isNoSubstitutionTemplateLiteral(index) || Node.isNumericLiteral(index)) ? String(index.getLiteralValue()) : null;
        if (literal === null || key === null || literal === key) reads.push(use);
      } else if (Node.isPropertyAccessExpression(use) && use.getExpression() === ref) {
        if (key !== null && use.getName() === key) reads.push(use);
      } else {
        // `Object.values(table)` walks the values; the table itself walks its elements.
        const walked = Node.isCallExpression(use) && /^Object\.values$/.test(use.getExpression().getText()) ? use : key === null ? ref : null;
        if (walked) reads.push(...walkedElements(walked));
      }
    }
    return reads;
  }

  /**
   * The calls of the function `factory` returns, through its call sites: `makeRegister(server)(def)`,
   * and `const register = makeRegister(server)` then `register(def)`; each is remembered with
   * the factory call (see {@link factoryCalls}). Null when the factory has no name to search.
   */
  private callsOfReturned(factory: FunctionNode): Node[] | null {
    const made = this.callSitesOf(factory);
    if (made === null) return null;
    const sites: Node[] = [];
    for (const site of made) {
      if (!Node.isCallExpression(site)) continue;
      const holder = site.getParentWhile((p) => Node.isParenthesizedExpression(p) || Node.isAwaitExpression(p) || Node.isAsExpression(p)) ?? site;
      const user = holder.getParent();
      if (user && Node.isCallExpression(user) && unwrap(user.getExpression()) === site) {
        this.factoryCalls.set(user, site);
        sites.push(user);
        continue;
      }
      const name = user && Node.isVariableDeclaration(user) ? user.getNameNode() : undefined;
      if (!name || !Node.isIdentifier(name)) continue;
      for (const ref of name.findReferencesAsNodes()) {
        const call = ref.getParent();
        if (ref === name || !call || !Node.isCallExpression(call) || unwrap(call.getExpression()) !== ref) continue;
        this.factoryCalls.set(call, site);
        sites.push(call);
      }
    }
    return sites;
  }

  /**
   * The elements of a table expression: an array literal (spreads included), a const or import
   * holding one, `Object.values/keys/entries` of an object literal, `.map(fn)` of a table (each
   * element is what `fn` returns for it), `.filter(...)` (the elements the predicate is not known to
   * drop), `.concat(...)`, `.slice()`, `.sort()`, `.flat()`, the tables a project function can
   * return (its parameters bound to the call's arguments), each value a `let` is assigned. The
   * elements it can read are listed; each part it cannot read is a gap with its reason, and the
   * table fails only when no part can be read.
   */
  elementsOf(expr: Node, b: Bindings, depth: number): Elements {
    return this.walk(() => this.readElements(expr, b, depth));
  }

  /**
   * The objects a value can be, each where it is made (see {@link possibleObjects}):
   * what a tools/list handler returns through the middleware that wraps it
   * (`logging.wrap(async () => ({ tools }))`, `return await breaker.execute(() => handler())`).
   */
  objectsOf(expr: Node, b: Bindings): { node: Node; bindings: Bindings }[] {
    return this.walk(() => possibleObjects(expr, b, this.resolver, this.objectWalk, 0));
  }

  /** Runs `read` with one budget (see {@link MAX_TABLE_WORK}) for a walk from the outermost table, however its steps nest. */
  private walk<T>(read: () => T): T {
    if (this.tableWalks === 0) this.tableWork = 0;
    this.tableWalks++;
    try {
      return read();
    } finally {
      this.tableWalks--;
    }
  }

  private readElements(expr: Node, b: Bindings, depth: number): Elements {
    if (depth > MAX_TABLE_DEPTH) return { ok: false, reason: 'nested too deeply to read' };
    if (++this.tableWork > MAX_TABLE_WORK) return { ok: false, reason: `built in more than ${MAX_TABLE_WORK} steps, more than the linter reads` };
    const node = unwrap(expr);
    if (Node.isAwaitExpression(node)) return this.elementsOf(node.getExpression(), b, depth + 1);
    if (Node.isCallExpression(node)) {
      const callee = unwrap(node.getExpression());
      const args = node.getArguments();
      if (Node.isPropertyAccessExpression(callee)) {
        const method = callee.getName();
        const receiver = callee.getExpression();
        if (receiver.getText() === 'Object' && args[0] && (method === 'values' || method === 'keys' || method === 'entries')) {
          return this.objectEntries(args[0], b, method);
        }
        if (method === 'filter' && args[0]) return this.filtered(receiver, args[0], b, depth);
        if (method === 'reverse' || method === 'sort' || method === 'toSorted' || method === 'toReversed' || (method === 'flat' && args.length === 0)) return this.elementsOf(receiver, b, depth + 1);
        if (method === 'slice') {
          const source = this.elementsOf(receiver, b, depth + 1);
          if (!source.ok) return source;
          const bounds = args.map((a) => evaluate(a, this.resolver, 0, b));
          // Known bounds cut the table as slice() would; unknown ones keep every element.
          if (bounds.some((v) => !v.known || typeof v.value !== 'number')) return source;
          return { ...source, items: source.items.slice(...(bounds.map((v) => (v as { value: number }).value) as [number?, number?])) };
        }
        // `Array.from(table)`; a Map's `values()`, `entries()`, `keys()`.
        if (receiver.getText() === 'Array' && method === 'from' && args[0]) return this.elementsOf(args[0], b, depth + 1);
        const map = (method === 'values' || method === 'entries' || method === 'keys') && args.length === 0 ? this.mapOf(receiver, b) : null;
        if (map) return this.mapEntries(map, method as 'values' | 'entries' | 'keys', depth);
        if (method === 'concat') return joined([receiver, ...args].map((part) => this.elementsOf(Node.isSpreadElement(part) ? part.getExpression() : part, b, depth + 1)));
        if ((method === 'map' || method === 'flatMap') && args[0]) return this.mapped(receiver, args[0], method === 'flatMap', b, depth);
      }
      // `Promise.all(table)`: the table's elements; `Promise.allSettled(table)`: each one's outcome, read as fulfilled.
      if (Node.isPropertyAccessExpression(callee) && callee.getExpression().getText() === 'Promise' && args[0] && (callee.getName() === 'all' || callee.getName() === 'allSettled')) {
        const awaited = this.elementsOf(args[0], b, depth + 1);
        if (!awaited.ok || callee.getName() === 'all') return awaited;
        return { ...awaited, items: awaited.items.map((item) => (item.kind === 'node' ? { ...item, settled: true as const } : item)) };
      }
      // `await readdir(join(__dirname, "tools"))`: the names of the folder's entries.
      const listed = listedDirectory(node, this.resolver, b, (e) => evaluate(e, this.resolver, 0, b));
      if (listed) return 'names' in listed ? { ok: true, items: listed.names.map((value): Element => ({ kind: 'const', value, node, bindings: b })) } : { ok: false, reason: listed.reason };
      const returned = this.returnedTables(node, b, depth);
      if (returned) return returned;
    }
    if (Node.isConditionalExpression(node)) return this.union([node.getWhenTrue(), node.getWhenFalse()].map((n) => this.elementsOf(n, b, depth + 1)));
    // `cached ?? load()`, `list || []`: either operand.
    if (Node.isBinaryExpression(node) && [SyntaxKind.QuestionQuestionToken, SyntaxKind.BarBarToken].includes(node.getOperatorToken().getKind())) {
      return this.union([node.getLeft(), node.getRight()].map((n) => this.elementsOf(n, b, depth + 1)));
    }
    // `{ tools }`: the variable the shorthand names.
    const shorthand = node.getParent();
    if (Node.isIdentifier(node) && shorthand && Node.isShorthandPropertyAssignment(shorthand) && shorthand.getNameNode() === node) {
      const named = shorthand.getValueSymbol()?.getDeclarations()[0];
      if (named && Node.isVariableDeclaration(named) && Node.isIdentifier(named.getNameNode())) {
        return this.assignedTables(named.getNameNode() as Identifier, b, depth, node) ?? this.elementsOf(named.getNameNode(), b, depth + 1);
      }
    }
    const decl = Node.isIdentifier(node) ? node.getSymbol()?.getDeclarations()[0] : undefined;
    // A parameter bound to a call's argument: the table that argument is, read where it is written.
    const bound = decl ? b.get(decl) : undefined;
    if (bound?.kind === 'node') return this.elementsOf(bound.node, bound.bindings, depth + 1);
    if (Node.isIdentifier(node) || Node.isPropertyAccessExpression(node)) {
      const assigned = this.assignedTables(node, b, depth);
      if (assigned) return assigned;
    }
    // `const all = Object.values(table)`, `const tools = getTools(ctx)`: read the initializer as written
    // (resolution would stop at the global `Object`, or at a `let` the function assigns again).
    const constInit = decl && b.get(decl) === undefined ? constInitializer(node) : undefined;
    if (constInit && (Node.isCallExpression(unwrap(constInit)) || Node.isAwaitExpression(unwrap(constInit)) || Node.isBinaryExpression(unwrap(constInit)) || Node.isConditionalExpression(unwrap(constInit)) || Node.isElementAccessExpression(unwrap(constInit)))) {
      // `const all = all.concat(more)`: the table itself, read again inside its own initialiser, adds nothing more.
      if (this.readingConsts.has(constInit)) return { ok: true, items: [] };
      this.readingConsts.add(constInit);
      try {
        return this.elementsOf(constInit, b.visibleFrom(constInit), depth + 1);
      } finally {
        this.readingConsts.delete(constInit);
      }
    }
    // `[...table]`, and what the code adds to the copy later (`let tools = [...docs]; tools.push(...more)`);
    // a Map walked directly gives its `[key, value]` entries.
    if (Node.isArrayLiteralExpression(node) && node.getElements().length === 1 && Node.isSpreadElement(node.getElements()[0]!)) {
      const copy = node;
      return this.filledOnce(copy, () => {
        const copied = this.elementsOf((copy.getElements()[0] as import('ts-morph').SpreadElement).getExpression(), b, depth + 1);
        const added = this.addedElements(copy, depth);
        return added.ok && added.items.length === 0 && !added.gaps?.length ? copied : joined([copied, added]);
      });
    }
    const map = this.mapOf(node, b);
    if (map) return this.mapEntries(map, 'entries', depth);
    if (Node.isElementAccessExpression(node)) {
      const picked = this.pickedEntries(node, b, depth);
      if (picked) return picked;
    }
    const target = this.resolver.resolve(node, 0, b);
    if (target.kind === 'value') {
      const value = unwrap(target.node);
      // A project function that returns a table (`getEnabledTools()`): the tables it can return.
      const returned = Node.isCallExpression(value) ? this.returnedTables(value, bindingsOf(target), depth) : null;
      if (returned) return returned;
      if (value !== node && !Node.isArrayLiteralExpression(node)) return this.elementsOf(value, bindingsOf(target), depth + 1);
      if (Node.isArrayLiteralExpression(value)) return this.arrayLiteral(value, bindingsOf(target), depth);
    }
    if (target.kind === 'unknown' && target.runtime) return { ok: false, reason: target.reason };
    if (target.kind === 'unknown') return this.passedIn(node, depth) ?? { ok: false, reason: `which the linter cannot read (${target.reason})` };
    if (target.kind === 'module') return { ok: false, reason: `which comes from ${target.specifier} and is known only at run time` };
    return { ok: false, reason: 'which is known only at run time' };
  }

  /**
   * For a table that reaches `node` through the parameters of the functions around it (a server
   * factory's `options.tools`, a `setup(server, tools)` helper): the tables read there in each
   * context of those functions (each call site, see {@link ContextFinder.contextsAt}), those that
   * cannot be enumerated as gaps. Null when no context gives a table the linter can read: the
   * caller's reason stands.
   */
  private passedIn(node: Node, depth: number): Elements | null {
    if (this.readingPassed.has(node)) return null;
    const uses = identifiersIn(node);
    const saved = this.essential;
    this.essential = new Set(uses);
    this.readingPassed.add(node);
    try {
      const unexpanded: UnexpandedContext[] = [];
      const contexts = this.contextsAt(node, uses, depth + 1, unexpanded).filter((ctx) => ctx.bindings.size > 0);
      const parts = contexts.map((ctx): Elements => (ctx.runtime ? { ok: false, reason: ctx.runtime.reason } : this.elementsOf(node, ctx.bindings, depth + 1)));
      if (!parts.some((p) => p.ok)) return null;
      return this.union([...parts, ...unexpanded.map((u) => ({ ok: false as const, reason: u.reason }))]);
    } finally {
      this.readingPassed.delete(node);
      this.essential = saved;
    }
  }

  /**
   * The elements of an array literal: its elements, those of its spreads, and what the code adds
   * to it later (`const defs = []; defs.push({...})`). A spread or change the linter cannot read
   * is a gap; a named table that is empty in the code and that nothing fills is filled at run time.
   */
  private arrayLiteral(value: import('ts-morph').ArrayLiteralExpression, own: Bindings, depth: number): Elements {
    return this.filledOnce(value, () => this.readArrayLiteral(value, own, depth));
  }

  private readArrayLiteral(value: import('ts-morph').ArrayLiteralExpression, own: Bindings, depth: number): Elements {
    const parts: { element: Node; elements: Elements }[] = [];
    for (const element of value.getElements()) {
      if (Node.isSpreadElement(element)) parts.push({ element, elements: this.elementsOf(element.getExpression(), own, depth + 1) });
      else if (!Node.isOmittedExpression(element)) parts.push({ element, elements: { ok: true, items: [{ kind: 'node', node: element, bindings: own }] } });
    }
    // Beside parts it can read, a spread it cannot is named.
    const some = parts.some((p) => p.elements.ok);
    const named = parts.map(({ element, elements }): Elements => (elements.ok || !some ? elements : { ok: false, reason: `from \`${shorten(element.getText(), 40)}\`, ${elements.reason}` }));
    const all = joined([...named, this.addedElements(value, depth)]);
    if (all.ok && all.items.length === 0 && !all.gaps?.length && value.getElements().length === 0 && holderName(value)) {
      return { ok: false, reason: 'which is empty in the code, and nothing in the files linted adds to it' };
    }
    return all;
  }

  /**
   * For a call of a project function (`getTools(ctx)`, `await load()`): the tables it can return,
   * its parameters bound to the call's arguments; null when the callee is no such function.
   */
  private returnedTables(call: import('ts-morph').CallExpression, b: Bindings, depth: number): Elements | null {
    const callee = unwrap(call.getExpression());
    // `handler.getTools()` on a handler that is one of several (`HANDLERS[key] ?? defaultHandler()`): each one's tables.
    if (Node.isPropertyAccessExpression(callee)) {
      const receivers = possibleObjects(callee.getExpression(), b, this.resolver, this.objectWalk, depth);
      if (receivers.length > 1) {
        const parts: Elements[] = [];
        // Each method once (two instances of one class, `HANDLERS[a] ?? HANDLERS[b]` listing the map's values twice).
        const seen = new Set<string>();
        for (const receiver of receivers) {
          const method = this.resolver.member(this.resolver.resolve(receiver.node, 0, receiver.bindings), callee.getName(), null, 0);
          if (method.kind !== 'function') {
            parts.push({ ok: false, reason: `\`${shorten(receiver.node.getText(), 40)}.${callee.getName()}\` is no function the linter can read` });
            continue;
          }
          // Instances of one class differ only in `this`, which a method that never reads it does not see.
          const own = bindingsOf(method);
          const sameForAll = own.size === 0 || method.node.getFirstDescendantByKind(SyntaxKind.ThisKeyword) === undefined;
          const key = `${method.node.getSourceFile().getFilePath()}:${method.node.getPos()}:${sameForAll ? '' : own.id}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const bindings = bindParameters(method.node, call.getArguments(), b, bindingsOf(method));
          parts.push(this.returnedFor(method.node, bindings, depth));
        }
        return this.union(parts);
      }
    }
    const fn = this.resolver.resolve(call.getExpression(), 0, b);
    if (fn.kind !== 'function') return null;
    const returned = returnedExpressions(fn.node);
    if (returned.length === 0) return null;
    return this.returnedFor(fn.node, bindParameters(fn.node, call.getArguments(), b, bindingsOf(fn)), depth);
  }

  /** The tables `fn` can return for one call, its parameters bound in `bindings` (see {@link ContextFinder.readingCall}). */
  private returnedFor(fn: FunctionNode, bindings: Bindings, depth: number): Elements {
    const outer = this.readingCall.get(fn);
    this.readingCall.set(fn, bindings);
    try {
      return this.union(returnedExpressions(fn).map((r) => this.elementsOf(r, bindings.visibleFrom(r), depth + 1)));
    } finally {
      if (outer) this.readingCall.set(fn, outer);
      else this.readingCall.delete(fn);
    }
  }

  /**
   * For a `let` or `var` the code assigns again (`let tools = all; if (ro) tools = tools.filter(...)`),
   * or a field of a class's instances its code fills later (see {@link fieldValues}):
   * the elements of every value it is given. A value computed from the variable itself
   * (`tools = tools.filter(...)`) reads the variable again, which adds nothing: its other values
   * are already listed. Null for any other name.
   */
  private assignedTables(id: Identifier | import('ts-morph').PropertyAccessExpression, b: Bindings, depth: number, use: Node = id): Elements | null {
    const assigned = Node.isPropertyAccessExpression(id) ? fieldValues(id, this.resolver, b) : assignedValues(id, this.resolver, use);
    const decl = (Node.isPropertyAccessExpression(id) ? id.getNameNode() : id).getSymbol()?.getDeclarations()[0];
    if (!assigned || !decl) return null;
    // Keyed by the values read, not the name: `tools = tools.filter(...)` reads the earlier values
    // of the same name, which is progress, not a cycle.
    const key = `${decl.getSourceFile().getFilePath()}:${assigned.map((n) => n.getStart()).join(',')}`;
    if (this.readingAssigned.has(key)) return { ok: true, items: [] };
    this.readingAssigned.add(key);
    try {
      // The empty array it starts as adds what the code pushes onto it (`let tools = []; tools.push(...docs); tools = tools.map(f)`).
      const start = Node.isIdentifier(id) ? unwrap((decl as import('ts-morph').VariableDeclaration).getInitializer() ?? id) : undefined;
      const filled = start && Node.isArrayLiteralExpression(start) && isStartValue(start) ? [this.filledOnce(start, () => this.addedElements(start, depth))] : [];
      return this.union([...filled, ...assigned.map((n) => this.elementsOf(n, b.visibleFrom(n), depth + 1))]);
    } finally {
      this.readingAssigned.delete(key);
    }
  }

  /**
   * The elements of `table.map(fn)` (each what `fn` returns for one element of the table) and
   * `table.flatMap(fn)` (the elements of the tables it returns). A result that can be the element
   * itself (`modified ?? tool`, `({ _meta, ...rest }) => rest`) is that element: it keeps its name
   * and annotations.
   */
  private mapped(table: Node, mapperExpr: Node, flat: boolean, b: Bindings, depth: number): Elements {
    const source = this.elementsOf(table, b, depth + 1);
    if (!source.ok) return source;
    const mapper = this.resolver.resolve(mapperExpr, 0, b);
    if (mapper.kind !== 'function') return { ok: false, reason: 'mapped by a function the linter cannot read' };
    const returned = returnedExpressions(mapper.node);
    if (returned.length === 0) return { ok: false, reason: 'mapped by a function whose result the linter cannot read' };
    const param = mapper.node.getParameters()[0];
    const parts: Elements[] = [{ ok: true, items: [], gaps: source.gaps }];
    for (const element of source.items) {
      const bindings = param ? bindElement(bindingsOf(mapper), param, element, mapper.node) : bindingsOf(mapper);
      if (flat) {
        parts.push(this.union(returned.map((r) => this.elementsOf(r, bindings, depth + 1))));
        continue;
      }
      const results = returned.flatMap(alternatives);
      const passed = param !== undefined && results.some((r) => isPassThrough(r, param));
      const result = results[0];
      if (passed || !result) parts.push({ ok: true, items: [element] });
      else parts.push({ ok: true, items: [{ kind: 'node', node: result, bindings, origin: element.origin ?? element.node }] });
    }
    return joined(parts);
  }

  /**
   * The elements of `table.filter(predicate)`: those for which the predicate, read with its
   * parameter bound to the element, is not known to be false (unknown keeps the element).
   */
  private filtered(table: Node, predicate: Node, b: Bindings, depth: number): Elements {
    const source = this.elementsOf(table, b, depth + 1);
    if (!source.ok) return source;
    const fn = this.resolver.resolve(predicate, 0, b);
    const param = fn.kind === 'function' ? fn.node.getParameters()[0] : undefined;
    const test = fn.kind === 'function' ? soleReturn(fn.node) : null;
    if (fn.kind !== 'function' || !param || !test) return source;
    const items = source.items.filter((element) => {
      const v = evaluate(test, this.resolver, 0, bindElement(bindingsOf(fn), param, element, fn.node));
      return !(v.known && !v.value);
    });
    return { ...source, items };
  }

  /**
   * The `new Map(...)` a `const` holds, when `expr` names one (also a field or property initialised
   * with one), or that `expr` stands for when read in `b`: a field a constructor fills
   * (`this.tools = new Map()`), read through an instance held by a field of another class
   * (`this.host.tools`).
   */
  private mapOf(expr: Node, b: Bindings = Bindings.EMPTY): import('ts-morph').NewExpression | null {
    const init = initializerOf(expr, false);
    const value = init ? unwrap(init) : undefined;
    if (isNewOf(value, 'Map')) return value;
    const node = unwrap(expr);
    if (!Node.isPropertyAccessExpression(node)) return null;
    const made = this.resolver.fieldWritesOf(node, b).map(unwrap).filter((v) => isNewOf(v, 'Map'));
    return made.length === 1 ? (made[0] as import('ts-morph').NewExpression) : null;
  }

  /**
   * The entries of a Map: those of its constructor's array of `[key, value]` pairs and those
   * `.set(key, value)` adds anywhere in the project (read in each context of that call). A key
   * the linter cannot read fails the table with the reason.
   */
  private mapEntries(map: import('ts-morph').NewExpression, method: 'values' | 'entries' | 'keys', depth: number): Elements {
    return this.filledOnce(map, () => this.readMapEntries(map, method, depth));
  }

  /** What `read` gives for `container`, or nothing when it is read again while it is being read (see {@link ContextFinder.readingFilled}). */
  private filledOnce(container: Node, read: () => Elements): Elements {
    if (this.readingFilled.has(container)) return { ok: false, reason: 'which adds to itself from its own elements; what those additions are is not read' };
    this.readingFilled.add(container);
    try {
      return read();
    } finally {
      this.readingFilled.delete(container);
    }
  }

  private readMapEntries(map: import('ts-morph').NewExpression, method: 'values' | 'entries' | 'keys', depth: number): Elements {
    const pairs: { key: Node; value: Node; bindings: Bindings; origin: Node }[] = [];
    const initial = map.getArguments()[0];
    if (initial) {
      const list = unwrap(initial);
      if (!Node.isArrayLiteralExpression(list)) return { ok: false, reason: 'a Map made from a value the linter cannot read' };
      for (const pair of list.getElements()) {
        const p = unwrap(pair);
        const [key, value] = Node.isArrayLiteralExpression(p) ? p.getElements() : [];
        if (!key || !value) return { ok: false, reason: `the Map entry \`${shorten(pair.getText(), 40)}\` cannot be read` };
        pairs.push({ key, value, bindings: Bindings.EMPTY, origin: pair });
      }
    }
    const nameNode = holderName(map);
    /** The `set` calls' contexts the linter cannot read. */
    const gaps: string[] = [];
    for (const ref of nameNode ? referencesWhere(nameNode, (name) => `\\b${name}\\s*\\.\\s*set\\b`) : []) {
      const parent = ref.getParent();
      const mapExpr = parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === ref ? parent : ref;
      const use = mapExpr.getParent();
      const call = use?.getParent();
      if (!use || !Node.isPropertyAccessExpression(use) || use.getExpression() !== mapExpr || use.getName() !== 'set' || !call || !Node.isCallExpression(call)) continue;
      const [key, value] = call.getArguments();
      if (!key || !value) continue;
      const contexts = this.fillingContexts(call, [key, value], depth);
      gaps.push(...contexts.gaps, ...contexts.runtime.map((ctx) => ctx.reason));
      const stored = this.passedThrough(value);
      for (const ctx of contexts.contexts) pairs.push({ key, value: stored, bindings: ctx.bindings, origin: ctx.site ?? call });
    }
    if (pairs.length === 0) return { ok: false, reason: gaps[0] ?? 'which is empty in the code, and nothing in the files linted adds to it' };
    const items: Element[] = [];
    for (const pair of pairs) {
      if (method === 'values') {
        items.push({ kind: 'node', node: pair.value, bindings: pair.bindings, origin: pair.origin });
        continue;
      }
      const key = evaluate(pair.key, this.resolver, 0, pair.bindings);
      if (!key.known || typeof key.value !== 'string') return { ok: false, reason: `the Map key \`${shorten(pair.key.getText(), 40)}\` cannot be read` };
      items.push(method === 'keys' ? { kind: 'node', node: pair.key, bindings: pair.bindings, origin: pair.origin } : { kind: 'entry', key: key.value, node: pair.value, bindings: pair.bindings, origin: pair.origin });
    }
    // One `set` read in several contexts that give one value (each caller of an `upsert` method) adds it once.
    const once = this.union([{ ok: true, items }]);
    return once.ok && gaps.length > 0 ? { ...once, gaps: [...new Set(gaps)] } : once;
  }

  /**
   * The elements code adds to an array literal after it is made: the arguments of `push` and
   * `unshift` and the values of `list[i] = v` on the variable, property or field that holds it,
   * each read in every context of that call (a `register(def)` method's call sites). A change the
   * linter cannot follow (`splice`, an element only run time knows) fails the table with the reason.
   */
  private addedElements(list: import('ts-morph').ArrayLiteralExpression, depth: number): Elements {
    const nameNode = holderName(list);
    if (!nameNode) return { ok: true, items: [] };
    const parts: Elements[] = [];
    // A change in place, or the table handed to a function that may push onto it.
    for (const ref of referencesWhere(nameNode, (name) => `\\b${name}\\s*(\\.\\s*(push|unshift|splice|fill|copyWithin)\\b|\\[[^\\]]*\\]\\s*=[^=])|[(,]\\s*${name}\\s*[,)]`)) {
      if (ref === nameNode) continue;
      // `defs`, `this.items`, `registry.items`: the expression that stands for the array.
      const parent = ref.getParent();
      parts.push(this.changesAt(parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === ref ? parent : ref, depth));
    }
    return joined([{ ok: true, items: [] }, ...parts]);
  }

  /**
   * What one use of an expression standing for a table adds to it: the arguments of `push` and
   * `unshift`, the value of `list[i] = v`, and what a project function it is passed to adds to
   * its parameter (`addMore(tools)`); `splice`, `fill` and `copyWithin` fail the table.
   */
  private changesAt(array: Node, depth: number): Elements {
    const use = array.getParent();
    if (use && Node.isCallExpression(use) && use.getArguments().includes(array as never)) {
      return depth < 6 ? this.addedThroughParameter(use, use.getArguments().indexOf(array as never), depth) : { ok: true, items: [] };
    }
    if (use && Node.isPropertyAccessExpression(use) && use.getExpression() === array) {
      const call = use.getParent();
      if (!call || !Node.isCallExpression(call) || call.getExpression() !== use) return { ok: true, items: [] };
      const method = use.getName();
      // `list.splice(at, n, ...more)` adds `more`; the elements it may remove are kept, as a filter the linter cannot decide keeps them.
      const values = method === 'splice' ? call.getArguments().slice(2) : call.getArguments();
      if (method === 'push' || method === 'unshift' || (method === 'splice' && values.length > 0)) {
        const added = this.argumentsInContexts(call, values, depth);
        if (added.ok || values.length !== 1) return added;
        return this.pickedFromMap(values[0]!) ?? added;
      }
      if (method === 'splice' || method === 'fill' || method === 'copyWithin') return { ok: false, reason: `which \`${shorten(call.getText(), 40)}\` changes at run time` };
      return { ok: true, items: [] };
    }
    if (use && Node.isElementAccessExpression(use) && use.getExpression() === array) {
      const assignment = use.getParent();
      if (assignment && Node.isBinaryExpression(assignment) && assignment.getLeft() === use && assignment.getOperatorToken().getKind() === SyntaxKind.EqualsToken) {
        return this.argumentsInContexts(assignment, [assignment.getRight()], depth);
      }
    }
    return { ok: true, items: [] };
  }

  /**
   * For a value picked from a map of definitions or factories by a key only run time knows
   * (`list.push(TOOL_MAP[name]())` in a loop over names read from a file): every value the map
   * holds, each what it returns when the pick is called. Null for any other value, or a map or
   * factory the linter cannot read.
   */
  private pickedFromMap(value: Node): Elements | null {
    let pick = unwrap(value);
    const called = Node.isCallExpression(pick);
    if (Node.isCallExpression(pick)) pick = unwrap(pick.getExpression());
    if (!Node.isElementAccessExpression(pick)) return null;
    const values = this.objectEntries(pick.getExpression(), Bindings.EMPTY, 'values');
    if (!values.ok || !called) return values.ok ? values : null;
    const items: Element[] = [];
    for (const factory of values.items) {
      const fn = this.resolver.resolve(factory.node, 0, factory.bindings);
      const returned = fn.kind === 'function' ? returnedExpressions(fn.node) : [];
      if (returned.length === 0) return null;
      for (const r of returned) items.push({ kind: 'node', node: r, bindings: bindingsOf(fn) });
    }
    return { ok: true, items };
  }

  /** The elements a project function adds to the array given as its argument `index` (`function addMore(list) { list.push(...) }`). */
  private addedThroughParameter(call: import('ts-morph').CallExpression, index: number, depth: number): Elements {
    const items: Element[] = [];
    for (const ref of this.parameterReads(call, index)) {
      const added = this.changesAt(ref, depth + 1);
      if (!added.ok) return added;
      items.push(...added.items);
    }
    return { ok: true, items };
  }

  /**
   * The elements of the tables `registry[key]` can be, for a registry whose entries the linter
   * reads (an object literal, `Object.fromEntries` of `[key, table]` pairs, also as what a
   * function returns): the table under the key, or under every key when only run time knows it.
   * Null when the registry cannot be read.
   */
  private pickedEntries(access: import('ts-morph').ElementAccessExpression, b: Bindings, depth: number): Elements | null {
    const keyExpr = access.getArgumentExpression();
    if (!keyExpr) return null;
    const key = evaluate(keyExpr, this.resolver, 0, b);
    const registries = possibleObjects(access.getExpression(), b, this.resolver, this.objectWalk, depth + 1);
    const parts: Elements[] = [];
    for (const registry of registries) {
      const entries = this.objectEntries(registry.node, registry.bindings, 'entries');
      if (!entries.ok) return null;
      const chosen = entries.items.filter((e) => e.kind === 'entry' && (!key.known || e.key === String(key.value)));
      parts.push(...chosen.map((e) => this.elementsOf(e.node, e.bindings, depth + 1)));
    }
    return parts.length > 0 ? joined(parts) : null;
  }

  /**
   * For a `const` holding what a project function returns for its arguments, when that function
   * can return one of its parameters as it is (`toStored(tool)` returning `pay ? decorate(tool) :
   * tool`): the argument given for it, which keeps its name and annotations; else `value`.
   */
  private passedThrough(value: Node): Node {
    const init = initializerOf(value, true);
    const call = init ? unwrap(init) : undefined;
    if (!call || !Node.isCallExpression(call)) return value;
    const fn = this.resolver.resolve(call.getExpression());
    if (fn.kind !== 'function') return value;
    const results = returnedExpressions(fn.node).flatMap(alternatives);
    const index = fn.node.getParameters().findIndex((p) => results.some((r) => isPassThrough(r, p)));
    return (index >= 0 ? call.getArguments()[index] : undefined) ?? value;
  }

  /** Values a call adds to a table, read in each context the call runs in (spreads expanded). */
  private argumentsInContexts(at: Node, values: Node[], depth: number): Elements {
    const contexts = this.fillingContexts(at, values, depth);
    return this.union([
      ...contexts.contexts.map((ctx) =>
        this.union(values.map((v) => (Node.isSpreadElement(v) ? this.elementsOf(v.getExpression(), ctx.bindings, depth + 1) : { ok: true as const, items: [{ kind: 'node' as const, node: v, bindings: ctx.bindings, origin: ctx.site ?? v }] }))),
      ),
      // A context of data only run time has (a loop over selectors read from the input) still adds
      // what a spread gives whatever that data is (`...categories[selector]`: every category's tools).
      ...contexts.runtime.map((ctx): Elements => {
        const gap = { ok: false as const, reason: ctx.reason };
        if (!values.every((v) => Node.isSpreadElement(v))) return gap;
        const spread = joined(values.map((v) => this.elementsOf((v as import('ts-morph').SpreadElement).getExpression(), ctx.bindings, depth + 1)));
        return spread.ok && spread.items.length > 0 ? spread : gap;
      }),
      ...contexts.gaps.map((reason) => ({ ok: false as const, reason })),
    ]);
  }

  /**
   * The contexts a call that fills a table (`list.push(def)`, `map.set(k, v)`) runs in, its
   * `values` being what the tools' identity needs: those the linter can read, those of data only
   * run time has (`runtime`, with why), and why it cannot enumerate the others (`gaps`).
   */
  private fillingContexts(at: Node, values: Node[], depth: number): { contexts: RegistrationContext[]; runtime: { bindings: Bindings; reason: string }[]; gaps: string[] } {
    const uses = new Set<string>();
    for (const v of values) for (const u of identifiersIn(v)) uses.add(u);
    const saved = this.essential;
    this.essential = new Set(uses);
    const unexpanded: UnexpandedContext[] = [];
    const contexts = this.contextsAt(at, uses, depth + 1, unexpanded);
    this.essential = saved;
    const filler = `filled by \`${shorten(at.getText(), 40)}\``;
    const gaps = unexpanded.map((u) => `${filler}: ${u.reason}`);
    const runtime = contexts.filter((ctx) => ctx.runtime).map((ctx) => ({ bindings: ctx.bindings, reason: `${filler} with ${ctx.runtime!.reason}` }));
    return { contexts: contexts.filter((ctx) => !ctx.runtime), runtime, gaps };
  }

  /**
   * The elements of every possible table, together, each once: two paths often return the same
   * table, or the same element changed (`return tools` and `return tools.map(withNotice)` list one
   * tool per definition, the first kept). A table that cannot be read is a gap; all fail only when
   * none can be read.
   */
  private union(parts: Elements[]): Elements {
    const all = joined(parts);
    if (!all.ok) return all;
    const items: Element[] = [];
    const seen = new Set<string>();
    for (const item of all.items) {
      // Two tables listing one definition (`allTools` and `readOnlyTools` holding `getSchema`) list one tool.
      // A name of one module-level definition (`reportProblem` in a category and pushed alone) is that definition wherever it is written.
      const named = item.origin && Node.isIdentifier(item.node) ? this.resolver.resolve(item.node, 0, item.bindings) : null;
      const definition = named && named.kind === 'value' && bindingsOf(named).size === 0 ? named : null;
      const target = definition ?? (item.origin ? null : this.resolver.resolve(item.node, 0, item.bindings));
      const [node, bindings] = target && (target.kind === 'value' || target.kind === 'function') ? [target.node, bindingsOf(target)] : [item.origin ?? item.node, item.origin ? Bindings.EMPTY : item.bindings];
      const key = `${node.getSourceFile().getFilePath()}:${node.getPos()}:${bindings.size === 0 ? '' : bindings.id}:${item.kind === 'entry' ? item.key : item.kind === 'const' ? item.value : ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
    return { ...all, items };
  }

  /**
   * The entries of the object `arg` stands for, read as `Object.values/keys/entries` would list
   * them: a module namespace's exports, each side of a conditional, `Object.fromEntries(...)`, an
   * object literal's entries and those of its spreads. An object read again while its entries are
   * being read (`const tools = { ...tools, a }`) adds none (see {@link ContextFinder.readingObjects}).
   */
  private objectEntries(arg: Node, b: Bindings, method: 'values' | 'keys' | 'entries'): Elements {
    const target = this.resolver.resolve(arg, 0, b);
    const read = target.kind === 'value' ? unwrap(target.node) : null;
    if (read && this.readingObjects.has(read)) return { ok: true, items: [] };
    if (read) this.readingObjects.add(read);
    try {
      return this.readObjectEntries(arg, target, b, method);
    } finally {
      if (read) this.readingObjects.delete(read);
    }
  }

  private readObjectEntries(arg: Node, target: ReturnType<Resolver['resolve']>, b: Bindings, method: 'values' | 'keys' | 'entries'): Elements {
    // A module namespace (`import * as tools`, `__importStar(require("./tools"))`): its exports.
    if (target.kind === 'value' && Node.isSourceFile(target.node)) {
      const sf = target.node as unknown as import('ts-morph').SourceFile;
      const items: Element[] = [];
      for (const name of this.resolver.exportNames(sf)) {
        const exported = this.resolver.member(target, name, null, 0);
        if (exported.kind !== 'value' && exported.kind !== 'function') return { ok: false, reason: `the export ${name} of ${sf.getBaseName()} cannot be read` };
        // Where the module declares it tells two exports apart when both are made by one factory
        // (`export const a = define(...)`, `export const b = define(...)`: one returned function each).
        const origin = this.resolver.exportDeclaration(sf, name);
        const at = origin ? { origin } : {};
        items.push(method === 'values' ? { kind: 'node', node: exported.node, bindings: bindingsOf(exported), ...at } : { kind: 'entry', key: name, node: exported.node, bindings: bindingsOf(exported), ...at });
      }
      if (method === 'keys') return { ok: false, reason: 'the keys of a module' };
      return { ok: true, items };
    }
    // A call resolves to what it returns, `Object.fromEntries(...)` to the global: read as written.
    const obj = target.kind === 'value' ? unwrap(target.node) : target.kind === 'global' ? unwrap(initializerOf(arg, true) ?? arg) : null;
    const own = target.kind === 'value' ? bindingsOf(target) : b;
    // `custom ?? defaults` where no custom table is given: that side has no entries.
    if (target.kind === 'const' && (target.value === undefined || target.value === null)) return { ok: true, items: [] };
    // `readonly ? subset : all`, `custom ?? defaults`: the entries of each side (one the linter cannot read is a gap).
    const sides = obj ? alternatives(obj) : [];
    if (sides.length > 1 || (sides.length === 1 && sides[0] !== obj)) return this.union(sides.map((side) => this.objectEntries(side, own, method)));
    // `Object.fromEntries(Object.entries(table).filter(...))`: the entries it is built from.
    const built = obj && Node.isCallExpression(obj) && obj.getExpression().getText() === 'Object.fromEntries' ? obj.getArguments()[0] : undefined;
    if (built) {
      const entries = pairsAsEntries(this.elementsOf(built, own, 1), this.resolver);
      if (!entries.ok) return entries;
      if (entries.items.some((e) => e.kind !== 'entry')) return { ok: false, reason: `the entries of \`${shorten(built.getText(), 40)}\` cannot be read` };
      return { ok: true, items: entries.items.map((e) => (e.kind !== 'entry' || method === 'entries' ? e : method === 'keys' ? { kind: 'const', value: e.key, node: e.node, bindings: e.bindings } : { kind: 'node', node: e.node, bindings: e.bindings, ...(e.origin ? { origin: e.origin } : {}) })) };
    }
    if (!obj || !Node.isObjectLiteralExpression(obj)) {
      return { ok: false, reason: target.kind === 'unknown' ? `\`${shorten(arg.getText(), 40)}\`, which the linter cannot read (${target.reason})` : 'an object the linter cannot read' };
    }
    const items: Element[] = [];
    for (const prop of obj.getProperties()) {
      // `{ ...redisTools, ...utilTools }`: the spread object's entries (a later key replaces an earlier one).
      if (Node.isSpreadAssignment(prop)) {
        const spread = this.objectEntries(prop.getExpression(), own, method);
        if (!spread.ok) return spread;
        items.push(...spread.items);
        continue;
      }
      if (!(Node.isPropertyAssignment(prop) || Node.isShorthandPropertyAssignment(prop))) return { ok: false, reason: `the entry \`${shorten(prop.getText(), 40)}\` cannot be read` };
      const nameNode = prop.getNameNode();
      let key = Node.isIdentifier(nameNode) ? nameNode.getText() : Node.isStringLiteral(nameNode) || Node.isNumericLiteral(nameNode) ? nameNode.getLiteralText() : null;
      if (Node.isComputedPropertyName(nameNode)) {
        const computed = evaluate(nameNode.getExpression(), this.resolver, 0, own);
        if (computed.known && (typeof computed.value === 'string' || typeof computed.value === 'number')) key = String(computed.value);
      }
      if (key === null) return { ok: false, reason: `the computed key ${shorten(nameNode.getText(), 40)} cannot be read` };
      const value = Node.isPropertyAssignment(prop) ? prop.getInitializerOrThrow() : prop.getNameNode();
      if (method === 'keys') items.push({ kind: 'const', value: key, node: nameNode, bindings: own });
      else if (method === 'values') items.push({ kind: 'node', node: value, bindings: own, origin: prop });
      else items.push({ kind: 'entry', key, node: value, bindings: own, origin: prop });
    }
    const written = this.writtenEntries(obj, own, method);
    if (!written.ok) return written;
    items.push(...written.items);
    return written.gaps ? { ok: true, items: lastOfEachKey(items), gaps: written.gaps } : { ok: true, items: lastOfEachKey(items) };
  }

  /**
   * The entries code writes into the object a literal's variable holds, after the literal's own:
   * `Object.assign(tools, getDocsTools(...))` adds the entries of each source (a source it cannot
   * read is a gap, as is a spread argument); `tools.name = v` and `tools["name"] = v` add that
   * key; a computed key is a gap. A write under a condition (a feature switched on) may run, so
   * its entries count.
   */
  private writtenEntries(obj: Node, b: Bindings, method: 'values' | 'keys' | 'entries'): Elements {
    const parts: Elements[] = [];
    for (const write of this.resolver.writesInto(obj)) {
      if (write.kind === 'assign') {
        for (const source of write.sources) {
          parts.push(Node.isSpreadElement(source) ? { ok: false, reason: `the entries of \`${shorten(write.call.getText(), 40)}\` are known only at run time` } : this.objectEntries(source, b, method));
        }
        continue;
      }
      const key = writtenKey(write.write);
      if (key === null) {
        parts.push({ ok: false, reason: `the key of \`${shorten(write.write.getLeft().getText(), 40)}\` is known only at run time` });
        continue;
      }
      const value = write.write.getRight();
      const nameNode = write.write.getLeft();
      parts.push({ ok: true, items: [method === 'keys' ? { kind: 'const', value: key, node: nameNode, bindings: b } : method === 'values' ? { kind: 'node', node: value, bindings: b, origin: write.write } : { kind: 'entry', key, node: value, bindings: b, origin: write.write }] });
    }
    if (parts.length === 0) return { ok: true, items: [] };
    const all = joined(parts);
    // Writes that add nothing readable leave the literal's own entries: each is a gap, not a failure.
    return all.ok ? all : { ok: true, items: [], gaps: parts.filter((p): p is { ok: false; reason: string } => !p.ok).map((p) => p.reason) };
  }
}

/**
 * Elements that are `[key, value]` pairs written as array literals (`names.map((n) => [n, table])`)
 * as entries, where the key can be read; other elements are left as they are.
 */
function pairsAsEntries(elements: Elements, resolver: Resolver): Elements {
  if (!elements.ok) return elements;
  const items = elements.items.map((e): Element => {
    const pair = e.kind === 'node' ? unwrap(e.node) : undefined;
    const [k, v, ...more] = pair && Node.isArrayLiteralExpression(pair) ? pair.getElements() : [];
    if (!k || !v || more.length > 0 || Node.isSpreadElement(k) || Node.isSpreadElement(v)) return e;
    const key = evaluate(k, resolver, 0, e.bindings);
    return key.known && (typeof key.value === 'string' || typeof key.value === 'number') ? { kind: 'entry', key: String(key.value), node: v, bindings: e.bindings, origin: e.origin ?? pair } : e;
  });
  return { ...elements, items };
}

/**
 * Tables joined end to end (an array literal's spreads, `concat`): the elements of each part in
 * order; a part that cannot be read is a gap. Fails only when every part fails.
 */
function joined(parts: Elements[]): Elements {
  const items: Element[] = [];
  const gaps: string[] = [];
  for (const part of parts) {
    if (!part.ok) {
      gaps.push(part.reason);
      continue;
    }
    items.push(...part.items);
    gaps.push(...(part.gaps ?? []));
  }
  const failed = parts.find((p): p is { ok: false; reason: string } => !p.ok);
  if (failed && parts.every((p) => !p.ok)) return failed;
  return gaps.length > 0 ? { ok: true, items, gaps: [...new Set(gaps)] } : { ok: true, items };
}

/**
 * True when a `.map()` callback's result is its element unchanged as far as a tool goes: the
 * parameter itself, or the rest of its destructuring when the keys taken out are neither `name` nor
 * `annotations` (`({ _meta, ...rest }) => rest`).
 */
function isPassThrough(result: Node, param: import('ts-morph').ParameterDeclaration): boolean {
  if (!Node.isIdentifier(result)) return false;
  const decl = result.getSymbol()?.getDeclarations()[0];
  if (decl === param) return true;
  const pattern = param.getNameNode();
  if (!decl || !Node.isObjectBindingPattern(pattern)) return false;
  const elements = pattern.getElements();
  const rest = elements.find((e) => e.getDotDotDotToken() !== undefined);
  const taken = elements.filter((e) => e !== rest).map((e) => e.getPropertyNameNode()?.getText() ?? e.getName());
  return decl === rest && !taken.includes('name') && !taken.includes('annotations');
}

/** The entries of an object literal as it is at run time: of several with one key, the last. */
function lastOfEachKey(items: Element[]): Element[] {
  const keyOf = (e: Element): string | null => {
    if (e.kind === 'entry') return e.key;
    if (e.kind === 'const') return e.value;
    return e.origin && (Node.isPropertyAssignment(e.origin) || Node.isShorthandPropertyAssignment(e.origin)) ? e.origin.getName() : null;
  };
  const last = new Map<string, number>();
  items.forEach((e, i) => {
    const key = keyOf(e);
    if (key !== null) last.set(key, i);
  });
  return items.filter((e, i) => {
    const key = keyOf(e);
    return key === null || last.get(key) === i;
  });
}

/** Binds `decl` (a loop variable or callback parameter, maybe destructured) to one element. */
function bindElement(b: Bindings, decl: Node, element: Element, scope: Node): Bindings {
  if (element.kind === 'node') return b.with(decl, { kind: element.settled ? 'settled' : 'node', node: element.node, bindings: element.bindings }, scope);
  // A key of `Object.keys(table)`: its text.
  if (element.kind === 'const') return b.with(decl, { kind: 'const', value: element.value }, scope);
  // `[key, value]` of Object.entries: bind the two names of a destructuring pattern; a plain name gets the pair.
  const nameNode = Node.isVariableDeclaration(decl) || Node.isParameterDeclaration(decl) ? decl.getNameNode() : null;
  if (nameNode && Node.isArrayBindingPattern(nameNode)) {
    const [k, v] = nameNode.getElements();
    let out = b;
    if (k && Node.isBindingElement(k)) out = out.with(k, { kind: 'const', value: element.key }, scope);
    if (v && Node.isBindingElement(v)) out = out.with(v, { kind: 'node', node: element.node, bindings: element.bindings }, scope);
    return out;
  }
  const pair: Bound = { kind: 'runtime', reason: 'an [key, value] entry held in one variable' };
  return b.with(decl, pair, scope);
}

/** True when `node` sits in a loop, in a function with parameters or in a member of a class's instances (one per instance): only then can it have several contexts. */
function hasBinderAround(node: Node): boolean {
  for (let a = node.getParent(); a; a = a.getParent()) {
    if (Node.isForOfStatement(a) || Node.isForInStatement(a)) return true;
    if (isFunctionNode(a) && (a.getParameters().length > 0 || classOfInstanceMember(a) !== null)) return true;
  }
  return false;
}

/** The declaration a `for (const x of ...)` or `for (const k in ...)` binds. */
function loopDeclaration(loop: ForOfStatement | import('ts-morph').ForInStatement): Node | null {
  const init = loop.getInitializer();
  if (Node.isVariableDeclarationList(init)) return init.getDeclarations()[0] ?? null;
  return null;
}

/** For a function passed to `table.forEach(...)` (and the other element callbacks): that call. */
function elementCallback(fn: FunctionNode): import('ts-morph').PropertyAccessExpression | null {
  const written = fn.getParentWhile((p) => Node.isParenthesizedExpression(p)) ?? fn;
  const call = written.getParent();
  if (!call || !Node.isCallExpression(call) || call.getArguments()[0] !== written) return null;
  const callee = unwrap(call.getExpression());
  return Node.isPropertyAccessExpression(callee) && ELEMENT_CALLBACKS.has(callee.getName()) ? callee : null;
}

/**
 * The name a table is written into: `const defs = []`, `{ items: [] }`, a field `items = new Map()`,
 * `this.items = []` (compiled fields); undefined for a table written nowhere with a name.
 */
function holderName(table: Node): Identifier | undefined {
  const holder = table.getParentWhile((p) => Node.isAsExpression(p) || Node.isSatisfiesExpression(p) || Node.isParenthesizedExpression(p)) ?? table;
  const owner = holder.getParent();
  const written = owner && Node.isBinaryExpression(owner) && Node.isPropertyAccessExpression(owner.getLeft()) ? (owner.getLeft() as import('ts-morph').PropertyAccessExpression).getNameNode() : undefined;
  const nameNode = owner && (Node.isVariableDeclaration(owner) || Node.isPropertyAssignment(owner) || Node.isPropertyDeclaration(owner)) ? owner.getNameNode() : written;
  return nameNode && Node.isIdentifier(nameNode) ? nameNode : undefined;
}

/**
 * The references to a name (its declaration left out), when the text of some project file
 * matches `change` (given the name, escaped): asking the language service costs, and the text
 * search rules most tables out.
 */
function referencesWhere(nameNode: Identifier, change: (name: string) => string): Node[] {
  const source = change(nameNode.getText().replace(/\$/g, '\\$'));
  let byPattern = REFERENCES.get(nameNode.compilerNode);
  if (!byPattern) REFERENCES.set(nameNode.compilerNode, (byPattern = new Map()));
  let refs = byPattern.get(source);
  if (!refs) {
    const pattern = new RegExp(source);
    const written = nameNode.getProject().getSourceFiles().some((sf) => !sf.isDeclarationFile() && pattern.test(sf.getFullText()));
    refs = written ? nameNode.findReferencesAsNodes().filter((ref) => ref !== nameNode) : [];
    byPattern.set(source, refs);
  }
  return refs;
}

/** {@link referencesWhere} by name node and pattern: the program does not change during a run, nor do the references in it. */
const REFERENCES = new WeakMap<TS.Node, Map<string, Node[]>>();

/**
 * The names of the identifiers inside `node` (itself included), and `this` when it is used. Names, not declarations: asking
 * the checker for every identifier of every handler costs more than the few extra contexts a
 * shadowed name can cause, which only re-read the same code with more bindings.
 */
function identifiersIn(node: Node): Set<string> {
  const out = new Set<string>();
  const visit = (n: TS.Node): void => {
    if (ts.isIdentifier(n)) out.add(n.text);
    else if (n.kind === ts.SyntaxKind.ThisKeyword) out.add('this');
    else ts.forEachChild(n, visit);
  };
  visit(node.compilerNode);
  return out;
}

/** True when `uses` contains the name `decl` declares, or one its destructuring declares. */
function usesAny(uses: Set<string>, decl: Node): boolean {
  const name = (decl as Node & { getNameNode?: () => Node }).getNameNode?.();
  if (!name) return false;
  if (Node.isIdentifier(name)) return uses.has(name.getText());
  let found = false;
  const visit = (n: TS.Node): void => {
    if (found) return;
    if (ts.isBindingElement(n) && ts.isIdentifier(n.name)) found = uses.has(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(name.compilerNode);
  return found;
}

/**
 * The calls of a function a bundler exports through a module namespace object, which holds a
 * getter per export: esbuild's `__export(ns, { name: () => name })`, rolldown's
 * `var ns = __exportAll({ name: () => name })`. `ref` is the getter's body; the calls are
 * `ns.name(...)` and `ns[key](...)` (`for (const key in ns) ns[key](server)`, any export when
 * `key` is not known). Null when `ref` is no such getter.
 */
function namespaceMemberCalls(ref: Node): Node[] | null {
  const getter = ref.getParent();
  if (!getter || !Node.isArrowFunction(getter) || getter.getBody() !== ref || getter.getParameters().length > 0) return null;
  const property = getter.getParent();
  const literal = property?.getParent();
  const helper = literal?.getParent();
  if (!property || !Node.isPropertyAssignment(property) || !literal || !helper || !Node.isCallExpression(helper)) return null;
  const [first, second] = helper.getArguments();
  // `__export(ns, {...})` names the namespace; `var ns = __exportAll({...})` holds it.
  const holder = helper.getParent();
  const namespace = second === literal && first && Node.isIdentifier(first) ? first.getSymbol()?.getDeclarations()[0]?.getFirstChildByKind(SyntaxKind.Identifier)
    : first === literal && holder && Node.isVariableDeclaration(holder) ? holder.getNameNode() : undefined;
  if (!namespace || !Node.isIdentifier(namespace)) return null;
  const key = property.getName();
  const calls: Node[] = [];
  for (const use of namespace.findReferencesAsNodes()) {
    const member = use.getParent();
    const call = member?.getParent();
    if (!member || !call || !Node.isCallExpression(call) || call.getExpression() !== member) continue;
    if (Node.isPropertyAccessExpression(member) && member.getExpression() === use && member.getName() === key) calls.push(call);
    if (Node.isElementAccessExpression(member) && member.getExpression() === use) {
      const index = member.getArgumentExpression();
      const literalKey = index && (Node.isStringLiteral(index) || Node.isNoSubstitutionTemplateLiteral(index)) ? index.getLiteralValue() : null;
      if (literalKey === null || literalKey === key) calls.push(call);
    }
  }
  return calls;
}

/**
 * The expressions that stand for each element of a walked table: the loop variable of
 * `for (const f of <table>)`, the first parameter of `<table>.forEach(f => ...)` (and the other
 * element callbacks).
 */
function walkedElements(table: Node): Node[] {
  const parent = table.getParent();
  if (parent && Node.isForOfStatement(parent) && parent.getExpression() === table) {
    const decl = loopDeclaration(parent);
    const name = decl && Node.isVariableDeclaration(decl) ? decl.getNameNode() : undefined;
    return name && Node.isIdentifier(name) ? name.findReferencesAsNodes().filter((r) => r !== name) : [];
  }
  const call = parent?.getParent();
  if (parent && Node.isPropertyAccessExpression(parent) && ELEMENT_CALLBACKS.has(parent.getName()) && call && Node.isCallExpression(call)) {
    const callback = call.getArguments()[0] && unwrap(call.getArguments()[0]);
    const first = callback && isFunctionNode(callback) ? callback.getParameters()[0]?.getNameNode() : undefined;
    return first && Node.isIdentifier(first) ? first.findReferencesAsNodes().filter((r) => r !== first) : [];
  }
  return [];
}

/**
 * The reads `x.name` of the property an assignment `target` writes (`s.name = ...`,
 * `exports.name = ...`), found by name across the project's files: those the type checker
 * places at that write (a `require` of a CommonJS module, whose references it does not list),
 * and those on receivers it cannot type, unless some other code writes a property of that name
 * too (the reads might be of it).
 */
function propertyReadsByName(target: import('ts-morph').PropertyAccessExpression): Node[] {
  const name = target.getName();
  const pattern = new RegExp(`\\.\\s*${name.replace(/\$/g, '\\$')}(?![\\w$])`);
  const placed: Node[] = [];
  const untyped: Node[] = [];
  let writtenElsewhere = false;
  for (const sf of target.getProject().getSourceFiles()) {
    if (sf.isDeclarationFile() || !pattern.test(sf.getFullText())) continue;
    const accesses = descendantsOfKinds<import('ts-morph').PropertyAccessExpression>(sf, [SyntaxKind.PropertyAccessExpression], (n) => (n as TS.PropertyAccessExpression).name.text === name);
    for (const access of accesses) {
      if (access === target) continue;
      const declarations = access.getNameNode().getSymbol()?.getDeclarations() ?? [];
      const write = access.getParent();
      const isWrite = write !== undefined && Node.isBinaryExpression(write) && write.getLeft() === access && write.getOperatorToken().getKind() === SyntaxKind.EqualsToken;
      if (declarations.includes(target)) {
        if (!isWrite) placed.push(access);
      } else if (isWrite) writtenElsewhere = true;
      else if (declarations.length === 0) untyped.push(access);
    }
  }
  return writtenElsewhere ? placed : [...placed, ...untyped];
}

/** True for a write of a module's export (`exports.f = f`, `module.exports.f = f`, `module.exports = f`). */
function isExportWrite(node: Node): boolean {
  if (!Node.isBinaryExpression(node) || node.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return false;
  return /^(module\.exports|(module\.)?exports\.[\w$]+)$/.test(node.getLeft().getText().replace(/\s+/g, ''));
}

/** The function that returns `fn` as written (`return (def) => {...}`, `(server) => (def) => {...}`), or undefined. */
function returnedFrom(fn: FunctionNode): FunctionNode | undefined {
  const holder = fn.getParentWhile((p) => Node.isParenthesizedExpression(p) || Node.isAsExpression(p)) ?? fn;
  const parent = holder.getParent();
  if (parent && Node.isReturnStatement(parent)) {
    const owner = parent.getFirstAncestor((a) => isFunctionNode(a));
    return owner && isFunctionNode(owner) ? owner : undefined;
  }
  return parent && Node.isArrowFunction(parent) && parent.getBody() === holder ? parent : undefined;
}

function functionName(fn: FunctionNode): string {
  if (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn)) return `\`${fn.getName() ?? 'function'}\``;
  const parent = fn.getParent();
  if (parent && Node.isVariableDeclaration(parent)) return `\`${parent.getName()}\``;
  const assignment = fn.getParentWhile((p) => Node.isAsExpression(p) || Node.isParenthesizedExpression(p))?.getParent() ?? parent;
  if (assignment && Node.isBinaryExpression(assignment)) return `the replacement of \`${shorten(assignment.getLeft().getText(), 40)}\``;
  return 'this function';
}

/** For a method, accessor or constructor of a class's instances, that class; null for any other function. */
function classOfInstanceMember(fn: FunctionNode): ClassLike | null {
  if (!(Node.isMethodDeclaration(fn) || Node.isConstructorDeclaration(fn) || Node.isGetAccessorDeclaration(fn))) return null;
  if (!Node.isConstructorDeclaration(fn) && fn.isStatic()) return null;
  const cls = fn.getParent();
  return Node.isClassDeclaration(cls) || Node.isClassExpression(cls) ? cls : null;
}

/** The receiver of a method call `receiver.m(...)`; null for a call of a plain name. */
function receiverOf(call: CallExpression): Node | null {
  const callee = unwrap(call.getExpression());
  return Node.isPropertyAccessExpression(callee) ? callee.getExpression() : null;
}

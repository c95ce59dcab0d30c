import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Expression, Identifier, SourceFile, ts as TS } from 'ts-morph';
import { Node, SyntaxKind, ts } from '../ts-morph.js';
import { compilerDescendantsOfKinds, descendantsOfKinds, isAssignmentOperator, importedModuleOf, wrapped } from './nodes.js';
import { Bindings, nodeKey, type Bound } from './bindings.js';
import { BoundCache, deeperThan, noteStackCut } from './read-sets.js';
import type { Evaluated } from './values.js';
import { returnedExpressions, soleReturn } from './returns.js';
import { type FunctionNode, initializerOf, isEmitHelperCall, isFunctionNode, isNewOf, requireSpecifier, shorten, unwrap, unwrapCompiler } from './syntax.js';
import { CollectionElements } from './collection-elements.js';
import { registryLookup } from './registry-lookup.js';
import { type KeyedWrite, keyLoopOf, keyedWritesIn, literalHolder, writtenKey } from './keyed-writes.js';
import { type MemoPool, poolRead } from './memo-pools.js';

/**
 * What an expression stands for, as far as static resolution can tell.
 * - `function`: a function of the project, whose body can be walked;
 * - `module`: a value reached from an import of a package that is not project code
 *   (`node:fs/promises` + `['writeFile']`); `specifier` is as written; `vendored` when the module
 *   is third-party code the package ships, which is not loaded (`third-party code (third_party/),
 *   a dependency bundled into index.js`);
 * - `global`: a value reached from a global name that has no declaration in the project (`fetch`, `console.log`);
 * - `value`: another expression the name stands for (an object literal, a `new` expression);
 * - `const`: a static value a context bound (the tool name a dispatch branch handles); `partial` when
 *   keys it lacks are known only at run time (the rest of a request);
 * - `unknown`: anything else, with the reason; `opaque` when the type checker cannot know more
 *   either (an untyped parameter), so members are not looked up through it; `runtime` when the
 *   value is data only run time has (an element of a plugin registry); `declaredOnly` when the
 *   project declares it with a type but no code (`declare const db: {...}`, a method signature).
 *
 * `function` and `value` targets carry the {@link Bindings} their code is read in (absent: none).
 */
export type Target =
  | { kind: 'function'; node: FunctionNode; bindings?: Bindings }
  | { kind: 'module'; specifier: string; path: string[]; vendored?: string }
  | { kind: 'global'; path: string[] }
  | { kind: 'value'; node: Expression; bindings?: Bindings; openKeys?: ReadonlySet<string> }
  | { kind: 'const'; value: unknown; partial?: boolean }
  | { kind: 'unknown'; reason: string; opaque?: boolean; runtime?: boolean; declaredOnly?: boolean };

/** A class declaration or expression. */
export type ClassLike = import('ts-morph').ClassDeclaration | import('ts-morph').ClassExpression;

/** An instance `made` of the project class `cls`, with the bindings its members are read in. */
export interface Instance {
  cls: ClassLike;
  made: import('ts-morph').NewExpression;
  bindings: Bindings;
}

/**
 * The key under which {@link Bindings} hold what `this` stands for in the instance members of a
 * class: its `class` keyword, a node no declaration lookup ever asks for.
 */
export function thisKey(cls: ClassLike): Node {
  return cls.getFirstChildByKindOrThrow(SyntaxKind.ClassKeyword);
}

/** The bindings a target's code is read in. */
export function bindingsOf(target: Target): Bindings {
  return (target.kind === 'function' || target.kind === 'value') && target.bindings ? target.bindings : Bindings.EMPTY;
}

/** Attaches bindings to a function or value target (the empty set is left off, to keep targets plain). */
function withBindings(target: Target, b: Bindings): Target {
  if ((target.kind === 'function' || target.kind === 'value') && b.size > 0 && !target.bindings) return { ...target, bindings: b };
  return target;
}

const MAX_RESOLVE_DEPTH = 32;

/** What an import whose module is not written as a string (`import x from 123`, in a file that does not parse) stands for. */
const NO_SPECIFIER: Target = { kind: 'unknown', reason: 'an import whose module specifier is not a string' };

/** Path segment for the result of calling a library value: `fs.open(p).read` → `['open', '()', 'read']`. */
export const RESULT_OF_CALL = '()';
/** Path segment for an instance made with `new`: `new Client().send` → `['Client', 'new()', 'send']`. */
export const RESULT_OF_NEW = 'new()';

/** Names of the global object itself. */
const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'window', 'self']);

/** A name as a property key, or null when it is computed. */
function keyName(node: Node): string | null {
  const n = unwrap(node);
  if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n) || Node.isNumericLiteral(n)) return n.getLiteralText();
  return null;
}

/**
 * What resolution asks of the layers above it, which read values through the Resolver: evaluation
 * (evaluate.ts) and branch verdicts (branches.ts). Resolving and evaluating are one mutual
 * recursion at run time (a computed `import(expr)` is resolved by evaluating `expr`, whose names
 * are resolved), so the Resolver is handed these two questions when it is made rather than
 * importing the modules that answer them; `lint` (src/index.ts) wires them.
 */
export interface Evaluation {
  /** The static value of `expr` read in `b` (evaluate.ts's `evaluate`). */
  evaluate(expr: Node, b: Bindings): Evaluated;
  /** False when a guard of `node` within `fn` is known to be false under `b` (BranchIndex.isReachable). */
  isReachable(node: Node, fn: FunctionNode, b: Bindings): boolean;
}

/** Operators whose value is their left side, or their right side when the left is nullish or falsy (`??`, `||` and their assignments). */
const FALLBACK_OPERATORS: ReadonlySet<SyntaxKind> = new Set([SyntaxKind.QuestionQuestionToken, SyntaxKind.BarBarToken, SyntaxKind.QuestionQuestionEqualsToken, SyntaxKind.BarBarEqualsToken]);

/** Array methods that take one entry off a list and return it. */
const TAKING_METHODS: ReadonlySet<string> = new Set(['shift', 'pop']);

/**
 * Resolves expressions to what they stand for, across files of one project.
 * Memoizes module resolution and export lookups. Never executes code.
 */
export class Resolver {
  private readonly moduleCache = new Map<string, SourceFile | null>();

  private readonly assignedInFile = new Map<SourceFile, Map<Node, Writes>>();
  /** Per file, the `x.name = v` and `x[key] = v` writes into objects variables hold (see keyed-writes.ts). */
  private readonly keyedInFile = new Map<SourceFile, Map<Node, KeyedWrite[]>>();
  private readonly exportCache = new Map<SourceFile, ReadonlyMap<string, Node[]>>();
  private readonly declarationCache = new Map<Node, Target>();
  /** {@link Resolver.resolveDeclaration} under bindings, by the bindings' id (a hit notes the reads it skips, read-sets.ts). */
  private readonly boundDeclarationCache = new BoundCache<Node, Target>();
  /**
   * The declarations being resolved now, by the id of the bindings they are read in: a const
   * made from itself (`const h = wrap(h)`, `const S = { ...S }`, also through another const) is
   * met again inside its own resolution, which would not end; there it stands for nothing known.
   */
  private readonly resolvingDeclarations = new Map<number, Set<Node>>();
  /** The declaration each identifier names (null: none, a global), as the checker first said. */
  private readonly identifierDecls = new Map<Node, Node | null>();
  private readonly literalReturnsCache = new Map<FunctionNode, Node[]>();
  /** Per class, the right-hand sides of its `this.<name> = ...` assignments, by name. */
  private readonly fieldWrites = new Map<Node, Map<string, Node[]>>();
  /** {@link Resolver.instance} by the id of the bindings it is read in and `new` expression (a hit notes the reads it skips, read-sets.ts). */
  private instanceCache = new BoundCache<Node, Instance | null>();
  /** {@link Resolver.instancesOf} of each class (emptied with the answers by {@link Resolver.listTools}). */
  private instancesByClass = new Map<ClassLike, Instance[]>();
  /** See {@link Resolver.loopElements}: made on first use (the project's files are all loaded by then). */
  private collections: CollectionElements | null = null;
  /**
   * The answers of {@link Resolver.resolve} by bindings id and compiler node, those no depth limit
   * or re-entrancy guard shaped (read-sets.ts), which any depth gives; emptied by {@link Resolver.listTools}.
   */
  private answers = new BoundCache<TS.Node, Target>();
  /** {@link Resolver.literalMember} by bindings id and `<node key>:<name>`, kept as {@link Resolver.answers} are. */
  private literalMembers = new BoundCache<string, Target>();
  /**
   * The answers of evaluate.ts's `evaluate` under this resolver, kept as {@link Resolver.answers}
   * are: what a resolver lists decides what evaluation can give too.
   */
  evaluations = new BoundCache<TS.Node, Evaluated>();

  /** The tools the program's tools/list handlers list, by name (see {@link Resolver.listTools}). */
  private listedTools = new Map<string, { node: Node; bindings: Bindings }[]>();
  /** See {@link Resolver.newExpressions}: built on first use (the project's files are all loaded by then). */
  private newSites: Map<string, import('ts-morph').NewExpression[]> | null = null;
  /** The memo pools being read (see {@link Resolver.pooledValue}). */
  private readonly readingPools = new Set<MemoPool>();

  /**
   * The returns of a preset helper (every `return` gives an object, array or string literal), or
   * none for any other function: only such helpers are worth choosing a return for, and the walk
   * is done once per function.
   */
  private literalReturns(fn: FunctionNode): Node[] {
    let returns = this.literalReturnsCache.get(fn);
    if (!returns) {
      const all = returnedExpressions(fn);
      const literal = (n: Node): boolean => {
        const u = unwrap(n);
        return Node.isObjectLiteralExpression(u) || Node.isArrayLiteralExpression(u) || Node.isStringLiteral(u) || Node.isNoSubstitutionTemplateLiteral(u);
      };
      returns = all.length > 1 && all.length <= 32 && all.every(literal) ? all : [];
      this.literalReturnsCache.set(fn, returns);
    }
    return returns;
  }

  /**
   * The module a computed `import(expr)` or `require(expr)` (the call `loader`) loads, when `expr`
   * evaluates in `b` to a string: a `file:` URL or an absolute path is read relative to the
   * importing file, anything else as written. Unknown, saying why, when it does not (or the
   * Resolver was made without an {@link Evaluation}).
   */
  private computedModule(loader: Node, expr: Node, depth: number, b: Bindings): Target {
    const v = this.evaluation?.evaluate(expr, b);
    if (!v || !v.known || typeof v.value !== 'string') {
      const why = v && !v.known ? ` (${v.reason})` : '';
      return { kind: 'unknown', reason: `the module \`${shorten(loader.getText(), 60)}\` loads is known only at run time${why}` };
    }
    const written = v.value;
    const file = written.startsWith('file:') ? fileUrlPath(written) : path.isAbsolute(written) ? written : null;
    if (file === null) return this.fromModule(loader.getSourceFile(), written, [], depth);
    const relative = path.relative(path.dirname(loader.getSourceFile().getFilePath()), file).split(path.sep).join('/');
    return this.fromModule(loader.getSourceFile(), relative.startsWith('.') ? relative : `./${relative}`, [], depth);
  }

  /**
   * @param isProjectFile whether a file is project code to follow into (not a package's, not a declaration).
   * @param resolveModule the program's module resolution (see `loadProgram`).
   * @param evaluation the values and branch verdicts resolution needs in a few places (see
   *   {@link Evaluation}); without it computed specifiers stay unknown, a helper with several
   *   `return`s is read as returning none of them, and a conditional's sides are never chosen between.
   */
  constructor(
    private readonly isProjectFile: (sf: SourceFile) => boolean,
    private readonly resolveModule: (specifier: string, containingFile: string) => TS.ResolvedModuleFull | undefined,
    private readonly evaluation: Evaluation | null = null,
    private readonly vendoredModule: (specifier: string, containingFile: string) => string | null = () => null,
  ) {}

  /**
   * The variables a file writes (`=`, `+=`, `++`, ...), each with the right-hand sides of its plain
   * `=` assignments and whether some write is not a plain `=` (a counter). One walk per file serves
   * every `let` and `var` read in it.
   */
  private assignmentsIn(sf: SourceFile): Map<Node, Writes> {
    let assigned = this.assignedInFile.get(sf);
    if (assigned) return assigned;
    const found = new Map<Node, Writes>();
    const writes = descendantsOfKinds(sf, [SyntaxKind.BinaryExpression, SyntaxKind.PrefixUnaryExpression, SyntaxKind.PostfixUnaryExpression], (n) => {
      if (ts.isBinaryExpression(n)) return isAssignmentOperator(n.operatorToken.kind);
      const op = (n as TS.PrefixUnaryExpression | TS.PostfixUnaryExpression).operator;
      return op === SyntaxKind.PlusPlusToken || op === SyntaxKind.MinusMinusToken;
    });
    for (const w of writes) {
      const target = unwrap(Node.isBinaryExpression(w) ? w.getLeft() : (w as import('ts-morph').PrefixUnaryExpression).getOperand());
      const decl = Node.isIdentifier(target) ? target.getSymbol()?.getDeclarations()[0] : undefined;
      if (!decl) continue;
      const entry = found.get(decl) ?? { values: [], compound: false };
      if (Node.isBinaryExpression(w) && w.getOperatorToken().getKind() === SyntaxKind.EqualsToken) entry.values.push(w.getRight());
      else entry.compound = true;
      found.set(decl, entry);
    }
    assigned = found;
    this.assignedInFile.set(sf, assigned);
    return assigned;
  }

  /**
   * The writes its file makes to the `let` or `var` `decl` after declaring it (see
   * {@link Resolver.assignmentsIn}): each plain `=` assignment, in source order, and whether some
   * write is not a plain `=`; undefined when nothing writes it.
   */
  writesOf(decl: import('ts-morph').VariableDeclaration): { assignments: import('ts-morph').BinaryExpression[]; compound: boolean } | undefined {
    const writes = this.assignmentsIn(decl.getSourceFile()).get(decl);
    return writes && { assignments: writes.values.map((v) => v.getParentOrThrow() as import('ts-morph').BinaryExpression), compound: writes.compound };
  }

  /**
   * What the collection a `for...of` loop walks can hold, from the whole program (see
   * collection-elements.ts): an empty list when nothing is ever added to it (its body never runs),
   * null when the program does not tell.
   */
  loopElements(loop: import('ts-morph').ForOfStatement): Node[] | null {
    return this.collectionsOf(loop).ofLoop(loop);
  }

  /**
   * Tells the resolver the tool objects the program's `tools/list` handlers list (discovery,
   * low-level.ts), each with its name and the bindings it was read in: a registry lookup in a
   * `tools/call` handler (`Array.from(this.host.tools.values()).find((t) => t.name === name)`, also
   * in a helper it calls) whose list the program does not tell (a Map another class fills at run
   * time) finds, for the tool name it is asked for, the one tool listed under that name (see
   * {@link Resolver.registryEntry}). The listing is what clients see: the entry `tools/call` runs
   * for a name is the one `tools/list` gave under it. Only a search that compares each entry's
   * `name` (`find`): a Map's `get` may be keyed otherwise. Replaces what an earlier call gave.
   */
  listTools(tools: readonly { name: string; node: Node; bindings: Bindings }[]): void {
    this.listedTools = new Map();
    this.answers = new BoundCache();
    this.literalMembers = new BoundCache();
    this.evaluations = new BoundCache();
    this.instanceCache = new BoundCache();
    this.instancesByClass = new Map();
    for (const { name, node, bindings } of tools) {
      const list = this.listedTools.get(name) ?? [];
      list.push({ node, bindings });
      this.listedTools.set(name, list);
    }
  }

  /** The program's collections (collection-elements.ts), read from `node`'s project on first use (its files are all loaded by then). */
  private collectionsOf(node: Node): CollectionElements {
    return (this.collections ??= new CollectionElements(node.getProject(), this.isProjectFile));
  }

  /** The values every call of its function gives a parameter, from the whole program (collection-elements.ts), or null when the program does not tell. */
  parameterValues(param: import('ts-morph').ParameterDeclaration): Node[] | null {
    return this.collectionsOf(param).parameterValues(param);
  }

  /**
   * What the collection `expr` names can hold (`this.policies`, a list filled by `use(policy)`
   * calls), from the whole program (collection-elements.ts); null when the program does not tell.
   */
  collectionElements(expr: Node): Node[] | null {
    return this.collectionsOf(expr).ofCollection(expr);
  }

  /** The project source file a module specifier written in `from` refers to, or null for a package or an unresolved path. */
  projectModule(from: SourceFile, specifier: string): SourceFile | null {
    const key = `${from.getFilePath()}\0${specifier}`;
    const cached = this.moduleCache.get(key);
    if (cached !== undefined) return cached;
    let result: SourceFile | null = null;
    const project = from.getProject();
    const resolved = this.resolveModule(specifier, from.getFilePath());
    if (resolved) {
      const sf = project.getSourceFile(resolved.resolvedFileName) ?? null;
      result = sf && this.isProjectFile(sf) ? sf : null;
    }
    if (!result && specifier.startsWith('.')) {
      // A relative specifier that TypeScript could not map (e.g. './x.js' next to x.ts in an unusual layout).
      const base = path.resolve(path.dirname(from.getFilePath()), specifier);
      for (const candidate of [base, base.replace(/\.[cm]?js$/, '.ts'), `${base}.ts`, `${base}.js`, path.join(base, 'index.ts'), path.join(base, 'index.js')]) {
        const sf = project.getSourceFile(candidate);
        if (sf && this.isProjectFile(sf)) {
          result = sf;
          break;
        }
      }
    }
    this.moduleCache.set(key, result);
    return result;
  }

  /** A project file's exports by name (memoized: ts-morph computes them afresh on each call). */
  private exportsOf(sf: SourceFile): ReadonlyMap<string, Node[]> {
    let exports = this.exportCache.get(sf);
    if (!exports) {
      const all = new Map<string, Node[]>(sf.getExportedDeclarations());
      // tsc's CommonJS output declares every export first as `exports.x = void 0` (the value comes
      // later), and re-exports with `Object.defineProperty(exports, "x", { get })`: read those ourselves.
      const placeholder = (d: Node): boolean =>
        (Node.isBinaryExpression(d) && /^(void 0|exports\.[\w$]+ = .*)$/.test(d.getRight().getText())) ||
        (Node.isCallExpression(d) && d.getExpression().getText() === 'Object.defineProperty');
      for (const [name, node] of commonJsExports(sf)) if (!all.has(name) || all.get(name)!.every(placeholder)) all.set(name, [node]);
      exports = all;
      // Cached before the star re-exports are read: a module that re-exports itself, or a cycle of
      // index files, sees the names found so far.
      this.exportCache.set(sf, exports);
      for (const specifier of commonJsStarReExports(sf)) {
        const reExported = this.projectModule(sf, specifier);
        if (!reExported || reExported === sf) continue;
        for (const [name, nodes] of this.exportsOf(reExported)) {
          if (name !== 'default' && name !== '__esModule' && (!all.has(name) || all.get(name)!.every(placeholder))) all.set(name, nodes);
        }
      }
    }
    return exports;
  }

  /** The names a project module exports (ESM and CommonJS), in source order. */
  exportNames(sf: SourceFile): string[] {
    return [...this.exportsOf(sf).keys()].filter((n) => n !== '__esModule' && n !== 'default');
  }

  /** Where a project module declares its export `name` (`export const click = ...`, `exports.click = ...`), or undefined. */
  exportDeclaration(sf: SourceFile, name: string): Node | undefined {
    return this.exportsOf(sf).get(name)?.[0];
  }

  /** Resolves `names` (an export name, then properties; at least one) inside a project module. */
  private resolveExport(sf: SourceFile, names: string[], depth: number): Target {
    const [first, ...rest] = names as [string, ...string[]];
    const decl = this.exportsOf(sf).get(first)?.[0];
    if (!decl) return { kind: 'unknown', reason: `${sf.getBaseName()} has no export "${first}"` };
    let target = this.resolveDeclaration(decl, depth + 1);
    for (const name of rest) target = this.member(target, name, null, depth + 1);
    return target;
  }

  /**
   * Resolves an import-rooted path: into the project when the module is project code, a
   * declared-only value when it is a declaration file of the project (`./api.js` typed by
   * `api.d.ts`, no code), else a `module` target.
   */
  private fromModule(from: SourceFile, specifier: string, names: string[], depth: number): Target {
    const sf = this.projectModule(from, specifier);
    if (sf) {
      const exports = this.exportsOf(sf);
      const effective = names[0] === 'default' && !exports.has('default') && (names.length > 1 || wholeModuleExport(sf)) ? names.slice(1) : names;
      // `module.exports = save` / `export = save`: the module is that value.
      const whole = effective.length === 0 || !exports.has(effective[0]!) ? wholeModuleExport(sf) : undefined;
      if (whole) return effective.reduce<Target>((t, name) => this.member(t, name, null, depth + 1), this.resolve(whole, depth + 1));
      // The module object itself (`require("./h")`, `import * as h`): its members are its exports.
      return effective.length === 0 ? { kind: 'value', node: sf as unknown as Expression } : this.resolveExport(sf, effective, depth);
    }
    // A JSON file of the package (`import defs from "./tools.json"`, `require("./tools.json")`): its data.
    const json = specifier.startsWith('.') && /\.json$/i.test(specifier) ? readJsonData(path.resolve(path.dirname(from.getFilePath()), specifier)) : undefined;
    if (json) {
      let value = json.value;
      for (const name of names[0] === 'default' ? names.slice(1) : names) {
        if (value === null || typeof value !== 'object' || !Object.hasOwn(value, name)) return { kind: 'unknown', reason: `${specifier} has no key "${name}"` };
        value = (value as Record<string, unknown>)[name];
      }
      return { kind: 'const', value };
    }
    // Third-party code the package ships is not loaded: what it exports is opaque, as a package's is.
    const vendored = this.vendoredModule(specifier, from.getFilePath());
    if (vendored !== null) return { kind: 'module', specifier, path: names, vendored };
    const declaration = this.resolveModule(specifier, from.getFilePath())?.resolvedFileName;
    if (declaration && /\.d\.[cm]?ts$/.test(declaration)) {
      return { kind: 'unknown', reason: `${[specifier, ...names].join(' ')} is only declared (in ${path.basename(declaration)}), with no code to analyse`, declaredOnly: true };
    }
    return { kind: 'module', specifier, path: names };
  }

  /**
   * Resolves any expression. `b` binds parameters and loop variables of the context the
   * expression is read in (a wrapper's call site, a table element); see {@link Bindings}.
   */
  resolve(expr: Node, depth = 0, b: Bindings = Bindings.EMPTY): Target {
    if (deeperThan(depth, MAX_RESOLVE_DEPTH)) return { kind: 'unknown', reason: 'resolution depth limit' };
    const node = unwrap(expr);
    return this.answers.getIfStackFree(b.id, node.compilerNode, () => this.resolveNode(node, depth, b));
  }

  /** {@link Resolver.resolve} of an unwrapped node within the depth limit, not memoized. */
  private resolveNode(node: Node, depth: number, b: Bindings): Target {
    if (isFunctionNode(node)) return withBindings({ kind: 'function', node }, b.visibleFrom(node));
    if (Node.isIdentifier(node)) return this.resolveIdentifier(node, depth, b);
    if (node.getKind() === SyntaxKind.ThisKeyword) {
      // `this` of an instance member the context binds (a receiver of the method's call site).
      const bound = boundThis(node, b);
      return bound ? this.resolveBound(bound, depth, node, b) : thisOf(node);
    }
    if (Node.isPropertyAccessExpression(node)) {
      return this.member(this.resolve(node.getExpression(), depth + 1, b), node.getName(), node.getNameNode(), depth + 1, node);
    }
    if (Node.isElementAccessExpression(node)) {
      const arg = node.getArgumentExpression();
      const key = arg ? keyName(arg) ?? this.constantKey(arg, depth, b) : null;
      const found = key === null ? { kind: 'unknown' as const, reason: `computed member ${shorten(node.getText())}` } : this.member(this.resolve(node.getExpression(), depth + 1, b), key, null, depth + 1, node);
      // `clientPool[appId]` of an object filled as a memo under run-time keys: what it is filled with.
      return found.kind === 'unknown' ? this.pooledValue(node, depth) ?? found : found;
    }
    const spec = requireSpecifier(node);
    if (spec !== null) return this.fromModule(node.getSourceFile(), spec, [], depth);
    // `require(path.join(__dirname, "tools", file))` with `file` bound to one entry of a folder.
    if (Node.isCallExpression(node) && unwrap(node.getExpression()).getText() === 'require' && node.getArguments().length === 1) {
      return this.computedModule(node, node.getArguments()[0]!, depth, b);
    }
    // A cached singleton (`globalThis.prisma ?? new PrismaClient()`, `cache || createClient()`): the
    // cache holds what the fallback makes, so the fallback says what the value is.
    // `pool[k] ??= make()` gives what `pool[k] ?? make()` would; `x = make()` gives what it assigns.
    if (Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === SyntaxKind.EqualsToken) return this.resolve(node.getRight(), depth + 1, b);
    if (Node.isBinaryExpression(node) && FALLBACK_OPERATORS.has(node.getOperatorToken().getKind())) {
      const fallback = this.resolve(node.getRight(), depth + 1, b);
      // `sessions.get(id) ?? (sessions.set(id, open(id)), sessions.get(id))`: a memo's value either way;
      // `pool[k] ??= open(k)` stores its right side in the pool, so the pool's value stands for it.
      const pooled = this.pooledValue(node.getLeft(), depth);
      const stores = node.getOperatorToken().getKind() !== SyntaxKind.QuestionQuestionToken && node.getOperatorToken().getKind() !== SyntaxKind.BarBarToken;
      if (pooled && (stores || sameTarget(pooled, fallback))) return pooled;
      if (fallback.kind === 'module' || fallback.kind === 'function') return fallback;
      // An implementation a parameter may inject, else a global (`httpRequestImpl ?? fetch`): the default decides, as above.
      if (fallback.kind === 'global' && isParameterValue(node.getLeft())) return fallback;
    }
    // `typeof p === "function" ? p() : p`, `lazy ? () => connect() : client` (a client or a factory of
    // one): a package's object either way.
    if (Node.isConditionalExpression(node)) {
      const sides = [node.getWhenTrue(), node.getWhenFalse()].map((side) => this.resolve(side, depth + 1, b));
      const modules = sides.filter((s): s is Extract<Target, { kind: 'module' }> => s.kind === 'module');
      if (modules.length > 0 && modules.every((m) => m.specifier === modules[0]!.specifier) && sides.every((s) => s.kind === 'module' || s.kind === 'unknown' || s.kind === 'function')) {
        return modules.find((m) => m.path[m.path.length - 1] !== RESULT_OF_CALL) ?? modules[0]!;
      }
    }
    if (Node.isAwaitExpression(node)) {
      const inner = unwrap(node.getExpression());
      if (Node.isCallExpression(inner) && inner.getExpression().getKind() === SyntaxKind.ImportKeyword) {
        const arg = inner.getArguments()[0];
        if (arg && Node.isStringLiteral(arg)) return this.fromModule(node.getSourceFile(), arg.getLiteralValue(), [], depth);
        // `await import(pathToFileURL(join(dir, file)).href)` with `file` bound to one entry of a folder.
        if (arg) return this.computedModule(inner, arg, depth, b);
      }
      return this.resolve(inner, depth + 1, b);
    }
    if (Node.isCallExpression(node)) {
      // f.bind(this) is f.
      const callee = unwrap(node.getExpression());
      // Calls that return their first argument: esbuild's `__name(fn, "fn")`, `Object.freeze(obj)`.
      const first = node.getArguments()[0];
      if (first && (/^__name\d*$/.test(callee.getText()) || callee.getText() === 'Object.freeze')) return this.resolve(first, depth + 1, b);
      // `handlers.get(name)` on a `new Map([[name, handler], ...])` const, with a key the context fixes.
      if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'get' && first) {
        const entry = this.mapLiteralEntry(callee.getExpression(), first, depth, b);
        if (entry) return entry;
      }
      // `TOOLS.find((t) => t.name === name)`, `registry.get(name)`: the one entry of that name.
      const found = this.registryEntry(node, depth, b);
      if (found) return found;
      // `sessions.get(id)` of a Map filled as a memo under run-time keys: what it is filled with.
      const pooled = this.pooledValue(node, depth);
      if (pooled) return pooled;
      // `waiters.shift()` of a list only ever given one value (a queue of one callback): that value.
      if (Node.isPropertyAccessExpression(callee) && TAKING_METHODS.has(callee.getName()) && node.getArguments().length === 0) {
        const held = this.collectionsOf(node).ofExpression(callee.getExpression());
        if (held && held.length === 1) return this.resolve(held[0]!, depth + 1);
      }
      // A zod schema's `parse(data)` returns the data it validated (`z.record(Def).parse(json)`).
      if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'parse' && first && node.getArguments().length === 1) {
        const schema = this.resolve(callee.getExpression(), depth + 1, b);
        if (schema.kind === 'module' && /^zod(\/|$)/.test(schema.specifier)) return this.resolve(first, depth + 1, b);
      }
      if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'bind') {
        const bound = this.resolve(callee.getExpression(), depth + 1, b);
        if (bound.kind === 'function') return bound;
      }
      // util.promisify(f) and util.callbackify(f) call f.
      const wrapped = node.getArguments()[0];
      const name = Node.isIdentifier(callee) ? callee.getText() : Node.isPropertyAccessExpression(callee) ? callee.getName() : '';
      if (wrapped && (name === 'promisify' || name === 'callbackify')) {
        const wrapper = this.resolve(callee, depth + 1, b);
        if (wrapper.kind === 'module' && /^(node:)?util$/.test(wrapper.specifier)) return this.resolve(wrapped, depth + 1, b);
      }
    }
    if (Node.isNewExpression(node)) {
      const settled = this.promisedValue(node, depth, b);
      if (settled) return settled;
    }
    if (Node.isCallExpression(node) || Node.isNewExpression(node)) {
      // The result of calling a library function: `fs.open(p)` → fs/promises open() — its methods are looked up in the catalog.
      const callee = this.resolve(node.getExpression(), depth + 1, b);
      const marker = Node.isNewExpression(node) ? RESULT_OF_NEW : RESULT_OF_CALL;
      if (callee.kind === 'module' || callee.kind === 'global') return { ...callee, path: [...callee.path, marker] };
      // The result of a project function that only returns an expression (`tool(name, hints)` building a spec object).
      if (callee.kind === 'function' && Node.isCallExpression(node)) {
        const returned = this.returnedValue(callee.node, node, bindingsOf(callee), b, depth);
        if (returned) return returned;
      }
    }
    return withBindings({ kind: 'value', node: node as Expression }, b.visibleFrom(node));
  }

  /**
   * For a function whose body returns one expression (`(n, t) => ({ name: n, ... })`,
   * `function f(x) { return {...}; }`, a factory's `return new X(...)`, also after statements that
   * prepare it: `const root = resolve(dir); return async (id) => ...`, or a call of another factory
   * that makes an object),
   * that expression read with the parameters bound to the call's arguments. Null for any other body.
   */
  private returnedValue(fn: FunctionNode, call: import('ts-morph').CallExpression, fnBindings: Bindings, callBindings: Bindings, depth: number): Target | null {
    if (!fn.getBody()) return null;
    const bindings = bindParameters(fn, call.getArguments(), callBindings, fnBindings);
    // The one expression the body returns, after statements that prepare it (`const root = ...; return async () => ...`).
    let returned: Node | null = soleReturn(fn) ?? onlyReturn(fn) ?? sameNewReturn(fn);
    // `hints("read")` with a `switch` or `if`s on the parameter: the one return the arguments reach.
    if (!returned && this.evaluation && bindings.size > 0) {
      const reachable = this.literalReturns(fn).filter((r) => this.evaluation!.isReachable(r, fn, bindings));
      if (reachable.length === 1) returned = reachable[0]!;
    }
    if (!returned) return null;
    const inner = unwrap(returned);
    // `typeof options.tools === "function" ? await options.tools() : options.tools`: a value given as itself or by a function.
    const given = valueOrGetter(inner);
    if (given) {
      const option = this.resolve(given, depth + 1, this.withSoleCaller(given, bindings));
      if (option.kind === 'function' && isFunctionNode(option.node)) {
        const made = soleReturn(option.node) ?? onlyReturn(option.node);
        return made ? this.resolve(made, depth + 1, bindingsOf(option)) : null;
      }
      return option.kind === 'unknown' ? null : option;
    }
    if (Node.isObjectLiteralExpression(inner) || Node.isArrayLiteralExpression(inner) || Node.isStringLiteral(inner) || Node.isTemplateExpression(inner) || Node.isNoSubstitutionTemplateLiteral(inner)) {
      return withBindings({ kind: 'value', node: inner as Expression }, bindings);
    }
    // A higher-order wrapper (`withTelemetry(handler)` returning `async (request) => ... handler(request)`):
    // the returned function, with the wrapper's parameters bound to this call's arguments.
    if (isFunctionNode(inner)) return withBindings({ kind: 'function', node: inner }, bindings);
    // A factory (`return new FastMCP(...)`, `return client`): what the returned expression stands for.
    // Also a memo's (`return clientPool[appId]`, `return (pool[k] ??= connect(k))`, `return sessions.get(id) ?? ...`).
    const memo = poolRead(inner) ?? (Node.isBinaryExpression(inner) ? poolRead(inner.getLeft()) : null);
    if (memo || Node.isNewExpression(inner) || Node.isIdentifier(inner) || Node.isPropertyAccessExpression(inner)) {
      const target = this.resolve(inner, 0, bindings);
      return target.kind === 'unknown' ? null : target;
    }
    // A factory returning the definition another one makes (`return defineTool({ name: "search", ... })`).
    // Only an object: a wrapper returning another wrapper's handler is not followed (yet), as effects
    // in branches its options rule out would be read as certain (claude-task-master's withToolContext).
    // A getter of a package's object (`return trace.getTracer("svc")`, `return axios.create(config)`):
    // that package's value, whose methods are looked up in the catalog as where it is made directly.
    if (Node.isCallExpression(inner)) {
      const target = this.resolve(inner, depth + 1, bindings);
      if (target.kind === 'module') return target;
      return target.kind === 'value' && Node.isObjectLiteralExpression(unwrap(target.node)) ? target : null;
    }
    return null;
  }

  /**
   * `b`, with the parameter `expr` is read from (`options` in `options.tools`) bound to the
   * argument the one call of its function in the program gives, when `b` does not bind it (a
   * factory's closure read outside any call: `createMcpServer(options)` called once). `b` as it is
   * otherwise.
   */
  private withSoleCaller(expr: Node, b: Bindings): Bindings {
    let root = unwrap(expr);
    while (Node.isPropertyAccessExpression(root)) root = unwrap(root.getExpression());
    const decl = Node.isIdentifier(root) ? root.getSymbol()?.getDeclarations()[0] : undefined;
    if (!decl || !Node.isParameterDeclaration(decl) || b.get(decl) !== undefined) return b;
    const values = this.parameterValues(decl);
    const fn = decl.getParent();
    return values?.length === 1 && isFunctionNode(fn) ? b.with(decl, { kind: 'node', node: values[0]!, bindings: Bindings.EMPTY }, fn) : b;
  }

  /**
   * What `new Promise((resolve) => ...)` is resolved with, read as the value (the resolver reads
   * `await` through): the argument of its executor's `resolve(value)` calls, when `resolve` is only
   * ever called, with one argument, and every call gives a value of the same shape (`resolve({
   * server, waitForCode: () => codePromise })` in a `listen` callback). Null for any other
   * promise (`resolve` handed on as a callback, several different values, no executor literal).
   */
  private promisedValue(node: import('ts-morph').NewExpression, depth: number, b: Bindings): Target | null {
    if (unwrap(node.getExpression()).getText() !== 'Promise') return null;
    const executor = node.getArguments()[0] ? unwrap(node.getArguments()[0]!) : undefined;
    if (!executor || !(Node.isArrowFunction(executor) || Node.isFunctionExpression(executor))) return null;
    const param = executor.getParameters()[0]?.getNameNode();
    if (!param || !Node.isIdentifier(param)) return null;
    const values: Node[] = [];
    for (const id of executor.getDescendantsOfKind(SyntaxKind.Identifier)) {
      if (id === param || id.getText() !== param.getText() || id.getSymbol()?.getDeclarations()[0] !== param.getParent()) continue;
      const call = id.getParent();
      if (!call || !Node.isCallExpression(call) || call.getExpression() !== id || call.getArguments().length !== 1) return null;
      values.push(call.getArguments()[0]!);
    }
    const value = sameShapeValue(values);
    return value ? this.resolve(value, depth + 1, b) : null;
  }

  /**
   * The entry a registry lookup ({@link registryLookup}) finds when the key is fixed (a dispatch
   * branch's tool name, a constant) and exactly one entry of the list or Map has that name: each
   * entry is read as an object (a literal, a frozen one, a const holding one) and its `name` field
   * evaluated. Null when the key or the entries are not known, or no single entry matches.
   */
  private registryEntry(call: import('ts-morph').CallExpression, depth: number, b: Bindings): Target | null {
    const lookup = registryLookup(call);
    if (!lookup) return null;
    const key = keyName(lookup.key) ?? this.constantKey(lookup.key, depth, b);
    if (key === null) return null;
    const collections = this.collectionsOf(call);
    const entries = lookup.kind === 'find' ? collections.ofExpression(lookup.collection) : collections.ofMap(lookup.collection);
    // A list the program does not tell, searched by name: the tool listed under the name asked for,
    // when only one is (see listTools). Not a Map's `get`: its keys may be other than the names.
    if (entries === null && lookup.kind === 'find' && lookup.field === 'name') {
      const listed = this.listedTools.get(key);
      return listed?.length === 1 ? this.resolve(listed[0]!.node, depth + 1, listed[0]!.bindings) : null;
    }
    if (!entries || entries.length === 0) return null;
    const matches: Target[] = [];
    for (const entry of entries) {
      const target = this.resolve(entry, depth + 1);
      const name = target.kind === 'value' ? this.entryName(unwrap(target.node), lookup.field, depth, bindingsOf(target)) : null;
      if (name === null) return null;
      if (name === key) matches.push(target);
    }
    return matches.length === 1 ? matches[0]! : null;
  }

  /**
   * The value of the field `field` a registry entry `node` (read in `b`) is found by, as
   * {@link Resolver.entryName} reads it: of an object literal, or of an instance of a project
   * class (a field, a getter, a constructor's `this.name = ...`); null when it is not a constant.
   */
  entryKey(node: Node, field: string, b: Bindings): string | null {
    const target = this.resolve(node, 0, b);
    return target.kind === 'value' ? this.entryName(unwrap(target.node), field, 0, bindingsOf(target)) : null;
  }

  /**
   * The name a registry entry is found by: the `field` of an object literal (`{ name: "read" }`), or
   * of an instance of a project class (`new ReadTool()` with `name = "read"`, a getter, a
   * constructor's `this.name = ...`); null when it is not a constant.
   */
  private entryName(entry: Node, field: string, depth: number, b: Bindings): string | null {
    if (Node.isObjectLiteralExpression(entry)) {
      const prop = entry.getProperty(field);
      const init = prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
      return init ? keyName(init) ?? this.constantKey(init, depth, b) : null;
    }
    if (!Node.isNewExpression(entry)) return null;
    const instance = this.instance(entry, b, depth + 1);
    const member = instance ? this.instanceMember(instance, field, depth + 1) : null;
    if (!member) return null;
    if (member.kind === 'const' && typeof member.value === 'string') return member.value;
    return member.kind === 'value' ? keyName(unwrap(member.node)) ?? this.constantKey(member.node, depth, bindingsOf(member)) : null;
  }

  /**
   * What a read of a memo pool (memo-pools.ts: `clientPool[appId]`, `sessions.get(id)`) gives under
   * any key: the value every write into the pool stores, when all of them stand for the same thing
   * and it is a package's object (a client), a function or an instance of a project class
   * ({@link isMadeObject}); null when the read is of no memo pool, nothing writes into it, the
   * writes store different things, or a record or built-in collection (whose fields may be module
   * state that mutations, judged by the expression written, would then hide behind the pool). Each value is read without
   * bindings (the writer's parameters are unknown here). A read met again while its pool is read
   * gives null.
   */
  private pooledValue(read: Node, depth: number): Target | null {
    const pool = poolRead(read);
    if (!pool || pool.values.length === 0) return null;
    if (this.readingPools.has(pool)) {
      noteStackCut();
      return null;
    }
    this.readingPools.add(pool);
    try {
      const targets = pool.values.map((v) => this.resolve(v, depth + 1));
      const [first] = targets;
      return first && isMadeObject(first) && targets.every((t) => sameTarget(t, first)) ? first : null;
    } finally {
      this.readingPools.delete(pool);
    }
  }

  /** The value `map.get(key)` gives for a Map made from a literal array of pairs, when the key is fixed; null otherwise. */
  private mapLiteralEntry(mapExpr: Node, keyExpr: Node, depth: number, b: Bindings): Target | null {
    const init = initializerOf(mapExpr, false);
    const made = init ? unwrap(init) : undefined;
    if (!isNewOf(made, 'Map')) return null;
    const pairs = made.getArguments()[0];
    if (!pairs || !Node.isArrayLiteralExpression(unwrap(pairs))) return null;
    const key = keyName(keyExpr) ?? this.constantKey(keyExpr, depth, b);
    if (key === null) return null;
    for (const pair of (unwrap(pairs) as import('ts-morph').ArrayLiteralExpression).getElements()) {
      const p = unwrap(pair);
      const [k, v] = Node.isArrayLiteralExpression(p) ? p.getElements() : [];
      if (k && v && (keyName(k) ?? this.constantKey(k, depth, Bindings.EMPTY)) === key) return this.resolve(v, depth + 1);
    }
    return null;
  }

  /**
   * A computed key whose value the bindings or a constant fix (`handlers[name]` in a dispatch
   * branch), also one computed from them (`const newName = legacyName(name) ?? name`, evaluated).
   */
  private constantKey(arg: Node, depth: number, b: Bindings): string | null {
    const target = this.resolve(arg, depth + 1, b);
    if (target.kind === 'const' && (typeof target.value === 'string' || typeof target.value === 'number')) return String(target.value);
    if (target.kind === 'value') {
      const value = unwrap(target.node);
      const named = value !== unwrap(arg) ? keyName(value) : null;
      if (named !== null) return named;
    }
    if (b.size === 0 || !this.evaluation) return null;
    const computed = this.evaluation.evaluate(arg, b);
    return computed.known && (typeof computed.value === 'string' || typeof computed.value === 'number') ? String(computed.value) : null;
  }

  /**
   * The writes into the object an object literal's variable holds (`tools.x = v`, `tools[k] = v`,
   * `Object.assign(tools, more)`), in source order: see keyed-writes.ts. Empty when the literal is
   * held by no variable or nothing writes into it.
   */
  writesInto(obj: Node): readonly KeyedWrite[] {
    const holder = literalHolder(obj);
    if (!holder) return [];
    const sf = holder.getSourceFile();
    let writes = this.keyedInFile.get(sf);
    if (!writes) {
      writes = keyedWritesIn(sf);
      this.keyedInFile.set(sf, writes);
    }
    return writes.get(holder) ?? [];
  }

  /**
   * The member `name` of the object literal `obj` read in `b`: its property, a namespace export,
   * one of `writes` (the keyed writes into it that can have run where it is read, see
   * {@link writesBefore}), or what a spread gives; undefined when none can give it.
   */
  private literalMember(obj: import('ts-morph').ObjectLiteralExpression, name: string, depth: number, b: Bindings, writes: readonly KeyedWrite[]): Target {
    const prop = objectProperty(obj, name);
    if (prop) return this.resolveDeclaration(prop, depth + 1, b);
    const exported = namespaceExport(obj, name);
    if (exported) return this.resolve(exported, depth + 1);
    const written = this.keyedWrite(writes, name, depth, b);
    if (written) return written;
    // A key the literal does not have, and no spread that could add it: reading it gives undefined.
    if (!obj.getProperties().some((p) => Node.isSpreadAssignment(p))) return { kind: 'const', value: undefined };
    for (const spread of obj.getProperties().filter((p) => Node.isSpreadAssignment(p)).reverse()) {
      const inner = this.member(this.resolve((spread as import('ts-morph').SpreadAssignment).getExpression(), depth + 1, b), name, null, depth + 1);
      if (!(inner.kind === 'const' && inner.value === undefined)) return inner;
    }
    return { kind: 'const', value: undefined };
  }

  /**
   * A key an object literal does not list, read from the code that writes it into the object the
   * literal's variable holds: `handlers.name = fn` gives `fn`; `wrapped[name] = async (...) =>
   * handler(...)` inside `for (const [name, handler] of Object.entries(table))` gives that
   * function, with `name` bound to the key and `handler` to the table's entry for it (a loop over a
   * table without the key writes nothing); `Object.assign(handlers, table)` gives the table's entry.
   * Any other computed write makes the key known only at run time. Null when nothing writes into
   * the object (the key is absent).
   */
  private keyedWrite(into: readonly KeyedWrite[], name: string, depth: number, b: Bindings): Target | null {
    if (into.length === 0) return null;
    // The last write that can give the key decides.
    for (const entry of [...into].reverse()) {
      if (entry.kind === 'assign') {
        // `Object.assign(handlers, a, b)`: the last source that has the key gives it.
        for (const source of [...entry.sources].reverse()) {
          if (Node.isSpreadElement(source)) return { kind: 'unknown', reason: `\`${name}\` is set at run time (\`${shorten(entry.call.getText(), 40)}\`)` };
          const given = this.member(this.resolve(source, depth + 1, b), name, null, depth + 1);
          if (!(given.kind === 'const' && given.value === undefined)) return given;
        }
        continue;
      }
      const write = entry.write;
      const key = writtenKey(write);
      if (key !== null) {
        if (key === name && !this.cutOff(write, b)) return this.resolve(write.getRight(), depth + 1, b);
        continue;
      }
      const loop = keyLoopOf(write);
      if (!loop) return { kind: 'unknown', reason: `\`${name}\` is set at run time (\`${shorten(write.getLeft().getText(), 40)}\`)` };
      const tableEntry = this.member(this.resolve(loop.source, depth + 1, b), name, null, depth + 1);
      if (tableEntry.kind === 'const' && tableEntry.value === undefined) continue;
      let inLoop = b.with(loop.key, { kind: 'const', value: name }, loop.statement);
      if (loop.value) {
        const bound: Bound =
          tableEntry.kind === 'function' || tableEntry.kind === 'value'
            ? { kind: 'node', node: tableEntry.node, bindings: bindingsOf(tableEntry) }
            : tableEntry.kind === 'const'
              ? { kind: 'const', value: tableEntry.value }
              : { kind: 'runtime', reason: `the entry \`${name}\` of \`${shorten(loop.source.getText(), 40)}\` is known only at run time` };
        inLoop = inLoop.with(loop.value, bound, loop.statement);
      }
      return this.resolve(write.getRight(), depth + 1, inLoop);
    }
    return null;
  }

  /**
   * True when a write sits in a branch its bindings rule out (`if (options.copy) config.output = ...`
   * with `options` a caller's literal without `copy`): it never runs there, so an earlier write decides.
   */
  private cutOff(write: Node, b: Bindings): boolean {
    // Reading a guard may read the object again (`if (config.x) config.y = ...`): one level, never a cycle.
    if (b.size === 0 || !this.evaluation) return false;
    if (this.cutting) {
      noteStackCut();
      return false;
    }
    const fn = write.getFirstAncestor(isFunctionNode);
    if (fn === undefined) return false;
    this.cutting = true;
    try {
      return !this.evaluation.isReachable(write, fn, b);
    } finally {
      this.cutting = false;
    }
  }

  /** True while {@link cutOff} reads a write's guards. */
  private cutting = false;

  /** Resolves `base.name`. `nameNode` lets the type checker find class members when the base is not a module or global. */
  member(base: Target, name: string, nameNode: Node | null, depth: number, at: Node | null = null): Target {
    // A getter (`get store() { return this.#store; }`) stands for what it returns.
    if (base.kind === 'function' && Node.isGetAccessorDeclaration(base.node)) {
      const returned = onlyReturn(base.node);
      if (returned) return this.member(this.resolve(returned, depth + 1, bindingsOf(base)), name, nameNode, depth + 1);
    }
    if (base.kind === 'module') return { ...base, path: [...base.path, name] };
    if (base.kind === 'global') {
      // globalThis.fetch is fetch.
      if (base.path.length === 1 && GLOBAL_OBJECTS.has(base.path[0]!)) return { kind: 'global', path: [name] };
      return { kind: 'global', path: [...base.path, name] };
    }
    if (base.kind === 'const') {
      const value = base.value;
      if (value !== null && typeof value === 'object' && Object.hasOwn(value, name)) {
        return { kind: 'const', value: (value as Record<string, unknown>)[name], ...(base.partial ? { partial: true } : {}) };
      }
      if (base.partial || value === null || value === undefined) return { kind: 'unknown', reason: `\`${name}\` is known only at run time` };
      return { kind: 'const', value: undefined };
    }
    if (base.kind === 'value') {
      // A key the code that holds the object writes itself (`options.stdout = true`): only run time knows it.
      if (base.openKeys?.has(name)) return { kind: 'unknown', reason: `\`${name}\` is set at run time` };
      const b = bindingsOf(base);
      const obj = unwrap(base.node);
      if (Node.isSourceFile(obj)) return this.resolveExport(obj, [name], depth + 1);
      if (Node.isObjectLiteralExpression(obj)) {
        const writes = this.writesInto(obj);
        const end = writesBefore(writes, name, at);
        return this.literalMembers.getIfStackFree(b.id, `${nodeKey(obj)}:${name}:${end}`, () => this.literalMember(obj, name, depth, b, writes.slice(0, end)));
      }
      if (Node.isArrayLiteralExpression(obj) && /^\d+$/.test(name)) {
        const elements = obj.getElements();
        const index = Number(name);
        if (!elements.slice(0, index + 1).some((e) => Node.isSpreadElement(e))) {
          const element = elements[index];
          return element ? this.resolve(element, depth + 1, b) : { kind: 'const', value: undefined };
        }
      }
      // `parse(args).name` where `parse` has several literal returns: the member they all give.
      if (Node.isCallExpression(obj)) {
        const agreed = this.memberOfReturns(obj, name, depth, b);
        if (agreed) return agreed;
      }
      // `(lite ? LITE_TOOL : TOOL).name`: the side the condition picks, or the member both sides give.
      if (Node.isConditionalExpression(obj)) {
        const agreed = this.memberOfSides(obj, name, depth, b);
        if (agreed) return agreed;
      }
      // `args[0]`, `args.length` of a rest parameter a call site binds: its arguments.
      const collected = restArguments(obj, b);
      if (collected) return this.restArgument(collected, name, depth);
      // `result.value` of an outcome of `Promise.allSettled`, read as fulfilled.
      const outcome = b.get(obj);
      if (outcome?.kind === 'settled') {
        if (name === 'value') return this.resolve(outcome.node, depth + 1, outcome.bindings);
        return { kind: 'const', value: name === 'status' ? 'fulfilled' : undefined };
      }
      // `Enum.Member`: a TypeScript enum, or tsc's compiled form of one.
      if (Node.isEnumDeclaration(obj)) return enumMember(obj, name, this, depth);
      if (Node.isFunctionExpression(obj) && isEnumIife(obj)) return compiledEnumMember(obj, name, this, depth);
      // `new C().m` and `C.m` where C is a class of the project.
      if (Node.isNewExpression(obj)) {
        const instance = this.instance(obj, b, depth);
        const found = instance ? this.instanceMember(instance, name, depth) : null;
        if (found) return found;
      } else if (Node.isClassDeclaration(obj) || Node.isClassExpression(obj)) {
        const found = this.classMember(obj, name, true, depth);
        if (found) return found;
      }
    }
    const plain = (base.kind === 'value' && isPlainValue(unwrap(base.node))) || (base.kind === 'unknown' && (base.opaque === true || base.runtime === true));
    if (nameNode && !plain) {
      const symbol = nameNode.getSymbol();
      const decl = symbol?.getDeclarations()[0];
      if (decl && this.isProjectFile(decl.getSourceFile())) return this.resolveDeclaration(decl, depth + 1);
      // The checker cannot type `this` (in a compiled `async` method's generator, in a class extending
      // a package's class): what the class assigns to `this.x`, or what it inherits (`this.findAll()`).
      const receiver = nameNode.getParent();
      const cls = !decl && base.kind === 'unknown' && base.reason === THIS && Node.isPropertyAccessExpression(receiver) ? thisScope(receiver.getExpression()).cls : null;
      if (cls) {
        const assigned = this.fieldValue(cls, name);
        if (assigned) return this.resolve(assigned, depth + 1);
        const inherited = this.inheritedMember(cls, name, false, depth);
        if (inherited) return inherited;
      }
    }
    if (base.kind === 'unknown') return base;
    return { kind: 'unknown', reason: `member ${name}` };
  }

  /**
   * The member `name` of what `call` returns, when the callee is a project function that returns one
   * conditional (see {@link Resolver.memberOfSides}), or whose returns
   * are all literals (see {@link Resolver.literalReturns}) and every return the arguments reach
   * gives the same node for it (`return { name, config, cb: args[1] }` in each case of a `switch`
   * on the argument count); a literal without the member (an error outcome, `{ message }`) is an
   * outcome the caller tells apart before reading it, and is passed over. Null when they differ,
   * one is unknown, none gives it, or the callee is no such function.
   */
  private memberOfReturns(call: import('ts-morph').CallExpression, name: string, depth: number, b: Bindings): Target | null {
    const callee = this.resolve(call.getExpression(), depth + 1, b);
    if (callee.kind !== 'function') return null;
    // `((C, api) => C.prototype instanceof Base ? new C(api) : new C)(T, api).name`: the member of
    // the side the condition picks, or the one both sides give.
    const sole = returnedExpressions(callee.node);
    const only = sole.length === 1 ? unwrap(sole[0]!) : undefined;
    if (only && Node.isConditionalExpression(only)) return this.memberOfSides(only, name, depth + 1, bindParameters(callee.node, call.getArguments(), b, bindingsOf(callee)));
    const literal = this.literalReturns(callee.node);
    // Returns that build the value through another call (`return tool({ description, annotations, ... })`
    // on each path of a helper that changes only the schema) agree when every one gives the member alike.
    const returns = literal.length > 0 ? literal : sole.length > 1 && sole.length <= 8 && sole.every((r) => Node.isCallExpression(unwrap(r))) ? sole : [];
    if (returns.length === 0) return null;
    const bindings = bindParameters(callee.node, call.getArguments(), b, bindingsOf(callee));
    const reached = this.evaluation && bindings.size > 0 ? returns.filter((r) => this.evaluation!.isReachable(r, callee.node, bindings)) : returns;
    let agreed: Target | null = null;
    for (const returned of reached) {
      // An outcome written without the member (`return { message: "not found" }` beside `return { tool }`)
      // is one the caller tells apart before it reads the member (`if ("message" in prepared) throw ...`).
      if (literal.length > 0 && this.lacksMember(unwrap(returned), name, depth + 1, bindings)) continue;
      const value: Target = literal.length > 0 ? { kind: 'value', node: unwrap(returned) as Expression, bindings } : this.resolve(returned, depth + 1, bindings);
      const found = this.madeOne(this.member(value, name, null, depth + 1), depth + 1);
      if (found.kind === 'unknown') return null;
      if (agreed && !sameTarget(agreed, found) && (this.madeClass(agreed, depth + 1) ?? 0) !== this.madeClass(found, depth + 1)) return null;
      agreed ??= found;
    }
    return agreed;
  }

  /**
   * The class a value is made with (`new ApifyClient({ token })`), as a key: a package's class by
   * its module and name, a project class by its declaration. Null for any other value. Returns
   * that each make an instance of one class give one kind of value (the same client, configured
   * differently: with a token on one path, with payment headers on another).
   */
  private madeClass(target: Target, depth: number): string | null {
    if (target.kind !== 'value' || deeperThan(depth, MAX_RESOLVE_DEPTH)) return null;
    const node = unwrap(target.node);
    if (!Node.isNewExpression(node)) return null;
    const cls = this.resolve(node.getExpression(), depth + 1, bindingsOf(target));
    if (cls.kind === 'module') return `${cls.specifier}#${cls.path.join('.')}`;
    if (cls.kind === 'global') return `global#${cls.path.join('.')}`;
    if (cls.kind === 'value' || cls.kind === 'function') return `${cls.node.getSourceFile().getFilePath()}#${cls.node.getPos()}`;
    return null;
  }

  /**
   * A conditional whose two sides make an instance of one class ({@link Resolver.madeClass}:
   * `paid ? new ApifyClient({ headers }) : new ApifyClient({ token })`) stands for its first side;
   * any other target is returned as it is.
   */
  private madeOne(target: Target, depth: number): Target {
    if (target.kind !== 'value') return target;
    const node = unwrap(target.node);
    if (!Node.isConditionalExpression(node)) return target;
    const b = bindingsOf(target);
    const sides = [node.getWhenTrue(), node.getWhenFalse()].map((side): Target => withBindings({ kind: 'value', node: side as Expression }, b));
    const made = this.madeClass(sides[0]!, depth);
    return made !== null && made === this.madeClass(sides[1]!, depth) ? sides[0]! : target;
  }

  /**
   * True for an object literal read in `b` that lists neither the member `name` nor a spread that
   * could bring it: a spread of an object literal or of a project call whose every return is such
   * a literal (`{ ...outcome, decodedArgs }` with `outcome = classifyError(e)`) lacks it too.
   */
  private lacksMember(node: Node, name: string, depth: number, b: Bindings): boolean {
    if (!Node.isObjectLiteralExpression(node) || deeperThan(depth, MAX_RESOLVE_DEPTH)) return false;
    return node.getProperties().every((p) => {
      if (!Node.isSpreadAssignment(p)) return Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) || Node.isMethodDeclaration(p) || Node.isGetAccessorDeclaration(p) ? p.getName() !== name : false;
      const spread = this.resolve(p.getExpression(), depth + 1, b);
      if (spread.kind !== 'value') return false;
      const value = unwrap(spread.node);
      if (Node.isObjectLiteralExpression(value)) return this.lacksMember(value, name, depth + 1, bindingsOf(spread));
      if (!Node.isCallExpression(value)) return false;
      const callee = this.resolve(value.getExpression(), depth + 1, bindingsOf(spread));
      const returns = callee.kind === 'function' ? returnedExpressions(callee.node) : [];
      return returns.length > 0 && returns.every((r) => this.lacksMember(unwrap(r), name, depth + 1, bindingsOf(callee)));
    });
  }

  /**
   * The member `name` of a conditional's value read in `b`: that of the side the condition picks
   * when it is known, else the one both sides give; unknown, saying so, when the sides give
   * different ones; null when a side's is unknown.
   */
  private memberOfSides(conditional: import('ts-morph').ConditionalExpression, name: string, depth: number, b: Bindings): Target | null {
    const condition = this.evaluation?.evaluate(conditional.getCondition(), b);
    const sides = condition?.known ? [condition.value ? conditional.getWhenTrue() : conditional.getWhenFalse()] : [conditional.getWhenTrue(), conditional.getWhenFalse()];
    const found = sides.map((side) => this.member(this.resolve(side, depth + 1, b), name, null, depth + 1));
    if (found.some((f) => f.kind === 'unknown')) return null;
    if (found.every((f) => sameTarget(f, found[0]!))) return found[0]!;
    // Two literals written alike (`{ readOnlyHint: true }` on both sides): the first stands for both.
    const values = found.map((f) => (f.kind === 'const' ? { known: true, value: f.value } : f.kind === 'value' ? this.evaluation?.evaluate(f.node, bindingsOf(f)) : undefined));
    if (values.every((v) => v?.known && JSON.stringify(v.value) === JSON.stringify((values[0] as { value: unknown }).value))) return found[0]!;
    return { kind: 'unknown', reason: `\`${name}\` differs between the sides of \`${shorten(conditional.getText(), 60)}\`, which only run time picks` };
  }

  /**
   * The member `name` of the arguments a rest parameter collected: an index reads that argument
   * (undefined past the last one), `length` their count. Past a spread argument the linter cannot
   * expand, positions and count are unknown.
   */
  private restArgument(collected: { node: Node; bindings: Bindings }[], name: string, depth: number): Target {
    const spread = collected.findIndex((a) => Node.isSpreadElement(a.node));
    const known = spread === -1 ? collected : collected.slice(0, spread);
    const unknown: Target = { kind: 'unknown', reason: `the arguments a rest parameter collects: \`${shorten(collected[spread]?.node.getText() ?? '')}\` spreads values the linter cannot list` };
    if (name === 'length') return spread === -1 ? { kind: 'const', value: collected.length } : unknown;
    if (!/^\d+$/.test(name)) return { kind: 'unknown', reason: `member ${name} of the arguments a rest parameter collects` };
    const item = known[Number(name)];
    if (item) return this.resolve(item.node, depth + 1, item.bindings);
    return spread === -1 ? { kind: 'const', value: undefined } : unknown;
  }

  /**
   * A member of a project class, `static` or of its instances, looked up in the class and then in
   * the classes it extends; null when none has it.
   */
  private classMember(cls: import('ts-morph').ClassDeclaration | import('ts-morph').ClassExpression, name: string, isStatic: boolean, depth: number): Target | null {
    const member = isStatic ? cls.getStaticMember(name) : cls.getInstanceMember(name);
    if (member) return this.resolveDeclaration(member, depth + 1);
    const assigned = isStatic ? staticAssignment(cls, name) : undefined;
    if (assigned) return this.resolve(assigned, depth + 1);
    return this.inheritedMember(cls, name, isStatic, depth);
  }

  /**
   * The instance `new C(...)` makes, when C is a class of the project: C, and the bindings its
   * members are read in (see {@link Resolver.instanceBindings}). Null for any other callee.
   */
  instance(made: import('ts-morph').NewExpression, b: Bindings, depth = 0): Instance | null {
    // A found class is kept; no class only when no limit shaped the answer: a callee cut by the depth limit may resolve from a shallower start.
    return this.instanceCache.getIfStackFree(
      b.id,
      made,
      () => {
        const callee = this.resolve(made.getExpression(), depth + 1, b);
        const cls = callee.kind === 'value' ? unwrap(callee.node) : null;
        if (!cls || !(Node.isClassDeclaration(cls) || Node.isClassExpression(cls))) return null;
        return { cls, made, bindings: this.instanceBindings(cls, made, b, depth) };
      },
      (instance) => instance !== null,
    );
  }

  /**
   * Every instance the project's code makes (`new C(...)`, read as written) of `cls` or of a class
   * that extends it, in source order; abstract classes are never made.
   */
  instancesOf(cls: ClassLike): Instance[] {
    let known = this.instancesByClass.get(cls);
    if (!known) {
      known = this.findInstancesOf(cls);
      this.instancesByClass.set(cls, known);
    }
    return known;
  }

  private findInstancesOf(cls: ClassLike): Instance[] {
    const out: Instance[] = [];
    const seen = new Set<Node>();
    for (const sites of this.newExpressions(cls.getProject()).values()) {
      for (const site of sites) {
        if (seen.has(site)) continue;
        seen.add(site);
        const instance = this.instance(site, Bindings.EMPTY);
        if (instance && this.extendsClass(instance.cls, cls)) out.push(instance);
      }
    }
    return out.sort((a, b) => a.made.getSourceFile().getFilePath().localeCompare(b.made.getSourceFile().getFilePath()) || a.made.getPos() - b.made.getPos());
  }

  /** True when `cls` is `base` or extends it through project classes. */
  extendsClass(cls: ClassLike, base: ClassLike): boolean {
    for (let current: ClassLike | null = cls, level = 0; current && level < 16; current = this.baseClass(current), level++) if (current === base) return true;
    return false;
  }

  /**
   * The bindings code of an instance `new C(args)` is read in: `this` of C and of every project
   * class it extends bound to `made` (read in `b`), C's constructor parameters bound to `args`,
   * and each base constructor's parameters to the arguments of the `super(...)` call that runs it
   * (a class without a constructor passes its arguments on).
   */
  private instanceBindings(cls: ClassLike, made: import('ts-morph').NewExpression, b: Bindings, depth: number): Bindings {
    const self: Bound = { kind: 'node', node: made, bindings: b };
    let bindings = Bindings.EMPTY;
    let args: Node[] = made.getArguments();
    let argBindings = b;
    for (let current: ClassLike | null = cls, level = 0; current && level < 16; current = this.baseClass(current, depth), level++) {
      bindings = bindings.with(thisKey(current), self, current);
      const ctor = current.getConstructors().find((c) => c.getBody() !== undefined);
      if (!ctor) continue;
      bindings = bindParameters(ctor, args, argBindings, bindings);
      const superCall = superCallOf(ctor);
      if (!superCall) break;
      args = superCall.getArguments();
      argBindings = bindings;
    }
    return bindings;
  }

  /** The project class a class extends, or null. */
  baseClass(cls: ClassLike, depth = 0): ClassLike | null {
    const heritage = cls.getExtends()?.getExpression();
    if (!heritage || deeperThan(depth, MAX_RESOLVE_DEPTH)) return null;
    const base = this.resolve(heritage, depth + 1);
    const node = base.kind === 'value' ? unwrap(base.node) : null;
    return node && (Node.isClassDeclaration(node) || Node.isClassExpression(node)) ? node : null;
  }

  /**
   * A member of an instance, read in the instance's bindings: a field's initializer, or for a field
   * declared without one (`abstract name`, `readonly definition;`) what the constructors of its
   * class chain assign to it (`this.definition = definition`), most derived first; a getter
   * stands for what it returns; a method is a function whose `this` is the instance; `constructor`
   * is the class.
   */
  instanceMember(instance: Instance, name: string, depth: number): Target | null {
    const { bindings } = instance;
    // `this.constructor.toolName`: a static of the class the instance was made of.
    if (name === 'constructor') return { kind: 'value', node: instance.cls as unknown as Expression };
    for (let cls: ClassLike | null = instance.cls, level = 0; cls && level < 16; cls = this.baseClass(cls, depth), level++) {
      const member = cls.getInstanceMember(name);
      if (member && Node.isGetAccessorDeclaration(member) && member.getBody()) {
        const returned = onlyReturn(member);
        return returned ? this.resolve(returned, depth + 1, bindings) : withBindings({ kind: 'function', node: member }, bindings.visibleFrom(member));
      }
      const declaredOnly = Node.isPropertyDeclaration(member) && (!member.getInitializer() || (isNullish(member.getInitializer()!) && this.fieldValue(cls, name) !== undefined));
      if (member && !declaredOnly && !(Node.isGetAccessorDeclaration(member) || Node.isSetAccessorDeclaration(member))) {
        if (Node.isMethodDeclaration(member) && !member.getBody()) continue;
        return this.resolveDeclaration(member, depth + 1, bindings);
      }
      const assigned = this.fieldValue(cls, name);
      if (assigned) return this.resolve(assigned, depth + 1, bindings);
    }
    // Not written in a project class: a package's base class has it (`Model.new().save`).
    return this.inheritedMember(instance.cls, name, false, depth);
  }

  /**
   * A member a class inherits (`class User extends Model {}`): from a project base class, or, for a
   * package's class, a module-rooted path (`sequelize` `Model.findAll` for `User.findAll`,
   * `Model.new().save` for `new User().save`). Null when the class extends nothing we can name.
   */
  private inheritedMember(cls: import('ts-morph').ClassLikeDeclarationBase, name: string, isStatic: boolean, depth: number): Target | null {
    const heritage = cls.getExtends()?.getExpression();
    if (!heritage || deeperThan(depth, MAX_RESOLVE_DEPTH)) return null;
    const base = this.resolve(heritage, depth + 1);
    if (base.kind === 'module' || base.kind === 'global') return { ...base, path: [...base.path, ...(isStatic ? [] : [RESULT_OF_NEW]), name] };
    const baseClass = base.kind === 'value' ? unwrap(base.node) : null;
    if (baseClass && (Node.isClassDeclaration(baseClass) || Node.isClassExpression(baseClass))) return this.classMember(baseClass, name, isStatic, depth + 1);
    return null;
  }

  private resolveIdentifier(id: Identifier, depth: number, b: Bindings): Target {
    // The checker's answer is the same every time: one lookup per identifier (a dispatch chain
    // reads `name` once per tool it serves).
    let decl = this.identifierDecls.get(id);
    if (decl === undefined) {
      decl = id.getSymbol()?.getDeclarations()[0] ?? null;
      this.identifierDecls.set(id, decl);
    }
    if (!decl) {
      if (id.getText() === 'undefined') return { kind: 'const', value: undefined };
      return { kind: 'global', path: [id.getText()] };
    }
    // In a JavaScript file, an assignment to a property of an undeclared name (`process.env.MODE =
    // "mcp"`) gives that name a symbol whose declaration is the name itself: nothing declares it,
    // it is a global (resolving that "declaration" would read the same name again, without end).
    if (Node.isIdentifier(decl) && decl.getText() === id.getText()) return { kind: 'global', path: [id.getText()] };
    return this.resolveDeclaration(decl, depth + 1, b);
  }

  /**
   * The value a `let`/`var` holds when code assigns it (`let page; ... page = await browser.newPage()`
   * in a lazy `ensureBrowser()`): its initializer or the first assignment in its file, when every
   * one of them has the same shape (all `new` of one callee, or the same text), not counting the
   * `null`/`undefined` it starts as or is reset to. Undefined when they differ, or a compound
   * write (`+=`, `++`) changes it.
   */
  private heldValue(decl: import('ts-morph').VariableDeclaration): Node | undefined {
    const writes = this.assignmentsIn(decl.getSourceFile()).get(decl);
    const initializer = decl.getInitializer();
    if (!writes) return initializer;
    if (writes.compound) return undefined;
    // `let s = sessions.get(id); if (!s) { s = open(id); sessions.set(id, s); }`: the memo gives back only what `s` was given otherwise.
    return sameShapeValue([...(initializer ? [initializer] : []), ...writes.values].filter((v) => !fillsOwnPool(v, decl)));
  }

  /**
   * What a class's code assigns to `this.<name>` (in its constructor, an `init()`, a setter...),
   * when every assignment has the same shape (see {@link sameShapeValue}); undefined otherwise.
   * For fields declared without an initializer, and JavaScript classes that declare none.
   */
  private fieldValue(cls: Node, name: string): Node | undefined {
    return sameShapeValue(this.writesIn(cls).get(name) ?? []);
  }

  /** The right-hand sides of a class's `this.<name> = ...` assignments in its instance members, by name; one walk per class. */
  private writesIn(cls: Node): Map<string, Node[]> {
    let fields = this.fieldWrites.get(cls);
    if (!fields) {
      fields = new Map();
      const writes = descendantsOfKinds(cls, [SyntaxKind.BinaryExpression], (n) => {
        const w = n as TS.BinaryExpression;
        return w.operatorToken.kind === SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(w.left) && w.left.expression.kind === SyntaxKind.ThisKeyword;
      });
      for (const w of writes as import('ts-morph').BinaryExpression[]) {
        const left = w.getLeft() as import('ts-morph').PropertyAccessExpression;
        // Only the `this` of this class's instance members: not a static one's, a nested class's, nor a `function`'s own.
        const scope = thisScope(left.getExpression());
        if (scope.cls !== cls || scope.isStatic) continue;
        const list = fields.get(left.getName()) ?? [];
        list.push(w.getRight());
        fields.set(left.getName(), list);
      }
      this.fieldWrites.set(cls, fields);
    }
    return fields;
  }

  /**
   * Every value the field an access names (`this.tools`, `this.host.tools`) can be given: for each
   * project class the receiver can be an instance of (see {@link Resolver.classesOf}), the field's
   * initializer and the right-hand side of each `this.<name> = ...` in the class. Empty when no
   * such class is known.
   */
  fieldWritesOf(access: import('ts-morph').PropertyAccessExpression, b: Bindings = Bindings.EMPTY): Node[] {
    const out: Node[] = [];
    for (const cls of this.classesOf(access.getExpression(), b, 0)) {
      const field = cls.getProperty(access.getName());
      const init = field && Node.isPropertyDeclaration(field) && !field.isStatic() ? field.getInitializer() : undefined;
      if (init) out.push(init);
      out.push(...(this.writesIn(cls).get(access.getName()) ?? []));
    }
    return out;
  }

  /**
   * The project classes whose instance `expr` can stand for: `this` in an instance member (bound
   * by the context, or its own class), `new C(...)`, a field holding one (`this.host`, given
   * `this.host = host` and a constructor argument `new Adapter(this)`), or what the checker types
   * it as. Empty when none is known.
   */
  classesOf(expr: Node, b: Bindings, depth: number): ClassLike[] {
    const node = unwrap(expr);
    if (deeperThan(depth, 6)) return [];
    const out = new Set<ClassLike>();
    if (node.getKind() === SyntaxKind.ThisKeyword) {
      const target = this.resolve(node, depth + 1, b);
      const made = target.kind === 'value' ? unwrap(target.node) : undefined;
      const instance = made && Node.isNewExpression(made) ? this.instance(made, bindingsOf(target), depth + 1) : null;
      const scope = thisScope(node);
      if (instance) out.add(instance.cls);
      else if (scope.cls && !scope.isStatic) out.add(scope.cls);
      return [...out];
    }
    if (Node.isNewExpression(node)) {
      const instance = this.instance(node, b, depth + 1);
      return instance ? [instance.cls] : [];
    }
    if (Node.isPropertyAccessExpression(node)) {
      for (const value of this.fieldWritesOf(node, b)) for (const cls of this.classesOf(value, Bindings.EMPTY, depth + 1)) out.add(cls);
    }
    // A constructor's parameter: the arguments every `new C(...)` passes for it.
    const decl = Node.isIdentifier(node) ? node.getSymbol()?.getDeclarations()[0] : undefined;
    const ctor = decl && Node.isParameterDeclaration(decl) ? decl.getParent() : undefined;
    const ctorClass = ctor && Node.isConstructorDeclaration(ctor) ? ctor.getParent() : undefined;
    if (decl && ctor && ctorClass && (Node.isClassDeclaration(ctorClass) || Node.isClassExpression(ctorClass))) {
      const index = (ctor as import('ts-morph').ConstructorDeclaration).getParameters().indexOf(decl as import('ts-morph').ParameterDeclaration);
      for (const instance of this.instancesOf(ctorClass)) {
        const arg = instance.made.getArguments()[index];
        if (arg) for (const cls of this.classesOf(arg, Bindings.EMPTY, depth + 1)) out.add(cls);
      }
    }
    if (out.size === 0) {
      const typed = node.getType().getSymbol()?.getDeclarations()[0];
      if (typed && (Node.isClassDeclaration(typed) || Node.isClassExpression(typed)) && this.isProjectFile(typed.getSourceFile())) out.add(typed);
    }
    return [...out];
  }

  /**
   * The `new X(...)` expressions of the project's files by the name they construct (`Notes` for
   * `new Notes()`, `new notes_1.Notes()` and `new N()` after `import { Notes as N }`; `default`
   * for a default import's), found in one walk of the project; and, as `extends Name` with no
   * sites, the names classes extend.
   */
  private newExpressions(project: import('ts-morph').Project): Map<string, import('ts-morph').NewExpression[]> {
    if (this.newSites) return this.newSites;
    const sites = new Map<string, import('ts-morph').NewExpression[]>();
    const checker = project.getTypeChecker().compilerObject;
    for (const sf of project.getSourceFiles()) {
      if (!this.isProjectFile(sf)) continue;
      // Read on the compiler's nodes (a bundle has thousands of `new`): only the sites kept are wrapped.
      const imported = importedNamesIn(sf.compilerNode);
      const found = compilerDescendantsOfKinds(sf, [SyntaxKind.NewExpression, SyntaxKind.HeritageClause]);
      const kept: TS.NewExpression[] = [];
      const namesOf = new Map<TS.NewExpression, string[]>();
      for (const node of found) {
        // `class Special extends Notes`: its `super(...)` calls construct Notes too, so Notes's sites are not all known.
        if (ts.isHeritageClause(node)) {
          for (const type of node.types) sites.set(`extends ${type.expression.getText(sf.compilerNode).replace(/^.*\./, '')}`, []);
          continue;
        }
        const site = node as TS.NewExpression;
        const callee = unwrapCompiler(site.expression);
        // `new Map()`, `new Error()`: a name nothing in the program declares is a global, never a project class (resolveIdentifier).
        if (ts.isIdentifier(callee) && !isDeclared(checker, callee)) continue;
        const names = ts.isIdentifier(callee) ? [callee.text, ...(imported.get(callee.text) ?? [])] : ts.isPropertyAccessExpression(callee) ? [callee.name.text] : [];
        if (names.length === 0) continue;
        kept.push(site);
        namesOf.set(site, names);
      }
      const wrappedSites = wrapped<import('ts-morph').NewExpression>(sf, kept);
      kept.forEach((site, i) => {
        for (const name of namesOf.get(site)!) sites.set(name, [...(sites.get(name) ?? []), wrappedSites[i]!]);
      });
    }
    this.newSites = sites;
    return sites;
  }

  /**
   * For a constructor's parameter, the argument every `new C(...)` of the project passes for it,
   * when they all have the same shape (`new Notes(new Store())`): what `this.store` holds in a
   * compiled class (`this.store = store`) or a parameter property (`constructor(private store)`).
   */
  private constructorArgument(param: import('ts-morph').ParameterDeclaration): Node | undefined {
    const ctor = param.getParent();
    const cls = ctor?.getParent();
    if (!Node.isConstructorDeclaration(ctor) || !cls || !Node.isClassDeclaration(cls) || param.isRestParameter()) return undefined;
    const name = cls.getName();
    if (!name) return undefined;
    const index = ctor.getParameters().indexOf(param);
    const args: Node[] = [];
    const byName = this.newExpressions(cls.getProject());
    if (byName.has(`extends ${name}`)) return undefined;
    for (const site of new Set([...(byName.get(name) ?? []), ...(byName.get('default') ?? [])])) {
      const made = this.resolve(site.getExpression());
      if (made.kind !== 'value' || unwrap(made.node) !== cls) continue;
      const siteArgs = site.getArguments();
      if (siteArgs.slice(0, index + 1).some((a) => Node.isSpreadElement(a)) || !siteArgs[index]) return undefined;
      args.push(siteArgs[index]!);
    }
    return sameShapeValue(args);
  }

  /** Resolves what a declaration binds, in the context `b` (memoized for the context-free reading only). */
  resolveDeclaration(decl: Node, depth: number, b: Bindings = Bindings.EMPTY): Target {
    const bound = b.get(decl);
    if (bound) return this.resolveBound(bound, depth, decl, b);
    // Only bindings of scopes around the declaration can change what it resolves to.
    const visible = b.visibleFrom(decl);
    if (visible.size > 0) {
      // Bindings never change: what a declaration stands for under them is memoized too.
      return this.boundDeclarationCache.get(visible.id, decl, () => this.resolveOnce(decl, depth, visible), (bound) => !(bound.kind === 'unknown' && bound.reason === 'resolution depth limit'));
    }
    const memo = this.declarationCache.get(decl);
    if (memo) return memo;
    const target = this.resolveOnce(decl, depth, Bindings.EMPTY);
    // A result cut by the depth limit may resolve from a shallower start; everything else is final.
    if (!(target.kind === 'unknown' && target.reason === 'resolution depth limit')) this.declarationCache.set(decl, target);
    return target;
  }

  /** {@link Resolver.resolveDeclarationUncached}, unknown when `decl` is met again inside its own resolution (see {@link Resolver.resolvingDeclarations}). */
  private resolveOnce(decl: Node, depth: number, b: Bindings): Target {
    let resolving = this.resolvingDeclarations.get(b.id);
    if (!resolving) this.resolvingDeclarations.set(b.id, (resolving = new Set()));
    if (resolving.has(decl)) {
      noteStackCut();
      return { kind: 'unknown', reason: `${shorten(decl.getText(), 40)} is made from itself` };
    }
    resolving.add(decl);
    try {
      return this.resolveDeclarationUncached(decl, depth, b);
    } finally {
      resolving.delete(decl);
      if (resolving.size === 0) this.resolvingDeclarations.delete(b.id);
    }
  }

  /**
   * What the declaration `decl`, bound to `bound` in `b`, stands for. A rest parameter stands for
   * itself, read in bindings that hold the arguments it collects: {@link Resolver.member} reads its
   * elements (`args[0]`, `const [name] = args`) and its `length`, {@link restArguments} the list.
   * So does a variable holding an outcome of `Promise.allSettled` (its `status` and `value`).
   */
  private resolveBound(bound: Bound, depth: number, decl: Node, b: Bindings): Target {
    switch (bound.kind) {
      case 'node': {
        const value = this.resolve(bound.node, depth + 1, bound.bindings);
        return bound.openKeys && value.kind === 'value' ? { ...value, openKeys: bound.openKeys } : value;
      }
      case 'const':
        return { kind: 'const', value: bound.value, ...(bound.partial ? { partial: true } : {}) };
      case 'runtime':
        return { kind: 'unknown', reason: bound.reason, runtime: true };
      case 'nodes':
      case 'settled':
        return { kind: 'value', node: decl as unknown as Expression, bindings: b.visibleFrom(decl) };
    }
  }

  private resolveDeclarationUncached(decl: Node, depth: number, b: Bindings): Target {
    if (deeperThan(depth, MAX_RESOLVE_DEPTH)) return { kind: 'unknown', reason: 'resolution depth limit' };
    const sf = decl.getSourceFile();
    if (Node.isImportSpecifier(decl)) {
      const spec = importedModuleOf(decl);
      if (spec === null) return NO_SPECIFIER;
      const imported = decl.getAliasNode() ? decl.getNameNode().getText() : decl.getName();
      if (this.projectModule(sf, spec)) {
        // The checker already knows where a named import of project code comes from (re-exports included).
        const target = decl.getNameNode().getSymbol()?.getAliasedSymbol()?.getDeclarations()[0];
        if (target && this.isProjectFile(target.getSourceFile())) return this.resolveDeclaration(target, depth + 1);
      }
      return this.fromModule(sf, spec, [imported], depth);
    }
    if (Node.isImportClause(decl)) {
      const spec = importedModuleOf(decl);
      if (spec === null) return NO_SPECIFIER;
      return this.fromModule(sf, spec, ['default'], depth);
    }
    if (Node.isNamespaceImport(decl)) {
      const spec = importedModuleOf(decl);
      if (spec === null) return NO_SPECIFIER;
      return this.fromModule(sf, spec, [], depth);
    }
    if (Node.isImportEqualsDeclaration(decl)) {
      const ref = decl.getModuleReference();
      if (Node.isExternalModuleReference(ref)) {
        const e = ref.getExpression();
        if (e && Node.isStringLiteral(e)) return this.fromModule(sf, e.getLiteralValue(), [], depth);
      }
      return { kind: 'unknown', reason: 'import alias' };
    }
    if (Node.isExportSpecifier(decl)) {
      const target = decl.getLocalTargetDeclarations()[0];
      return target ? this.resolveDeclaration(target, depth + 1) : { kind: 'unknown', reason: `export ${decl.getName()}` };
    }
    if (isFunctionNode(decl)) {
      if (decl.getBody()) return withBindings({ kind: 'function', node: decl }, b.visibleFrom(decl));
      const impl = Node.isFunctionDeclaration(decl) || Node.isMethodDeclaration(decl) ? decl.getImplementation() : undefined;
      if (impl) return withBindings({ kind: 'function', node: impl }, b.visibleFrom(impl));
      return { kind: 'unknown', reason: `${shorten(decl.getText(), 40)} is only declared, with no body to analyse`, declaredOnly: true };
    }
    if (Node.isEnumDeclaration(decl)) return { kind: 'value', node: decl as unknown as Expression };
    if (Node.isVariableDeclaration(decl)) {
      // tsc's compiled enum: `var E; (function (E) { E["A"] = "a"; })(E || (E = {}));`
      const compiledEnum = decl.getInitializer() ? undefined : enumIifeOf(decl);
      if (compiledEnum) return { kind: 'value', node: compiledEnum as unknown as Expression };
      if (decl.getVariableStatement()?.hasDeclareKeyword()) return { kind: 'unknown', reason: `${decl.getName()} is declared without a value`, declaredOnly: true };
      const init = decl.getVariableStatement()?.getDeclarationKind() === 'const' ? decl.getInitializer() : this.heldValue(decl);
      // `for (const hook of this.hooks)`: the one value the program ever puts in the collection.
      const loop = decl.getInitializer() ? undefined : decl.getParent()?.getParent();
      if (loop && Node.isForOfStatement(loop)) {
        const elements = this.loopElements(loop);
        if (elements?.length === 1) return this.resolve(elements[0]!, depth + 1);
      }
      if (!init) {
        const reason = decl.getInitializer() ? 'is a variable that is assigned again' : 'has no initializer, or is assigned different values';
        return { kind: 'unknown', reason: `\`${decl.getName()}\` ${reason}` };
      }
      if (decl.hasExclamationToken()) return { kind: 'unknown', reason: `${decl.getName()} is declared without a value`, declaredOnly: true };
      return this.resolve(init, depth + 1, b);
    }
    if (Node.isBindingElement(decl)) {
      // const { a: { b } } = init  →  init.a.b; const [k, v] = pair  →  pair[0], pair[1]
      const names: string[] = [];
      let element: Node = decl;
      while (Node.isBindingElement(element)) {
        // `([name, { annotations }]) => ...` with the pair's value bound: read from that value.
        if (element !== decl && b.get(element) !== undefined) break;
        const pattern = element.getParentOrThrow();
        if (Node.isArrayBindingPattern(pattern)) {
          names.unshift(String(pattern.getElements().indexOf(element as never)));
        } else if (!element.getDotDotDotToken()) {
          const prop = element.getPropertyNameNode();
          names.unshift(prop ? keyName(prop) ?? prop.getText() : element.getName());
        }
        // `{ handler, ...rest }`: the rest stands for the object (its other keys are all it has).
        element = pattern.getParentOrThrow();
      }
      let target: Target;
      const root = b.get(element);
      if (root) target = this.resolveBound(root, depth, element, b);
      else if (Node.isVariableDeclaration(element) && element.getInitializer()) target = this.resolve(element.getInitializerOrThrow(), depth + 1, b);
      else return { kind: 'unknown', reason: 'destructured parameter' };
      for (const name of names) target = this.member(target, name, null, depth + 1);
      // `{ readOnly = true }`: a default applies when the value is undefined.
      const fallback = decl.getInitializer();
      if (fallback && target.kind === 'const' && target.value === undefined) return this.resolve(fallback, depth + 1, b);
      return target;
    }
    if (Node.isPropertyAssignment(decl)) {
      const init = decl.getInitializer();
      return init ? this.resolve(init, depth + 1, b) : { kind: 'unknown', reason: 'property' };
    }
    if (Node.isShorthandPropertyAssignment(decl)) {
      const symbol = decl.getValueSymbol();
      const valueDecl = symbol?.getDeclarations()[0];
      return valueDecl ? this.resolveDeclaration(valueDecl, depth + 1, b) : { kind: 'global', path: [decl.getName()] };
    }
    if (Node.isPropertyDeclaration(decl)) {
      // A field that starts empty (`client: Client | null = null`) holds what the class's code assigns it.
      const written = decl.getInitializer();
      const init = (written && !isNullish(written) ? written : undefined) ?? (decl.isStatic() ? undefined : this.fieldValue(decl.getParentOrThrow(), decl.getName())) ?? written;
      return init ? this.resolve(init, depth + 1, b) : { kind: 'unknown', reason: `field ${decl.getName()} has no initializer` };
    }
    if (Node.isParameterDeclaration(decl)) {
      // `import("./store.js").then((m) => m.save())`: the module.
      const imported = importThenModule(decl);
      if (imported) return this.fromModule(sf, imported, [], depth);
      const passed = b.size === 0 ? this.constructorArgument(decl) : undefined;
      if (passed) return this.resolve(passed, depth + 1);
      // A parameter a call site left out takes its default, or is undefined.
      if (b.size > 0 && isBoundFunction(decl, b)) {
        const fallback = decl.getInitializer();
        return fallback ? this.resolve(fallback, depth + 1, b) : { kind: 'const', value: undefined };
      }
      // `deps = { realpath: fs.realpath }` that no call of the function in the program passes: always the default.
      const fallback = decl.getInitializer();
      if (fallback && this.parameterValues(decl)?.length === 0) return this.resolve(fallback, depth + 1, b);
      // Only a parameter typed with a named type (a class, an interface) can lead the checker to project methods.
      const type = decl.getTypeNode();
      const opaque = !type || !(Node.isTypeReference(type) || Node.isIntersectionTypeNode(type) || Node.isUnionTypeNode(type));
      return { kind: 'unknown', reason: `parameter ${decl.getName()}`, ...(opaque ? { opaque } : {}) };
    }
    if (Node.isClassDeclaration(decl)) return { kind: 'value', node: decl as unknown as Expression };
    if (Node.isBinaryExpression(decl)) {
      // `exports.f = ...` / `module.exports.f = ...` in CommonJS: TypeScript binds these as declarations.
      return this.resolve(decl.getRight(), depth + 1);
    }
    if (Node.isPropertyAccessExpression(decl) && Node.isBinaryExpression(decl.getParent())) {
      return this.resolve((decl.getParent() as import('ts-morph').BinaryExpression).getRight(), depth + 1);
    }
    if (Node.isSourceFile(decl)) return { kind: 'value', node: decl as unknown as Expression };
    if (Node.isMethodSignature(decl) || Node.isPropertySignature(decl)) {
      return { kind: 'unknown', reason: `${decl.getName()} is only declared, with no body to analyse`, declaredOnly: true };
    }
    // A CommonJS export's value (`exports.x = expr`, a re-export getter's `m_1.x`) is an expression.
    if (Node.isExpression(decl)) return this.resolve(decl, depth + 1, b);
    return { kind: 'unknown', reason: `${shorten(decl.getText(), 40)} (${decl.getKindName()}) cannot be followed` };
  }
}

/**
 * The CommonJS exports TypeScript does not list, by name: `module.exports = { name, other: ... }`
 * (the property), `module.exports.name = ...` / `exports.name = ...` (the assigned value), and
 * tsc's re-export `Object.defineProperty(exports, "name", { get: function () { return m_1.x; } })`
 * (the getter's returned expression; also `{ value: x }`).
 */
function commonJsExports(sf: SourceFile): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const statement of sf.getStatements()) {
    if (!Node.isExpressionStatement(statement)) continue;
    const expr = unwrap(statement.getExpression());
    if (Node.isCallExpression(expr) && expr.getExpression().getText() === 'Object.defineProperty') {
      const [target, key, descriptor] = expr.getArguments();
      if (target?.getText() !== 'exports' || !key || !Node.isStringLiteral(key) || !descriptor || !Node.isObjectLiteralExpression(descriptor)) continue;
      const value = descriptor.getProperty('value');
      const getter = descriptor.getProperty('get');
      const getterFn = getter && Node.isPropertyAssignment(getter) ? unwrap(getter.getInitializerOrThrow()) : getter;
      let exported: Node | undefined;
      if (value && Node.isPropertyAssignment(value)) exported = value.getInitializerOrThrow();
      else if (getterFn && isFunctionNode(getterFn)) exported = soleReturn(getterFn) ?? undefined;
      if (exported && !out.has(key.getLiteralValue())) out.set(key.getLiteralValue(), exported);
      continue;
    }
    if (!Node.isBinaryExpression(expr) || expr.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    const left = expr.getLeft().getText().replace(/\s+/g, '');
    const right = unwrap(expr.getRight());
    if (left === 'module.exports' && Node.isObjectLiteralExpression(right)) {
      for (const prop of right.getProperties()) {
        if ((Node.isPropertyAssignment(prop) || Node.isShorthandPropertyAssignment(prop) || Node.isMethodDeclaration(prop)) && !out.has(prop.getName())) out.set(prop.getName(), prop);
      }
      continue;
    }
    const named = /^(?:module\.)?exports\.([\w$]+)$/.exec(left);
    // `exports.a = exports.b = void 0` (tsc's hoisted declaration) is not a value.
    if (named && !(Node.isBinaryExpression(right) || right.getText() === 'void 0') && !out.has(named[1]!)) out.set(named[1]!, right);
  }
  return out;
}

/** The helpers compilers emit for `export * from "./x"` in CommonJS: tsc's `__exportStar`, older tsc's `__export`, esbuild's `__reExport`. */
const STAR_RE_EXPORT_HELPERS = new Set(['__exportStar', '__export', '__reExport']);

/**
 * The module specifiers a CommonJS module re-exports whole, in source order: tsc's
 * `__exportStar(require("./x"), exports)` (also `tslib_1.__exportStar(...)`), older tsc's
 * `__export(require("./x"))` and esbuild's `__reExport(target, require("./x"), module.exports)`.
 * Only top-level statements count; the helper is recognised by name.
 */
function commonJsStarReExports(sf: SourceFile): string[] {
  const out: string[] = [];
  for (const statement of sf.getStatements()) {
    if (!Node.isExpressionStatement(statement)) continue;
    const call = unwrap(statement.getExpression());
    if (!Node.isCallExpression(call)) continue;
    const callee = unwrap(call.getExpression());
    const name = Node.isIdentifier(callee) ? callee.getText() : Node.isPropertyAccessExpression(callee) ? callee.getName() : '';
    if (!STAR_RE_EXPORT_HELPERS.has(name)) continue;
    for (const arg of call.getArguments()) {
      const specifier = requireSpecifier(arg);
      if (specifier !== null) out.push(specifier);
    }
  }
  return out;
}

/** The largest JSON file of a package the linter reads as data: 4 MiB. */
const MAX_JSON_BYTES = 4 * 1024 * 1024;
const jsonCache = new Map<string, { value: unknown } | null>();

/**
 * The parsed data of a JSON file a module imports, memoized; null when it is not a regular file of
 * at most {@link MAX_JSON_BYTES}, or not valid JSON (the import then stays unknown).
 */
function readJsonData(file: string): { value: unknown } | null {
  let data = jsonCache.get(file);
  if (data !== undefined) return data;
  data = null;
  try {
    const stats = statSync(file);
    if (stats.isFile() && stats.size <= MAX_JSON_BYTES) data = { value: JSON.parse(readFileSync(file, 'utf8')) as unknown };
  } catch {
    // Missing, unreadable or not JSON: no data.
  }
  jsonCache.set(file, data);
  return data;
}

/** What the context `b` binds `this` (the node) to: the instance whose member's code it is read in, if bound. */
export function boundThis(node: Node, b: Bindings): Bound | undefined {
  const { cls, isStatic } = thisScope(node);
  return cls && !isStatic ? b.get(thisKey(cls)) : undefined;
}

/** The reason of the target `this` resolves to outside a static member (its members are found by the checker). */
const THIS = 'this';

/**
 * What `this` stands for: in a static member of a class (arrow functions see their enclosing
 * `this`), the class itself; anywhere else an instance the checker types, which member lookup
 * reads through the symbol of the member's name.
 */
function thisOf(node: Node): Target {
  const { cls, isStatic } = thisScope(node);
  return cls && isStatic ? { kind: 'value', node: cls as unknown as Expression } : { kind: 'unknown', reason: THIS };
}

/**
 * The class whose member's code `this` (the node) is read in, if it is one, and whether that member
 * is static. Arrow functions and a downlevel `async` body see the `this` around them; any other
 * function (an object literal's method, a `function` expression) has its own.
 */
function thisScope(node: Node): { cls: import('ts-morph').ClassDeclaration | import('ts-morph').ClassExpression | null; isStatic: boolean } {
  let scope = node.getParent();
  const isScope = (n: Node): boolean =>
    ((isFunctionNode(n) && !Node.isArrowFunction(n)) || Node.isPropertyDeclaration(n) || Node.isClassStaticBlockDeclaration(n) || Node.isSetAccessorDeclaration(n)) && !isDownlevelBody(n);
  while (scope && !isScope(scope)) scope = scope.getParent();
  const owner = scope?.getParent();
  if (!scope || !owner || !(Node.isClassDeclaration(owner) || Node.isClassExpression(owner))) return { cls: null, isStatic: false };
  const isStatic = Node.isClassStaticBlockDeclaration(scope) || ((Node.isMethodDeclaration(scope) || Node.isPropertyDeclaration(scope) || Node.isGetAccessorDeclaration(scope) || Node.isSetAccessorDeclaration(scope)) && scope.isStatic());
  return { cls: owner, isStatic };
}

/** The generator of a downlevel `async` function, `__awaiter(this, ..., function* () {...})`: its `this` is the enclosing function's. */
function isDownlevelBody(fn: Node): boolean {
  const call = fn.getParent();
  return Node.isFunctionExpression(fn) && call !== undefined && isEmitHelperCall(call) && (call as import('ts-morph').CallExpression).getArguments()[0]?.getKind() === SyntaxKind.ThisKeyword;
}

/** How a file writes one variable: the right-hand sides of its `=` assignments, and whether it also has `+=`, `++`... */
/**
 * The value a statement after a class declaration gives one of its statics (`FindTool.toolName =
 * "find";`, tsc's output for a static field below ES2022), or undefined.
 */
function staticAssignment(cls: ClassLike, name: string): Node | undefined {
  const className = cls.getName();
  const container = cls.getParent();
  if (!className || !Node.isClassDeclaration(cls) || !container || !(Node.isSourceFile(container) || Node.isBlock(container))) return undefined;
  const statements: Node[] = container.getStatements();
  for (const statement of statements.slice(statements.indexOf(cls) + 1)) {
    const write = Node.isExpressionStatement(statement) ? statement.getExpression() : undefined;
    if (!write || !Node.isBinaryExpression(write) || write.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    const left = write.getLeft();
    if (Node.isPropertyAccessExpression(left) && left.getName() === name && left.getExpression().getText() === className) return write.getRight();
  }
  return undefined;
}

interface Writes {
  values: Node[];
  compound: boolean;
}

/**
 * The first of the values a variable or field is given, when all have the same shape (all `new` of
 * one callee, or the same text), not counting `null`/`undefined` (a start or a reset); undefined
 * when they differ or there are none.
 */
function sameShapeValue(values: Node[]): Node | undefined {
  const set = values.filter((v) => !isNullish(v));
  const [first] = set;
  if (!first) return undefined;
  const shape = (n: Node): string => {
    const u = unwrap(n);
    return Node.isNewExpression(u) ? `new ${u.getExpression().getText()}` : u.getText();
  };
  return set.every((v) => shape(v) === shape(first)) ? first : undefined;
}

/**
 * True when `value` reads a memo pool (memo-pools.ts) into which every write stores the variable
 * `decl` itself: what it reads is undefined or a value `decl` was given by its other writes.
 */
function fillsOwnPool(value: Node, decl: Node): boolean {
  const pool = poolRead(value);
  return pool !== null && pool.values.length > 0 && pool.values.every((v) => {
    const stored = unwrap(v);
    return Node.isIdentifier(stored) && stored.getSymbol()?.getDeclarations()[0] === decl;
  });
}

/**
 * True for what a memo pool may stand for (see {@link Resolver.pooledValue}): a package's object,
 * a function of the project, or an instance of a project class; not a record, a built-in
 * collection or anything unknown.
 */
function isMadeObject(target: Target): boolean {
  return target.kind === 'module' || target.kind === 'function' || (target.kind === 'value' && Node.isNewExpression(unwrap(target.node)));
}

/** `null`, `undefined` or `void 0`: what a variable holds before it is set, or after a reset. */
export function isNullish(node: Node): boolean {
  const n = unwrap(node);
  return n.getKind() === SyntaxKind.NullKeyword || (Node.isIdentifier(n) && n.getText() === 'undefined') || (Node.isVoidExpression(n) && Node.isLiteralExpression(unwrap(n.getExpression())));
}

/**
 * For a factory whose returns all make an instance of one callee (`if (a) return new T(x); return
 * new T()`), the first of them; null otherwise. What members the instance has does not depend on
 * which return ran.
 */
function sameNewReturn(fn: FunctionNode): Node | null {
  const all = returnedExpressions(fn);
  return all.length > 1 && all.every((r) => Node.isNewExpression(unwrap(r))) ? sameShapeValue(all) ?? null : null;
}

/** The `super(...)` call a constructor makes as one of its statements, if any. */
function superCallOf(ctor: import('ts-morph').ConstructorDeclaration): import('ts-morph').CallExpression | undefined {
  for (const statement of ctor.getStatements()) {
    const expr = Node.isExpressionStatement(statement) ? unwrap(statement.getExpression()) : null;
    if (expr && Node.isCallExpression(expr) && expr.getExpression().getKind() === SyntaxKind.SuperKeyword) return expr;
  }
  return undefined;
}

/** The expression of a function's one `return` (its body may do other things first), or null when it has none or several. */
function onlyReturn(fn: FunctionNode): Node | null {
  const all = returnedExpressions(fn);
  return all.length === 1 ? all[0]! : null;
}

/**
 * The value a module exports as a whole, when it is not an object literal (whose keys
 * {@link commonJsExports} reads as exports): the last `module.exports = value` among its
 * statements, or TypeScript's `export = value`.
 */
function wholeModuleExport(sf: SourceFile): Node | undefined {
  let found: Node | undefined;
  for (const statement of sf.getStatements()) {
    if (Node.isExportAssignment(statement) && statement.isExportEquals()) found = statement.getExpression();
    if (!Node.isExpressionStatement(statement)) continue;
    const expr = unwrap(statement.getExpression());
    if (Node.isBinaryExpression(expr) && expr.getOperatorToken().getKind() === SyntaxKind.EqualsToken && expr.getLeft().getText().replace(/\s+/g, '') === 'module.exports') {
      found = Node.isObjectLiteralExpression(unwrap(expr.getRight())) ? undefined : expr.getRight();
    }
  }
  return found;
}

/** Literals and array or object literals: values whose members are never project functions the checker could find. */
function isPlainValue(node: Node): boolean {
  return (
    Node.isArrayLiteralExpression(node) ||
    Node.isStringLiteral(node) ||
    Node.isNoSubstitutionTemplateLiteral(node) ||
    Node.isTemplateExpression(node) ||
    Node.isNumericLiteral(node) ||
    Node.isRegularExpressionLiteral(node)
  );
}

/** The names an imported identifier has in the module it comes from (`Notes` for `N` of `import { Notes as N }`, `default` for a default import). */
/**
 * How many of `writes`, the writes into an object literal (see {@link Resolver.writesInto}), can
 * give the key `name` where `at` reads it: all of them, unless `at` is read when one of them runs,
 * in the value it writes to that key (`task.subtasks = task.subtasks.map(...)`, `h.save =
 * logged(h.save)`): then the key holds what a write before it gave. A read in a function written
 * in that value runs later (`h.run = () => h.run()`), and sees every write.
 */
function writesBefore(writes: readonly KeyedWrite[], name: string, at: Node | null): number {
  if (at === null || writes.length === 0) return writes.length;
  const read = at.compilerNode;
  const sf = read.getSourceFile();
  for (let i = writes.length - 1; i >= 0; i--) {
    const entry = writes[i]!;
    const written = entry.kind === 'assign' ? entry.call.compilerNode : entry.write.compilerNode.right;
    if (written.getSourceFile() !== sf || read.pos < written.pos || read.end > written.end) continue;
    const key = entry.kind === 'key' ? writtenKey(entry.write) : null;
    const value = entry.kind === 'assign' ? entry.call : entry.write.getRight();
    if ((key === null || key === name) && value.getFirstAncestor(isFunctionNode) === at.getFirstAncestor(isFunctionNode)) return i;
  }
  return writes.length;
}

/**
 * For each name a file's import declarations bind, the name it has in the module it comes from:
 * `import { Store as S }` gives `S` → `Store`, `import S from` gives `S` → `default`. Read from
 * the syntax (a local name that shadows an import keeps the import's name too: a site indexed under
 * one more name is only looked at, never taken for an instance unless it resolves to one).
 */
function importedNamesIn(sf: TS.SourceFile): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const clause = statement.importClause;
    if (clause.name) names.set(clause.name.text, ['default']);
    if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
      for (const element of clause.namedBindings.elements) names.set(element.name.text, [(element.propertyName ?? element.name).text]);
    }
  }
  return names;
}


/** For the first parameter of a callback of `import("literal").then(cb)`, the imported specifier; else null. */
function importThenModule(param: import('ts-morph').ParameterDeclaration): string | null {
  const fn = param.getParent();
  if (!isFunctionNode(fn) || fn.getParameters()[0] !== param) return null;
  let call: Node | undefined = fn.getParent();
  while (call && Node.isParenthesizedExpression(call)) call = call.getParent();
  if (!call || !Node.isCallExpression(call) || call.getArguments()[0] && unwrap(call.getArguments()[0]!) !== fn) return null;
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'then') return null;
  const receiver = unwrap(callee.getExpression());
  if (!Node.isCallExpression(receiver) || receiver.getExpression().getKind() !== SyntaxKind.ImportKeyword) return null;
  const arg = receiver.getArguments()[0];
  return arg && (Node.isStringLiteral(arg) || Node.isNoSubstitutionTemplateLiteral(arg)) ? arg.getLiteralValue() : null;
}

/** True when some parameter of `param`'s function is bound: the function is read at a call site. */
function isBoundFunction(param: import('ts-morph').ParameterDeclaration, b: Bindings): boolean {
  const fn = param.getParent();
  return isFunctionNode(fn) && fn.getParameters().some((p) => b.get(p) !== undefined);
}

/** The property `name` of an object literal (the last one written, as JavaScript keeps). */
function objectProperty(obj: import('ts-morph').ObjectLiteralExpression, name: string): Node | undefined {
  let found: Node | undefined;
  for (const prop of obj.getProperties()) {
    if ((Node.isPropertyAssignment(prop) || Node.isShorthandPropertyAssignment(prop) || Node.isMethodDeclaration(prop) || Node.isGetAccessorDeclaration(prop)) && propertyKey(prop) === name) found = prop;
  }
  return found;
}

/**
 * For the empty object of a module namespace esbuild keeps (`var ns = {}; __export(ns, { name: () => value })`,
 * the call right after the declaration), the value its getter for `name` returns; undefined for any other object.
 */
function namespaceExport(obj: import('ts-morph').ObjectLiteralExpression, name: string): Node | undefined {
  const decl = obj.getParent();
  if (obj.getProperties().length > 0 || !decl || !Node.isVariableDeclaration(decl) || decl.getInitializer() !== obj) return undefined;
  const next = expressionStatementAfter(decl);
  const call = next ? unwrap(next.getExpression()) : undefined;
  if (!call || !Node.isCallExpression(call) || !/^__export\d*$/.test(call.getExpression().getText())) return undefined;
  const [target, getters] = call.getArguments();
  if (!target || target.getText() !== decl.getName() || !getters || !Node.isObjectLiteralExpression(getters)) return undefined;
  const getter = objectProperty(getters, name);
  const fn = getter && Node.isPropertyAssignment(getter) ? unwrap(getter.getInitializerOrThrow()) : undefined;
  return fn && Node.isArrowFunction(fn) && fn.getParameters().length === 0 ? soleReturn(fn) ?? undefined : undefined;
}

function propertyKey(prop: import('ts-morph').PropertyAssignment | import('ts-morph').ShorthandPropertyAssignment | import('ts-morph').MethodDeclaration | import('ts-morph').GetAccessorDeclaration): string | null {
  const nameNode = prop.getNameNode();
  if (Node.isIdentifier(nameNode)) return nameNode.getText();
  return keyName(nameNode);
}

/**
 * The function a call runs and the arguments it passes to it: `f(a, b)` runs `f` with `[a, b]`;
 * `f.call(thisArg, a, b)` (how sucrase and esbuild call an import: `m.f.call(void 0, a)`) runs
 * `f` with `[a, b]`. `callee` is what the called expression stands for, resolved in `b`
 * (an `unknown` target when it is no function the linter reads).
 */
export function invocationOf(call: import('ts-morph').CallExpression, resolver: Resolver, b: Bindings = Bindings.EMPTY): { callee: Target; args: Node[] } {
  const called = unwrap(call.getExpression());
  if (Node.isPropertyAccessExpression(called) && called.getName() === 'call') {
    const fn = resolver.resolve(called.getExpression(), 0, b);
    if (fn.kind === 'function') return { callee: fn, args: call.getArguments().slice(1) };
  }
  return { callee: resolver.resolve(called, 0, b), args: call.getArguments() };
}

/**
 * Binds a function's parameters to a call's arguments (read in `callBindings`): plain parameters
 * to their argument, a rest parameter to the arguments it collects, spread arguments expanded when
 * they are a bound rest parameter. `fnBindings` are the bindings the function itself is read in.
 */
export function bindParameters(fn: FunctionNode, args: Node[], callBindings: Bindings, fnBindings: Bindings = Bindings.EMPTY): Bindings {
  const expanded = expandArguments(args, callBindings);
  let bindings = fnBindings;
  fn.getParameters().forEach((param, i) => {
    if (param.isRestParameter()) {
      bindings = bindings.with(param, { kind: 'nodes', nodes: expanded.slice(i) }, fn);
      return;
    }
    const arg = expanded[i];
    if (arg) bindings = bindings.with(param, { kind: 'node', node: arg.node, bindings: arg.bindings }, fn);
  });
  return bindings;
}

/** The path a `file:` URL names, or null when it is no valid one. */
function fileUrlPath(url: string): string | null {
  try {
    return fileURLToPath(url);
  } catch {
    return null;
  }
}

/** True when two targets are the same: one constant, one literal (written twice), or one node read in the same bindings. */
function sameTarget(a: Target, b: Target): boolean {
  if (a === b) return true;
  if (a.kind === 'const' && b.kind === 'const') return Object.is(a.value, b.value) && !a.partial && !b.partial;
  // One export of a package, or what one of its classes makes (`new ApifyClient(...)` twice).
  if (a.kind === 'module' && b.kind === 'module') return a.specifier === b.specifier && a.path.join('\0') === b.path.join('\0');
  const literal = (t: Target): { value: unknown } | null => {
    const n = t.kind === 'value' ? unwrap(t.node) : null;
    return n && (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n) || Node.isNumericLiteral(n)) ? { value: n.getLiteralValue() } : null;
  };
  const [la, lb] = [literal(a), literal(b)];
  if (la && lb) return Object.is(la.value, lb.value);
  if ((a.kind === 'value' || a.kind === 'function') && a.kind === b.kind) return a.node === b.node && bindingsOf(a).sameAs(bindingsOf(b));
  return false;
}

/**
 * The arguments a rest parameter collected at the call site `b` binds it to (each with the bindings
 * it is read in), when `node` is that parameter; null for any other node or an unbound parameter.
 */
export function restArguments(node: Node, b: Bindings): { node: Node; bindings: Bindings }[] | null {
  if (!Node.isParameterDeclaration(node) || !node.isRestParameter()) return null;
  const bound = b.get(node);
  return bound?.kind === 'nodes' ? bound.nodes : null;
}

/**
 * A call's arguments with `...rest` spreads of a bound rest parameter replaced by the arguments it
 * collected, each with the bindings it is read in.
 */
export function expandArguments(args: Node[], b: Bindings): { node: Node; bindings: Bindings }[] {
  const out: { node: Node; bindings: Bindings }[] = [];
  for (const arg of args) {
    if (Node.isSpreadElement(arg)) {
      const spread = unwrap(arg.getExpression());
      const decl = Node.isIdentifier(spread) ? spread.getSymbol()?.getDeclarations()[0] : undefined;
      const bound = decl ? b.get(decl) : undefined;
      if (bound?.kind === 'nodes') {
        out.push(...bound.nodes);
        continue;
      }
    }
    out.push({ node: arg, bindings: b });
  }
  return out;
}

/** The value of a TypeScript enum member: its initializer, or its auto-incremented number. */
function enumMember(decl: import('ts-morph').EnumDeclaration, name: string, resolver: Resolver, depth: number): Target {
  const member = decl.getMember(name);
  if (!member) return { kind: 'unknown', reason: `enum ${decl.getName()} has no member ${name}` };
  const init = member.getInitializer();
  if (init) return resolver.resolve(init, depth + 1);
  const value = member.getValue();
  return value === undefined ? { kind: 'unknown', reason: `enum member ${decl.getName()}.${name}` } : { kind: 'const', value };
}

/**
 * The statement right after the one that declares `decl` (`var ns = {};` then `__export(ns, ...)`),
 * when it is an expression statement; undefined otherwise. Read on the compiler's statement list:
 * ts-morph's getNextSibling lists, with wrappers, every sibling of a bundle's top level (thousands)
 * each time it is asked.
 */
function expressionStatementAfter(decl: import('ts-morph').VariableDeclaration): import('ts-morph').ExpressionStatement | undefined {
  const statement = decl.getVariableStatement();
  if (!statement) return undefined;
  const siblings = (statement.compilerNode.parent as { statements?: TS.NodeArray<TS.Statement> }).statements;
  const following = siblings?.[siblings.indexOf(statement.compilerNode) + 1];
  return following && ts.isExpressionStatement(following) ? wrapped<import('ts-morph').ExpressionStatement>(statement, [following])[0] : undefined;
}

/** For `var E;`, the function of tsc's enum form `(function (E) { ... })(E || (E = {}))` in the same file, if any. */
function enumIifeOf(decl: import('ts-morph').VariableDeclaration): Node | undefined {
  const name = decl.getName();
  const next = expressionStatementAfter(decl);
  if (!next) return undefined;
  const call = unwrap(next.getExpression());
  if (!Node.isCallExpression(call)) return undefined;
  const fn = unwrap(call.getExpression());
  const arg = call.getArguments()[0];
  if (!Node.isFunctionExpression(fn) || !arg || arg.getText().replace(/\s+/g, '') !== `${name}||(${name}={})`) return undefined;
  return fn;
}

/** True for the function of tsc's enum form (its call's argument is `E || (E = {})`). */
function isEnumIife(fn: import('ts-morph').FunctionExpression): boolean {
  const call = fn.getParent()?.getKind() === SyntaxKind.ParenthesizedExpression ? fn.getParent()?.getParent() : fn.getParent();
  if (!call || !Node.isCallExpression(call)) return false;
  const arg = call.getArguments()[0];
  return arg !== undefined && /^(\w+)\|\|\(\1=\{\}\)$/.test(arg.getText().replace(/\s+/g, ''));
}

/** A member of tsc's compiled enum: the right-hand side of `E["A"] = v` (also inside `E[E["A"] = 0] = "A"`). */
function compiledEnumMember(fn: import('ts-morph').FunctionExpression, name: string, resolver: Resolver, depth: number): Target {
  const param = fn.getParameters()[0]?.getName();
  for (const assignment of fn.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
    if (assignment.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    const left = assignment.getLeft();
    if (!Node.isElementAccessExpression(left) || left.getExpression().getText() !== param) continue;
    const key = left.getArgumentExpression();
    if (key && Node.isStringLiteral(key) && key.getLiteralValue() === name) return resolver.resolve(assignment.getRight(), depth + 1);
  }
  return { kind: 'unknown', reason: `compiled enum has no member ${name}` };
}

/** True for a parameter, or a property of one (`impl`, `options.fetch`): a value the caller may inject. */
function isParameterValue(expr: Node): boolean {
  let node = unwrap(expr);
  while (Node.isPropertyAccessExpression(node)) node = unwrap(node.getExpression());
  return Node.isIdentifier(node) && node.getSymbol()?.getDeclarations()[0]?.getKind() === SyntaxKind.Parameter;
}

/**
 * In `typeof x === "function" ? x() : x` (also awaited, either order, `!==` with the sides
 * swapped): `x`, an option given as a value or as a function that makes it. Null otherwise.
 */
function valueOrGetter(node: Node): Node | null {
  if (!Node.isConditionalExpression(node)) return null;
  const test = unwrap(node.getCondition());
  if (!Node.isBinaryExpression(test)) return null;
  const op = test.getOperatorToken().getKind();
  const equal = op === SyntaxKind.EqualsEqualsEqualsToken || op === SyntaxKind.EqualsEqualsToken;
  if (!equal && op !== SyntaxKind.ExclamationEqualsEqualsToken && op !== SyntaxKind.ExclamationEqualsToken) return null;
  const [l, r] = [unwrap(test.getLeft()), unwrap(test.getRight())];
  const typeofOf = Node.isTypeOfExpression(l) ? l : Node.isTypeOfExpression(r) ? r : null;
  const literal = typeofOf === l ? r : l;
  if (!typeofOf || !Node.isStringLiteral(literal) || literal.getLiteralText() !== 'function') return null;
  const subject = unwrap(typeofOf.getExpression()).getText();
  const [called, plain] = equal ? [node.getWhenTrue(), node.getWhenFalse()] : [node.getWhenFalse(), node.getWhenTrue()];
  let call = unwrap(called);
  if (Node.isAwaitExpression(call)) call = unwrap(call.getExpression());
  if (!Node.isCallExpression(call) || call.getArguments().length > 0 || unwrap(call.getExpression()).getText() !== subject) return null;
  return unwrap(plain).getText() === subject ? unwrap(plain) : null;
}

/**
 * True when the checker finds a declaration for the identifier `id` other than the identifier
 * itself (a JavaScript assignment to a property of an undeclared name gives it such a symbol):
 * false for a global the program does not declare (`Map`, `Error` without lib files loaded), which
 * {@link Resolver.resolve} reads as a global.
 */
function isDeclared(checker: TS.TypeChecker, id: TS.Identifier): boolean {
  const decl = checker.getSymbolAtLocation(id)?.declarations?.[0];
  return decl !== undefined && !(ts.isIdentifier(decl) && decl.text === id.text);
}

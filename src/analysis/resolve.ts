import path from 'node:path';
import type { Expression, Identifier, SourceFile, ts as TS } from 'ts-morph';
import { Node, SyntaxKind, ts } from '../ts-morph.js';
import { descendantsOfKinds, isAssignmentOperator } from './nodes.js';

/** A function whose body can be analysed. */
export type FunctionNode =
  | import('ts-morph').FunctionDeclaration
  | import('ts-morph').FunctionExpression
  | import('ts-morph').ArrowFunction
  | import('ts-morph').MethodDeclaration
  | import('ts-morph').ConstructorDeclaration
  | import('ts-morph').GetAccessorDeclaration;

/**
 * What an expression stands for, as far as static resolution can tell.
 * - `function`: a function of the project, whose body can be walked;
 * - `module`: a value reached from an import of a package that is not project code
 *   (`node:fs/promises` + `['writeFile']`); `specifier` is as written;
 * - `global`: a value reached from a global name that has no declaration in the project (`fetch`, `console.log`);
 * - `value`: another expression the name stands for (an object literal, a `new` expression);
 * - `unknown`: anything else, with the reason; `opaque` when the type checker cannot know more
 *   either (an untyped parameter), so members are not looked up through it.
 */
export type Target =
  | { kind: 'function'; node: FunctionNode }
  | { kind: 'module'; specifier: string; path: string[] }
  | { kind: 'global'; path: string[] }
  | { kind: 'value'; node: Expression }
  | { kind: 'unknown'; reason: string; opaque?: boolean };

const MAX_RESOLVE_DEPTH = 24;

/** Path segment for the result of calling a library value: `fs.open(p).read` → `['open', '()', 'read']`. */
export const RESULT_OF_CALL = '()';
/** Path segment for an instance made with `new`: `new Client().send` → `['Client', 'new()', 'send']`. */
export const RESULT_OF_NEW = 'new()';

/** Names of the global object itself. */
const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'window', 'self']);

/** Helpers that tsc, Babel and esbuild wrap around `require(...)`; they return the module itself. */
const INTEROP_HELPERS = new Set(['__importStar', '__importDefault', '_interopRequireDefault', '_interopRequireWildcard', '__toESM', '__toCommonJS']);

/** Strips syntax that does not change the value: parentheses, `as`, `satisfies`, `!`, `<T>x`, and tsc's `(0, f)` comma form. */
export function unwrap(expr: Node): Node {
  let node: Node = expr;
  for (;;) {
    if (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node) || Node.isNonNullExpression(node) || Node.isTypeAssertion(node)) {
      node = node.getExpression();
    } else if (Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === SyntaxKind.CommaToken) {
      node = node.getRight();
    } else {
      return node;
    }
  }
}

/** True for function-like nodes whose bodies can be walked. */
export function isFunctionNode(node: Node): node is FunctionNode {
  return (
    Node.isFunctionDeclaration(node) ||
    Node.isFunctionExpression(node) ||
    Node.isArrowFunction(node) ||
    Node.isMethodDeclaration(node) ||
    Node.isConstructorDeclaration(node) ||
    Node.isGetAccessorDeclaration(node)
  );
}

/** The module specifier of a `require("x")` call, or null. */
export function requireSpecifier(node: Node): string | null {
  const n = unwrap(node);
  if (!Node.isCallExpression(n)) return null;
  const callee = unwrap(n.getExpression());
  const args = n.getArguments();
  if (Node.isIdentifier(callee) && callee.getText() === 'require' && args.length === 1 && Node.isStringLiteral(args[0])) {
    return args[0].getLiteralValue();
  }
  if (Node.isIdentifier(callee) && INTEROP_HELPERS.has(callee.getText()) && args.length >= 1) return requireSpecifier(args[0]);
  return null;
}

/** A name as a property key, or null when it is computed. */
function keyName(node: Node): string | null {
  const n = unwrap(node);
  if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n) || Node.isNumericLiteral(n)) return n.getLiteralText();
  return null;
}

/** True for declarations written at the top level of a source file. */
export function isModuleLevel(node: Node): boolean {
  return node.getFirstAncestor((a) => isFunctionNode(a) || Node.isClassStaticBlockDeclaration(a)) === undefined;
}

/**
 * Resolves expressions to what they stand for, across files of one project.
 * Memoizes module resolution and export lookups. Never executes code.
 */
export class Resolver {
  private readonly moduleCache = new Map<string, SourceFile | null>();

  private readonly assignedInFile = new Map<SourceFile, Map<Node, Node[]>>();
  private readonly exportCache = new Map<SourceFile, ReadonlyMap<string, Node[]>>();
  private readonly declarationCache = new Map<Node, Target>();

  /**
   * @param isProjectFile whether a file is project code to follow into (not a package's, not a declaration).
   * @param resolveModule the program's module resolution (see `loadProgram`).
   */
  constructor(
    private readonly isProjectFile: (sf: SourceFile) => boolean,
    private readonly resolveModule: (specifier: string, containingFile: string) => TS.ResolvedModuleFull | undefined,
  ) {}

  /**
   * True for a `let`/`var` with an initializer that some code assigns again: its initializer is
   * not its value.
   */
  private isReassigned(decl: import('ts-morph').VariableDeclaration): boolean {
    if (decl.getVariableStatement()?.getDeclarationKind() === 'const') return false;
    return this.assignmentsIn(decl.getSourceFile()).has(decl);
  }

  /**
   * The variables a file writes (`=`, `+=`, `++`, ...), each with the right-hand sides of its plain
   * `=` assignments. One walk per file serves both reassignment checks and `let x;` resolution.
   */
  private assignmentsIn(sf: SourceFile): Map<Node, Node[]> {
    let assigned = this.assignedInFile.get(sf);
    if (assigned) return assigned;
    const found = new Map<Node, Node[]>();
    const writes = descendantsOfKinds(sf, [SyntaxKind.BinaryExpression, SyntaxKind.PrefixUnaryExpression, SyntaxKind.PostfixUnaryExpression], (n) => {
      if (ts.isBinaryExpression(n)) return isAssignmentOperator(n.operatorToken.kind);
      const op = (n as TS.PrefixUnaryExpression | TS.PostfixUnaryExpression).operator;
      return op === SyntaxKind.PlusPlusToken || op === SyntaxKind.MinusMinusToken;
    });
    for (const w of writes) {
      const target = unwrap(Node.isBinaryExpression(w) ? w.getLeft() : (w as import('ts-morph').PrefixUnaryExpression).getOperand());
      const decl = Node.isIdentifier(target) ? target.getSymbol()?.getDeclarations()[0] : undefined;
      if (!decl) continue;
      const values = found.get(decl) ?? [];
      if (Node.isBinaryExpression(w) && w.getOperatorToken().getKind() === SyntaxKind.EqualsToken) values.push(w.getRight());
      found.set(decl, values);
    }
    assigned = found;
    this.assignedInFile.set(sf, assigned);
    return assigned;
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
      exports = sf.getExportedDeclarations();
      this.exportCache.set(sf, exports);
    }
    return exports;
  }

  /** Resolves `names` (an export name, then properties; at least one) inside a project module. */
  private resolveExport(sf: SourceFile, names: string[], depth: number): Target {
    const [first, ...rest] = names as [string, ...string[]];
    const decl = this.exportsOf(sf).get(first)?.[0] ?? commonJsExport(sf, first);
    if (!decl) return { kind: 'unknown', reason: `${sf.getBaseName()} has no export "${first}"` };
    let target = this.resolveDeclaration(decl, depth + 1);
    for (const name of rest) target = this.member(target, name, null, depth + 1);
    return target;
  }

  /** Resolves an import-rooted path: into the project when the module is project code, else a `module` target. */
  private fromModule(from: SourceFile, specifier: string, names: string[], depth: number): Target {
    const sf = this.projectModule(from, specifier);
    if (sf) {
      const effective = names[0] === 'default' && names.length > 1 && !this.exportsOf(sf).has('default') ? names.slice(1) : names;
      // The module object itself (`require("./h")`, `import * as h`): its members are its exports.
      return effective.length === 0 ? { kind: 'value', node: sf as unknown as Expression } : this.resolveExport(sf, effective, depth);
    }
    return { kind: 'module', specifier, path: names };
  }

  /** Resolves any expression. */
  resolve(expr: Node, depth = 0): Target {
    if (depth > MAX_RESOLVE_DEPTH) return { kind: 'unknown', reason: 'resolution depth limit' };
    const node = unwrap(expr);
    if (isFunctionNode(node)) return { kind: 'function', node };
    if (Node.isIdentifier(node)) return this.resolveIdentifier(node, depth);
    if ((node.getKind() === SyntaxKind.ThisKeyword)) return { kind: 'unknown', reason: 'this' };
    if (Node.isPropertyAccessExpression(node)) {
      return this.member(this.resolve(node.getExpression(), depth + 1), node.getName(), node.getNameNode(), depth + 1);
    }
    if (Node.isElementAccessExpression(node)) {
      const arg = node.getArgumentExpression();
      const key = arg ? keyName(arg) : null;
      if (key === null) return { kind: 'unknown', reason: `computed member ${shorten(node.getText())}` };
      return this.member(this.resolve(node.getExpression(), depth + 1), key, null, depth + 1);
    }
    const spec = requireSpecifier(node);
    if (spec !== null) return this.fromModule(node.getSourceFile(), spec, [], depth);
    if (Node.isAwaitExpression(node)) {
      const inner = unwrap(node.getExpression());
      if (Node.isCallExpression(inner) && inner.getExpression().getKind() === SyntaxKind.ImportKeyword) {
        const arg = inner.getArguments()[0];
        if (arg && Node.isStringLiteral(arg)) return this.fromModule(node.getSourceFile(), arg.getLiteralValue(), [], depth);
      }
      return this.resolve(inner, depth + 1);
    }
    if (Node.isCallExpression(node)) {
      // f.bind(this) is f.
      const callee = unwrap(node.getExpression());
      if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'bind') {
        const bound = this.resolve(callee.getExpression(), depth + 1);
        if (bound.kind === 'function') return bound;
      }
      // util.promisify(f) and util.callbackify(f) call f.
      const wrapped = node.getArguments()[0];
      const name = Node.isIdentifier(callee) ? callee.getText() : Node.isPropertyAccessExpression(callee) ? callee.getName() : '';
      if (wrapped && (name === 'promisify' || name === 'callbackify')) {
        const wrapper = this.resolve(callee, depth + 1);
        if (wrapper.kind === 'module' && /^(node:)?util$/.test(wrapper.specifier)) return this.resolve(wrapped, depth + 1);
      }
    }
    if (Node.isCallExpression(node) || Node.isNewExpression(node)) {
      // The result of calling a library function: `fs.open(p)` → fs/promises open() — its methods are looked up in the catalog.
      const callee = this.resolve(node.getExpression(), depth + 1);
      const marker = Node.isNewExpression(node) ? RESULT_OF_NEW : RESULT_OF_CALL;
      if (callee.kind === 'module' || callee.kind === 'global') return { ...callee, path: [...callee.path, marker] };
    }
    return { kind: 'value', node: node as Expression };
  }

  /** Resolves `base.name`. `nameNode` lets the type checker find class members when the base is not a module or global. */
  member(base: Target, name: string, nameNode: Node | null, depth: number): Target {
    if (base.kind === 'module') return { ...base, path: [...base.path, name] };
    if (base.kind === 'global') {
      // globalThis.fetch is fetch.
      if (base.path.length === 1 && GLOBAL_OBJECTS.has(base.path[0]!)) return { kind: 'global', path: [name] };
      return { kind: 'global', path: [...base.path, name] };
    }
    if (base.kind === 'value') {
      const obj = unwrap(base.node);
      if (Node.isSourceFile(obj)) return this.resolveExport(obj, [name], depth + 1);
      if (Node.isObjectLiteralExpression(obj)) {
        const prop = obj.getProperty(name);
        if (prop) return this.resolveDeclaration(prop, depth + 1);
      }
      // `new C().m` and `C.m` where C is a class of the project.
      const cls = Node.isNewExpression(obj) ? this.resolve(obj.getExpression(), depth + 1) : base;
      const classNode = cls.kind === 'value' ? unwrap(cls.node) : null;
      if (classNode && (Node.isClassDeclaration(classNode) || Node.isClassExpression(classNode))) {
        const member = Node.isNewExpression(obj) ? classNode.getInstanceMember(name) : classNode.getStaticMember(name);
        if (member) return this.resolveDeclaration(member, depth + 1);
      }
    }
    const plain = (base.kind === 'value' && isPlainValue(unwrap(base.node))) || (base.kind === 'unknown' && base.opaque === true);
    if (nameNode && !plain) {
      const symbol = nameNode.getSymbol();
      const decl = symbol?.getDeclarations()[0];
      if (decl && this.isProjectFile(decl.getSourceFile())) return this.resolveDeclaration(decl, depth + 1);
    }
    if (base.kind === 'unknown') return base;
    return { kind: 'unknown', reason: `member ${name}` };
  }

  private resolveIdentifier(id: Identifier, depth: number): Target {
    const symbol = id.getSymbol();
    const decl = symbol?.getDeclarations()[0];
    if (!decl) {
      if (id.getText() === 'undefined') return { kind: 'value', node: id };
      return { kind: 'global', path: [id.getText()] };
    }
    return this.resolveDeclaration(decl, depth + 1);
  }

  /**
   * For `let x;` assigned later (`x = new Store(path)` in `main()`): the right-hand side of the
   * first assignment in its file, when every assignment has the same shape (all `new` of one
   * callee, or only one assignment).
   */
  private soleAssignment(decl: import('ts-morph').VariableDeclaration): Node | undefined {
    const values = this.assignmentsIn(decl.getSourceFile()).get(decl) ?? [];
    const [first] = values;
    if (!first) return undefined;
    const shape = (n: Node): string => {
      const u = unwrap(n);
      return Node.isNewExpression(u) ? `new ${u.getExpression().getText()}` : u.getText();
    };
    return values.every((v) => shape(v) === shape(first)) ? first : undefined;
  }

  /** Resolves what a declaration binds. */
  resolveDeclaration(decl: Node, depth: number): Target {
    const memo = this.declarationCache.get(decl);
    if (memo) return memo;
    const target = this.resolveDeclarationUncached(decl, depth);
    // A result cut by the depth limit may resolve from a shallower start; everything else is final.
    if (!(target.kind === 'unknown' && target.reason === 'resolution depth limit')) this.declarationCache.set(decl, target);
    return target;
  }

  private resolveDeclarationUncached(decl: Node, depth: number): Target {
    if (depth > MAX_RESOLVE_DEPTH) return { kind: 'unknown', reason: 'resolution depth limit' };
    const sf = decl.getSourceFile();
    if (Node.isImportSpecifier(decl)) {
      const spec = decl.getImportDeclaration().getModuleSpecifierValue();
      const imported = decl.getAliasNode() ? decl.getNameNode().getText() : decl.getName();
      if (this.projectModule(sf, spec)) {
        // The checker already knows where a named import of project code comes from (re-exports included).
        const target = decl.getNameNode().getSymbol()?.getAliasedSymbol()?.getDeclarations()[0];
        if (target && this.isProjectFile(target.getSourceFile())) return this.resolveDeclaration(target, depth + 1);
      }
      return this.fromModule(sf, spec, [imported], depth);
    }
    if (Node.isImportClause(decl)) {
      const spec = decl.getFirstAncestorByKindOrThrow(SyntaxKind.ImportDeclaration).getModuleSpecifierValue();
      return this.fromModule(sf, spec, ['default'], depth);
    }
    if (Node.isNamespaceImport(decl)) {
      const spec = decl.getFirstAncestorByKindOrThrow(SyntaxKind.ImportDeclaration).getModuleSpecifierValue();
      const project = this.projectModule(sf, spec);
      return project ? { kind: 'value', node: project as unknown as Expression } : { kind: 'module', specifier: spec, path: [] };
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
      if (decl.getBody()) return { kind: 'function', node: decl };
      const impl = Node.isFunctionDeclaration(decl) || Node.isMethodDeclaration(decl) ? decl.getImplementation() : undefined;
      if (impl) return { kind: 'function', node: impl };
      return { kind: 'unknown', reason: `${shorten(decl.getText(), 40)} is only declared, with no body to analyse` };
    }
    if (Node.isVariableDeclaration(decl)) {
      const initializer = decl.getInitializer();
      if (initializer && this.isReassigned(decl)) return { kind: 'unknown', reason: `\`${decl.getName()}\` is a variable that is assigned again` };
      const init = initializer ?? this.soleAssignment(decl);
      if (!init) return { kind: 'unknown', reason: `\`${decl.getName()}\` has no initializer, or is assigned different values` };
      if (decl.hasExclamationToken() || decl.getVariableStatement()?.hasDeclareKeyword()) {
        return { kind: 'unknown', reason: `${decl.getName()} is declared without a value` };
      }
      return this.resolve(init, depth + 1);
    }
    if (Node.isBindingElement(decl)) {
      // const { a: { b } } = init  →  init.a.b
      const names: string[] = [];
      let element: Node = decl;
      while (Node.isBindingElement(element)) {
        const prop = element.getPropertyNameNode();
        const key = prop ? keyName(prop) ?? prop.getText() : element.getName();
        names.unshift(key);
        const pattern = element.getParentOrThrow();
        element = pattern.getParentOrThrow();
      }
      if (!Node.isVariableDeclaration(element) || !element.getInitializer()) return { kind: 'unknown', reason: 'destructured parameter' };
      let target = this.resolve(element.getInitializerOrThrow(), depth + 1);
      for (const name of names) target = this.member(target, name, null, depth + 1);
      return target;
    }
    if (Node.isPropertyAssignment(decl)) {
      const init = decl.getInitializer();
      return init ? this.resolve(init, depth + 1) : { kind: 'unknown', reason: 'property' };
    }
    if (Node.isShorthandPropertyAssignment(decl)) {
      const symbol = decl.getValueSymbol();
      const valueDecl = symbol?.getDeclarations()[0];
      return valueDecl ? this.resolveDeclaration(valueDecl, depth + 1) : { kind: 'global', path: [decl.getName()] };
    }
    if (Node.isPropertyDeclaration(decl)) {
      const init = decl.getInitializer();
      return init ? this.resolve(init, depth + 1) : { kind: 'unknown', reason: `field ${decl.getName()} has no initializer` };
    }
    if (Node.isParameterDeclaration(decl)) {
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
      return { kind: 'unknown', reason: `${decl.getName()} is only declared, with no body to analyse` };
    }
    return { kind: 'unknown', reason: `${shorten(decl.getText(), 40)} (${decl.getKindName()}) cannot be followed` };
  }
}

/**
 * A CommonJS export TypeScript does not list: `module.exports = { name, other: ... }` (the
 * property) or `module.exports.name = ...` / `exports.name = ...` (the assigned value).
 */
function commonJsExport(sf: SourceFile, name: string): Node | undefined {
  for (const statement of sf.getStatements()) {
    if (!Node.isExpressionStatement(statement)) continue;
    const expr = unwrap(statement.getExpression());
    if (!Node.isBinaryExpression(expr) || expr.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    const left = expr.getLeft().getText().replace(/\s+/g, '');
    const right = unwrap(expr.getRight());
    if (left === 'module.exports' && Node.isObjectLiteralExpression(right)) {
      const prop = right.getProperty(name);
      if (prop) return prop;
    }
    if (left === `module.exports.${name}` || left === `exports.${name}`) return right;
  }
  return undefined;
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

/** An expression's text on one line, at most 60 characters. */
export function shorten(text: string, max = 60): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

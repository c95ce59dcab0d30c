/**
 * Reading syntax as written, without resolution: what kind of node an expression is once the
 * wrappers that do not change its value are stripped, the names calls and `require`s write, the
 * initializer a name's declaration has. The bottom layer of the analysis: it imports no other
 * analysis module (the type checker is asked only for a name's declaration).
 */
import type { ts as TS } from 'ts-morph';
import { Node, SyntaxKind, ts } from '../ts-morph.js';

/** A function whose body can be analysed. */
export type FunctionNode =
  | import('ts-morph').FunctionDeclaration
  | import('ts-morph').FunctionExpression
  | import('ts-morph').ArrowFunction
  | import('ts-morph').MethodDeclaration
  | import('ts-morph').ConstructorDeclaration
  | import('ts-morph').GetAccessorDeclaration;

/** Helpers that tsc, Babel and esbuild wrap around `require(...)`; they return the module itself. */
const INTEROP_HELPERS = new Set(['__importStar', '__importDefault', '_interopRequireDefault', '_interopRequireWildcard', '__toESM', '__toCommonJS']);

/**
 * Helpers that tsc (tslib), Babel and esbuild emit for downlevel syntax (`async`, spreads, rest,
 * decorators, classes): they only run what they are given (a generator's body is the function's
 * own code) and touch nothing outside it.
 */
const EMIT_HELPERS = new Set([
  '__awaiter', '__generator', '__assign', '__rest', '__spreadArray', '__spread', '__read', '__values', '__await', '__asyncValues', '__asyncGenerator', '__asyncDelegator',
  '__extends', '__decorate', '__param', '__metadata', '__esDecorate', '__runInitializers', '__classPrivateFieldGet', '__classPrivateFieldSet', '__classPrivateFieldIn',
  '__makeTemplateObject', '__createBinding', '__setModuleDefault', '__exportStar', '__addDisposableResource', '__disposeResources',
  '_asyncToGenerator', '_defineProperty', '_objectSpread', '_objectSpread2', '_objectWithoutProperties', '_classCallCheck', '_createClass', '_extends',
  '__async', '__spreadValues', '__spreadProps', '__objRest', '__publicField', '__export', '__reExport',
  ...INTEROP_HELPERS,
]);

/** True for a call of a compiler's emit helper (`__awaiter(...)`, `tslib_1.__awaiter(...)`, `(0, tslib_1.__rest)(...)`). */
export function isEmitHelperCall(call: Node): boolean {
  if (!Node.isCallExpression(call)) return false;
  const callee = unwrap(call.getExpression());
  const name = Node.isIdentifier(callee) ? callee.getText() : Node.isPropertyAccessExpression(callee) ? callee.getName() : '';
  return EMIT_HELPERS.has(name.replace(/\d+$/, ''));
}

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

/** {@link unwrap} on a compiler node: without parentheses, `as`, `!`, `satisfies`, `<T>x` and `(0, x)`. */
export function unwrapCompiler(expr: TS.Expression): TS.Expression {
  let node = expr;
  for (;;) {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node) || ts.isTypeAssertionExpression(node)) node = node.expression;
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === SyntaxKind.CommaToken) node = node.right;
    else return node;
  }
}

/** The name of the method or function a call calls: `issues.create(...)` → `create`, `save(x)` → `save`; null for other callees. */
export function calledName(call: import('ts-morph').CallExpression | import('ts-morph').NewExpression): string | null {
  const callee = unwrap(call.getExpression());
  if (Node.isPropertyAccessExpression(callee)) return callee.getName();
  return Node.isIdentifier(callee) ? callee.getText() : null;
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

/** True for declarations written at the top level of a source file. */
export function isModuleLevel(node: Node): boolean {
  return node.getFirstAncestor((a) => isFunctionNode(a) || Node.isClassStaticBlockDeclaration(a)) === undefined;
}

/** An expression's text on one line, at most 60 characters. */
export function shorten(text: string, max = 60): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/**
 * The initializer of the declaration a name stands for (`NAMES`, `this.handlers`, `registry.items`),
 * read as written: for tables kept in `new Map(...)` / `new Set(...)`, which resolution follows to
 * the global class. With `constOnly`, only a `const` variable's; otherwise also a `let`'s, a
 * field's or an object property's.
 */
export function initializerOf(expr: Node, constOnly: boolean): Node | undefined {
  const node = unwrap(expr);
  const nameNode = Node.isPropertyAccessExpression(node) && !constOnly ? node.getNameNode() : Node.isIdentifier(node) ? node : null;
  const decl = nameNode?.getSymbol()?.getDeclarations()[0];
  if (!decl) return undefined;
  if (Node.isVariableDeclaration(decl)) return constOnly && decl.getVariableStatement()?.getDeclarationKind() !== 'const' ? undefined : decl.getInitializer();
  if (!constOnly && (Node.isPropertyDeclaration(decl) || Node.isPropertyAssignment(decl))) return decl.getInitializer();
  return undefined;
}

/**
 * The initializer of the `const` an identifier names, also through an import (`import { NAMES }
 * from "./registry.js"` gives the `new Set([...])` of registry.js); undefined for anything else.
 */
export function constInitializer(expr: Node): Node | undefined {
  const own = initializerOf(expr, true);
  if (own) return own;
  const symbol = Node.isIdentifier(expr) ? expr.getSymbol() : undefined;
  if (!symbol?.isAlias()) return undefined;
  const decl = symbol.getAliasedSymbol()?.getDeclarations()[0];
  return decl && Node.isVariableDeclaration(decl) && decl.getVariableStatement()?.getDeclarationKind() === 'const' ? decl.getInitializer() : undefined;
}

/** True for `new Name(...)` (`new Map(...)`, `new Set(...)`). */
export function isNewOf(node: Node | undefined, name: string): node is import('ts-morph').NewExpression {
  return node !== undefined && Node.isNewExpression(node) && node.getExpression().getText() === name;
}

/**
 * The name a function is written with: its own (a method, a function declaration) or its holder's
 * (`const remove = async () => ...`, `{ remove: async () => ... }`); null when nameless.
 */
export function writtenName(fn: FunctionNode): string | null {
  const own = Node.isMethodDeclaration(fn) || Node.isFunctionDeclaration(fn) ? fn.getName() : undefined;
  if (own) return own;
  const holder = fn.getParent();
  return holder && (Node.isVariableDeclaration(holder) || Node.isPropertyAssignment(holder)) ? holder.getName() : null;
}

/**
 * The variable a destructuring name is taken from, and the keys that lead to it (`[name, test]`
 * → `test` is key `1`; `{ handler: { run } }` → `run` is `handler.run`); a plain variable has no
 * keys. Null for a rest element (`...others`), a computed key, or any other declaration.
 */
export function destructuredPath(decl: Node): { variable: import('ts-morph').VariableDeclaration; path: string[] } | null {
  const path: string[] = [];
  let element: Node = decl;
  while (Node.isBindingElement(element)) {
    if (element.getDotDotDotToken()) return null;
    const pattern = element.getParentOrThrow();
    if (Node.isArrayBindingPattern(pattern)) {
      path.unshift(String(pattern.getElements().indexOf(element as never)));
    } else {
      const prop = element.getPropertyNameNode();
      if (prop && !Node.isIdentifier(prop) && !Node.isStringLiteral(prop)) return null;
      path.unshift(prop ? (Node.isStringLiteral(prop) ? prop.getLiteralValue() : prop.getText()) : element.getName());
    }
    element = pattern.getParentOrThrow();
  }
  return Node.isVariableDeclaration(element) ? { variable: element, path } : null;
}

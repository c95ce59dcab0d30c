/**
 * The values that can reach a read, when a name or expression may hold more than one: each value
 * a `let` or `var` is given that reaches a use, each value a class field is given, and each object
 * an expression can stand for. Where the Resolver answers with the one value a name stands for
 * (or unknown), these list every candidate, for callers that read each of them (the tables and
 * tools/list results discovery enumerates).
 */
import type { Identifier, PropertyAccessExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import type { Bindings } from './bindings.js';
import { evaluate } from './evaluate.js';
import { bindParameters, bindingsOf, type Resolver } from './resolve.js';
import { returnedExpressions } from './returns.js';
import { initializerOf, isFunctionNode, unwrap } from './syntax.js';

/** One value an expression can stand for, with the bindings it is read in. */
export interface Possible {
  node: Node;
  bindings: Bindings;
}

/**
 * What {@link possibleObjects} asks of its caller, whose walk it is a step of: how deep to go, a
 * budget shared with the rest of the walk, and the values of a map (which the caller reads as tables).
 */
export interface ObjectWalk {
  /** Past this many steps an expression stands for itself. */
  maxDepth: number;
  /** Spends one step of the caller's budget; true when the budget is used up (the expression then stands for itself). */
  exhausted(): boolean;
  /** The values of the map `table`, read in `b`, for a read with a key only run time has (`HANDLERS[key]`); null when they cannot be listed. */
  mapValues(table: Node, b: Bindings): Possible[] | null;
}

/**
 * For a `let` or `var` the code fills later (`let cache = null; ... cache = Object.values(x)`),
 * the values it is given that can reach `use` (where it is read: `id` itself unless `id` is the
 * declaration a shorthand `{ tools }` names), start values left out (see {@link isStartValue});
 * null for anything else (a `const`, a name given one value).
 */
export function assignedValues(id: Identifier, resolver: Resolver, use: Node = id): Node[] | null {
  const decl = id.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isVariableDeclaration(decl) || decl.getVariableStatement()?.getDeclarationKind() === 'const') return null;
  const values: Node[] = [];
  const init = decl.getInitializer();
  const nameNode = decl.getNameNode();
  if (!Node.isIdentifier(nameNode)) return null;
  const assignments = resolver.writesOf(decl)?.assignments ?? [];
  // A value is not read where it is being computed (`tools = tools.filter(...)` reads the values
  // before this one), and an assignment that always runs before the read replaces every value
  // given before it: `let tools = all; tools = tools.filter(...); register(tools)` reads the
  // filtered table only.
  const reaching = assignments.filter((a) => !(a.getStart() <= use.getStart() && use.getEnd() <= a.getEnd()));
  const killer = reaching.filter((a) => alwaysRunsBefore(a, use)).sort((x, y) => y.getStart() - x.getStart())[0];
  if (init && !killer) values.push(init);
  for (const a of reaching) if (!killer || a.getStart() >= killer.getStart()) values.push(a.getRight());
  // Some values do not reach the use: what is left is all it can hold, even a single value.
  if (killer || reaching.length < assignments.length) {
    const meaningful = values.filter((v) => !isStartValue(v));
    return meaningful.length > 0 ? meaningful : values.length > 0 ? values : null;
  }
  return givenValues(values);
}

/**
 * For a field of a class's instances that its code fills later (`tools: Tool[] = []`, then
 * `this.tools = this.load()` in an init method; in JavaScript, `this.tools = []` in the
 * constructor), the values it is given, start values left out (see {@link isStartValue}): what
 * the classes the receiver can be give it (see {@link Resolver.fieldWritesOf}), and for a
 * declared field, every other write the checker finds (`host.tools = ...`). Null for anything
 * else (a field given one value).
 */
export function fieldValues(access: PropertyAccessExpression, resolver: Resolver, b: Bindings): Node[] | null {
  const values = new Set<Node>(resolver.fieldWritesOf(access, b));
  const decl = access.getNameNode().getSymbol()?.getDeclarations()[0];
  const nameNode = decl && Node.isPropertyDeclaration(decl) && !decl.isStatic() ? decl.getNameNode() : undefined;
  if (nameNode && (Node.isIdentifier(nameNode) || Node.isPrivateIdentifier(nameNode))) {
    const init = (decl as import('ts-morph').PropertyDeclaration).getInitializer();
    if (init) values.add(init);
    for (const ref of (nameNode as Identifier).findReferencesAsNodes()) {
      const written = ref.getParent();
      const assignment = written?.getParent();
      if (written && Node.isPropertyAccessExpression(written) && written.getNameNode() === ref && assignment && Node.isBinaryExpression(assignment) && assignment.getLeft() === written && assignment.getOperatorToken().getKind() === SyntaxKind.EqualsToken) {
        values.add(assignment.getRight());
      }
    }
  }
  return givenValues([...values]);
}

/**
 * The values of a name given several (its initializer and its assignments), start values left
 * out: null when it is given only one, or only start values (it is then read as written).
 */
function givenValues(values: Node[]): Node[] | null {
  const meaningful = values.filter((v) => !isStartValue(v));
  return values.length > 1 && meaningful.length > 0 ? meaningful : null;
}

/**
 * The objects an expression can stand for, each where it is made: both sides of `??`, `||` and
 * `? :`, what a project function can return (also a function a parameter or a wrapper's result
 * stands for, `await` looked through), every value of a map read with a key only run time has
 * (`HANDLERS[key]`, see {@link ObjectWalk.mapValues}), a `const`'s initializer, a bound
 * parameter's argument. Anything else, and anything past the walk's depth or budget, is itself.
 */
export function possibleObjects(expr: Node, b: Bindings, resolver: Resolver, walk: ObjectWalk, depth: number): Possible[] {
  const node = unwrap(expr);
  if (depth > walk.maxDepth || walk.exhausted()) return [{ node, bindings: b }];
  const next = (n: Node, nb: Bindings): Possible[] => possibleObjects(n, nb, resolver, walk, depth + 1);
  if (Node.isConditionalExpression(node) || (Node.isBinaryExpression(node) && [SyntaxKind.QuestionQuestionToken, SyntaxKind.BarBarToken].includes(node.getOperatorToken().getKind()))) {
    return alternatives(node).flatMap((n) => next(n, b));
  }
  if (Node.isAwaitExpression(node)) return next(node.getExpression(), b);
  if (Node.isIdentifier(node)) {
    const decl = node.getSymbol()?.getDeclarations()[0];
    const bound = decl ? b.get(decl) : undefined;
    if (bound?.kind === 'node') return next(bound.node, bound.bindings);
    const init = bound === undefined ? initializerOf(node, true) : undefined;
    if (init) return next(init, b.visibleFrom(init));
  }
  if (Node.isElementAccessExpression(node) && node.getArgumentExpression() && !evaluate(node.getArgumentExpression()!, resolver, 0, b).known) {
    const values = walk.mapValues(node.getExpression(), b);
    if (values) return values.flatMap((v) => next(v.node, v.bindings));
  }
  if (Node.isCallExpression(node)) {
    const fn = resolver.resolve(node.getExpression(), 0, b);
    const returned = fn.kind === 'function' ? returnedExpressions(fn.node) : [];
    if (fn.kind === 'function' && returned.length > 0) {
      const bindings = bindParameters(fn.node, node.getArguments(), b, bindingsOf(fn));
      return returned.flatMap((r) => next(r, bindings.visibleFrom(r)));
    }
  }
  return [{ node, bindings: b }];
}

/** The values an expression can give, `null` and `undefined` left out: both sides of `a ?? b`, `a || b` and `c ? a : b`. */
export function alternatives(expr: Node): Node[] {
  const node = unwrap(expr);
  if (Node.isConditionalExpression(node)) return [...alternatives(node.getWhenTrue()), ...alternatives(node.getWhenFalse())];
  if (Node.isBinaryExpression(node) && [SyntaxKind.QuestionQuestionToken, SyntaxKind.BarBarToken].includes(node.getOperatorToken().getKind())) {
    return [...alternatives(node.getLeft()), ...alternatives(node.getRight())];
  }
  if (Node.isNullLiteral(node) || (Node.isIdentifier(node) && node.getText() === 'undefined')) return [];
  return [node];
}

/**
 * Whether `assignment` (an `x = v` expression) runs every time before `use` does: it is a whole
 * statement of a block (or file) that holds `use` later on, directly or in an arrow or function
 * expression made after it. Assignments in a branch, a loop body the use is outside of, or another
 * function, and uses in hoisted functions or methods, may run in either order.
 */
function alwaysRunsBefore(assignment: Node, use: Node): boolean {
  const statement = assignment.getParent();
  if (!statement || !Node.isExpressionStatement(statement)) return false;
  const block = statement.getParent();
  if (!block || !(Node.isBlock(block) || Node.isSourceFile(block))) return false;
  if (statement.getEnd() > use.getStart() || use.getEnd() > block.getEnd() || use.getStart() < block.getStart()) return false;
  // A function expression or arrow made after the statement runs after it too; a function
  // declaration or a method is hoisted or called from elsewhere, so it may run before.
  for (let a = use.getParent(); a && a !== block; a = a.getParent()) {
    if (isFunctionNode(a) && !Node.isArrowFunction(a) && !Node.isFunctionExpression(a)) return false;
  }
  return true;
}

/** `null`, `undefined` or `[]`: what a table variable or field holds before code fills it. */
export function isStartValue(value: Node): boolean {
  const v = unwrap(value);
  return Node.isNullLiteral(v) || v.getText() === 'undefined' || (Node.isArrayLiteralExpression(v) && v.getElements().length === 0);
}

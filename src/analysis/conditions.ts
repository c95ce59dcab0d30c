import { Node, SyntaxKind } from '../ts-morph.js';
import { shorten, unwrap, type FunctionNode } from './resolve.js';

/** How long a condition may be in evidence before it is shortened. */
const MAX_CONDITION = 60;

/**
 * The innermost branch condition under which `node` runs inside `fn`: `if (c)` gives `c`, the
 * final `else` of `if (a) … else if (b) … else` gives `a !== … && !(b)`, a `case v:` of
 * `switch (x)` gives `x === v`, `c ? a : b` and `c && a` give `c` for `a`. Null when `node` runs
 * on every path through `fn` (loops and `try` do not count as conditions). Nested functions are
 * crossed: a callback's body runs under the conditions of the code that passes it. Across calls
 * the analyzer keeps the caller's condition, the one nearest the handler's arguments.
 *
 * Issue #4: "Branches on arguments (an `action` enum, an `overwrite`/`force` flag): the verdict is
 * the worst case over all paths, and the evidence names the branch condition."
 */
export function conditionOf(node: Node, fn: FunctionNode): string | null {
  let child: Node = node;
  let parent = node.getParent();
  while (parent && child !== fn) {
    const condition = branchCondition(parent, child);
    if (condition !== null) return shorten(condition, MAX_CONDITION);
    if (parent === fn) break;
    child = parent;
    parent = parent.getParent();
  }
  return null;
}

/** The condition `parent` puts on its child `child`, or null. */
function branchCondition(parent: Node, child: Node): string | null {
  if (Node.isIfStatement(parent)) {
    const test = parent.getExpression().getText();
    if (child === parent.getThenStatement()) return test;
    if (child !== parent.getElseStatement()) return null;
    // The last `else` of an `if … else if …` chain runs when none of the chain's tests held.
    const tests = [parent.getExpression()];
    for (let inner: Node = parent, outer = parent.getParent(); outer && Node.isIfStatement(outer) && outer.getElseStatement() === inner; inner = outer, outer = outer.getParent()) {
      tests.unshift(outer.getExpression());
    }
    return tests.map(negate).join(' && ');
  }
  if (Node.isCaseClause(parent) || Node.isDefaultClause(parent)) {
    const switchStatement = parent.getParentOrThrow().getParentOrThrow();
    if (!Node.isSwitchStatement(switchStatement)) return null;
    const subject = switchStatement.getExpression().getText();
    return Node.isCaseClause(parent) ? `${subject} === ${parent.getExpression().getText()}` : `${subject} matches no case`;
  }
  if (Node.isConditionalExpression(parent)) {
    if (child === parent.getWhenTrue()) return parent.getCondition().getText();
    if (child === parent.getWhenFalse()) return negate(parent.getCondition());
    return null;
  }
  if (Node.isBinaryExpression(parent) && child === parent.getRight()) {
    const op = parent.getOperatorToken().getKind();
    if (op === SyntaxKind.AmpersandAmpersandToken) return parent.getLeft().getText();
    if (op === SyntaxKind.BarBarToken) return negate(parent.getLeft());
  }
  return null;
}

const OPPOSITES: Record<string, string> = { '===': '!==', '!==': '===', '==': '!=', '!=': '==' };

/** `!(c)`; `c` without its `!` when it has one; `a !== b` for `a === b` (and the reverse). */
function negate(expr: Node): string {
  const node = unwrap(expr);
  if (Node.isPrefixUnaryExpression(node) && node.getOperatorToken() === SyntaxKind.ExclamationToken) return node.getOperand().getText();
  if (Node.isBinaryExpression(node)) {
    const opposite = OPPOSITES[node.getOperatorToken().getText()];
    if (opposite) return `${node.getLeft().getText()} ${opposite} ${node.getRight().getText()}`;
  }
  return Node.isIdentifier(node) || Node.isPropertyAccessExpression(node) || Node.isCallExpression(node) ? `!${node.getText()}` : `!(${node.getText()})`;
}

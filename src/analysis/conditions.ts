import { Node, SyntaxKind } from '../ts-morph.js';
import type { Guard } from './branches.js';
import { shorten, unwrap } from './syntax.js';

/** How long a condition may be in evidence before it is shortened. */
const MAX_CONDITION = 60;

/**
 * The innermost branch condition among a node's guards (BranchIndex.guardsOf, innermost first), as
 * text: `if (c)` gives `c`, the final `else` of `if (a) … else if (b) … else` gives `a !== … && !(b)`,
 * a `case v:` of `switch (x)` gives `x === v`, `c ? a : b` and `c && a` give `c` for `a`. Null when
 * the node runs on every path (loops, `try` and early returns are not named). Nested functions are
 * crossed: a callback's body runs under the conditions of the code that passes it. Across calls
 * the analyzer keeps the caller's condition, the one nearest the handler's arguments.
 *
 * Issue #4: "Branches on arguments (an `action` enum, an `overwrite`/`force` flag): the verdict is
 * the worst case over all paths, and the evidence names the branch condition."
 */
export function conditionOf(guards: readonly Guard[]): string | null {
  for (const guard of guards) {
    const condition = describe(guard);
    if (condition !== null) return shorten(condition, MAX_CONDITION);
  }
  return null;
}

/** A guard as text, or null for one evidence does not name (code after an early return). */
function describe(guard: Guard): string | null {
  switch (guard.kind) {
    case 'clause': {
      const subject = guard.switchStatement.getExpression().getText();
      return Node.isCaseClause(guard.node) ? `${subject} === ${guard.node.getExpression().getText()}` : `${subject} matches no case`;
    }
    case 'then':
    case 'and':
      return guard.condition.getText();
    case 'or':
      return negate(guard.condition);
    case 'else': {
      const parent = guard.node.getParentOrThrow();
      if (!Node.isIfStatement(parent)) return negate(guard.condition);
      // The last `else` of an `if … else if …` chain runs when none of the chain's tests held.
      const tests = [parent.getExpression()];
      for (let inner: Node = parent, outer = parent.getParent(); outer && Node.isIfStatement(outer) && outer.getElseStatement() === inner; inner = outer, outer = outer.getParent()) {
        tests.unshift(outer.getExpression());
      }
      return tests.map(negate).join(' && ');
    }
    case 'after':
      return null;
  }
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

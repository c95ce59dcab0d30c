import type { Node as TsNode } from 'ts-morph';
import { Node } from '../ts-morph.js';
import type { Evaluated } from '../analysis/evaluate.js';
import type { FunctionNode } from '../analysis/resolve.js';

/**
 * Whether `node` can run in `fn` when conditions are read with one context's bindings (the tool a
 * dispatch branch serves). A branch is cut only when its condition is statically known to be
 * false there: a `case` whose value differs from the switch's, an `if` branch whose condition is
 * known the other way, code after an `if (known true) { ... return; }`. Anything unknown runs,
 * so the verdict stays the worst case over the paths the arguments allow.
 *
 * @param evaluate evaluates an expression in the context's bindings.
 */
export function isBranchReachable(node: TsNode, fn: FunctionNode, evaluate: (expr: TsNode) => Evaluated): boolean {
  let child: TsNode = node;
  for (let a = node.getParent(); a && a !== fn; child = a, a = a.getParent()) {
    if (Node.isCaseClause(a) || Node.isDefaultClause(a)) {
      if (!clauseReachable(a, evaluate)) return false;
    } else if (Node.isIfStatement(a)) {
      if (child === a.getThenStatement() && isKnown(evaluate(a.getExpression()), false)) return false;
      if (child === a.getElseStatement() && isKnown(evaluate(a.getExpression()), true)) return false;
    } else if (Node.isConditionalExpression(a)) {
      if (child === a.getWhenTrue() && isKnown(evaluate(a.getCondition()), false)) return false;
      if (child === a.getWhenFalse() && isKnown(evaluate(a.getCondition()), true)) return false;
    } else if (Node.isBlock(a) || Node.isSourceFile(a)) {
      // `if (name === "a") { ...; return; }` before this statement: for tool "a", nothing after it runs.
      for (const statement of a.getStatements()) {
        if (statement === child) break;
        if (Node.isIfStatement(statement) && !statement.getElseStatement() && alwaysExits(statement.getThenStatement()) && isKnown(evaluate(statement.getExpression()), true)) return false;
      }
    }
  }
  return true;
}

function isKnown(v: Evaluated, truthy: boolean): boolean {
  return v.known && Boolean(v.value) === truthy;
}

/**
 * A clause runs when its value (or that of a clause falling through into it) equals the switch's;
 * `default` runs when no case value equals it. Unknown values keep the clause.
 */
function clauseReachable(clause: import('ts-morph').CaseClause | import('ts-morph').DefaultClause, evaluate: (expr: TsNode) => Evaluated): boolean {
  const block = clause.getParentOrThrow();
  const switchStatement = block.getParentOrThrow();
  if (!Node.isSwitchStatement(switchStatement)) return true;
  const subject = evaluate(switchStatement.getExpression());
  if (!subject.known) return true;
  const clauses = switchStatement.getClauses();
  const matches = (c: typeof clause): boolean | null => {
    if (!Node.isCaseClause(c)) return null;
    const v = evaluate(c.getExpression());
    // `case undefined` is no dispatch anyone writes: a value read as undefined was misread, so keep the clause.
    return v.known && v.value !== undefined ? v.value === subject.value : null;
  };
  if (Node.isDefaultClause(clause)) {
    const results = clauses.map(matches);
    return !results.includes(true);
  }
  // This clause, or earlier ones that fall through into it (no statements, or no exit).
  for (let i = clauses.indexOf(clause); i >= 0; i--) {
    const c = clauses[i]!;
    const m = matches(c);
    if (m !== false) return true;
    if (i > 0 && alwaysExits(clauses[i - 1]!)) break;
  }
  return false;
}

/** True when a statement (or clause) always ends in `return`, `throw`, `break` or `continue`. */
function alwaysExits(statement: TsNode): boolean {
  if (Node.isReturnStatement(statement) || Node.isThrowStatement(statement) || Node.isBreakStatement(statement) || Node.isContinueStatement(statement)) return true;
  if (Node.isBlock(statement) || Node.isCaseClause(statement) || Node.isDefaultClause(statement)) {
    const statements = statement.getStatements();
    const last = statements[statements.length - 1];
    return last !== undefined && alwaysExits(last);
  }
  if (Node.isIfStatement(statement)) {
    const otherwise = statement.getElseStatement();
    return otherwise !== undefined && alwaysExits(statement.getThenStatement()) && alwaysExits(otherwise);
  }
  return false;
}

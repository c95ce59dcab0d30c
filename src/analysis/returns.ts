import type { Node as TsNode } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { descendantsOfKinds } from './nodes.js';
import { isFunctionNode, type FunctionNode, unwrap } from './syntax.js';

/**
 * The expressions a function returns: its expression body, or the operands of its own `return`
 * statements. tsc's downlevel `async` (`__awaiter(this, void 0, void 0, function* () { ... })`)
 * returns what its generator returns.
 */
export function returnedExpressions(fn: FunctionNode): TsNode[] {
  // Asked again and again of the same functions (each call site resolved, each member read): memoized per function.
  let known = RETURNED.get(fn.compilerNode);
  if (!known) RETURNED.set(fn.compilerNode, (known = returnedExpressionsOf(fn)));
  return known;
}

/** {@link returnedExpressions} by function, keyed by the compiler's node (ts-morph wrappers may be rebuilt). */
const RETURNED = new WeakMap<object, TsNode[]>();

function returnedExpressionsOf(fn: FunctionNode): TsNode[] {
  const body = fn.getBody();
  if (!body) return [];
  const direct = Node.isBlock(body)
    ? descendantsOfKinds<import('ts-morph').ReturnStatement>(body, [SyntaxKind.ReturnStatement])
        .filter((r) => r.getFirstAncestor((a) => isFunctionNode(a)) === fn)
        .map((r) => r.getExpression())
        .filter((e): e is import('ts-morph').Expression => e !== undefined)
    : [body];
  return direct.flatMap((e) => {
    const call = unwrap(e);
    if (!Node.isCallExpression(call) || !/^__awaiter\d*$/.test(unwrap(call.getExpression()).getText())) return [e];
    const generator = call.getArguments()[3];
    return generator && isFunctionNode(generator) ? returnedExpressions(generator) : [e];
  });
}


/** The expression a function's body is only there to return (`x => ({...})`, `{ return {...}; }`), or null. */
export function soleReturn(fn: FunctionNode): TsNode | null {
  const body = fn.getBody();
  if (!body) return null;
  if (!Node.isBlock(body)) return body;
  const statements = body.getStatements();
  const only = statements.length === 1 ? statements[0] : undefined;
  return only && Node.isReturnStatement(only) ? (only.getExpression() ?? null) : null;
}

/** One way out of a function of guard clauses: the value returned when `when` (absent for the last) is the first test to hold. */
export interface GuardedReturn {
  when?: TsNode;
  value: TsNode;
}

/**
 * The returns of a function whose body is only guard clauses and a last `return`
 * (`if (!name.includes("-slash-")) return null; return name.replace("-slash-", "--");`), in order,
 * each with the test that leads to it (`return;` gives `undefined`, read as its `return` keyword's
 * absence: null is given instead of the function). Null for any other body: a statement that is no
 * guard (a declaration, a loop, an `else`) makes the returns depend on more than the tests.
 */
export function guardedReturns(fn: FunctionNode): GuardedReturn[] | null {
  const body = fn.getBody();
  if (!body || !Node.isBlock(body)) return null;
  const statements = body.getStatements();
  const last = statements[statements.length - 1];
  if (!last || !Node.isReturnStatement(last) || !last.getExpression()) return null;
  const out: GuardedReturn[] = [];
  for (const statement of statements.slice(0, -1)) {
    if (!Node.isIfStatement(statement) || statement.getElseStatement()) return null;
    let then: TsNode = statement.getThenStatement();
    if (Node.isBlock(then)) {
      const inner = then.getStatements();
      if (inner.length !== 1) return null;
      then = inner[0]!;
    }
    const value = Node.isReturnStatement(then) ? then.getExpression() : undefined;
    if (!value) return null;
    out.push({ when: statement.getExpression(), value });
  }
  out.push({ value: last.getExpression()! });
  return out;
}

import type { CallExpression } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { unwrap, type FunctionNode } from '../analysis/syntax.js';

/**
 * Inline callbacks that the analysis reads through the function they are handed to. A callback
 * written in place (`applyMiddlewares(req, async (r) => this.request(r))`) is part of its caller's
 * body, and the caller's walk reads it there, with its parameters unbound. When the callee is a
 * function of the project that calls that parameter, the walk of the callee reads the callback
 * again, with what the callee passes it bound (`func(req)` gives `r` the request with its method):
 * the first reading only adds a copy that knows less ("a method known only at run time"). A
 * callee that only stores the callback (`this.onDone = cb`) or hands it on runs none of it
 * itself: the caller's inline reading stays.
 */

/** A call of `fn`'s body and the index of an inline function it passes (`run(x, async () => ...)` → 1). */
export interface InlineCallback {
  call: CallExpression;
  index: number;
  callback: FunctionNode;
}

/** The inline functions (arrow functions, function expressions) passed as arguments of the calls among `nodes`, before any spread argument. */
export function inlineCallbacks(nodes: readonly Node[]): InlineCallback[] {
  const out: InlineCallback[] = [];
  for (const node of nodes) {
    if (!Node.isCallExpression(node)) continue;
    const args = node.getArguments();
    for (let i = 0; i < args.length; i++) {
      if (Node.isSpreadElement(args[i])) break;
      const value = unwrap(args[i]!);
      if (Node.isArrowFunction(value) || Node.isFunctionExpression(value)) out.push({ call: node, index: i, callback: value });
    }
  }
  return out;
}

/**
 * True when `callee` calls its parameter at `index` itself: `func(req)`, `func.call(this, req)`,
 * `func.apply(this, args)` among `calleeNodes` (the effect nodes of its body, which leave out the
 * functions it hands back uncalled). False for a rest or destructured parameter, and for one it
 * only stores, returns or passes on.
 */
export function callsParameter(callee: FunctionNode, index: number, calleeNodes: readonly Node[]): boolean {
  const param = callee.getParameters()[index];
  if (!param || param.isRestParameter()) return false;
  const name = param.getNameNode();
  if (!Node.isIdentifier(name)) return false;
  const symbol = name.getSymbol();
  if (!symbol) return false;
  const isParam = (n: Node): boolean => Node.isIdentifier(n) && n.getSymbol() === symbol;
  return calleeNodes.some((n) => {
    if (!Node.isCallExpression(n)) return false;
    const called = unwrap(n.getExpression());
    if (isParam(called)) return true;
    return Node.isPropertyAccessExpression(called) && ['call', 'apply'].includes(called.getName()) && isParam(unwrap(called.getExpression()));
  });
}

/** True when `node` lies within one of `callbacks` (pos/end ranges). */
export function isWithin(node: Node, callbacks: readonly FunctionNode[]): boolean {
  return callbacks.some((f) => node.getPos() >= f.getPos() && node.getEnd() <= f.getEnd() && node !== f);
}

import type { CallExpression, Node as TsNode } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { evaluate } from '../analysis/evaluate.js';
import type { Resolver } from '../analysis/resolve.js';
import { shorten, unwrap } from '../analysis/syntax.js';

/**
 * How a call invokes a method, as the program states it:
 * - `read`: the method's name, the object it is called on (`null` when the call names none:
 *   `original(...)`), the expression that names the method (`server.registerTool`,
 *   `McpServer.prototype.registerTool`), and the arguments it is given, in order;
 * - `computed`: the method's name is known only at run time (`server[m](...)`): the object, and why;
 * - `unlisted`: the method is known but its arguments are not (`server.registerTool.apply(server, args)`).
 */
export type MethodCall =
  | { kind: 'read'; method: string; receiver: TsNode | null; callee: TsNode; args: TsNode[] }
  | { kind: 'computed'; receiver: TsNode; reason: string }
  | { kind: 'unlisted'; method: string; receiver: TsNode | null; reason: string };

/**
 * Reads how `call` invokes a method, through each way JavaScript offers to call one (ECMA-262:
 * property access, `Function.prototype.call` and `apply`):
 * - `recv.m(a, b)`, `recv["m"](a, b)`, `recv[KEY](a, b)` with `KEY` a static string → `m` on `recv`;
 * - `recv.m.call(self, a, b)`, `Cls.prototype.m.call(this, a, b)`, `m.call(self, a, b)` → `m` on `self`;
 * - `recv.m.apply(self, [a, b])` with a literal array (no spread) → `m` on `self` with its elements;
 *   any other argument list → `unlisted`;
 * - `recv[expr](...)` whose key is not a static string → `computed`.
 *
 * `nameOf` names the method an identifier stands for (`original` holding `server.tool`; with
 * `viaCall`, as the target of `.call`/`.apply`: `registerTool.call(server, ...)`), or returns
 * null. Returns null for any other call (a plain function call, a call of a call's result).
 */
export function methodCallOf(call: CallExpression, resolver: Resolver, nameOf: (id: TsNode, viaCall: boolean) => string | null): MethodCall | null {
  const callee = unwrap(call.getExpression());
  const args = call.getArguments();
  if (Node.isPropertyAccessExpression(callee) && (callee.getName() === 'call' || callee.getName() === 'apply')) {
    const named = unwrap(callee.getExpression());
    const target = methodOf(named, resolver, (id) => nameOf(id, true));
    if (target && target.kind !== 'computed') {
      const receiver = args[0] ? unwrap(args[0]) : null;
      if (callee.getName() === 'call') return { kind: 'read', method: target.method, receiver, callee: named, args: args.slice(1) };
      const list = args[1] ? unwrap(args[1]) : undefined;
      if (list === undefined) return { kind: 'read', method: target.method, receiver, callee: named, args: [] };
      if (Node.isArrayLiteralExpression(list) && !list.getElements().some((e) => Node.isSpreadElement(e) || Node.isOmittedExpression(e))) {
        return { kind: 'read', method: target.method, receiver, callee: named, args: list.getElements() };
      }
      return { kind: 'unlisted', method: target.method, receiver, reason: `the arguments of this ${target.method}() call come from \`${shorten(list.getText(), 40)}\`, which the linter cannot read` };
    }
    // `recv[m].call(...)`: as unknown as `recv[m](...)`.
    if (target?.kind === 'computed') return target;
  }
  const target = methodOf(callee, resolver, (id) => nameOf(id, false));
  if (!target) return null;
  return target.kind === 'computed' ? target : { kind: 'read', method: target.method, receiver: target.receiver, callee, args };
}

/** The method an expression names (`recv.m`, `recv["m"]`, `recv[KEY]`, an identifier `nameOf` knows), or why its name is unknown. */
function methodOf(expr: TsNode, resolver: Resolver, nameOf: (callee: TsNode) => string | null): { kind: 'named'; method: string; receiver: TsNode | null } | Extract<MethodCall, { kind: 'computed' }> | null {
  if (Node.isPropertyAccessExpression(expr)) return { kind: 'named', method: expr.getName(), receiver: unwrap(expr.getExpression()) };
  if (Node.isElementAccessExpression(expr)) {
    const key = expr.getArgumentExpression();
    const receiver = unwrap(expr.getExpression());
    if (!key) return null;
    const value = evaluate(key, resolver);
    if (value.known && typeof value.value === 'string') return { kind: 'named', method: value.value, receiver };
    return { kind: 'computed', receiver, reason: `\`${shorten(expr.getText(), 40)}(…)\`: the method name is computed at run time; it may register a tool` };
  }
  if (Node.isIdentifier(expr)) {
    const method = nameOf(expr);
    return method === null ? null : { kind: 'named', method, receiver: null };
  }
  return null;
}

import type { CallExpression, NewExpression } from 'ts-morph';
import { FRAGMENT_CALLBACK_METHODS } from './catalog/orm.js';
import { PROMISE_METHODS } from './catalog/pure.js';
import { Node, SyntaxKind } from '../ts-morph.js';
import type { Bindings } from '../analysis/bindings.js';
import { RESULT_OF_CALL, RESULT_OF_NEW, type Resolver, type Target } from '../analysis/resolve.js';
import { initializerOf, isFunctionNode, unwrap } from '../analysis/syntax.js';
import type { SinkEntry } from './catalog/entry.js';

/** A module-rooted resolution target. */
type ModuleTarget = Extract<Target, { kind: 'module' }>;

/**
 * Builder chains: the methods called on what a call returns
 * (`db.insert(t).values(v).onConflictDoNothing()`), the call that made a method's receiver
 * (`stmt.run()` of `const stmt = db.prepare(sql)`), and methods of a tagged template's result.
 */

/** True for syntax that passes its operand's value on unchanged (`(x)`, `x!`, `x as T`). */
function isTransparent(node: Node): node is Node & { getExpression(): Node } {
  return Node.isParenthesizedExpression(node) || Node.isNonNullExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node);
}

/**
 * The names of the methods called on `call`'s result in the same expression, in order, each
 * followed by the names of the methods called inside callbacks given to it
 * (`.onConflict((oc) => oc.column("id").doNothing())` gives `onConflict`, `column`, `doNothing`).
 * The chain ends at a promise method (`then`, `catch`, `finally`).
 */
export function chainedMethodNames(call: Node): string[] {
  const names: string[] = [];
  let node: Node = call;
  for (;;) {
    let parent = node.getParent();
    while (parent && isTransparent(parent) && parent.getExpression() === node) {
      node = parent;
      parent = node.getParent();
    }
    if (!parent || !Node.isPropertyAccessExpression(parent) || parent.getExpression() !== node) return names;
    const next = parent.getParent();
    if (!next || !Node.isCallExpression(next) || next.getExpression() !== parent || PROMISE_METHODS.has(parent.getName())) return names;
    names.push(parent.getName());
    for (const arg of next.getArguments()) if (isFunctionNode(arg)) names.push(...calledNamesIn(arg));
    node = next;
  }
}

/** The names of the methods called in `fn`, in source order. */
function calledNamesIn(fn: Node): string[] {
  return fn.getDescendantsOfKind(SyntaxKind.CallExpression).flatMap((c) => {
    const callee = unwrap(c.getExpression());
    return Node.isPropertyAccessExpression(callee) ? [callee.getName()] : [];
  });
}

/**
 * The expression that made the receiver of a method call, read through consts, fields and
 * `await`: `db.prepare(sql)` for `stmt.run()` when `const stmt = db.prepare(sql)`, the tagged
 * template for `` sql`...`.execute(db) ``. Null for a call that is not a method call.
 */
export function receiverOrigin(call: CallExpression): Node | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  let node = unwrap(callee.getExpression());
  for (let depth = 0; depth < 8; depth++) {
    if (Node.isAwaitExpression(node)) {
      node = unwrap(node.getExpression());
      continue;
    }
    if (!Node.isIdentifier(node) && !(Node.isPropertyAccessExpression(node) && node.getExpression().getKind() === SyntaxKind.ThisKeyword)) return node;
    const init = initializerOf(node, false);
    if (!init) return node;
    node = unwrap(init);
  }
  return node;
}

/**
 * What a method of a tagged template's result stands for when its tag is a package's
 * (`` sql`SELECT 1`.execute(db) `` with kysely's `sql`): the tag's path, called, then the method
 * (`sql().execute`), for the sink catalog. Null for anything else.
 */
export function templateResultMember(callee: Node, resolver: Resolver, b: Bindings): Target | null {
  const node = unwrap(callee);
  if (!Node.isPropertyAccessExpression(node)) return null;
  const receiver = unwrap(node.getExpression());
  if (!Node.isTaggedTemplateExpression(receiver)) return null;
  const tag = resolver.resolve(receiver.getTag(), 0, b);
  return tag.kind === 'module' ? { ...tag, path: [...tag.path, RESULT_OF_CALL, node.getName()] } : null;
}

/**
 * True for a call on the parameter (or the `this`) of a callback given to a library's builder
 * method that passes it a query fragment (`.onConflict((oc) => oc.column("id").doNothing())`;
 * FRAGMENT_CALLBACK_METHODS): it builds the query, and has no effect of its own.
 */
export function isFragmentBuilderCall(call: CallExpression | NewExpression, resolver: Resolver, b: Bindings): boolean {
  let root = unwrap(call.getExpression());
  while (Node.isPropertyAccessExpression(root) || Node.isCallExpression(root) || Node.isElementAccessExpression(root)) root = unwrap(root.getExpression());
  let callback: Node | undefined;
  if (root.getKind() === SyntaxKind.ThisKeyword) callback = root.getFirstAncestor((a) => Node.isFunctionExpression(a));
  else if (Node.isIdentifier(root)) {
    const decl = root.getSymbol()?.getDeclarations()[0];
    callback = decl && Node.isParameterDeclaration(decl) ? decl.getParent() : undefined;
  }
  const builder = callback && (Node.isArrowFunction(callback) || Node.isFunctionExpression(callback)) ? callback.getParent() : undefined;
  if (!builder || !Node.isCallExpression(builder) || !builder.getArguments().includes(callback as never)) return false;
  const method = unwrap(builder.getExpression());
  return Node.isPropertyAccessExpression(method) && FRAGMENT_CALLBACK_METHODS.has(method.getName()) && resolver.resolve(method, 0, b).kind === 'module';
}

/** A catalog path as the resolver writes it: `PrismaClient.new()` → `['PrismaClient', 'new()']`, `drizzle()` → `['drizzle', '()']`. */
function pathOf(key: string): string[] {
  return key.split('.').flatMap((seg) => (seg === RESULT_OF_NEW || seg === RESULT_OF_CALL ? [seg] : seg.endsWith(RESULT_OF_CALL) ? [seg.slice(0, -RESULT_OF_CALL.length), RESULT_OF_CALL] : [seg]));
}

/**
 * What a call on a parameter of a callback a catalogued sink runs stands for, when the sink names
 * that parameter in its `callbackParameters`: the first parameter of a transaction callback
 * (`prisma.$transaction(async (tx) => tx.user.delete(...))`: `@prisma/client`
 * `PrismaClient.new().user.delete`), the response of an HTTP server's request listener
 * (`createServer((req, res) => res.end())`: `http` `ServerResponse.new().end`); `sinkOf` looks the
 * sink up. Null for anything else.
 */
export function callbackClientMember(callee: Node, resolver: Resolver, b: Bindings, sinkOf: (target: ModuleTarget) => SinkEntry | undefined): Target | null {
  const steps: string[] = [];
  let node = unwrap(callee);
  for (;;) {
    if (Node.isPropertyAccessExpression(node)) steps.unshift(node.getName());
    else if (Node.isCallExpression(node)) steps.unshift(RESULT_OF_CALL);
    else break;
    node = unwrap(node.getExpression());
  }
  const decl = Node.isIdentifier(node) ? node.getSymbol()?.getDeclarations()[0] : undefined;
  const callback = decl && Node.isParameterDeclaration(decl) ? decl.getParent() : undefined;
  if (!callback || !(Node.isArrowFunction(callback) || Node.isFunctionExpression(callback))) return null;
  const position = callback.getParameters().indexOf(decl as never);
  const outer = callback.getParent();
  if (position < 0 || !outer || !Node.isCallExpression(outer) || !outer.getArguments().includes(callback)) return null;
  const runner = resolver.resolve(outer.getExpression(), 0, b);
  if (runner.kind !== 'module') return null;
  const value = sinkOf(runner)?.callbackParameters?.[position];
  return value === undefined ? null : { kind: 'module', specifier: runner.specifier, path: [...pathOf(value), ...steps] };
}

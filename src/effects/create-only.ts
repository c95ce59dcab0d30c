import { Node, SyntaxKind } from '../ts-morph.js';
import type { FunctionNode } from '../analysis/syntax.js';
import { initializerOf, isFunctionNode, unwrap } from '../analysis/syntax.js';
import type { Resolver } from '../analysis/resolve.js';
import type { Bindings } from '../analysis/bindings.js';
import { returnedExpressions } from '../analysis/returns.js';

/**
 * File writes the code proves create a new file: the path was checked not to exist just before
 * (corpus README, "What the labels mean": destructive is about deleting, overwriting or replacing
 * existing state; "purely additive creates" are not). Two shapes:
 * - a guard: `if (existsSync(p)) throw new Error("exists"); writeFileSync(p, data)`, or the write
 *   inside `if (!existsSync(p)) { ... }`: a repeat with the same arguments finds the file and
 *   writes nothing (idempotent);
 * - a unique path: `p` comes from a function that returns a path only once `existsSync` says it is
 *   free (`name (1).txt`, `name (2).txt`, ...), or from a `while (existsSync(p))` loop that changes
 *   it: every call writes another new file (not idempotent).
 */

/** How a write's path was proven free: `guard` (a repeat writes nothing) or `unique` (a repeat writes another file); and the check. */
export interface CreateOnly {
  how: 'guard' | 'unique';
  check: Node;
}

/** Calls that tell whether a path exists (node:fs `existsSync`, fs-extra `pathExists`/`pathExistsSync`, and promisified `exists`). */
const EXISTS_CHECKS: ReadonlySet<string> = new Set(['existsSync', 'exists', 'pathExists', 'pathExistsSync']);

/** How many functions deep {@link uniquePathCheck} follows a path's origin. */
const MAX_DEPTH = 3;

/** The existence check of `path` that `expr` is (`existsSync(p)`, `await fs.pathExists(p)`), or null; `negated` when written `!existsSync(p)`. */
function existenceCheck(expr: Node, path: string): { check: Node; negated: boolean } | null {
  let node = unwrap(expr);
  let negated = false;
  if (Node.isPrefixUnaryExpression(node) && node.getOperatorToken() === SyntaxKind.ExclamationToken) {
    negated = true;
    node = unwrap(node.getOperand());
  }
  if (Node.isAwaitExpression(node)) node = unwrap(node.getExpression());
  if (!Node.isCallExpression(node)) return null;
  const callee = unwrap(node.getExpression());
  const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : Node.isIdentifier(callee) ? callee.getText() : '';
  const arg = node.getArguments()[0];
  if (!EXISTS_CHECKS.has(name) || !arg || unwrap(arg).getText() !== path) return null;
  return { check: node, negated };
}

/** True when a statement always leaves the block it is in: `throw`, `return`, `continue`, `break`, or a block ending in one. */
function exits(statement: Node): boolean {
  if (Node.isThrowStatement(statement) || Node.isReturnStatement(statement) || Node.isContinueStatement(statement) || Node.isBreakStatement(statement)) return true;
  if (Node.isBlock(statement)) {
    const last = statement.getStatements().at(-1);
    return last !== undefined && exits(last);
  }
  return false;
}

/**
 * The check that proves `path` (its text) free where `node` runs inside `fn`: an `if` before it
 * (in an enclosing block of `fn`) that leaves when the path exists, an enclosing `if (!exists(p))`
 * (or the `else` of `if (exists(p))`), or a `while (exists(p))` loop before it. Null when none.
 */
function guardBefore(node: Node, fn: Node, path: string): CreateOnly | null {
  for (let child: Node = node, parent = node.getParent(); parent && child !== fn; child = parent, parent = parent.getParent()) {
    if (Node.isIfStatement(parent)) {
      const found = existenceCheck(parent.getExpression(), path);
      if (found && ((found.negated && parent.getThenStatement() === child) || (!found.negated && parent.getElseStatement() === child))) return { how: 'guard', check: found.check };
    }
    if (!Node.isBlock(parent) && !Node.isSourceFile(parent)) continue;
    const statements = parent.getStatements();
    for (const statement of statements.slice(0, statements.indexOf(child as never))) {
      if (Node.isIfStatement(statement) && !statement.getElseStatement()) {
        const found = existenceCheck(statement.getExpression(), path);
        if (found && !found.negated && exits(statement.getThenStatement())) return { how: 'guard', check: found.check };
      }
      if (Node.isWhileStatement(statement)) {
        const found = existenceCheck(statement.getExpression(), path);
        if (found && !found.negated) return { how: 'unique', check: found.check };
      }
    }
  }
  return null;
}

/**
 * The check inside the function a path comes from (`const p = uniquePath(file)`) that makes every
 * path it returns free: each returned value is either a name checked by a guard before the return,
 * or a call of a function of the project that returns such paths (a recursive helper's `internal(0)`).
 */
function uniquePathCheck(value: Node, resolver: Resolver, b: Bindings, depth: number, seen: Set<Node>): Node | null {
  if (depth > MAX_DEPTH) return null;
  const node = unwrap(value);
  if (!Node.isCallExpression(node)) return null;
  const target = resolver.resolve(node.getExpression(), 0, b);
  if (target.kind !== 'function' || seen.has(target.node)) return null;
  seen.add(target.node);
  const fn = target.node as FunctionNode;
  const returned = returnedExpressions(fn);
  if (returned.length === 0) return null;
  let check: Node | null = null;
  for (const r of returned) {
    const expr = unwrap(r);
    if (Node.isCallExpression(expr)) {
      // A recursive step (`return internal(index + 1)`) or a helper that returns unique paths.
      const inner = unwrap(expr.getExpression());
      const callee = resolver.resolve(inner, 0, b);
      if (callee.kind === 'function' && (callee.node === fn || seen.has(callee.node))) continue;
      const found = uniquePathCheck(expr, resolver, b, depth + 1, seen);
      if (!found) return null;
      check ??= found;
      continue;
    }
    if (!Node.isIdentifier(expr)) return null;
    const guard = guardBefore(r, fn, expr.getText());
    if (!guard) return null;
    check ??= guard.check;
  }
  return check;
}

/**
 * How the code proves that a file write to `target` (the path argument of the write at `call`,
 * inside the function walked) creates a new file, or null when it does not.
 */
export function createOnlyWrite(target: Node, call: Node, resolver: Resolver, b: Bindings): CreateOnly | null {
  let fn: Node | undefined = call.getParent();
  while (fn && !isFunctionNode(fn)) fn = fn.getParent();
  if (!fn) return null;
  const path = unwrap(target);
  const guard = guardBefore(call, fn, path.getText());
  if (guard) return guard;
  // `const p = uniquePath(file); writeFileSync(p, data)`, or the call written in place.
  const origin = Node.isIdentifier(path) ? initializerOf(path, true) : path;
  const check = origin ? uniquePathCheck(origin, resolver, b, 0, new Set()) : null;
  return check ? { how: 'unique', check } : null;
}

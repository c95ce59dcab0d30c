import type { ts as TS } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { descendantsOfKinds } from '../analysis/nodes.js';
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

/** The name a call's callee ends in (`fs.access(p)`: `access`), or '' when it is no name. */
function calleeName(call: import('ts-morph').CallExpression): string {
  const callee = unwrap(call.getExpression());
  return Node.isPropertyAccessExpression(callee) ? callee.getName() : Node.isIdentifier(callee) ? callee.getText() : '';
}

/** The call an expression is, awaited or not (`await fs.mkdir(dir)`, `fs.access(p)`), or null. */
function callOf(expr: Node): import('ts-morph').CallExpression | null {
  let node = unwrap(expr);
  if (Node.isAwaitExpression(node)) node = unwrap(node.getExpression());
  return Node.isCallExpression(node) ? node : null;
}

/** True when a call's first argument is the path written `path` (`existsSync(p)` for `p`). */
function isOnPath(call: import('ts-morph').CallExpression, path: string): boolean {
  const arg = call.getArguments()[0];
  return arg !== undefined && unwrap(arg).getText() === path;
}

/**
 * Calls that tell whether a path exists: node:fs `existsSync`, fs-extra `pathExists`/`pathExistsSync`,
 * promisified `exists`, and a project's own helper named so (`fileExists`, `dirExists`,
 * `folderExistsSync`: `try { await access(p); return true; } catch { return false; }`).
 */
const EXISTS_CHECK = /^(?:exists(?:Sync)?|pathExists(?:Sync)?|(?:file|dir|directory|folder|path)Exists(?:Sync)?)$/i;

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
  // `const there = await exists(p); if (there) ...`: the const's check.
  if (Node.isIdentifier(node)) {
    const init = initializerOf(node, true);
    const inner = init ? existenceCheck(init, path) : null;
    return inner ? { check: inner.check, negated: negated !== inner.negated } : null;
  }
  const call = callOf(node);
  if (!call) return null;
  const probe = settledProbe(call, path);
  if (probe) return { check: probe, negated };
  return EXISTS_CHECK.test(calleeName(call)) && isOnPath(call, path) ? { check: call, negated } : null;
}

/**
 * The probe of `path` a call turns into a boolean (`fs.access(p).then(() => true, () => false)`,
 * `fs.stat(p).then(() => true).catch(() => false)`): true when the path exists. Null otherwise.
 */
function settledProbe(call: import('ts-morph').CallExpression, path: string): Node | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  const method = callee.getName();
  const receiver = unwrap(callee.getExpression());
  // `() => true`, `(_) => false`, `e => false`: the literal it gives.
  const gives = (fn: Node | undefined, value: string) => fn !== undefined && isFunctionNode(fn) && /^(?:\(\)|\w+|\(\w*\))\s*=>\s*(true|false)$/.exec(fn.getText().replace(/\s+/g, ' ').trim())?.[1] === value;
  let then: import('ts-morph').CallExpression | null = null;
  if (method === 'then' && gives(call.getArguments()[0], 'true') && gives(call.getArguments()[1], 'false')) then = call;
  else if (method === 'catch' && gives(call.getArguments()[0], 'false') && Node.isCallExpression(receiver)) {
    const inner = unwrap(receiver.getExpression());
    if (Node.isPropertyAccessExpression(inner) && inner.getName() === 'then' && gives(receiver.getArguments()[0], 'true') && receiver.getArguments().length === 1) then = receiver;
  }
  if (!then) return null;
  const probed = unwrap((unwrap(then.getExpression()) as import('ts-morph').PropertyAccessExpression).getExpression());
  return Node.isCallExpression(probed) && PRESENCE_PROBES.has(calleeName(probed)) && isOnPath(probed, path) ? probed : null;
}

/** Calls that fail when a path does not exist (node:fs `access`, `stat`, `lstat` and their `Sync` forms): in a `try`, reaching the next statement means the path exists. */
const PRESENCE_PROBES: ReadonlySet<string> = new Set(['access', 'accessSync', 'stat', 'statSync', 'lstat', 'lstatSync']);

/** The probe of `path` that a statement is (`await fs.access(p);`, `const s = await fs.stat(p);`), or null. */
function presenceProbe(statement: Node, path: string): Node | null {
  let expr: Node | undefined;
  if (Node.isExpressionStatement(statement)) expr = statement.getExpression();
  else if (Node.isVariableStatement(statement)) {
    const decls = statement.getDeclarations();
    expr = decls.length === 1 ? decls[0]!.getInitializer() : undefined;
  }
  const call = expr ? callOf(expr) : null;
  return call && PRESENCE_PROBES.has(calleeName(call)) && isOnPath(call, path) ? call : null;
}

/**
 * The probe of a `try` that leaves when `path` exists: its block probes the path and then returns
 * (`try { await fs.access(p); return error("exists"); } catch {}`), or throws where the `catch`
 * throws again what is not `ENOENT` (`catch (e) { if (e.code !== "ENOENT") throw e; }`): a throw
 * in the block is caught, so only then does it leave. Null for any other statement.
 */
function probeThatLeaves(statement: Node, path: string): Node | null {
  if (!Node.isTryStatement(statement)) return null;
  const catchClause = statement.getCatchClause();
  if (!catchClause) return null;
  const body = statement.getTryBlock().getStatements();
  const at = body.findIndex((s) => presenceProbe(s, path) !== null);
  const last = body.at(-1);
  if (at < 0 || !last || body.indexOf(last) <= at) return null;
  if (Node.isReturnStatement(last)) return presenceProbe(body[at]!, path);
  if (!Node.isThrowStatement(last)) return null;
  const caught = catchClause.getVariableDeclaration()?.getName();
  const rethrows = caught !== undefined && catchClause.getBlock().getDescendantsOfKind(SyntaxKind.ThrowStatement).some((t) => {
    const thrown = t.getExpression();
    const guard = t.getFirstAncestorByKind(SyntaxKind.IfStatement);
    return thrown !== undefined && unwrap(thrown).getText() === caught && guard !== undefined && /ENOENT/.test(guard.getExpression().getText()) && /!==?/.test(guard.getExpression().getText());
  });
  return rethrows ? presenceProbe(body[at]!, path) : null;
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
 * (in an enclosing block of `fn`) that leaves when the path exists, a `try` that probes it and
 * leaves when the probe succeeds ({@link probeThatLeaves}), an enclosing `if (!exists(p))` (or the
 * `else` of `if (exists(p))`), or a `while (exists(p))` loop before it. Null when none.
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
      const check = leavesWhenExists(statement, path);
      if (check) return { how: 'guard', check };
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

/**
 * The check that proves the path a name holds free where the name is read (`skillDir` in
 * `{ skillDir }` after `try { await fs.access(skillDir); return error; } catch {}`): what is
 * written under that path during the call was made by the call, so it overwrites nothing that
 * existed before (fresh.ts reads it as a directory the tool made). Null when no such check.
 */
export function checkedAbsentAt(name: Node): Node | null {
  if (!Node.isIdentifier(name)) return null;
  const fn = name.getFirstAncestor(isFunctionNode);
  const guard = fn ? guardBefore(name, fn, name.getText()) : null;
  // A name a loop made free (`while (exists(p)) p = ...`) is another path on each call: not the create a repeat skips.
  return guard?.how === 'guard' ? guard.check : null;
}

/**
 * The check that proves free the path a `const` is given, when `init` is that const's initializer
 * and a statement of the same block, after the declaration, leaves when the path exists (an `if`
 * or a probing `try`, as {@link guardBefore} reads them) before any other use of the const:
 * `const dir = path.join(root, name); try { await fs.access(dir); return error; } catch {}`. A
 * value traced through `{ dir }` to its initializer is then a path the call makes. Null otherwise.
 */
export function checkedAbsentInitializer(init: Node): Node | null {
  const decl = init.getParent();
  if (!Node.isVariableDeclaration(decl) || decl.getInitializer() !== init || decl.getVariableStatement()?.getDeclarationKind() !== 'const') return null;
  const name = decl.getNameNode();
  const statement = decl.getVariableStatement();
  const block = statement?.getParent();
  if (!Node.isIdentifier(name) || !statement || !(Node.isBlock(block) || Node.isSourceFile(block))) return null;
  const statements = block.getStatements();
  for (const later of statements.slice(statements.indexOf(statement) + 1)) {
    const check = leavesWhenExists(later, name.getText());
    if (check) return check;
    // A const that only holds the check (`const there = await exists(dir)`) is no use of the path.
    if (holdsCheck(later, name.getText())) continue;
    // Used before any check: what runs with it may find the path taken.
    const text = name.getText();
    if (descendantsOfKinds(later, [SyntaxKind.Identifier], (id) => (id as TS.Identifier).text === text).length > 0) return null;
  }
  return null;
}

/** True for `const x = <existence check of path>;` (see {@link existenceCheck}). */
function holdsCheck(statement: Node, path: string): boolean {
  if (!Node.isVariableStatement(statement)) return false;
  const decls = statement.getDeclarations();
  const init = decls.length === 1 ? decls[0]!.getInitializer() : undefined;
  return init !== undefined && existenceCheck(init, path) !== null;
}

/** The check of a statement that leaves when `path` exists: `if (exists(p)) throw/return`, a probing `try` ({@link probeThatLeaves}), or a `mkdir` that fails on it ({@link exclusiveMkdir}); null otherwise. */
function leavesWhenExists(statement: Node, path: string): Node | null {
  if (Node.isIfStatement(statement) && !statement.getElseStatement()) {
    const found = existenceCheck(statement.getExpression(), path);
    if (found && !found.negated && exits(statement.getThenStatement())) return found.check;
  }
  return probeThatLeaves(statement, path) ?? exclusiveMkdir(statement, path) ?? assertingCall(statement, path);
}

/**
 * The check inside a helper that a statement calls with `path` and that throws when the path
 * exists (`assertNew(dir)` with `if (existsSync(p)) throw ...`, or `assertFree(dir)` with `try {
 * await access(p); } catch { return; } throw ...`): the caller goes on only when it is free. The
 * helper is a function of the project the callee names (also through an import). Null otherwise.
 */
function assertingCall(statement: Node, path: string): Node | null {
  const node = Node.isExpressionStatement(statement) ? callOf(statement.getExpression()) : null;
  if (!node) return null;
  const index = node.getArguments().findIndex((a) => unwrap(a).getText() === path);
  const helper = index < 0 ? null : namedFunction(node.getExpression());
  const param = helper?.getParameters()[index];
  const body = helper?.getBody();
  if (!param || !Node.isIdentifier(param.getNameNode()) || !body || !Node.isBlock(body)) return null;
  const name = param.getName();
  const statements = body.getStatements();
  for (const [i, st] of statements.entries()) {
    if (Node.isIfStatement(st) && !st.getElseStatement()) {
      const found = existenceCheck(st.getExpression(), name);
      // Only a throw stops the caller; a return from the helper lets it go on.
      if (found && !found.negated && throwsAlways(st.getThenStatement())) return found.check;
    }
    // `try { await access(p); } catch { return; } throw new Error("exists")`.
    const next = statements[i + 1];
    const caught = Node.isTryStatement(st) ? st.getCatchClause() : undefined;
    if (Node.isTryStatement(st) && caught && next && Node.isThrowStatement(next) && exits(caught.getBlock()) && !exits(st.getTryBlock())) {
      const probe = st.getTryBlock().getStatements().map((t) => presenceProbe(t, name)).find((c) => c !== null);
      if (probe) return probe;
    }
  }
  return null;
}

/** True when a statement always ends in `throw` (a block whose last statement does). */
function throwsAlways(statement: Node): boolean {
  if (Node.isThrowStatement(statement)) return true;
  const last = Node.isBlock(statement) ? statement.getStatements().at(-1) : undefined;
  return last !== undefined && throwsAlways(last);
}

/** The function an identifier callee names: a function declaration, or a `const` holding an arrow or function expression, also through an import. Null otherwise. */
function namedFunction(callee: Node): FunctionNode | null {
  const id = unwrap(callee);
  if (!Node.isIdentifier(id)) return null;
  let symbol = id.getSymbol();
  if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol();
  const decl = symbol?.getDeclarations()[0];
  if (decl && Node.isFunctionDeclaration(decl)) return decl;
  const init = decl && Node.isVariableDeclaration(decl) ? decl.getInitializer() : undefined;
  return init && isFunctionNode(unwrap(init)) ? (unwrap(init) as FunctionNode) : null;
}

/** Calls that make a directory (node:fs `mkdir`, `mkdirSync`, promise and callback forms). */
const MKDIRS: ReadonlySet<string> = new Set(['mkdir', 'mkdirSync']);

/**
 * The call of a statement that makes the directory `path` without `recursive: true` (`await
 * fs.mkdir(dir);`): it throws EEXIST when the directory exists, so what follows runs only when the
 * call made it (node:fs `mkdir`: "recursive ... Default: false"; an existing path is an error
 * unless it is set). Null for any other statement, or options that set or may set `recursive`.
 */
function exclusiveMkdir(statement: Node, path: string): Node | null {
  const node = Node.isExpressionStatement(statement) ? callOf(statement.getExpression()) : null;
  if (!node || !MKDIRS.has(calleeName(node)) || !isOnPath(node, path)) return null;
  const options = node.getArguments()[1];
  if (options === undefined) return node;
  const opts = unwrap(options);
  // A mode (`0o755`) is no `recursive`; an object literal without it neither. Anything else may set it.
  if (Node.isNumericLiteral(opts) || Node.isStringLiteral(opts)) return node;
  return Node.isObjectLiteralExpression(opts) && !opts.getProperty('recursive') && !opts.getProperties().some((p) => Node.isSpreadAssignment(p)) ? node : null;
}

/** True for a call that tells whether a path exists, fails when it does not (`existsSync(p)`, `fs.access(p)`) or fails when it does (`fs.mkdir(dir)`): the check {@link checkedAbsentAt} gives. */
export function isExistenceCheck(node: Node): boolean {
  if (!Node.isCallExpression(node)) return false;
  const name = calleeName(node);
  return EXISTS_CHECK.test(name) || PRESENCE_PROBES.has(name) || MKDIRS.has(name);
}

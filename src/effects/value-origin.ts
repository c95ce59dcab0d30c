import { Node } from '../ts-morph.js';
import { isModuleLevel, unwrap } from '../analysis/syntax.js';

/**
 * Where a value written to server state comes from: the arguments a function was given (a stored
 * item, a chosen mode), or something the server computes, loads or fetches itself (a client, a
 * loaded config, a looked-up id). Filling a memo with a computed value changes nothing a later call
 * can see (corpus README, "What the labels mean": lazy initialisation, memoised promises and caches
 * that do not change what later calls return are no modifications); storing what the caller gave is
 * a stored item.
 */

/** How deep {@link isFromArguments} follows locals and nested expressions (a guard against long chains). */
const MAX_DEPTH = 6;

/** Globals that convert a value without computing a new one (`String(id)`, `JSON.stringify(args)`). */
const CONVERSIONS: ReadonlySet<string> = new Set(['String', 'Number', 'Boolean', 'JSON.stringify', 'JSON.parse', 'structuredClone', 'Object.assign', 'Array.from']);

/**
 * True when `value` is, or is built from, a parameter of a function (`args.text`, `{ text, at }`,
 * `` `${name}` ``, `projectId.toString()`, a local holding one): data the caller gave. False for
 * a call's result (`await load()`, `new Client()`, an async IIFE), literals, and server state.
 * Calls count as computed unless they convert or take a method of a value that is from the
 * arguments (`text.trim()`), so the memo `cache.set(key, await fetchDoc(key))` is computed; an
 * awaited call always is (`await server.listRoots()` on a parameter fetches).
 */
export function isFromArguments(value: Node, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const node = unwrap(value);
  const next = (n: Node | undefined): boolean => n !== undefined && isFromArguments(n, depth + 1);
  // `await server.listRoots()`, `await client.fetch()`: what an awaited call gives is fetched or computed, even through a method of a parameter.
  if (Node.isAwaitExpression(node) && Node.isCallExpression(unwrap(node.getExpression()))) return false;
  if (Node.isAwaitExpression(node) || Node.isSpreadElement(node) || Node.isSpreadAssignment(node)) return next(node.getExpression());
  if (Node.isIdentifier(node)) return identifierFromArguments(node, depth);
  if (Node.isPropertyAccessExpression(node) || Node.isElementAccessExpression(node)) return next(node.getExpression());
  if (Node.isObjectLiteralExpression(node)) {
    return node.getProperties().some((p) => (Node.isPropertyAssignment(p) ? next(p.getInitializer()) : Node.isShorthandPropertyAssignment(p) ? next(p.getNameNode()) : Node.isSpreadAssignment(p) ? next(p) : false));
  }
  if (Node.isArrayLiteralExpression(node)) return node.getElements().some(next);
  if (Node.isTemplateExpression(node)) return node.getTemplateSpans().some((s) => next(s.getExpression()));
  if (Node.isConditionalExpression(node)) return next(node.getWhenTrue()) || next(node.getWhenFalse());
  if (Node.isBinaryExpression(node)) return next(node.getLeft()) || next(node.getRight());
  if (Node.isCallExpression(node)) {
    const callee = unwrap(node.getExpression());
    if (CONVERSIONS.has(callee.getText())) return node.getArguments().some(next);
    // `text.trim()`, `id.toString()`: a method of a value the caller gave.
    return Node.isPropertyAccessExpression(callee) && next(callee.getExpression());
  }
  return false;
}

/** A parameter (or a name destructured from one) is from the arguments; a local is when what it is given is. */
function identifierFromArguments(id: Node, depth: number): boolean {
  const decl = id.getSymbol()?.getDeclarations()[0];
  if (!decl) return false;
  if (Node.isParameterDeclaration(decl) || Node.isShorthandPropertyAssignment(decl)) return Node.isParameterDeclaration(decl);
  if (Node.isBindingElement(decl)) {
    const holder = decl.getFirstAncestor((a) => Node.isParameterDeclaration(a) || Node.isVariableDeclaration(a));
    if (!holder) return false;
    if (Node.isParameterDeclaration(holder)) return true;
    return Node.isVariableDeclaration(holder) && !isModuleLevel(holder) && holder.getInitializer() !== undefined && isFromArguments(holder.getInitializerOrThrow(), depth + 1);
  }
  if (!Node.isVariableDeclaration(decl) || isModuleLevel(decl)) return false;
  const init = decl.getInitializer();
  return init !== undefined && isFromArguments(init, depth + 1);
}

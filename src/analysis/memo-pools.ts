import type { VariableDeclaration } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { isModuleLevel, isNewOf, unwrap } from './syntax.js';
import { mapMemberUse } from './collection-elements.js';

/**
 * Memo pools: an object or a Map a variable holds, filled under keys known only at run time and
 * read back under them, so that a value is made once per key:
 *
 *   const clientPool = {};
 *   function clientFor(id, key) {
 *     if (!clientPool[id]) clientPool[id] = connect(id, key);   // or clientPool[id] ??= connect(id, key)
 *     return clientPool[id];
 *   }
 *
 *   const sessions = new Map();
 *   let s = sessions.get(id); if (!s) { s = open(id); sessions.set(id, s); } return s;
 *
 * A read of such a pool under any key gives one of the values the program writes into it (or
 * undefined, before the first write). Sound by construction: the pool starts empty (`{}`,
 * `Object.create(null)`, `new Map()`), is declared at the top level of its module and not
 * exported, and every mention of its name in its file is one whose effect on its contents is known: a read of an entry, a test (`k in pool`,
 * `pool.has(k)`), a removal, or a write of an entry (`pool[k] = v`, `??=`, `||=`, `pool.set(k, v)`),
 * whose value is collected. Any other mention (the pool handed to a call, returned, reassigned,
 * an entry updated with `+=`) makes the pool unknown.
 */

/** What a memo pool holds: the declaration of its variable and the value expressions written into it, in source order. */
export interface MemoPool {
  decl: VariableDeclaration;
  values: Node[];
}

/** Functions of `Object` that read an object given first, adding nothing to it. */
const OBJECT_READING_FUNCTIONS: ReadonlySet<string> = new Set(['Object.keys', 'Object.values', 'Object.entries', 'Object.hasOwn', 'Object.getOwnPropertyNames']);

/** Assignment operators that store their right-hand side under the key (`??=` and `||=` only when the key holds none). */
const STORING_OPERATORS: ReadonlySet<SyntaxKind> = new Set([SyntaxKind.EqualsToken, SyntaxKind.QuestionQuestionEqualsToken, SyntaxKind.BarBarEqualsToken]);

const cache = new WeakMap<VariableDeclaration, MemoPool | null>();

/**
 * The memo pool `expr` names (an identifier of a variable holding one, see the module's doc), or
 * null when it names anything else or the program uses the pool in a way whose effect on its
 * contents is not known. Memoised per declaration.
 */
export function memoPoolOf(expr: Node): MemoPool | null {
  const node = unwrap(expr);
  if (!Node.isIdentifier(node)) return null;
  const decl = node.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isVariableDeclaration(decl)) return null;
  let pool = cache.get(decl);
  if (pool === undefined) {
    pool = readPool(decl);
    cache.set(decl, pool);
  }
  return pool;
}

/**
 * The pool `read` reads an entry of (`pool[k]`, `pool.get(k)`), or null when `read` is no such
 * read or the pool is not one (see {@link memoPoolOf}).
 */
export function poolRead(read: Node): MemoPool | null {
  const node = unwrap(read);
  if (Node.isElementAccessExpression(node)) return memoPoolOf(node.getExpression());
  if (!Node.isCallExpression(node) || node.getArguments().length !== 1) return null;
  const callee = unwrap(node.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'get') return null;
  const pool = memoPoolOf(callee.getExpression());
  return pool && isNewOf(unwrap(pool.decl.getInitializerOrThrow()), 'Map') ? pool : null;
}

function readPool(decl: VariableDeclaration): MemoPool | null {
  const name = decl.getNameNode();
  const init = decl.getInitializer();
  // A module's own: a function's local Map is no memo, and what it holds may alias module state its mutations are judged by (`groups.get(k).hits.add(w)`).
  if (!Node.isIdentifier(name) || !init || !isModuleLevel(decl) || decl.getVariableStatement()?.isExported()) return null;
  const start = unwrap(init);
  const isMap = isNewOf(start, 'Map') && start.getArguments().length === 0;
  const isObject = (Node.isObjectLiteralExpression(start) && start.getProperties().length === 0) || (Node.isCallExpression(start) && start.getExpression().getText() === 'Object.create' && start.getArguments()[0]?.getText() === 'null');
  if (!isMap && !isObject) return null;
  const symbol = name.getSymbol();
  const values: Node[] = [];
  for (const id of decl.getSourceFile().getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (id === name || id.getText() !== name.getText()) continue;
    // `export { pool }`, `module.exports = { pool }`: the pool handed out under another symbol.
    if (handsOut(id, decl)) return null;
    if (id.getSymbol() !== symbol) continue;
    const stored = isMap ? mapUse(id) : objectUse(id);
    if (stored === null) return null;
    values.push(...stored);
  }
  return { decl, values };
}

/** True when `id` names `decl` in an export specifier or a shorthand property (whose own symbol is another). */
function handsOut(id: Node, decl: VariableDeclaration): boolean {
  const parent = id.getParentOrThrow();
  if (Node.isExportSpecifier(parent)) return parent.getLocalTargetDeclarations().includes(decl);
  if (Node.isShorthandPropertyAssignment(parent)) return parent.getValueSymbol()?.getDeclarations()[0] === decl;
  return false;
}

/** The values one mention of an object pool stores into it (none for a read), or null when its effect is not known. */
function objectUse(id: Node): Node[] | null {
  const parent = id.getParentOrThrow();
  // `k in pool`
  if (Node.isBinaryExpression(parent) && parent.getRight() === id && parent.getOperatorToken().getKind() === SyntaxKind.InKeyword) return [];
  // `Object.keys(pool)`, `Object.hasOwn(pool, k)`
  if (Node.isCallExpression(parent) && parent.getArguments()[0] === id && OBJECT_READING_FUNCTIONS.has(parent.getExpression().getText())) return [];
  if (!(Node.isElementAccessExpression(parent) || Node.isPropertyAccessExpression(parent)) || parent.getExpression() !== id) return null;
  return entryUse(parent);
}

/** What a use of one entry (`pool[k]`, `pool.name`) does to the pool: stores a value, removes it or reads it; null for an update in place. */
function entryUse(entry: Node): Node[] | null {
  const outer = entry.getParentOrThrow();
  if (Node.isBinaryExpression(outer) && outer.getLeft() === entry) {
    const op = outer.getOperatorToken().getKind();
    if (STORING_OPERATORS.has(op)) return [outer.getRight()];
    return isCompoundAssignment(op) ? null : [];
  }
  if ((Node.isPrefixUnaryExpression(outer) || Node.isPostfixUnaryExpression(outer)) && [SyntaxKind.PlusPlusToken, SyntaxKind.MinusMinusToken].includes(outer.getOperatorToken())) return null;
  // `delete pool[k]`, and any read of the entry.
  return [];
}

/** The values one mention of a Map pool stores into it (`pool.set(k, v)`; none for a read), or null when its effect is not known. */
function mapUse(id: Node): Node[] | null {
  const parent = id.getParentOrThrow();
  if (!Node.isPropertyAccessExpression(parent) || parent.getExpression() !== id) return null;
  const used = mapMemberUse(parent);
  if (used === null || used === 'read') return used && [];
  const value = used.getArguments()[1];
  return value !== undefined && used.getArguments().length === 2 ? [value] : null;
}

/** True for an assignment operator other than `=` (`+=`, `&&=`, `??=`, ...). */
function isCompoundAssignment(op: SyntaxKind): boolean {
  return op >= SyntaxKind.FirstCompoundAssignment && op <= SyntaxKind.LastCompoundAssignment;
}

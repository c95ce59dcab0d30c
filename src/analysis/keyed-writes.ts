import type { BinaryExpression, ForInStatement, ForOfStatement, SourceFile, VariableDeclaration, ts as TS } from 'ts-morph';
import { Node, SyntaxKind, ts } from '../ts-morph.js';
import { descendantsOfKinds } from './nodes.js';
import { unwrap } from './syntax.js';

/**
 * A loop that walks the keys of an object (`for (const [name, handler] of Object.entries(table))`,
 * `for (const name of Object.keys(table))`, `for (const name in table)`): the declaration of the
 * key, the declaration of the value when the loop names it, and the object walked.
 */
export interface KeyLoop {
  statement: ForOfStatement | ForInStatement;
  key: Node;
  value: Node | null;
  source: Node;
}

/**
 * The writes a file makes into objects that variables hold, by the variable's declaration, in
 * source order: each `x.name = v` and `x[key] = v` whose receiver is a plain identifier, and each
 * `Object.assign(x, ...)`. One walk per file.
 */
export function keyedWritesIn(sf: SourceFile): Map<Node, KeyedWrite[]> {
  const found = new Map<Node, KeyedWrite[]>();
  const add = (holder: Node, write: KeyedWrite): void => {
    const decl = holder.getSymbol()?.getDeclarations()[0];
    if (!decl || !Node.isVariableDeclaration(decl)) return;
    const list = found.get(decl) ?? [];
    list.push(write);
    found.set(decl, list);
  };
  const writes = descendantsOfKinds(sf, [SyntaxKind.BinaryExpression, SyntaxKind.CallExpression], (n) => {
    if (ts.isCallExpression(n)) {
      // `Object.assign(handlers, table)`
      const callee = n.expression;
      const target = n.arguments[0];
      return ts.isPropertyAccessExpression(callee) && callee.expression.getText() === 'Object' && callee.name.text === 'assign' && target !== undefined && ts.isIdentifier(target);
    }
    const w = n as TS.BinaryExpression;
    if (w.operatorToken.kind !== SyntaxKind.EqualsToken) return false;
    const left = w.left;
    return (ts.isElementAccessExpression(left) || ts.isPropertyAccessExpression(left)) && ts.isIdentifier(left.expression);
  });
  for (const w of writes) {
    if (Node.isCallExpression(w)) {
      add(w.getArguments()[0]!, { kind: 'assign', call: w, sources: w.getArguments().slice(1) });
      continue;
    }
    const left = (w as BinaryExpression).getLeft() as import('ts-morph').ElementAccessExpression | import('ts-morph').PropertyAccessExpression;
    add(left.getExpression(), { kind: 'key', write: w as BinaryExpression });
  }
  return found;
}

/** A write into an object a variable holds: `x.name = v` / `x[key] = v`, or `Object.assign(x, ...sources)`. */
export type KeyedWrite = { kind: 'key'; write: BinaryExpression } | { kind: 'assign'; call: import('ts-morph').CallExpression; sources: Node[] };

/** The variable whose initializer is `obj` (through `as`, `satisfies` and parentheses), if any. */
export function literalHolder(obj: Node): VariableDeclaration | undefined {
  let node: Node = obj;
  let parent = node.getParent();
  while (parent && (Node.isAsExpression(parent) || Node.isSatisfiesExpression(parent) || Node.isParenthesizedExpression(parent) || Node.isTypeAssertion(parent))) {
    node = parent;
    parent = node.getParent();
  }
  return parent && Node.isVariableDeclaration(parent) && parent.getInitializer() === node ? parent : undefined;
}

/** The key a write names as written (`x.name`, `x["name"]`, `x[0]`), or null for a computed key. */
export function writtenKey(write: BinaryExpression): string | null {
  const left = write.getLeft();
  if (Node.isPropertyAccessExpression(left)) return left.getName();
  if (!Node.isElementAccessExpression(left)) return null;
  const arg = left.getArgumentExpression();
  const key = arg ? unwrap(arg) : null;
  return key && (Node.isStringLiteral(key) || Node.isNoSubstitutionTemplateLiteral(key) || Node.isNumericLiteral(key)) ? key.getLiteralText() : null;
}

/** The loop whose key a computed write uses (`wrapped[name] = ...` inside `for (const [name, h] of Object.entries(t))`), or null. */
export function keyLoopOf(write: BinaryExpression): KeyLoop | null {
  const left = write.getLeft();
  const arg = Node.isElementAccessExpression(left) ? left.getArgumentExpression() : undefined;
  const key = arg ? unwrap(arg) : undefined;
  if (!key || !Node.isIdentifier(key)) return null;
  const decl = key.getSymbol()?.getDeclarations()[0];
  if (!decl) return null;
  if (Node.isBindingElement(decl)) {
    // `for (const [name, handler] of Object.entries(table))`
    const pattern = decl.getParent();
    if (!Node.isArrayBindingPattern(pattern) || pattern.getElements()[0] !== decl) return null;
    const variable = pattern.getParent();
    const statement = variable && Node.isVariableDeclaration(variable) ? variable.getParent()?.getParent() : undefined;
    if (!statement || !Node.isForOfStatement(statement)) return null;
    const source = objectWalked(statement.getExpression(), 'entries');
    if (!source) return null;
    const second = pattern.getElements()[1];
    const value = second && Node.isBindingElement(second) && Node.isIdentifier(second.getNameNode()) ? second : null;
    return { statement, key: decl, value, source };
  }
  if (!Node.isVariableDeclaration(decl)) return null;
  const statement = decl.getParent()?.getParent();
  if (statement && Node.isForInStatement(statement)) return { statement, key: decl, value: null, source: statement.getExpression() };
  if (statement && Node.isForOfStatement(statement)) {
    const source = objectWalked(statement.getExpression(), 'keys');
    return source ? { statement, key: decl, value: null, source } : null;
  }
  return null;
}

/** `table` in `Object.<method>(table)`, else null. */
function objectWalked(expr: Node, method: 'entries' | 'keys'): Node | null {
  const call = unwrap(expr);
  if (!Node.isCallExpression(call)) return null;
  const callee = unwrap(call.getExpression());
  const arg = call.getArguments()[0];
  return Node.isPropertyAccessExpression(callee) && callee.getExpression().getText() === 'Object' && callee.getName() === method && arg ? arg : null;
}

import type { CallExpression, Identifier, VariableDeclaration } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { isFunctionNode, unwrap } from '../analysis/syntax.js';

/**
 * Records a function builds for its own use (issue 15: in-process values are not effects). A
 * search that scores files keeps one record per file in a local map and fills collections held
 * in the records' fields:
 *
 *   const scores = new Map();
 *   if (!scores.has(file)) scores.set(file, { file, hits: new Set(), total: 0 });
 *   const score = scores.get(file);
 *   score.hits.add(word);
 *
 * `score.hits.add(word)` adds to a `Set` the call itself made: nothing outside the function sees
 * it. Read from the program, the call is such an update when all of these hold:
 * - the method is a built-in collection method (`add`, `set`, `push`, `delete`, ...) called on a
 *   field (one or more member names) of a record;
 * - the record is what a getter (`get`, `find`, `at`) gives of a collection held in a `const` of
 *   an enclosing function, made empty there (`new Map()`, `new Set()`, `[]`);
 * - every value that function adds to that collection (`set(k, v)`, `push(v)`, `add(v)`) is an
 *   object literal, and the field named is a new collection in each (`new Set()`, `[]`, `{}`);
 * - the collection's name is otherwise only read (a method that adds nothing, `values()`,
 *   `has(k)`): never handed to a call, returned or reassigned, so no one else puts records in it.
 */

/** Methods of a Map, Set or array that change it (ECMA-262 §24.1, §24.2, §23.1). */
const UPDATING_METHODS: ReadonlySet<string> = new Set(['add', 'set', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill']);

/** Methods that give one element of a collection. */
const GETTERS: ReadonlySet<string> = new Set(['get', 'find', 'findLast', 'at']);

/** Methods that add their argument (`set` its second) to a collection. */
const ADDING: Readonly<Record<string, number>> = { set: 1, push: 0, add: 0, unshift: 0 };

/** Methods of a collection that add nothing (reads, iteration, removal). */
const NON_ADDING: ReadonlySet<string> = new Set([
  'get', 'has', 'keys', 'values', 'entries', 'forEach', 'find', 'findLast', 'at', 'some', 'every', 'map', 'filter', 'reduce',
  'includes', 'indexOf', 'join', 'slice', 'delete', 'clear', 'sort', 'reverse', 'size', 'length',
]);

/** True for an empty collection made on the spot: `new Map()`, `new Set()`, `[]`, `{}`. */
function isNewCollection(node: Node | undefined): boolean {
  if (!node) return false;
  const n = unwrap(node);
  if (Node.isArrayLiteralExpression(n)) return n.getElements().length === 0;
  if (Node.isObjectLiteralExpression(n)) return n.getProperties().length === 0;
  return Node.isNewExpression(n) && /^(Map|Set|WeakMap|WeakSet|Array)$/.test(n.getExpression().getText()) && (n.getArguments() ?? []).length === 0;
}

/** The `const` declaration an identifier names, when it is declared inside a function. */
function localConst(id: Node): VariableDeclaration | undefined {
  if (!Node.isIdentifier(id)) return undefined;
  const decl = id.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isVariableDeclaration(decl) || decl.getVariableStatement()?.getDeclarationKind() !== 'const') return undefined;
  return decl.getFirstAncestor((a) => isFunctionNode(a)) ? decl : undefined;
}

/** The value of `field` in an object literal, or undefined when the literal does not set it plainly. */
function fieldOf(obj: Node, field: string): Node | undefined {
  if (!Node.isObjectLiteralExpression(obj)) return undefined;
  const prop = obj.getProperty(field);
  return prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
}

/**
 * True when the collection `decl` holds is local to its function and each value added to it is
 * an object literal whose `field` is a new collection (see the module's doc).
 */
function holdsFreshRecords(decl: VariableDeclaration, field: string): boolean {
  if (!isNewCollection(decl.getInitializer())) return false;
  const fn = decl.getFirstAncestor((a) => isFunctionNode(a));
  const name = decl.getNameNode();
  if (!fn || !Node.isIdentifier(name)) return false;
  const uses = fn.getDescendants().filter((d): d is Identifier => Node.isIdentifier(d) && d !== name && d.getText() === name.getText() && d.getSymbol() === name.getSymbol());
  let added = 0;
  for (const use of uses) {
    const access = use.getParent();
    if (!access || !Node.isPropertyAccessExpression(access) || access.getExpression() !== use) return false;
    const method = access.getName();
    const call = access.getParent();
    const index = ADDING[method];
    if (index !== undefined && call && Node.isCallExpression(call) && call.getExpression() === access) {
      const value = call.getArguments()[index];
      if (!value || !isNewCollection(fieldOf(unwrap(value), field))) return false;
      added++;
      continue;
    }
    if (!NON_ADDING.has(method)) return false;
  }
  return added > 0;
}

/**
 * True when `call` updates a collection held in a field of a record that its function keeps in a
 * local collection (`scores.get(file).hits.add(word)`, also through a `const score = scores.get(file)`):
 * an update of an in-process value no later call sees. See the module's doc for what is required.
 */
export function isFreshRecordFieldUpdate(call: CallExpression): boolean {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || !UPDATING_METHODS.has(callee.getName())) return false;
  const fieldAccess = unwrap(callee.getExpression());
  if (!Node.isPropertyAccessExpression(fieldAccess)) return false;
  const field = fieldAccess.getName();
  let record: Node = unwrap(fieldAccess.getExpression());
  const held = localConst(record);
  if (held) record = unwrap(held.getInitializer() ?? record);
  if (!Node.isCallExpression(record)) return false;
  const getter = unwrap(record.getExpression());
  if (!Node.isPropertyAccessExpression(getter) || !GETTERS.has(getter.getName())) return false;
  const collection = localConst(unwrap(getter.getExpression()));
  return collection !== undefined && holdsFreshRecords(collection, field);
}

import type { CallExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { isFunctionNode, unwrap } from './syntax.js';

/**
 * A lookup of one entry of a registry by its name, as a low-level `tools/call` handler finds the
 * tool it was asked for: `TOOLS.find((t) => t.name === request.params.name)` (also `findLast`,
 * `Array.from(map.values()).find(...)`) or `registry.get(name)` on a Map keyed by each entry's
 * `name`. `collection` is the list (or Map) searched, `key` the expression the name is compared
 * with, `field` the entry's property compared (`name`). Null for any other call.
 */
export interface RegistryLookup {
  kind: 'find' | 'get';
  collection: Node;
  key: Node;
  field: string;
}

/** The fields an entry of a tool registry is found by. */
const KEY_FIELDS: ReadonlySet<string> = new Set(['name', 'id', 'key', 'toolName']);

/** `list.find(cb)` / `list.findLast(cb)` comparing an entry's name with a value, or `map.get(key)`; null otherwise. */
export function registryLookup(call: CallExpression): RegistryLookup | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  const method = callee.getName();
  const [first] = call.getArguments();
  if (!first || call.getArguments().length !== 1) return null;
  if (method === 'get') return { kind: 'get', collection: callee.getExpression(), key: first, field: 'name' };
  if (method !== 'find' && method !== 'findLast') return null;
  const cb = unwrap(first);
  if (!isFunctionNode(cb)) return null;
  const param = cb.getParameters()[0]?.getNameNode();
  if (!param || !Node.isIdentifier(param)) return null;
  const body = cb.getBody();
  const test = body && Node.isBlock(body) ? soleReturnOf(body) : body;
  const compared = test ? nameComparison(test, param.getText()) : null;
  return compared ? { kind: 'find', collection: callee.getExpression(), key: compared.key, field: compared.field } : null;
}

/**
 * The key of a `for…of` search whose match a function returns: for `t` in
 * `for (const t of tools.values()) { if (t.name === name) return t; }`, the node `name`. Null when
 * `returned` is not the loop's variable returned under a test of its name.
 */
export function searchedEntryKey(returned: Node): Node | null {
  if (!Node.isIdentifier(returned)) return null;
  const statement = returned.getParent();
  if (!statement || !Node.isReturnStatement(statement)) return null;
  const loop = statement.getFirstAncestor((a) => Node.isForOfStatement(a) || isFunctionNode(a));
  if (!loop || !Node.isForOfStatement(loop)) return null;
  const declared = loop.getInitializer();
  const variable = Node.isVariableDeclarationList(declared) ? declared.getDeclarations()[0]?.getNameNode() : undefined;
  if (!variable || !Node.isIdentifier(variable) || variable.getText() !== returned.getText()) return null;
  for (let a: Node | undefined = statement.getParent(); a && a !== loop; a = a.getParent()) {
    if (!Node.isIfStatement(a)) continue;
    const compared = nameComparison(a.getExpression(), returned.getText());
    if (compared) return compared.key;
  }
  return null;
}

/** The expression of a block's only statement when it is a `return`. */
function soleReturnOf(block: import('ts-morph').Block): Node | undefined {
  const [only, ...rest] = block.getStatements();
  return rest.length === 0 && only && Node.isReturnStatement(only) ? only.getExpression() : undefined;
}

/**
 * In `p.name === k` (or `k === p.name`, `==`, and the first such test of an `||` chain): the entry's
 * field and `k`. An alias test beside it (`|| fullName(p) === k`) names the same entry.
 */
function nameComparison(test: Node, param: string): { field: string; key: Node } | null {
  const node = unwrap(test);
  if (!Node.isBinaryExpression(node)) return null;
  const op = node.getOperatorToken().getKind();
  if (op === SyntaxKind.BarBarToken) return nameComparison(node.getLeft(), param) ?? nameComparison(node.getRight(), param);
  if (op !== SyntaxKind.EqualsEqualsEqualsToken && op !== SyntaxKind.EqualsEqualsToken) return null;
  for (const [side, other] of [[node.getLeft(), node.getRight()], [node.getRight(), node.getLeft()]] as const) {
    const s = unwrap(side);
    if (Node.isPropertyAccessExpression(s) && unwrap(s.getExpression()).getText() === param && KEY_FIELDS.has(s.getName())) {
      return { field: s.getName(), key: other };
    }
  }
  return null;
}

/**
 * The entry a Map's `set(key, value)` adds, when the key is the value's own field (`tools.set(t.name, t)`):
 * the value and that field; null for any other write.
 */
export function selfKeyedEntry(key: Node, value: Node): { field: string; value: Node } | null {
  const k = unwrap(key);
  if (!Node.isPropertyAccessExpression(k) || !KEY_FIELDS.has(k.getName())) return null;
  return unwrap(k.getExpression()).getText() === unwrap(value).getText() ? { field: k.getName(), value } : null;
}

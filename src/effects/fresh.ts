import { Node, SyntaxKind } from '../ts-morph.js';
import { descendantsOfKinds } from '../analysis/nodes.js';
import { initializerOf, unwrap } from '../analysis/syntax.js';

/**
 * Values that differ on every call: new ids, times, random numbers (issue #4: "data that varies
 * per call (counters, `Date.now`, `randomUUID`) is not [idempotent]"). Writing one makes a write
 * not idempotent; naming a key or a file with one makes the write add a new entry.
 */

/** Calls that return a new id, time or random value on each call. */
const FRESH_CALL = /\b(randomUUID|randomBytes|nanoid|uuid|uuidv4|v4|v7|ulid|cuid|createId|Date\.now|performance\.now|Math\.random|hrtime)\s*\(|\bnew Date\(\s*\)/;

/** True for a value made fresh on each call (`randomUUID()`, `Date.now()`, `++nextId`, or a const holding one). */
export function isFreshValue(value: Node): boolean {
  let node = unwrap(value);
  if (Node.isIdentifier(node)) {
    const init = initializerOf(node, true);
    if (init) node = unwrap(init);
  }
  if (Node.isPrefixUnaryExpression(node) && node.getOperatorToken() === SyntaxKind.PlusPlusToken) return true;
  return FRESH_CALL.test(node.getText());
}

/** True when a per-call value appears anywhere in the expression (`` `${Date.now()}.json` ``, `{ at: new Date() }`), through consts one level deep. */
export function mentionsFreshValue(expr: Node): boolean {
  if (FRESH_CALL.test(expr.getText())) return true;
  const ids = Node.isIdentifier(expr) ? [expr] : descendantsOfKinds(expr, [SyntaxKind.Identifier]);
  return ids.some((id) => {
    const init = initializerOf(id, true);
    return init !== undefined && FRESH_CALL.test(init.getText());
  });
}

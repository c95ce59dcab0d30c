import type { CallExpression } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { Bindings } from './bindings.js';
import { BoundCache } from './read-sets.js';
import type { Guard } from './branches.js';
import { registryLookup, searchedEntryKey } from './registry-lookup.js';
import { bindParameters, bindingsOf, type Resolver } from './resolve.js';
import { returnedExpressions } from './returns.js';
import { initializerOf, unwrap } from './syntax.js';
import type { Evaluated } from './values.js';

/**
 * Finds, among a node's guards (BranchIndex.guardsOf, innermost first), the first that chooses by
 * a field of a tool's registry entry the linter could not find: `switch (tool.type)` or `if
 * (tool.kind === "remote")`, where `tool` comes from a lookup by the tool's name
 * (`tools.get(name)`, `list.find((t) => t.name === name)`) whose key only the dispatch context
 * fixes and whose entry the program does not show (a Map filled at run time).
 *
 * Such a branch serves some tools and not others, and which ones the linter cannot tell: an
 * effect under it is possible, not proven, for each tool (issue 15, "unknown is not proven").
 * Without this, every tool of a low-level server got the effects of every branch of its
 * dispatcher as certain, and errors for effects that only another tool has.
 *
 * Each guard is judged once per bindings, as BranchIndex judges its verdicts: every effect under
 * a dispatcher's branch asks about the same guards.
 */
export class UndecidedDispatch {
  /** Per bindings id, per guard node: the guard's subject text when it is undecided, else null (a hit notes the reads it skips, read-sets.ts). */
  private readonly judged = new BoundCache<Node, string | null>();

  /** @param evaluate evaluates an expression under bindings (see evaluate.ts). */
  constructor(
    private readonly resolver: Resolver,
    private readonly evaluate: (expr: Node, b: Bindings) => Evaluated,
  ) {}

  /** The text of the first undecided guard's subject (`tool.type`) under `b`, or null when there is none. */
  of(guards: readonly Guard[], b: Bindings): string | null {
    if (b.size === 0) return null;
    for (const guard of guards) {
      if (guard.kind === 'and' || guard.kind === 'or') continue;
      const subject = this.judged.get(b.id, guard.node, () => {
        const expr = guard.kind === 'clause' ? guard.switchStatement.getExpression() : guard.condition;
        return !this.evaluate(expr, b).known && readsUnfoundEntry(expr, this.resolver, b, this.evaluate) ? expr.getText() : null;
      });
      if (subject !== null) return subject;
    }
    return null;
  }
}

/** True when `expr` reads a field (`x.type`, `x["type"]`, `"url" in x`) of a registry entry looked up by a context-fixed name and not found. */
function readsUnfoundEntry(expr: Node, resolver: Resolver, b: Bindings, evaluate: (expr: Node, b: Bindings) => Evaluated): boolean {
  const objects: Node[] = [];
  const root = unwrap(expr);
  for (const node of [root, ...root.getDescendants()]) {
    if (Node.isPropertyAccessExpression(node) || Node.isElementAccessExpression(node)) objects.push(node.getExpression());
    else if (Node.isBinaryExpression(node) && node.getOperatorToken().getText() === 'in') objects.push(node.getRight());
  }
  return objects.some((object) => {
    const target = resolver.resolve(object, 0, b);
    if (target.kind === 'value') {
      const made = unwrap(target.node);
      return Node.isCallExpression(made) && isUnfoundEntry(made, bindingsOf(target), resolver, evaluate, 0);
    }
    // `const tool = tools.get(name)` on a `new Map()`: the resolver reads a built-in's result as the
    // built-in's (`Map.get()`), so the lookup is read where the const is given it.
    const init = initializerOf(object, true);
    const given = init && Node.isAwaitExpression(unwrap(init)) ? unwrap((unwrap(init) as import('ts-morph').AwaitExpression).getExpression()) : init && unwrap(init);
    return given !== undefined && Node.isCallExpression(given) && isUnfoundEntry(given, b, resolver, evaluate, 0);
  });
}

/** How many project functions deep a lookup is followed from the call that returns its entry. */
const MAX_HELPER_DEPTH = 3;

/**
 * True when `call` (read in `at`) is a registry lookup by a key only the dispatch context fixes, or
 * a call of a project function that returns one (`resolveToolEntry(name, tools)` returning
 * `tools.get(name)` or the match of a `for…of` search).
 */
function isUnfoundEntry(call: CallExpression, at: Bindings, resolver: Resolver, evaluate: (expr: Node, b: Bindings) => Evaluated, depth: number): boolean {
  // The key is the dispatch's (the tool's name), not a constant any call would look up.
  const keyedByContext = (key: Node, keyAt: Bindings): boolean => !evaluate(key, Bindings.EMPTY).known && evaluate(key, keyAt).known;
  const lookup = registryLookup(call);
  if (lookup) return keyedByContext(lookup.key, at);
  if (depth >= MAX_HELPER_DEPTH) return false;
  const callee = resolver.resolve(call.getExpression(), 0, at);
  if (callee.kind !== 'function') return false;
  const inner = bindParameters(callee.node, call.getArguments(), at, bindingsOf(callee));
  return returnedExpressions(callee.node).some((returned) => {
    const value = unwrap(returned);
    if (Node.isCallExpression(value)) return isUnfoundEntry(value, inner, resolver, evaluate, depth + 1);
    const searched = searchedEntryKey(value);
    return searched !== null && keyedByContext(searched, inner);
  });
}

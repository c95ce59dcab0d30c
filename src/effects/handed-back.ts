import type { Node as TsNode } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { returnedExpressions } from '../analysis/returns.js';
import { initializerOf, isFunctionNode, unwrap, type FunctionNode } from '../analysis/syntax.js';

/**
 * The functions that `fn` makes and hands back to its caller without calling them: a returned
 * function (`return async () => ...`), and the methods and function-valued properties of a returned
 * object literal (`return { query: async () => ..., update: async () => ... }`, also through a
 * `const` of `fn` that holds it). Calling `fn` runs none of them; their effects belong to the calls
 * that run them (`api.insights(p).query(q)` runs `query`, not `update`), which the analysis
 * follows to each of them. Issue 15: an error must rest on an effect the tool really has.
 *
 * @returns the function nodes, each standing for its whole body; empty for a function that hands
 *   back none.
 */
export function handedBackFunctions(fn: FunctionNode): FunctionNode[] {
  const out: FunctionNode[] = [];
  for (const returned of returnedExpressions(fn)) {
    const value = localValue(unwrap(returned), fn);
    if (isFunctionNode(value)) out.push(value);
    else if (Node.isObjectLiteralExpression(value)) {
      for (const prop of value.getProperties()) {
        if (Node.isMethodDeclaration(prop)) out.push(prop);
        else if (Node.isPropertyAssignment(prop) || Node.isShorthandPropertyAssignment(prop)) {
          // `{ get: async () => ... }`, and `{ get, remove }` or `{ get: getItem }` naming functions `fn` declares.
          const init = Node.isPropertyAssignment(prop) ? prop.getInitializer() : prop.getNameNode();
          const member = init ? localFunction(unwrap(init), fn) : null;
          if (member) out.push(member);
        }
      }
    }
  }
  return out;
}

/** The function `value` is, or names among the functions and `const`s `fn` declares; null for anything else. */
function localFunction(value: TsNode, fn: FunctionNode): FunctionNode | null {
  if (isFunctionNode(value)) return value;
  if (!Node.isIdentifier(value)) return null;
  // A shorthand's name stands for the value it names, not for the property.
  const parent = value.getParent();
  const symbol = parent && Node.isShorthandPropertyAssignment(parent) ? parent.getValueSymbol() : value.getSymbol();
  const decl = symbol?.getDeclarations()[0];
  if (!decl || decl.getFirstAncestor(isFunctionNode) !== fn) return null;
  if (Node.isFunctionDeclaration(decl)) return decl;
  const init = Node.isVariableDeclaration(decl) && decl.getVariableStatement()?.getDeclarationKind() === 'const' ? decl.getInitializer() : undefined;
  const member = init ? unwrap(init) : undefined;
  return member && isFunctionNode(member) ? member : null;
}

/** `value`, or the initializer of the `const` declared in `fn` that it names (`const api = {...}; return api`). */
function localValue(value: TsNode, fn: FunctionNode): TsNode {
  const init = Node.isIdentifier(value) ? initializerOf(value, true) : undefined;
  return init && init.getFirstAncestor(isFunctionNode) === fn ? unwrap(init) : value;
}

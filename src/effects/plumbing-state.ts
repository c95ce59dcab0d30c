import type { BinaryExpression, CallExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { contains, descendantsOfKinds } from '../analysis/nodes.js';
import { isFunctionNode, unwrap } from '../analysis/syntax.js';

/**
 * Writes to long-lived state that no later call can observe, because of what the state is rather
 * than who reads it (issue 15, kind 2; corpus README, "What the labels mean": state counts when a
 * later call can observe it). Each is plumbing every call does the same way:
 * - a RegExp's `lastIndex`, reset before a search (`pattern.lastIndex = 0`): the cursor of the next
 *   `exec`/`replace` of a global pattern (ECMA-262 §22.2.7.2 RegExpBuiltinExec), part of that search;
 * - a setting copied from the process environment (`renderer.terminalWidth = Number(process.env.COLUMNS)`):
 *   every call writes the same value, so none sees another call's write;
 * - a queue of callbacks waiting for a slot (`waiters.push(() => resolve())`, `waiters.shift()?.()`):
 *   a semaphore's bookkeeping holds code to run, not data a tool returns.
 */

/** True for `x.lastIndex = n`: resetting a pattern's search cursor. */
export function isSearchCursorReset(assignment: BinaryExpression): boolean {
  const left = unwrap(assignment.getLeft());
  return assignment.getOperatorToken().getKind() === SyntaxKind.EqualsToken && Node.isPropertyAccessExpression(left) && left.getName() === 'lastIndex';
}

/** Calls that only convert a value (`Number(process.env.COLUMNS)`, `parseInt(...)`). */
const CONVERSIONS: ReadonlySet<string> = new Set(['Number', 'String', 'Boolean', 'parseInt', 'parseFloat']);

/**
 * True for an assignment whose value is read from the process environment and nothing a call
 * brings (`process.env.X`, converted or defaulted with a literal): the same value at every call.
 */
export function isEnvironmentSetting(value: Node, depth = 0): boolean {
  const node = unwrap(value);
  if (depth > 3) return false;
  if (Node.isIdentifier(node)) return localEnvironmentValue(node, depth);
  if (!node.getText().includes('process.env')) return false;
  return descendantsOfKinds(node, [SyntaxKind.Identifier]).every((id) => {
    const parent = id.getParent();
    if (parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return true;
    return id.getText() === 'process' || CONVERSIONS.has(id.getText()) || localEnvironmentValue(id as import('ts-morph').Identifier, depth);
  });
}

/** True for a local `const` that holds a value read from the environment (`const columns = Number(process.env.COLUMNS)`). */
function localEnvironmentValue(id: import('ts-morph').Identifier, depth: number): boolean {
  const decl = id.getSymbol()?.getDeclarations()[0];
  const init = decl && Node.isVariableDeclaration(decl) && decl.getVariableStatement()?.getDeclarationKind() === 'const' ? decl.getInitializer() : undefined;
  return init !== undefined && !contains(init, id) && isEnvironmentSetting(init, depth + 1);
}

/** `Array<() => void>`, `(() => void)[]`, `Array<(value: T) => void>`: a list of callbacks, by its declared type. */
const CALLBACK_LIST_TYPE = /^(?:Array<\s*\(.*\)\s*=>.*>|\(\s*\(.*\)\s*=>.*\)\[\])$/s;

/**
 * True for a write to a queue of callbacks: a function pushed onto it (`waiters.push(() => {...})`,
 * `queue.push(resolve)` of a promise's `resolve`), or an entry taken off a list declared to hold
 * callbacks, or taken off and called (`const next = waiters.shift(); next?.()`).
 */
export function isCallbackQueueWrite(call: CallExpression, declaredType: string | undefined): boolean {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return false;
  const method = callee.getName();
  if (method === 'push' || method === 'unshift') {
    const args = call.getArguments();
    return args.length > 0 && args.every((a) => isFunctionNode(unwrap(a)) || isResolver(unwrap(a)));
  }
  if (method !== 'shift' && method !== 'pop') return false;
  if (declaredType !== undefined && CALLBACK_LIST_TYPE.test(declaredType.trim())) return true;
  return isCalledAfterTaking(call);
}

/** True for the `resolve` (or `reject`) parameter of a `new Promise((resolve, reject) => ...)` executor. */
function isResolver(node: Node): boolean {
  const decl = Node.isIdentifier(node) ? node.getSymbol()?.getDeclarations()[0] : undefined;
  if (!decl || !Node.isParameterDeclaration(decl)) return false;
  const executor = decl.getParent();
  const made = executor?.getParent();
  return made !== undefined && Node.isNewExpression(made) && made.getExpression().getText() === 'Promise';
}

/** `list.shift()?.()`, or `const next = list.shift(); ... next()`: the entry taken is run. */
function isCalledAfterTaking(call: CallExpression): boolean {
  const parent = call.getParent();
  if (parent && Node.isCallExpression(parent) && parent.getExpression() === call) return true;
  if (!parent || !Node.isVariableDeclaration(parent) || parent.getInitializer() !== call) return false;
  const name = parent.getNameNode();
  if (!Node.isIdentifier(name)) return false;
  const scope = parent.getFirstAncestor((a) => isFunctionNode(a) || Node.isSourceFile(a));
  if (!scope) return false;
  return descendantsOfKinds(scope, [SyntaxKind.CallExpression]).some((c) => {
    const e = unwrap((c as CallExpression).getExpression());
    return Node.isIdentifier(e) && e.getSymbol() === name.getSymbol();
  });
}

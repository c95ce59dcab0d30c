import { Node, SyntaxKind, type CallExpression, type NewExpression } from 'ts-morph';
import { locationOf } from '../analysis/location.js';
import { isFunctionNode, isModuleLevel, type FunctionNode, unwrap } from '../analysis/resolve.js';
import type { Effect } from '../model.js';

/**
 * Mutations of server state: module-level variables and collections, and fields of class
 * instances (`this.x`), which live across tool calls. Local variables and parameters are not
 * state. State is the server's own process: closed-world (DESIGN.md §1).
 */

/** The state a member chain is rooted in: `steps` in `steps[0].text`, `this.history` in `this.history.push`. */
interface StateRoot {
  label: string;
}

/** Mutating methods of arrays, maps and sets, with what they do to existing state. */
const MUTATING_METHODS: Record<string, { destructive: boolean; idempotent: boolean; verb: string }> = {
  push: { destructive: false, idempotent: false, verb: 'appends to' },
  unshift: { destructive: false, idempotent: false, verb: 'prepends to' },
  add: { destructive: false, idempotent: true, verb: 'adds to' },
  set: { destructive: true, idempotent: true, verb: 'sets an entry of (replacing any previous one)' },
  delete: { destructive: true, idempotent: true, verb: 'deletes from' },
  clear: { destructive: true, idempotent: true, verb: 'clears' },
  splice: { destructive: true, idempotent: false, verb: 'splices' },
  pop: { destructive: true, idempotent: false, verb: 'removes the last entry of' },
  shift: { destructive: true, idempotent: false, verb: 'removes the first entry of' },
  sort: { destructive: true, idempotent: true, verb: 'sorts' },
  reverse: { destructive: true, idempotent: false, verb: 'reverses' },
  fill: { destructive: true, idempotent: true, verb: 'overwrites' },
  copyWithin: { destructive: true, idempotent: true, verb: 'overwrites' },
};

function enclosingFunction(node: Node): FunctionNode | undefined {
  return node.getFirstAncestor((a) => isFunctionNode(a)) as FunctionNode | undefined;
}

/** The state root of an expression that is written to, or null when it is local. */
function stateRoot(expr: Node): StateRoot | null {
  let node = unwrap(expr);
  let firstMember: string | null = null;
  for (;;) {
    if (Node.isPropertyAccessExpression(node)) {
      firstMember = node.getName();
      node = unwrap(node.getExpression());
    } else if (Node.isElementAccessExpression(node)) {
      firstMember = null;
      node = unwrap(node.getExpression());
    } else if (Node.isBinaryExpression(node) && isAssignmentOperator(node.getOperatorToken().getKind())) {
      node = unwrap(node.getLeft());
    } else if (Node.isCallExpression(node) || Node.isNonNullExpression(node)) {
      return null;
    } else {
      break;
    }
  }
  if ((node.getKind() === SyntaxKind.ThisKeyword)) {
    const fn = enclosingFunction(node);
    // Fields set in a constructor initialise the instance; they are not a tool call's effect.
    if (!fn || Node.isConstructorDeclaration(fn)) return null;
    const cls = node.getFirstAncestorByKind(SyntaxKind.ClassDeclaration) ?? node.getFirstAncestorByKind(SyntaxKind.ClassExpression);
    if (!cls) return null;
    return { label: firstMember ? `this.${firstMember}` : 'this' };
  }
  if (!Node.isIdentifier(node)) return null;
  const decl = node.getSymbol()?.getDeclarations()[0];
  if (!decl) return null;
  if (Node.isParameterDeclaration(decl)) return null;
  if (Node.isImportSpecifier(decl) || Node.isImportClause(decl) || Node.isNamespaceImport(decl)) return { label: node.getText() };
  if (!(Node.isVariableDeclaration(decl) || Node.isBindingElement(decl))) return null;
  return isModuleLevel(decl) ? { label: node.getText() } : null;
}

function isAssignmentOperator(kind: SyntaxKind): boolean {
  return kind >= SyntaxKind.FirstAssignment && kind <= SyntaxKind.LastAssignment;
}

function effect(node: Node, root: StateRoot, destructive: boolean, idempotent: boolean, what: string): Effect {
  return {
    kind: 'state.write',
    access: 'write',
    destructive,
    idempotent,
    openWorld: false,
    sink: `server state ${root.label}`,
    description: `${what} server state \`${root.label}\``,
    location: locationOf(node),
    via: [],
  };
}

/**
 * The state mutation a node performs by assignment, `++`/`--` or `delete`, or null.
 * Plain assignment replaces (destructive, idempotent); compound arithmetic and `++` are counters
 * (not destructive, not idempotent); `??=` and `||=` only fill a gap (additive, idempotent).
 */
export function stateMutation(node: Node, within: FunctionNode): Effect | null {
  if (Node.isBinaryExpression(node)) {
    const op = node.getOperatorToken().getKind();
    if (!isAssignmentOperator(op)) return null;
    const root = stateRoot(node.getLeft());
    if (!root || !inside(node, within)) return null;
    if (op === SyntaxKind.EqualsToken) return effect(node, root, true, true, 'assigns');
    if (op === SyntaxKind.QuestionQuestionEqualsToken || op === SyntaxKind.BarBarEqualsToken) return effect(node, root, false, true, 'initialises');
    if (op === SyntaxKind.AmpersandAmpersandEqualsToken) return effect(node, root, true, true, 'assigns');
    return effect(node, root, false, false, op === SyntaxKind.PlusEqualsToken ? 'increments' : op === SyntaxKind.MinusEqualsToken ? 'decrements' : 'updates');
  }
  if (Node.isPrefixUnaryExpression(node) || Node.isPostfixUnaryExpression(node)) {
    const op = node.getOperatorToken();
    if (op !== SyntaxKind.PlusPlusToken && op !== SyntaxKind.MinusMinusToken) return null;
    const root = stateRoot(node.getOperand());
    if (!root || !inside(node, within)) return null;
    return effect(node, root, false, false, op === SyntaxKind.PlusPlusToken ? 'increments' : 'decrements');
  }
  if (Node.isDeleteExpression(node)) {
    const root = stateRoot(node.getExpression());
    if (!root || !inside(node, within)) return null;
    return effect(node, root, true, true, 'deletes an entry of');
  }
  return null;
}

/** The state mutation of a mutating method call on state (`steps.push(x)`, `this.cache.delete(k)`), or null. */
export function mutationOfCall(call: CallExpression | NewExpression): Effect | null {
  if (!Node.isCallExpression(call)) return null;
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  const method = MUTATING_METHODS[callee.getName()];
  if (!method) return null;
  const root = stateRoot(callee.getExpression());
  if (!root) return null;
  return effect(call, root, method.destructive, method.idempotent, method.verb);
}

/** True when the node belongs to `fn`'s own body or a callback inside it (not a separately analysed function declared elsewhere). */
function inside(node: Node, fn: FunctionNode): boolean {
  return node.getFirstAncestor((a) => a === fn) !== undefined;
}

import type { CallExpression, NewExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { isFreshValue } from './fresh.js';
import { locationOf } from '../analysis/location.js';
import { isAssignmentOperator } from '../analysis/nodes.js';
import { calledName, isFunctionNode, isModuleLevel, type FunctionNode, unwrap } from '../analysis/syntax.js';
import type { Effect } from '../model.js';

/**
 * Mutations of server state: module-level variables and collections, fields and static fields of
 * classes, CommonJS `exports`, `process.env` and `globalThis`, which live across tool calls (also
 * through a local `const` alias). Local variables and parameters are not state. State is the
 * server's own process: closed-world (DESIGN.md §1).
 */

/** The state a member chain is rooted in: `steps` in `steps[0].text`, `this.history` in `this.history.push`. */
interface StateRoot {
  label: string;
}

/** Mutating methods of arrays, maps and sets: what they do to existing state, and how to say it (`{}` is the state's name). */
const MUTATING_METHODS: Record<string, { destructive: boolean; idempotent: boolean; text: string }> = {
  push: { destructive: false, idempotent: false, text: 'appends to server state `{}`' },
  unshift: { destructive: false, idempotent: false, text: 'prepends to server state `{}`' },
  add: { destructive: false, idempotent: true, text: 'adds to server state `{}`' },
  set: { destructive: true, idempotent: true, text: 'sets an entry of server state `{}`, replacing any previous one' },
  delete: { destructive: true, idempotent: true, text: 'deletes from server state `{}`' },
  clear: { destructive: true, idempotent: true, text: 'clears server state `{}`' },
  splice: { destructive: true, idempotent: false, text: 'splices server state `{}`' },
  pop: { destructive: true, idempotent: false, text: 'removes the last entry of server state `{}`' },
  shift: { destructive: true, idempotent: false, text: 'removes the first entry of server state `{}`' },
  sort: { destructive: true, idempotent: true, text: 'reorders server state `{}`' },
  reverse: { destructive: true, idempotent: false, text: 'reverses server state `{}`' },
  fill: { destructive: true, idempotent: true, text: 'overwrites server state `{}`' },
  copyWithin: { destructive: true, idempotent: true, text: 'overwrites server state `{}`' },
};

function enclosingFunction(node: Node): FunctionNode | undefined {
  return node.getFirstAncestor((a) => isFunctionNode(a)) as FunctionNode | undefined;
}

/** How many `const` aliases {@link stateRoot} follows (a guard against `const a = b, b = a`). */
const MAX_ALIASES = 8;

/** The state root of an expression that is written to, or null when it is local. `aliases` counts the const aliases followed so far. */
function stateRoot(expr: Node, aliases = 0): StateRoot | null {
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
  if (!decl) {
    const name = node.getText();
    // process.env is the process's environment, shared by every call.
    if (name === 'process' && firstMember === 'env') return { label: 'process.env' };
    // CommonJS exports (tsc writes `exports.count += 1` for an exported let) and globals live as long as the server.
    if ((name === 'exports' || name === 'module' || name === 'globalThis' || name === 'global') && firstMember) return { label: `${name}.${firstMember}` };
    return null;
  }
  if (Node.isParameterDeclaration(decl)) return null;
  // In CommonJS, TypeScript binds `exports` to the file and `module` to a synthetic identifier.
  if ((node.getText() === 'exports' || node.getText() === 'module') && (Node.isSourceFile(decl) || Node.isIdentifier(decl)) && firstMember) {
    return { label: `${node.getText()}.${firstMember}` };
  }
  if (Node.isImportSpecifier(decl) || Node.isImportClause(decl) || Node.isNamespaceImport(decl)) return { label: node.getText() };
  // Static fields of a module-level class: `Counter.total++`.
  if (Node.isClassDeclaration(decl)) return isModuleLevel(decl) && firstMember ? { label: `${node.getText()}.${firstMember}` } : null;
  if (!(Node.isVariableDeclaration(decl) || Node.isBindingElement(decl))) return null;
  if (isModuleLevel(decl)) return { label: node.getText() };
  // A local alias of state (`const list = items; list.push(x)`) writes that state.
  if (Node.isVariableDeclaration(decl) && decl.getVariableStatement()?.getDeclarationKind() === 'const') {
    const init = decl.getInitializer();
    const target = init ? unwrap(init) : undefined;
    if (target && (Node.isIdentifier(target) || Node.isPropertyAccessExpression(target) || Node.isElementAccessExpression(target)) && aliases < MAX_ALIASES) {
      return stateRoot(target, aliases + 1);
    }
  }
  return null;
}

function effect(node: Node, root: StateRoot, destructive: boolean, idempotent: boolean, text: string): Effect {
  return {
    kind: 'state.write',
    access: 'write',
    destructive,
    idempotent,
    openWorld: false,
    sink: `server state ${root.label}`,
    description: text.replace('{}', root.label),
    location: locationOf(node),
    via: [],
    confidence: 'certain',
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
    if (op === SyntaxKind.EqualsToken) {
      if (isCallContextRecord(node)) return null;
      const left = unwrap(node.getLeft());
      if (Node.isElementAccessExpression(left) && left.getArgumentExpression() && isFreshValue(left.getArgumentExpression()!)) {
        return effect(node, root, false, false, 'adds an entry with a new key to server state `{}`');
      }
      if (isGuardedInitialisation(node)) return isResource(node.getRight()) ? null : effect(node, root, false, true, 'initialises server state `{}`');
      const update = selfUpdate(node);
      if (update === 'append') return effect(node, root, false, false, 'appends to server state `{}`');
      if (update === 'remove') return effect(node, root, true, true, 'removes entries of server state `{}`');
      if (update === 'count') return effect(node, root, false, false, 'updates server state `{}` from its previous value');
      if (update === 'set') return effect(node, root, true, true, 'sets a key of server state `{}`, replacing any previous value');
      if (update === 'initialise') return effect(node, root, false, true, 'initialises server state `{}`');
      if (update === 'toggle') return effect(node, root, true, false, 'toggles server state `{}`');
      return effect(node, root, true, true, 'assigns server state `{}`');
    }
    if (op === SyntaxKind.QuestionQuestionEqualsToken || op === SyntaxKind.BarBarEqualsToken) return isResource(node.getRight()) ? null : effect(node, root, false, true, 'initialises server state `{}`');
    if (op === SyntaxKind.AmpersandAmpersandEqualsToken) return effect(node, root, true, true, 'assigns server state `{}`');
    return effect(node, root, false, false, `${op === SyntaxKind.PlusEqualsToken ? 'increments' : op === SyntaxKind.MinusEqualsToken ? 'decrements' : 'updates'} server state \`{}\``);
  }
  if (Node.isPrefixUnaryExpression(node) || Node.isPostfixUnaryExpression(node)) {
    const op = node.getOperatorToken();
    if (op !== SyntaxKind.PlusPlusToken && op !== SyntaxKind.MinusMinusToken) return null;
    const root = stateRoot(node.getOperand());
    if (!root || !inside(node, within)) return null;
    return effect(node, root, false, false, `${op === SyntaxKind.PlusPlusToken ? 'increments' : 'decrements'} server state \`{}\``);
  }
  if (Node.isDeleteExpression(node)) {
    const root = stateRoot(node.getExpression());
    if (!root || !inside(node, within)) return null;
    return effect(node, root, true, true, 'deletes an entry of server state `{}`');
  }
  return null;
}

/** The state mutation of a mutating method call on state (`steps.push(x)`, `this.cache.delete(k)`, `Object.assign(cfg, x)`), or null. */
export function mutationOfCall(call: CallExpression | NewExpression): Effect | null {
  if (!Node.isCallExpression(call)) return null;
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  if (callee.getText() === 'Object.assign') {
    const target = call.getArguments()[0];
    const root = target ? stateRoot(target) : null;
    return root ? effect(call, root, true, true, 'assigns keys of server state `{}`, replacing previous values') : null;
  }
  // `x.toString()`, `x.constructor(...)`: names of Object.prototype are no mutating methods.
  const method = Object.hasOwn(MUTATING_METHODS, callee.getName()) ? MUTATING_METHODS[callee.getName()] : undefined;
  if (!method) return null;
  const root = stateRoot(callee.getExpression());
  if (!root) return null;
  const key = call.getArguments()[0];
  if (callee.getName() === 'set' && key && isFreshValue(key)) {
    return effect(call, root, false, false, 'adds an entry with a new key to server state `{}`');
  }
  if (callee.getName() === 'set' && key && isGuarded(call, `${canonical(callee.getExpression())}[${canonical(key)}]`)) {
    return effect(call, root, false, true, 'initialises an entry of server state `{}`');
  }
  return effect(call, root, method.destructive, method.idempotent, method.text);
}

const ARITHMETIC = new Set([
  SyntaxKind.PlusToken,
  SyntaxKind.MinusToken,
  SyntaxKind.AsteriskToken,
  SyntaxKind.SlashToken,
  SyntaxKind.PercentToken,
  SyntaxKind.AsteriskAsteriskToken,
  SyntaxKind.LessThanLessThanToken,
  SyntaxKind.GreaterThanGreaterThanToken,
  SyntaxKind.GreaterThanGreaterThanGreaterThanToken,
  SyntaxKind.BarToken,
  SyntaxKind.AmpersandToken,
  SyntaxKind.CaretToken,
]);

/**
 * How an assignment rewrites a value from itself: `x = [...x, y]` / `x = x.concat(y)` append;
 * `x = { ...x, k: v }` sets a key (replacing it); `x = x.filter(...)` removes; `x = x + 1` and
 * other arithmetic on `x` count; `x = x ?? v` only fills a gap; `x = !x` toggles (not idempotent).
 * Null when the right side does not read the target.
 */
function selfUpdate(assignment: import('ts-morph').BinaryExpression): 'append' | 'set' | 'remove' | 'count' | 'initialise' | 'toggle' | null {
  const target = canonical(assignment.getLeft());
  const right = unwrap(assignment.getRight());
  const isTarget = (n: Node): boolean => canonical(n) === target;
  if (Node.isPrefixUnaryExpression(right) && right.getOperatorToken() === SyntaxKind.ExclamationToken && isTarget(right.getOperand())) return 'toggle';
  if (Node.isArrayLiteralExpression(right) && right.getElements().some((e) => Node.isSpreadElement(e) && isTarget(e.getExpression()))) return 'append';
  if (Node.isObjectLiteralExpression(right) && right.getProperties().some((p) => Node.isSpreadAssignment(p) && isTarget(p.getExpression()))) return 'set';
  if (Node.isCallExpression(right)) {
    const callee = unwrap(right.getExpression());
    if (Node.isPropertyAccessExpression(callee) && isTarget(callee.getExpression())) {
      if (callee.getName() === 'concat') return 'append';
      if (['filter', 'slice', 'splice', 'toSpliced'].includes(callee.getName())) return 'remove';
    }
  }
  if (Node.isBinaryExpression(right) && [right.getLeft(), right.getRight()].some(isTarget)) {
    const op = right.getOperatorToken().getKind();
    if (op === SyntaxKind.QuestionQuestionToken || op === SyntaxKind.BarBarToken) return 'initialise';
    if (ARITHMETIC.has(op)) return 'count';
  }
  return null;
}

/** Source text without spaces and optional chaining, to compare an assignment target with a guard. */
function canonical(node: Node): string {
  return unwrap(node).getText().replace(/\s+/g, '').replace(/\?\./g, '.');
}

/** `null` or `undefined`. */
function isNothing(node: Node): boolean {
  return Node.isNullLiteral(node) || (Node.isIdentifier(node) && node.getText() === 'undefined');
}

/** The expressions a condition proves present: `m.has(k)`, `m.get(k)`, `o[k]`, `k in o` → `m[k]`; a const holding `m.get(k)`. */
function presentIn(condition: Node): string[] {
  const cond = unwrap(condition);
  if (Node.isBinaryExpression(cond)) {
    const kind = cond.getOperatorToken().getKind();
    if (kind === SyntaxKind.InKeyword) return [`${canonical(cond.getRight())}[${canonical(cond.getLeft())}]`];
    if (kind === SyntaxKind.AmpersandAmpersandToken) return [...presentIn(cond.getLeft()), ...presentIn(cond.getRight())];
    if (kind === SyntaxKind.ExclamationEqualsEqualsToken || kind === SyntaxKind.ExclamationEqualsToken) {
      const [l, r] = [unwrap(cond.getLeft()), unwrap(cond.getRight())];
      if (isNothing(r)) return presentIn(l);
      if (isNothing(l)) return presentIn(r);
    }
    return [];
  }
  if (Node.isCallExpression(cond)) {
    const callee = unwrap(cond.getExpression());
    const arg = cond.getArguments()[0];
    if (Node.isPropertyAccessExpression(callee) && arg && ['has', 'get', 'hasOwnProperty'].includes(callee.getName())) {
      return [`${canonical(callee.getExpression())}[${canonical(arg)}]`];
    }
    return [];
  }
  if (Node.isIdentifier(cond)) {
    const decl = cond.getSymbol()?.getDeclarations()[0];
    if (decl && Node.isVariableDeclaration(decl) && decl.getVariableStatement()?.getDeclarationKind() === 'const' && decl.getInitializer()) {
      return presentIn(decl.getInitializerOrThrow());
    }
  }
  return [canonical(cond)];
}

/** True when an earlier statement of the block holding `statement` is `if (<target present>) return|throw ...`. */
function returnsEarlyWhenPresent(statement: Node, target: string): boolean {
  const block = statement.getParent();
  if (!block || !(Node.isBlock(block) || Node.isSourceFile(block))) return false;
  for (const earlier of block.getStatements()) {
    if (earlier === statement) return false;
    if (!Node.isIfStatement(earlier)) continue;
    const then = earlier.getThenStatement();
    const last = Node.isBlock(then) ? then.getStatements().at(-1) : then;
    const exits = last !== undefined && (Node.isReturnStatement(last) || Node.isThrowStatement(last));
    if (exits && presentIn(earlier.getExpression()).includes(target)) return true;
  }
  return false;
}

/** The expressions a condition proves absent: `!x` → x; `x === undefined`, `x == null` → x; `!(k in o)` → o[k]. */
function absentIn(condition: Node): string[] {
  const cond = unwrap(condition);
  if (Node.isPrefixUnaryExpression(cond) && cond.getOperatorToken() === SyntaxKind.ExclamationToken) {
    const operand = unwrap(cond.getOperand());
    if (Node.isBinaryExpression(operand) && operand.getOperatorToken().getKind() === SyntaxKind.InKeyword) {
      return [`${canonical(operand.getRight())}[${canonical(operand.getLeft())}]`];
    }
    if (Node.isCallExpression(operand)) {
      const callee = unwrap(operand.getExpression());
      const arg = operand.getArguments()[0];
      if (Node.isPropertyAccessExpression(callee) && arg && ['has', 'hasOwnProperty'].includes(callee.getName())) {
        return [`${canonical(callee.getExpression())}[${canonical(arg)}]`];
      }
    }
    return [canonical(operand)];
  }
  if (Node.isBinaryExpression(cond)) {
    const kind = cond.getOperatorToken().getKind();
    if (kind === SyntaxKind.BarBarToken) return [...absentIn(cond.getLeft()), ...absentIn(cond.getRight())];
    if ([SyntaxKind.EqualsEqualsEqualsToken, SyntaxKind.EqualsEqualsToken].includes(kind)) {
      const [l, r] = [unwrap(cond.getLeft()), unwrap(cond.getRight())];
      if (isNothing(r)) return [canonical(l)];
      if (isNothing(l)) return [canonical(r)];
    }
  }
  return [];
}

/**
 * True for `if (!x[k]) x[k] = v` and its variants: the assignment only fills an absent entry, so it
 * adds and does not destroy.
 */
/** Callee names that make a client, pool or connection (`createPool`, `new Client()`, `initDb`, `getClient`). */
const RESOURCE_FACTORY = /^(?:create|connect|open|init|make|build|new)[A-Z_]?|(?:Client|Pool|Connection|Driver|Browser|Session)$/;

/**
 * True for a value that is a client, pool or connection being made (`new Pool()`, `createPool()`,
 * `await connect()`, a promise of one): lazily initialising one (`if (!pool) pool = createPool()`,
 * `client ??= new Client()`) does not change the server's environment, unlike filling a cache
 * of data, which stays a write.
 */
function isResource(value: Node): boolean {
  let node = unwrap(value);
  if (Node.isAwaitExpression(node)) node = unwrap(node.getExpression());
  if (Node.isNewExpression(node)) return !['Map', 'Set', 'Array', 'Object', 'WeakMap', 'WeakSet', 'Date'].includes(node.getExpression().getText());
  if (!Node.isCallExpression(node)) return false;
  return RESOURCE_FACTORY.test(calledName(node) ?? '');
}

/**
 * True for the call's context kept in a field by the shared base of class-based tools
 * (`this.sessionContext = context || {}` as the first step of an abstract class's `execute`): a
 * statement of the method's body itself (every call runs it), of a field of `this` (no member of
 * it), with a value made from the method's parameters and literals only. Each call replaces what
 * the last one kept before anything reads it; it is the wrapper's bookkeeping, not the tool's effect.
 */
function isCallContextRecord(assignment: import('ts-morph').BinaryExpression): boolean {
  const left = unwrap(assignment.getLeft());
  if (!Node.isPropertyAccessExpression(left) || left.getExpression().getKind() !== SyntaxKind.ThisKeyword) return false;
  const statement = assignment.getParent();
  const method = statement?.getParent()?.getParent();
  if (!statement || !Node.isExpressionStatement(statement) || !method || !Node.isMethodDeclaration(method)) return false;
  const cls = method.getParent();
  if (!Node.isClassDeclaration(cls) || !cls.isAbstract()) return false;
  const params = new Set(method.getParameters().map((p) => p.getName()));
  const fromParameters = (n: Node): boolean => {
    const v = unwrap(n);
    if (Node.isIdentifier(v)) return params.has(v.getText());
    if (Node.isBinaryExpression(v)) return [SyntaxKind.BarBarToken, SyntaxKind.QuestionQuestionToken].includes(v.getOperatorToken().getKind()) && fromParameters(v.getLeft()) && fromParameters(v.getRight());
    if (Node.isObjectLiteralExpression(v)) return v.getProperties().length === 0;
    return Node.isLiteralExpression(v) || Node.isNullLiteral(v);
  };
  return fromParameters(assignment.getRight());
}

function isGuardedInitialisation(assignment: import('ts-morph').BinaryExpression): boolean {
  return isGuarded(assignment, canonical(assignment.getLeft()));
}

/**
 * True when `write` only runs while `target` is absent: in the `then` branch of an `if` whose
 * condition proves it absent, or after an earlier `if (<target present>) return ...;` in the same
 * block (the read-through cache: `const hit = cache.get(k); if (hit) return hit; ... cache.set(k, v)`).
 */
function isGuarded(write: Node, target: string): boolean {
  const statement = write.getFirstAncestor((p) => Node.isStatement(p));
  if (!statement) return false;
  if (returnsEarlyWhenPresent(statement, target)) return true;
  const parent = statement.getParent();
  const block = parent && Node.isBlock(parent) ? parent.getParent() : parent;
  if (!block || !Node.isIfStatement(block)) return false;
  const inThen = block.getThenStatement() === statement || block.getThenStatement() === parent;
  if (!inThen) return false;
  return absentIn(block.getExpression()).includes(target);
}

/** True when the node belongs to `fn`'s own body or a callback inside it (not a separately analysed function declared elsewhere). */
function inside(node: Node, fn: FunctionNode): boolean {
  return node.getFirstAncestor((a) => a === fn) !== undefined;
}

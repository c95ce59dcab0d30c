import type { CallExpression, NewExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { isFreshValue, isNow } from './fresh.js';
import { locationOf } from '../analysis/location.js';
import { contains, descendantsOfKinds, isAssignmentOperator } from '../analysis/nodes.js';
import { initializerOf, isFunctionNode, isModuleLevel, type FunctionNode, unwrap } from '../analysis/syntax.js';
import type { Effect } from '../model.js';
import { wordsOf } from './api-verbs.js';
import { isReleased, type StateName, type StateReads } from './state-reads.js';
import { isFromArguments } from './value-origin.js';
import { CACHE_WORDS } from './cache-modules.js';
import { isCallbackQueueWrite, isEnvironmentSetting, isSearchCursorReset } from './plumbing-state.js';

/**
 * Mutations of server state: module-level variables and collections, fields and static fields of
 * classes, CommonJS `exports`, `process.env` and `globalThis`, which live across tool calls (also
 * through a local `const` alias). Local variables and parameters are not state. State is the
 * server's own process: closed-world (DESIGN.md §1).
 */

/** The state a member chain is rooted in: `steps` in `steps[0].text`, `this.history` in `this.history.push`. */
interface StateRoot {
  label: string;
  /** How its readers are found; null when anything may read it (`process.env`, `this[key]`). */
  name: StateName | null;
}

/**
 * Mutating methods of arrays, maps and sets: what they do to existing state, and how to say it (`{}` is the state's name).
 * A reorder (`sort`, `reverse`) keeps every entry: it deletes, overwrites or replaces none, so it is
 * not destructive (corpus README, "What the labels mean"); sorting twice is sorting once, while a
 * second `reverse` flips the order back, like a toggle (not idempotent).
 */
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
  sort: { destructive: false, idempotent: true, text: 'reorders server state `{}`' },
  reverse: { destructive: false, idempotent: false, text: 'reverses the order of server state `{}`' },
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
    return { label: firstMember ? `this.${firstMember}` : 'this', name: firstMember ? { kind: 'member', name: firstMember } : null };
  }
  if (!Node.isIdentifier(node)) return null;
  const decl = node.getSymbol()?.getDeclarations()[0];
  if (!decl) {
    const name = node.getText();
    // process.env is the process's environment, shared by every call.
    if (name === 'process' && firstMember === 'env') return { label: 'process.env', name: null };
    // CommonJS exports (tsc writes `exports.count += 1` for an exported let) and globals live as long as the server.
    if ((name === 'exports' || name === 'module' || name === 'globalThis' || name === 'global') && firstMember) return { label: `${name}.${firstMember}`, name: { kind: 'member', name: firstMember } };
    return null;
  }
  if (Node.isParameterDeclaration(decl)) return null;
  // In CommonJS, TypeScript binds `exports` to the file and `module` to a synthetic identifier.
  if ((node.getText() === 'exports' || node.getText() === 'module') && (Node.isSourceFile(decl) || Node.isIdentifier(decl)) && firstMember) {
    return { label: `${node.getText()}.${firstMember}`, name: { kind: 'member', name: firstMember } };
  }
  // Imported state is read under the name its module declares it with, wherever that module is.
  if (Node.isImportSpecifier(decl) || Node.isImportClause(decl) || Node.isNamespaceImport(decl)) return { label: node.getText(), name: null };
  // Static fields of a module-level class: `Counter.total++`.
  if (Node.isClassDeclaration(decl)) return isModuleLevel(decl) && firstMember ? { label: `${node.getText()}.${firstMember}`, name: { kind: 'member', name: firstMember } } : null;
  if (!(Node.isVariableDeclaration(decl) || Node.isBindingElement(decl))) return null;
  if (isModuleLevel(decl)) {
    const exported = Node.isVariableDeclaration(decl) && decl.getVariableStatement()?.isExported();
    return { label: node.getText(), name: { kind: 'variable', name: node.getText(), ...(exported ? {} : { file: node.getSourceFile() }) } };
  }
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
 * The state mutation a node performs by assignment, `++`/`--` or `delete`, or null: none, or one
 * no later call can see (see {@link seenLater}).
 * Plain assignment replaces (idempotent; destructive unless it switches a scalar); compound
 * arithmetic and `++` are counters (not destructive, not idempotent); `??=` and `||=` only fill a
 * gap (additive, idempotent), and fill a memo when the value is computed, not given.
 * `freshKey` tells a key made fresh for this call (an entry under it adds, replacing nothing);
 * by default read where the write is; infer reads it at the call site (`isFreshKey`).
 */
export function stateMutation(node: Node, within: FunctionNode, reads?: StateReads, freshKey: (key: Node) => boolean = isFreshValue): Effect | null {
  if (Node.isBinaryExpression(node)) {
    const op = node.getOperatorToken().getKind();
    if (!isAssignmentOperator(op)) return null;
    const root = stateRoot(node.getLeft());
    if (!root || !inside(node, within)) return null;
    const value = node.getRight();
    if (op === SyntaxKind.EqualsToken) {
      if (isCallContextRecord(node) || isSearchCursorReset(node) || isEnvironmentSetting(node.getRight())) return null;
      const left = unwrap(node.getLeft());
      if (Node.isElementAccessExpression(left) && left.getArgumentExpression() && freshKey(left.getArgumentExpression()!)) {
        return seenLater(effect(node, root, false, false, 'adds an entry with a new key to server state `{}`'), root, node, within, value, reads);
      }
      if (isGuarded(node, canonical(node.getLeft()), within)) return isFromArguments(value) ? seenLater(effect(node, root, false, true, 'initialises server state `{}`'), root, node, within, value, reads) : null;
      const update = selfUpdate(node);
      const judged =
        update === 'append' ? effect(node, root, false, false, 'appends to server state `{}`')
        : update === 'remove' ? effect(node, root, true, true, 'removes entries of server state `{}`')
        : update === 'count' ? effect(node, root, false, false, 'updates server state `{}` from its previous value')
        : update === 'set' ? effect(node, root, true, true, 'sets a key of server state `{}`, replacing any previous value')
        : update === 'initialise' ? effect(node, root, false, true, 'initialises server state `{}`')
        // A toggle flips a mode (reversible, not destroying data) and a repeat flips it back: not idempotent (issue 15, kind 6).
        : update === 'toggle' ? effect(node, root, false, false, 'toggles server state `{}`')
        : replacedWhole(node, root)
          ? isEmptyValue(value)
            ? effect(node, root, true, true, 'resets server state `{}`')
            // A selection, a mode, a session's resource replaced as a whole: switched, not data destroyed (issue 15, kind 6).
            : effect(node, root, false, true, 'switches server state `{}` to another value')
          : effect(node, root, true, true, 'assigns server state `{}`');
      const seen = seenLater(judged, root, node, within, update === 'initialise' || update === 'toggle' || update === 'count' ? null : value, reads, update === 'remove');
      const setsTo = update === null ? literalSwitch(node) : null;
      return seen && setsTo ? { ...seen, setsTo } : seen;
    }
    if (op === SyntaxKind.QuestionQuestionEqualsToken || op === SyntaxKind.BarBarEqualsToken) {
      return isFromArguments(value) ? seenLater(effect(node, root, false, true, 'initialises server state `{}`'), root, node, within, value, reads) : null;
    }
    if (op === SyntaxKind.AmpersandAmpersandEqualsToken) return seenLater(effect(node, root, true, true, 'assigns server state `{}`'), root, node, within, value, reads);
    return seenLater(effect(node, root, false, false, `${op === SyntaxKind.PlusEqualsToken ? 'increments' : op === SyntaxKind.MinusEqualsToken ? 'decrements' : 'updates'} server state \`{}\``), root, node, within, null, reads);
  }
  if (Node.isPrefixUnaryExpression(node) || Node.isPostfixUnaryExpression(node)) {
    const op = node.getOperatorToken();
    if (op !== SyntaxKind.PlusPlusToken && op !== SyntaxKind.MinusMinusToken) return null;
    const root = stateRoot(node.getOperand());
    if (!root || !inside(node, within)) return null;
    return seenLater(effect(node, root, false, false, `${op === SyntaxKind.PlusPlusToken ? 'increments' : 'decrements'} server state \`{}\``), root, node, within, null, reads);
  }
  if (Node.isDeleteExpression(node)) {
    const root = stateRoot(node.getExpression());
    if (!root || !inside(node, within)) return null;
    return seenLater(effect(node, root, true, true, 'deletes an entry of server state `{}`'), root, node, within, null, reads, true);
  }
  return null;
}

/**
 * True for the removing half of a toggle of membership: `if (m.has(k)) { m.delete(k) } else {
 * m.add(k) }` (or `set`). Like `x = !x`, it destroys no data (a repeat puts the entry back) and is
 * not idempotent (issue 15, kind 6).
 */
function isMembershipToggle(call: Node, receiver: string, key: string): boolean {
  const ifStatement = call.getFirstAncestor((a) => Node.isIfStatement(a) || isFunctionNode(a));
  if (!ifStatement || !Node.isIfStatement(ifStatement)) return false;
  const otherwise = ifStatement.getElseStatement();
  if (!otherwise || !presentIn(ifStatement.getExpression()).includes(`${receiver}[${key}]`)) return false;
  if (!contains(ifStatement.getThenStatement(), call)) return false;
  return otherwise.getDescendantsOfKind(SyntaxKind.CallExpression).some((c) => {
    const callee = unwrap(c.getExpression());
    const added = c.getArguments()[0];
    return Node.isPropertyAccessExpression(callee) && ['add', 'set'].includes(callee.getName()) && canonical(callee.getExpression()) === receiver && added !== undefined && canonical(added) === key;
  });
}

/** A literal as written (`true`, `"quiet"`, `0`, `null`), or null for any other expression. */
function literalText(node: Node | undefined): string | null {
  const n = node ? unwrap(node) : undefined;
  if (!n) return null;
  if (Node.isTrueLiteral(n) || Node.isFalseLiteral(n) || Node.isNumericLiteral(n) || isNothing(n)) return n.getText();
  return Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n) ? JSON.stringify(n.getLiteralValue()) : null;
}

/**
 * For `flag = <literal>` on a module-level variable that starts as a literal (`let silent =
 * false`): `start` when it assigns the value the variable starts with, `other` when another one;
 * null for any other assignment (see {@link withoutRestoredSwitches}).
 */
function literalSwitch(assignment: import('ts-morph').BinaryExpression): 'start' | 'other' | null {
  const left = unwrap(assignment.getLeft());
  if (!Node.isIdentifier(left)) return null;
  const decl = left.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isVariableDeclaration(decl) || !isModuleLevel(decl)) return null;
  const start = decl.getInitializer() ? literalText(decl.getInitializer()) : 'undefined';
  const value = literalText(assignment.getRight());
  if (start === null || value === null) return null;
  return value === start ? 'start' : 'other';
}

/**
 * A function's effects without the switches of a module-level flag it sets and then restores to
 * the value the flag starts with (`enableSilentMode(); ... finally { disableSilentMode() }`,
 * `quiet = true; run(); quiet = false`): the flag ends as it started, so no later call observes a
 * change (corpus README, "What the labels mean": state counts when later calls observe it).
 * `sites` gives the node of the function each effect comes from; a restore counts when it comes
 * after a switch away (in source order, which puts `catch` and `finally` blocks after the `try`).
 */
export function withoutRestoredSwitches(effects: Effect[], sites: ReadonlyMap<Effect, Node>): Effect[] {
  const restored = new Set<string>();
  for (const away of effects) {
    if (away.setsTo !== 'other') continue;
    const from = sites.get(away)?.getStart();
    if (from === undefined) continue;
    const back = effects.some((e) => e.setsTo === 'start' && e.sink === away.sink && (sites.get(e)?.getStart() ?? -1) > from);
    if (back) restored.add(away.sink);
  }
  return restored.size === 0 ? effects : effects.filter((e) => e.setsTo === undefined || !restored.has(e.sink));
}

/** True when an assignment replaces the state as a whole (`mode = m`, `this.page = p`), not a member or entry of it. */
function replacedWhole(assignment: import('ts-morph').BinaryExpression, root: StateRoot): boolean {
  if (canonical(assignment.getLeft()) === root.label) return true;
  // An environment variable is one string set as a whole (`process.env.MODE = mode`): a setting switched, as a module variable is.
  const left = unwrap(assignment.getLeft());
  // A variable the caller names (`process.env[args.key]`) may be any the process runs with: not a switch.
  const named = Node.isPropertyAccessExpression(left) || (Node.isElementAccessExpression(left) && Node.isStringLiteral(unwrap(left.getArgumentExpressionOrThrow())));
  return root.label === 'process.env' && named && canonical((left as import('ts-morph').PropertyAccessExpression).getExpression()) === root.label;
}

/** First words of a key that names the one entity later calls act on (`currentTag`, `activeProject`, `selectedPage`). */
const SELECTION_WORDS: ReadonlySet<string> = new Set(['current', 'active', 'selected', 'default']);

/**
 * The key of a selection switch, or null: `store.set("projectId", args.projectId)`,
 * `cache.put("currentTag", name)`: a `set`/`put` under a literal key that names a pointer to one
 * entity (its first word `current`, `active`, `selected` or `default`, or a name ending in `Id`
 * after another word: `projectId`, `org_id`), with a value from the arguments. Switching a
 * selection replaces no data (corpus README, "What the labels mean": destructive is false for
 * "switching a selection"); a repeat selects the same thing (idempotent).
 */
export function selectionKey(call: CallExpression): string | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || !['set', 'put'].includes(callee.getName())) return null;
  const [key, value] = call.getArguments();
  if (!key || !value || !isFromArguments(value)) return null;
  const literal = unwrap(key);
  if (!Node.isStringLiteral(literal) && !Node.isNoSubstitutionTemplateLiteral(literal)) return null;
  const words = wordsOf(literal.getLiteralText());
  const names = SELECTION_WORDS.has(words[0] ?? '') ? words.length >= 2 : words.length >= 2 && words.at(-1) === 'id';
  return names ? literal.getLiteralText() : null;
}

/** `null`, `undefined`, `[]`, `{}`, `new Map()`, `new Set()`: a value that empties what it replaces. */
function isEmptyValue(value: Node): boolean {
  const v = unwrap(value);
  if (isNothing(v)) return true;
  if (Node.isArrayLiteralExpression(v)) return v.getElements().length === 0;
  if (Node.isObjectLiteralExpression(v)) return v.getProperties().length === 0;
  return Node.isNewExpression(v) && /^(Map|Set|WeakMap|WeakSet|Array)$/.test(v.getExpression().getText()) && v.getArguments().length === 0;
}

/** Methods that take entries out of a collection: under an expiry or size condition they are upkeep. */
const REMOVING_METHODS: ReadonlySet<string> = new Set(['delete', 'splice', 'pop', 'shift', 'remove']);

/** Methods that only reorder the entries of a list. */
const REORDERING_METHODS: ReadonlySet<string> = new Set(['sort', 'reverse']);

/** Array methods that may add entries, and so lengthen a list. */
const LENGTHENING_METHODS: ReadonlySet<string> = new Set(['push', 'unshift', 'splice']);

/**
 * True when `list` names a module-level variable that starts as an array literal of at most one
 * entry (no spread) and can never hold more: no reference to it anywhere assigns it, writes an
 * index or its `length`, calls a method that adds entries (`push`, `unshift`, `splice`), or hands
 * it on (to a call, a variable, a return), where something else could. Any other reference reads
 * it (`list.map(...)`, `for (... of list)`, `list[0]`, `[...list]`, `list.reverse()`).
 */
function holdsAtMostOneEntry(list: Node): boolean {
  const name = unwrap(list);
  if (!Node.isIdentifier(name)) return false;
  const decl = name.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isVariableDeclaration(decl) || !isModuleLevel(decl)) return false;
  const init = decl.getInitializer();
  const literal = init ? unwrap(init) : undefined;
  if (!literal || !Node.isArrayLiteralExpression(literal)) return false;
  const entries = literal.getElements();
  if (entries.length > 1 || entries.some((e) => Node.isSpreadElement(e) || Node.isOmittedExpression(e))) return false;
  const declared = decl.getNameNode();
  return Node.isIdentifier(declared) && declared.findReferencesAsNodes().every((ref) => ref === declared || readsOnly(ref));
}

/** True when a reference to a list only reads it or reorders it (see {@link holdsAtMostOneEntry}). */
function readsOnly(ref: Node): boolean {
  let use: Node = ref;
  for (let p = use.getParent(); p && (Node.isParenthesizedExpression(p) || Node.isNonNullExpression(p) || Node.isAsExpression(p)); p = p.getParent()) use = p;
  const parent = use.getParent();
  if (!parent) return false;
  if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === use) {
    return !LENGTHENING_METHODS.has(parent.getName()) && !isWrittenTo(parent);
  }
  if (Node.isElementAccessExpression(parent) && parent.getExpression() === use) return !isWrittenTo(parent);
  if (Node.isForOfStatement(parent) && parent.getExpression() === use) return true;
  return Node.isSpreadElement(parent) && Node.isArrayLiteralExpression(parent.getParent());
}

/** True when an expression is the target of an assignment, `++`/`--` or `delete`. */
function isWrittenTo(expr: Node): boolean {
  const parent = expr.getParent();
  if (!parent) return false;
  if (Node.isBinaryExpression(parent)) return parent.getLeft() === expr && isAssignmentOperator(parent.getOperatorToken().getKind());
  if (Node.isPrefixUnaryExpression(parent) || Node.isPostfixUnaryExpression(parent)) return [SyntaxKind.PlusPlusToken, SyntaxKind.MinusMinusToken].includes(parent.getOperatorToken());
  return Node.isDeleteExpression(parent);
}

/**
 * The state mutation of a mutating method call on state (`steps.push(x)`, `this.cache.delete(k)`,
 * `Object.assign(cfg, x)`), or null: none, or one no later call can see (see {@link seenLater}).
 * `within` is the function whose body holds the call (undefined: judged without its guards).
 * Undefined when the call mutates no server state; null when it does, unseen by any later call.
 * `freshKey` as for {@link stateMutation}.
 */
export function mutationOfCall(call: CallExpression | NewExpression, within?: FunctionNode, reads?: StateReads, freshKey: (key: Node) => boolean = isFreshValue, valuesOf?: ParameterValues): Effect | null | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  if (callee.getText() === 'Object.assign') {
    const target = call.getArguments()[0];
    const root = target ? stateRoot(target) : null;
    return !root ? undefined : seenLater(effect(call, root, true, true, 'assigns keys of server state `{}`, replacing previous values'), root, call, within, call.getArguments()[1] ?? null, reads);
  }
  // `x.toString()`, `x.constructor(...)`: names of Object.prototype are no mutating methods.
  const method = Object.hasOwn(MUTATING_METHODS, callee.getName()) ? MUTATING_METHODS[callee.getName()] : undefined;
  if (!method) return undefined;
  const root = stateRoot(callee.getExpression()) ?? (valuesOf ? rootThroughParameter(callee.getExpression(), valuesOf) : null);
  if (!root) return undefined;
  if (isCallbackQueueWrite(call, declaredTypeOf(callee.getExpression()))) return null;
  // Reordering a list of at most one entry changes nothing a later call could see.
  if (REORDERING_METHODS.has(callee.getName()) && holdsAtMostOneEntry(callee.getExpression())) return null;
  const [key, second] = call.getArguments();
  const value = callee.getName() === 'set' ? (second ?? null) : (key ?? null);
  if (callee.getName() === 'set' && key && freshKey(key)) {
    return seenLater(effect(call, root, false, false, 'adds an entry with a new key to server state `{}`'), root, call, within, value, reads);
  }
  if (callee.getName() === 'set' && key && isGuarded(call, `${canonical(callee.getExpression())}[${canonical(key)}]`, within)) {
    return value && !isFromArguments(value) ? null : seenLater(effect(call, root, false, true, 'initialises an entry of server state `{}`'), root, call, within, value, reads);
  }
  const selected = selectionKey(call);
  if (selected !== null) {
    return seenLater(effect(call, root, false, true, `switches the selected \`${selected}\` in server state \`{}\``), root, call, within, value, reads);
  }
  if (callee.getName() === 'delete' && key && isMembershipToggle(call, canonical(callee.getExpression()), canonical(key))) {
    return seenLater(effect(call, root, false, false, 'toggles an entry of server state `{}` (removes it when present, adds it when absent)'), root, call, within, null, reads);
  }
  return seenLater(effect(call, root, method.destructive, method.idempotent, method.text), root, call, within, value, reads, REMOVING_METHODS.has(callee.getName()) || callee.getName() === 'clear');
}

/** The values a parameter receives across the program (null when unknown): see Resolver.parameterValues. */
export type ParameterValues = (param: import('ts-morph').ParameterDeclaration) => Node[] | null;

/**
 * The state a parameter stands for when some caller hands it long-lived state (`remember(registry,
 * key)` writes `registry` through `store.set(...)`): the first such value's root, or null when the
 * receiver is no bare parameter or no caller passes state.
 */
function rootThroughParameter(receiver: Node, valuesOf: ParameterValues): StateRoot | null {
  const node = unwrap(receiver);
  const decl = Node.isIdentifier(node) ? node.getSymbol()?.getDeclarations()[0] : undefined;
  if (!decl || !Node.isParameterDeclaration(decl)) return null;
  for (const value of valuesOf(decl) ?? []) {
    const root = stateRoot(value);
    if (root) return root;
  }
  return null;
}

/** The type written on the declaration of the variable or field `expr` names (`Array<() => void>`), if any. */
function declaredTypeOf(expr: Node): string | undefined {
  const node = unwrap(expr);
  const name = Node.isPropertyAccessExpression(node) ? node.getNameNode() : Node.isIdentifier(node) ? node : undefined;
  const decl = name?.getSymbol()?.getDeclarations()[0];
  return decl && (Node.isVariableDeclaration(decl) || Node.isPropertyDeclaration(decl)) ? decl.getTypeNode()?.getText() : undefined;
}

/**
 * The effect of a write, or null when no later call can see it (issue 15, kind 2; corpus README,
 * "What the labels mean"), each for a reason found in the program:
 * - a promise chain that only orders work (`this.writeChain = write.then(() => {}, () => {})`):
 *   it resolves to nothing, so a later call that waits on it gets no data from it;
 * - a cache (state its program names a cache or memo) filled with a computed value or an entry
 *   stamped with the time it was stored, or emptied: later calls get what they would compute anyway;
 * - entries removed on expiry or to stay under a size cap (`if (Date.now() - e.created > e.ttl)`,
 *   `while (total > max)`): upkeep, not the tool's doing;
 * - state nothing reads but to decide whether to write it (once-only flags, interval handles,
 *   write-only records), as {@link StateReads} finds.
 * A write that stays says in its description where it is read back. `value` is what is written
 * (null: no new value), `removes` tells a removal.
 */
function seenLater(e: Effect, root: StateRoot, node: Node, within: FunctionNode | undefined, value: Node | null, reads: StateReads | undefined, removes = false): Effect | null {
  if (isCache(root) && (removes || (value !== null && (!isFromArguments(value) || isStampedEntry(value))))) return null;
  if (value !== null && settlesToNothing(value)) return null;
  if (isRateBookkeeping(root, node)) return null;
  if (removes && within && isUpkeep(node, within, root)) return null;
  if (!reads || !root.name) return e;
  const reader = reads.readerOf(root.name);
  if (reader === null) return null;
  const at = reader.getSourceFile().compilerNode.getLineAndCharacterOfPosition(reader.getStart());
  return { ...e, description: `${e.description}, read back at ${reader.getSourceFile().getBaseName()}:${at.line + 1}` };
}

/**
 * True for a promise that resolves to nothing whatever the one it follows gives: `p.then(() => {},
 * () => {})`, `p.catch(() => {}).then(() => undefined)`, `p.finally(...)` of one, where every
 * callback has an empty body or gives `undefined`. Kept in state, it only makes the next piece
 * of work wait for the last (a write queue, a mutex); what it holds is not data.
 */
function settlesToNothing(value: Node): boolean {
  const node = unwrap(value);
  if (!Node.isCallExpression(node)) return false;
  const callee = unwrap(node.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return false;
  const method = callee.getName();
  const args = node.getArguments();
  const empty = (a: Node) => {
    const fn = unwrap(a);
    if (!isFunctionNode(fn)) return false;
    const body = fn.getBody();
    if (!body) return false;
    if (Node.isBlock(body)) return body.getStatements().every((st) => Node.isReturnStatement(st) && (st.getExpression() === undefined || unwrap(st.getExpression()!).getText() === 'undefined'));
    const text = unwrap(body).getText();
    return text === 'undefined' || text === 'void 0';
  };
  // `then(onFulfilled, onRejected)` with both given; `then(f)` alone passes a rejection on, which still carries no data.
  if (method === 'then') return args.length >= 1 && args.every(empty);
  if (method === 'finally') return settlesToNothing(callee.getExpression());
  return false;
}

/**
 * True for a cache entry stamped with the time it was stored (`{ data, timestamp: Date.now() }`):
 * the stamp is there to let it expire, so what it holds is what a later call would fetch again,
 * even when it also carries the key it was stored under.
 */
function isStampedEntry(value: Node): boolean {
  const node = unwrap(value);
  return Node.isObjectLiteralExpression(node) && node.getProperties().some((p) => Node.isPropertyAssignment(p) && isNow(p.getInitializerOrThrow()));
}

/** Leading verbs of the methods of a cache object of unknown type that fill or empty it (`this._cache.set(k, v)`, `tokenCache.clearToken()`). */
const CACHE_WRITING_METHODS: ReadonlySet<string> = new Set(['set', 'put', 'add', 'delete', 'remove', 'clear', 'evict', 'invalidate']);

/**
 * True for a call that fills a cache with a computed value or empties it, on a receiver whose name
 * says it is a cache, of a type the linter cannot see into or a class of the project (whose method
 * then writes a storage: `this._cache.set("apiKey", key)` with `key` fetched, `this.cache.remove(k)`):
 * no later call sees it (see {@link seenLater}). A value
 * from the arguments (`context.cache.set("projectId", args.projectId)`) is a stored choice, not this.
 */
export function isCacheUpkeepCall(call: CallExpression): boolean {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return false;
  // `set`, `setToken`, `clearToken`: the leading verb of the method.
  const verb = wordsOf(callee.getName())[0] ?? '';
  if (!CACHE_WRITING_METHODS.has(verb)) return false;
  const receiver = unwrap(callee.getExpression());
  const name = Node.isPropertyAccessExpression(receiver) ? receiver.getName() : Node.isIdentifier(receiver) ? receiver.getText() : '';
  if (!wordsOf(name).some((w) => CACHE_WORDS.has(w))) return false;
  if (!['set', 'put', 'add'].includes(verb)) return true;
  const args = call.getArguments();
  // An entry stored with an expiry (`kv.put(key, value, { expirationTtl })`) is gone when it ends: no later call can rely on it.
  if (args.some(setsExpiry)) return true;
  // `set(key, value, options)`, `add(value)`: the value stored.
  const value = args.length >= 2 ? args[1] : args[0];
  return value !== undefined && !isFromArguments(value);
}

/** Option names that give a stored entry an expiry (Cloudflare KV `expirationTtl`, `ttl`, `expiresIn`, `maxAge`, Redis's `EX`/`PX`). */
const EXPIRY_OPTION = /^(?:\w*ttl\w*|expir\w*|expiresIn|maxAge|EX|PX|EXAT|PXAT)$/i;

/** True for an options object literal that names an expiry for the entry it goes with. */
function setsExpiry(arg: Node): boolean {
  const options = unwrap(arg);
  return Node.isObjectLiteralExpression(options) && options.getProperties().some((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) && EXPIRY_OPTION.test(p.getName()));
}

/**
 * True when the state, or the class it is a field of, is named for rate limiting (`apiRateLimit`,
 * `RateLimiter.timestamps`, `throttle`): what it keeps decides when a later call may run, not what
 * it returns (corpus README, "What the labels mean": rate counters are no modifications).
 */
function isRateBookkeeping(root: StateRoot, node: Node): boolean {
  const words = wordsOf(root.label.split('.').at(-1) ?? '');
  if (root.label.startsWith('this.')) {
    const owner = node.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
    const name = owner && (Node.isClassDeclaration(owner) || Node.isClassExpression(owner)) ? owner.getName() : undefined;
    if (name) words.push(...wordsOf(name));
  }
  return (words.includes('rate') && words.some((w) => RATE_LIMIT_WORDS.has(w))) || words.some((w) => THROTTLE_WORDS.has(w));
}

/** Words that, after `rate`, name rate limiting (`rateLimit`, `RateLimiter`, `rate_limits`). */
const RATE_LIMIT_WORDS: ReadonlySet<string> = new Set(['limit', 'limits', 'limiter', 'limiting']);
/** Words that name throttling on their own. */
const THROTTLE_WORDS: ReadonlySet<string> = new Set(['throttle', 'throttler', 'throttling', 'ratelimit', 'ratelimiter']);

/** True when the state's own name (its last member) says it is a cache or a memo. */
function isCache(root: StateRoot): boolean {
  const last = root.label.split('.').at(-1) ?? '';
  return wordsOf(last).some((w) => CACHE_WORDS.has(w));
}

/** What a condition of expiry or of a size cap reads: the time, an age, a TTL, an expiry, a maximum, a capacity. */
const UPKEEP_CONDITION = /\b(?:Date\.now|performance\.now|now|ttl\w*|expir\w*|expires\w*|stale\w*|max\w*|capacity|limit)\b|\w(?:Ttl|Expir\w*|Max\w*|Limit|Capacity|Age)\b/i;

/**
 * True when a removal is upkeep within `fn`: it runs under a condition of expiry or of a size cap
 * (an enclosing `if`/`while`/`for` condition, or, for `x = x.filter(...)`, the filter's test, reads
 * the time, a TTL or a maximum), or `fn` releases a handle the state holds (`clearInterval`).
 */
function isUpkeep(node: Node, fn: FunctionNode, root: StateRoot): boolean {
  if (Node.isBinaryExpression(node) && UPKEEP_CONDITION.test(node.getRight().getText())) return true;
  const calls = descendantsOfKinds<CallExpression>(fn, [SyntaxKind.CallExpression]);
  // `clearInterval(timers.get(k)); timers.delete(k)`: the entry held a handle the function released.
  const releases = calls.some((c) => {
    const arg = c.getArguments()[0];
    // Also through a const that holds the handle: `const t = timers.get(k); clearInterval(t)`.
    const held = arg && Node.isIdentifier(unwrap(arg)) ? initializerOf(arg, true) : undefined;
    return arg !== undefined && isReleased(arg) && (canonical(arg).startsWith(root.label) || (held !== undefined && canonical(held).startsWith(root.label)));
  });
  if (releases) return true;
  if (settlesInFlight(node, fn, root, calls)) return true;
  for (let a = node.getParent(); a && a !== fn; a = a.getParent()) {
    const condition = Node.isIfStatement(a) || Node.isWhileStatement(a) || Node.isDoStatement(a) ? a.getExpression() : Node.isForStatement(a) ? a.getCondition() : undefined;
    if (condition && UPKEEP_CONDITION.test(condition.getText())) return true;
  }
  return false;
}

/**
 * True for a removal that runs when a promise settles (`work().finally(() => inFlight.delete(k))`)
 * in a function that also stores into the same state (`inFlight.set(k, promise)`): an in-flight
 * entry that deduplicates concurrent calls, taken out when its work is done. Upkeep: once the
 * work settles, later calls see what they would have seen without it. `calls`: the calls of `fn`.
 */
function settlesInFlight(node: Node, fn: FunctionNode, root: StateRoot, calls: readonly CallExpression[]): boolean {
  const callback = node.getFirstAncestor((a) => isFunctionNode(a));
  const call = callback?.getParent();
  if (!callback || callback === fn || !call || !Node.isCallExpression(call) || !call.getArguments().includes(callback as never)) return false;
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || !['finally', 'then', 'catch'].includes(callee.getName())) return false;
  return calls.some((c) => {
    const e = unwrap(c.getExpression());
    return Node.isPropertyAccessExpression(e) && e.getName() === 'set' && canonical(e.getExpression()) === root.label;
  });
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
export function canonical(node: Node): string {
  return unwrap(node).getText().replace(/\s+/g, '').replace(/\?\./g, '.');
}

/** `null` or `undefined`. */
function isNothing(node: Node): boolean {
  return Node.isNullLiteral(node) || (Node.isIdentifier(node) && node.getText() === 'undefined');
}

/**
 * True when `literal` is the value `state` starts with, so that `state === literal` says it was
 * never set: a module-level `let` or a class field declared with that literal (`let clientId =
 * "unknown"`, `private token = ""`), compared with the same literal (`if (clientId === "unknown")
 * clientId = await load()`). A sentinel as good as `undefined` for lazy initialisation.
 */
function isInitialSentinel(state: Node, literal: Node): boolean {
  const compared = sentinelValue(literal);
  if (compared === null) return false;
  const name = Node.isIdentifier(state) ? state : Node.isPropertyAccessExpression(state) && state.getExpression().getKind() === SyntaxKind.ThisKeyword ? state.getNameNode() : null;
  const decl = name?.getSymbol()?.getDeclarations()[0];
  if (!decl) return false;
  const initial = Node.isVariableDeclaration(decl) && isModuleLevel(decl) && decl.getVariableStatement()?.getDeclarationKind() !== 'const' ? decl.getInitializer() : Node.isPropertyDeclaration(decl) ? decl.getInitializer() : undefined;
  return initial !== undefined && sentinelValue(unwrap(initial)) === compared;
}

/** A string or number literal's value as text (`"unknown"` → `s:unknown`, `-1` → `n:-1`), or null for anything else. */
function sentinelValue(node: Node): string | null {
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return `s:${node.getLiteralValue()}`;
  if (Node.isNumericLiteral(node)) return `n:${node.getLiteralValue()}`;
  if (Node.isPrefixUnaryExpression(node) && node.getOperatorToken() === SyntaxKind.MinusToken && Node.isNumericLiteral(node.getOperand())) return `n:-${(node.getOperand() as import('ts-morph').NumericLiteral).getLiteralValue()}`;
  return null;
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

/**
 * The entry a local was read from (`let p = inFlight.get(key)` or `= inFlight[key]` →
 * `inFlight[key]`): testing the local tests the entry, as long as nothing assigns the local
 * before the test.
 */
function entryHeldBy(local: Node): string[] {
  if (!Node.isIdentifier(local)) return [];
  const decl = local.getSymbol()?.getDeclarations()[0];
  const init = decl && Node.isVariableDeclaration(decl) ? decl.getInitializer() : undefined;
  if (!decl || !init) return [];
  const assignedBefore = descendantsOfKinds<import('ts-morph').BinaryExpression>(decl.getFirstAncestor(isFunctionNode) ?? decl.getSourceFile(), [SyntaxKind.BinaryExpression]).some(
    (w) => w.getOperatorToken().getKind() === SyntaxKind.EqualsToken && w.getLeft().getText() === local.getText() && w.getStart() < local.getStart() && w.getStart() > decl.getStart(),
  );
  if (assignedBefore) return [];
  const value = unwrap(init);
  if (Node.isElementAccessExpression(value) && value.getArgumentExpression()) return [`${canonical(value.getExpression())}[${canonical(value.getArgumentExpressionOrThrow())}]`];
  if (!Node.isCallExpression(value)) return [];
  const callee = unwrap(value.getExpression());
  const arg = value.getArguments()[0];
  return Node.isPropertyAccessExpression(callee) && arg && callee.getName() === 'get' ? [`${canonical(callee.getExpression())}[${canonical(arg)}]`] : [];
}

/** The expressions a condition proves absent: `!x` → x; `x === undefined`, `x == null` → x; `!(k in o)` → o[k]; those of each side of `a && b`, and (read as a refill) of `a || b`. */
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
      if (Node.isPropertyAccessExpression(callee) && arg && ['has', 'get', 'hasOwnProperty'].includes(callee.getName())) {
        return [`${canonical(callee.getExpression())}[${canonical(arg)}]`];
      }
    }
    return [canonical(operand), ...entryHeldBy(operand)];
  }
  // `const needsLoad = !cache || ...; if (needsLoad)`: the const's condition.
  if (Node.isIdentifier(cond)) {
    const decl = cond.getSymbol()?.getDeclarations()[0];
    if (decl && Node.isVariableDeclaration(decl) && decl.getVariableStatement()?.getDeclarationKind() === 'const' && decl.getInitializer()) return absentIn(decl.getInitializerOrThrow());
  }
  if (Node.isBinaryExpression(cond)) {
    const kind = cond.getOperatorToken().getKind();
    if (kind === SyntaxKind.BarBarToken) return [...absentIn(cond.getLeft()), ...absentIn(cond.getRight())];
    // `a && !b`: the branch runs only when both hold, so `b` is absent there.
    if (kind === SyntaxKind.AmpersandAmpersandToken) return [...absentIn(cond.getLeft()), ...absentIn(cond.getRight())];
    if ([SyntaxKind.EqualsEqualsEqualsToken, SyntaxKind.EqualsEqualsToken].includes(kind)) {
      const [l, r] = [unwrap(cond.getLeft()), unwrap(cond.getRight())];
      if (isNothing(r) || isInitialSentinel(l, r)) return [canonical(l)];
      if (isNothing(l) || isInitialSentinel(r, l)) return [canonical(r)];
    }
  }
  return [];
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

/**
 * True when `write` only runs while `target` is absent: in the `then` branch of an `if` whose
 * condition proves it absent, or after an earlier `if (<target present>) return ...;` in the same
 * block (the read-through cache: `const hit = cache.get(k); if (hit) return hit; ... cache.set(k, v)`),
 * at any depth of blocks (`try`, nested `if`) within the function `within` (or the nearest one).
 * `target` is an expression's text without spaces and optional chaining (`doc.tags[name]`), as
 * {@link canonical} writes it.
 */
export function isGuarded(write: Node, target: string, within?: FunctionNode): boolean {
  if (fillsAbsentOperand(write, target)) return true;
  const fn = within ?? enclosingFunction(write);
  for (let statement: Node | undefined = write.getFirstAncestor((p) => Node.isStatement(p)); statement && statement !== fn && !isFunctionNode(statement); statement = enclosingStatement(statement)) {
    if (Node.isBlock(statement)) continue;
    if (returnsEarlyWhenPresent(statement, target)) return true;
    const parent = statement.getParent();
    const holder = parent && Node.isBlock(parent) ? parent.getParent() : parent;
    if (holder && Node.isIfStatement(holder) && (holder.getThenStatement() === statement || holder.getThenStatement() === parent) && absentIn(holder.getExpression()).includes(target)) return true;
  }
  return closureGuarded(enclosingFunction(write), target);
}

/**
 * True when `write` is in the right operand of a `??` or `||` whose left operand reads `target`
 * (`sessions.get(id) ?? (sessions.set(id, open(id)), sessions.get(id))`, `pool[k] || (pool[k] =
 * make())`): it runs only when the entry is absent, within the same expression statement.
 */
function fillsAbsentOperand(write: Node, target: string): boolean {
  for (let child: Node = write, parent = write.getParent(); parent && !Node.isStatement(parent) && !isFunctionNode(parent); child = parent, parent = parent.getParent()) {
    if (!Node.isBinaryExpression(parent) || parent.getRight() !== child) continue;
    const op = parent.getOperatorToken().getKind();
    if ((op === SyntaxKind.QuestionQuestionToken || op === SyntaxKind.BarBarToken) && presentIn(parent.getLeft()).includes(target)) return true;
  }
  return false;
}

/**
 * True when `fn` is a function held in a `const` of an enclosing function (`const requestRoots =
 * async () => { ...; roots.set(sessionId, fetched) }`) every use of which there, calls and hand-offs
 * alike (`setNotificationHandler(schema, requestRoots)`), sits where the entry `target` is absent
 * (`if (!roots.has(sessionId)) { ...; await requestRoots(); }`): the write then only fills a gap.
 */
function closureGuarded(fn: Node | undefined, target: string): boolean {
  if (!fn || !(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn))) return false;
  const holder = fn.getParent();
  if (!holder || !Node.isVariableDeclaration(holder) || holder.getInitializer() !== fn || holder.getVariableStatement()?.getDeclarationKind() !== 'const') return false;
  const outer = holder.getFirstAncestor((a) => isFunctionNode(a));
  const name = holder.getNameNode();
  if (!outer || !Node.isIdentifier(name)) return false;
  const symbol = name.getSymbol();
  const uses = outer.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => id !== name && id.getText() === name.getText() && id.getSymbol() === symbol);
  return uses.length > 0 && uses.every((use) => isGuarded(use, target, outer as FunctionNode));
}

/** The statement (or function) that holds `node`, its parent first. */
function enclosingStatement(node: Node): Node | undefined {
  const parent = node.getParent();
  return parent && (Node.isStatement(parent) || isFunctionNode(parent)) ? parent : parent?.getFirstAncestor((p) => Node.isStatement(p) || isFunctionNode(p));
}

/** True when the node belongs to `fn`'s own body or a callback inside it (not a separately analysed function declared elsewhere). */
function inside(node: Node, fn: FunctionNode): boolean {
  return node.getFirstAncestor((a) => a === fn) !== undefined;
}

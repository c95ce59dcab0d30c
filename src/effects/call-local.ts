import type { ClassDeclaration, ClassExpression, ParameterDeclaration, ts as TS } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import type { Bindings } from '../analysis/bindings.js';
import { descendantsOfKinds } from '../analysis/nodes.js';
import { bindingsOf, isNullish, type Resolver } from '../analysis/resolve.js';
import { returnedExpressions } from '../analysis/returns.js';
import { isFunctionNode, isModuleLevel, unwrap, type FunctionNode } from '../analysis/syntax.js';
import type { Effect } from '../model.js';
import { passedAt, traceValue, type Hops, type Passed } from './passed-values.js';

/**
 * Objects a tool call makes for itself and hands down (corpus README, "What the labels mean":
 * in-memory state counts only when a later call can observe it). A handler, or a dispatcher every
 * tool goes through, makes a helper object for this call and passes it down through parameters
 * and options objects:
 *
 *   const tracker = token !== undefined ? createProgressTracker(token, sendNotification) : null;
 *   await fetchRun({ runId, progressTracker: tracker });
 *   // ... deeper:  const { progressTracker } = opts;  progressTracker?.setRunId(runId);
 *
 * `setRunId` writes `this.runId` of an object only this call holds: no later call can see it, so
 * the write is no modification. The instance's methods may still do other things (a request, a
 * notification), which are judged as ever; only writes to its own fields are dropped.
 *
 * A method's receiver is such an instance when, read from the program:
 * - it traces (through names, destructuring, options-object fields and the parameters callers
 *   bind: passed-values.ts) to an instance made during the call: `new C(...)` of a project class
 *   inside a function, a conditional whose other side is `null`/`undefined`, or a call of a
 *   project function (a factory) each of whose returns is one of these, `null` or `undefined`;
 * - the class never hands `this` itself anywhere (only `this.x`, and `Object.defineProperty(this, ...)`
 *   of compiled fields, appear in it), and extends no
 *   class but such a project class;
 * - from where it is made, every name and object that holds it only reads it, tests it, calls its
 *   methods, or passes it to a project function whose parameter does the same: it is never
 *   assigned to a module variable or to a field of another object, added to a collection,
 *   returned (other than by the factory that makes it), put in an array, or handed to code the
 *   linter cannot follow (a call the engine did follow for this tool, `tool.call(args)` of a
 *   registry entry, is followed as the engine did).
 * A write to a field is dropped when it assigns the field as a whole (`this.runId = id`,
 * `this.count++`), or changes the content of a field the class only ever fills with a new empty
 * collection or a literal of its own (`this.seen = new Set()` then `this.seen.add(x)`); a field
 * given a value from outside (a collection passed to the constructor) may alias server state.
 */

/**
 * Where a method call's receiver comes from, for judging its `this.*` writes: an instance made
 * during this call that stays in it (`local`), a value the function's caller passes (`passed`,
 * decided at each call site with the calls gone through so far, `hops`), or neither (null).
 */
export type LocalStep = { local: true } | { passed: Passed; hops: Hops } | null;

/** How many factories {@link madeFresh} follows into (a guard against long chains). */
const MAX_DEPTH = 12;

/** How many steps (a name's use, a field, a call handing the value on) the escape check follows from where the instance is made. */
const MAX_STEPS = 80;

/** The {@link LocalStep} of the receiver of `call` (a method call), read with the caller's bindings `b`. */
export function receiverStep(call: Node, resolver: Resolver, b: Bindings): LocalStep {
  if (!Node.isCallExpression(call)) return null;
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  const hops: Hops = new Map();
  const traced = traceValue(callee.getExpression(), b, [], 0, hops);
  if (traced === null) return null;
  if ('passed' in traced) return holderEscapes(traced.passed.parameter, traced.passed.fields, { hops, returning: new Set(), resolver }, new Set(), 0) ? null : { passed: traced.passed, hops };
  return traced.fields.length === 0 && isKeptInstance(traced.node, traced.bindings, resolver, hops) ? { local: true } : null;
}

/**
 * The {@link LocalStep} of a receiver its function's caller passes (`passed`, a parameter of
 * `callee`), at `call` read with the caller's bindings `b`: undefined when another function's
 * parameter holds it (a call further up decides).
 */
export function localThroughCall(passed: Passed, hops: Hops, callee: FunctionNode, call: Node, resolver: Resolver, b: Bindings): LocalStep | undefined {
  const through: Hops = new Map(hops);
  const traced = passedAt(passed, callee, call, resolver, b, through);
  if (traced === undefined) return undefined;
  if (traced === null) return null;
  through.set(call, passed.parameter);
  if ('passed' in traced) return holderEscapes(traced.passed.parameter, traced.passed.fields, { hops: through, returning: new Set(), resolver }, new Set(), 0) ? null : { passed: traced.passed, hops: through };
  return traced.fields.length === 0 && isKeptInstance(traced.node, traced.bindings, resolver, through) ? { local: true } : null;
}

/**
 * True for a `state.write` of `this.*` (an effect reached through `this.` calls only, as the engine
 * checks) that changes only the instance of `cls` itself (see the module's comment), found at the
 * effect's location in the program.
 */
export function writesOwnField(effect: Effect, cls: ClassDeclaration | ClassExpression): boolean {
  const match = /^server state this\.([A-Za-z_$][\w$]*)$/.exec(effect.sink);
  if (!match) return false;
  const field = match[1]!;
  const sf = cls.getProject().getSourceFile(effect.location.file);
  if (!sf) return false;
  let pos: number;
  try {
    pos = sf.compilerNode.getPositionOfLineAndCharacter(effect.location.line - 1, effect.location.column - 1);
  } catch {
    return false;
  }
  let node: Node | undefined = sf.getDescendantAtPos(pos);
  while (node && node.getParent() && node.getParent()!.getStart() === pos && !isWriteNode(node)) node = node.getParent();
  if (!node || !isWriteNode(node)) return false;
  const target = writtenOperand(node);
  if (target && isThisField(target, field)) return true;
  return isOwnedField(cls, field);
}

/** An assignment, `++`/`--`, `delete` or call: the nodes state.ts reports a write at. */
function isWriteNode(node: Node): boolean {
  if (Node.isBinaryExpression(node)) return node.getOperatorToken().getKind() >= SyntaxKind.FirstAssignment && node.getOperatorToken().getKind() <= SyntaxKind.LastAssignment;
  return Node.isPrefixUnaryExpression(node) || Node.isPostfixUnaryExpression(node) || Node.isDeleteExpression(node) || Node.isCallExpression(node);
}

/** What an assignment or `++`/`--` writes as a whole; undefined for a call or `delete` (which change a value's content). */
function writtenOperand(node: Node): Node | undefined {
  if (Node.isBinaryExpression(node)) return unwrap(node.getLeft());
  if (Node.isPrefixUnaryExpression(node) || Node.isPostfixUnaryExpression(node)) return unwrap(node.getOperand());
  return undefined;
}

/** True for `this.field` itself. */
function isThisField(node: Node, field: string): boolean {
  return Node.isPropertyAccessExpression(node) && node.getName() === field && node.getExpression().getKind() === SyntaxKind.ThisKeyword;
}

/**
 * True when every value the class gives `this.field` (assignments, its initializer) is made there
 * as the class's own: an empty collection or object, or a primitive literal.
 */
function isOwnedField(cls: ClassDeclaration | ClassExpression, field: string): boolean {
  const values: Node[] = [];
  const property = cls.getInstanceProperty(field);
  if (property && Node.isPropertyDeclaration(property)) {
    const init = property.getInitializer();
    if (init) values.push(init);
  }
  for (const access of descendantsOfKinds(cls, [SyntaxKind.PropertyAccessExpression], (n) => (n as TS.PropertyAccessExpression).name.text === field)) {
    if (!isThisField(access, field)) continue;
    const parent = access.getParent();
    if (Node.isBinaryExpression(parent) && parent.getLeft() === access && parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken) values.push(parent.getRight());
  }
  return values.length > 0 && values.every((v) => isOwnValue(unwrap(v)));
}

/** An empty collection or object, or a primitive literal. */
function isOwnValue(node: Node): boolean {
  if (Node.isArrayLiteralExpression(node)) return node.getElements().length === 0;
  if (Node.isObjectLiteralExpression(node)) return node.getProperties().length === 0;
  if (Node.isNewExpression(node)) return /^(Map|Set|Array)$/.test(node.getExpression().getText()) && (node.getArguments() ?? []).length === 0;
  return isNullish(node) || Node.isStringLiteral(node) || Node.isNumericLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) || Node.isTrueLiteral(node) || Node.isFalseLiteral(node);
}

/**
 * True when `node` (read in `b`), where a receiver's trace ends, is an instance made during this
 * call ({@link madeFresh}) that nothing keeps beyond it ({@link escapes}, from `node` on).
 */
function isKeptInstance(node: Node, b: Bindings, resolver: Resolver, hops: Hops): boolean {
  if (isModuleLevel(node)) return false;
  const returning = new Set<FunctionNode>();
  if (!madeFresh(node, b, resolver, hops, returning, 0)) return false;
  return !escapes(node, [], { hops, returning, resolver }, new Set(), 0);
}

/**
 * True when `node` makes a new instance of a self-contained project class ({@link isSelfContained})
 * on each evaluation, or nothing: `new C()`, `cond ? new C() : null`, or a call of a project
 * function each of whose returns is such a value, or a local `const` holding one that nothing in
 * the function keeps but its return (added to `returning`).
 */
function madeFresh(node: Node, b: Bindings, resolver: Resolver, hops: Hops, returning: Set<FunctionNode>, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const n = unwrap(node);
  if (Node.isAwaitExpression(n)) return madeFresh(n.getExpression(), b, resolver, hops, returning, depth + 1);
  if (Node.isNewExpression(n)) {
    const instance = resolver.instance(n, b);
    return instance !== null && isSelfContained(instance.cls, resolver, 0);
  }
  if (Node.isConditionalExpression(n)) {
    const sides = [n.getWhenTrue(), n.getWhenFalse()];
    return sides.some((s) => !isNullish(s)) && sides.every((s) => isNullish(s) || madeFresh(s, b, resolver, hops, returning, depth + 1));
  }
  if (!Node.isCallExpression(n)) return false;
  const target = resolver.resolve(n.getExpression(), 0, b);
  if (target.kind !== 'function' || !isFunctionNode(target.node)) return false;
  const factory = target.node;
  const returned = returnedExpressions(factory);
  if (returned.length === 0 || returned.every(isNullish)) return false;
  return returned.every((r) => {
    if (isNullish(r)) return true;
    const value = unwrap(r);
    if (!Node.isIdentifier(value)) return madeFresh(value, bindingsOf(target), resolver, hops, returning, depth + 1);
    // `const made = new C(); ...; return made;`: the const is checked like any holder, its return allowed.
    const decl = value.getSymbol()?.getDeclarations()[0];
    if (!decl || !Node.isVariableDeclaration(decl) || decl.getVariableStatement()?.getDeclarationKind() !== 'const' || isModuleLevel(decl)) return false;
    const init = decl.getInitializer();
    if (!init || !madeFresh(init, bindingsOf(target), resolver, hops, returning, depth + 1)) return false;
    returning.add(factory);
    return !escapes(init, [], { hops, returning, resolver }, new Set(), 0);
  });
}

/**
 * True for a project class whose code never hands `this` itself to anything (only `this.x` and
 * `this[k]` appear), extending nothing or only such a class: its instances are reachable only
 * through the references its makers hold.
 */
function isSelfContained(cls: ClassDeclaration | ClassExpression, resolver: Resolver, depth: number): boolean {
  if (depth > 4) return false;
  for (const self of cls.getDescendantsOfKind(SyntaxKind.ThisKeyword)) {
    const parent = self.getParent();
    if ((Node.isPropertyAccessExpression(parent) || Node.isElementAccessExpression(parent)) && parent.getExpression() === self) continue;
    // A field defined on the instance itself (tsc's compiled class fields: `Object.defineProperty(this, "runId", {...})`).
    if (Node.isCallExpression(parent) && parent.getArguments()[0] === self && /^Object\.(defineProperty|defineProperties|assign)$/.test(parent.getExpression().getText())) continue;
    return false;
  }
  const heritage = cls.getExtends();
  if (!heritage) return true;
  const base = resolver.resolve(heritage.getExpression());
  const node = base.kind === 'value' ? unwrap(base.node) : null;
  return node !== null && (Node.isClassDeclaration(node) || Node.isClassExpression(node)) && isSelfContained(node, resolver, depth + 1);
}

interface EscapeContext {
  readonly hops: Hops;
  /** Factories whose `return` of the instance hands it to the call being checked. */
  readonly returning: ReadonlySet<FunctionNode>;
  readonly resolver: Resolver;
}

/**
 * True when the value `expr` stands for, whose `fields` path holds the instance (empty: `expr` is
 * the instance), may be kept beyond the call: see the module's comment for what is allowed.
 */
function escapes(expr: Node, fields: readonly string[], ctx: EscapeContext, seen: Set<string>, depth: number): boolean {
  if (depth > MAX_STEPS) return true;
  const parent = expr.getParent();
  if (!parent) return true;
  const up = (fs: readonly string[]): boolean => escapes(parent, fs, ctx, seen, depth + 1);
  if (Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent) || Node.isSatisfiesExpression(parent) || Node.isNonNullExpression(parent) || Node.isTypeAssertion(parent) || Node.isAwaitExpression(parent)) return up(fields);
  if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === expr) {
    // A member of the instance (a method called, a field read or written); a field of a holder: only the one on the path.
    if (fields.length === 0) return false;
    return parent.getName() === fields[0] ? up(fields.slice(1)) : false;
  }
  if (Node.isElementAccessExpression(parent) && parent.getExpression() === expr) return fields.length > 0;
  if (Node.isConditionalExpression(parent)) return parent.getCondition() === expr ? false : up(fields);
  if (Node.isBinaryExpression(parent)) {
    const op = parent.getOperatorToken().getKind();
    if (op === SyntaxKind.EqualsToken) return parent.getRight() === expr ? assignedEscapes(parent.getLeft(), fields, ctx, seen, depth) : false;
    if (op >= SyntaxKind.FirstAssignment && op <= SyntaxKind.LastAssignment) return parent.getRight() === expr;
    if (op === SyntaxKind.AmpersandAmpersandToken || op === SyntaxKind.CommaToken) return parent.getLeft() === expr ? false : up(fields);
    if (op === SyntaxKind.BarBarToken || op === SyntaxKind.QuestionQuestionToken) return up(fields);
    // Comparisons, `instanceof`, `in`, arithmetic: a test or a number, not the object.
    return false;
  }
  if (Node.isPrefixUnaryExpression(parent) || Node.isTypeOfExpression(parent) || Node.isVoidExpression(parent) || Node.isDeleteExpression(parent)) return false;
  if (Node.isExpressionStatement(parent) || Node.isIfStatement(parent) || Node.isWhileStatement(parent) || Node.isDoStatement(parent) || Node.isTemplateSpan(parent) || Node.isSwitchStatement(parent) || Node.isCaseClause(parent)) return false;
  if (Node.isVariableDeclaration(parent) && parent.getInitializer() === expr) return holderEscapes(parent, fields, ctx, seen, depth);
  if (Node.isShorthandPropertyAssignment(parent)) return escapes(parent.getParentOrThrow(), [parent.getName(), ...fields], ctx, seen, depth + 1);
  if (Node.isPropertyAssignment(parent) && parent.getInitializer() === expr) {
    const name = parent.getNameNode();
    if (!(Node.isIdentifier(name) || Node.isStringLiteral(name))) return true;
    return escapes(parent.getParentOrThrow(), [Node.isStringLiteral(name) ? name.getLiteralText() : name.getText(), ...fields], ctx, seen, depth + 1);
  }
  if (Node.isSpreadAssignment(parent)) return escapes(parent.getParentOrThrow(), fields, ctx, seen, depth + 1);
  if ((Node.isCallExpression(parent) || Node.isNewExpression(parent)) && parent.getArguments().includes(expr as never)) return argumentEscapes(parent, expr, fields, ctx, seen, depth);
  if (Node.isCallExpression(parent) && parent.getExpression() === expr) return false;
  if (Node.isReturnStatement(parent) || (Node.isArrowFunction(parent) && parent.getBody() === expr)) {
    const fn = Node.isArrowFunction(parent) ? parent : parent.getFirstAncestor((a) => isFunctionNode(a));
    return !(fn && ctx.returning.has(fn as FunctionNode));
  }
  return true;
}

/** Handing the value to a call: followed into the project function (or the one the engine found) that takes it; anything else may keep it. */
function argumentEscapes(call: import('ts-morph').CallExpression | import('ts-morph').NewExpression, arg: Node, fields: readonly string[], ctx: EscapeContext, seen: Set<string>, depth: number): boolean {
  const args = call.getArguments();
  const index = args.indexOf(arg as never);
  if (args.slice(0, index + 1).some((a) => Node.isSpreadElement(a))) return true;
  let param: ParameterDeclaration | undefined = ctx.hops.get(call);
  if (!param && Node.isCallExpression(call)) {
    const target = ctx.resolver.resolve(call.getExpression());
    if (target.kind === 'function' && isFunctionNode(target.node)) param = target.node.getParameters()[index];
    else return true;
  }
  if (!param || param.isRestParameter()) return true;
  return holderEscapes(param, fields, ctx, seen, depth + 1);
}

/** An assignment of the value to `left`: to a local variable of the function, followed as a holder; to anything else (module state, a field), kept. */
function assignedEscapes(left: Node, fields: readonly string[], ctx: EscapeContext, seen: Set<string>, depth: number): boolean {
  const target = unwrap(left);
  if (!Node.isIdentifier(target)) return true;
  const decl = target.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isVariableDeclaration(decl) || isModuleLevel(decl)) return true;
  return holderEscapes(decl, fields, ctx, seen, depth);
}

/**
 * True when a declaration holding the value (a variable, a parameter, a binding element; a
 * destructuring pattern takes the path's first field) may keep it: {@link escapes} from each use
 * of its name in its function.
 */
function holderEscapes(decl: Node, fields: readonly string[], ctx: EscapeContext, seen: Set<string>, depth: number): boolean {
  if (depth > MAX_STEPS) return true;
  const name = (decl as { getNameNode?: () => Node }).getNameNode?.();
  if (!name) return true;
  if (Node.isArrayBindingPattern(name)) return true;
  if (Node.isObjectBindingPattern(name)) {
    if (fields.length === 0) return false;
    for (const element of name.getElements()) {
      if (element.getDotDotDotToken()) {
        if (holderEscapes(element, fields, ctx, seen, depth + 1)) return true;
        continue;
      }
      const property = element.getPropertyNameNode();
      const key = property === undefined ? element.getName() : Node.isStringLiteral(property) ? property.getLiteralText() : Node.isIdentifier(property) ? property.getText() : null;
      if (key === null) return true;
      if (key === fields[0] && holderEscapes(element, fields.slice(1), ctx, seen, depth + 1)) return true;
    }
    return false;
  }
  if (!Node.isIdentifier(name)) return true;
  const key = `${decl.getSourceFile().getFilePath()}:${decl.getPos()}:${fields.join('.')}`;
  if (seen.has(key)) return false;
  seen.add(key);
  if (isModuleLevel(decl)) return true;
  const scope = decl.getFirstAncestor((a) => isFunctionNode(a));
  if (!scope) return true;
  const symbol = name.getSymbol();
  if (!symbol) return true;
  const text = name.getText();
  for (const id of scope.getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (id === name || id.getText() !== text) continue;
    const parent = id.getParent();
    const refers = id.getSymbol() === symbol || (Node.isShorthandPropertyAssignment(parent) && parent.getNameNode() === id && parent.getValueSymbol() === symbol);
    if (!refers) continue;
    if (escapes(id, fields, ctx, seen, depth + 1)) return true;
  }
  return false;
}

import type { BinaryExpression, ts as TS } from 'ts-morph';
import { Node, SyntaxKind, ts } from '../ts-morph.js';
import { Bindings } from './bindings.js';
import { deeperThan, noteStackCut } from './read-sets.js';
import { descendantsOfKinds } from './nodes.js';
import { evaluatePath } from './paths.js';
import { bindParameters, bindingsOf, type Resolver, restArguments } from './resolve.js';
import { guardedReturns, soleReturn } from './returns.js';
import { constInitializer, type FunctionNode, initializerOf, isFunctionNode, isNewOf, shorten, unwrap, unwrapCompiler } from './syntax.js';
import type { Evaluated } from './values.js';

/** One property of an object evaluated statically, with the node that wrote it (inside a spread source if it came from one). */
export interface EvaluatedProperty {
  /** The property assignment (or shorthand) that set the final value. */
  node: Node;
  value: Evaluated;
  /** The bindings the property was read in (those of a spread source when it came from one). */
  bindings: Bindings;
}

/** An object expression evaluated property by property; later keys and spreads win, as in JavaScript. */
export interface EvaluatedObject {
  /** The object literal (after following identifiers), or the expression when it is not one. */
  node: Node;
  properties: Map<string, EvaluatedProperty>;
  /** Parts whose keys are unknown: spreads of calls, computed keys. */
  unresolved: { node: Node; reason: string }[];
}

const MAX_DEPTH = 24;

/** The value recorded for keys outside `only` in {@link evaluateObject}: present, not evaluated. */
const NOT_EVALUATED: Evaluated = { known: true, value: undefined };

/**
 * Follows identifiers, property accesses and imports to the expression that defines a value.
 * Returns the defining node (an object literal, a literal, a function) or null.
 */
export function definingNode(expr: Node, resolver: Resolver, b: Bindings = Bindings.EMPTY): Node | null {
  const target = resolver.resolve(expr, 0, b);
  if (target.kind === 'value' || target.kind === 'function') return unwrap(target.node);
  return null;
}

/**
 * True when an expression's value is an object, array, function or class, whatever it holds: a
 * condition on it is true even when its contents cannot be evaluated (`if (def.args)` with
 * `args: { query: z.string() }`).
 */
export function isAlwaysTruthy(expr: Node, resolver: Resolver, b: Bindings = Bindings.EMPTY): boolean {
  const node = definingNode(expr, resolver, b);
  return node !== null && (Node.isObjectLiteralExpression(node) || Node.isArrayLiteralExpression(node) || Node.isClassExpression(node) || Node.isClassDeclaration(node) || isFunctionNode(node));
}

/**
 * Evaluates an expression without running it: literals, template strings and `+` of known parts,
 * `const` identifiers (also imported ones), `as const`, object and array literals with spreads,
 * property access on those. Anything else is reported as unknown, with the reason.
 */
export function evaluate(expr: Node, resolver: Resolver, depth = 0, b: Bindings = Bindings.EMPTY): Evaluated {
  const node = unwrap(expr);
  if (deeperThan(depth, MAX_DEPTH)) return { known: false, reason: 'evaluation depth limit', node };
  // Memoized on the resolver (see `Resolver.evaluations`): answers no depth limit or re-entrancy guard shaped.
  return resolver.evaluations.getIfStackFree(b.id, node.compilerNode, () => evaluateNode(node, resolver, depth, b));
}

/** {@link evaluate} of an unwrapped node within the depth limit, not memoized. */
function evaluateNode(node: Node, resolver: Resolver, depth: number, b: Bindings): Evaluated {
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return { known: true, value: node.getLiteralValue() };
  if (Node.isNumericLiteral(node)) return { known: true, value: node.getLiteralValue() };
  if (Node.isTrueLiteral(node)) return { known: true, value: true };
  if (Node.isFalseLiteral(node)) return { known: true, value: false };
  if (Node.isNullLiteral(node)) return { known: true, value: null };
  if (Node.isPrefixUnaryExpression(node) && node.getOperatorToken() === SyntaxKind.ExclamationToken) {
    // `!0` and `!1` are what minifiers write for booleans.
    const inner = evaluate(node.getOperand(), resolver, depth + 1, b);
    return inner.known ? { known: true, value: !inner.value } : inner;
  }
  if (Node.isTemplateExpression(node)) {
    let text = node.getHead().getLiteralText();
    for (const span of node.getTemplateSpans()) {
      const part = evaluate(span.getExpression(), resolver, depth + 1, b);
      if (!part.known) return part;
      text += String(part.value) + span.getLiteral().getLiteralText();
    }
    return { known: true, value: text };
  }
  if (Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === SyntaxKind.PlusToken) {
    const left = evaluate(node.getLeft(), resolver, depth + 1, b);
    if (!left.known) return left;
    const right = evaluate(node.getRight(), resolver, depth + 1, b);
    if (!right.known) return right;
    return { known: true, value: (left.value as string) + (right.value as string) };
  }
  if (Node.isObjectLiteralExpression(node)) {
    const obj = evaluateObject(node, resolver, depth + 1, undefined, b);
    const first = obj.unresolved[0];
    if (first) return { known: false, reason: first.reason, node: first.node };
    const value: Record<string, unknown> = {};
    for (const [key, prop] of obj.properties) {
      if (!prop.value.known) return prop.value;
      value[key] = prop.value.value;
    }
    return { known: true, value };
  }
  if (Node.isArrayLiteralExpression(node)) {
    const value: unknown[] = [];
    for (const element of node.getElements()) {
      const item = evaluate(Node.isSpreadElement(element) ? element.getExpression() : element, resolver, depth + 1, b);
      if (!item.known) return item;
      if (Node.isSpreadElement(element)) {
        if (!Array.isArray(item.value)) return { known: false, reason: `\`${shorten(element.getText())}\` does not spread an array`, node: element };
        value.push(...(item.value as unknown[]));
      } else {
        value.push(item.value);
      }
    }
    return { known: true, value };
  }
  // A rest parameter a call site binds: the arguments it collects.
  const collected = restArguments(node, b);
  if (collected) {
    const value: unknown[] = [];
    for (const item of collected) {
      if (Node.isSpreadElement(item.node)) return { known: false, reason: `\`${shorten(item.node.getText())}\` spreads values the linter cannot list`, node: item.node };
      const element = evaluate(item.node, resolver, depth + 1, item.bindings);
      if (!element.known) return element;
      value.push(element.value);
    }
    return { known: true, value };
  }
  if (Node.isIdentifier(node) && node.getText() === 'undefined') return { known: true, value: undefined };
  // `void 0`: what compilers write for `undefined`.
  if (Node.isVoidExpression(node) && Node.isLiteralExpression(unwrap(node.getExpression()))) return { known: true, value: undefined };
  // A path the module computes from its own location (`join(__dirname, "tools")`).
  const located = evaluatePath(node, resolver, b, (arg) => evaluate(arg, resolver, depth + 1, b));
  if (located) return located;
  const operation = evaluateOperation(node, resolver, depth, b);
  if (operation) return operation;
  const element = forOfElement(node, resolver, depth, b);
  if (element) return element;
  const literal = zodLiteralValue(node, resolver);
  if (literal) return evaluate(literal, resolver, depth + 1, b);
  if (Node.isIdentifier(node) || Node.isPropertyAccessExpression(node) || Node.isElementAccessExpression(node) || Node.isCallExpression(node)) {
    const target = resolver.resolve(node, 0, b);
    if (target.kind === 'const') return { known: true, value: target.value };
    if (target.kind === 'value' && unwrap(target.node) !== node) return evaluate(target.node, resolver, depth + 1, bindingsOf(target));
    if (Node.isCallExpression(node)) return { known: false, reason: `\`${shorten(node.getText())}\` is computed at run time`, node };
    const text = shorten(node.getText());
    if (target.kind === 'module' || target.kind === 'global') {
      // `const dir = join(__dirname, "tools")`, `const re = new RegExp(...)`: a library call whose result the linter computes.
      const init = Node.isIdentifier(node) ? initializerOf(node, true) : undefined;
      const computed = init && (Node.isCallExpression(unwrap(init)) || Node.isNewExpression(unwrap(init))) ? evaluate(init, resolver, depth + 1, b) : null;
      if (computed?.known) return computed;
      if (target.kind === 'module') return { known: false, reason: `\`${text}\` comes from ${target.specifier}`, node };
    }
    if (target.kind === 'unknown') {
      if (target.runtime) return { known: false, reason: target.reason, node, runtime: true };
      // Reasons that already name the variable (`x` is assigned again) read better alone.
      return { known: false, reason: target.reason.startsWith('`') ? target.reason : `\`${text}\` cannot be followed (${target.reason})`, node };
    }
    return { known: false, reason: `\`${text}\` is computed at run time`, node };
  }
  return { known: false, reason: `\`${shorten(node.getText())}\` is computed at run time`, node };
}

/**
 * For `Schema.shape.name.value` where `Schema` is `z.object({ name: z.literal("x"), ... })` (a
 * tool's name kept in its zod schema), the expression `z.literal` was given; null for anything else.
 */
function zodLiteralValue(node: Node, resolver: Resolver): Node | null {
  if (!Node.isPropertyAccessExpression(node) || node.getName() !== 'value') return null;
  const literal = zodSchema(node.getExpression(), resolver, 0);
  return literal && zodCallName(literal, resolver) === 'literal' ? (literal.getArguments()[0] ?? null) : null;
}

/** The `z.<kind>(...)` call a schema expression stands for: a const holding one, or `S.shape.key` of a `z.object({...})`. */
function zodSchema(expr: Node, resolver: Resolver, depth: number): import('ts-morph').CallExpression | null {
  const node = unwrap(expr);
  if (deeperThan(depth, MAX_DEPTH)) return null;
  if (Node.isCallExpression(node)) return zodCallName(node, resolver) ? node : null;
  if (Node.isIdentifier(node)) {
    // A bundle's `var Schema = z.object(...)` is never assigned again either.
    const init = initializerOf(node, false);
    return init ? zodSchema(init, resolver, depth + 1) : null;
  }
  const shape = Node.isPropertyAccessExpression(node) ? unwrap(node.getExpression()) : null;
  if (!shape || !Node.isPropertyAccessExpression(shape) || shape.getName() !== 'shape') return null;
  const object = zodSchema(shape.getExpression(), resolver, depth + 1);
  const fields = object && zodCallName(object, resolver) === 'object' ? object.getArguments()[0] : undefined;
  const field = fields && Node.isObjectLiteralExpression(unwrap(fields)) ? (unwrap(fields) as import('ts-morph').ObjectLiteralExpression).getProperty((node as import('ts-morph').PropertyAccessExpression).getName()) : undefined;
  return field && Node.isPropertyAssignment(field) ? zodSchema(field.getInitializerOrThrow(), resolver, depth + 1) : null;
}

/** `object` for `z.object(...)` (zod imported from the `zod` package), `literal` for `z.literal(...)`, ...; null for any other call. */
function zodCallName(call: import('ts-morph').CallExpression, resolver: Resolver): string | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  const target = resolver.resolve(callee, 0);
  return target.kind === 'module' && /^zod(\/|$)/.test(target.specifier) ? callee.getName() : null;
}

/**
 * The variable of a `for (const x of list)` loop: one of the list's elements, when the elements of
 * every array the list can be are known (`for (const cmd of isWindows ? ["python", "py"] :
 * ["python3"])`, also through a const); null for any other node or a list it cannot read.
 */
function forOfElement(node: Node, resolver: Resolver, depth: number, b: Bindings): Evaluated | null {
  if (!Node.isIdentifier(node)) return null;
  const decl = node.getSymbol()?.getDeclarations()[0];
  const list = decl?.getParent();
  const loop = list?.getParent();
  if (!decl || !Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode()) || !Node.isVariableDeclarationList(list) || !Node.isForOfStatement(loop)) return null;
  // A loop a caller unrolls (discovery's `for (const name of NAMES) server.registerTool(name, ...)`) binds the variable to one element.
  if (list.getDeclarationKind() !== 'const' || b.get(decl) !== undefined) return null;
  const arrays = possibleValues(evaluate(loop.getExpression(), resolver, depth + 1, b));
  if (!arrays || arrays.length === 0 || !arrays.every((a) => Array.isArray(a) && a.length > 0)) return null;
  return oneOf((arrays as unknown[][]).flat(), { known: false, reason: `\`${node.getText()}\` takes each element of \`${shorten(loop.getExpression().getText())}\``, node });
}

/** The values an evaluation can take: the one known value, or the listed possibilities, or null when any value is possible. */
function possibleValues(v: Evaluated): unknown[] | null {
  if (v.known) return [v.value];
  return v.possible ?? null;
}

/** An unknown value that is one of `values` (deduplicated), with the reason of the unknown part. */
function oneOf(values: unknown[], why: Evaluated & { known: false }): Evaluated {
  const distinct = [...new Set(values)];
  if (distinct.length === 1) return { known: true, value: distinct[0] };
  return { known: false, reason: why.reason, node: why.node, possible: distinct };
}

const TRUTHY = (v: unknown): boolean => Boolean(v);

/**
 * `b` with each `var` temporary a test assigns (`(_a = f(x)) !== null`: tsc's downlevel `??` and
 * `?.`, a `var _a` of the function written nowhere else) bound to the value assigned; `b` itself
 * when the test assigns none, or one already bound.
 */
function heldTemporaries(test: Node, b: Bindings): Bindings {
  let out = b;
  for (const assignment of test.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
    if (assignment.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    const left = unwrap(assignment.getLeft());
    const decl = Node.isIdentifier(left) ? left.getSymbol()?.getDeclarations()[0] : undefined;
    if (!decl || !Node.isVariableDeclaration(decl) || decl.getInitializer() || decl.getVariableStatement()?.getDeclarationKind() !== 'var' || !/^_[a-z]\d*$/.test(decl.getName())) continue;
    if (out.get(decl)) continue;
    out = out.with(decl, { kind: 'node', node: assignment.getRight(), bindings: b }, decl.getFirstAncestor(isFunctionNode) ?? decl.getSourceFile());
  }
  return out;
}

/**
 * Operators whose result follows from their operands: `??` (also as tsc writes it for older
 * targets), `||`, `&&`, `===`, `!==`, `==`, `!=`, `? :`, `Boolean(x)`, and membership in a literal list or set (`NAMES.has(x)`,
 * `[...].includes(x)`). When an operand is unknown but the result can only be one of a few
 * values (both branches of a condition known), they are listed in `possible`. Null for other nodes.
 */
function evaluateOperation(node: Node, resolver: Resolver, depth: number, b: Bindings): Evaluated | null {
  if (Node.isConditionalExpression(node)) {
    // tsc's downlevel `a ?? b` and `a?.b` hold `a` in a temporary (`(_a = a) !== null && _a !== void 0 ? _a : b`):
    // read the conditional with the temporary standing for what its test assigns it.
    const held = heldTemporaries(node.getCondition(), b);
    if (held !== b) return evaluate(node, resolver, depth + 1, held);
    const cond = evaluate(node.getCondition(), resolver, depth + 1, b);
    if (cond.known) return evaluate(TRUTHY(cond.value) ? node.getWhenTrue() : node.getWhenFalse(), resolver, depth + 1, b);
    const whenTrue = possibleValues(evaluate(node.getWhenTrue(), resolver, depth + 1, b));
    const whenFalse = possibleValues(evaluate(node.getWhenFalse(), resolver, depth + 1, b));
    return whenTrue && whenFalse ? oneOf([...whenTrue, ...whenFalse], cond) : cond;
  }
  if (Node.isBinaryExpression(node)) {
    const op = node.getOperatorToken().getKind();
    // An assignment gives the value assigned (`(_a = legacyName(n)) !== null`).
    if (op === SyntaxKind.EqualsToken) return evaluate(node.getRight(), resolver, depth + 1, b);
    if (op === SyntaxKind.QuestionQuestionToken || op === SyntaxKind.BarBarToken || op === SyntaxKind.AmpersandAmpersandToken) {
      const left = evaluate(node.getLeft(), resolver, depth + 1, b);
      // Which operand the operator returns, for a known left operand.
      const takesRight = (v: unknown): boolean => (op === SyntaxKind.QuestionQuestionToken ? v === null || v === undefined : op === SyntaxKind.BarBarToken ? !v : Boolean(v));
      if (left.known) return takesRight(left.value) ? evaluate(node.getRight(), resolver, depth + 1, b) : left;
      const right = possibleValues(evaluate(node.getRight(), resolver, depth + 1, b));
      const lefts = possibleValues(left);
      if (!right) return left;
      // An unknown left operand: with `&&` / `||` the result is the right operand or a falsy / truthy left one.
      if (lefts) return oneOf([...lefts.filter((v) => !takesRight(v)), ...(lefts.some(takesRight) ? right : [])], left);
      if (op === SyntaxKind.AmpersandAmpersandToken && right.every((v) => typeof v === 'boolean')) return oneOf([false, ...right], left);
      if (op === SyntaxKind.BarBarToken && right.every((v) => typeof v === 'boolean')) return oneOf([true, ...right], left);
      return left;
    }
    if (op === SyntaxKind.EqualsEqualsEqualsToken || op === SyntaxKind.ExclamationEqualsEqualsToken || op === SyntaxKind.EqualsEqualsToken || op === SyntaxKind.ExclamationEqualsToken) {
      const left = evaluate(node.getLeft(), resolver, depth + 1, b);
      const right = evaluate(node.getRight(), resolver, depth + 1, b);
      const negate = op === SyntaxKind.ExclamationEqualsEqualsToken || op === SyntaxKind.ExclamationEqualsToken;
      if (left.known && right.known) {
        // eslint-disable-next-line eqeqeq
        const equal = op === SyntaxKind.EqualsEqualsEqualsToken || op === SyntaxKind.ExclamationEqualsEqualsToken ? left.value === right.value : left.value == right.value;
        return { known: true, value: negate ? !equal : equal };
      }
      const unknown = (left.known ? right : left) as Evaluated & { known: false };
      return { known: false, reason: unknown.reason, node: unknown.node, possible: [true, false] };
    }
    return null;
  }
  if (Node.isPrefixUnaryExpression(node) && node.getOperatorToken() === SyntaxKind.ExclamationToken) {
    const inner = evaluate(node.getOperand(), resolver, depth + 1, b);
    if (inner.known) return { known: true, value: !inner.value };
    const values = possibleValues(inner);
    return values ? oneOf(values.map((v) => !v), inner) : { ...inner, possible: [true, false] };
  }
  if (Node.isPropertyAccessExpression(node) && node.getName() === 'length') {
    const receiver = evaluate(node.getExpression(), resolver, depth + 1, b);
    return receiver.known && (typeof receiver.value === 'string' || Array.isArray(receiver.value)) ? { known: true, value: receiver.value.length } : null;
  }
  if (Node.isNewExpression(node)) return newRegExp(node, resolver, depth, b);
  if (Node.isCallExpression(node)) {
    const callee = unwrap(node.getExpression());
    const args = node.getArguments();
    const tested = regExpTest(node, resolver, depth, b);
    if (tested) return tested;
    const predicate = literalPredicate(node, resolver, depth, b);
    if (predicate) return predicate;
    const returned = projectCallValue(node, resolver, depth, b);
    if (returned) return returned;
    if (Node.isIdentifier(callee) && callee.getText() === 'Boolean' && args.length === 1) {
      const inner = evaluate(args[0]!, resolver, depth + 1, b);
      if (inner.known) return { known: true, value: Boolean(inner.value) };
      const values = possibleValues(inner);
      return values ? oneOf(values.map(Boolean), inner) : { ...inner, possible: [true, false] };
    }
    // Pure string methods on a known string (`request.params.name.replace(PREFIX, "")`).
    if (Node.isPropertyAccessExpression(callee) && STRING_METHODS.has(callee.getName())) {
      const receiver = evaluate(callee.getExpression(), resolver, depth + 1, b);
      if (receiver.known && typeof receiver.value === 'string') {
        const values: unknown[] = [];
        for (const arg of args) {
          const literal = unwrap(arg);
          if (Node.isRegularExpressionLiteral(literal)) {
            const text = literal.getLiteralText();
            const at = text.lastIndexOf('/');
            values.push(new RegExp(text.slice(1, at), text.slice(at + 1)));
            continue;
          }
          const v = evaluate(arg, resolver, depth + 1, b);
          if (!v.known || (typeof v.value !== 'string' && typeof v.value !== 'number')) return v.known ? null : v;
          values.push(v.value);
        }
        const method = (String.prototype as unknown as Record<string, (...a: unknown[]) => unknown>)[callee.getName()]!;
        return { known: true, value: method.apply(receiver.value, values) };
      }
    }
    if (Node.isPropertyAccessExpression(callee) && (callee.getName() === 'has' || callee.getName() === 'includes') && args.length === 1) {
      const members = literalCollection(callee.getExpression(), resolver, depth, b);
      if (!members) return null;
      const item = evaluate(args[0]!, resolver, depth + 1, b);
      if (item.known) return { known: true, value: members.includes(item.value) };
      // A value only run time knows (a registry's tool name) is taken to be none of a few listed literals:
      // the answer holds for every value outside the list.
      if (members.length > 0 && item.runtime) return { known: true, value: false };
      return { known: false, reason: item.reason, node: item.node, possible: [true, false] };
    }
  }
  return null;
}

/**
 * `new RegExp(pattern, flags)` with a known pattern (`` new RegExp(`^${NAME}/${NAME}$`) ``): the
 * expression it makes; unknown when the pattern is not valid; null for any other `new`.
 */
function newRegExp(node: import('ts-morph').NewExpression, resolver: Resolver, depth: number, b: Bindings): Evaluated | null {
  const callee = unwrap(node.getExpression());
  const [pattern, flags] = node.getArguments();
  if (!Node.isIdentifier(callee) || callee.getText() !== 'RegExp' || callee.getSymbol()?.getDeclarations().some((d) => d.getSourceFile() === node.getSourceFile()) || !pattern) return null;
  const source = evaluate(pattern, resolver, depth + 1, b);
  const options = flags ? evaluate(flags, resolver, depth + 1, b) : { known: true as const, value: '' };
  if (!source.known || !options.known || typeof source.value !== 'string' || typeof options.value !== 'string') return null;
  try {
    return { known: true, value: new RegExp(source.value, options.value) };
  } catch {
    return { known: false, reason: `\`${shorten(node.getText())}\` is not a valid regular expression`, node };
  }
}

/** The regular expression a literal (`/^a$/i`) or a known value stands for, or null. */
function regExpOf(expr: Node, resolver: Resolver, depth: number, b: Bindings): RegExp | null {
  const node = unwrap(expr);
  if (Node.isRegularExpressionLiteral(node)) {
    const text = node.getLiteralText();
    const at = text.lastIndexOf('/');
    try {
      return new RegExp(text.slice(1, at), text.slice(at + 1));
    } catch {
      return null;
    }
  }
  const v = evaluate(node, resolver, depth + 1, b);
  return v.known && v.value instanceof RegExp ? v.value : null;
}

/**
 * `re.test(s)` with a known expression (a literal, or a const made by `new RegExp` of a known
 * pattern) and a known string; null for anything else. A global or sticky expression keeps state
 * between calls (`lastIndex`), so only one without `g` and `y` is computed.
 */
function regExpTest(call: import('ts-morph').CallExpression, resolver: Resolver, depth: number, b: Bindings): Evaluated | null {
  const callee = unwrap(call.getExpression());
  const [arg] = call.getArguments();
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'test' || call.getArguments().length !== 1 || !arg) return null;
  const re = regExpOf(callee.getExpression(), resolver, depth, b);
  if (!re || re.global || re.sticky) return null;
  const text = evaluate(arg, resolver, depth + 1, b);
  return text.known && typeof text.value === 'string' ? { known: true, value: re.test(text.value) } : null;
}

/** Array methods that ask a predicate of each member and answer with a boolean. */
const PREDICATE_METHODS: ReadonlySet<string> = new Set(['some', 'every']);

/**
 * `LIST.some((p) => value.startsWith(p))` (also `every`) over a literal list, with a predicate
 * written in place whose body returns one expression: that expression evaluated once per member,
 * its parameter bound to the member. Null when the list, the predicate or any answer is unknown.
 */
function literalPredicate(call: import('ts-morph').CallExpression, resolver: Resolver, depth: number, b: Bindings): Evaluated | null {
  const callee = unwrap(call.getExpression());
  const [arg] = call.getArguments();
  if (!Node.isPropertyAccessExpression(callee) || !PREDICATE_METHODS.has(callee.getName()) || !arg) return null;
  const predicate = unwrap(arg);
  const param = isFunctionNode(predicate) ? predicate.getParameters()[0] : undefined;
  const body = isFunctionNode(predicate) ? soleReturn(predicate) : null;
  if (!param || !body || !Node.isIdentifier(param.getNameNode())) return null;
  const members = literalCollection(callee.getExpression(), resolver, depth, b);
  if (!members) return null;
  const answers: boolean[] = [];
  for (const member of members) {
    const v = evaluate(body, resolver, depth + 1, b.with(param, { kind: 'const', value: member }, predicate as FunctionNode));
    if (!v.known) return null;
    answers.push(Boolean(v.value));
  }
  return { known: true, value: callee.getName() === 'some' ? answers.some(Boolean) : answers.every(Boolean) };
}

/**
 * The value of a call of a project function whose body only returns an expression (`const
 * isRemote = (v) => PREFIXES.some((p) => v.startsWith(p))`): that expression, read with the
 * parameters bound to the call's arguments. Only with every argument known, and not read as
 * `undefined` (an absent key of an object the linter took for the argument): a guess about an
 * argument must not decide what a validator answers (`if (!isValidStatus(status)) throw`), which
 * would leave the code after it unread. A body of guard clauses and a last return (`if
 * (!name.includes("-slash-")) return null; return name.replace(...)`) answers by its first test
 * that holds, when each test is known (returns.ts `guardedReturns`). Null for any other call, or an
 * unknown answer (the caller then says why the call is not known).
 */
function projectCallValue(call: import('ts-morph').CallExpression, resolver: Resolver, depth: number, b: Bindings): Evaluated | null {
  const target = resolver.resolve(call.getExpression(), 0, b);
  if (target.kind !== 'function') return null;
  const sole = soleReturn(target.node);
  const ways = sole ? [{ value: sole }] : guardedReturns(target.node);
  if (!ways || !ways.every((w) => readsOnlyFixedNames(w.value) && (!w.when || readsOnlyFixedNames(w.when)))) return null;
  const given = (a: Node): boolean => {
    const v = evaluate(a, resolver, depth + 1, b);
    return v.known && v.value !== undefined;
  };
  if (call.getArguments().some((a) => Node.isSpreadElement(a) || !given(a))) return null;
  const inner = bindParameters(target.node, call.getArguments(), b, bindingsOf(target));
  // Guard clauses in order: the first test that holds returns; a test the linter cannot decide leaves the value unknown.
  for (const { when, value } of ways) {
    if (when) {
      const test = evaluate(when, resolver, depth + 1, inner);
      if (!test.known) return null;
      if (!test.value) continue;
    }
    const v = evaluate(value, resolver, depth + 1, inner);
    return v.known ? v : null;
  }
  return null;
}

/**
 * True when every name an expression reads is fixed for the call: a parameter (of its function or
 * of a callback written in it), a `const`, an import, a function or a class. A function that
 * returns a `let` or a field (`return silentMode`, `this.level >= x`) answers what the server's
 * state is at run time, which its initializer does not tell.
 */
function readsOnlyFixedNames(expr: Node): boolean {
  if (Node.isThisExpression(expr) || expr.getFirstDescendantByKind(SyntaxKind.ThisKeyword)) return false;
  const ids = Node.isIdentifier(expr) ? [expr] : descendantsOfKinds(expr, [SyntaxKind.Identifier]);
  return ids.every((id) => {
    const parent = id.getParent();
    // Names of members and of object keys are no reads of a variable.
    if (parent && ((Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) || (Node.isPropertyAssignment(parent) && parent.getNameNode() === id))) return true;
    const symbol = id.getSymbol();
    // An imported name is what its module declares (a package's, with no declaration here, is fixed).
    const decl = symbol?.isAlias() ? (symbol.getAliasedSymbol()?.getDeclarations()[0] ?? symbol.getDeclarations()[0]) : symbol?.getDeclarations()[0];
    if (!decl) return id.getText() === 'undefined';
    if (Node.isVariableDeclaration(decl)) return decl.getVariableStatement()?.getDeclarationKind() === 'const';
    return Node.isParameterDeclaration(decl) || Node.isImportSpecifier(decl) || Node.isImportClause(decl) || Node.isNamespaceImport(decl) || Node.isFunctionDeclaration(decl) || Node.isClassDeclaration(decl);
  });
}

/** String methods without side effects whose result the linter computes from known arguments. */
const STRING_METHODS: ReadonlySet<string> = new Set(['includes', 'replace', 'replaceAll', 'toLowerCase', 'toUpperCase', 'trim', 'trimStart', 'trimEnd', 'slice', 'substring', 'startsWith', 'endsWith', 'concat', 'at', 'charAt']);

/** The members of `new Set([...])`, an array literal, or a const holding one; null for anything else. */
function literalCollection(expr: Node, resolver: Resolver, depth: number, b: Bindings): unknown[] | null {
  let target = resolver.resolve(expr, 0, b);
  let node = target.kind === 'value' ? unwrap(target.node) : unwrap(expr);
  // `const NAMES = new Set([...])` resolves to the global Set; its literal is in the declaration,
  // also in another module, or of a bundle's `var` that nothing assigns again. A collection
  // changed after it is made (`NAMES.add(x)`) is not a literal.
  const init = constInitializer(node) ?? unassignedInitializer(node, resolver);
  if (init && changedLater(node, init)) return null;
  if (init) {
    node = unwrap(init);
    target = { kind: 'value', node: node as import('ts-morph').Expression };
  }
  const list = isNewOf(node, 'Set') ? node.getArguments()[0] : node;
  if (!list || !Node.isArrayLiteralExpression(unwrap(list))) return null;
  const v = evaluate(list, resolver, depth + 1, target.kind === 'value' ? bindingsOf(target) : b);
  return v.known && Array.isArray(v.value) ? v.value : null;
}

/** Methods that change a Set or an array in place. */
const MUTATORS = ['add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin'];

/**
 * Whether the collection `name` names (made by `init`) may be changed in place: its name is followed
 * by a mutating method in the file that uses it or the file that makes it. A text search, so a
 * same-named variable elsewhere in those files also counts: it errs toward "changed".
 */
function changedLater(name: Node, init: Node): boolean {
  const id = Node.isIdentifier(name) ? name.getText() : Node.isPropertyAccessExpression(name) ? name.getName() : null;
  if (!id) return true;
  const pattern = new RegExp(`\\b${id.replace(/[$]/g, '\\$&')}\\s*\\.\\s*(?:${MUTATORS.join('|')})\\s*\\(`);
  return [name.getSourceFile(), init.getSourceFile()].some((sf) => pattern.test(sf.getFullText()));
}

/** The initializer of a `let` or `var` that no code assigns again (`var HIDDEN = new Set([...])` in a bundle); undefined otherwise. */
function unassignedInitializer(node: Node, resolver: Resolver): Node | undefined {
  const decl = Node.isIdentifier(node) ? node.getSymbol()?.getDeclarations()[0] : undefined;
  if (!decl || !Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode())) return undefined;
  return resolver.writesOf(decl) ? undefined : decl.getInitializer();
}

/**
 * Evaluates an object expression (a literal, or an identifier or import that stands for one)
 * property by property, flattening spreads. Each property keeps the node that set it. With
 * `only`, the values of other keys are not evaluated (their presence and position still are).
 */
export function evaluateObject(expr: Node, resolver: Resolver, depth = 0, only?: ReadonlySet<string>, b: Bindings = Bindings.EMPTY): EvaluatedObject {
  const start = unwrap(expr);
  // tsc's output for spreads below ES2018: `Object.assign(Object.assign({}, a), { ... })`, `__assign({}, a)`.
  if (Node.isCallExpression(start) && /^(Object\.assign|__assign\d*)$/.test(start.getExpression().getText()) && !deeperThan(depth, MAX_DEPTH)) {
    const merged: EvaluatedObject = { node: start, properties: new Map(), unresolved: [] };
    for (const part of start.getArguments()) {
      const inner = evaluateObject(part, resolver, depth + 1, only, b);
      for (const [key, value] of inner.properties) {
        merged.properties.delete(key);
        merged.properties.set(key, value);
      }
      merged.unresolved.push(...inner.unresolved);
    }
    return merged;
  }
  let literal: Node | null = start;
  let own = b;
  if (!Node.isObjectLiteralExpression(start)) {
    // An identifier, a member, a call of a helper returning an object: read it where it is written.
    const target = resolver.resolve(start, 0, b);
    literal = target.kind === 'value' || target.kind === 'function' ? unwrap(target.node) : null;
    own = bindingsOf(target);
  }
  const result: EvaluatedObject = { node: literal && Node.isObjectLiteralExpression(literal) ? literal : start, properties: new Map(), unresolved: [] };
  if (!literal || !Node.isObjectLiteralExpression(literal)) {
    const why = evaluate(start, resolver, depth + 1, b);
    // Data with no literal in the code (a JSON file's object): its keys, each set where it is read.
    if (why.known && why.value !== null && typeof why.value === 'object' && !Array.isArray(why.value)) {
      for (const [key, value] of Object.entries(why.value)) result.properties.set(key, { node: start, value: { known: true, value }, bindings: b });
      return result;
    }
    const reason = !why.known && why.reason.startsWith('`') && !why.reason.includes('computed at run time') ? why.reason : `\`${shorten(start.getText())}\` is not an object literal the linter can read`;
    result.unresolved.push({ node: start, reason });
    return result;
  }
  if (deeperThan(depth, MAX_DEPTH)) {
    result.unresolved.push({ node: literal, reason: 'evaluation depth limit' });
    return result;
  }
  // `const A = { ...A, key }`: the literal met again inside itself, in the same bindings, is no value the code has.
  let reading = READING_OBJECTS.get(own.id);
  if (reading?.has(literal)) {
    noteStackCut();
    result.unresolved.push({ node: start, reason: `\`${shorten(start.getText())}\` is made from itself` });
    return result;
  }
  if (!reading) READING_OBJECTS.set(own.id, (reading = new Set()));
  reading.add(literal);
  try {
    readProperties(literal, result, resolver, depth, only, own);
  } finally {
    reading.delete(literal);
    if (reading.size === 0) READING_OBJECTS.delete(own.id);
  }
  // `const copy = { ...tool }; copy.annotations = {...}`: what the function writes later replaces the key.
  for (const write of laterWrites(literal)) {
    if (!write.certain) {
      result.unresolved.push({ node: write.node, reason: `\`${shorten(write.node.getLeft().getText())}\` is assigned in a branch or a callback` });
      continue;
    }
    result.properties.delete(write.key);
    result.properties.set(write.key, { node: write.node, value: only && !only.has(write.key) ? NOT_EVALUATED : evaluate(write.node.getRight(), resolver, depth + 1, own), bindings: own });
  }
  return result;
}

/**
 * The assignments `v.key = value` that a function makes to a local object `v` after declaring it
 * with `literal` (`const copy = { ...tool }; copy.annotations = { ... }; return copy`), in source
 * order: `certain` when the assignment is a statement of the block that declares `v`, else it runs
 * in a branch or a callback. Empty when `literal` initializes no local `const` or `let`.
 */
function laterWrites(literal: Node): LaterWrite[] {
  let writes = LATER_WRITES.get(literal);
  if (!writes) {
    writes = findLaterWrites(literal);
    LATER_WRITES.set(literal, writes);
  }
  return writes;
}

/** One assignment `v.key = value` to a local object after its declaration (see {@link laterWrites}). */
type LaterWrite = { key: string; node: BinaryExpression; certain: boolean };

/**
 * The object literals {@link evaluateObject} is reading now, by the id of the bindings they are
 * read in: one that spreads itself (also through another const) is cut where it comes back.
 */
const READING_OBJECTS = new Map<number, Set<Node>>();

/** {@link laterWrites} by object literal: evaluateObject reads one literal many times. */
const LATER_WRITES = new WeakMap<Node, LaterWrite[]>();

function findLaterWrites(literal: Node): LaterWrite[] {
  const decl = literal.getParentIfKind(SyntaxKind.VariableDeclaration);
  const statement = decl?.getVariableStatement();
  const block = statement?.getParent();
  const nameNode = decl?.getNameNode();
  if (!decl || !statement || !block || !Node.isBlock(block) || decl.getInitializer() !== literal || !nameNode || !Node.isIdentifier(nameNode)) return [];
  const name = nameNode.getText();
  const after = statement.getEnd();
  // Only `<name>.key = ...` after the declaration is wrapped (the compiler's tree is filtered first).
  const candidates = descendantsOfKinds<BinaryExpression>(block, [SyntaxKind.BinaryExpression], (n) => {
    const w = n as TS.BinaryExpression;
    if (w.operatorToken.kind !== SyntaxKind.EqualsToken || w.getStart() < after) return false;
    const left = unwrapCompiler(w.left);
    if (!ts.isPropertyAccessExpression(left)) return false;
    const target = unwrapCompiler(left.expression);
    return ts.isIdentifier(target) && target.text === name;
  });
  const out: LaterWrite[] = [];
  for (const assignment of candidates) {
    const left = unwrap(assignment.getLeft()) as import('ts-morph').PropertyAccessExpression;
    const target = unwrap(left.getExpression());
    if (target.getSymbol()?.getDeclarations()[0] !== decl) continue;
    const parent = assignment.getParent();
    out.push({ key: left.getName(), node: assignment, certain: Node.isExpressionStatement(parent) && parent.getParent() === block });
  }
  return out;
}

/**
 * The object a spread `...source` adds: for `...(cond ? a : b)` the side `cond` picks; with `cond`
 * unknown, the keys both sides set, each with the value both give or else an unknown one (a key
 * one side sets may be absent, and is left out).
 */
function spreadSource(source: Node, resolver: Resolver, depth: number, only: ReadonlySet<string> | undefined, b: Bindings): EvaluatedObject {
  const node = unwrap(source);
  if (!Node.isConditionalExpression(node) || deeperThan(depth, MAX_DEPTH)) return evaluateObject(source, resolver, depth + 1, only, b);
  const cond = evaluate(node.getCondition(), resolver, depth + 1, b);
  if (cond.known) return evaluateObject(TRUTHY(cond.value) ? node.getWhenTrue() : node.getWhenFalse(), resolver, depth + 1, only, b);
  const sides = [node.getWhenTrue(), node.getWhenFalse()].map((side) => evaluateObject(side, resolver, depth + 1, only, b));
  const merged: EvaluatedObject = { node, properties: new Map(), unresolved: sides.flatMap((s) => s.unresolved) };
  // A key on one side only may be absent at run time: whether it is set is unknown, as is a key
  // both sides set to different values (a rule would otherwise judge a value most tools never get).
  const keys = new Set([...sides[0]!.properties.keys(), ...sides[1]!.properties.keys()]);
  for (const key of keys) {
    const props = sides.map((s) => s.properties.get(key));
    const values = props.map((p) => (p?.value.known ? p.value.value : p ? null : undefined));
    const first = props.find((p) => p !== undefined)!;
    // The same known value on both sides is that value; otherwise it is unknown (not a list of
    // possibilities: which side a tool takes is what the linter could not read, so no side is judged).
    const same = props.every((p) => p?.value.known && p.value.value !== undefined) && values.every((v) => v === values[0]);
    const oneSided = props.some((p) => p === undefined);
    const value: Evaluated = same ? { known: true, value: values[0] } : { known: false, reason: `\`${shorten(node.getCondition().getText())}\` decides whether \`${key}\` is set, and it is known only at run time`, node, ...(oneSided ? { mayBeAbsent: true } : {}) };
    merged.properties.set(key, { ...first, value });
  }
  return merged;
}

/** Reads the properties of an object literal into `result`, flattening spreads (see {@link evaluateObject}). */
function readProperties(literal: import('ts-morph').ObjectLiteralExpression, result: EvaluatedObject, resolver: Resolver, depth: number, only: ReadonlySet<string> | undefined, own: Bindings): void {
  for (const prop of literal.getProperties()) {
    if (Node.isSpreadAssignment(prop)) {
      const inner = spreadSource(prop.getExpression(), resolver, depth, only, own);
      for (const [key, value] of inner.properties) {
        result.properties.delete(key);
        result.properties.set(key, value);
      }
      result.unresolved.push(...inner.unresolved);
      continue;
    }
    if (Node.isPropertyAssignment(prop)) {
      const nameNode = prop.getNameNode();
      let key: string | null = null;
      if (Node.isIdentifier(nameNode) || Node.isStringLiteral(nameNode) || Node.isNumericLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode)) {
        key = Node.isIdentifier(nameNode) ? nameNode.getText() : nameNode.getLiteralText();
      } else if (Node.isComputedPropertyName(nameNode)) {
        const computed = evaluate(nameNode.getExpression(), resolver, depth + 1, own);
        if (computed.known && typeof computed.value === 'string') key = computed.value;
      }
      if (key === null) {
        result.unresolved.push({ node: prop, reason: `the computed key ${shorten(nameNode.getText())} cannot be read` });
        continue;
      }
      result.properties.delete(key);
      if (only && !only.has(key)) result.properties.set(key, { node: prop, value: NOT_EVALUATED, bindings: own });
      else result.properties.set(key, { node: prop, value: evaluate(prop.getInitializerOrThrow(), resolver, depth + 1, own), bindings: own });
      continue;
    }
    if (Node.isShorthandPropertyAssignment(prop)) {
      const key = prop.getName();
      result.properties.delete(key);
      if (only && !only.has(key)) result.properties.set(key, { node: prop, value: NOT_EVALUATED, bindings: own });
      else result.properties.set(key, { node: prop, value: evaluate(prop.getNameNode(), resolver, depth + 1, own), bindings: own });
      continue;
    }
    if (Node.isMethodDeclaration(prop) || Node.isGetAccessorDeclaration(prop) || Node.isSetAccessorDeclaration(prop)) {
      const key = prop.getName();
      result.properties.delete(key);
      result.properties.set(key, { node: prop, value: { known: false, reason: 'a method', node: prop }, bindings: own });
    }
  }
}

import type { ParameterDeclaration } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import type { Bindings } from '../analysis/bindings.js';
import { isAssignmentOperator } from '../analysis/nodes.js';
import type { Resolver } from '../analysis/resolve.js';
import { isFunctionNode, isModuleLevel, unwrap, type FunctionNode } from '../analysis/syntax.js';

/**
 * Where a value an effect acts on comes from, when the function with the effect takes it from its
 * caller (a file path, the id of a resource to delete). The engine summarises a function once for
 * all its callers, without their arguments; a judgement that needs the value (is the path under a
 * scratch directory this call made? is the id that of a resource this call created?) waits for
 * the call sites, as a request's method does in request-flow.ts: {@link traceValue} follows the
 * value in its function to a parameter, and {@link passedAt} reads that parameter at each call.
 */

/**
 * A value a function takes from its caller: one of its parameters, or a field of one
 * (`params.tempFilePath`, `const { tempFilePath } = params`, `({ branchId }) => ...`). `fields` is
 * the path of property names into the parameter's value, outermost first.
 */
export interface Passed {
  readonly parameter: ParameterDeclaration;
  readonly fields: readonly string[];
}

/**
 * A value traced as far as its function's code tells: an expression, with the bindings it is read
 * in and the fields of it that are read (`createBranch()` with `["branch", "id"]` for
 * `created.branch.id`), or a value the caller passes.
 */
export type Traced = { readonly node: Node; readonly bindings: Bindings; readonly fields: readonly string[] } | { readonly passed: Passed };

/**
 * The calls a trace went up through by the bindings of its context (a parameter bound to the
 * argument a call site passed), each with the parameter that received the value: the callees the
 * engine found for those calls, which may not be found again without the context (`tool.call(args)`
 * of a tool a registry lookup picked).
 */
export type Hops = Map<Node, ParameterDeclaration>;

/** Records in `hops` the call whose argument `arg` a parameter `param` was bound to, when `arg` is one. */
function recordHop(hops: Hops | undefined, param: Node, arg: Node): void {
  if (!hops || !Node.isParameterDeclaration(param)) return;
  const call = arg.getParent();
  if ((Node.isCallExpression(call) || Node.isNewExpression(call)) && call.getArguments().includes(arg)) hops.set(call, param);
}

/**
 * How many names, fields and calls {@link traceValue} follows (a guard against long chains): a
 * path handed from a tool's handler through an options object and the layers of a command-line
 * entry point (`{ skillDir }` → `runCli(options)` → `const { skillDir } = cliOptions` → `{ skillDir }`
 * → `packSkill({ options })` → `const { options } = params` → `const { skillDir } = options`) takes
 * two steps a layer, about 18 in all.
 */
const MAX_DEPTH = 24;

/**
 * Where the value `expr` holds (its `fields`, when given) comes from, in the function that reads it
 * with bindings `b`: through `await`, field reads (`a.b`), object literals (`{ tempFilePath }`,
 * `{ branchId: branch.id }`), `const`s and destructuring (`const { a } = x`), a `let` of the
 * function given one value (`let made; ... made = await create()`), and parameters bound in `b`
 * (to the caller's expression); to a parameter (or a parameter's destructuring pattern) not bound
 * in `b`: the caller passes it. Anything else is where the value is made: a call, a template, a
 * name of module state. Null when the code does not tell (a `let` given two values, a spread over
 * the field, an array pattern).
 */
export function traceValue(expr: Node, b: Bindings, fields: readonly string[] = [], depth = 0, hops?: Hops): Traced | null {
  if (depth > MAX_DEPTH) return null;
  let node = unwrap(expr);
  while (Node.isAwaitExpression(node)) node = unwrap(node.getExpression());
  if (Node.isPropertyAccessExpression(node)) return traceValue(node.getExpression(), b, [node.getName(), ...fields], depth + 1, hops);
  if (Node.isObjectLiteralExpression(node) && fields.length > 0) {
    const [key, ...rest] = fields;
    const props = node.getProperties();
    // The last property of that name wins, unless a spread after it may set it again.
    for (let i = props.length - 1; i >= 0; i--) {
      const prop = props[i]!;
      if (Node.isSpreadAssignment(prop)) return null;
      if (Node.isPropertyAssignment(prop) && prop.getName() === key) return traceValue(prop.getInitializerOrThrow(), b, rest, depth + 1, hops);
      if (Node.isShorthandPropertyAssignment(prop) && prop.getName() === key) {
        const decl = prop.getValueSymbol()?.getDeclarations()[0];
        return decl ? fromDeclaration(decl, prop.getNameNode(), rest, b, depth + 1, hops) : null;
      }
    }
    return null;
  }
  if (Node.isIdentifier(node)) {
    const decl = node.getSymbol()?.getDeclarations()[0];
    return decl ? fromDeclaration(decl, node, fields, b, depth + 1, hops) : { node, bindings: b, fields };
  }
  return { node, bindings: b, fields };
}

/** What the name `at`, declared by `decl`, holds (see {@link traceValue}). */
function fromDeclaration(decl: Node, at: Node, fields: readonly string[], b: Bindings, depth: number, hops?: Hops): Traced | null {
  const bound = b.get(decl);
  if (bound !== undefined) {
    if (bound.kind !== 'node') return null;
    recordHop(hops, decl, bound.node);
    return traceValue(bound.node, bound.bindings, fields, depth + 1, hops);
  }
  if (Node.isParameterDeclaration(decl)) return Node.isIdentifier(decl.getNameNode()) ? { passed: { parameter: decl, fields } } : null;
  if (Node.isBindingElement(decl)) return fromBindingElement(decl, fields, b, depth, hops);
  if (!Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode())) return { node: at, bindings: b, fields };
  // Module state holds what earlier calls left: the name is where the value is.
  if (isModuleLevel(decl)) return { node: at, bindings: b, fields };
  const values = valuesOf(decl);
  return values !== null && values.length === 1 ? traceValue(values[0]!, b, fields, depth + 1, hops) : null;
}

/** What a name destructured from a value holds: that value's field (`const { a: { b } } = x` is `x.a.b`; `...rest` is `x`). */
function fromBindingElement(element: import('ts-morph').BindingElement, fields: readonly string[], b: Bindings, depth: number, hops?: Hops): Traced | null {
  const keys: string[] = [];
  let current: Node = element;
  for (;;) {
    if (!Node.isBindingElement(current)) return null;
    const pattern = current.getParent();
    if (!Node.isObjectBindingPattern(pattern)) return null;
    if (current.getDotDotDotToken() === undefined) {
      const property = current.getPropertyNameNode();
      if (property !== undefined && !Node.isIdentifier(property) && !Node.isStringLiteral(property)) return null;
      keys.unshift(property === undefined ? current.getName() : Node.isStringLiteral(property) ? property.getLiteralText() : property.getText());
    }
    const holder = pattern.getParent();
    const bound = b.get(holder);
    if (bound !== undefined) {
      if (bound.kind !== 'node') return null;
      recordHop(hops, holder, bound.node);
      return traceValue(bound.node, bound.bindings, [...keys, ...fields], depth + 1, hops);
    }
    if (Node.isParameterDeclaration(holder)) return { passed: { parameter: holder, fields: [...keys, ...fields] } };
    if (Node.isVariableDeclaration(holder)) {
      const init = holder.getInitializer();
      return init && holder.getVariableStatement()?.getDeclarationKind() === 'const' ? traceValue(init, b, [...keys, ...fields], depth + 1, hops) : null;
    }
    current = holder;
  }
}

/**
 * The values a variable of a function is given: a `const`'s initializer; a `let`'s initializer
 * (unless absent or `undefined`) and the plain `=` assignments to it in the function. Null when
 * something else writes it (`+=`, `++`).
 */
function valuesOf(decl: import('ts-morph').VariableDeclaration): Node[] | null {
  const init = decl.getInitializer();
  const given = init !== undefined && !(Node.isIdentifier(unwrap(init)) && unwrap(init).getText() === 'undefined') ? [init] : [];
  if (decl.getVariableStatement()?.getDeclarationKind() === 'const') return given;
  const scope = decl.getFirstAncestor(isFunctionNode);
  if (!scope) return null;
  const symbol = decl.getNameNode().getSymbol();
  const name = decl.getName();
  for (const id of scope.getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (id.getText() !== name || id.getSymbol() !== symbol) continue;
    const parent = id.getParent();
    if (Node.isBinaryExpression(parent) && parent.getLeft() === id && isAssignmentOperator(parent.getOperatorToken().getKind())) {
      if (parent.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return null;
      given.push(parent.getRight());
    } else if ((Node.isPrefixUnaryExpression(parent) || Node.isPostfixUnaryExpression(parent)) && [SyntaxKind.PlusPlusToken, SyntaxKind.MinusMinusToken].includes(parent.getOperatorToken())) {
      return null;
    }
  }
  return given;
}

/**
 * What `call`, a call of `callee` read with the caller's bindings `b`, passes for a value `callee`
 * takes from its caller, traced in the caller (`run({ command, tempFilePath })` passes the
 * caller's `tempFilePath` for `params.tempFilePath`). Undefined when the value is another
 * function's parameter (a caller further up passes it); null when `call` does not show it (the
 * argument left out or spread, a rest parameter, `callee` handed on as a callback or called
 * through `.call`/`.apply`).
 */
export function passedAt(passed: Passed, callee: FunctionNode, call: Node, resolver: Resolver, b: Bindings, hops?: Hops): Traced | null | undefined {
  if (passed.parameter.getParent() !== callee) return undefined;
  if (!(Node.isCallExpression(call) || Node.isNewExpression(call))) return null;
  const through = unwrap(call.getExpression());
  if (Node.isPropertyAccessExpression(through) && ['call', 'apply', 'bind'].includes(through.getName())) return null;
  const args = call.getArguments();
  const handedOn = args.some((a) => {
    const target = resolver.resolve(a, 0, b);
    return target.kind === 'function' && target.node === callee;
  });
  if (handedOn) return null;
  const index = callee.getParameters().indexOf(passed.parameter);
  if (index < 0 || passed.parameter.isRestParameter() || args.slice(0, index + 1).some((a) => Node.isSpreadElement(a))) return null;
  const arg = args[index];
  return arg ? traceValue(arg, b, passed.fields, 0, hops) : null;
}

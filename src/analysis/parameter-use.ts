import type { Node as TsNode, ts as TS } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { contains, descendantsOfKinds, isAssignmentOperator } from './nodes.js';
import { isFunctionNode, unwrap, type FunctionNode } from './syntax.js';

/** The largest body (in characters) of a helper read per call site outside a bound context. */
const SMALL_FORWARDER_CHARS = 1200;

/** Methods that look a key up (`handlers.get(name)`): the resolver reads the entry a static key picks. */
const KEYED_LOOKUPS = new Set(['get', 'has']);

/**
 * Which parameters of a function steer what its effect summary says when a call site binds them
 * to a static value (the tool name a dispatch branch passes on): those the function, or a function
 * it passes them to, branches on (`if`, `switch`, `? :`, `&&`), uses as a computed key
 * (`handlers[name]`, `map.get(name)`), calls a method of (`client.get(path)`: the value decides
 * which code runs), or keeps in a variable (followed no further, so counted).
 * A parameter that only reaches a library call's arguments (`writeFile(\`/data/${id}\`)`) does not:
 * binding it would only make every call site summarise the function anew.
 *
 * When unsure (a rest parameter, a spread argument, `arguments`, recursion in progress), a
 * parameter counts as steering: binding it costs time, never correctness. Memoized per function.
 */
export class ParameterUse {
  private readonly memo = new Map<FunctionNode, boolean[]>();
  private readonly inProgress = new Set<FunctionNode>();
  private readonly forwarders = new Map<FunctionNode, ReadonlySet<string> | null>();

  /** @param calleeOf the project function a callee expression names, read without bindings, or null. */
  constructor(private readonly calleeOf: (callee: TsNode) => FunctionNode | null) {}

  /** True when binding parameter `index` of `fn` to a static value may change `fn`'s summary. */
  steers(fn: FunctionNode, index: number): boolean {
    if (this.inProgress.has(fn)) return true;
    let uses = this.memo.get(fn);
    if (!uses) {
      this.inProgress.add(fn);
      try {
        uses = this.usesOf(fn);
      } finally {
        this.inProgress.delete(fn);
      }
      this.memo.set(fn, uses);
    }
    return uses[index] ?? true;
  }

  /**
   * For a small helper (at most {@link SMALL_FORWARDER_CHARS} of body) whose parameters flow into a
   * call (a wrapper around a sink, `(file, args) => execFileSync(file, args)`): the names of the
   * parameters it passes whole to a call, which steer that call too; null for any other function.
   * Such helpers are read per call site; a static value is bound only to those parameters, so that
   * a helper given a different id per tool (`save("t1")` … `save("t50")` building a path from it)
   * is still summarised once. Memoized per function.
   */
  forwarded(fn: FunctionNode): ReadonlySet<string> | null {
    let answer = this.forwarders.get(fn);
    if (answer === undefined) {
      const body = fn.getBody();
      const params = new Set(fn.getParameters().map((p) => p.getName()));
      answer = null;
      if (body !== undefined && params.size > 0 && body.getEnd() - body.getPos() <= SMALL_FORWARDER_CHARS) {
        // An arrow function's expression body may be the call itself (`(f, a) => execFileSync(f, a)`).
        const calls = [...(Node.isCallExpression(body) ? [body] : []), ...descendantsOfKinds(body, [SyntaxKind.CallExpression]).filter(Node.isCallExpression)];
        if (calls.some((c) => c.getArguments().some((a) => mentionsAny(a, params)))) {
          answer = new Set(calls.flatMap((c) => c.getArguments().flatMap((a) => forwardedNames(a)).filter((t) => params.has(t))));
        }
      }
      this.forwarders.set(fn, answer);
    }
    return answer;
  }

  private usesOf(fn: FunctionNode): boolean[] {
    const params = fn.getParameters();
    const body = fn.getBody();
    if (!body) return params.map(() => false);
    const names = new Set(params.flatMap((p) => [...p.getNameNode().getDescendantsOfKind(SyntaxKind.Identifier), p.getNameNode()].filter(Node.isIdentifier).map((id) => id.getText())));
    const ids = descendantsOfKinds(body, [SyntaxKind.Identifier], (n) => names.has((n as TS.Identifier).text) || (n as TS.Identifier).text === 'arguments');
    if (ids.some((id) => id.getText() === 'arguments')) return params.map(() => true);
    return params.map((param) => {
      if (param.isRestParameter()) return true;
      return ids.some((id) => {
        // `{ name }` names a property: its symbol is not the parameter's, so count the name itself.
        if (Node.isShorthandPropertyAssignment(id.getParent())) return names.has(id.getText());
        const decl = id.getSymbol()?.getDeclarations()[0];
        return decl !== undefined && contains(param, decl) && this.steersFrom(id, fn);
      });
    });
  }

  /** True when the value at `ref` (a reference to a parameter of `fn`) can decide a branch or a lookup. */
  private steersFrom(ref: TsNode, fn: FunctionNode): boolean {
    let child: TsNode = ref;
    for (let node = ref.getParent(); node && node !== fn; child = node, node = node.getParent()) {
      if (isConditionOf(node, child)) return true;
      if (Node.isVariableDeclaration(node) || Node.isBindingElement(node) || Node.isParameterDeclaration(node)) return true;
      if (Node.isBinaryExpression(node) && isAssignmentOperator(node.getOperatorToken().getKind())) return true;
      if (Node.isElementAccessExpression(node) && child === node.getArgumentExpression()) return true;
      // The receiver of a method call (`client.get(path)`, `context.api.list()`): which code runs depends on the value.
      if (Node.isPropertyAccessExpression(node) && child === node.getExpression()) {
        const call = node.getParent();
        if (call && Node.isCallExpression(call) && call.getExpression() === node) return true;
      }
      if ((Node.isCallExpression(node) || Node.isNewExpression(node)) && child !== node.getExpression()) {
        const args = node.getArguments();
        const index = args.indexOf(child as never);
        if (index < 0 || args.slice(0, index + 1).some((a) => Node.isSpreadElement(a))) return true;
        const callee = this.calleeOf(node.getExpression());
        if (callee ? this.steers(callee, index) : KEYED_LOOKUPS.has(methodName(node.getExpression()))) return true;
        // Else the call's result may still be read in a condition above: go on.
      }
      if (Node.isStatement(node) || (isFunctionNode(node) && child === node.getBody())) return false;
    }
    return false;
  }
}

/**
 * The names an argument passes on whole: itself when it is a name, and the names an options object
 * spreads at its top level (`fetch(url, { ...options, headers })` passes `options` on).
 */
function forwardedNames(arg: TsNode): string[] {
  const n = unwrap(arg);
  if (Node.isObjectLiteralExpression(n)) return n.getProperties().filter(Node.isSpreadAssignment).map((p) => unwrap(p.getExpression()).getText());
  return [n.getText()];
}

/** True when `node` is, or holds, an identifier named in `names` (`args`, `{ method }`, `` `${url}` ``). */
function mentionsAny(node: TsNode, names: ReadonlySet<string>): boolean {
  const n = unwrap(node);
  if (Node.isIdentifier(n)) return names.has(n.getText());
  return descendantsOfKinds(n, [SyntaxKind.Identifier]).some((id) => names.has(id.getText()));
}

/** True when `child` is the condition (or the subject) `node` branches on. */
function isConditionOf(node: TsNode, child: TsNode): boolean {
  if (Node.isIfStatement(node) || Node.isWhileStatement(node) || Node.isDoStatement(node) || Node.isSwitchStatement(node) || Node.isCaseClause(node)) return child === node.getExpression();
  if (Node.isForStatement(node)) return child === node.getCondition();
  if (Node.isForOfStatement(node) || Node.isForInStatement(node)) return child === node.getExpression();
  if (Node.isConditionalExpression(node)) return child === node.getCondition();
  if (Node.isBinaryExpression(node)) {
    const op = node.getOperatorToken().getKind();
    return op === SyntaxKind.AmpersandAmpersandToken || op === SyntaxKind.BarBarToken || op === SyntaxKind.QuestionQuestionToken;
  }
  return false;
}

/** The method name of a callee `x.name`, or ''. */
function methodName(callee: TsNode): string {
  return Node.isPropertyAccessExpression(callee) ? callee.getName() : '';
}

import type { Node as TsNode, ts as TS } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { contains, descendantsOfKinds, isAssignmentOperator } from './nodes.js';
import { isFunctionNode, type FunctionNode } from './resolve.js';

/** Methods that look a key up (`handlers.get(name)`): the resolver reads the entry a static key picks. */
const KEYED_LOOKUPS = new Set(['get', 'has']);

/**
 * Which parameters of a function steer what its effect summary says when a call site binds them
 * to a static value (the tool name a dispatch branch passes on): those the function, or a function
 * it passes them to, branches on (`if`, `switch`, `? :`, `&&`), uses as a computed key
 * (`handlers[name]`, `map.get(name)`), or keeps in a variable (followed no further, so counted).
 * A parameter that only reaches a library call's arguments (`writeFile(\`/data/${id}\`)`) does not:
 * binding it would only make every call site summarise the function anew.
 *
 * When unsure (a rest parameter, a spread argument, `arguments`, recursion in progress), a
 * parameter counts as steering: binding it costs time, never correctness. Memoized per function.
 */
export class ParameterUse {
  private readonly memo = new Map<FunctionNode, boolean[]>();
  private readonly inProgress = new Set<FunctionNode>();

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

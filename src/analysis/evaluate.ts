import { Node, SyntaxKind } from '../ts-morph.js';
import { type Resolver, shorten, unwrap } from './resolve.js';

/** The static value of an expression, or why it has none. */
export type Evaluated = { known: true; value: unknown } | { known: false; reason: string; node: Node };

/** One property of an object evaluated statically, with the node that wrote it (inside a spread source if it came from one). */
export interface EvaluatedProperty {
  /** The property assignment (or shorthand) that set the final value. */
  node: Node;
  value: Evaluated;
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
export function definingNode(expr: Node, resolver: Resolver): Node | null {
  const target = resolver.resolve(expr);
  if (target.kind === 'value' || target.kind === 'function') return unwrap(target.node);
  return null;
}

/**
 * Evaluates an expression without running it: literals, template strings and `+` of known parts,
 * `const` identifiers (also imported ones), `as const`, object and array literals with spreads,
 * property access on those. Anything else is reported as unknown, with the reason.
 */
export function evaluate(expr: Node, resolver: Resolver, depth = 0): Evaluated {
  const node = unwrap(expr);
  if (depth > MAX_DEPTH) return { known: false, reason: 'evaluation depth limit', node };
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return { known: true, value: node.getLiteralValue() };
  if (Node.isNumericLiteral(node)) return { known: true, value: node.getLiteralValue() };
  if (Node.isTrueLiteral(node)) return { known: true, value: true };
  if (Node.isFalseLiteral(node)) return { known: true, value: false };
  if (Node.isNullLiteral(node)) return { known: true, value: null };
  if (Node.isPrefixUnaryExpression(node) && node.getOperatorToken() === SyntaxKind.ExclamationToken) {
    // `!0` and `!1` are what minifiers write for booleans.
    const inner = evaluate(node.getOperand(), resolver, depth + 1);
    return inner.known ? { known: true, value: !inner.value } : inner;
  }
  if (Node.isTemplateExpression(node)) {
    let text = node.getHead().getLiteralText();
    for (const span of node.getTemplateSpans()) {
      const part = evaluate(span.getExpression(), resolver, depth + 1);
      if (!part.known) return part;
      text += String(part.value) + span.getLiteral().getLiteralText();
    }
    return { known: true, value: text };
  }
  if (Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === SyntaxKind.PlusToken) {
    const left = evaluate(node.getLeft(), resolver, depth + 1);
    if (!left.known) return left;
    const right = evaluate(node.getRight(), resolver, depth + 1);
    if (!right.known) return right;
    return { known: true, value: (left.value as string) + (right.value as string) };
  }
  if (Node.isObjectLiteralExpression(node)) {
    const obj = evaluateObject(node, resolver, depth + 1);
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
      const item = evaluate(element, resolver, depth + 1);
      if (!item.known) return item;
      value.push(item.value);
    }
    return { known: true, value };
  }
  if (Node.isIdentifier(node) && node.getText() === 'undefined') return { known: true, value: undefined };
  if (Node.isIdentifier(node) || Node.isPropertyAccessExpression(node) || Node.isElementAccessExpression(node)) {
    const target = resolver.resolve(node);
    if (target.kind === 'value' && unwrap(target.node) !== node) return evaluate(target.node, resolver, depth + 1);
    const text = shorten(node.getText());
    if (target.kind === 'module') return { known: false, reason: `\`${text}\` comes from ${target.specifier}`, node };
    if (target.kind === 'unknown') {
      // Reasons that already name the variable (`x` is assigned again) read better alone.
      return { known: false, reason: target.reason.startsWith('`') ? target.reason : `\`${text}\` cannot be followed (${target.reason})`, node };
    }
    return { known: false, reason: `\`${text}\` is computed at run time`, node };
  }
  return { known: false, reason: `\`${shorten(node.getText())}\` is computed at run time`, node };
}

/**
 * Evaluates an object expression (a literal, or an identifier or import that stands for one)
 * property by property, flattening spreads. Each property keeps the node that set it. With
 * `only`, the values of other keys are not evaluated (their presence and position still are).
 */
export function evaluateObject(expr: Node, resolver: Resolver, depth = 0, only?: ReadonlySet<string>): EvaluatedObject {
  const start = unwrap(expr);
  const literal = Node.isObjectLiteralExpression(start) ? start : definingNode(start, resolver);
  const result: EvaluatedObject = { node: literal && Node.isObjectLiteralExpression(literal) ? literal : start, properties: new Map(), unresolved: [] };
  if (!literal || !Node.isObjectLiteralExpression(literal)) {
    const why = evaluate(start, resolver, depth + 1);
    const reason = !why.known && why.reason.startsWith('`') && !why.reason.includes('computed at run time') ? why.reason : `\`${shorten(start.getText())}\` is not an object literal the linter can read`;
    result.unresolved.push({ node: start, reason });
    return result;
  }
  if (depth > MAX_DEPTH) {
    result.unresolved.push({ node: literal, reason: 'evaluation depth limit' });
    return result;
  }
  for (const prop of literal.getProperties()) {
    if (Node.isSpreadAssignment(prop)) {
      const inner = evaluateObject(prop.getExpression(), resolver, depth + 1, only);
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
        const computed = evaluate(nameNode.getExpression(), resolver, depth + 1);
        if (computed.known && typeof computed.value === 'string') key = computed.value;
      }
      if (key === null) {
        result.unresolved.push({ node: prop, reason: `the computed key ${shorten(nameNode.getText())} cannot be read` });
        continue;
      }
      result.properties.delete(key);
      if (only && !only.has(key)) result.properties.set(key, { node: prop, value: NOT_EVALUATED });
      else result.properties.set(key, { node: prop, value: evaluate(prop.getInitializerOrThrow(), resolver, depth + 1) });
      continue;
    }
    if (Node.isShorthandPropertyAssignment(prop)) {
      const key = prop.getName();
      result.properties.delete(key);
      if (only && !only.has(key)) result.properties.set(key, { node: prop, value: NOT_EVALUATED });
      else result.properties.set(key, { node: prop, value: evaluate(prop.getNameNode(), resolver, depth + 1) });
      continue;
    }
    if (Node.isMethodDeclaration(prop) || Node.isGetAccessorDeclaration(prop) || Node.isSetAccessorDeclaration(prop)) {
      const key = prop.getName();
      result.properties.delete(key);
      result.properties.set(key, { node: prop, value: { known: false, reason: 'a method', node: prop } });
    }
  }
  return result;
}

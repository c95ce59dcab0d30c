import type { Bindings } from '../analysis/bindings.js';
import { definingNode, evaluate } from '../analysis/evaluate.js';
import { bindingsOf, type Resolver } from '../analysis/resolve.js';
import { initializerOf, isFunctionNode, isNewOf, unwrap } from '../analysis/syntax.js';
import { Node, SyntaxKind } from '../ts-morph.js';
import type { OpEffect } from './catalog/ops.js';
import { URL_PLACEHOLDER, pathPurpose } from './request-purpose.js';

/** How deep {@link urlTextOf} follows the parts of an address. */
const MAX_DEPTH = 8;

/**
 * The text of a URL argument with `{}` for its parts known only at run time: a string, a template
 * (`${base}/v1/search`), a `+` of parts, `new URL(path, base)`, `url.toString()`, `url.href`, the
 * consts and fields (`this.urls.search`) holding one, a list of segments joined
 * (`[this.baseUrl, ...req.path].join("/")`, the segments the caller gave in a request descriptor,
 * also when a conditional wraps a string path in a list: `typeof p === "string" ? [p] : p`),
 * and a `let` that later code only appends to (`url += "?" + query`: the path is its start). A
 * conditional part is one address when both sides name the same operation, else the worse of
 * the two for the hints (`args.hard ? "delete" : "archive"` deletes).
 */
export function urlTextOf(arg: Node, resolver: Resolver, b: Bindings): string {
  // Parts unknown side by side (`${base}${path}`, a query appended to an unknown part) read as one.
  return textOf(arg, resolver, b, 0).replace(/(?:\{\}){2,}/g, URL_PLACEHOLDER);
}

/** {@link urlTextOf}, `depth` parts deep. */
function textOf(arg: Node, resolver: Resolver, b: Bindings, depth: number): string {
  const node = unwrap(arg);
  if (depth > MAX_DEPTH) return URL_PLACEHOLDER;
  const next = (n: Node, nb: Bindings = b): string => textOf(n, resolver, nb, depth + 1);
  const v = evaluate(node, resolver, 0, b);
  if (v.known) return typeof v.value === 'string' ? v.value : URL_PLACEHOLDER;
  if (Node.isTemplateExpression(node)) {
    return node.getHead().getLiteralText() + node.getTemplateSpans().map((span) => next(span.getExpression()) + span.getLiteral().getLiteralText()).join('');
  }
  if (Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === SyntaxKind.PlusToken) return next(node.getLeft()) + next(node.getRight());
  // new URL("/sso/oauth2/token", base): the path decides.
  if (isNewOf(node, 'URL') && node.getArguments()[0]) return next(node.getArguments()[0]!);
  if (Node.isCallExpression(node)) {
    const callee = unwrap(node.getExpression());
    if (Node.isPropertyAccessExpression(callee) && ['toString', 'toJSON'].includes(callee.getName())) return next(callee.getExpression());
    if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'join') return joinedText(node, resolver, b, depth) ?? URL_PLACEHOLDER;
    return URL_PLACEHOLDER;
  }
  if (Node.isPropertyAccessExpression(node) && node.getName() === 'href') return next(node.getExpression());
  // `${enable ? "enable-backup" : "disable-backup"}`: one address when both name the same operation;
  // `${args.hard ? "delete" : "archive"}`: the worse of two (see {@link worseAlternative}).
  if (Node.isConditionalExpression(node)) {
    const [whenTrue, whenFalse] = [next(node.getWhenTrue()), next(node.getWhenFalse())];
    return whenTrue === whenFalse || sameOperation(whenTrue, whenFalse) ? whenTrue : (worseAlternative(whenTrue, whenFalse) ?? URL_PLACEHOLDER);
  }
  const start = Node.isIdentifier(node) ? letStart(node) : undefined;
  // A query or fragment appended (`url += "?" + params`) leaves the path as it was.
  if (start) return next(start.init) + (start.appended.every((part) => /^[?&#]/.test(next(part))) ? '' : URL_PLACEHOLDER);
  const defining = definingNode(node, resolver, b) ?? (Node.isIdentifier(node) ? initializerOf(node, true) : undefined);
  return defining && unwrap(defining) !== node ? next(defining) : URL_PLACEHOLDER;
}

/**
 * `[a, ...b].join(sep)`: the texts of the list's elements joined by the separator (`,` when none is
 * given, ECMA-262 §23.1.3.18), a spread element giving the elements of the list it names (a
 * parameter's field read as the caller's literal: a client's `request({ method, path: ["v2", id] })`).
 * Null when the list is not written out.
 */
function joinedText(call: import('ts-morph').CallExpression, resolver: Resolver, b: Bindings, depth: number): string | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  const separatorArg = call.getArguments()[0];
  const separator = separatorArg === undefined ? { known: true as const, value: ',' } : evaluate(separatorArg, resolver, 0, b);
  if (!separator.known || typeof separator.value !== 'string') return null;
  const parts = listParts(callee.getExpression(), resolver, b, depth + 1);
  return parts === null ? null : parts.join(separator.value);
}

/**
 * The texts of the elements of the list `expr` holds (see {@link joinedText}), or null when it is
 * not a written-out list. A conditional that wraps a value in a list on one side only
 * (`typeof p === "string" ? [p] : p`, `Array.isArray(p) ? p : [p]`) is that value as a list: its
 * segments when it is one, else the one segment it is.
 */
function listParts(expr: Node, resolver: Resolver, b: Bindings, depth: number): string[] | null {
  if (depth > MAX_DEPTH) return null;
  const held = fieldValue(expr, resolver, b);
  const wrapped = held ? wrappedValue(held.node) : null;
  if (held && wrapped) return listParts(wrapped, resolver, held.bindings, depth + 1) ?? [segmentText(wrapped, resolver, held.bindings, depth + 1)];
  const found = listValue(expr, resolver, b);
  if (!found) return null;
  return found.list.getElements().flatMap((element) => {
    if (!Node.isSpreadElement(element)) return [textOf(element, resolver, found.bindings, depth + 1)];
    return listParts(element.getExpression(), resolver, found.bindings, depth + 1) ?? [segmentText(element.getExpression(), resolver, found.bindings, depth + 1)];
  });
}

/**
 * A spread element whose value is not a written-out list: one segment when it holds a string (a
 * client that accepts `path: string | string[]` and wraps a string in a list before spreading it),
 * else a part known only at run time.
 */
function segmentText(expr: Node, resolver: Resolver, b: Bindings, depth: number): string {
  const found = fieldValue(expr, resolver, b);
  if (!found) return URL_PLACEHOLDER;
  const value = unwrap(found.node);
  const isString = Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value) || Node.isTemplateExpression(value) || value.getType().isString();
  return isString ? textOf(value, resolver, found.bindings, depth) : URL_PLACEHOLDER;
}

/**
 * The array literal `expr` holds, with the bindings to read it in: itself, a name or field
 * resolved to one, or the field of an object literal a parameter is bound to even when the
 * callee also writes that field (`req.path = [req.path]` to normalise a string into a list): the
 * segments are still the caller's.
 */
function listValue(expr: Node, resolver: Resolver, b: Bindings): { list: import('ts-morph').ArrayLiteralExpression; bindings: Bindings } | null {
  const found = fieldValue(expr, resolver, b);
  const value = found ? unwrap(found.node) : null;
  return value && Node.isArrayLiteralExpression(value) ? { list: value, bindings: found!.bindings } : null;
}

/**
 * For a conditional whose two sides are one value, once as it is and once wrapped in a list
 * literal (`typeof p === "string" ? [p] : p`, `Array.isArray(p) ? p : [p]`), that value; null for
 * anything else.
 */
function wrappedValue(expr: Node): Node | null {
  const node = unwrap(expr);
  if (!Node.isConditionalExpression(node)) return null;
  const [whenTrue, whenFalse] = [unwrap(node.getWhenTrue()), unwrap(node.getWhenFalse())];
  for (const [list, other] of [[whenTrue, whenFalse], [whenFalse, whenTrue]] as const) {
    const [only, ...rest] = Node.isArrayLiteralExpression(list) ? list.getElements() : [];
    if (only && rest.length === 0 && !Node.isSpreadElement(only) && unwrap(only).getText() === other.getText()) return other;
  }
  return null;
}

/** The expression `expr` holds, with its bindings (see {@link listValue}): itself, what it resolves to, or the field of the object literal its holder is bound to. */
function fieldValue(expr: Node, resolver: Resolver, b: Bindings, depth = 0): { node: Node; bindings: Bindings } | null {
  const node = unwrap(expr);
  if (Node.isArrayLiteralExpression(node) || Node.isStringLiteral(node) || Node.isTemplateExpression(node) || Node.isNoSubstitutionTemplateLiteral(node) || wrappedValue(node)) return { node, bindings: b };
  if (depth > MAX_DEPTH) return null;
  const target = resolver.resolve(node, 0, b);
  if (target.kind === 'value') return unwrap(target.node) === node ? null : fieldValue(target.node, resolver, bindingsOf(target), depth + 1);
  if (!Node.isPropertyAccessExpression(node)) return null;
  const holder = resolver.resolve(node.getExpression(), 0, b);
  const object = holder.kind === 'value' ? unwrap(holder.node) : null;
  if (!object || !Node.isObjectLiteralExpression(object)) return null;
  const prop = object.getProperty(node.getName());
  const value = prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : prop && Node.isShorthandPropertyAssignment(prop) ? prop.getNameNode() : undefined;
  return value ? fieldValue(value, resolver, bindingsOf(holder), depth + 1) : null;
}

/**
 * The initializer of a `let` that its function never assigns again, or only appends to (`let url =
 * base + path; if (query) url += "?" + query`: the address starts with it; `appended`: what is
 * appended). Undefined for any other name.
 */
function letStart(id: Node): { init: Node; appended: Node[] } | undefined {
  const decl = id.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isVariableDeclaration(decl) || decl.getVariableStatement()?.getDeclarationKind() !== 'let') return undefined;
  const init = decl.getInitializer();
  const scope = decl.getFirstAncestor((a) => isFunctionNode(a) || Node.isSourceFile(a));
  if (!init || !scope) return undefined;
  const symbol = decl.getNameNode().getSymbol();
  const writes = scope
    .getDescendantsOfKind(SyntaxKind.BinaryExpression)
    .filter((e) => e.getOperatorToken().getKind() >= SyntaxKind.FirstAssignment && e.getOperatorToken().getKind() <= SyntaxKind.LastAssignment && e.getLeft().getSymbol() === symbol);
  return writes.every((e) => e.getOperatorToken().getKind() === SyntaxKind.PlusEqualsToken) ? { init, appended: writes.map((e) => e.getRight()) } : undefined;
}

/**
 * Of two alternative addresses whose paths name different operations (request-purpose.ts), the
 * one whose operation is worse for the hints, as the request may be either: a write before a
 * read, among writes a destructive one first, then one a repeat changes again before one it
 * does not (`args.hard ? "delete" : "archive"` deletes). When one names no operation, only a
 * destructive other is known to be worse; otherwise null (the request's method decides).
 */
function worseAlternative(a: string, b: string): string | null {
  const [x, y] = [pathPurpose(a), pathPurpose(b)];
  if (x === null || y === null) {
    const named = x ?? y;
    return named?.op.destructive === true ? (x ? a : b) : null;
  }
  return severity(x.op) >= severity(y.op) ? a : b;
}

/** How bad an operation is for the hints, for {@link worseAlternative}: a read least; among writes, destructive (then unknown) before not, then not idempotent (then unknown) before idempotent. */
function severity(op: OpEffect): number {
  if (op.access !== 'write') return 0;
  const destructive = op.destructive === true ? 2 : op.destructive === null ? 1 : 0;
  const idempotent = op.idempotent === false ? 2 : op.idempotent === null ? 1 : 0;
  return 1 + destructive * 3 + idempotent;
}

/** True when two addresses' paths name the same operation (request-purpose.ts): `…/enable-backup` and `…/disable-backup` both set a flag. */
function sameOperation(a: string, b: string): boolean {
  const [x, y] = [pathPurpose(a), pathPurpose(b)];
  return x !== null && y !== null && x.op.access === y.op.access && x.op.destructive === y.op.destructive && x.op.idempotent === y.op.idempotent;
}

import type { CallExpression, NewExpression, ParameterDeclaration } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import type { Bindings } from '../analysis/bindings.js';
import type { Resolver } from '../analysis/resolve.js';
import { isFunctionNode, isNewOf, unwrap, type FunctionNode } from '../analysis/syntax.js';
import type { Effect } from '../model.js';
import type { RequestPurpose } from './request-purpose.js';
import { holdsRequest, isRequestTyped } from './in-memory.js';
import { bodyPurpose, isUrlValue, optionsMethod, propertyValue, requestEffect } from './sink-call.js';
import { urlTextOf } from './url-text.js';

/**
 * What is known of one part of a request sent further down a call chain: a parameter of a
 * function on the way (its caller decides it), or what the code that made it says (`method`
 * undefined: the part sets none, so the other part's, or GET, holds).
 */
type Part = { parameter: ParameterDeclaration } | { method: string | undefined; url: string | null; body: RequestPurpose | null };

/**
 * A request sent with `fetch(input, init)` whose method the sending function does not know: the
 * `Request` object it sends (`input`) and its options (`init`) come from its callers. A generated
 * API SDK builds the request in each operation function (`client.createRequest(ctx, { method:
 * "GET", path })` → `new Request(url, { method })`) and sends it from one shared transport
 * (`client.do(req)` → hooks → `this.fetcher(req)` → `fetch(input)`); a hand-written client passes
 * `fetch`'s two arguments down the same way. The method is then decided where the request is made,
 * up the call chain: {@link throughCall} reads it there, one call site at a time.
 */
export interface SentRequest {
  /** The sink's effect before its method is known. */
  readonly base: Effect;
  readonly request: Part;
  readonly init: Part;
}

/** What a request sent further down reads as at a call site: its effect once its method is known, or still pending, or lost (null). */
export type FlowStep = { effect: Effect } | { pending: SentRequest } | null;

/**
 * The request a `fetch(input, init)` call sends when its method is not known in the call itself
 * (`base` is the sink's effect without a method): each argument traced back in the calling
 * function ({@link originOf}) to a parameter or to the code that made it.
 */
export function sentRequest(call: CallExpression | NewExpression, base: Effect, resolver: Resolver, b: Bindings): FlowStep {
  const [input, init] = call.getArguments();
  if (!input || call.getArguments().some((a) => Node.isSpreadElement(a))) return null;
  const request = originOf(input, resolver, b);
  const options = init === undefined ? NONE : initOf(init, resolver, b);
  return request && options ? settle({ base, request, init: options }) : null;
}

/**
 * What the request of an effect found inside `callee` reads as at `call` (a call of `callee`,
 * read with bindings `b`): the parts that are `callee`'s parameters take the arguments `call`
 * gives them (traced back in the caller); the others wait for a call further up.
 */
export function throughCall(sent: SentRequest, callee: FunctionNode, call: Node, resolver: Resolver, b: Bindings): FlowStep {
  const owned = (part: Part): part is { parameter: ParameterDeclaration } => 'parameter' in part && part.parameter.getParent() === callee;
  if (!owned(sent.request) && !owned(sent.init)) return { pending: sent };
  if (!(Node.isCallExpression(call) || Node.isNewExpression(call))) return null;
  const args = call.getArguments();
  // `callee` handed to the call as a callback (`register(this.send)`): its arguments are not the callee's.
  const handedOn = args.some((a) => {
    const target = resolver.resolve(a, 0, b);
    return target.kind === 'function' && target.node === callee;
  });
  if (handedOn) return null;
  const argumentOf = (param: ParameterDeclaration): Node | undefined | null => {
    const index = callee.getParameters().indexOf(param);
    if (index < 0 || param.isRestParameter() || args.slice(0, index + 1).some((a) => Node.isSpreadElement(a))) return null;
    return args[index];
  };
  let request: Part | null = sent.request;
  if (owned(sent.request)) {
    const arg = argumentOf(sent.request.parameter);
    request = arg ? originOf(arg, resolver, b) : null;
  }
  let init: Part | null = sent.init;
  if (owned(sent.init)) {
    const param = sent.init.parameter;
    const arg = argumentOf(param);
    // Left out: the parameter's default (`init: RequestInit = {}`), else no options.
    if (arg === null) init = null;
    else {
      const given = arg === undefined || isUndefined(arg) ? param.getInitializer() : arg;
      init = given === undefined ? NONE : initOf(given, resolver, b);
    }
  }
  return request && init ? settle({ base: sent.base, request, init }) : null;
}

/** The functions whose parameters a request still waits on. */
export function pendingOwners(sent: SentRequest): Node[] {
  return [sent.request, sent.init].flatMap((part) => ('parameter' in part ? [part.parameter.getParentOrThrow()] : []));
}

/** Options that set no method. */
const NONE: Part = { method: undefined, url: null, body: null };

/** The effect once both parts are known (the options' method wins over the request's, Fetch Standard "new Request(input, init)"), else still pending. */
function settle(sent: SentRequest): FlowStep {
  const { request, init } = sent;
  if ('parameter' in request || 'parameter' in init) return { pending: sent };
  const method = init.method ?? request.method ?? 'GET';
  return { effect: requestEffect(sent.base, method, request.url, init.body ?? request.body) };
}

/** A `fetch` options argument: the method it sets, a parameter of the caller, or null when unreadable. */
function initOf(arg: Node, resolver: Resolver, b: Bindings, depth = 0): Part | null {
  const method = optionsMethod(arg, resolver, b);
  if (method !== null) {
    const obj = unwrap(arg);
    const body = Node.isObjectLiteralExpression(obj) ? propertyValue(obj.getProperty('body')) : null;
    return { method, url: null, body: body ? bodyPurpose(body, resolver, b) : null };
  }
  const node = unwrap(arg);
  if (depth >= MAX_DEPTH) return null;
  // `nextOptions || {}`: the options given, else none.
  if (Node.isBinaryExpression(node) && [SyntaxKind.BarBarToken, SyntaxKind.QuestionQuestionToken].includes(node.getOperatorToken().getKind())) {
    return optionsMethod(node.getRight(), resolver, b) === undefined ? initOf(node.getLeft(), resolver, b, depth + 1) : null;
  }
  // `{ ...init, headers }` (a pipeline policy adding a header): the method of the options it copies.
  if (Node.isObjectLiteralExpression(node)) {
    const spreads = node.getProperties().filter((p) => Node.isSpreadAssignment(p));
    const setsMethod = node.getProperties().some((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) && p.getName() === 'method');
    if (setsMethod || spreads.length !== 1) return null;
    const copied = initOf(spreads[0]!.getExpression(), resolver, b, depth + 1);
    return copied;
  }
  const decl = Node.isIdentifier(node) ? node.getSymbol()?.getDeclarations()[0] : undefined;
  if (!decl || !Node.isParameterDeclaration(decl)) return null;
  const bound = b.get(decl);
  if (bound === undefined) return { parameter: decl };
  // Bound in this call context: what the caller passed (left out: no options).
  if (bound.kind === 'const' && bound.value === undefined) return NONE;
  return bound.kind === 'node' ? initOf(bound.node, resolver, bound.bindings, depth + 1) : null;
}

/** What a cycle of assignments (`req = await hook(req)`) reads as: the values it started from. */
const CYCLE = Symbol('cycle');

/** How deep {@link originOf} follows values. */
const MAX_DEPTH = 24;

/**
 * Where the request a value holds comes from, in the function that uses it:
 * - `new Request(url, init)`, a URL string or `new URL(...)`: made here (a URL alone is a GET);
 * - a parameter (not bound in `b`): the caller decides;
 * - a const, or a `let` whose assignments all hold the same request, through `await`;
 * - `req.clone()`, a part of a result typed `Request` (`result.value`), and a call given the
 *   request that returns a `Request` (an SDK's before-request hook, a middleware): the same
 *   request. Such hooks add headers, sign or log; a hook that changes the method is not what these
 *   extension points are for, and its own effects are seen where it is registered;
 * - a call of a project function that makes a `Request` given a descriptor that sets the method
 *   (`createRequest(ctx, { method: "GET", path })`, the request builder of an OpenAPI-generated
 *   SDK): the descriptor's method and path.
 * Null when none of these holds.
 */
function originOf(expr: Node, resolver: Resolver, b: Bindings, seen: Set<Node> = new Set(), depth = 0): Part | null {
  const found = origin(expr, resolver, b, seen, depth);
  return found === CYCLE ? null : found;
}

function origin(expr: Node, resolver: Resolver, b: Bindings, seen: Set<Node>, depth: number): Part | null | typeof CYCLE {
  if (depth > MAX_DEPTH) return null;
  let node = unwrap(expr);
  while (Node.isAwaitExpression(node)) node = unwrap(node.getExpression());
  const next = (n: Node, nb: Bindings = b): Part | null | typeof CYCLE => origin(n, resolver, nb, seen, depth + 1);
  if (isNewOf(node, 'Request')) {
    const [url, init] = node.getArguments();
    if (!url) return null;
    const options = init === undefined ? NONE : initOf(init, resolver, b);
    if (!options || 'parameter' in options) return null;
    // `new Request(request, init)`: a copy of another request, with the method init sets, else its own.
    if (holdsRequest(url)) {
      const copied = next(url);
      if (copied === null || copied === CYCLE || 'parameter' in copied) return options.method === undefined ? copied : null;
      return { ...copied, method: options.method ?? copied.method, body: options.body ?? copied.body };
    }
    return { method: options.method ?? 'GET', url: urlTextOf(url, resolver, b), body: options.body };
  }
  // An address (a string, a URL, also what a helper declared to return one gives) carries no method: a GET.
  if (isUrlValue(node, resolver, b) || isAddressTyped(node)) return { method: 'GET', url: urlTextOf(node, resolver, b), body: null };
  if (Node.isIdentifier(node)) return identifierOrigin(node, resolver, b, seen, depth);
  if (Node.isPropertyAccessExpression(node)) return isRequestTyped(node) ? next(node.getExpression()) : null;
  if (!Node.isCallExpression(node)) return null;
  const callee = unwrap(node.getExpression());
  if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'clone' && node.getArguments().length === 0) return next(callee.getExpression());
  if (node.getArguments().some((a) => Node.isSpreadElement(a))) return null;
  if (isRequestTyped(node)) {
    // A hook given the request returns it, or a copy.
    for (const arg of node.getArguments()) {
      if (!holdsRequest(arg)) continue;
      const passed = next(arg);
      if (passed !== null) return passed;
    }
  }
  return builtBy(node, resolver, b, seen, depth);
}

/** A variable's or parameter's request (see {@link originOf}). */
function identifierOrigin(node: Node, resolver: Resolver, b: Bindings, seen: Set<Node>, depth: number): Part | null | typeof CYCLE {
  const decl = node.getSymbol()?.getDeclarations()[0];
  if (!decl) return null;
  if (Node.isParameterDeclaration(decl)) {
    const bound = b.get(decl);
    if (bound === undefined) return { parameter: decl };
    return bound.kind === 'node' ? origin(bound.node, resolver, bound.bindings, seen, depth + 1) : null;
  }
  if (!Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode())) return null;
  if (seen.has(decl)) return CYCLE;
  seen.add(decl);
  const initializer = decl.getInitializer();
  const values: Node[] = initializer ? [initializer] : [];
  if (decl.getVariableStatement()?.getDeclarationKind() !== 'const') values.push(...assignedValues(decl, resolver));
  let out: Part | null | typeof CYCLE = CYCLE;
  for (const value of values) {
    const part = origin(value, resolver, b, seen, depth + 1);
    if (part === null) return null;
    if (part === CYCLE) continue;
    if (out !== CYCLE && !samePart(out, part)) return null;
    out = part;
  }
  seen.delete(decl);
  return out;
}

/**
 * The values assigned to a `let` (`req = next`) in the function that declares it, but for those
 * in the body of a `for...of` over a collection the program never adds to (an SDK's hook list
 * nothing registers into, collection-elements.ts): that body never runs.
 */
function assignedValues(decl: import('ts-morph').VariableDeclaration, resolver: Resolver): Node[] {
  const scope = decl.getFirstAncestor((a) => isFunctionNode(a) || Node.isSourceFile(a));
  if (!scope) return [];
  const name = decl.getName();
  return scope
    .getDescendantsOfKind(SyntaxKind.BinaryExpression)
    .filter((e) => e.getOperatorToken().getKind() === SyntaxKind.EqualsToken && e.getLeft().getText() === name && e.getLeft().getSymbol()?.getDeclarations()[0] === decl)
    .filter((e) => !inLoopOverNothing(e, scope, resolver))
    .map((e) => e.getRight());
}

/** True when `node` is in the body of a `for...of` (within `scope`) whose collection is known to hold nothing. */
function inLoopOverNothing(node: Node, scope: Node, resolver: Resolver): boolean {
  for (let at: Node = node, parent = at.getParent(); parent && at !== scope; at = parent, parent = parent.getParent()) {
    if (Node.isForOfStatement(parent) && parent.getStatement() === at && resolver.loopElements(parent)?.length === 0) return true;
  }
  return false;
}

/**
 * A call of a project function that makes a `new Request(...)`: the request it builds, read with
 * the call's arguments bound (`makeRequest("DELETE", path)`); else, when a descriptor literal it
 * is given (or a const holding one) sets `method` (the request builder of an OpenAPI-generated
 * SDK, whose options pass through hooks before `new Request`), that method, and the path or URL
 * the descriptor gives as the request's address.
 */
function builtBy(call: CallExpression, resolver: Resolver, b: Bindings, seen: Set<Node>, depth: number): Part | null {
  const target = resolver.resolve(call.getExpression(), 0, b);
  if (target.kind !== 'function') return null;
  const made = target.node.getDescendantsOfKind(SyntaxKind.NewExpression).filter((n) => isNewOf(n, 'Request'));
  if (made.length === 0) return null;
  // One `new Request(url, { method })` read with the call's arguments (`makeRequest("DELETE", path)`).
  if (made.length === 1) {
    let nb = b.visibleFrom(target.node);
    call.getArguments().forEach((arg, i) => {
      const param = target.node.getParameters()[i];
      if (param && !param.isRestParameter()) nb = nb.with(param, { kind: 'node', node: arg, bindings: b }, target.node);
    });
    const part = origin(made[0]!, resolver, nb, seen, depth + 1);
    if (part !== null && part !== CYCLE) return part;
  }
  for (const arg of call.getArguments()) {
    const method = optionsMethod(arg, resolver, b);
    if (typeof method !== 'string') continue;
    const found = unwrap(arg);
    const obj = Node.isObjectLiteralExpression(found) ? found : null;
    const url = obj ? (propertyValue(obj.getProperty('path')) ?? propertyValue(obj.getProperty('url'))) : null;
    const body = obj ? propertyValue(obj.getProperty('body')) : null;
    return { method, url: url ? urlTextOf(url, resolver, b) : null, body: body ? bodyPurpose(body, resolver, b) : null };
  }
  return null;
}

function samePart(a: Part, b: Part): boolean {
  if ('parameter' in a || 'parameter' in b) return 'parameter' in a && 'parameter' in b && a.parameter === b.parameter;
  return a.method === b.method && a.url === b.url;
}

/** True for the `undefined` identifier (an options argument left out). */
function isUndefined(arg: Node): boolean {
  const node = unwrap(arg);
  return Node.isIdentifier(node) && node.getText() === 'undefined';
}

/** True when an expression's type is a string or the global `URL` (as a declaration file, or no loaded file, declares it). */
function isAddressTyped(node: Node): boolean {
  const type = node.getType();
  if (type.isString() || type.isStringLiteral()) return true;
  if (type.getText() !== 'URL') return false;
  const symbol = type.getSymbol();
  return !symbol || symbol.getDeclarations().every((d) => d.getSourceFile().isDeclarationFile());
}

import type { CallExpression, TypeNode } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { initializerOf, isModuleLevel, shorten, unwrap } from '../analysis/syntax.js';
import { CONSOLE_METHODS, RUNTIME_CONTEXT_METHODS, TELEMETRY_METHODS, WEB_VALUE_TYPES } from './catalog/pure.js';

/**
 * Calls on values whose declared type says they live in the process (issue 15, "unknown is not
 * proven" read the other way: what the code declares is evidence). Generated API SDKs pass their
 * requests and responses around as parameters typed with the Fetch API's globals and log through
 * an optional logger declared as an interface; the linter cannot resolve such receivers to code,
 * but their declared types tell what the calls do:
 * - a method of a Fetch or Streams value (`req.clone()`, `res.text()`, `reader.releaseLock()`)
 *   acts on that value in memory (the request is sent by `fetch`, which the catalog models);
 * - a console method of a logger whose interface declares only console methods (`log`, `group`,
 *   `groupEnd`) is logging, which is no effect (corpus README, "What the labels mean": a log is not
 *   a modification; DESIGN.md §1).
 * Syntax and declarations only: the type checker does not see the globals, the lib files are not loaded.
 */

/**
 * The name of the Fetch or Streams type (catalog/pure.ts {@link WEB_VALUE_TYPES}) a type
 * annotation gives, ignoring `undefined`, `null` and `Record<...>` in a union; null when it names anything else,
 * or a type of that name that the project or a package import declares (an `express` `Request`).
 */
function webTypeOfAnnotation(type: TypeNode | undefined): string | null {
  if (!type) return null;
  const members = Node.isUnionTypeNode(type) ? type.getTypeNodes() : [type];
  let found: string | null = null;
  for (const member of members) {
    if (member.getKind() === SyntaxKind.UndefinedKeyword || (Node.isLiteralTypeNode(member) && member.getText() === 'null')) continue;
    if (!Node.isTypeReference(member)) return null;
    const name = member.getTypeName();
    // `Headers | Record<string, string>` (a fetch init's headers): a record has no methods, so a method call is the other member's.
    if (Node.isIdentifier(name) && name.getText() === 'Record' && isGlobalTypeName(name)) continue;
    if (!Node.isIdentifier(name) || !WEB_VALUE_TYPES.has(name.getText()) || !isGlobalTypeName(name)) return null;
    found ??= name.getText();
  }
  return found;
}

/** True when a type name refers to a global of a declaration file (TypeScript's lib, `@types/node`) or to nothing the program declares: not an import, not a project type. */
function isGlobalTypeName(name: Node): boolean {
  const symbol = name.getSymbol();
  if (!symbol) return true;
  if (symbol.isAlias()) return false;
  return symbol.getDeclarations().every((d) => d.getSourceFile().isDeclarationFile());
}

/** The declarations a type name refers to, through an import. */
function declarationsOfTypeName(name: Node): Node[] {
  const symbol = name.getSymbol();
  const target = symbol?.isAlias() ? symbol.getAliasedSymbol() : symbol;
  return target?.getDeclarations() ?? [];
}

/**
 * The type annotation a parameter is declared with: its own, or, for a function without
 * annotations assigned to a name declared with a function type (`const send: Fetcher = (input,
 * init) => ...` with `type Fetcher = (input: RequestInfo | URL, init?: RequestInit) => ...`), the
 * annotation of the parameter in the same place of that type.
 */
function parameterAnnotation(param: import('ts-morph').ParameterDeclaration): TypeNode | undefined {
  const own = param.getTypeNode();
  if (own) return own;
  const fn = param.getParent();
  const holder = fn.getParent();
  if (!holder || !(Node.isVariableDeclaration(holder) || Node.isPropertyDeclaration(holder)) || holder.getInitializer() !== fn) return undefined;
  let type = holder.getTypeNode();
  for (let i = 0; i < 4 && type && Node.isTypeReference(type); i++) {
    const alias = declarationsOfTypeName(type.getTypeName()).find((d) => Node.isTypeAliasDeclaration(d));
    type = alias && Node.isTypeAliasDeclaration(alias) ? alias.getTypeNode() : undefined;
  }
  if (!type || !Node.isFunctionTypeNode(type)) return undefined;
  const index = (fn as unknown as { getParameters(): Node[] }).getParameters().indexOf(param);
  return type.getParameters()[index]?.getTypeNode();
}

/**
 * True when `expr` is declared as possibly a Fetch API `Request` object: a parameter or variable
 * whose annotation (or, for a parameter, the function type its function is assigned as) has
 * `Request` or `RequestInfo` (`Request | string`) among its union members, names the program does not declare.
 */
export function mayBeRequestObject(expr: Node): boolean {
  const decl = declarationOf(expr);
  const type = decl && Node.isParameterDeclaration(decl) ? parameterAnnotation(decl) : annotationOf(decl);
  if (!type) return false;
  const members = Node.isUnionTypeNode(type) ? type.getTypeNodes() : [type];
  return members.some((m) => {
    if (!Node.isTypeReference(m)) return false;
    const name = m.getTypeName();
    return Node.isIdentifier(name) && (name.getText() === 'Request' || name.getText() === 'RequestInfo') && isGlobalTypeName(name);
  });
}

/** The declaration a receiver names: a variable, a parameter, a field (`this.#logger`), or undefined. */
function declarationOf(receiver: Node): Node | undefined {
  const node = unwrap(receiver);
  const nameNode = Node.isIdentifier(node) ? node : Node.isPropertyAccessExpression(node) ? node.getNameNode() : null;
  return nameNode?.getSymbol()?.getDeclarations()[0];
}

/** The type annotation of a variable, parameter or field declaration. */
function annotationOf(decl: Node | undefined): TypeNode | undefined {
  if (decl && (Node.isVariableDeclaration(decl) || Node.isParameterDeclaration(decl) || Node.isPropertyDeclaration(decl) || Node.isPropertySignature(decl))) return decl.getTypeNode();
  return undefined;
}

/**
 * The Fetch or Streams type of the value `expr` stands for, or null: a name, parameter or field
 * annotated with one; `new Request(...)`; what a method of such a value returns (`req.clone()`,
 * `stream.getReader()`: its copy, its reader), also held in a `const` (`const reader = stream.getReader()`).
 */
export function webValueType(expr: Node, depth = 0): string | null {
  if (depth > 6) return null;
  let node = unwrap(expr);
  if (Node.isAwaitExpression(node)) node = unwrap(node.getExpression());
  if (Node.isNewExpression(node)) {
    const callee = node.getExpression();
    return Node.isIdentifier(callee) && WEB_VALUE_TYPES.has(callee.getText()) && isGlobalTypeName(callee) ? callee.getText() : null;
  }
  if (Node.isCallExpression(node)) {
    const callee = unwrap(node.getExpression());
    const whole = Node.isPropertyAccessExpression(callee) ? webValueType(callee.getExpression(), depth + 1) : null;
    if (whole !== null) return `${whole}.${(callee as import('ts-morph').PropertyAccessExpression).getName()}()`;
    // `await this.client.request(req)` of a function declared to return one (`Promise<Response>`).
    return webTypeOfAnnotation(returnAnnotation(callee));
  }
  // `res.body`, `req.headers`: a part of such a value is one too.
  if (Node.isPropertyAccessExpression(node)) {
    const whole = webValueType(node.getExpression(), depth + 1);
    if (whole !== null) return `${whole}.${node.getName()}`;
  }
  const decl = declarationOf(node);
  const annotated = webTypeOfAnnotation(annotationOf(decl));
  if (annotated !== null) return annotated;
  if (decl && Node.isVariableDeclaration(decl) && !decl.getTypeNode() && decl.getVariableStatement()?.getDeclarationKind() === 'const') {
    const init = decl.getInitializer();
    return init ? webValueType(init, depth + 1) : null;
  }
  return null;
}

/** The value type a function or method a callee names is declared to return, with a `Promise<...>` around it taken off. */
function returnAnnotation(callee: Node): TypeNode | undefined {
  const decl = declarationOf(callee);
  if (!decl || !(Node.isMethodDeclaration(decl) || Node.isFunctionDeclaration(decl) || Node.isMethodSignature(decl))) return undefined;
  const type = decl.getReturnTypeNode();
  if (type && Node.isTypeReference(type) && type.getTypeName().getText() === 'Promise' && type.getTypeArguments().length === 1) return type.getTypeArguments()[0];
  return type;
}

/**
 * True when the interface or type literal `type` names is a console-shaped logger: it declares
 * at least one member, and only methods named as the console's (`log`, `group`, `groupEnd`, `debug`).
 */
function isConsoleShaped(type: TypeNode | undefined): boolean {
  if (!type) return false;
  const members = Node.isUnionTypeNode(type) ? type.getTypeNodes().filter((m) => m.getKind() !== SyntaxKind.UndefinedKeyword && m.getText() !== 'null') : [type];
  if (members.length !== 1) return false;
  const member = members[0]!;
  const declared = Node.isTypeReference(member) ? declarationsOfTypeName(member.getTypeName()) : Node.isTypeLiteral(member) ? [member] : [];
  if (declared.length === 0) return false;
  return declared.every((d) => {
    const body = Node.isTypeAliasDeclaration(d) ? d.getTypeNode() : d;
    if (!body || !(Node.isInterfaceDeclaration(body) || Node.isTypeLiteral(body))) return false;
    if (Node.isInterfaceDeclaration(body) && body.getExtends().length > 0) return false;
    const list = body.getMembers();
    return list.length > 0 && list.every((m) => (Node.isMethodSignature(m) || Node.isPropertySignature(m)) && CONSOLE_METHODS.has(m.getName()));
  });
}

/**
 * Why `call` acts only in memory, or null: a method of a Fetch or Streams value
 * (`a method of a Response`), or a console method of a console-shaped logger (`logging`).
 */
export function inMemoryCall(call: CallExpression): string | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  const receiver = callee.getExpression();
  const web = webValueType(receiver);
  if (web !== null) return `a method of a ${web.replace(/\..*$/, '')} value, which acts in memory`;
  if (CONSOLE_METHODS.has(callee.getName()) && isConsoleShaped(annotationOf(declarationOf(receiver)))) return 'logging through a logger that declares only console methods';
  if (TELEMETRY_METHODS.has(callee.getName())) return `telemetry (\`${callee.getName()}\` is a telemetry API's method)`;
  if (RUNTIME_CONTEXT_METHODS.has(callee.getName())) return `a method of a worker's execution context (\`${callee.getName()}\`)`;
  return null;
}

/** Methods of Map, Set and Array (ECMA-262 §24.1, §24.2, §23.1) that read or change the collection itself. */
const COLLECTION_METHODS: ReadonlySet<string> = new Set([
  'set', 'get', 'has', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'forEach', 'keys', 'values', 'entries',
]);

/** Global collection types (ECMA-262 §23.1, §24.1, §24.2, §24.3, §24.4). */
const COLLECTION_TYPES: ReadonlySet<string> = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array', 'ReadonlyArray', 'ReadonlyMap', 'ReadonlySet']);

/** True for a type annotation that is a global collection type (`Map<K, V>`, `T[]`, `Array<T>`), ignoring `undefined` and `null` in a union. */
function isCollectionType(type: TypeNode | undefined): boolean {
  if (!type) return false;
  const members = (Node.isUnionTypeNode(type) ? type.getTypeNodes() : [type]).filter((m) => m.getKind() !== SyntaxKind.UndefinedKeyword && !(Node.isLiteralTypeNode(m) && m.getText() === 'null'));
  return members.length > 0 && members.every((m) => Node.isArrayTypeNode(m) || (Node.isTypeReference(m) && Node.isIdentifier(m.getTypeName()) && COLLECTION_TYPES.has(m.getTypeName().getText()) && isGlobalTypeName(m.getTypeName())));
}

/** True for a call of a project function declared to return a global collection (`getOrCreateChildMap(node): Map<string, TreeNode>`). */
function returnsCollection(init: Node): boolean {
  const call = unwrap(init);
  if (!Node.isCallExpression(call)) return false;
  const callee = unwrap(call.getExpression());
  const name = Node.isIdentifier(callee) ? callee : Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : undefined;
  const decl = name?.getSymbol()?.getDeclarations()[0];
  const fn = decl && Node.isVariableDeclaration(decl) ? decl.getInitializer() : decl;
  return fn !== undefined && (Node.isFunctionDeclaration(fn) || Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) || Node.isMethodDeclaration(fn)) && isCollectionType(fn.getReturnTypeNode());
}

/**
 * A Map, Set or Array method on a value the code declares a collection of the process: a name or
 * field annotated `Map<…>`, `Set<…>`, `T[]` (also a member of a project interface: `node.children`
 * of `children: TreeNode[]`), or a local made by a function declared to return one. It acts in
 * memory. Null for any other call (a method of a client, an undeclared value).
 */
export function declaredCollectionCall(call: CallExpression): string | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || !COLLECTION_METHODS.has(callee.getName())) return null;
  const decl = declarationOf(callee.getExpression());
  if (!decl || (Node.isVariableDeclaration(decl) && isModuleLevel(decl))) return null;
  const init = decl && Node.isVariableDeclaration(decl) ? decl.getInitializer() : undefined;
  if (!isCollectionType(annotationOf(decl)) && !(init && returnsCollection(init))) return null;
  return `a method of a collection the code declares (\`${shorten(callee.getExpression().getText(), 40)}\`), which acts in memory`;
}

/** True for a collection made fresh in a function (`new Map()`, `new Set()`, `[]`), directly or held by a local `const` or `let` of a function. */
function isLocalCollection(value: Node): boolean {
  let node = unwrap(value);
  if (Node.isIdentifier(node)) {
    const decl = node.getSymbol()?.getDeclarations()[0];
    if (!decl || !Node.isVariableDeclaration(decl) || isModuleLevel(decl)) return false;
    const init = decl.getInitializer();
    if (!init) return false;
    node = unwrap(init);
  }
  if (Node.isArrayLiteralExpression(node)) return true;
  return Node.isNewExpression(node) && COLLECTION_TYPES.has(node.getExpression().getText());
}

/**
 * A Map, Set or Array method called on a parameter that every caller gives a collection it made
 * for the call (`walk(id, visited, depthMap)` with `const visited = new Set()` in the caller):
 * the collection lives in that call, so the method acts in memory. `valuesOf` gives the values a
 * parameter receives across the program (null when unknown). Null when the call is anything else.
 */
export function localCollectionCall(call: CallExpression, valuesOf: (param: import('ts-morph').ParameterDeclaration) => Node[] | null): string | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || !COLLECTION_METHODS.has(callee.getName())) return null;
  const receiver = unwrap(callee.getExpression());
  const decl = Node.isIdentifier(receiver) ? receiver.getSymbol()?.getDeclarations()[0] : undefined;
  if (!decl || !Node.isParameterDeclaration(decl)) return null;
  const values = valuesOf(decl);
  if (!values || values.length === 0 || !values.every(isLocalCollection)) return null;
  return `a method of a collection its callers make for the call (\`${receiver.getText()}\`), which acts in memory`;
}

/** Methods of the iterators `keys()`, `values()` and `entries()` give (ECMA-262 §27.1.2: `next`, `return`). */
const ITERATOR_METHODS: ReadonlySet<string> = new Set(['next', 'return']);

/** Methods of a Map, Set or Array that give an iterator over it (ECMA-262 §24.1.3, §24.2.3, §23.1.3). */
const ITERATING_METHODS: ReadonlySet<string> = new Set(['keys', 'values', 'entries']);

/**
 * A step of an iterator a collection gives (`tiers.values().next().value`, `cache.keys().next()`,
 * the first entry of a Map or Set), when `collectionCall` tells that the call giving the iterator
 * (`tiers.values()`) is a method of a collection of the process: the step acts in memory too.
 * Null for any other call.
 */
export function iteratorStepCall(call: CallExpression, collectionCall: (made: CallExpression) => boolean): string | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || !ITERATOR_METHODS.has(callee.getName())) return null;
  const made = unwrap(callee.getExpression());
  if (!Node.isCallExpression(made) || made.getArguments().length > 0) return null;
  const maker = unwrap(made.getExpression());
  if (!Node.isPropertyAccessExpression(maker) || !ITERATING_METHODS.has(maker.getName()) || !collectionCall(made)) return null;
  return `a step of an iterator over a collection (\`${shorten(made.getText(), 40)}\`), which acts in memory`;
}

/** Array methods that take a callback over the elements (ECMA-262 §23.1.3): `find(cb)`, `filter(cb)`, `sort(cmp)`. */
const CALLBACK_ARRAY_METHODS: ReadonlySet<string> = new Set([
  'find', 'findIndex', 'findLast', 'findLastIndex', 'filter', 'map', 'flatMap', 'forEach', 'some', 'every', 'reduce', 'reduceRight', 'sort', 'toSorted',
]);

/**
 * An Array method given an inline callback (`task.subtasks.find((s) => s.id === id)`,
 * `items.sort((a, b) => a.n - b.n)`): an API's `find` takes a query, not a function, so the
 * receiver is a list of the process and the call acts in memory (the callback's own calls are
 * read where it is written). Null for any other call.
 */
export function callbackArrayCall(call: CallExpression): string | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || !CALLBACK_ARRAY_METHODS.has(callee.getName())) return null;
  const first = call.getArguments()[0];
  if (!first || !(Node.isArrowFunction(unwrap(first)) || Node.isFunctionExpression(unwrap(first)))) return null;
  return `an Array method given a callback (\`${callee.getName()}\`), which acts in memory`;
}

/**
 * True when a value is, or may be, a Fetch API `Request` object: by its type or declared type,
 * a clone of one, or a const holding one (`const copy = req.clone()`).
 */
export function holdsRequest(arg: Node, depth = 0): boolean {
  const node = unwrap(arg);
  if (depth > 4) return false;
  const initializer = Node.isIdentifier(node) ? initializerOf(node, true) : undefined;
  if (initializer && holdsRequest(initializer, depth + 1)) return true;
  if (Node.isCallExpression(node)) {
    const callee = unwrap(node.getExpression());
    if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'clone') return holdsRequest(callee.getExpression(), depth + 1);
  }
  return isRequestTyped(node) || mayBeRequestObject(node);
}

/**
 * True when an expression's type is the Fetch API's `Request` (alone, in a union such as
 * `RequestInfo`, or promised by an async hook): a `Request` the program does not declare itself
 * (the linter may load no lib files, so a global type can have no symbol).
 */
export function isRequestTyped(node: Node): boolean {
  return isRequestType(node.getType(), 0);
}

function isRequestType(type: import('ts-morph').Type, depth: number): boolean {
  const members = type.isUnion() ? type.getUnionTypes() : [type];
  return members.some((t) => {
    const text = t.getText();
    const promised = depth === 0 ? /^Promise<(.*)>$/.exec(text) : null;
    if (promised) {
      const args = t.getTypeArguments();
      return args.length > 0 ? args.some((arg) => isRequestType(arg, 1)) : promised[1]!.split(' | ').some((m) => m === 'Request' || m === 'RequestInfo');
    }
    if (text !== 'Request' && text !== 'RequestInfo') return false;
    const symbol = t.getSymbol() ?? t.getAliasSymbol();
    return !symbol || symbol.getDeclarations().every((d) => d.getSourceFile().isDeclarationFile());
  });
}

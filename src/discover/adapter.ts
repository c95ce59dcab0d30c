import type { CallExpression, NewExpression, Project, PropertyAccessExpression, SourceFile, ts as TS } from 'ts-morph';
import { Node, SyntaxKind, ts } from '../ts-morph.js';
import { Bindings } from '../analysis/bindings.js';
import { evaluateObject, type EvaluatedProperty } from '../analysis/evaluate.js';
import { descendantsOfKinds, moduleSpecifierOf } from '../analysis/nodes.js';
import { bindingsOf, type Resolver } from '../analysis/resolve.js';
import { isFunctionNode, type FunctionNode, shorten, unwrap } from '../analysis/syntax.js';
import { locationOf } from '../analysis/location.js';
import type { DeclaredAnnotations, UnresolvedItem } from '../model.js';
import type { ContextFinder, RegistrationContext } from './contexts.js';
import type { PatchIndex } from './patches.js';
import { receiverKey } from './receivers.js';
import { discovered, readAnnotations, type Arg, type Discovery, type DiscoveredTool, type HandlerRef } from './tool-facts.js';
import { requiredInputNames, type RequiredInputs } from './input-keys.js';
import type { SdkVersions } from '../project/sdk-version.js';

/** What every discoverer gets: the resolver, and the finder of registration contexts (wrappers, loops). */
export interface DiscoverContext {
  resolver: Resolver;
  contexts: ContextFinder;
  /** True when some project file imports the MCP SDK (v1 or v2). */
  projectUsesSdk: boolean;
  /** The project's monkeypatches of `server.tool` / `server.registerTool`. */
  patches: PatchIndex;
  /** Which version of the MCP SDK each file runs with (its installed package or lockfile). */
  sdkVersions: SdkVersions;
}

/**
 * A way to register tools: the MCP SDK's own calls, the low-level `tools/list` handler, or one
 * framework (fastmcp, Mastra, ...). One module per framework under `src/discover/frameworks/`.
 */
export interface RegistrationAdapter {
  /** Short id used in `ToolFacts.registration` and the README's support table, e.g. `fastmcp`. */
  id: string;
  /** Cheap test on a file's text; files that fail it are not walked. */
  mayRegister(text: string): boolean;
  /** The tools registered in one file, and the registrations it could not read. */
  discover(sf: SourceFile, ctx: DiscoverContext): Discovery;
}

/** True when the file imports (or requires) a module whose specifier matches. */
export function importsModule(sf: SourceFile, specifier: RegExp): boolean {
  if (sf.getImportDeclarations().some((d) => specifier.test(moduleSpecifierOf(d) ?? ''))) return true;
  const text = sf.getFullText();
  for (const m of text.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)) if (specifier.test(m[1]!)) return true;
  return false;
}

/** Names of the properties a tool-definition object uses, per framework. */
export interface DefinitionKeys {
  /** Key of the tool name (`name`). */
  name: string;
  /** Key of the annotations object (`annotations`); a dotted path reads nested objects (`mcp.annotations`). */
  annotations: string;
  /** Keys of the handler function (`execute`, `handler`, `cb`); the first present wins. */
  handler: string[];
}

/**
 * Turns one tool-definition object (`{ name, annotations, execute }`, read in `ctx`'s bindings)
 * into a tool. `nameArg` overrides where the name comes from (a record key, a positional name);
 * `handlerArg` gives a handler passed beside the object.
 */
export function fromDefinition(
  registration: string,
  definition: Arg,
  keys: DefinitionKeys,
  ctx: RegistrationContext,
  resolver: Resolver,
  overrides: { nameArg?: Arg; handlerArg?: Arg } = {},
): DiscoveredTool {
  const unresolved: UnresolvedItem[] = [];
  const valueOf = (key: string): Arg | null => propertyOf(definition, key, resolver);
  // The name: the `name` key, else the override; an unreadable object leaves it unknown.
  const nameArg = overrides.nameArg ?? valueOf(keys.name) ?? { node: definition.node, bindings: definition.bindings };
  const annotations = annotationsAt(definition, keys.annotations, resolver);
  const handlerArg = overrides.handlerArg ?? keys.handler.map(valueOf).find((v) => v !== null) ?? undefined;
  const handlers = handlerArg ? handlersOf(handlerArg, resolver, unresolved) : [];
  const tool = discovered(registration, nameArg, annotations, handlers, ctx, resolver, unresolved);
  tool.requiredInputs = requiredInputsOf(definition, resolver);
  return tool;
}

/**
 * The function(s) a handler expression stands for: a function, or each method of an object of
 * functions (a task handler's `createTask`, `getTask`, ...). What cannot be followed is recorded.
 */
export function handlersOf(arg: Arg, resolver: Resolver, unresolved: UnresolvedItem[]): HandlerRef[] {
  const target = resolver.resolve(arg.node, 0, arg.bindings);
  if (target.kind === 'function' && isFunctionNode(target.node)) return [{ node: target.node, bindings: bindingsOf(target) }];
  if (target.kind === 'value' && Node.isObjectLiteralExpression(unwrap(target.node))) {
    const refs: HandlerRef[] = [];
    const obj = unwrap(target.node) as import('ts-morph').ObjectLiteralExpression;
    for (const prop of obj.getProperties()) {
      const value = Node.isMethodDeclaration(prop) ? prop : Node.isPropertyAssignment(prop) ? prop.getInitializer() : Node.isShorthandPropertyAssignment(prop) ? prop.getNameNode() : undefined;
      if (!value) continue;
      const fn = resolver.resolve(value, 0, bindingsOf(target));
      if (fn.kind === 'function') refs.push({ node: fn.node, bindings: bindingsOf(fn) });
    }
    if (refs.length > 0) return refs;
  }
  const reason = target.kind === 'unknown' ? target.reason : target.kind === 'module' ? `a function of ${target.specifier}` : 'not a function the linter can read';
  unresolved.push({ expression: shorten(arg.node.getText()), reason: `the handler cannot be followed: ${reason}`, location: locationOf(arg.node), via: [] });
  return [];
}

/** The arguments of a registration call in each of its contexts (wrappers, loops), with unreadable contexts reported. */
export function callContexts(call: CallExpression, essential: Node[], ctx: DiscoverContext, found: Discovery): RegistrationContext[] {
  const { contexts, unexpanded } = ctx.contexts.contextsOf(call, essential);
  for (const u of unexpanded) found.unresolved.push({ location: locationOf(u.node), reason: u.reason });
  return contexts.filter((c) => ctx.contexts.canRun(call, c));
}

/** The context of a registration that is not a call (a class, a decorator, a file): the code as written. */
export const AS_WRITTEN: RegistrationContext = { bindings: Bindings.EMPTY, site: null, runtime: null };

/** A `<receiver>.<method>(...)` call, with the method's name. */
export interface MethodCall {
  call: CallExpression;
  method: string;
  receiver: Node;
}

/**
 * The calls `<receiver>.<method>(...)` in a file whose method is one of `methods`, in the order
 * their method names are written, which is the order chained calls (`a.tool(...).tool(...)`) run in.
 */
export function methodCalls(sf: SourceFile, methods: ReadonlySet<string>): MethodCall[] {
  const calls = descendantsOfKinds<CallExpression>(sf, [SyntaxKind.CallExpression], (n) => {
    const callee = (n as TS.CallExpression).expression;
    return ts.isPropertyAccessExpression(callee) && methods.has(callee.name.text);
  });
  const found = calls.map((call) => {
    const callee = call.getExpression() as PropertyAccessExpression;
    return { call, method: callee.getName(), receiver: callee.getExpression() };
  });
  const nameStart = (c: MethodCall): number => (c.call.getExpression() as PropertyAccessExpression).getNameNode().getStart();
  return found.sort((a, b) => nameStart(a) - nameStart(b));
}

/**
 * True when `expr` stands for one of the exports `names` of a module matching `specifier`:
 * `defineTool` imported from "tmcp/tool", `(0, mcp_nest_1.Tool)` after tsc's `require`.
 */
export function isExportOf(expr: Node, specifier: RegExp, names: readonly string[], resolver: Resolver): boolean {
  const target = resolver.resolve(expr);
  return target.kind === 'module' && specifier.test(target.specifier) && target.path.length === 1 && names.includes(target.path[0]!);
}

/**
 * Why a registration's receiver is taken to be a framework's server: null when it is seen to be
 * one, else what was assumed (a warning on each tool it registers, see {@link markAssumed}).
 */
export interface FrameworkServer {
  assumed: string | null;
}

/** How many wrappers out a parameter receiver is followed to the values its call sites pass. */
const MAX_RECEIVER_HOPS = 6;

/**
 * The server a method call `<receiver>.<method>(...)` registers on, when it is a framework's
 * (modules matching `specifier`); null when it is not. The receiver is followed as a value: it is
 * the framework's when it resolves to a value of such a module (`new FastMCP()`, a chained
 * `mcp.tool(...)` on one, a server exported from another project file); when it is a parameter,
 * when a call site of its function passes one (through wrappers, and registries of register
 * functions, see `ContextFinder.callSitesOf`), and not when every site passes something else
 * (the MCP SDK's `McpServer`, project code). A receiver that cannot be followed is the
 * framework's in a file that imports the framework; elsewhere it is assumed to be, with a
 * warning, when the project imports the framework and the call has the framework's definition
 * shape (`hasShape`).
 */
export function frameworkServer(call: CallExpression, receiver: Node, specifier: RegExp, ctx: DiscoverContext, hasShape: (call: CallExpression) => boolean): FrameworkServer | null {
  // A framework's server comes from an import of the framework somewhere in the project.
  if (!projectImports(receiver.getProject(), specifier)) return null;
  const origin = receiverOrigin(receiver, specifier, ctx, 0, new Set());
  if (origin === 'framework') return { assumed: null };
  if (origin !== 'unknown' || !hasShape(call)) return null;
  const framework = specifier.source.replace(/^\^/, '').replace(/\(.*$/, '');
  return { assumed: `\`${shorten(receiver.getText(), 40)}\` is taken to be a ${framework} server: the linter cannot follow it to one, and the project imports ${framework}` };
}

/** Adds to each tool registered since `from` the warning that its server was assumed (see {@link frameworkServer}). */
export function markAssumed(found: Discovery, from: number, server: FrameworkServer, receiver: Node): void {
  if (!server.assumed) return;
  for (const tool of found.tools.slice(from)) tool.facts.unresolved.push({ expression: shorten(receiver.getText()), reason: server.assumed, location: locationOf(receiver), via: [] });
}

/** Where a receiver's value comes from: a module matching the framework's specifier, something else, or unknown. */
function receiverOrigin(receiver: Node, specifier: RegExp, ctx: DiscoverContext, hops: number, seen: Set<Node>): 'framework' | 'other' | 'unknown' {
  const target = ctx.resolver.resolve(receiver);
  if (target.kind === 'module') return specifier.test(target.specifier) ? 'framework' : 'other';
  if (target.kind !== 'unknown') return 'other';
  if (importsModule(receiver.getSourceFile(), specifier)) return 'framework';
  // A parameter: the values its function's call sites pass.
  const param = parameterOf(receiver);
  if (!param || hops >= MAX_RECEIVER_HOPS || seen.has(param.fn)) return 'unknown';
  seen.add(param.fn);
  const sites = ctx.contexts.callSitesOf(param.fn);
  if (!sites || sites.length === 0) return 'unknown';
  let all: 'other' | 'unknown' = 'other';
  for (const site of sites) {
    const arg = Node.isCallExpression(site) ? ctx.contexts.argumentsAt(site)[param.index] : undefined;
    const origin = arg && !Node.isSpreadElement(arg) ? receiverOrigin(arg, specifier, ctx, hops + 1, seen) : 'unknown';
    if (origin === 'framework') return 'framework';
    if (origin === 'unknown') all = 'unknown';
  }
  return all;
}

/** The function and position of the parameter an expression names (`server`, `server.inner` reads its root), or null. */
function parameterOf(expr: Node): { fn: FunctionNode; index: number } | null {
  let root = unwrap(expr);
  while (Node.isPropertyAccessExpression(root)) root = unwrap(root.getExpression());
  const decl = Node.isIdentifier(root) ? root.getSymbol()?.getDeclarations()[0] : undefined;
  if (!decl || !Node.isParameterDeclaration(decl)) return null;
  const fn = decl.getParent();
  return isFunctionNode(fn) ? { fn, index: fn.getParameters().indexOf(decl) } : null;
}

/** Per project, the frameworks (by specifier pattern) some source file imports. */
const importsByProject = new WeakMap<Project, Map<string, boolean>>();

/** True when some source file of the project (declarations aside) imports a module matching `specifier`. */
function projectImports(project: Project, specifier: RegExp): boolean {
  let known = importsByProject.get(project);
  if (!known) importsByProject.set(project, (known = new Map()));
  let found = known.get(specifier.source);
  if (found === undefined) {
    found = project.getSourceFiles().some((sf) => !sf.isDeclarationFile() && importsModule(sf, specifier));
    known.set(specifier.source, found);
  }
  return found;
}

/** True when argument `index` of a call is an object literal (through parentheses) that writes each of `keys`. */
export function writesKeys(call: CallExpression, index: number, keys: readonly string[]): boolean {
  const arg = call.getArguments()[index];
  const obj = arg ? unwrap(arg) : undefined;
  if (!obj || !Node.isObjectLiteralExpression(obj)) return false;
  return keys.every((key) => obj.getProperty(key) !== undefined);
}

/**
 * The call of a framework factory (`defineTool(...)`, `createTool(...)`) that an expression holds,
 * following context bindings, `const`s, shorthand properties and imports of project code; null
 * when it holds anything else. `isFactory` tests the callee.
 */
export function factoryCall(arg: Arg, isFactory: (callee: Node) => boolean): { call: CallExpression; bindings: Bindings } | null {
  let node = unwrap(arg.node);
  let bindings = arg.bindings;
  for (let hops = 0; hops < 16; hops++) {
    if (Node.isCallExpression(node)) return isFactory(node.getExpression()) ? { call: node, bindings } : null;
    if (!Node.isIdentifier(node)) return null;
    let decl = node.getSymbol()?.getDeclarations()[0];
    const bound = decl ? bindings.get(decl) : undefined;
    if (bound?.kind === 'node') {
      node = unwrap(bound.node);
      bindings = bound.bindings;
      continue;
    }
    if (decl && Node.isShorthandPropertyAssignment(decl)) decl = decl.getValueSymbol()?.getDeclarations()[0];
    if (decl && Node.isImportSpecifier(decl)) decl = decl.getNameNode().getSymbol()?.getAliasedSymbol()?.getDeclarations()[0];
    if (decl && Node.isExportSpecifier(decl)) decl = decl.getLocalTargetDeclarations()[0];
    const init = decl && Node.isVariableDeclaration(decl) && decl.getVariableStatement()?.getDeclarationKind() === 'const' ? decl.getInitializer() : undefined;
    if (!init) return null;
    node = unwrap(init);
    bindings = bindings.visibleFrom(init);
  }
  return null;
}

/** The value of property `key` of an object expression (followed through consts and spreads), or null when it has none. */
export function propertyOf(obj: Arg, key: string, resolver: Resolver): Arg | null {
  const prop = evaluateObject(obj.node, resolver, 0, new Set([key]), obj.bindings).properties.get(key);
  return prop ? valueOfProperty(prop) : null;
}

/** Keys a tool-definition object gives its input schema under (the SDK's `inputSchema`, fastmcp's `parameters`, generated SDKs' `args`). */
const SCHEMA_KEYS = ['inputSchema', 'parameters', 'args', 'schema'];

/** The required input names of a tool-definition object (see {@link requiredInputNames}), from the first schema key it has; undefined when none is readable. */
export function requiredInputsOf(definition: Arg, resolver: Resolver): RequiredInputs | undefined {
  for (const key of SCHEMA_KEYS) {
    const schema = propertyOf(definition, key, resolver);
    if (schema) return requiredInputNames(schema, resolver) ?? undefined;
  }
  return undefined;
}

/**
 * The annotations at `path` of a definition object (`annotations`, or dotted: `mcp.annotations`):
 * null when absent; when an object on the way cannot be read whole, the parts that could hide them.
 */
export function annotationsAt(definition: Arg, path: string, resolver: Resolver): DeclaredAnnotations | null {
  let holder = definition;
  for (const key of path.split('.')) {
    const obj = evaluateObject(holder.node, resolver, 0, new Set([key]), holder.bindings);
    const prop = obj.properties.get(key);
    if (!prop) {
      if (obj.unresolved.length === 0) return null;
      const unresolved = obj.unresolved.map((u) => ({ expression: shorten(u.node.getText()), reason: u.reason, location: locationOf(u.node), via: [] }));
      return { location: locationOf(obj.node), properties: {}, unresolved };
    }
    holder = valueOfProperty(prop);
  }
  return readAnnotations(holder, resolver);
}

/**
 * A tool whose name is syntax or layout, not an expression: a record key (Mastra), a method name
 * (NestJS), a file's basename (xmcp). It is reported at `at`.
 */
export function namedTool(registration: string, name: string, at: Node, annotations: DeclaredAnnotations | null, handlers: HandlerRef[], unresolved: UnresolvedItem[] = []): DiscoveredTool {
  const first = handlers[0];
  return {
    facts: {
      name,
      displayName: name,
      origin: 'source',
      location: locationOf(at),
      registration,
      annotations,
      handler: first ? locationOf(first.node) : null,
      unresolved,
    },
    handlers,
  };
}

/** The value an evaluated property writes (a property's initializer, a shorthand's name, a method), in its bindings. */
export function valueOfProperty(prop: EvaluatedProperty): Arg {
  // A property assignment, a shorthand, or a later write `copy.key = value` (see `evaluateObject`).
  const node = Node.isPropertyAssignment(prop.node) ? prop.node.getInitializerOrThrow() : Node.isShorthandPropertyAssignment(prop.node) ? prop.node.getNameNode() : Node.isBinaryExpression(prop.node) ? prop.node.getRight() : prop.node;
  return { node, bindings: prop.bindings };
}

/**
 * The elements of an array of tools passed to a registration (`addTools([...])`, `tools([...])`),
 * each read in its own bindings; an array the linter cannot enumerate is reported and gives none.
 */
export function toolElements(list: Arg, what: string, ctx: DiscoverContext, found: Discovery): Arg[] {
  const elements = ctx.contexts.elementsOf(list.node, list.bindings, 0);
  const from = `the tools ${what} registers come from \`${shorten(list.node.getText(), 50)}\``;
  if (!elements.ok) {
    found.unresolved.push({ location: locationOf(list.node), reason: `${from}, ${elements.reason}` });
    return [];
  }
  for (const gap of elements.gaps ?? []) found.unresolved.push({ location: locationOf(list.node), reason: `some of ${from}, ${gap}` });
  return elements.items;
}

/**
 * The calls in a file whose callee is named one of `names`: `f(...)`, `x.f(...)`, and tsc's
 * `(0, x.f)(...)`. A cheap syntactic filter: callers still check what the callee resolves to.
 */
export function callsTo(sf: SourceFile, names: ReadonlySet<string>): CallExpression[] {
  return descendantsOfKinds<CallExpression>(sf, [SyntaxKind.CallExpression], (n) => isNamed((n as TS.CallExpression).expression, names));
}

/** The `new X(...)` and `new x.X(...)` expressions in a file whose class is named one of `names` (see {@link callsTo}). */
export function instancesOf(sf: SourceFile, names: ReadonlySet<string>): NewExpression[] {
  return descendantsOfKinds<NewExpression>(sf, [SyntaxKind.NewExpression], (n) => isNamed((n as TS.NewExpression).expression, names));
}

function isNamed(expr: TS.Expression, names: ReadonlySet<string>): boolean {
  let callee = expr;
  while (ts.isParenthesizedExpression(callee)) callee = callee.expression;
  if (ts.isBinaryExpression(callee) && callee.operatorToken.kind === SyntaxKind.CommaToken) callee = callee.right;
  if (ts.isPropertyAccessExpression(callee)) return names.has(callee.name.text);
  return ts.isIdentifier(callee) && names.has(callee.text);
}

/**
 * Records on a tool the server it is registered on (the receiver of `call`, read in the context's
 * bindings) and where, so that a name registered twice on one server is found.
 */
export function registeredOn(tool: DiscoveredTool, call: CallExpression, context: RegistrationContext, site: Node = call): DiscoveredTool {
  tool.server = () => receiverKey(call, context.bindings);
  tool.site = site;
  return tool;
}

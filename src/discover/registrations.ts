import type { CallExpression, SourceFile, ts as TS } from 'ts-morph';
import { Node, SyntaxKind, ts } from '../ts-morph.js';
import { Bindings } from '../analysis/bindings.js';
import { descendantsOfKinds, moduleSpecifierOf } from '../analysis/nodes.js';
import { evaluate, evaluateObject, definingNode } from '../analysis/evaluate.js';
import { bindingsOf, expandArguments, type Resolver } from '../analysis/resolve.js';
import { shorten, unwrap } from '../analysis/syntax.js';
import type { DeclaredAnnotations, DeclaredHint, ToolFacts, UnresolvedItem } from '../model.js';
import { locationOf } from '../analysis/location.js';
import type { RegistrationContext } from './contexts.js';
import type { DiscoverContext } from './adapter.js';
import { originalMethodOf } from './patches.js';
import { methodCallOf } from './method-calls.js';
import { annotationsAt, callContexts, handlersOf, propertyOf, requiredInputsOf, valueOfProperty } from './adapter.js';
import { discovered, readAnnotations, type Arg, type DiscoveredTool, type Discovery, type HandlerRef } from './tool-facts.js';
import { requiredInputNames } from './input-keys.js';
import { keyOfReceiver } from './receivers.js';
import type { SdkVersions } from '../project/sdk-version.js';
import { bundlesMcpSdk, requiresBundledSdk, SDK_SERVER_METHODS } from '../project/bundled-sdk.js';

/**
 * Module specifiers that mark a project as an MCP server built on the SDK's `McpServer`: SDK v1
 * and the v2 split package, and the adapters that hand a callback an SDK server
 * (`mcp-handler`, `@vercel/mcp-adapter`, Cloudflare `agents/mcp`).
 */
const MCP_SDK = /^(@modelcontextprotocol\/(sdk|server)|mcp-handler|@vercel\/mcp-adapter|agents\/mcp)(\/|$)/;

/**
 * True when the file imports or requires the MCP SDK, bundles it (see {@link bundlesMcpSdk}), or
 * requires a module of its own package that bundles it (`require("./utilsBundle")`).
 */
export function importsMcpSdk(sf: SourceFile): boolean {
  if (sf.getImportDeclarations().some((d) => MCP_SDK.test(moduleSpecifierOf(d) ?? ''))) return true;
  const text = sf.getFullText();
  return /require\(\s*["'](@modelcontextprotocol\/(sdk|server)|mcp-handler|@vercel\/mcp-adapter|agents\/mcp)/.test(text) || bundlesMcpSdk(text) || requiresBundledSdk(text, sf.getFilePath());
}

/** True for a method of the SDK's server class bundled into the project: named like it, or shaped like it when minified (see {@link SDK_SERVER_METHODS}). */
function isSdkMethod(fn: Node): boolean {
  const cls = fn.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a)) as import('ts-morph').ClassDeclaration | import('ts-morph').ClassExpression | undefined;
  if (!cls) return false;
  const name = cls.getName() ?? cls.getParent()?.getFirstChildByKind(SyntaxKind.Identifier)?.getText();
  return (name !== undefined && /^(McpServer|Server)\d*$/.test(name)) || SDK_SERVER_METHODS.every((m) => cls.getMethod(m) !== undefined);
}

/** True when a method call's receiver comes from a package that is not the MCP SDK (or an adapter handing out its server). */
function isOtherFrameworkReceiver(object: Node | null, resolver: Resolver): boolean {
  if (object === null) return false;
  let receiver = unwrap(object);
  // `new McpServer(...)` resolves to the SDK's class; a chained `.tool(...).tool(...)` to the first receiver.
  while (Node.isCallExpression(receiver) && Node.isPropertyAccessExpression(unwrap(receiver.getExpression()))) {
    receiver = unwrap((unwrap(receiver.getExpression()) as import('ts-morph').PropertyAccessExpression).getExpression());
  }
  const owner = resolver.resolve(receiver);
  return owner.kind === 'module' && !MCP_SDK.test(owner.specifier) && !owner.specifier.startsWith('.');
}

/**
 * True when a receiver is a parameter or variable declared with a type alias or interface of the
 * project that does not mention a server (`def: ToolDefinition`, whose `tool` member is the
 * tool's handler): `def.tool(client, args)` calls that member, it registers nothing.
 */
function isOwnTypedValue(receiver: Node): boolean {
  const node = unwrap(receiver);
  if (!Node.isIdentifier(node)) return false;
  const decl = node.getSymbol()?.getDeclarations()[0];
  const typeNode = decl && (Node.isParameterDeclaration(decl) || Node.isVariableDeclaration(decl)) ? decl.getTypeNode() : undefined;
  if (!typeNode || !Node.isTypeReference(typeNode)) return false;
  let symbol = typeNode.getTypeName().getSymbol();
  if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
  const type = symbol?.getDeclarations()[0];
  if (!type || !(Node.isTypeAliasDeclaration(type) || Node.isInterfaceDeclaration(type))) return false;
  const file = type.getSourceFile();
  return !file.isDeclarationFile() && !file.isInNodeModules() && !/\b(McpServer|Server)\b/.test(type.getText());
}

/**
 * True when a receiver is, or may be, a server of the MCP SDK (`McpServer`, the low-level `Server`,
 * `mcpServer.server`): a value made from the SDK's classes, or a parameter, field or variable
 * declared with their type.
 */
function mayBeMcpServer(receiver: Node, resolver: Resolver): boolean {
  const target = resolver.resolve(receiver);
  if (target.kind === 'module') return MCP_SDK.test(target.specifier) && target.path.some((p) => /^(McpServer|Server)$/.test(p));
  if (target.kind !== 'unknown') return false;
  const node = unwrap(receiver);
  const id = Node.isPropertyAccessExpression(node) ? node.getNameNode() : node;
  const decl = id.getSymbol()?.getDeclarations()[0];
  const type = decl && (Node.isParameterDeclaration(decl) || Node.isPropertyDeclaration(decl) || Node.isVariableDeclaration(decl)) ? decl.getTypeNode()?.getText() : undefined;
  return type !== undefined && /\b(McpServer|Server)\b/.test(type);
}

/** What a position of `tool(...)` holds after the SDK's own disambiguation. */
type ToolArgRole = 'description' | 'shape' | 'annotations' | 'callback' | 'ignored';

/**
 * True when an argument in the "shape" position is a Zod raw shape, as the SDK decides it
 * (`isZodRawShapeCompat` in @modelcontextprotocol/sdk server/mcp.js): `{}` is a shape; an object
 * with at least one Zod value is a shape; an object of plain values (literals, JSON Schema) is
 * annotations. Statically a Zod value is any call or member expression (`z.string()`,
 * `Schema.shape`); an expression that is not an object literal (`Schema.shape`) is a shape.
 */
function isRawShape(arg: Arg, resolver: Resolver): boolean {
  // `def.annotations ?? {}`, `hints || {}`: an object literal on the left is never nullish, so it is the value.
  const u = unwrap(arg.node);
  if (Node.isBinaryExpression(u) && [SyntaxKind.QuestionQuestionToken, SyntaxKind.BarBarToken].includes(u.getOperatorToken().getKind())) {
    const left = definingNode(u.getLeft(), resolver, arg.bindings);
    if (left && Node.isObjectLiteralExpression(left)) return isRawShape({ ...arg, node: u.getLeft() }, resolver);
  }
  const def = definingNode(arg.node, resolver, arg.bindings) ?? u;
  if (!Node.isObjectLiteralExpression(def)) return true;
  // Spreads are flattened and identifiers followed, as the SDK sees the object at run time.
  const obj = evaluateObject(arg.node, resolver, 0, undefined, arg.bindings);
  if (obj.properties.size === 0) return obj.unresolved.length === 0;
  return [...obj.properties.values()].some((prop) => {
    // A value the linter can compute (a literal, a bound argument) is plain data, never a Zod schema.
    if (prop.value.known) return false;
    const written = valueOfProperty(prop).node;
    const value = definingNode(written, resolver) ?? unwrap(written);
    return Node.isCallExpression(value) || Node.isPropertyAccessExpression(value) || isZodModuleValue(written, resolver);
  });
}

/** True for a value reached from the zod package (`z.string()` held in a const resolves to a zod module path). */
function isZodModuleValue(expr: Node, resolver: Resolver): boolean {
  const target = resolver.resolve(expr);
  return target.kind === 'module' && /^zod(\/|$)/.test(target.specifier);
}

/**
 * Assigns roles to the arguments after the name of a deprecated `McpServer.tool()` call, following
 * the SDK's runtime logic (six overloads: `tool(name, cb)`, `(name, description, cb)`,
 * `(name, shapeOrAnnotations, cb)`, `(name, description, shapeOrAnnotations, cb)`,
 * `(name, shape, annotations, cb)`, `(name, description, shape, annotations, cb)`). The SDK takes
 * a function for the callback wherever it comes (`typeof` is not `"object"`), and never reads
 * what follows it: those arguments are `ignored` (`tool(name, description, shape, cb, annotations)`).
 */
export function toolArgRoles(rest: Arg[], resolver: Resolver): ToolArgRole[] {
  const roles: ToolArgRole[] = [];
  let i = 0;
  const isFunction = (a: Arg): boolean => {
    const u = unwrap(a.node);
    return Node.isArrowFunction(u) || Node.isFunctionExpression(u) || resolver.resolve(a.node, 0, a.bindings).kind === 'function';
  };
  const calledAt = (at: number): ToolArgRole[] => [...roles, 'callback', ...rest.slice(at + 1).map((): ToolArgRole => 'ignored')];
  const isString = (a: Arg): boolean => {
    const v = evaluate(a.node, resolver, 0, a.bindings);
    if (v.known) return typeof v.value === 'string';
    const u = unwrap(a.node);
    if (Node.isTemplateExpression(u) || (Node.isBinaryExpression(u) && u.getOperatorToken().getKind() === SyntaxKind.PlusToken)) return true;
    // A description computed at run time (`tool.description`, `describe(repo)`) that the checker types as a string,
    // or that a project function declared to return a string gives.
    const type = u.getType();
    if (type.isString() || type.isStringLiteral()) return true;
    const target = resolver.resolve(a.node, 0, a.bindings);
    const made = target.kind === 'value' ? unwrap(target.node) : null;
    if (made && (Node.isTemplateExpression(made) || Node.isStringLiteral(made) || Node.isNoSubstitutionTemplateLiteral(made))) return true;
    const maker = made && Node.isCallExpression(made) ? resolver.resolve(made.getExpression(), 0, bindingsOf(target)) : null;
    return maker?.kind === 'function' && maker.node.getReturnTypeNode()?.getText() === 'string';
  };
  if (rest.length > 1 && isString(rest[0]!)) {
    roles.push('description');
    i++;
  }
  if (rest.length - i > 1) {
    if (isFunction(rest[i]!)) return calledAt(i);
    if (isRawShape(rest[i]!, resolver)) {
      roles.push('shape');
      i++;
      if (rest.length - i > 1) {
        if (isFunction(rest[i]!)) return calledAt(i);
        roles.push('annotations');
        i++;
      }
    } else {
      roles.push('annotations');
      i++;
    }
  }
  while (i < rest.length - 1) {
    roles.push('shape');
    i++;
  }
  roles.push('callback');
  return roles;
}

/** `const original = server.tool.bind(server)` / `= server.registerTool`: the name of the variable. */
const ORIGINAL_METHOD_TEXT = /(?:const|let|var)\s+([\w$]+)\s*=\s*[\w$.]+\.(?:tool|registerTool)\b/g;

/** Text of a method call whose name is computed (`server[m](...)`, `server[m].call(...)`). */
const COMPUTED_CALL_TEXT = /\]\s*(\.\s*(call|apply)\s*)?\(/;

/** The methods of `Function.prototype` that call a function with a given `this`. */
const CALLERS = new Set(['call', 'apply']);

/** Text that a deprecated `tool()` registration contains: `.tool` (also `(server.tool as any)(`) or `["tool"]`. */
const TOOL_CALL_TEXT = /\.\s*tool\b|\[\s*["'`]tool["'`]\s*\]/;

/** The method names recognised as tool registrations on any receiver (`registerToolTask`: `server.experimental.tasks`). */
const REGISTER_METHODS = new Set(['registerTool', 'registerToolTask', 'tool']);

/**
 * Finds the tool registrations in one file: `registerTool(name, config, handler)` and the six
 * overloads of the deprecated `tool()` on any receiver (`server`, `this.server`, `mcp`), each in
 * every context it runs in (once per wrapper call site, once per element of a table a loop walks).
 * The method may be named by a static key (`server["registerTool"]`, `server[KEY]`) or called
 * through `.call(server, ...)` / `.apply(server, [...])` (also `McpServer.prototype.registerTool`);
 * a method name computed at run time on a server of the SDK, and an `apply` whose arguments cannot
 * be read, are listed as unresolved registrations. `tool()` is only recognised in projects that
 * use the MCP SDK, to keep unrelated `.tool()` methods out.
 */
export function discoverInFile(sf: SourceFile, ctx: DiscoverContext): Discovery {
  const { resolver, projectUsesSdk, patches } = ctx;
  const found: Discovery = { tools: [], unresolved: [] };
  // Most files of a server register nothing: a text search spares walking their trees.
  const text = sf.getFullText();
  if (!text.includes('registerTool') && !(projectUsesSdk && (TOOL_CALL_TEXT.test(text) || COMPUTED_CALL_TEXT.test(text)))) return found;
  const fileUsesSdk = importsMcpSdk(sf);
  // Variables that keep a server's original method before a monkeypatch replaces it.
  const originals = new Set([...text.matchAll(ORIGINAL_METHOD_TEXT)].map((m) => m[1]!));
  const candidates = descendantsOfKinds<CallExpression>(sf, [SyntaxKind.CallExpression], (n) => {
    // `(server.tool as any)(...)`: look through parentheses and type assertions, as unwrap() does.
    let callee: TS.Expression = (n as TS.CallExpression).expression;
    while (ts.isParenthesizedExpression(callee) || ts.isAsExpression(callee) || ts.isNonNullExpression(callee) || ts.isSatisfiesExpression(callee) || ts.isTypeAssertionExpression(callee)) {
      callee = callee.expression;
    }
    if (ts.isIdentifier(callee)) return originals.has(callee.text);
    if (ts.isPropertyAccessExpression(callee) && CALLERS.has(callee.name.text)) {
      // `server.registerTool.call(...)`, `McpServer.prototype.registerTool.apply(...)`, `registerTool.call(...)`, `server[m].call(...)`.
      let target: TS.Expression = callee.expression;
      while (ts.isParenthesizedExpression(target) || ts.isAsExpression(target) || ts.isNonNullExpression(target)) target = target.expression;
      if (ts.isIdentifier(target)) return REGISTER_METHODS.has(target.text) || originals.has(target.text);
      return ts.isPropertyAccessExpression(target) ? REGISTER_METHODS.has(target.name.text) : ts.isElementAccessExpression(target);
    }
    return ts.isPropertyAccessExpression(callee) ? REGISTER_METHODS.has(callee.name.text) : ts.isElementAccessExpression(callee);
  });
  const nameOf = (id: Node, viaCall: boolean): string | null => (viaCall && REGISTER_METHODS.has(id.getText()) ? id.getText() : originalMethodOf(id));
  for (const node of candidates) {
    const shape = methodCallOf(node, resolver, nameOf);
    if (!shape) continue;
    if (shape.kind === 'computed') {
      // Only on a server of the SDK: `handlers[name](args)` elsewhere registers nothing.
      if (projectUsesSdk && mayBeMcpServer(shape.receiver, resolver)) found.unresolved.push({ location: locationOf(node), reason: shape.reason });
      continue;
    }
    const method = shape.method;
    if (!REGISTER_METHODS.has(method)) continue;
    if (method === 'tool' && !projectUsesSdk) continue;
    // A call of a monkeypatched `server.tool` runs the patch: the patch's own call of the original registers.
    if (patches.patchFor(node, Bindings.EMPTY)) continue;
    // `.tool(...)` of another framework's server (tmcp, mcp-lite, mcp-use) is that framework's adapter's.
    if (method === 'tool' && isOtherFrameworkReceiver(shape.receiver, resolver)) continue;
    if (method === 'tool' && shape.receiver && isOwnTypedValue(shape.receiver)) continue;
    if (shape.kind === 'unlisted') {
      found.unresolved.push({ location: locationOf(node), reason: shape.reason });
      continue;
    }
    // A `registerTool` the project defines itself (its own registry class) is not the SDK's. Files
    // that import the SDK are taken at their word: asking the checker there costs much and says little.
    if (!fileUsesSdk) {
      const callee = resolver.resolve(shape.callee);
      if (callee.kind === 'function' && !isSdkMethod(callee.node)) continue;
    } else if (callsOwnMethod(node, method) || callsFieldsOwnMethod(shape.callee, resolver)) {
      // In a file that imports the SDK too (a bundle holds everything), `this.registerTool(...)` of a
      // class that defines `registerTool` itself, or `this.registry.registerTool(...)` of a project
      // class kept in a field, is still the project's own method.
      continue;
    }
    const written = shape.args;
    const listed = found.unresolved.length;
    const contexts = callContexts(node, written.slice(0, -1), ctx, found);
    // The gap is already listed (a wrapper never called): the nameless tool it leaves is not listed again.
    const gapListed = found.unresolved.length > listed;
    // The calls on the returned RegisteredTool are one search per registration call, whatever its contexts.
    let lifecycle: ReturnType<typeof lifecycleOf> | undefined;
    for (const context of contexts) {
      const args = expandArguments(written, context.bindings);
      const spread = args.findIndex((a) => Node.isSpreadElement(a.node));
      if (spread >= 0) {
        // Arguments the linter cannot line up: the tool is kept, with everything after the name unverifiable.
        const spreadNode = args[spread]!.node;
        const reason = `the arguments of this ${method}() call come from \`${shorten(spreadNode.getText(), 40)}\`, which the linter cannot read`;
        const item = { expression: shorten(spreadNode.getText()), reason, location: locationOf(spreadNode), via: [] };
        const annotations: DeclaredAnnotations = { location: locationOf(spreadNode), properties: {}, unresolved: [item] };
        const nameArg = spread === 0 ? { node: spreadNode, bindings: context.bindings } : args[0]!;
        found.tools.push(discovered(method, nameArg, annotations, [], context, resolver));
        continue;
      }
      // `registerTool` reads its first three arguments; more (a stray fourth in JavaScript) are ignored, as the SDK does.
      if (method === 'tool' && args.length > 6) continue;
      if (args.length < 2) {
        // A registration that cannot name a tool is said to be one (once, whatever its contexts), never passed over in silence.
        const reason = `${method}() is called with ${args.length === 0 ? 'no argument' : 'one argument'}: a tool needs a name and a definition, so no tool can be named here`;
        const location = locationOf(node);
        if (!found.unresolved.some((u) => u.reason === reason && u.location.file === location.file && u.location.line === location.line)) found.unresolved.push({ location, reason });
        continue;
      }
      const tool = method === 'tool' ? fromTool(args, context, resolver, ctx.sdkVersions, node) : fromRegisterTool(method, args, context, resolver, node);
      if (context.assumed) tool.facts.unresolved.push({ expression: shorten(context.assumed.node.getText()), reason: context.assumed.reason, location: locationOf(context.assumed.node), via: [] });
      lifecycle ??= lifecycleOf(node);
      for (const update of lifecycle.updates) applyUpdate(tool, update, resolver);
      // A tool disabled or removed somewhere is still reported: it is listed whenever it is enabled.
      for (const state of lifecycle.states) tool.facts.registration += ` + ${state}()`;
      tool.server = () => keyOfReceiver(shape.receiver ?? shape.callee, context.bindings);
      tool.site = node;
      if (context.site) tool.contextSite = context.site;
      tool.gapListed = gapListed;
      found.tools.push(tool);
    }
  }
  return found;
}

/** Methods of the SDK's `RegisteredTool` that change whether clients see the tool. */
const LIFECYCLE_METHODS = new Set(['enable', 'disable', 'remove']);

/**
 * The calls on the `RegisteredTool` a registration returns
 * (`const t = server.registerTool(...); t.update({ annotations }); t.disable()`), anywhere in the
 * project, in source order: the `update({...})` arguments, and which of `enable`, `disable`,
 * `remove` are called. SDK: `RegisteredTool` in @modelcontextprotocol/sdk server/mcp.js.
 */
function lifecycleOf(call: CallExpression): { updates: Arg[]; states: string[] } {
  const out = { updates: [] as Arg[], states: [] as string[] };
  let holder: Node = call;
  while (Node.isAwaitExpression(holder.getParent()) || Node.isParenthesizedExpression(holder.getParent()) || Node.isAsExpression(holder.getParent())) holder = holder.getParentOrThrow();
  const decl = holder.getParent();
  if (!decl || !Node.isVariableDeclaration(decl) || decl.getInitializer() !== holder) return out;
  const nameNode = decl.getNameNode();
  if (!Node.isIdentifier(nameNode)) return out;
  for (const ref of nameNode.findReferencesAsNodes()) {
    const access = ref.getParent();
    const invoked = access?.getParent();
    if (!access || !Node.isPropertyAccessExpression(access) || !invoked || !Node.isCallExpression(invoked)) continue;
    const method = access.getName();
    const [arg] = invoked.getArguments();
    if (method === 'update' && arg) out.updates.push({ node: arg, bindings: Bindings.EMPTY });
    else if (LIFECYCLE_METHODS.has(method) && !out.states.includes(method)) out.states.push(method);
  }
  return out;
}

/** Applies one `update({...})`: a new `annotations` object replaces the registered one whole; a new `name` renames; a new `callback` is analysed too. */
function applyUpdate(tool: DiscoveredTool, update: Arg, resolver: Resolver): void {
  const obj = evaluateObject(update.node, resolver, 0, new Set(['name']), update.bindings);
  const annotations = obj.properties.get('annotations');
  if (annotations) {
    tool.facts.annotations = readAnnotations(valueOfProperty(annotations), resolver);
    tool.facts.registration = `${tool.facts.registration} + update()`;
  }
  const name = obj.properties.get('name')?.value;
  if (name?.known && typeof name.value === 'string') {
    tool.facts.name = name.value;
    tool.facts.displayName = name.value;
  }
  // A new callback runs from then on: both can run, so both are analysed.
  const callback = obj.properties.get('callback');
  if (callback) tool.handlers.push(...handlersOf(valueOfProperty(callback), resolver, tool.facts.unresolved));
}

/**
 * What makes two registrations one definition to a reader: the name, where it is written, and the
 * annotations declared (each hint's value and place). Null for a tool whose name is unknown.
 */
export function definitionKey(facts: ToolFacts): string | null {
  const { name, location, annotations } = facts;
  if (name === null) return null;
  const declared = annotations ? JSON.stringify(Object.entries(annotations.properties).map(([k, h]) => [k, h.known ? h.value : '?', h.location.line, h.location.column])) : 'none';
  return `${name}\0${location.file}:${location.line}:${location.column}\0${declared}`;
}

/**
 * `registerTool(name, config, handler)` and `experimental.tasks.registerToolTask(name, config,
 * handler)` (whose handler is an object of functions): the annotations are `config.annotations`.
 */
function fromRegisterTool(method: string, args: Arg[], ctx: RegistrationContext, resolver: Resolver, call: Node): DiscoveredTool {
  const [nameArg, configArg, handlerArg] = args as [Arg, Arg, Arg | undefined];
  // When the config cannot be read whole, the annotations may hide in what could not be read.
  const annotations = annotationsAt(configArg, 'annotations', resolver);
  const unresolved: UnresolvedItem[] = [];
  const tool = discovered(method, nameArg, annotations, handlersOfArg(handlerArg, resolver, unresolved, call), ctx, resolver, unresolved);
  tool.facts.title = titleOf(configArg, resolver);
  tool.requiredInputs = requiredInputsOf(configArg, resolver);
  return tool;
}

/**
 * The top-level `title` of a tool definition object (`registerTool`'s config, a listed tool):
 * null when it has none or it is `undefined`, else its value as evaluated.
 */
export function titleOf(definition: Arg, resolver: Resolver): DeclaredHint | null {
  const arg = propertyOf(definition, 'title', resolver);
  if (!arg) return null;
  const value = evaluate(arg.node, resolver, 0, arg.bindings);
  if (value.known && value.value === undefined) return null;
  return value.known ? { value: value.value, known: true, location: locationOf(arg.node) } : { value: undefined, known: false, reason: value.reason, location: locationOf(arg.node) };
}

/** The deprecated `tool(name, ...)`: the annotations and handler sit where the SDK's overload logic puts them. */
/**
 * The tool of a deprecated `tool(...)` call. An object after the callback (`tool(name, description,
 * shape, cb, { readOnlyHint: true })`) is never read by the SDK: the tool declares no annotations,
 * and `ignoredAnnotations` records where they are and the SDK version the file runs with.
 */
function fromTool(args: Arg[], ctx: RegistrationContext, resolver: Resolver, sdkVersions: SdkVersions, call: Node): DiscoveredTool {
  const [nameArg, ...rest] = args as [Arg, ...Arg[]];
  const roles = toolArgRoles(rest, resolver);
  const annotationsArg = rest[roles.indexOf('annotations')];
  const annotations = annotationsArg ? readAnnotations(annotationsArg, resolver) : null;
  const unresolved: UnresolvedItem[] = [];
  const tool = discovered('tool', nameArg, annotations, handlersOfArg(rest[roles.indexOf('callback')], resolver, unresolved, call), ctx, resolver, unresolved);
  const shape = rest[roles.indexOf('shape')];
  if (shape) tool.requiredInputs = requiredInputNames(shape, resolver) ?? undefined;
  // What follows the callback, when it may be an annotations object (not a known string, number, ...).
  const ignored = rest.find((a, i) => {
    if (roles[i] !== 'ignored') return false;
    const v = evaluate(a.node, resolver, 0, a.bindings);
    return !v.known || (v.value !== null && typeof v.value === 'object');
  });
  if (ignored) {
    const sdk = sdkVersions.forFile(ignored.node.getSourceFile().getFilePath());
    tool.facts.ignoredAnnotations = { location: locationOf(ignored.node), sdk };
  }
  return tool;
}

function handlersOfArg(arg: Arg | undefined, resolver: Resolver, unresolved: UnresolvedItem[], call: Node): HandlerRef[] {
  if (arg) return handlersOf(arg, resolver, unresolved);
  // No function to run: what the tool does cannot be checked (and the SDK has nothing to call).
  unresolved.push({ expression: shorten(call.getText()), reason: 'no handler is passed to this registration, so what the tool does cannot be checked', location: locationOf(call), via: [] });
  return [];
}

/** True for `this.<field>.<method>` that resolves to a method of a project class other than the SDK's servers. */
function callsFieldsOwnMethod(callee: Node, resolver: Resolver): boolean {
  const access = unwrap(callee);
  if (!Node.isPropertyAccessExpression(access)) return false;
  const receiver = unwrap(access.getExpression());
  if (!Node.isPropertyAccessExpression(receiver) || receiver.getExpression().getKind() !== SyntaxKind.ThisKeyword) return false;
  const target = resolver.resolve(callee);
  return target.kind === 'function' && Node.isMethodDeclaration(target.node) && !isSdkMethod(target.node);
}

/** True for `this.<method>(...)` inside a class that declares a method of that name itself. */
function callsOwnMethod(call: CallExpression, method: string): boolean {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || callee.getExpression().getKind() !== SyntaxKind.ThisKeyword) return false;
  const cls = call.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
  return cls !== undefined && (Node.isClassDeclaration(cls) || Node.isClassExpression(cls)) && cls.getMethod(method) !== undefined;
}

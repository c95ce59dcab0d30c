import type { CallExpression, SourceFile } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { Bindings } from '../analysis/bindings.js';
import { evaluate, evaluateObject } from '../analysis/evaluate.js';
import { locationOf } from '../analysis/location.js';
import { contains, descendantsOfKinds } from '../analysis/nodes.js';
import { bindingsOf, type Resolver } from '../analysis/resolve.js';
import { initializerOf, shorten, unwrap } from '../analysis/syntax.js';
import { returnedExpressions } from '../analysis/returns.js';
import { AS_WRITTEN, propertyOf, requiredInputsOf, valueOfProperty, type DiscoverContext, type RegistrationAdapter } from './adapter.js';
import type { UnresolvedItem, UnresolvedRegistration } from '../model.js';
import type { RegistrationContext } from './contexts.js';
import { definitionKey, titleOf } from './registrations.js';
import { keyOfReceiver, receiverKey } from './receivers.js';
import { discovered, readAnnotations, type Arg, type Discovery, type DiscoveredTool, type HandlerRef } from './tool-facts.js';

/** The request each handler serves: SDK v1 passes a Zod schema, SDK v2 a method string. */
type Method = 'tools/list' | 'tools/call';

const SCHEMA_METHODS: Record<string, Method> = { ListToolsRequestSchema: 'tools/list', CallToolRequestSchema: 'tools/call' };

/**
 * Tools a low-level server lists itself: `server.setRequestHandler(ListToolsRequestSchema, ...)`
 * (SDK v1 `Server`, also `mcpServer.server`) or `setRequestHandler("tools/list", ...)` (SDK v2).
 * Each tool object the handler returns (an inline array, a const or import, spreads of several
 * arrays, `.map()` over a table) is a tool, with the `annotations` it lists: these are what
 * clients see, since this handler replaces McpServer's on the wire. Each tool's code is the
 * `tools/call` handler of the same file, read with `request.params.name` bound to the tool's name,
 * so that `switch`/`if` dispatch, lookup maps and dispatch helpers lead to that tool's branch only.
 */
export const LOW_LEVEL: RegistrationAdapter = {
  id: 'low-level',
  mayRegister: (text) => text.includes('setRequestHandler') && (text.includes('ListToolsRequestSchema') || text.includes('tools/list')),
  discover: discoverLowLevel,
};

function discoverLowLevel(sf: SourceFile, ctx: DiscoverContext): Discovery {
  const found: Discovery = { tools: [], unresolved: [] };
  const calls = descendantsOfKinds<CallExpression>(sf, [SyntaxKind.CallExpression], (n) => {
    const callee = (n as import('ts-morph').ts.CallExpression).expression;
    return callee.kind === SyntaxKind.PropertyAccessExpression && (callee as import('ts-morph').ts.PropertyAccessExpression).name.text === 'setRequestHandler';
  });
  const handlers: Record<Method, HandlerRef[]> = { 'tools/list': [], 'tools/call': [] };
  /** Each tools/list handler in each context its `setRequestHandler` call runs in, with the key of the server it is set on. */
  const lists: { handler: HandlerRef; server: string; owner: (() => string) | null }[] = [];
  for (const call of calls) {
    const [schema, handler] = call.getArguments();
    const method = schema ? methodOf(schema, ctx.resolver) : null;
    if (!method || !handler) continue;
    const fn = ctx.resolver.resolve(handler);
    if (fn.kind !== 'function') {
      found.unresolved.push({ location: locationOf(handler), reason: `the ${method} handler is not a function the linter can read` });
      continue;
    }
    handlers[method].push({ node: fn.node, bindings: bindingsOf(fn) });
    if (method !== 'tools/list') continue;
    const owner = innerServerOwner(call);
    for (const context of listContexts(call, fn.node, ctx)) {
      const bindings = context === AS_WRITTEN ? bindingsOf(fn) : context.bindings;
      lists.push({ handler: { node: fn.node, bindings }, server: receiverKey(call, bindings), owner: owner ? () => keyOfReceiver(owner, bindings) : null });
    }
  }
  // A handler read in several contexts meets the same gap in each: it is listed once.
  const gaps = new Set<string>();
  const gap = (at: Node, reason: string): void => {
    const key = `${at.getPos()}:${reason}`;
    if (!gaps.has(key)) found.unresolved.push({ location: locationOf(at), reason });
    gaps.add(key);
  };
  for (const { handler: { node: list, bindings }, server, owner } of lists) {
    const listed: { tool: DiscoveredTool; fallback: string | null }[] = [];
    // What a middleware the handler is wrapped in returns is what the handler it wraps returns.
    const results = returnedExpressions(list).flatMap((returned) => ctx.contexts.objectsOf(returned, bindings.visibleFrom(returned)).map((value) => ({ returned, value })));
    for (const { returned, value } of results) {
      const tools = propertyOf(value, 'tools', ctx.resolver);
      if (!tools) {
        gap(returned, 'the tools/list handler returns a value whose `tools` the linter cannot read');
        continue;
      }
      const elements = ctx.contexts.elementsOf(tools.node, tools.bindings, 0);
      const from = `the tools this handler lists come from \`${shorten(tools.node.getText(), 50)}\``;
      if (!elements.ok) {
        gap(tools.node, `${from}, ${elements.reason}`);
        continue;
      }
      for (const reason of elements.gaps ?? []) gap(tools.node, `some of ${from}, ${reason}`);
      const entries = registryEntries(tools, list, ctx);
      for (const element of elements.items) {
        const definition: Arg = { node: element.node, bindings: element.bindings };
        const tool = toolOf(definition, element.origin ?? element.node, handlers['tools/call'], ctx.resolver);
        if (!('facts' in tool)) {
          found.unresolved.push(tool);
          continue;
        }
        tool.server = () => server;
        if (owner) tool.overridesListOf = owner;
        tool.site = element.node;
        // A copy made in the handler is never the registry's entry (it lacks `type` and `call`): only the entry it was made from is.
        const entry = tool.facts.name !== null ? entries?.get(tool.facts.name) : undefined;
        if (entry || entries === null) tool.listed = entry ?? definition;
        listed.push({ tool, fallback: tool.facts.name === null ? fallbackName(definition, ctx.resolver) : null });
      }
    }
    found.tools.push(...listedOnce(listed));
  }
  return found;
}

/**
 * The contexts a tools/list handler is read in. A handler written in its `setRequestHandler` call
 * reads the parameters of the functions around it (a server factory's `factory.toolSchemas`): it
 * is read once per context of the call, each a server of its own. Where some call site cannot be
 * followed (a function passed as a value, never called), it is read as written too, its
 * parameters unknown: what that leaves unread is reported as the table's gap.
 */
function listContexts(call: CallExpression, handler: Node, ctx: DiscoverContext): RegistrationContext[] {
  if (!contains(call, handler)) return [AS_WRITTEN];
  const { contexts, unexpanded } = ctx.contexts.contextsOf(call, []);
  const bound = contexts.filter((c) => c.bindings.size > 0);
  const running = bound.filter((c) => ctx.contexts.canRun(call, c));
  return unexpanded.length > 0 || bound.length < contexts.length || contexts.length === 0 ? [AS_WRITTEN, ...running] : running;
}

/**
 * The registry entries a tools/list handler projects, by name, when it lists a copy of each made
 * in the handler (`Array.from(this.host.tools.values()).map((tool) => publicFields(tool))`, also
 * through a `const` of the handler): the `tools/call` handler looks the tool up in that registry,
 * whose entries hold what the copy leaves out (`type`, `call`). Null when the handler lists the
 * entries themselves; without the entries whose names or registry cannot be read (the copy is
 * then no entry the linter may take for the registry's).
 */
function registryEntries(tools: Arg, handler: Node, ctx: DiscoverContext): Map<string, Arg> | null {
  const out = new Map<string, Arg>();
  let listed = unwrap(tools.node);
  // `return { tools }`: the variable the shorthand names.
  const shorthand = listed.getParent();
  const decl = Node.isShorthandPropertyAssignment(shorthand) ? shorthand.getValueSymbol()?.getDeclarations()[0] : undefined;
  const init = decl && Node.isVariableDeclaration(decl) ? decl.getInitializer() : Node.isIdentifier(listed) ? initializerOf(listed, false) : undefined;
  if (init && contains(handler, init)) listed = unwrap(init);
  if (!Node.isCallExpression(listed) || !contains(handler, listed)) return null;
  const callee = unwrap(listed.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'map') return null;
  const source = ctx.contexts.elementsOf(callee.getExpression(), tools.bindings, 0);
  if (!source.ok) return out;
  for (const element of source.items) {
    const name = propertyOf({ node: element.node, bindings: element.bindings }, 'name', ctx.resolver);
    const value = name ? evaluate(name.node, ctx.resolver, 0, name.bindings) : null;
    // An instance of a tool class (`new ReadNote()` whose constructor sets `this.name`).
    const key = value?.known && typeof value.value === 'string' ? value.value : ctx.resolver.entryKey(element.node, 'name', element.bindings);
    if (key !== null && !out.has(key)) out.set(key, { node: element.node, bindings: element.bindings });
  }
  return out;
}

/**
 * The tools one tools/list handler lists, each definition once: its returns are alternatives
 * (`if (team) return { tools: defs.filter(...) }; return { tools: defs.map(withAccount) }`), so a
 * definition two of them list (same name, place and annotations) is one tool, and a copy whose
 * name only run time knows but falls back to a name the handler lists (`name: renamed.get(t.name)
 * ?? t.name` on one path) stands for that tool, not for another. `fallback`: that name, if any.
 */
function listedOnce(listed: { tool: DiscoveredTool; fallback: string | null }[]): DiscoveredTool[] {
  const keys = new Set<string>();
  const names = new Set(listed.map(({ tool }) => tool.facts.name));
  return listed.filter(({ tool, fallback }) => {
    const key = definitionKey(tool.facts);
    if (key === null) return fallback === null || !names.has(fallback);
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  }).map(({ tool }) => tool);
}

/** The name a listed tool object falls back to, `b` of `name: a ?? b` or `a || b`, when it is a known string; null otherwise. */
function fallbackName(definition: Arg, resolver: Resolver): string | null {
  const name = propertyOf(definition, 'name', resolver);
  const value = name ? unwrap(name.node) : null;
  if (!name || !value || !Node.isBinaryExpression(value) || ![SyntaxKind.QuestionQuestionToken, SyntaxKind.BarBarToken].includes(value.getOperatorToken().getKind())) return null;
  const fallback = evaluate(value.getRight(), resolver, 0, name.bindings);
  return fallback.known && typeof fallback.value === 'string' ? fallback.value : null;
}

/**
 * `mcp` of `mcp.server.setRequestHandler(...)` (also `this.mcp.server`, `mcp["server"]`): the
 * object whose `server` field receives the handler, an McpServer when it also registers tools
 * (its registrations are matched by key, so any other object matches none). Null otherwise.
 */
function innerServerOwner(call: CallExpression): Node | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  const receiver = unwrap(callee.getExpression());
  if (Node.isPropertyAccessExpression(receiver) && receiver.getName() === 'server') return receiver.getExpression();
  if (Node.isElementAccessExpression(receiver) && receiver.getArgumentExpression()?.getText().slice(1, -1) === 'server') return receiver.getExpression();
  return null;
}

/** Which request a `setRequestHandler` first argument names, or null. */
function methodOf(schema: Node, resolver: Resolver): Method | null {
  const node = unwrap(schema);
  if (Node.isStringLiteral(node)) {
    const value = node.getLiteralValue();
    return value === 'tools/list' || value === 'tools/call' ? value : null;
  }
  const target = resolver.resolve(node);
  if (target.kind === 'module' && /^@modelcontextprotocol\//.test(target.specifier)) {
    const name = target.path[target.path.length - 1];
    return name ? SCHEMA_METHODS[name] ?? null : null;
  }
  // A bundle's renamed copy (`ListToolsRequestSchema2`, `types_js_1.ListToolsRequestSchema`).
  const text = node.getText().replace(/^.*\./, '').replace(/\d+$/, '');
  return SCHEMA_METHODS[text] ?? null;
}

/** One listed tool object: its name, its annotations, and the tools/call handler bound to its name. */
function toolOf(definition: Arg, at: Node, callHandlers: HandlerRef[], resolver: Resolver): DiscoveredTool | UnresolvedRegistration {
  const obj = evaluateObject(definition.node, resolver, 0, new Set(['name']), definition.bindings);
  // A listed value that is no tool object (a string, a number) lists no tool.
  if (!Node.isObjectLiteralExpression(obj.node) && obj.properties.size === 0) {
    const value = evaluate(definition.node, resolver, 0, definition.bindings);
    if (value.known && (value.value === null || typeof value.value !== 'object')) return { location: locationOf(at), reason: `\`${shorten(definition.node.getText(), 40)}\` in this tools/list is not a tool object` };
  }
  const nameProp = obj.properties.get('name');
  const nameArg = nameProp ? valueOfProperty(nameProp) : null;
  const unresolved: UnresolvedItem[] = [];
  if (!nameArg && obj.unresolved.length === 0) {
    unresolved.push({ expression: shorten(definition.node.getText()), reason: 'the tool name cannot be read statically: this tool object has no `name`', location: locationOf(at), via: [] });
  }
  const annotationsProp = obj.properties.get('annotations');
  const annotations = annotationsProp ? readAnnotations(valueOfProperty(annotationsProp), resolver) : null;
  const name = nameProp?.value;
  const site: RegistrationContext = { bindings: definition.bindings, site: at, runtime: null };
  if (callHandlers.length === 0) {
    unresolved.push({ expression: 'tools/call', reason: 'the handler cannot be followed: this file sets no tools/call handler to link the tool to', location: locationOf(at), via: [] });
  }
  const handlers: HandlerRef[] =
    name?.known && typeof name.value === 'string' ? callHandlers.map((h) => ({ node: h.node, bindings: requestBindings(h, name.value as string) })) : callHandlers;
  const tool = discovered('tools/list', nameArg, annotations, handlers, site, resolver, unresolved);
  tool.facts.title = titleOf(definition, resolver);
  tool.requiredInputs = requiredInputsOf(definition, resolver);
  return tool;
}

/** Binds a tools/call handler's request parameter to a request for one tool: `{ params: { name } }`, other keys unknown. */
function requestBindings(handler: HandlerRef, name: string): Bindings {
  const param = handler.node.getParameters()[0];
  if (!param) return handler.bindings;
  const request = { params: { name } };
  // `async (...args) => fn(...args)`: the request is the first of the arguments.
  return handler.bindings.with(param, { kind: 'const', value: param.isRestParameter() ? [request] : request, partial: true }, handler.node);
}

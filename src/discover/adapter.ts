import type { CallExpression, SourceFile } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { evaluateObject } from '../analysis/evaluate.js';
import { bindingsOf, isFunctionNode, type Resolver, shorten, unwrap } from '../analysis/resolve.js';
import { locationOf } from '../analysis/location.js';
import type { DeclaredAnnotations, UnresolvedItem } from '../model.js';
import type { ContextFinder, RegistrationContext } from './contexts.js';
import { discovered, readAnnotations, type Arg, type Discovery, type DiscoveredTool, type HandlerRef } from './registrations.js';

/** What every discoverer gets: the resolver, and the finder of registration contexts (wrappers, loops). */
export interface DiscoverContext {
  resolver: Resolver;
  contexts: ContextFinder;
  /** True when some project file imports the MCP SDK (v1 or v2). */
  projectUsesSdk: boolean;
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
  if (sf.getImportDeclarations().some((d) => specifier.test(d.getModuleSpecifierValue()))) return true;
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
  const obj = evaluateObject(definition.node, resolver, 0, new Set([keys.name]), definition.bindings);
  const valueOf = (key: string): Arg | null => {
    const prop = obj.properties.get(key);
    if (!prop) return null;
    const node = prop.node;
    const init = Node.isPropertyAssignment(node) ? node.getInitializerOrThrow() : Node.isShorthandPropertyAssignment(node) ? node.getNameNode() : node;
    return { node: init, bindings: prop.bindings };
  };
  // The name: the `name` key, else the override; an unreadable object leaves it unknown.
  const nameArg = overrides.nameArg ?? valueOf(keys.name) ?? { node: definition.node, bindings: definition.bindings };
  // The annotations, possibly nested (`mcp.annotations`).
  let annotations: DeclaredAnnotations | null = null;
  const [first, ...rest] = keys.annotations.split('.');
  let holder = valueOf(first!);
  for (const key of rest) {
    if (!holder) break;
    const inner = evaluateObject(holder.node, resolver, 0, new Set([key]), holder.bindings);
    const prop = inner.properties.get(key);
    holder = prop ? { node: Node.isPropertyAssignment(prop.node) ? prop.node.getInitializerOrThrow() : prop.node, bindings: prop.bindings } : null;
  }
  if (holder) annotations = readAnnotations(holder, resolver);
  else if (obj.unresolved.length > 0) {
    annotations = {
      location: locationOf(obj.node),
      properties: {},
      unresolved: obj.unresolved.map((u) => ({ expression: shorten(u.node.getText()), reason: u.reason, location: locationOf(u.node), via: [] })),
    };
  }
  const handlerArg = overrides.handlerArg ?? keys.handler.map(valueOf).find((v) => v !== null) ?? undefined;
  const handlers = handlerArg ? handlersOf(handlerArg, resolver, unresolved) : [];
  return discovered(registration, nameArg, annotations, handlers, ctx, resolver, unresolved);
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
  return contexts;
}

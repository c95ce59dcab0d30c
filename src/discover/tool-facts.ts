/** What discovery gives for one registration: the tool found, its facts (name, where it is reported, declared annotations), its handlers. */
import { Node } from '../ts-morph.js';
import type { Bindings } from '../analysis/bindings.js';
import { contains } from '../analysis/nodes.js';
import { evaluate, evaluateObject, type EvaluatedObject } from '../analysis/evaluate.js';
import type { Resolver } from '../analysis/resolve.js';
import { isFunctionNode, type FunctionNode, shorten, unwrap } from '../analysis/syntax.js';
import { locationOf } from '../analysis/location.js';
import type { DeclaredAnnotations, SourceLocation, ToolFacts, UnresolvedItem, UnresolvedRegistration } from '../model.js';
import type { RegistrationContext } from './contexts.js';
import type { RequiredInputs } from './input-keys.js';

/** A handler function to analyse, with the bindings of the registration context it runs in. */
export interface HandlerRef {
  node: FunctionNode;
  bindings: Bindings;
}

/** A tool found in source: its facts without effects, and the handler functions to analyse. */
export interface DiscoveredTool {
  facts: ToolFacts;
  handlers: HandlerRef[];
  /**
   * Which server the tool is registered on, as an opaque key (the declaration of the receiver, or
   * its text in the file): two tools of one name and key are duplicates. Set by the adapter; a
   * function, since it is asked for only when two tools share a name.
   */
  server?: () => string;
  /**
   * For a tool listed by a `tools/list` handler set on an `McpServer`'s inner server
   * (`mcp.server.setRequestHandler(ListToolsRequestSchema, ...)`): the key of that McpServer (see
   * `server`), whose registrations of the same name the listing overrides.
   */
  overridesListOf?: () => string;
  /**
   * For a tool a `tools/list` handler lists (low-level.ts): the tool object as listed, with the
   * bindings it is read in; effect inference finds it where a `tools/call` handler looks the tool
   * up by name in a registry it cannot read (`Resolver.listTools`).
   */
  listed?: Arg;
  /** The registration call or listed object, to tell registrations in exclusive branches apart. */
  site?: Node;
  /** The call site or table element of the registration context the tool comes from, if any (`RegistrationContext.site`). */
  contextSite?: Node;
  /** True when the registration's gap is already among the unresolved registrations. */
  gapListed?: boolean;
  /**
   * The names of the arguments the tool's input schema requires (input-keys.ts), also those of
   * required nested objects, with their descriptions; absent when the registration gives no
   * schema or it cannot be read.
   */
  requiredInputs?: RequiredInputs;
}

/** What discovery found in one file: tools, and registrations it could not turn into tools. */
export interface Discovery {
  tools: DiscoveredTool[];
  unresolved: UnresolvedRegistration[];
}

/** An argument of a registration call in one context: the expression and the bindings it is read in. */
export interface Arg {
  node: Node;
  bindings: Bindings;
}

/** The annotations an evaluated object declares: each key with its value or why it is unknown, and the parts that could not be read. */
function annotationsFrom(obj: EvaluatedObject): DeclaredAnnotations {
  const properties: DeclaredAnnotations['properties'] = {};
  for (const [key, prop] of obj.properties) {
    // `readOnlyHint: undefined` is dropped when the tool list is serialised: it is an omitted hint.
    if (prop.value.known && prop.value.value === undefined) continue;
    properties[key] = prop.value.known
      ? { value: prop.value.value, known: true, location: locationOf(prop.node) }
      : { value: undefined, known: false, reason: prop.value.reason, ...(prop.value.possible ? { possible: prop.value.possible } : {}), ...(prop.value.mayBeAbsent ? { mayBeAbsent: true } : {}), location: locationOf(prop.node) };
  }
  const unresolved: UnresolvedItem[] = obj.unresolved.map((u) => ({
    expression: shorten(u.node.getText()),
    reason: u.reason,
    location: locationOf(u.node),
    via: [],
  }));
  return { location: locationOf(obj.node), properties, unresolved };
}

/**
 * Where a tool is reported: the name argument as written; for a tool of a wrapper's call site or a
 * table entry, the string literal its name comes from there, else that call site or entry.
 */
function nameLocation(nameArg: Arg, ctx: RegistrationContext, resolver: Resolver): SourceLocation {
  if (ctx.site === null) return locationOf(nameArg.node);
  const target = resolver.resolve(nameArg.node, 0, nameArg.bindings);
  const defining = target.kind === 'value' ? unwrap(target.node) : null;
  // The literal, when it is written at the call site or in the entry (not in a shared const or enum).
  const site = ctx.site;
  const inSite = defining !== null && (defining === unwrap(nameArg.node) || contains(site, defining));
  // A class-based tool's name is written in its class (a field, a getter, a `super(...)` argument): one literal per class.
  const holder = defining?.getFirstAncestor((a) => Node.isPropertyDeclaration(a) || isFunctionNode(a));
  const inClass = holder !== undefined && (Node.isPropertyDeclaration(holder) || Node.isGetAccessorDeclaration(holder) || Node.isConstructorDeclaration(holder));
  if (defining && (inSite || inClass) && (Node.isStringLiteral(defining) || Node.isNoSubstitutionTemplateLiteral(defining))) return locationOf(defining);
  return locationOf(site);
}

function resolveName(arg: Arg, resolver: Resolver, unresolved: UnresolvedItem[]): { name: string | null; displayName: string } {
  const v = evaluate(arg.node, resolver, 0, arg.bindings);
  if (v.known && typeof v.value === 'string') return { name: v.value, displayName: v.value };
  const reason = v.known ? `the tool name is not a string (${typeof v.value})` : `the tool name cannot be read statically: ${v.reason}`;
  unresolved.push({ expression: shorten(arg.node.getText()), reason, location: locationOf(arg.node), via: [] });
  return { name: null, displayName: `<${shorten(arg.node.getText(), 40)}>` };
}

/** The facts of one registration, from its name argument, its annotations and its handler(s). */
export function discovered(registration: string, nameArg: Arg | null, annotations: DeclaredAnnotations | null, handlers: HandlerRef[], ctx: RegistrationContext, resolver: Resolver, unresolved: UnresolvedItem[] = []): DiscoveredTool {
  // No name at all (a listed tool object without `name`): the caller recorded why.
  const { name, displayName } = nameArg ? resolveName(nameArg, resolver, unresolved) : { name: null, displayName: '<no name>' };
  const first = handlers[0];
  return {
    facts: {
      name,
      displayName,
      origin: 'source',
      location: nameArg ? nameLocation(nameArg, ctx, resolver) : locationOf(ctx.site!),
      registration,
      annotations,
      handler: first ? locationOf(first.node) : null,
      unresolved,
    },
    handlers,
  };
}

/**
 * Reads an annotations expression in its bindings: null when it is absent or `undefined` (a
 * wrapper's optional parameter the call site left out), else each key with its value.
 */
export function readAnnotations(arg: Arg, resolver: Resolver): DeclaredAnnotations | null {
  const v = unwrap(arg.node);
  if (Node.isIdentifier(v) && v.getText() === 'undefined') return null;
  const target = resolver.resolve(arg.node, 0, arg.bindings);
  if (target.kind === 'const' && target.value === undefined) return null;
  return annotationsFrom(evaluateObject(arg.node, resolver, 0, undefined, arg.bindings));
}

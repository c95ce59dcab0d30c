import type { CallExpression, SourceFile, ts as TS } from 'ts-morph';
import { Node, SyntaxKind, ts } from '../ts-morph.js';
import { descendantsOfKinds } from '../analysis/nodes.js';
import { evaluate, evaluateObject, definingNode, type EvaluatedObject } from '../analysis/evaluate.js';
import { isFunctionNode, type FunctionNode, type Resolver, shorten, unwrap } from '../analysis/resolve.js';
import type { DeclaredAnnotations, SourceLocation, ToolFacts, UnresolvedItem } from '../model.js';
import { locationOf } from '../analysis/location.js';

/** A tool found in source: its facts without effects, and the handler function to analyse. */
export interface DiscoveredTool {
  facts: ToolFacts;
  handler: FunctionNode | null;
}

/** Module specifiers that mark a project as an MCP server (SDK v1 and v2 split packages). */
const MCP_SDK = /^@modelcontextprotocol\/(sdk|server)(\/|$)/;

/** True when the file imports or requires the MCP SDK, or bundles it (its `McpServer` class is in the file). */
export function importsMcpSdk(sf: SourceFile): boolean {
  if (sf.getImportDeclarations().some((d) => MCP_SDK.test(d.getModuleSpecifierValue()))) return true;
  const text = sf.getFullText();
  return /require\(\s*["']@modelcontextprotocol\/(sdk|server)/.test(text) || BUNDLED_SDK.test(text);
}

/** A bundler's copy of the SDK's server class (`class McpServer {`, `var McpServer = class {`). */
const BUNDLED_SDK = /\bclass\s+McpServer\b|\bMcpServer\s*=\s*class\b/;

/** True for a method of a class named like the SDK's servers (a bundled copy of the SDK). */
function isSdkMethod(fn: Node): boolean {
  const cls = fn.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
  if (!cls) return false;
  const name = (cls as import('ts-morph').ClassDeclaration).getName?.() ?? cls.getParent()?.getFirstChildByKind(SyntaxKind.Identifier)?.getText();
  return name !== undefined && /^(McpServer|Server)\d*$/.test(name);
}

/** What a position of `tool(...)` holds after the SDK's own disambiguation. */
type ToolArgRole = 'description' | 'shape' | 'annotations' | 'callback';

/**
 * True when an argument in the "shape" position is a Zod raw shape, as the SDK decides it
 * (`isZodRawShapeCompat` in @modelcontextprotocol/sdk server/mcp.js): `{}` is a shape; an object
 * with at least one Zod value is a shape; an object of plain values (literals, JSON Schema) is
 * annotations. Statically a Zod value is any call or member expression (`z.string()`,
 * `Schema.shape`); an expression that is not an object literal (`Schema.shape`) is a shape.
 */
function isRawShape(arg: Node, resolver: Resolver): boolean {
  const def = definingNode(arg, resolver) ?? unwrap(arg);
  if (!Node.isObjectLiteralExpression(def)) return true;
  // Spreads are flattened and identifiers followed, as the SDK sees the object at run time.
  const obj = evaluateObject(def, resolver);
  if (obj.properties.size === 0) return obj.unresolved.length === 0;
  return [...obj.properties.values()].some(({ node }) => {
    const written = Node.isPropertyAssignment(node) ? node.getInitializerOrThrow() : Node.isShorthandPropertyAssignment(node) ? node.getNameNode() : null;
    if (!written) return false;
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
 * `(name, shape, annotations, cb)`, `(name, description, shape, annotations, cb)`).
 */
function toolArgRoles(rest: Node[], resolver: Resolver): ToolArgRole[] {
  const roles: ToolArgRole[] = [];
  let i = 0;
  const isString = (n: Node): boolean => {
    const v = evaluate(n, resolver);
    if (v.known) return typeof v.value === 'string';
    const u = unwrap(n);
    return Node.isTemplateExpression(u) || (Node.isBinaryExpression(u) && u.getOperatorToken().getKind() === SyntaxKind.PlusToken);
  };
  if (rest.length > 1 && isString(rest[0]!)) {
    roles.push('description');
    i++;
  }
  if (rest.length - i > 1) {
    if (isRawShape(rest[i]!, resolver)) {
      roles.push('shape');
      i++;
      if (rest.length - i > 1) {
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

/** Keys of a `registerTool` config whose values discovery reads; the others (schemas, descriptions) are skipped. */
const CONFIG_KEYS_READ: ReadonlySet<string> = new Set(['annotations']);

/** Text that a deprecated `tool()` registration contains: `.tool` (also `(server.tool as any)(`) or `["tool"]`. */
const TOOL_CALL_TEXT = /\.\s*tool\b|\[\s*["'`]tool["'`]\s*\]/;

/** The method names recognised as tool registrations on any receiver. */
const REGISTER_METHODS = new Set(['registerTool', 'tool']);

function calleeMethodName(call: CallExpression): string | null {
  const callee = unwrap(call.getExpression());
  if (Node.isPropertyAccessExpression(callee)) return callee.getName();
  if (Node.isElementAccessExpression(callee)) {
    const arg = callee.getArgumentExpression();
    if (arg && Node.isStringLiteral(arg)) return arg.getLiteralValue();
  }
  return null;
}

function annotationsFrom(obj: EvaluatedObject): DeclaredAnnotations {
  const properties: DeclaredAnnotations['properties'] = {};
  for (const [key, prop] of obj.properties) {
    // `readOnlyHint: undefined` is dropped when the tool list is serialised: it is an omitted hint.
    if (prop.value.known && prop.value.value === undefined) continue;
    properties[key] = prop.value.known
      ? { value: prop.value.value, known: true, location: locationOf(prop.node) }
      : { value: undefined, known: false, reason: prop.value.reason, location: locationOf(prop.node) };
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
 * Finds the tool registrations in one file: `registerTool(name, config, handler)` and the six
 * overloads of the deprecated `tool()` on any receiver (`server`, `this.server`, `mcp`).
 * `tool()` is only recognised in projects that use the MCP SDK, to keep unrelated `.tool()`
 * methods out.
 */
export function discoverInFile(sf: SourceFile, resolver: Resolver, projectUsesSdk: boolean): DiscoveredTool[] {
  const tools: DiscoveredTool[] = [];
  // Most files of a server register nothing: a text search spares walking their trees.
  const text = sf.getFullText();
  if (!text.includes('registerTool') && !(projectUsesSdk && TOOL_CALL_TEXT.test(text))) return tools;
  const fileUsesSdk = importsMcpSdk(sf);
  const candidates = descendantsOfKinds<CallExpression>(sf, [SyntaxKind.CallExpression], (n) => {
    // `(server.tool as any)(...)`: look through parentheses and type assertions, as unwrap() does.
    let callee: TS.Expression = (n as TS.CallExpression).expression;
    while (ts.isParenthesizedExpression(callee) || ts.isAsExpression(callee) || ts.isNonNullExpression(callee) || ts.isSatisfiesExpression(callee) || ts.isTypeAssertionExpression(callee)) {
      callee = callee.expression;
    }
    return ts.isPropertyAccessExpression(callee) ? REGISTER_METHODS.has(callee.name.text) : ts.isElementAccessExpression(callee);
  });
  for (const node of candidates) {
    const method = calleeMethodName(node);
    if (!method || !REGISTER_METHODS.has(method)) continue;
    if (method === 'tool' && !projectUsesSdk) continue;
    // A `registerTool` the project defines itself (its own registry class) is not the SDK's. Files
    // that import the SDK are taken at their word: asking the checker there costs much and says little.
    if (!fileUsesSdk) {
      const callee = resolver.resolve(node.getExpression());
      if (callee.kind === 'function' && !isSdkMethod(callee.node)) continue;
    }
    const args = node.getArguments();
    if (method === 'registerTool' ? args.length < 2 || args.length > 3 : args.length < 2 || args.length > 6) continue;
    tools.push(method === 'registerTool' ? fromRegisterTool(args, resolver) : fromTool(args, resolver));
  }
  return tools;
}

function resolveName(arg: Node, resolver: Resolver, unresolved: UnresolvedItem[]): { name: string | null; displayName: string } {
  const v = evaluate(arg, resolver);
  if (v.known && typeof v.value === 'string') return { name: v.value, displayName: v.value };
  const reason = v.known ? `the tool name is not a string (${typeof v.value})` : `the tool name cannot be read statically: ${v.reason}`;
  unresolved.push({ expression: shorten(arg.getText()), reason, location: locationOf(arg), via: [] });
  return { name: null, displayName: `<${shorten(arg.getText(), 40)}>` };
}

function resolveHandler(arg: Node | undefined, resolver: Resolver, unresolved: UnresolvedItem[]): { handler: FunctionNode | null; location: SourceLocation | null } {
  if (!arg) return { handler: null, location: null };
  const target = resolver.resolve(arg);
  if (target.kind === 'function' && isFunctionNode(target.node)) return { handler: target.node, location: locationOf(target.node) };
  const reason = target.kind === 'unknown' ? target.reason : target.kind === 'module' ? `a function of ${target.specifier}` : 'not a function the linter can read';
  unresolved.push({ expression: shorten(arg.getText()), reason: `the handler cannot be followed: ${reason}`, location: locationOf(arg), via: [] });
  return { handler: null, location: null };
}

/** The facts of one registration, from its name argument, its annotations and its handler argument. */
function discovered(registration: string, nameArg: Node, annotations: DeclaredAnnotations | null, handlerArg: Node | undefined, resolver: Resolver): DiscoveredTool {
  const unresolved: UnresolvedItem[] = [];
  const { name, displayName } = resolveName(nameArg, resolver, unresolved);
  const { handler, location: handlerLocation } = resolveHandler(handlerArg, resolver, unresolved);
  return {
    facts: { name, displayName, origin: 'source', location: locationOf(nameArg), registration, annotations, handler: handlerLocation, unresolved },
    handler,
  };
}

/** `registerTool(name, config, handler)`: the annotations are `config.annotations`. */
function fromRegisterTool(args: Node[], resolver: Resolver): DiscoveredTool {
  const [nameArg, configArg, handlerArg] = args as [Node, Node, Node | undefined];
  const config = evaluateObject(configArg, resolver, 0, CONFIG_KEYS_READ);
  let annotations: DeclaredAnnotations | null = null;
  const annotationsProp = config.properties.get('annotations');
  if (annotationsProp) {
    const init = Node.isPropertyAssignment(annotationsProp.node)
      ? annotationsProp.node.getInitializerOrThrow()
      : Node.isShorthandPropertyAssignment(annotationsProp.node)
        ? annotationsProp.node.getNameNode()
        : annotationsProp.node;
    const value = unwrap(init);
    if (!(Node.isIdentifier(value) && value.getText() === 'undefined')) {
      annotations = annotationsFrom(evaluateObject(init, resolver));
    }
  } else if (config.unresolved.length > 0) {
    // The config could not be read whole: the annotations may hide in what could not be read.
    annotations = annotationsFrom({ node: config.node, properties: new Map(), unresolved: config.unresolved });
  }
  return discovered('registerTool', nameArg, annotations, handlerArg, resolver);
}

/** The deprecated `tool(name, ...)`: the annotations and handler sit where the SDK's overload logic puts them. */
function fromTool(args: Node[], resolver: Resolver): DiscoveredTool {
  const [nameArg, ...rest] = args as [Node, ...Node[]];
  const roles = toolArgRoles(rest, resolver);
  const annotationsArg = rest[roles.indexOf('annotations')];
  const annotations = annotationsArg ? annotationsFrom(evaluateObject(annotationsArg, resolver)) : null;
  return discovered('tool', nameArg, annotations, rest[roles.indexOf('callback')], resolver);
}

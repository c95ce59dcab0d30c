import type { CallExpression, MethodDeclaration, Node } from 'ts-morph';
import { Node as N } from '../../ts-morph.js';
import { Bindings } from '../../analysis/bindings.js';
import { locationOf } from '../../analysis/location.js';
import type { Resolver } from '../../analysis/resolve.js';
import { shorten, unwrap } from '../../analysis/syntax.js';
import type { UnresolvedItem } from '../../model.js';
import { annotationsAt, AS_WRITTEN, callsTo, fromDefinition, handlersOf, isExportOf, namedTool, propertyOf, type RegistrationAdapter } from '../adapter.js';
import type { Arg, DiscoveredTool, Discovery } from '../tool-facts.js';

const MCP_NEST = /^@rekog\/mcp-nest(\/|$)/;

/**
 * MCP-Nest (package `@rekog/mcp-nest`): the method decorator `@Tool({ name?, description,
 * parameters, annotations })` on a method of an `@McpController()` (2.x) or `@Injectable()` (1.x)
 * class; compiled by tsc, `__decorate([(0, mcp_nest_1.Tool)({...}), ...], X.prototype, "method", null)`.
 * The name is `options.name`, else the method's name; the annotations are `options.annotations`;
 * the handler is the decorated method.
 * Docs: https://github.com/rekog-labs/MCP-Nest/blob/main/docs/tools.md
 */
export const mcpNest: RegistrationAdapter = {
  id: 'mcp-nest',
  mayRegister: (text) => text.includes('Tool'),
  discover(sf, ctx) {
    const found: Discovery = { tools: [], unresolved: [] };
    const isTool = (call: Node): call is CallExpression => N.isCallExpression(call) && isExportOf(call.getExpression(), MCP_NEST, ['Tool'], ctx.resolver);
    // @Tool({...}) on a method.
    for (const call of callsTo(sf, new Set(['Tool']))) {
      const method = call.getParent()?.getParent();
      if (!N.isDecorator(call.getParent()) || !method || !N.isMethodDeclaration(method) || !isTool(call)) continue;
      const nameNode = method.getNameNode();
      const name = N.isStringLiteral(nameNode) ? nameNode.getLiteralValue() : nameNode.getText();
      found.tools.push(fromDecorator(call, method, { name, at: nameNode }, ctx.resolver));
    }
    // tsc's legacy decorators: __decorate([decorators], Class.prototype, "method", null).
    for (const call of callsTo(sf, new Set(['__decorate']))) {
      const [decorators, target, key] = call.getArguments();
      if (!decorators || !N.isArrayLiteralExpression(decorators) || !target || !key || !N.isStringLiteral(key)) continue;
      const name = key.getLiteralValue();
      for (const element of decorators.getElements()) {
        if (isTool(element)) found.tools.push(fromDecorator(element, compiledMethod(target, name), { name, at: key }, ctx.resolver));
      }
    }
    return found;
  },
};

/**
 * The tool of one `Tool(options)` decorator on `method` (undefined when a compiled class cannot be
 * found); `methodName.at` is where the method's name is written, which names a tool without `name`.
 */
function fromDecorator(decorator: CallExpression, method: MethodDeclaration | undefined, methodName: { name: string; at: Node }, resolver: Resolver): DiscoveredTool {
  const written = decorator.getArguments()[0];
  const options: Arg | null = written ? { node: written, bindings: Bindings.EMPTY } : null;
  const unresolved: UnresolvedItem[] = [];
  if (!method) unresolved.push({ expression: shorten(methodName.at.getText()), reason: 'the decorated method cannot be found', location: locationOf(methodName.at), via: [] });
  const handlerArg: Arg | undefined = method ? { node: method, bindings: Bindings.EMPTY } : undefined;
  if (options && propertyOf(options, 'name', resolver)) {
    const tool = fromDefinition('mcp-nest @Tool', options, { name: 'name', annotations: 'annotations', handler: [] }, AS_WRITTEN, resolver, handlerArg ? { handlerArg } : {});
    tool.facts.unresolved.push(...unresolved);
    return tool;
  }
  const handlers = handlerArg ? handlersOf(handlerArg, resolver, unresolved) : [];
  return namedTool('mcp-nest @Tool', methodName.name, methodName.at, options ? annotationsAt(options, 'annotations', resolver) : null, handlers, unresolved);
}

/**
 * The method `name` of the class `target` stands for (`FilesController.prototype`), in compiled
 * code: a class declaration, or tsc's `let X = class X {...}` (assigned again with the decorated
 * class, which is the same one).
 */
function compiledMethod(target: Node, name: string): MethodDeclaration | undefined {
  const prototype = unwrap(target);
  if (!N.isPropertyAccessExpression(prototype) || prototype.getName() !== 'prototype') return undefined;
  const decl = prototype.getExpression().getSymbol()?.getDeclarations()[0];
  const cls = decl && N.isVariableDeclaration(decl) && decl.getInitializer() ? unwrap(decl.getInitializerOrThrow()) : decl;
  return cls && (N.isClassDeclaration(cls) || N.isClassExpression(cls)) ? cls.getInstanceMethod(name) : undefined;
}

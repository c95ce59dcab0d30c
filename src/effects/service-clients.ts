import type { CallExpression, TypeNode } from 'ts-morph';
import { Node } from '../ts-morph.js';
import type { Bindings } from '../analysis/bindings.js';
import { RESULT_OF_CALL, RESULT_OF_NEW, type Resolver } from '../analysis/resolve.js';
import { unwrap } from '../analysis/syntax.js';
import { packageNameOf } from '../project/dependencies.js';
import { PURE_MODULES } from './catalog/index.js';

/**
 * Clients of services that packages make (issue 15, openWorld: "true for third-party SaaS and cloud
 * APIs"; corpus README, "What the labels mean"). A package the sink catalog does not model is a
 * service's SDK when what the code calls is a client it makes: `new ManagementClient({ domain,
 * token })`, `createNeonClient({ apiKey })`, a field typed `ApiClient` imported from the package.
 * Its methods send requests to the service the package is for, whatever they do there; a
 * database's pool or connection (`createPool`, `new Connection`) reaches the one database the
 * server is configured with, and is not one.
 *
 * This is judged from names, so the effect it gives is `likely`: a warning, never an error.
 */

/** A class or factory of a service's client: `ManagementClient`, `ApiClient`, `createNeonClient`, `NeonSdk`, `PostHogApi`. */
const CLIENT_NAME = /^(?:(?:create|make|build|new|init|get)\w*|[A-Z]\w*)?(?:Client|Api|API|Sdk|SDK)$/;

/**
 * The package whose service client a catalogued-nowhere export path ends in a method of
 * (`auth0` for `ManagementClient.new().clients.create`, `@neon/sdk` for
 * `createNeonClient().projects.list`): the path starts by making a client (see madeClientPackage)
 * and goes on to a method; null otherwise.
 */
export function clientPackageOfPath(module: string, exportPath: readonly string[]): string | null {
  const made = exportPath.findIndex((p) => p === RESULT_OF_NEW || p === RESULT_OF_CALL);
  return made > 0 && exportPath.length > made + 1 ? madeClientPackage(module, exportPath) : null;
}

/**
 * The package whose client a package path starts by making, or null: a client class or factory
 * called (`ManagementClient.new()…`, `createNeonClient()…`), a client class of a namespace export
 * (`new messagingApi.MessagingApiClient({...})`: `messagingApi.MessagingApiClient.new()…`), or a
 * client class's static factory (`BotClient.fromChannelAccessToken({...})…`).
 */
function madeClientPackage(specifier: string, exportPath: readonly string[]): string | null {
  const made = exportPath.findIndex((p) => p === RESULT_OF_NEW || p === RESULT_OF_CALL);
  const client = made === 1 ? isClientName(exportPath[0]!) : made === 2 && (isClientName(exportPath[1]!) || /^[A-Z]/.test(exportPath[0]!) && isClientName(exportPath[0]!));
  return client ? servicePackage(specifier) : null;
}

/**
 * The package of a service client that `call` is handed (`raw.createProjectBranch({ client:
 * neon.client, ... })`, `listItems(apiClient, id)`): an argument, or a property of an object
 * literal argument, that resolves to a client a package made or a member of one. Null when none is.
 */
export function clientPackageOfArguments(call: CallExpression, resolver: Resolver, b: Bindings): string | null {
  const values: Node[] = [];
  for (const arg of call.getArguments()) {
    const node = unwrap(arg);
    if (Node.isObjectLiteralExpression(node)) {
      for (const p of node.getProperties()) {
        if (Node.isPropertyAssignment(p)) values.push(p.getInitializerOrThrow());
        else if (Node.isShorthandPropertyAssignment(p)) values.push(p.getNameNode());
      }
    } else values.push(node);
  }
  for (const value of values.slice(0, 16)) {
    const target = resolver.resolve(value, 0, b);
    if (target.kind !== 'module') continue;
    const pkg = madeClientPackage(target.specifier, target.path[0] === 'default' ? target.path.slice(1) : target.path);
    if (pkg !== null) return pkg;
  }
  return null;
}

/**
 * The package whose service client the receiver of `call` is declared as (`this.mondayApi.request`
 * where `mondayApi` is a field, parameter, variable or getter typed `ApiClient` from
 * `@mondaydotcomorg/api`): read from the type the code writes, through unions and `Promise<>`;
 * null when no receiver on the way is declared with a client type of a package.
 */
export function clientPackageOfReceiver(call: CallExpression): string | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  for (let receiver: Node = unwrap(callee.getExpression()); ; ) {
    const declared = declaredTypeOf(receiver);
    if (declared) {
      const pkg = clientPackageOfType(declared);
      if (pkg !== null) return pkg;
    }
    if (Node.isPropertyAccessExpression(receiver)) receiver = unwrap(receiver.getExpression());
    else return null;
  }
}

function isClientName(name: string): boolean {
  return CLIENT_NAME.test(name);
}

/** The package, unless it is one whose calls have no effect (the MCP SDK's own `Client`). */
function servicePackage(specifier: string): string | null {
  const pkg = packageNameOf(specifier);
  return pkg === null || PURE_MODULES.has(pkg) ? null : pkg;
}

/**
 * The type node written for what an identifier or `this.x` names: a variable's, parameter's or
 * field's type, a getter's return type, and for a name destructured from a parameter (`async
 * (input, { client }) => ...`) the type its property is declared with in the parameter's type,
 * written or contextual (`client: KintoneRestAPIClient` in the options type of the callback).
 */
function declaredTypeOf(expr: Node): TypeNode | undefined {
  const name = Node.isPropertyAccessExpression(expr) ? expr.getNameNode() : Node.isIdentifier(expr) ? expr : null;
  const decl = name?.getSymbol()?.getDeclarations()[0];
  if (!decl) return undefined;
  if (Node.isGetAccessorDeclaration(decl)) return decl.getReturnTypeNode();
  if (Node.isVariableDeclaration(decl) || Node.isParameterDeclaration(decl) || Node.isPropertyDeclaration(decl) || Node.isPropertySignature(decl)) return decl.getTypeNode();
  if (Node.isBindingElement(decl)) {
    const pattern = decl.getParent();
    const param = pattern?.getParent();
    if (!Node.isObjectBindingPattern(pattern) || !param || !Node.isParameterDeclaration(param)) return undefined;
    const key = decl.getPropertyNameNode()?.getText() ?? decl.getName();
    const property = param.getType().getProperty(key)?.getDeclarations()[0];
    return property && (Node.isPropertySignature(property) || Node.isPropertyDeclaration(property)) ? property.getTypeNode() : undefined;
  }
  return undefined;
}

/** The package a client type is imported from: `ApiClient`, `ApiClient | (() => ApiClient)`, `Promise<ApiClient>`, `sdk.ApiClient`. */
function clientPackageOfType(type: TypeNode, depth = 0): string | null {
  if (depth > 4) return null;
  if (Node.isUnionTypeNode(type) || Node.isIntersectionTypeNode(type)) {
    for (const part of type.getTypeNodes()) {
      const pkg = clientPackageOfType(part, depth + 1);
      if (pkg !== null) return pkg;
    }
    return null;
  }
  if (Node.isParenthesizedTypeNode(type)) return clientPackageOfType(type.getTypeNode(), depth + 1);
  if (!Node.isTypeReference(type)) return null;
  const typeName = type.getTypeName();
  const last = Node.isQualifiedName(typeName) ? typeName.getRight() : typeName;
  if (last.getText() === 'Promise' || last.getText() === 'Awaited') {
    const inner = type.getTypeArguments()[0];
    return inner ? clientPackageOfType(inner, depth + 1) : null;
  }
  if (!isClientName(last.getText())) return null;
  const root = Node.isQualifiedName(typeName) ? leftmost(typeName) : typeName;
  const decl = root.getSymbol()?.getDeclarations()[0];
  const importDecl = decl?.getFirstAncestor((a) => Node.isImportDeclaration(a));
  if (!importDecl || !Node.isImportDeclaration(importDecl)) return null;
  return servicePackage(importDecl.getModuleSpecifierValue());
}

function leftmost(name: import('ts-morph').QualifiedName): Node {
  let left: Node = name.getLeft();
  while (Node.isQualifiedName(left)) left = left.getLeft();
  return left;
}

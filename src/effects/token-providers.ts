import type { CallExpression, TypeNode } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { unwrap } from '../analysis/syntax.js';

/**
 * Calls of a token provider the linter cannot read (issue 15: credential upkeep is not an effect
 * on the tool's data). Servers for a cloud API build an authenticator once (`const getToken =
 * createAuthenticator(authType)`, a factory returning one of several functions chosen by the
 * configured auth type) and hand it down to every tool as a parameter (`tokenProvider: () =>
 * Promise<string>`); each request starts with `const token = await tokenProvider()`. Whatever
 * the provider does to get the token (read an environment variable, ask a credential chain, sign
 * in), it only obtains the credential the request is then sent with: the request says what the
 * tool does. What is assumed: a function so named and so typed returns a token and changes no
 * data of the tool's domain.
 *
 * A call is a token acquisition when, read from the syntax:
 * - it has no arguments, and its callee is a name (or a member's name) saying it gives a token:
 *   `tokenProvider`, `getToken`, `getAccessToken`, `getAzureDevOpsToken`, `fetchToken`,
 *   `acquireToken`, `refreshToken`, `getTokenFn`;
 * - the name is declared with a function type returning a string (`() => Promise<string>`,
 *   `() => string`), or without a type (JavaScript).
 * Only calls the linter could not follow are judged so: a provider whose code it reads is followed.
 */

/** Names of a token provider: `tokenProvider`, `getToken`, `getAccessToken`, `acquireTokenSilent`-like verbs before a `Token` noun, `getTokenFn`. */
const TOKEN_PROVIDER_NAME = /^(?:_*token(?:Provider|Getter|Factory|Fn|Callback)|(?:get|fetch|acquire|obtain|refresh|resolve)[A-Za-z0-9]*Token(?:Provider|Fn)?)$/;

/** True for a type annotation naming a string or a promise of one. */
function isStringOrPromised(type: TypeNode | undefined): boolean {
  if (!type) return false;
  if (type.getKind() === SyntaxKind.StringKeyword) return true;
  return Node.isTypeReference(type) && type.getTypeName().getText() === 'Promise' && type.getTypeArguments().length === 1 && type.getTypeArguments()[0]!.getKind() === SyntaxKind.StringKeyword;
}

/** True when the declaration of `name` has no type, or a function type returning a string (see the module's doc). */
function declaredAsProvider(name: Node): boolean {
  const decl = name.getSymbol()?.getDeclarations()[0];
  if (!decl) return true;
  if (!(Node.isParameterDeclaration(decl) || Node.isVariableDeclaration(decl) || Node.isPropertyDeclaration(decl) || Node.isPropertySignature(decl))) return false;
  const type = decl.getTypeNode();
  if (!type) return true;
  return Node.isFunctionTypeNode(type) && isStringOrPromised(type.getReturnTypeNode());
}

/** True when `call` asks a token provider the linter cannot follow for a token (see the module's doc). */
export function isTokenAcquisition(call: CallExpression): boolean {
  if (call.getArguments().length > 0) return false;
  const callee = unwrap(call.getExpression());
  const name = Node.isIdentifier(callee) ? callee : Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : null;
  return name !== null && ((TOKEN_PROVIDER_NAME.test(name.getText()) && declaredAsProvider(name)) || isSecurityProviderCall(call, name));
}

/** Words of a function's name that say it settles credentials (`extractSecurity`, `resolveCredentials`, `getAuthToken`). */
const CREDENTIAL_WORDS = /security|credential|token|auth|apikey|api_key|secret/i;

/**
 * A credential option that may be a value or a function giving it, called when it is a function:
 * `typeof sec === "function" ? sec() : sec` on a parameter, in a function named for credentials
 * (generated SDKs' `extractSecurity(sec)`; a client option `apiKey: string | (() => Promise<string>)`).
 * Either way the call yields the credential the request is sent with.
 */
function isSecurityProviderCall(call: CallExpression, name: Node): boolean {
  const decl = name.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isParameterDeclaration(decl)) return false;
  const fn = decl.getParent();
  const fnName = fn && (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn)) ? fn.getName() : fn?.getParent() && Node.isVariableDeclaration(fn.getParent()!) ? (fn.getParent() as import('ts-morph').VariableDeclaration).getName() : undefined;
  if (!fnName || !CREDENTIAL_WORDS.test(fnName)) return false;
  const conditional = call.getParent();
  if (!conditional || !Node.isConditionalExpression(conditional) || conditional.getWhenTrue() !== call) return false;
  return /^typeof\s+(\w+)\s*===?\s*["']function["']$/.exec(conditional.getCondition().getText())?.[1] === name.getText();
}

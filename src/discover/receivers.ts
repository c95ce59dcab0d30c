/** Which server a registration is made on, as an opaque key: two tools of one name on one server are duplicates. */
import type { CallExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { Bindings } from '../analysis/bindings.js';
import { boundThis, thisKey } from '../analysis/resolve.js';
import { isModuleLevel, unwrap } from '../analysis/syntax.js';

/**
 * An opaque key for the server a method call is made on: the expression the receiver resolves to
 * (`new McpServer(...)` wherever the variable is used, a wrapper's parameter through its call
 * site), else the receiver's text in its file.
 */
export function receiverKey(call: CallExpression, bindings: Bindings): string {
  const callee = unwrap(call.getExpression());
  return keyOfReceiver(Node.isPropertyAccessExpression(callee) || Node.isElementAccessExpression(callee) ? callee.getExpression() : callee, bindings);
}

/** The key of the object a receiver expression stands for (see {@link receiverKey}). */
export function keyOfReceiver(receiver: Node, bindings: Bindings): string {
  return declarationKey(receiver, bindings, 0) ?? `${receiver.getSourceFile().getFilePath()}:${receiver.getText()}`;
}

/** The declaration a variable, import or field stands for (through wrapper parameters bound at a call site), as a key. */
function declarationKey(expr: Node, bindings: Bindings, depth: number): string | null {
  const node = unwrap(expr);
  if (depth > 8) return null;
  // `this` of a server class's method: the instance its call site binds (`server.addTool(...)`).
  if (node.getKind() === SyntaxKind.ThisKeyword) {
    const bound = boundThis(node, bindings);
    return bound?.kind === 'node' ? declarationKey(bound.node, bound.bindings, depth + 1) : null;
  }
  // The server `new McpServer(...)` makes (bound to `this` above), once per context of its function.
  if (Node.isNewExpression(node)) return scopedKey(node, bindings);
  const nameNode = Node.isPropertyAccessExpression(node) ? node.getNameNode() : Node.isIdentifier(node) ? node : null;
  let symbol = nameNode?.getSymbol();
  if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
  const decl = symbol?.getDeclarations()[0];
  if (!decl) return null;
  const bound = bindings.get(decl);
  if (bound?.kind === 'node') return declarationKey(bound.node, bound.bindings, depth + 1);
  return `${scopedKey(decl, bindings)}${instanceOfField(decl, bindings)}`;
}

/**
 * A declaration or `new` expression as a key. One inside a function read in several contexts (a
 * factory called for stdio and for HTTP) makes a new server in each: the context is part of its identity.
 */
function scopedKey(node: Node, bindings: Bindings): string {
  const scope = isModuleLevel(node) ? Bindings.EMPTY : bindings.visibleFrom(node);
  return `${node.getSourceFile().getFilePath()}:${node.getPos()}${scope.size > 0 ? `#${scope.id}` : ''}`;
}

/**
 * For a field declared in a class body (`server;`, `server = new McpServer(...)`) read through a
 * `this` the context binds: the instance, as a key suffix (`new C(...)` made in a function is a
 * new instance in each context it is read in: `McpServer.from(args)` called from three places
 * makes three servers). Empty for anything else.
 */
function instanceOfField(decl: Node, bindings: Bindings): string {
  const cls = Node.isPropertyDeclaration(decl) && !decl.isStatic() ? decl.getParent() : undefined;
  if (!cls || !(Node.isClassDeclaration(cls) || Node.isClassExpression(cls))) return '';
  const self = bindings.get(thisKey(cls));
  if (self?.kind !== 'node') return '';
  return `@${scopedKey(self.node, self.bindings)}`;
}

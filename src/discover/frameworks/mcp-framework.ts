import type { ClassDeclaration, ClassExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../../ts-morph.js';
import { Bindings } from '../../analysis/bindings.js';
import { descendantsOfKinds } from '../../analysis/nodes.js';
import { unwrap } from '../../analysis/syntax.js';
import { soleReturn } from '../../analysis/returns.js';
import type { UnresolvedItem } from '../../model.js';
import { AS_WRITTEN, handlersOf, importsModule, isExportOf, type RegistrationAdapter } from '../adapter.js';
import { discovered, readAnnotations, type Discovery } from '../tool-facts.js';

const MCP_FRAMEWORK = /^mcp-framework(\/|$)/;

/**
 * mcp-framework (package `mcp-framework`): no registration call; each tool is a class
 * `extends MCPTool` with the fields `name`, `description`, `schema`, `annotations` and an
 * `execute(input)` method, default-exported from a file under `tools/`, which `MCPServer` loads
 * at start. The name and annotations are the class fields (an initializer, a getter that returns
 * one expression, or `this.x = ...` in the constructor, as compiled code writes them); the
 * handler is `execute`. Docs: https://github.com/QuantGeekDev/mcp-framework (annotations:
 * https://unpkg.com/mcp-framework@0.2.22/dist/tools/BaseTool.d.ts)
 */
export const mcpFramework: RegistrationAdapter = {
  id: 'mcp-framework',
  mayRegister: (text) => text.includes('MCPTool'),
  discover(sf, ctx) {
    const found: Discovery = { tools: [], unresolved: [] };
    // Tool classes extend MCPTool from the package directly: files that do not import it define none.
    if (!importsModule(sf, MCP_FRAMEWORK)) return found;
    const classes = descendantsOfKinds<ClassDeclaration | ClassExpression>(sf, [SyntaxKind.ClassDeclaration, SyntaxKind.ClassExpression]);
    for (const cls of classes) {
      const base = cls.getExtends()?.getExpression();
      if (!base || !isExportOf(base, MCP_FRAMEWORK, ['MCPTool'], ctx.resolver)) continue;
      // A class without its own name is a base for other tools, not a tool.
      const name = fieldValue(cls, 'name');
      if (!name || (Node.isClassDeclaration(cls) && cls.isAbstract())) continue;
      const annotations = fieldValue(cls, 'annotations');
      const execute = cls.getInstanceMethod('execute');
      const unresolved: UnresolvedItem[] = [];
      const handlers = execute ? handlersOf({ node: execute, bindings: Bindings.EMPTY }, ctx.resolver, unresolved) : [];
      const declared = annotations ? readAnnotations({ node: annotations, bindings: Bindings.EMPTY }, ctx.resolver) : null;
      found.tools.push(discovered('mcp-framework MCPTool class', { node: name, bindings: Bindings.EMPTY }, declared, handlers, AS_WRITTEN, ctx.resolver, unresolved));
    }
    return found;
  },
};

/** The expression a class gives an instance field: `key = value`, `get key() { return value; }`, or `this.key = value` in its constructor. */
function fieldValue(cls: ClassDeclaration | ClassExpression, key: string): Node | undefined {
  const member = cls.getInstanceMember(key);
  if (member && Node.isPropertyDeclaration(member) && member.hasInitializer()) return member.getInitializer();
  if (member && Node.isGetAccessorDeclaration(member)) return soleReturn(member) ?? undefined;
  for (const ctor of cls.getConstructors()) {
    for (const statement of ctor.getStatements()) {
      const expr = Node.isExpressionStatement(statement) ? unwrap(statement.getExpression()) : undefined;
      if (!expr || !Node.isBinaryExpression(expr) || expr.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
      const left = unwrap(expr.getLeft());
      if (Node.isPropertyAccessExpression(left) && left.getExpression().getKind() === SyntaxKind.ThisKeyword && left.getName() === key) return expr.getRight();
    }
  }
  return undefined;
}

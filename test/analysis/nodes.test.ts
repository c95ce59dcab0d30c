import { describe, expect, it } from 'vitest';
import { Project } from 'ts-morph';
import { compilerDescendantsOfKinds, descendantsOfKinds } from '../../src/analysis/nodes.js';
import { SyntaxKind } from '../../src/ts-morph.js';

/**
 * Searches of a whole file for nodes of some kinds (issue 16): a file's nodes of the kinds
 * discovery and the indexes ask for are listed in one walk and kept, so every adapter no longer
 * walks a 1.5 MB bundle again. Whatever the kinds asked together, the answer is the one a walk of
 * the tree gives: every node of those kinds, in source order with an enclosing node before the
 * nodes it holds (which the indexes of writes and instances rely on).
 */

const SOURCE = `
class Base {}
class Store extends Base { save() { return new Map([[1, (a.b = c++)]]); } }
const made = new Store().save(-x, !y, z--);
register(server.tool("a", () => new (class extends Base {})()), other.call(f(g(h))));
`;

/** Every descendant of the file of one of `kinds`, by ts-morph's own pre-order walk. */
function byTsMorph(kinds: SyntaxKind[]): string[] {
  const sf = new Project({ useInMemoryFileSystem: true }).createSourceFile('a.ts', SOURCE);
  return sf.getDescendants().filter((n) => kinds.includes(n.getKind())).map((n) => `${n.getKindName()} ${n.getText()}`);
}

describe('whole-file searches by kind', () => {
  const groups: SyntaxKind[][] = [
    [SyntaxKind.CallExpression],
    [SyntaxKind.NewExpression, SyntaxKind.HeritageClause],
    [SyntaxKind.BinaryExpression, SyntaxKind.PrefixUnaryExpression, SyntaxKind.PostfixUnaryExpression],
    [SyntaxKind.ClassDeclaration, SyntaxKind.ClassExpression, SyntaxKind.CallExpression, SyntaxKind.PropertyAccessExpression],
    // Not indexed: walked as before.
    [SyntaxKind.Identifier, SyntaxKind.ArrowFunction],
  ];

  for (const kinds of groups) {
    it(`gives the nodes a walk gives, in source order, asked again or not (${kinds.map((k) => SyntaxKind[k]).join(', ')})`, () => {
      const sf = new Project({ useInMemoryFileSystem: true }).createSourceFile('a.ts', SOURCE);
      const expected = byTsMorph(kinds);
      expect(expected.length).toBeGreaterThan(1);
      for (let round = 0; round < 2; round++) {
        expect(descendantsOfKinds(sf, kinds).map((n) => `${n.getKindName()} ${n.getText()}`)).toEqual(expected);
      }
    });
  }

  it('applies the filter it is given to the listed nodes, and searches below a node by walking it', () => {
    const sf = new Project({ useInMemoryFileSystem: true }).createSourceFile('a.ts', SOURCE);
    const calls = compilerDescendantsOfKinds(sf, [SyntaxKind.CallExpression], (n) => n.getText(sf.compilerNode).startsWith('other'));
    expect(calls.map((n) => n.getText(sf.compilerNode))).toEqual(['other.call(f(g(h)))']);
    const register = sf.getStatements().at(-1)!;
    expect(descendantsOfKinds(register, [SyntaxKind.NewExpression]).map((n) => n.getText())).toEqual(['new (class extends Base {})()']);
  });
});

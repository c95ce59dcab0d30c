import type { ExportDeclaration, ImportDeclaration, Node, ts as TS } from 'ts-morph';
import { SyntaxKind, ts } from '../ts-morph.js';

/** ts-morph's wrapper factory; internal to ts-morph 28 (pinned), used to wrap only the nodes we keep. */
interface WrapperFactory {
  _getNodeFromCompilerNode(compilerNode: TS.Node): Node;
}

/**
 * The descendants of `root` whose kind is one of `kinds` (and that pass `keep`, which sees the raw
 * TypeScript node), in source order (pre-order). Walks the compiler's tree with `ts.forEachChild` and wraps only
 * the nodes it returns: ts-morph's own descendant iterators wrap every node and token they visit,
 * which costs more than the analysis on large servers (see `npm run bench`).
 */
export function descendantsOfKinds<T extends Node = Node>(root: Node, kinds: readonly TS.SyntaxKind[], keep: (node: TS.Node) => boolean = () => true): T[] {
  return wrapped<T>(root, compilerDescendantsOfKinds(root, kinds, keep));
}

/** ts-morph's wrappers of `nodes`, compiler nodes of the file (or tree) of `root`, the same wrapper each time. */
export function wrapped<T extends Node = Node>(root: Node, nodes: readonly TS.Node[]): T[] {
  const factory = root as unknown as WrapperFactory;
  return nodes.map((n) => factory._getNodeFromCompilerNode(n) as T);
}

/** {@link descendantsOfKinds} as compiler nodes, none wrapped: for indexes that wrap only what a query asks for. */
export function compilerDescendantsOfKinds(root: Node, kinds: readonly TS.SyntaxKind[], keep: (node: TS.Node) => boolean = () => true): TS.Node[] {
  const wanted = new Set(kinds);
  const found: TS.Node[] = [];
  // An explicit stack: generated code nests expressions thousands deep, past the call stack.
  const stack: TS.Node[] = [];
  const pushChildren = (node: TS.Node): void => {
    const children: TS.Node[] = [];
    ts.forEachChild(node, (child) => {
      children.push(child);
    });
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  };
  pushChildren(root.compilerNode);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (wanted.has(node.kind) && keep(node)) found.push(node);
    pushChildren(node);
  }
  return found;
}

/** True for `=`, `+=`, `??=` and the other assignment operators. */
export function isAssignmentOperator(kind: SyntaxKind): boolean {
  return kind >= SyntaxKind.FirstAssignment && kind <= SyntaxKind.LastAssignment;
}

/** True when `node` lies within `container` (itself included), in the same file. */
export function contains(container: Node, node: Node): boolean {
  return container.getSourceFile() === node.getSourceFile() && container.getPos() <= node.getPos() && node.getEnd() <= container.getEnd();
}

/**
 * The module an import or export declaration names (`"./store.js"` → `./store.js`), or null when it
 * names none as a string: `import x from 123` and `import x from;` in a file that does not parse,
 * where ts-morph's `getModuleSpecifierValue()` throws. Any string is returned as written, even one
 * no module can have (`""`, `"\0bad"`): resolution then finds nothing.
 */
export function moduleSpecifierOf(decl: ImportDeclaration | ExportDeclaration): string | null {
  const specifier = decl.compilerNode.moduleSpecifier;
  return specifier !== undefined && ts.isStringLiteral(specifier) ? specifier.text : null;
}

/**
 * The module the import that declares `decl` names (an import specifier, clause or namespace
 * import), as {@link moduleSpecifierOf} reads it: the nearest `import` declaration or JSDoc
 * `@import` tag above it (a JS file's `/** @import { X } from "y" *\/`, whose JSDoc hangs on
 * whatever statement follows, perhaps another import). Null when there is none or it names no string.
 */
export function importedModuleOf(decl: Node): string | null {
  for (let node: TS.Node | undefined = decl.compilerNode.parent; node; node = node.parent) {
    if (ts.isImportDeclaration(node) || ts.isJSDocImportTag(node)) return ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;
  }
  return null;
}

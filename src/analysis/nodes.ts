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

/**
 * Kinds that whole-file searches ask for (discovery's adapters, the indexes of writes and
 * instances): a file's nodes of these kinds are listed in one walk, kept for every later search.
 */
const FILE_INDEX_KINDS: ReadonlySet<TS.SyntaxKind> = new Set([
  SyntaxKind.CallExpression, SyntaxKind.NewExpression, SyntaxKind.PropertyAccessExpression, SyntaxKind.BinaryExpression,
  SyntaxKind.PrefixUnaryExpression, SyntaxKind.PostfixUnaryExpression, SyntaxKind.HeritageClause, SyntaxKind.ClassDeclaration, SyntaxKind.ClassExpression,
]);

/** Per file, its nodes of each kind of {@link FILE_INDEX_KINDS}, in source order (pre-order). */
const fileIndexes = new WeakMap<TS.SourceFile, Map<TS.SyntaxKind, TS.Node[]>>();

function fileIndex(sf: TS.SourceFile): Map<TS.SyntaxKind, TS.Node[]> {
  let index = fileIndexes.get(sf);
  if (!index) {
    index = new Map([...FILE_INDEX_KINDS].map((kind) => [kind, []]));
    for (const node of walkKinds(sf, FILE_INDEX_KINDS, () => true)) index.get(node.kind)!.push(node);
    fileIndexes.set(sf, index);
  }
  return index;
}

/** Pre-order of nodes of one file: by start, an enclosing node before the nodes it holds. */
function inSourceOrder(a: TS.Node, b: TS.Node): number {
  return a.pos - b.pos || b.end - a.end;
}

/** {@link descendantsOfKinds} as compiler nodes, none wrapped: for indexes that wrap only what a query asks for. */
export function compilerDescendantsOfKinds(root: Node, kinds: readonly TS.SyntaxKind[], keep: (node: TS.Node) => boolean = () => true): TS.Node[] {
  const compiler = root.compilerNode;
  if (ts.isSourceFile(compiler) && kinds.every((k) => FILE_INDEX_KINDS.has(k))) {
    const index = fileIndex(compiler);
    const found = kinds.flatMap((k) => index.get(k)!.filter(keep));
    return kinds.length > 1 ? found.sort(inSourceOrder) : found;
  }
  return walkKinds(compiler, new Set(kinds), keep);
}

/** The descendants of `root` of kinds `wanted` that pass `keep`, in pre-order. */
function walkKinds(root: TS.Node, wanted: ReadonlySet<TS.SyntaxKind>, keep: (node: TS.Node) => boolean): TS.Node[] {
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
  pushChildren(root);
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

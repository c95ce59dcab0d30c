import type { ForOfStatement, Identifier, Project, SourceFile } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { descendantsOfKinds } from './nodes.js';
import { isFunctionNode, unwrap } from './syntax.js';

/**
 * What a collection a `for...of` loop walks can hold, read from the whole program: the elements of
 * its array literal and the values code adds to it. Generated API SDKs keep their hooks in such
 * lists (`beforeRequestHooks: Hook[] = []`, filled only by `registerBeforeRequestHook(hook)`, called
 * only over a preset list the generator left empty): the loop that runs them calls nothing. Sound
 * by construction: every mention of the collection's name in the program must be one whose effect
 * on its contents is known (an iteration, a read-only method, a removal, a `push` of a value that
 * is followed in turn); any other (handed to a call, returned, assigned a value not read) answers null.
 * Names are matched by text, so a same-named member of another class counts too (an over-approximation).
 */

/** Array methods that read a list or remove from it, adding nothing (ECMA-262 §23.1.3). */
const NON_ADDING_METHODS: ReadonlySet<string> = new Set([
  'at', 'concat', 'entries', 'every', 'filter', 'find', 'findIndex', 'findLast', 'findLastIndex', 'flat', 'flatMap', 'forEach',
  'includes', 'indexOf', 'join', 'keys', 'lastIndexOf', 'map', 'pop', 'reduce', 'reduceRight', 'reverse', 'shift', 'slice',
  'some', 'sort', 'toReversed', 'toSorted', 'toString', 'values',
]);

/** Array methods whose result holds elements of the list they are called on, and nothing else. */
const SAME_ELEMENTS_METHODS: ReadonlySet<string> = new Set(['reverse', 'toReversed', 'sort', 'toSorted', 'slice', 'filter']);

/** Array methods that add their arguments (`splice` its third and later ones). */
const ADDING_METHODS: ReadonlySet<string> = new Set(['push', 'unshift', 'splice']);

/** How deep values are followed through parameters, loops and aliases. */
const MAX_DEPTH = 5;

/** The values a collection can hold (each an expression of the program), or null when the program does not tell. */
export type Elements = Node[] | null;

/** Answers {@link CollectionElements.ofLoop} for one program; indexes its identifiers by name on first use. */
export class CollectionElements {
  private byName: Map<string, Identifier[]> | null = null;
  private readonly loops = new Map<ForOfStatement, Elements>();

  constructor(
    private readonly project: Project,
    private readonly isProjectFile: (sf: SourceFile) => boolean,
  ) {}

  /** The identifiers of the program's own files named `name`. */
  private mentions(name: string): Identifier[] {
    if (!this.byName) {
      this.byName = new Map();
      for (const sf of this.project.getSourceFiles()) {
        if (!this.isProjectFile(sf)) continue;
        for (const node of descendantsOfKinds(sf, [SyntaxKind.Identifier, SyntaxKind.PrivateIdentifier])) {
          const text = node.getText();
          const list = this.byName.get(text);
          if (list) list.push(node as Identifier);
          else this.byName.set(text, [node as Identifier]);
        }
      }
    }
    return this.byName.get(name) ?? [];
  }

  /**
   * What the collection `loop` walks can hold: an empty list when nothing can be in it (the loop's
   * body never runs), or null when the program does not tell. Memoized per loop.
   */
  ofLoop(loop: ForOfStatement, depth = 0): Elements {
    const memo = this.loops.get(loop);
    if (memo !== undefined) return memo;
    this.loops.set(loop, null); // a loop reached again while it is read tells nothing
    const out = this.ofCollection(loop.getExpression(), depth);
    this.loops.set(loop, out);
    return out;
  }

  /** The values the collection `expr` names can hold: a field (`this.hooks`), or a local or module `const`. */
  ofCollection(expr: Node, depth = 0): Elements {
    if (depth > MAX_DEPTH) return null;
    const node = unwrap(expr);
    // `this.hooks` (also `this.#hooks`): a field of the class, mentioned by name anywhere.
    if (Node.isPropertyAccessExpression(node) && node.getExpression().getKind() === SyntaxKind.ThisKeyword) {
      const decl = node.getNameNode().getSymbol()?.getDeclarations()[0];
      if (!decl || !Node.isPropertyDeclaration(decl) || decl.isStatic()) return null;
      return this.collect(this.mentions(node.getName()), depth, decl);
    }
    // `middlewares.reverse()`, `list.slice(1)`, `[...list]`: the same elements (or fewer), in another order.
    if (Node.isCallExpression(node)) {
      const callee = unwrap(node.getExpression());
      if (Node.isPropertyAccessExpression(callee) && SAME_ELEMENTS_METHODS.has(callee.getName())) return this.ofCollection(callee.getExpression(), depth + 1);
      return null;
    }
    if (Node.isArrayLiteralExpression(node) && node.getElements().length === 1) {
      const only = node.getElements()[0]!;
      if (Node.isSpreadElement(only)) return this.ofCollection(only.getExpression(), depth + 1);
    }
    if (Node.isIdentifier(node)) {
      const decl = node.getSymbol()?.getDeclarations()[0];
      if (!decl || !Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode())) return null;
      const symbol = node.getSymbol();
      const same = this.mentions(node.getText()).filter((id) => id.getSymbol() === symbol);
      return this.collect(same, depth, decl);
    }
    return null;
  }

  /**
   * The values added through `mentions` of a collection declared by `decl` (its initializer's
   * elements included), or null when one of them is a use whose effect is not known.
   */
  private collect(mentions: readonly Node[], depth: number, decl: Node): Elements {
    const out: Node[] = [];
    for (const mention of mentions) {
      const added = this.addedBy(mention, depth, decl);
      if (added === null) return null;
      out.push(...added);
    }
    return out;
  }

  /** The values one mention of a collection adds to it (none for a read), or null when it may add what is not known. */
  private addedBy(mention: Node, depth: number, decl: Node): Elements {
    const parent = mention.getParentOrThrow();
    // The declaration: a field or a variable with an array literal (or no value yet).
    if ((Node.isPropertyDeclaration(parent) || Node.isVariableDeclaration(parent)) && parent.getNameNode() === mention) {
      if (parent !== decl && !Node.isPropertyDeclaration(parent)) return null;
      const init = parent.getInitializer();
      return init === undefined ? [] : this.literalElements(init);
    }
    // A type's member of that name (an interface lists the field): no value.
    if ((Node.isPropertySignature(parent) || Node.isMethodSignature(parent)) && parent.getNameNode() === mention) return [];
    // `this.hooks` (the member's name), `hooks` alone or as the object of a member (`hooks.push(h)`); not `other.hooks` of an identifier collection.
    const use = Node.isPropertyAccessExpression(parent) && parent.getNameNode() === mention ? parent : Node.isIdentifier(mention) && (!Node.isPropertyAccessExpression(parent) || parent.getExpression() === mention) ? mention : null;
    if (use === null) return null;
    return this.addedByUse(use, depth, decl);
  }

  /** The values `use` (an expression that is the collection) adds to it. */
  private addedByUse(use: Node, depth: number, decl: Node): Elements {
    let node: Node = use;
    let parent = node.getParentOrThrow();
    while (Node.isNonNullExpression(parent) || Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent)) {
      node = parent;
      parent = node.getParentOrThrow();
    }
    if (Node.isForOfStatement(parent) && parent.getExpression() === node) return [];
    // `listPolicies() { return this.policies; }` in a method the program never calls: handed to no one.
    if (Node.isReturnStatement(parent) && this.inUncalledMethod(parent)) return [];
    if (Node.isSpreadElement(parent) && Node.isArrayLiteralExpression(parent.getParent())) return [];
    if (Node.isElementAccessExpression(parent) && parent.getExpression() === node) {
      // `list[i] = value` adds the value; reading `list[i]` adds nothing.
      const assigned = parent.getParent();
      if (!Node.isBinaryExpression(assigned) || assigned.getLeft() !== parent) return [];
      return assigned.getOperatorToken().getKind() === SyntaxKind.EqualsToken ? this.expand(assigned.getRight(), depth) : null;
    }
    if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === node) {
      const method = parent.getName();
      if (method === 'length') return [];
      const call = parent.getParent();
      if (!call || !Node.isCallExpression(call) || call.getExpression() !== parent) return null;
      if (NON_ADDING_METHODS.has(method)) return [];
      if (!ADDING_METHODS.has(method)) return null;
      const added = method === 'splice' ? call.getArguments().slice(2) : call.getArguments();
      const out: Node[] = [];
      for (const arg of added) {
        if (Node.isSpreadElement(arg)) return null;
        const values = this.expand(arg, depth);
        if (values === null) return null;
        out.push(...values);
      }
      return out;
    }
    // `child.hooks = this.hooks.slice()` / `[...this.hooks]`: a copy of the same collection adds nothing new; an array literal adds its elements.
    if (Node.isBinaryExpression(parent) && parent.getLeft() === node && parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken) {
      const right = unwrap(parent.getRight());
      if (this.copiesSame(right, node)) return [];
      return this.literalElements(right, depth);
    }
    // `let target = this.hooks` (or assigned later): the alias's own uses decide.
    const alias = aliasDeclaration(node, parent);
    if (alias) {
      if (depth >= MAX_DEPTH) return null;
      const symbol = alias.getNameNode().getSymbol();
      const uses = this.mentions(alias.getName()).filter((id) => id.getSymbol() === symbol && id !== alias.getNameNode());
      const out: Node[] = [];
      for (const id of uses) {
        // Assignments to the alias rebind it; they do not add to this collection.
        const p = id.getParentOrThrow();
        if (Node.isBinaryExpression(p) && p.getLeft() === id && p.getOperatorToken().getKind() === SyntaxKind.EqualsToken) continue;
        const added = this.addedByUse(id, depth + 1, decl);
        if (added === null) return null;
        out.push(...added);
      }
      return out;
    }
    return null;
  }

  /** True for `x.name.slice()`, `x.name.filter(...)` or `[...x.name]` where `name` is the collection's own name (a copy, or part, of the same kind of collection). */
  private copiesSame(value: Node, target: Node): boolean {
    const name = Node.isPropertyAccessExpression(target) ? target.getName() : target.getText();
    const copied = (n: Node): boolean => {
      const u = unwrap(n);
      return (Node.isPropertyAccessExpression(u) && u.getName() === name) || (Node.isIdentifier(u) && u.getText() === name);
    };
    if (Node.isCallExpression(value)) {
      const callee = unwrap(value.getExpression());
      if (!Node.isPropertyAccessExpression(callee) || !copied(callee.getExpression())) return false;
      return (callee.getName() === 'slice' && value.getArguments().length === 0) || callee.getName() === 'filter';
    }
    if (Node.isArrayLiteralExpression(value)) {
      const items = value.getElements();
      return items.length === 1 && Node.isSpreadElement(items[0]!) && copied(items[0]!.getExpression());
    }
    return false;
  }

  /** True when `node` is in a method whose name the program mentions only where it is declared (nothing calls it). */
  private inUncalledMethod(node: Node): boolean {
    const method = node.getFirstAncestor((a) => isFunctionNode(a));
    if (!method || !Node.isMethodDeclaration(method)) return false;
    const name = method.getNameNode();
    return Node.isIdentifier(name) && this.mentions(name.getText()).every((m) => m === name);
  }

  /** The values of an array literal's elements, each followed ({@link expand}); null for anything else or a spread. */
  private literalElements(value: Node, depth = 0): Elements {
    const node = unwrap(value);
    if (!Node.isArrayLiteralExpression(node)) return null;
    const out: Node[] = [];
    for (const element of node.getElements()) {
      if (Node.isSpreadElement(element)) return null;
      const values = this.expand(element, depth);
      if (values === null) return null;
      out.push(...values);
    }
    return out;
  }

  /**
   * The values an expression added to a collection can be: those of a `for...of` variable's
   * collection, the arguments every call of a function or method gives a parameter (the
   * parameter of `register(hook)`), or the expression itself.
   */
  private expand(value: Node, depth: number): Elements {
    if (depth > MAX_DEPTH) return null;
    const node = unwrap(value);
    // `args[1]` of a rest parameter `...args`: the argument in that place.
    if (Node.isElementAccessExpression(node)) {
      const index = node.getArgumentExpression();
      const list = unwrap(node.getExpression());
      const decl = Node.isIdentifier(list) ? list.getSymbol()?.getDeclarations()[0] : undefined;
      if (decl && Node.isParameterDeclaration(decl) && decl.isRestParameter() && index && Node.isNumericLiteral(index)) {
        return this.arguments(decl, parameterIndex(decl) + Number(index.getLiteralValue()), depth);
      }
      return [node];
    }
    if (!Node.isIdentifier(node)) return [node];
    const decl = node.getSymbol()?.getDeclarations()[0];
    if (!decl) return [node];
    if (Node.isParameterDeclaration(decl)) {
      if (decl.isRestParameter() || !Node.isIdentifier(decl.getNameNode())) return null;
      return this.arguments(decl, parameterIndex(decl), depth);
    }
    if (Node.isVariableDeclaration(decl)) {
      const loop = decl.getParent()?.getParent();
      if (loop && Node.isForOfStatement(loop) && !decl.getInitializer()) return this.ofLoop(loop, depth + 1);
    }
    return [node];
  }

  /**
   * The arguments every call of the function declaring `param` gives at `index`, found by the
   * function's name; null when the function is nameless, or its name is used other than to call
   * it (handed on as a callback, read as a value) or a call spreads its arguments.
   */
  private arguments(param: Node, index: number, depth: number): Elements {
    const fn = param.getParentOrThrow();
    if (!isFunctionNode(fn) || index < 0) return null;
    const nameNode = Node.isMethodDeclaration(fn) || Node.isFunctionDeclaration(fn) ? fn.getNameNode() : undefined;
    if (!nameNode || !Node.isIdentifier(nameNode)) return null;
    const out: Node[] = [];
    for (const mention of this.mentions(nameNode.getText())) {
      const parent = mention.getParentOrThrow();
      // Declarations of the name: this method or function, its overloads, a type's member.
      if ((Node.isMethodDeclaration(parent) || Node.isFunctionDeclaration(parent) || Node.isMethodSignature(parent) || Node.isPropertySignature(parent)) && parent.getNameNode() === mention) continue;
      const callee = Node.isPropertyAccessExpression(parent) && parent.getNameNode() === mention ? parent : mention;
      const call = callee.getParent();
      if (!call || !Node.isCallExpression(call) || call.getExpression() !== callee) return null;
      const args = call.getArguments();
      if (args.some((a) => Node.isSpreadElement(a))) return null;
      const arg = args[index];
      if (!arg) continue;
      const values = this.expand(arg, depth + 1);
      if (values === null) return null;
      out.push(...values);
    }
    return out;
  }
}

/** The variable a collection is held in when `node` is its initializer or the value assigned to it (`let target = this.hooks`, `target = this.hooks`). */
function aliasDeclaration(node: Node, parent: Node): import('ts-morph').VariableDeclaration | null {
  if (Node.isVariableDeclaration(parent) && parent.getInitializer() === node && Node.isIdentifier(parent.getNameNode())) return parent;
  if (Node.isBinaryExpression(parent) && parent.getRight() === node && parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken) {
    const left = unwrap(parent.getLeft());
    const decl = Node.isIdentifier(left) ? left.getSymbol()?.getDeclarations()[0] : undefined;
    if (decl && Node.isVariableDeclaration(decl) && Node.isIdentifier(decl.getNameNode())) return decl;
  }
  return null;
}

/** The place of a parameter in its function's list. */
function parameterIndex(param: import('ts-morph').ParameterDeclaration): number {
  const fn = param.getParentOrThrow();
  return isFunctionNode(fn) ? fn.getParameters().indexOf(param) : -1;
}

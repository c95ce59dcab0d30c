import type { ForOfStatement, Identifier, Project, SourceFile, ts as TS } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { compilerDescendantsOfKinds, wrapped } from './nodes.js';
import { isFunctionNode, isNewOf, unwrap } from './syntax.js';
import { selfKeyedEntry } from './registry-lookup.js';
import { deeperThan } from './read-sets.js';

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

/** Map methods that read it or take entries out, adding nothing (ECMA-262 §24.1.3). */
const MAP_READING_METHODS: ReadonlySet<string> = new Set(['get', 'has', 'keys', 'values', 'entries', 'forEach', 'delete', 'clear']);

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
  /** Per name, the identifiers of the program's own files (compiler nodes, each with its file), indexed on first use. */
  private byName: Map<string, { sf: SourceFile; nodes: TS.Node[] }[]> | null = null;
  /** {@link CollectionElements.mentions} by name: the identifiers wrapped once, when first asked for. */
  private readonly wrappedByName = new Map<string, Identifier[]>();
  private readonly loops = new Map<ForOfStatement, Elements>();

  constructor(
    private readonly project: Project,
    private readonly isProjectFile: (sf: SourceFile) => boolean,
  ) {}

  /**
   * The identifiers of the program's own files named `name` (their text), in file and source
   * order. The index holds compiler nodes: wrapping every identifier of a 7.9 MB bundle cost
   * seconds and hundreds of megabytes, where a query needs a few.
   */
  private mentions(name: string): Identifier[] {
    let found = this.wrappedByName.get(name);
    if (found) return found;
    if (!this.byName) this.byName = this.indexNames();
    found = (this.byName.get(name) ?? []).flatMap(({ sf, nodes }) => wrapped<Identifier>(sf, nodes));
    this.wrappedByName.set(name, found);
    return found;
  }

  private indexNames(): Map<string, { sf: SourceFile; nodes: TS.Node[] }[]> {
    const byName = new Map<string, { sf: SourceFile; nodes: TS.Node[] }[]>();
    for (const sf of this.project.getSourceFiles()) {
      if (!this.isProjectFile(sf)) continue;
      const file = sf.compilerNode;
      const inFile = new Map<string, TS.Node[]>();
      for (const node of compilerDescendantsOfKinds(sf, [SyntaxKind.Identifier, SyntaxKind.PrivateIdentifier])) {
        // The node's text, as ts-morph's `getText()` gives it (escapes and all).
        const name = node.getText(file);
        const list = inFile.get(name);
        if (list) list.push(node);
        else inFile.set(name, [node]);
      }
      for (const [name, nodes] of inFile) {
        const files = byName.get(name);
        if (files) files.push({ sf, nodes });
        else byName.set(name, [{ sf, nodes }]);
      }
    }
    return byName;
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

  /**
   * The values the list `expr` can hold (a field, a local or module variable, a literal, a copy or
   * the values of a Map), or null when the program does not tell.
   */
  ofExpression(expr: Node): Elements {
    const node = unwrap(expr);
    return Node.isArrayLiteralExpression(node) ? this.literalElements(node) : this.ofCollection(node, 0);
  }

  /**
   * The values a Map named by `expr` (a field or a variable) can hold: those `new Map(list.map((t) =>
   * [t.name, t]))` starts it with and `map.set(t.name, t)` adds, keyed by their own field; null when
   * some mention may add what is not known (a `set` keyed otherwise, the Map handed on).
   */
  ofMap(expr: Node, depth = 0): Elements {
    if (deeperThan(depth, MAX_DEPTH)) return null;
    const held = this.holder(unwrap(expr));
    return held ? this.collect(held.mentions, (m) => this.addedToMap(m, depth, held.decl)) : null;
  }

  /**
   * The mentions of the field (`this.hooks`, by name) or variable (by symbol) `node` names, with its
   * declaration; null for anything else (a static field, a destructured name, an expression).
   */
  private holder(node: Node): { mentions: Node[]; decl: Node } | null {
    if (Node.isPropertyAccessExpression(node) && node.getExpression().getKind() === SyntaxKind.ThisKeyword) {
      const decl = node.getNameNode().getSymbol()?.getDeclarations()[0];
      if (!decl || !Node.isPropertyDeclaration(decl) || decl.isStatic()) return null;
      return { mentions: this.mentions(node.getName()), decl };
    }
    if (Node.isIdentifier(node)) {
      const decl = node.getSymbol()?.getDeclarations()[0];
      if (!decl || !Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode())) return null;
      const symbol = node.getSymbol();
      return { mentions: this.mentions(node.getText()).filter((id) => id.getSymbol() === symbol), decl };
    }
    return null;
  }

  /** The values one mention of a Map adds to it (none for a read), or null when it may add what is not known. */
  private addedToMap(mention: Node, depth: number, decl: Node): Elements {
    const found = useOf(mention, decl);
    if (found === null || 'added' in found) return found && (found.added === undefined ? [] : this.mapStart(found.added, depth));
    const { node: use, parent: outer } = widened(found.use);
    // `this.tools = new Map(...)`: a start like the initializer's.
    if (Node.isBinaryExpression(outer) && outer.getLeft() === use && outer.getOperatorToken().getKind() === SyntaxKind.EqualsToken) return this.mapStart(outer.getRight(), depth);
    if (!Node.isPropertyAccessExpression(outer) || outer.getExpression() !== use) return null;
    const used = mapMemberUse(outer);
    if (used === null || used === 'read') return used && [];
    const [key, value] = used.getArguments();
    const entry = key && value ? selfKeyedEntry(key, value) : null;
    return entry ? this.expandEntry(entry.value, depth) : null;
  }

  /** What `new Map()` or `new Map(list.map((t) => [t.name, t]))` starts a Map with; null for any other value. */
  private mapStart(init: Node, depth: number): Elements {
    const made = unwrap(init);
    if (!isNewOf(made, 'Map')) return null;
    const [pairs] = made.getArguments();
    if (!pairs) return [];
    const mapped = unwrap(pairs);
    if (!Node.isCallExpression(mapped)) return null;
    const callee = unwrap(mapped.getExpression());
    const cb = mapped.getArguments()[0] ? unwrap(mapped.getArguments()[0]!) : undefined;
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'map' || !cb || !isFunctionNode(cb)) return null;
    const body = cb.getBody();
    const pair = body ? unwrap(body) : undefined;
    const param = cb.getParameters()[0]?.getNameNode();
    if (!pair || !Node.isArrayLiteralExpression(pair) || !param || !Node.isIdentifier(param)) return null;
    const [key, value] = pair.getElements();
    if (!key || !value || unwrap(value).getText() !== param.getText() || !selfKeyedEntry(key, value)) return null;
    return this.ofCollection(callee.getExpression(), depth + 1);
  }

  /** The values an entry added to a Map can be: a loop variable's or a `forEach` callback parameter's collection, or the value itself. */
  private expandEntry(value: Node, depth: number): Elements {
    const node = unwrap(value);
    const decl = Node.isIdentifier(node) ? node.getSymbol()?.getDeclarations()[0] : undefined;
    if (decl && Node.isParameterDeclaration(decl)) {
      const cb = decl.getParentOrThrow();
      const call = cb.getParent();
      if (call && Node.isCallExpression(call) && call.getArguments()[0] === cb && isFunctionNode(cb) && cb.getParameters()[0] === decl) {
        const callee = unwrap(call.getExpression());
        if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'forEach') return this.ofCollection(callee.getExpression(), depth + 1);
      }
    }
    return this.expand(value, depth);
  }

  /** The values the collection `expr` names can hold: a field (`this.hooks`), or a local or module `const`. */
  ofCollection(expr: Node, depth = 0): Elements {
    if (deeperThan(depth, MAX_DEPTH)) return null;
    const node = unwrap(expr);
    // `this.hooks` (also `this.#hooks`): a field of the class, mentioned by name anywhere; `hooks`: a local or module variable.
    if ((Node.isPropertyAccessExpression(node) && node.getExpression().getKind() === SyntaxKind.ThisKeyword) || Node.isIdentifier(node)) {
      const held = this.holder(node);
      return held ? this.collect(held.mentions, (m) => this.addedBy(m, depth, held.decl)) : null;
    }
    // `middlewares.reverse()`, `list.slice(1)`, `[...list]`: the same elements (or fewer), in another order.
    if (Node.isCallExpression(node)) {
      const callee = unwrap(node.getExpression());
      if (Node.isPropertyAccessExpression(callee) && SAME_ELEMENTS_METHODS.has(callee.getName())) return this.ofCollection(callee.getExpression(), depth + 1);
      // `map.values()`, `Array.from(map.values())`: the values of a Map.
      if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'values' && node.getArguments().length === 0) return this.ofMap(callee.getExpression(), depth + 1);
      if (callee.getText() === 'Array.from' && node.getArguments().length === 1) return this.ofCollection(node.getArguments()[0]!, depth + 1);
      return null;
    }
    // `[...list]`, `[...readTools, ...writeTools]`: the elements of each list spread into it.
    if (Node.isArrayLiteralExpression(node)) return this.literalElements(node, depth);
    return null;
  }

  /**
   * The values added through `mentions` of a collection declared by `decl` (its initializer's
   * elements included), or null when one of them is a use whose effect is not known.
   */
  private collect(mentions: readonly Node[], addedBy: (mention: Node) => Elements): Elements {
    const out: Node[] = [];
    for (const mention of mentions) {
      const added = addedBy(mention);
      if (added === null) return null;
      out.push(...added);
    }
    return out;
  }

  /** The values one mention of a collection adds to it (none for a read), or null when it may add what is not known. */
  private addedBy(mention: Node, depth: number, decl: Node): Elements {
    const found = useOf(mention, decl);
    if (found === null || 'added' in found) return found && (found.added === undefined ? [] : this.literalElements(found.added));
    return this.addedByUse(found.use, depth, decl);
  }

  /** The values `use` (an expression that is the collection) adds to it. */
  private addedByUse(use: Node, depth: number, decl: Node): Elements {
    const { node, parent } = widened(use);
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
      if (deeperThan(depth + 1, MAX_DEPTH)) return null;
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
      // `[...readTools, ...writeTools]`: the elements of each list spread into it.
      const values = Node.isSpreadElement(element) ? this.ofCollection(element.getExpression(), depth + 1) : this.expand(element, depth);
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
    if (deeperThan(depth, MAX_DEPTH)) return null;
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
   * The values every call of the function declaring `param` gives it (each followed as {@link
   * expand} does; a call that passes the parameter on to itself adds nothing), or null when the
   * program does not tell (see {@link arguments}).
   */
  parameterValues(param: import('ts-morph').ParameterDeclaration): Elements {
    if (param.isRestParameter() || !Node.isIdentifier(param.getNameNode())) return null;
    return this.arguments(param, parameterIndex(param), 0);
  }

  /**
   * The arguments every call of the function declaring `param` gives at `index`, found by the
   * function's name; null when the function is nameless, or its name is used other than to call
   * it (handed on as a callback, read as a value) or a call spreads its arguments.
   */
  private arguments(param: Node, index: number, depth: number): Elements {
    const fn = param.getParentOrThrow();
    if (!isFunctionNode(fn) || index < 0) return null;
    // A function declaration or method by its name; an arrow or function expression by the `const` that holds it.
    const holder = fn.getParent();
    const nameNode = Node.isMethodDeclaration(fn) || Node.isFunctionDeclaration(fn) ? fn.getNameNode() : holder && Node.isVariableDeclaration(holder) && holder.getInitializer() === fn ? holder.getNameNode() : undefined;
    if (!nameNode || !Node.isIdentifier(nameNode)) return null;
    const out: Node[] = [];
    for (const mention of this.mentions(nameNode.getText())) {
      const parent = mention.getParentOrThrow();
      // Declarations of the name: this method or function, its overloads, a type's member.
      if ((Node.isMethodDeclaration(parent) || Node.isFunctionDeclaration(parent) || Node.isMethodSignature(parent) || Node.isPropertySignature(parent) || Node.isVariableDeclaration(parent)) && parent.getNameNode() === mention) continue;
      // `import { resolveWithinRoot } from "./pathScope.js"` and `export { f }`: names, not uses (a renamed one hides its calls).
      if ((Node.isImportSpecifier(parent) || Node.isExportSpecifier(parent)) && parent.getAliasNode() === undefined) continue;
      const callee = Node.isPropertyAccessExpression(parent) && parent.getNameNode() === mention ? parent : mention;
      const call = callee.getParent();
      if (!call || !Node.isCallExpression(call) || call.getExpression() !== callee) return null;
      const args = call.getArguments();
      if (args.some((a) => Node.isSpreadElement(a))) return null;
      const arg = args[index];
      if (!arg) continue;
      // A recursive call passing the parameter on (`walk(child, visited)` inside `walk`) adds nothing new.
      const passed = unwrap(arg);
      if (Node.isIdentifier(passed) && passed.getSymbol()?.getDeclarations()[0] === param) continue;
      const values = this.expand(arg, depth + 1);
      if (values === null) return null;
      out.push(...values);
    }
    return out;
  }
}

/**
 * What a member of a Map (`member`: `map.<name>`, whose object is the Map) does to it: `read` for
 * `size` and a call of a method that adds nothing, the call of `set` that adds an entry, or null for
 * anything else (another method, the method read as a value).
 */
export function mapMemberUse(member: import('ts-morph').PropertyAccessExpression): 'read' | import('ts-morph').CallExpression | null {
  const method = member.getName();
  if (method === 'size') return 'read';
  const call = member.getParent();
  if (!call || !Node.isCallExpression(call) || call.getExpression() !== member) return null;
  if (MAP_READING_METHODS.has(method)) return 'read';
  return method === 'set' ? call : null;
}

/** `use` with the `!`, parentheses and `as` around it, and what holds that. */
function widened(use: Node): { node: Node; parent: Node } {
  let node = use;
  let parent = node.getParentOrThrow();
  while (Node.isNonNullExpression(parent) || Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent)) {
    node = parent;
    parent = node.getParentOrThrow();
  }
  return { node, parent };
}

/**
 * What one mention of a collection's name is: its declaration (`added`: the initializer, undefined
 * for none), a name that is not the collection (a type's member, a key of another object literal:
 * `added` undefined too), or a use of the collection (`this.hooks`, `hooks` alone or as the object
 * of a member, not `other.hooks` of an identifier collection). Null for a declaration of another
 * variable of that name, or a mention that is none of these.
 */
function useOf(mention: Node, decl: Node): { added: Node | undefined } | { use: Node } | null {
  const parent = mention.getParentOrThrow();
  if ((Node.isPropertyDeclaration(parent) || Node.isVariableDeclaration(parent)) && parent.getNameNode() === mention) {
    return parent !== decl && !Node.isPropertyDeclaration(parent) ? null : { added: parent.getInitializer() };
  }
  if ((Node.isPropertySignature(parent) || Node.isMethodSignature(parent) || Node.isPropertyAssignment(parent)) && parent.getNameNode() === mention) return { added: undefined };
  const use = Node.isPropertyAccessExpression(parent) && parent.getNameNode() === mention ? parent : Node.isIdentifier(mention) && (!Node.isPropertyAccessExpression(parent) || parent.getExpression() === mention) ? mention : null;
  return use ? { use } : null;
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

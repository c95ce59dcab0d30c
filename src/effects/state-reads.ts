import type { Project, SourceFile, ts as TS } from 'ts-morph';
import { Node, SyntaxKind, ts } from '../ts-morph.js';
import { descendantsOfKinds, isAssignmentOperator } from '../analysis/nodes.js';
import { isFunctionNode, unwrap } from '../analysis/syntax.js';
import { isNow } from './fresh.js';

/**
 * Who reads a piece of server state: the answer to "can a later call see this write?" (issue 15,
 * kind 2). State counts as a modification when some code reads it back (into what a tool, resource
 * or prompt handler returns, or into a decision of a later call); state that is only ever written,
 * or only read to decide whether to write it (`if (!seen.has(k)) seen.add(k)`, a once-only flag),
 * or handed to `clearInterval`, cannot be seen. Reads are found by name, over-approximating (a
 * field `cache` of one class and of another are not told apart), so a doubt keeps the write.
 */

/** Where a piece of state is named: a module-level variable (in its file, or everywhere when exported or imported), or a member (`this.x`, `Cls.x`, `global.x`). */
export interface StateName {
  kind: 'variable' | 'member';
  name: string;
  /** The file that declares a module-level variable that is not exported: its only readers are there. */
  file?: SourceFile;
}

/** A read that lets a later call see the state: the node that reads it. Null when nothing does. */
export type Reader = Node | null;

/** Methods whose call on state writes it (the read of the receiver is part of the write). */
const WRITING_METHODS: ReadonlySet<string> = new Set(['push', 'unshift', 'add', 'set', 'delete', 'clear', 'splice', 'pop', 'shift', 'sort', 'reverse', 'fill', 'copyWithin', 'remove', 'put']);

/** Globals that only release what a handle holds: passing state to them does not read what it stores. */
const RELEASING_CALLS: ReadonlySet<string> = new Set(['clearInterval', 'clearTimeout', 'clearImmediate']);

/** The identifiers of a project's files by name, walked once (the compiler's nodes; wrapped on demand). */
type NameIndex = Map<string, { sf: SourceFile; node: TS.Identifier }[]>;

/** Finds a read of a piece of state that a later call could observe (see the module comment). Memoized per state. */
export class StateReads {
  private index: NameIndex | undefined;
  private readonly memo = new Map<string, Reader>();

  constructor(private readonly project: Project) {}

  /** A node that reads `state` observably (one outside the functions that write it if any), or null when every mention writes it, guards its own write, or releases it. */
  readerOf(state: StateName): Reader {
    const key = `${state.kind}:${state.name}:${state.file?.getFilePath() ?? ''}`;
    if (this.memo.has(key)) return this.memo.get(key)!;
    // The evidence prefers a reader in a function that does not also write the state (a getter, a resource handler).
    let reader: Reader = null;
    for (const { sf, node } of this.names().get(state.name) ?? []) {
      if (state.file && sf !== state.file) continue;
      const id = (sf as unknown as { _getNodeFromCompilerNode(n: TS.Node): Node })._getNodeFromCompilerNode(node);
      const mention = mentionOf(id, state.kind);
      if (!mention || !isObservingRead(mention)) continue;
      reader ??= mention;
      const fn = mention.getFirstAncestor((a) => isFunctionNode(a));
      if (fn && !writesIn(fn, stateText(mention))) {
        reader = mention;
        break;
      }
    }
    this.memo.set(key, reader);
    return reader;
  }

  private names(): NameIndex {
    if (this.index) return this.index;
    const index: NameIndex = new Map();
    for (const sf of this.project.getSourceFiles()) {
      if (sf.isDeclarationFile()) continue;
      const visit = (node: TS.Node): void => {
        if (ts.isIdentifier(node)) {
          let list = index.get(node.text);
          if (!list) index.set(node.text, (list = []));
          list.push({ sf, node });
        }
        ts.forEachChild(node, visit);
      };
      ts.forEachChild(sf.compilerNode, visit);
    }
    this.index = index;
    return index;
  }
}

/**
 * The expression an identifier names the state with: the identifier for a variable (not its
 * declaration, a member name or a key), the member access for a member (`o.x`, `{ x } = o`).
 * Null for anything else (a declaration, another variable's member of the same name).
 */
function mentionOf(id: Node, kind: StateName['kind']): Node | null {
  const parent = id.getParent();
  if (!parent) return null;
  if (kind === 'member') {
    if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return parent;
    // `const { x } = this`, `const { x: y } = store`: reads the member.
    if (Node.isBindingElement(parent) && (parent.getPropertyNameNode() === id || (!parent.getPropertyNameNode() && parent.getNameNode() === id))) return parent;
    return null;
  }
  if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return null;
  if (Node.isPropertyAssignment(parent) && parent.getNameNode() === id) return null;
  if ((Node.isVariableDeclaration(parent) || Node.isParameterDeclaration(parent) || Node.isBindingElement(parent) || Node.isFunctionDeclaration(parent) || Node.isClassDeclaration(parent) || Node.isPropertyDeclaration(parent) || Node.isMethodDeclaration(parent)) && (parent as { getNameNode?: () => Node }).getNameNode?.() === id) return null;
  if (Node.isImportSpecifier(parent) || Node.isExportSpecifier(parent) || Node.isImportClause(parent)) return null;
  return id;
}

/** The outermost member access or call of `expr` that still acts on it (`x.a.b`, `x.items.push`), and whether a write method is called on it. */
function chainTop(expr: Node): { top: Node; writeCall: boolean } {
  let top = expr;
  for (;;) {
    const parent = top.getParent();
    if (!parent) break;
    if ((Node.isPropertyAccessExpression(parent) || Node.isElementAccessExpression(parent)) && parent.getExpression() === top) {
      if (Node.isPropertyAccessExpression(parent) && WRITING_METHODS.has(parent.getName())) {
        const call = parent.getParent();
        if (call && Node.isCallExpression(call) && call.getExpression() === parent) return { top: call, writeCall: true };
      }
      top = parent;
      continue;
    }
    // `timers.get(k)`: what a method of the state gives is still the state's (a handle to release, an entry to read).
    if (Node.isNonNullExpression(parent) || Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent) || (Node.isCallExpression(parent) && parent.getExpression() === top)) {
      top = parent;
      continue;
    }
    break;
  }
  return { top, writeCall: false };
}

/** True when `top` initialises a const that is only ever released (`const t = timers.get(k); clearInterval(t)`). */
function onlyReleased(top: Node): boolean {
  const decl = top.getParent();
  if (!decl || !Node.isVariableDeclaration(decl) || decl.getInitializer() !== top || !Node.isIdentifier(decl.getNameNode())) return false;
  const scope = decl.getFirstAncestor((a) => isFunctionNode(a) || Node.isSourceFile(a));
  const uses = (scope?.getDescendantsOfKind(SyntaxKind.Identifier) ?? []).filter((id) => id.getText() === decl.getName() && id !== decl.getNameNode());
  return uses.length > 0 && uses.every(isReleased);
}

/** True when a call's result is used as a value, not dropped by an expression statement (`await x.set(k, v);` drops it). */
function isValueUsed(call: Node): boolean {
  let node = call;
  let parent = node.getParent();
  while (parent && (Node.isAwaitExpression(parent) || Node.isParenthesizedExpression(parent) || Node.isVoidExpression(parent))) {
    node = parent;
    parent = node.getParent();
  }
  return parent !== undefined && !Node.isExpressionStatement(parent);
}

/** True when `top` (a mention's outermost access) is written: the target of an assignment, `++`/`--`, or `delete`. */
function isWriteTarget(top: Node): boolean {
  const parent = top.getParent();
  if (!parent) return false;
  if (Node.isBinaryExpression(parent) && isAssignmentOperator(parent.getOperatorToken().getKind()) && parent.getLeft() === top) return true;
  if ((Node.isPrefixUnaryExpression(parent) || Node.isPostfixUnaryExpression(parent)) && [SyntaxKind.PlusPlusToken, SyntaxKind.MinusMinusToken].includes(parent.getOperatorToken())) return true;
  return Node.isDeleteExpression(parent);
}

/**
 * True when a mention of state reads it in a way a later call can observe: not a write (unless the
 * value a write method returns is used), not an
 * argument of `clearInterval`, not inside the value written back to the same state (`n = n + 1`,
 * `log.push(log.length)`), and not only in the condition of an `if` whose branch writes it
 * (a memo's or once-only flag's guard), also through a `const` that condition names.
 */
function isObservingRead(mention: Node): boolean {
  const { top, writeCall } = chainTop(mention);
  // `for (const m of middlewares.reverse())`: a write method whose result is used reads the state too.
  if (writeCall) return isValueUsed(top);
  if (isWriteTarget(top)) return false;
  if (isReleased(top) || onlyReleased(top)) return false;
  if (isAgeCheck(top)) return false;
  const text = stateText(mention);
  if (insideOwnWrite(top, text)) return false;
  return !guardsOwnWrite(top, text);
}

/**
 * True when a read of a time stamp only measures its age against the clock (`now - fetchedAt <
 * TTL`, `fetchedAt + TTL > Date.now()`): the stamp of a cache with an expiry decides whether to
 * fetch again, which gives what a later call would get anyway (corpus README: caches that do not
 * change what later calls return are no modifications).
 */
function isAgeCheck(read: Node): boolean {
  const parent = read.getParent();
  if (!parent || !Node.isBinaryExpression(parent)) return false;
  const op = parent.getOperatorToken().getKind();
  const other = parent.getLeft() === read ? parent.getRight() : parent.getLeft();
  if (op === SyntaxKind.MinusToken) return isNow(other);
  if (op !== SyntaxKind.PlusToken) return false;
  const comparison = parent.getParent();
  if (!comparison || !Node.isBinaryExpression(comparison)) return false;
  const kind = comparison.getOperatorToken().getKind();
  if (![SyntaxKind.LessThanToken, SyntaxKind.LessThanEqualsToken, SyntaxKind.GreaterThanToken, SyntaxKind.GreaterThanEqualsToken].includes(kind)) return false;
  return isNow(comparison.getLeft() === parent ? comparison.getRight() : comparison.getLeft());
}

/** The text that names the state in a mention (`this.cache`, `seen`), to find its writes nearby. */
function stateText(mention: Node): string {
  return Node.isBindingElement(mention) ? '' : mention.getText().replace(/\s+/g, '');
}

/** True when `node` lies in the value of a write to the same state (an assignment to it, or the arguments of its write method). */
function insideOwnWrite(node: Node, text: string): boolean {
  if (text === '') return false;
  for (let a = node.getParent(); a && !isFunctionNode(a) && !Node.isStatement(a); a = a.getParent()) {
    if (Node.isBinaryExpression(a) && isAssignmentOperator(a.getOperatorToken().getKind()) && chainTexts(a.getLeft()).includes(text)) return true;
    if (Node.isCallExpression(a)) {
      const callee = unwrap(a.getExpression());
      if (Node.isPropertyAccessExpression(callee) && WRITING_METHODS.has(callee.getName()) && chainTexts(callee.getExpression()).includes(text)) return true;
    }
  }
  return false;
}

/** The texts of a written expression and of each object it is a member of: `this.items[0].text` → `this.items[0].text`, `this.items[0]`, `this.items`, `this`. */
function chainTexts(target: Node): string[] {
  const texts: string[] = [];
  for (let node = unwrap(target); ; ) {
    texts.push(node.getText().replace(/\s+/g, ''));
    if (Node.isPropertyAccessExpression(node) || Node.isElementAccessExpression(node) || Node.isNonNullExpression(node)) node = unwrap(node.getExpression());
    else return texts;
  }
}

/** True when `node` is in the condition of an `if` (or a `const` a condition names) whose `then` branch writes the state named `text`. */
function guardsOwnWrite(node: Node, text: string): boolean {
  if (text === '') return false;
  let condition: Node | undefined;
  for (let a: Node | undefined = node; a && !isFunctionNode(a); a = a.getParent()) {
    const parent = a.getParent();
    if (parent && Node.isIfStatement(parent) && parent.getExpression() === a) {
      condition = parent;
      break;
    }
    if (parent && Node.isVariableDeclaration(parent) && parent.getInitializer() === a) {
      // `const needsLoad = !cache || root !== cachedRoot; if (needsLoad) { ... }`
      const uses = parent.getFirstAncestor((x) => isFunctionNode(x) || Node.isSourceFile(x));
      const name = parent.getName();
      condition = uses?.getDescendantsOfKind(SyntaxKind.IfStatement).find((s) => s.getExpression().getText() === name || s.getExpression().getText() === `!${name}`);
      break;
    }
    if (Node.isStatement(a)) return false;
  }
  if (!condition || !Node.isIfStatement(condition)) return false;
  return writesIn(condition.getThenStatement(), text);
}

/** True when `scope` holds a write (assignment, `++`, `delete`, or a write method call) to the state named `text`, or releases it. */
function writesIn(scope: Node, text: string): boolean {
  const name = text.split('.').at(-1)!;
  for (const id of descendantsOfKinds(scope, [SyntaxKind.Identifier], (n) => (n as TS.Identifier).text === name)) {
    const mention = Node.isPropertyAccessExpression(id.getParent()!) && (id.getParent() as import('ts-morph').PropertyAccessExpression).getNameNode() === id ? id.getParent()! : id;
    if (mention.getText().replace(/\s+/g, '') !== text) continue;
    const { top, writeCall } = chainTop(mention);
    if (writeCall || isWriteTarget(top) || isReleased(top)) return true;
  }
  return false;
}

/** True when `top` is handed to `clearInterval` and its kin (`if (timer) clearInterval(timer)` guards a release, not a read). */
export function isReleased(top: Node): boolean {
  const parent = top.getParent();
  return parent !== undefined && Node.isCallExpression(parent) && RELEASING_CALLS.has(unwrap(parent.getExpression()).getText());
}

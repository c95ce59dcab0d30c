import type { BinaryExpression, CallExpression, SourceFile, ts as TS } from 'ts-morph';
import { Node, SyntaxKind, ts } from '../ts-morph.js';
import { contains, descendantsOfKinds } from '../analysis/nodes.js';
import { Bindings } from '../analysis/bindings.js';
import { isFunctionNode, type FunctionNode, unwrap } from '../analysis/syntax.js';

/** The SDK methods a project may replace on its server object. */
const PATCHABLE = new Set(['tool', 'registerTool']);

/** Text of an assignment to one of them: `server.tool = ...`, `this.registerTool = ...`. */
const PATCH_TEXT = /\.\s*(tool|registerTool)\s*=[^=]/;

/** A project's replacement of an SDK registration method: `server.tool = (name, ...rest) => original(...)`. */
export interface Patch {
  method: string;
  /** Which object is patched (see `receiverKey`), or which class when it patches `this`. */
  receiver: string;
  fn: FunctionNode;
  /** True when a class patches its own instances (`this.tool = ...`). */
  ofClass: boolean;
}

/**
 * The monkeypatches of `server.tool` / `server.registerTool` in a project, and the originals they
 * keep (`const original = server.tool.bind(server)`). A call of a patched method runs the patch,
 * which registers through the original: the patch is a wrapper whose call sites are the calls of
 * the patched method, and the original is the registration call.
 */
export class PatchIndex {
  private readonly patches: Patch[] = [];

  /**
   * @param files the project files to search (only files whose text assigns `.tool` or `.registerTool` are walked).
   * @param keyOf the key of the object a receiver expression stands for (two expressions with one key are one server).
   */
  constructor(
    private readonly files: readonly SourceFile[],
    private readonly keyOf: (receiver: Node, bindings: Bindings) => string,
  ) {
    for (const sf of files) {
      if (!PATCH_TEXT.test(sf.getFullText())) continue;
      // Only the assignments to `.tool` / `.registerTool` are wrapped (large bundles hold many others).
      const assignments = descendantsOfKinds<BinaryExpression>(sf, [SyntaxKind.BinaryExpression], (n) => {
        const b = n as TS.BinaryExpression;
        return b.operatorToken.kind === SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(b.left) && PATCHABLE.has(b.left.name.text);
      });
      for (const assignment of assignments) {
        const patch = this.patchOf(assignment);
        if (patch) this.patches.push(patch);
      }
    }
  }

  private patchOf(assignment: BinaryExpression): Patch | null {
    if (assignment.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return null;
    const left = assignment.getLeft();
    if (!Node.isPropertyAccessExpression(left) || !PATCHABLE.has(left.getName())) return null;
    const fn = unwrap(assignment.getRight());
    if (!isFunctionNode(fn)) return null;
    const receiver = unwrap(left.getExpression());
    if (receiver.getKind() === SyntaxKind.ThisKeyword) {
      const cls = enclosingClass(receiver);
      if (cls) return { method: left.getName(), receiver: classKey(cls), fn, ofClass: true };
    }
    return { method: left.getName(), receiver: this.keyOf(receiver, Bindings.EMPTY), fn, ofClass: false };
  }

  /** The patch a registration-looking call runs instead of the SDK method, if its method on its receiver is patched. */
  patchFor(call: CallExpression, bindings: Bindings): Patch | undefined {
    if (this.patches.length === 0) return undefined;
    const callee = unwrap(call.getExpression());
    if (!Node.isPropertyAccessExpression(callee)) return undefined;
    const candidates = this.patches.filter((p) => p.method === callee.getName());
    if (candidates.length === 0) return undefined;
    const receiver = this.keyOf(callee.getExpression(), bindings);
    const matches = candidates.filter((p) => !contains(p.fn, call));
    const same = matches.find((p) => p.receiver === receiver);
    if (same) return same;
    // A class that patches its own method (`this.tool = ...` in its constructor): calls on its instances.
    const classKeys = matches.some((p) => p.ofClass) ? instanceClassKeys(callee.getExpression()) : [];
    return matches.find((p) => p.ofClass && classKeys.includes(p.receiver));
  }

  /** The calls that run a patch (`server.tool(...)` on the patched server, outside the patch), or null when `fn` is no patch. */
  callSitesOf(fn: FunctionNode): CallExpression[] | null {
    const patch = this.patches.find((p) => p.fn === fn);
    if (!patch) return null;
    const sites: CallExpression[] = [];
    for (const sf of this.files) {
      if (!sf.getFullText().includes(patch.method)) continue;
      const calls = descendantsOfKinds<CallExpression>(sf, [SyntaxKind.CallExpression], (n) => {
        const callee = (n as TS.CallExpression).expression;
        return ts.isPropertyAccessExpression(callee) && callee.name.text === patch.method;
      });
      for (const call of calls) {
        if (this.patchFor(call, Bindings.EMPTY) === patch) sites.push(call);
      }
    }
    return sites;
  }
}

/**
 * The SDK method an identifier callee stands for when it holds a server's original registration
 * method (`const original = server.tool.bind(server)`, `const original = server.registerTool`), or null.
 */
export function originalMethodOf(callee: Node): string | null {
  if (!Node.isIdentifier(callee)) return null;
  const decl = callee.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isVariableDeclaration(decl)) return null;
  const written = decl.getInitializer();
  if (!written) return null;
  let init: Node = unwrap(written);
  if (Node.isCallExpression(init)) {
    const bind = unwrap(init.getExpression());
    if (!Node.isPropertyAccessExpression(bind) || bind.getName() !== 'bind') return null;
    init = unwrap(bind.getExpression());
  }
  return Node.isPropertyAccessExpression(init) && PATCHABLE.has(init.getName()) ? init.getName() : null;
}


/** The class whose `this` a `this` expression is (arrow functions keep their enclosing `this`). */
function enclosingClass(node: Node): Node | undefined {
  for (let a = node.getParent(); a; a = a.getParent()) {
    if (Node.isClassDeclaration(a) || Node.isClassExpression(a)) return a;
    if (Node.isFunctionDeclaration(a) || Node.isFunctionExpression(a)) return undefined;
  }
  return undefined;
}

function classKey(cls: Node): string {
  return `class ${cls.getSourceFile().getFilePath()}:${cls.getPos()}`;
}

/** The classes (with their base classes) of the value a receiver expression has, by its type; `this` by its class. */
function instanceClassKeys(receiver: Node): string[] {
  const node = unwrap(receiver);
  if (node.getKind() === SyntaxKind.ThisKeyword) {
    const cls = enclosingClass(node);
    return cls ? [classKey(cls)] : [];
  }
  const keys: string[] = [];
  let decl: Node | undefined = node.getType().getSymbol()?.getDeclarations()[0];
  for (let depth = 0; decl && (Node.isClassDeclaration(decl) || Node.isClassExpression(decl)) && depth < 8; depth++) {
    keys.push(classKey(decl));
    decl = decl.getBaseClass();
  }
  return keys;
}

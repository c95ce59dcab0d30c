import type { Node } from 'ts-morph';
import { Node as N, SyntaxKind } from '../ts-morph.js';
import { descendantsOfKinds, isAssignmentOperator } from '../analysis/nodes.js';
import { unwrap, type FunctionNode } from '../analysis/syntax.js';
import type { Effect } from '../model.js';

/**
 * Judges the file writes of one function by what they write, where the sink alone misleads:
 *
 * - **Atomic replace**: a temp file written and then renamed over the target is one overwrite
 *   (destructive, idempotent), not a move (the rename alone is not idempotent).
 * - **Read-modify-write**: a file read and rewritten in the same function from its own previous
 *   content (load, change, save) is judged by the change made between the read and the write
 *   (issue #4): only adding (`push`, `unshift`, `concat`, a spread of the old value plus new ones,
 *   `+=`) is additive and not idempotent; removing (`filter` written back, `splice`, `pop`,
 *   `delete`) is destructive and idempotent; replacing an entry (`x.k = v`, `Map.set`) is
 *   destructive and idempotent; transforming the content (`s = s.replace(...)`, `sort`, `join` of a
 *   changed split) is destructive and not idempotent (applying an edit twice fails or applies twice).
 *   Any mix takes the worst of each. The official memory server rewrites its whole graph file on
 *   every call: its create tools only add, its delete tools remove.
 *
 * The read and the write are matched by their path's text (`this.memoryFilePath`, `filePath`,
 * after the analyzer replaced a callee's parameter by its argument), and the written data must be
 * derived from what was read (the read's value, through variables, property accesses, method
 * calls and callbacks over it). Changes made inside other functions the data is passed to are not
 * seen: when no change is found in the function, its writes are left as the sinks say.
 */

/** What a change between a read and a write does to the content. */
type Change = 'add' | 'remove' | 'set' | 'transform';

/** Reads of a file's content (not its metadata): their value can be written back. */
const CONTENT_READ = /(?:^|[ .])(readFile|readFileSync|readJson|readJSON|readJsonSync|readJSONSync|createReadStream)\b/;
/** Writes that produce a whole file (the temp file of an atomic replace). */
const WHOLE_FILE_WRITE = /(?:^|[ .])(writeFile|writeFileSync|createWriteStream|outputFile|outputFileSync|writeJson|writeJSON|writeJsonSync|outputJson)\b/;
const RENAME = /(?:^|[ .])(rename|renameSync|move|moveSync)\b/;

/** Array and collection methods whose callback's first parameter is an element of the receiver. */
const ITERATING = new Set(['forEach', 'map', 'filter', 'find', 'findLast', 'some', 'every', 'flatMap', 'findIndex', 'sort']);

/** Mutating methods by the change they make to their receiver. */
const MUTATORS: Record<string, Change> = {
  push: 'add',
  unshift: 'add',
  add: 'add',
  splice: 'remove',
  pop: 'remove',
  shift: 'remove',
  delete: 'remove',
  clear: 'remove',
  set: 'set',
  sort: 'transform',
  reverse: 'transform',
  fill: 'transform',
  copyWithin: 'transform',
};

/** The verdict of a set of changes: the worst destructiveness and idempotence among them. */
function verdict(changes: ReadonlySet<Change>): { destructive: boolean; idempotent: boolean; how: string } {
  const destructive = changes.has('remove') || changes.has('set') || changes.has('transform');
  const idempotent = !changes.has('add') && !changes.has('transform');
  const how = changes.has('transform')
    ? 'changing it'
    : destructive && changes.has('add')
      ? 'adding to it and removing or replacing entries'
      : changes.has('remove') && !changes.has('set')
        ? 'removing entries'
        : destructive
          ? 'replacing entries'
          : 'only adding to it';
  return { destructive, idempotent, how };
}

/**
 * The effects of `fn` with atomic replaces and read-modify-writes judged as above. `sites` gives,
 * for each effect, the node of `fn` that produced it (the sink call, or the call of the function
 * that holds it). Effects it does not rewrite are returned as they are.
 */
export function judgeFileRewrites(fn: FunctionNode, effects: Effect[], sites: ReadonlyMap<Effect, Node>): Effect[] {
  const replaced = atomicReplaces(effects);
  // The rewritten copies come from the same nodes as their originals.
  const siteMap = new Map(sites);
  replaced.forEach((e, i) => {
    const site = sites.get(effects[i]!);
    if (e !== effects[i] && site) siteMap.set(e, site);
  });
  let out = replaced;
  const reads = out.filter((e) => e.kind === 'fs.read' && e.target !== undefined && CONTENT_READ.test(e.sink));
  for (const target of new Set(reads.map((e) => e.target!))) {
    const isWrite = (e: Effect): boolean => e.kind === 'fs.write' || e.kind === 'fs.delete';
    const temps = new Set(out.filter((e) => isWrite(e) && e.target === target && e.from !== undefined && RENAME.test(e.sink)).map((e) => e.from!));
    // Writes judged in a callee already (its own load, change, save) keep their verdict; a create
    // that fails if the file exists (flag `wx`) rewrites nothing that was there.
    const exclusiveCreate = (e: Effect): boolean => e.kind === 'fs.write' && e.rewrite === undefined && e.destructive === false && e.idempotent === true;
    const group = out.filter((e) => isWrite(e) && !exclusiveCreate(e) && e.rewrite !== 'read-modify-write' && e.target !== undefined && (e.target === target || temps.has(e.target)));
    if (group.length === 0) continue;
    const readSites = reads.filter((e) => e.target === target).map((e) => siteMap.get(e)).filter((n): n is Node => n !== undefined);
    const writeSites = new Set(group.map((e) => siteMap.get(e)).filter((n): n is Node => n !== undefined));
    const derived = derivedDeclarations(fn, readSites);
    if (derived.size === 0) continue;
    const writesDerived = [...writeSites].some((site) => N.isCallExpression(site) && site.getArguments().some((arg) => rootsOf(arg).some((d) => derived.has(d))));
    if (!writesDerived) continue;
    const changes = changesTo(fn, derived);
    if (changes.size === 0) continue;
    const { destructive, idempotent, how } = verdict(changes);
    const rewritten = new Set(group);
    out = out.map((e) =>
      rewritten.has(e) ? { ...e, destructive, idempotent, rewrite: 'read-modify-write', description: `rewrites ${describePath(target)} from its previous content, ${how}` } : e,
    );
  }
  return out;
}

function describePath(target: string): string {
  return target.startsWith('"') ? target : `\`${target}\``;
}

/**
 * A rename whose source is a file written in the same function: an atomic overwrite of the
 * target. The temp file's own write (named per call, often) is part of that one overwrite.
 */
function atomicReplaces(effects: Effect[]): Effect[] {
  const isTempWrite = (e: Effect): boolean => e.kind === 'fs.write' && e.rewrite === undefined && e.target !== undefined && WHOLE_FILE_WRITE.test(e.sink);
  const written = new Set(effects.filter(isTempWrite).map((e) => e.target!));
  const renamed = new Map(
    effects.filter((e) => e.kind === 'fs.write' && e.rewrite === undefined && e.from !== undefined && RENAME.test(e.sink) && written.has(e.from)).map((e) => [e.from!, e.target!] as const),
  );
  return effects.map((e) => {
    if (e.from !== undefined && renamed.get(e.from) === e.target && RENAME.test(e.sink)) {
      return { ...e, destructive: true, idempotent: true, rewrite: 'atomic', description: 'replaces a file atomically (a temp file renamed over it)' };
    }
    if (isTempWrite(e) && renamed.has(e.target!)) {
      return { ...e, destructive: false, idempotent: true, rewrite: 'atomic', description: `writes a temp file that then replaces ${describePath(renamed.get(e.target!)!)}` };
    }
    return e;
  });
}

/** The declaration an identifier names (a variable or parameter), or undefined. */
function declarationOf(id: Node): Node | undefined {
  return id.getSymbol()?.getDeclarations()[0];
}

/**
 * The declarations at the root of an expression's data: `graph` for `graph.entities[0].name`,
 * `lines` for `lines.filter(f).join("\n")`, `x` for `JSON.parse(x)` or `[...x, y]`.
 */
function rootsOf(expr: Node, depth = 0): Node[] {
  if (depth > 16) return [];
  const node = unwrap(expr);
  if (N.isIdentifier(node)) {
    const decl = declarationOf(node);
    return decl ? [decl] : [];
  }
  if (N.isAwaitExpression(node) || N.isSpreadElement(node)) return rootsOf(node.getExpression(), depth + 1);
  if (N.isPropertyAccessExpression(node) || N.isElementAccessExpression(node)) return rootsOf(node.getExpression(), depth + 1);
  if (N.isCallExpression(node)) {
    const callee = unwrap(node.getExpression());
    // A method call's data comes from its receiver and its arguments (`JSON.stringify(d)`, `a.concat(b)`, `normalize(text)`).
    const receiver = N.isPropertyAccessExpression(callee) ? rootsOf(callee.getExpression(), depth + 1) : [];
    return [...receiver, ...node.getArguments().flatMap((a) => rootsOf(a, depth + 1))];
  }
  if (N.isArrayLiteralExpression(node)) return node.getElements().flatMap((e) => rootsOf(e, depth + 1));
  if (N.isObjectLiteralExpression(node)) return node.getProperties().flatMap((p) => (N.isSpreadAssignment(p) ? rootsOf(p.getExpression(), depth + 1) : []));
  if (N.isTemplateExpression(node)) return node.getTemplateSpans().flatMap((s) => rootsOf(s.getExpression(), depth + 1));
  if (N.isBinaryExpression(node) && !isAssignmentOperator(node.getOperatorToken().getKind())) return [...rootsOf(node.getLeft(), depth + 1), ...rootsOf(node.getRight(), depth + 1)];
  if (N.isConditionalExpression(node)) return [...rootsOf(node.getWhenTrue(), depth + 1), ...rootsOf(node.getWhenFalse(), depth + 1)];
  return [];
}

/** The variable a read's value lands in: `const c = normalize(await readFile(p))` → `c`. */
function landingOf(site: Node): Node | undefined {
  let node: Node = site;
  for (let parent = node.getParent(); parent; node = parent, parent = parent.getParent()) {
    if (N.isAwaitExpression(parent) || N.isParenthesizedExpression(parent) || N.isAsExpression(parent) || N.isNonNullExpression(parent)) continue;
    // Wrapped in a call (`JSON.parse(x)`, `normalize(x)`) or a method chain over it (`x.toString()`).
    if (N.isCallExpression(parent) && parent.getArguments().includes(node)) continue;
    if (N.isPropertyAccessExpression(parent) && parent.getExpression() === node) continue;
    if (N.isCallExpression(parent) && parent.getExpression() === node) continue;
    if (N.isVariableDeclaration(parent) && parent.getInitializer() === node) return parent;
    if (N.isBinaryExpression(parent) && parent.getRight() === node && parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken) {
      const left = unwrap(parent.getLeft());
      return N.isIdentifier(left) ? declarationOf(left) : undefined;
    }
    return undefined;
  }
  return undefined;
}

/** Every declaration in `fn` whose value derives from what the read sites return (a fixpoint). */
function derivedDeclarations(fn: FunctionNode, readSites: Node[]): Set<Node> {
  const derived = new Set<Node>();
  for (const site of readSites) {
    const landing = landingOf(site);
    if (landing) derived.add(landing);
  }
  if (derived.size === 0) return derived;
  const body = fn.getBody();
  if (!body) return derived;
  const declarations = descendantsOfKinds(body, [SyntaxKind.VariableDeclaration]).filter(N.isVariableDeclaration);
  const assignments = descendantsOfKinds(body, [SyntaxKind.BinaryExpression]).filter(
    (b): b is import('ts-morph').BinaryExpression => N.isBinaryExpression(b) && b.getOperatorToken().getKind() === SyntaxKind.EqualsToken && N.isIdentifier(unwrap(b.getLeft())),
  );
  const calls = descendantsOfKinds(body, [SyntaxKind.CallExpression]).filter(N.isCallExpression);
  const loops = descendantsOfKinds(body, [SyntaxKind.ForOfStatement]).filter(N.isForOfStatement);
  const fromDerived = (expr: Node | undefined): boolean => expr !== undefined && rootsOf(expr).some((d) => derived.has(d));
  for (let changed = true; changed; ) {
    changed = false;
    const mark = (decl: Node | undefined): void => {
      if (decl && !derived.has(decl)) {
        derived.add(decl);
        changed = true;
      }
    };
    for (const decl of declarations) if (fromDerived(decl.getInitializer())) mark(decl);
    for (const assignment of assignments) if (fromDerived(assignment.getRight())) mark(declarationOf(unwrap(assignment.getLeft())));
    for (const call of calls) {
      // `graph.entities.forEach((e) => ...)`: the callback's element is derived.
      const callee = unwrap(call.getExpression());
      if (!N.isPropertyAccessExpression(callee) || !ITERATING.has(callee.getName()) || !fromDerived(callee.getExpression())) continue;
      for (const arg of call.getArguments()) {
        const cb = unwrap(arg);
        if (N.isArrowFunction(cb) || N.isFunctionExpression(cb)) {
          const param = cb.getParameters()[0];
          if (param) mark(param);
        }
      }
    }
    for (const loop of loops) {
      if (!fromDerived(loop.getExpression())) continue;
      const init = loop.getInitializer();
      if (N.isVariableDeclarationList(init)) for (const d of init.getDeclarations()) mark(d);
    }
  }
  return derived;
}

/** The changes `fn` makes to derived data: mutating calls, `delete`, and assignments. */
function changesTo(fn: FunctionNode, derived: ReadonlySet<Node>): Set<Change> {
  const changes = new Set<Change>();
  const body = fn.getBody();
  if (!body) return changes;
  const isDerived = (expr: Node): boolean => rootsOf(expr).some((d) => derived.has(d));
  for (const node of descendantsOfKinds(body, [SyntaxKind.CallExpression, SyntaxKind.DeleteExpression, SyntaxKind.BinaryExpression])) {
    if (N.isCallExpression(node)) {
      const callee = unwrap(node.getExpression());
      if (!N.isPropertyAccessExpression(callee)) continue;
      const change = MUTATORS[callee.getName()];
      if (change && isDerived(callee.getExpression())) changes.add(change);
    } else if (N.isDeleteExpression(node)) {
      if (isDerived(node.getExpression())) changes.add('remove');
    } else if (N.isBinaryExpression(node) && isAssignmentOperator(node.getOperatorToken().getKind())) {
      const left = unwrap(node.getLeft());
      if (!isDerived(left)) continue;
      changes.add(assignmentChange(left, node.getRight(), node.getOperatorToken().getKind(), derived));
    }
  }
  return changes;
}

/** What `left op= right` does to derived data. */
function assignmentChange(left: Node, right: Node, op: SyntaxKind, derived: ReadonlySet<Node>): Change {
  if (op === SyntaxKind.PlusEqualsToken) return 'add';
  const value = unwrap(right);
  const leftText = left.getText();
  // `x = x.filter(...)`: entries removed; `x = [...x, y]` / `x = x.concat(y)`: entries added.
  if (N.isCallExpression(value)) {
    const callee = unwrap(value.getExpression());
    if (N.isPropertyAccessExpression(callee) && unwrap(callee.getExpression()).getText() === leftText) {
      if (callee.getName() === 'filter') return 'remove';
      if (callee.getName() === 'concat') return 'add';
    }
  }
  if (N.isArrayLiteralExpression(value)) {
    const first = value.getElements()[0];
    if (first && N.isSpreadElement(first) && unwrap(first.getExpression()).getText() === leftText) return 'add';
  }
  // A local reassigned from the data (`s = s.replace(a, b)`) transforms it; a field given a new value replaces it.
  if (N.isIdentifier(left)) return rootsOf(value).some((d) => derived.has(d)) ? 'transform' : 'set';
  return 'set';
}

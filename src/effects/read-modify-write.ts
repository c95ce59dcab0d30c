import type { Node } from 'ts-morph';
import { Node as N, SyntaxKind } from '../ts-morph.js';
import { contains, descendantsOfKinds, isAssignmentOperator } from '../analysis/nodes.js';
import { unwrap, type FunctionNode } from '../analysis/syntax.js';
import type { Effect } from '../model.js';
import { isFreshValue, mentionsFreshValue } from './fresh.js';
import { canonical, isGuarded } from './state.js';
import { wordsOf } from './api-verbs.js';

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
 * - **Filling a gap is additive** (corpus README, "What the labels mean": destructive is about
 *   existing state): an entry set only while it is absent (`if (!doc.tags[name]) doc.tags[name] = v`,
 *   `if (doc.tags[name]) throw ...; doc.tags[name] = v`, `doc.meta ??= {}`) replaces nothing, and a
 *   repeat finds it there (idempotent: a create with a unique name twice adds nothing the second
 *   time). An entry under a key made fresh for the call (`doc[randomUUID()] = v`) adds (not idempotent).
 * - **Moving a name is not changing data**: a local pointed at the loaded value or a part of it
 *   (`state = JSON.parse(raw)`, `doc = doc.data`), a copy of its entries into a new object or
 *   array (`for (const [k, v] of Object.entries(doc)) out[k] = v`), and the steps of a one-time
 *   format migration (migrations.ts) change nothing. A copy that skips entries by anything but
 *   their own shape or a fixed name (`if (k !== args.name) out[k] = v`) removes them.
 * - **A shared writer saves its caller's data**: a writer that re-reads the file and puts the
 *   data it was handed into it (`writeJSON(file, data)`: `{ ...current, [tag]: data }`) changes
 *   what its caller changed. Its writes keep the verdict of an overwrite of those entries
 *   (destructive, idempotent) and are marked `save`; a caller that read the same file and hands
 *   over data derived from it judges them again by its own changes (an added task, a new tag).
 *   A new local given data of the function's own making (`doc = {}` when not guarded by absence)
 *   replaces the content.
 *
 * The read and the write are matched by their path's text (`this.memoryFilePath`, `filePath`,
 * after the analyzer replaced a callee's parameter by its argument), and the written data must be
 * derived from what was read (the read's value, through variables, property accesses, method
 * calls and callbacks over it). Changes made inside other functions the data is passed to are not
 * seen: when no change is found in the function, its writes are left as the sinks say.
 */

/**
 * What a change between a read and a write does to the content: `fill` sets an entry that was
 * absent; `merge` puts in data the function was handed (judged as `set`, and again by a caller
 * that made it, see {@link judgeFileRewrites}); `switch` points a selection field at another
 * value; `stamp` records the time beside another change; `renew` sets an entry to data that
 * varies per call (a time, a new id inside it: issue #4, not idempotent).
 */
type Change = 'add' | 'fill' | 'remove' | 'set' | 'renew' | 'merge' | 'switch' | 'stamp' | 'transform';

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
function verdict(all: ReadonlySet<Change>): { destructive: boolean; idempotent: boolean; how: string } {
  // A time stamp records when another change was made: it is that change's bookkeeping. Alone (a touch) it changes the file on every call.
  const changes = all.size > 1 ? new Set([...all].filter((c) => c !== 'stamp')) : new Set([...all].map((c) => (c === 'stamp' ? 'transform' : c)));
  if ([...changes].every((c) => c === 'fill' || c === 'switch') && changes.has('switch')) {
    return { destructive: false, idempotent: true, how: 'switching a selection to another value' };
  }
  if (changes.has('switch')) return verdict(new Set([...changes].map((c) => (c === 'switch' ? 'set' : c))));
  if ([...changes].every((c) => c === 'fill' || c === 'merge') && changes.has('merge')) {
    return { destructive: true, idempotent: true, how: 'putting in the data it was handed (what that data changed is its caller\'s to say)' };
  }
  if ([...changes].every((c) => c === 'fill')) return { destructive: false, idempotent: true, how: 'only adding entries that were absent' };
  if (changes.has('merge')) return verdict(new Set([...changes].map((c) => (c === 'merge' ? 'set' : c))));
  const destructive = changes.has('remove') || changes.has('set') || changes.has('renew') || changes.has('transform');
  const idempotent = !changes.has('add') && !changes.has('transform') && !changes.has('renew');
  const how = changes.has('transform')
    ? 'changing it'
    : changes.has('renew') && !changes.has('add')
      ? 'replacing entries with data that varies per call'
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
 * that holds it). Effects it does not rewrite are returned as they are. `skip` tells the nodes
 * whose changes do not count (a one-time migration's block, migrations.ts).
 */
export function judgeFileRewrites(fn: FunctionNode, effects: Effect[], sites: ReadonlyMap<Effect, Node>, skip: (node: Node) => boolean = () => false): Effect[] {
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
    // Writes judged in a callee already (its own load, change, save) keep their verdict, but for a
    // shared writer's save of the data it was handed; a create that fails if the file exists (flag
    // `wx`) rewrites nothing that was there.
    const exclusiveCreate = (e: Effect): boolean => e.kind === 'fs.write' && e.rewrite === undefined && e.destructive === false && e.idempotent === true;
    const group = out.filter((e) => isWrite(e) && !exclusiveCreate(e) && e.rewrite !== 'read-modify-write' && e.target !== undefined && (e.target === target || temps.has(e.target)));
    if (group.length === 0) continue;
    const readSites = reads.filter((e) => e.target === target).map((e) => siteMap.get(e)).filter((n): n is Node => n !== undefined);
    const writeSites = new Set(group.map((e) => siteMap.get(e)).filter((n): n is Node => n !== undefined));
    const { derived, copies } = derivedDeclarations(fn, readSites);
    if (derived.size === 0) continue;
    const writesDerived = [...writeSites].some((site) => N.isCallExpression(site) && site.getArguments().some((arg) => rootsOf(arg).some((d) => derived.has(d))));
    if (!writesDerived) continue;
    const written = writtenDeclarations(fn, [...writeSites]);
    const changes = changesTo(fn, derived, copies, written, (node) => skip(node) || readSites.some((r) => r === node || contains(node, r)));
    // What the callees this data was handed to changed in it before their save (see handedChanges).
    for (const e of group) for (const c of e.handed ?? []) changes.add(c as Change);
    if (changes.size === 0) continue;
    const { destructive, idempotent, how } = verdict(changes);
    const rewrite = [...changes].every((c) => c === 'fill' || c === 'merge' || c === 'stamp') && changes.has('merge') ? 'save' : 'read-modify-write';
    const rewritten = new Set(group);
    out = out.map((e) => (rewritten.has(e) ? { ...e, destructive, idempotent, rewrite, handed: undefined, description: `rewrites ${describePath(target)} from its previous content, ${how}` } : e));
  }
  return handedChanges(fn, out, siteMap, skip);
}

/**
 * A shared writer's saves (`rewrite: 'save'`) reached through a call that hands them data `fn` was
 * handed itself, changed in `fn` on the way (`enhance(file, rawData)`: fills the tags' missing
 * metadata in `rawData`, then `writeJSON(file, clean)` of a copy of it). `fn` did not read the
 * file, so whether the data is the file's own content is its caller's to say: the changes are
 * recorded on the saves (`handed`) for a caller that read the file and handed its data on, which
 * judges them with its own (a gap filled in what was read is additive). The saves keep the
 * verdict of an overwrite until then.
 */
function handedChanges(fn: FunctionNode, effects: Effect[], sites: ReadonlyMap<Effect, Node>, skip: (node: Node) => boolean): Effect[] {
  const saves = effects.filter((e) => e.rewrite === 'save' && N.isCallExpression(sites.get(e)));
  if (saves.length === 0 || fn.getParameters().length === 0) return effects;
  const { derived, copies } = derivedDeclarations(fn, fn.getParameters());
  const judged = new Map<Node, Change[]>();
  const changesAt = (site: Node): Change[] => {
    let changes = judged.get(site);
    if (changes === undefined) {
      const call = site as import('ts-morph').CallExpression;
      const handsOn = call.getArguments().some((arg) => rootsOf(arg).some((d) => derived.has(d)));
      changes = handsOn ? [...changesTo(fn, derived, copies, writtenDeclarations(fn, [site]), skip)] : [];
      judged.set(site, changes);
    }
    return changes;
  };
  return effects.map((e) => {
    if (!saves.includes(e)) return e;
    const changes = changesAt(sites.get(e)!);
    return changes.length === 0 ? e : { ...e, handed: [...new Set([...(e.handed ?? []), ...changes])] };
  });
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

/**
 * The declaration an identifier names (a variable or parameter), or undefined. A name bound by
 * destructuring (`const { a, ...rest } = doc`, `for (const [k, v] of Object.entries(doc))`)
 * stands for the declaration that holds the pattern: its data comes from the same value.
 */
function declarationOf(id: Node): Node | undefined {
  const decl = id.getSymbol()?.getDeclarations()[0];
  if (!decl || !N.isBindingElement(decl)) return decl;
  return decl.getFirstAncestor((a) => N.isVariableDeclaration(a) || N.isParameterDeclaration(a)) ?? decl;
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

/** `{}`, `[]`, `new Map()`, `new Set()`: a new, empty container. */
function isEmptyContainer(node: Node | undefined): boolean {
  const v = node ? unwrap(node) : undefined;
  if (!v) return false;
  if (N.isObjectLiteralExpression(v)) return v.getProperties().length === 0;
  if (N.isArrayLiteralExpression(v)) return v.getElements().length === 0;
  return N.isNewExpression(v) && /^(Map|Set|Array|Object)$/.test(v.getExpression().getText()) && (v.getArguments() ?? []).length === 0;
}

/** The derived data of a function: the declarations holding what was read, and among them the copies (new containers filled with its entries). */
interface Derivation {
  derived: Set<Node>;
  copies: Set<Node>;
}

/**
 * Every declaration in `fn` whose value derives from what the read sites return, or from the
 * parameters among them (a fixpoint),
 * and the copies among them: a local that starts as a new, empty container and is given entries
 * of the read data (`const out = {}; for (const [k, v] of Object.entries(doc)) out[k] = v`).
 */
function derivedDeclarations(fn: FunctionNode, readSites: Node[]): Derivation {
  const derived = new Set<Node>();
  const copies = new Set<Node>();
  for (const site of readSites) {
    // A parameter holds the data it is handed (handedChanges); a read site's value lands in a local.
    const landing = N.isParameterDeclaration(site) ? site : landingOf(site);
    if (landing) derived.add(landing);
  }
  const body = fn.getBody();
  if (derived.size === 0 || !body) return { derived, copies };
  const declarations = descendantsOfKinds(body, [SyntaxKind.VariableDeclaration]).filter(N.isVariableDeclaration);
  const binaries = descendantsOfKinds(body, [SyntaxKind.BinaryExpression]).filter(
    (b): b is import('ts-morph').BinaryExpression => N.isBinaryExpression(b) && b.getOperatorToken().getKind() === SyntaxKind.EqualsToken,
  );
  const assignments = binaries.filter((b) => N.isIdentifier(unwrap(b.getLeft())));
  const entryAssignments = binaries.filter((b) => {
    const left = unwrap(b.getLeft());
    return N.isPropertyAccessExpression(left) || N.isElementAccessExpression(left);
  });
  const calls = descendantsOfKinds(body, [SyntaxKind.CallExpression]).filter(N.isCallExpression);
  const loops = descendantsOfKinds(body, [SyntaxKind.ForOfStatement, SyntaxKind.ForInStatement]).filter((l) => N.isForOfStatement(l) || N.isForInStatement(l));
  const fromDerived = (expr: Node | undefined): boolean => expr !== undefined && rootsOf(expr).some((d) => derived.has(d));
  /** A local that starts as a new, empty container (`const out = {}`). */
  const emptied = new Set(assignments.filter((a) => isEmptyContainer(a.getRight())).map((a) => declarationOf(unwrap(a.getLeft()))));
  const emptyLocal = (target: Node): Node | undefined => {
    const roots = rootsOf(target);
    const decl = roots.length === 1 ? roots[0] : undefined;
    return decl && N.isVariableDeclaration(decl) && (isEmptyContainer(decl.getInitializer()) || emptied.has(decl)) ? decl : undefined;
  };
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
    // `out[k] = v` / `out.push(v)` with `v` from the read data, `out` a new container: a copy.
    const copyInto = (target: Node, value: Node | undefined): void => {
      const decl = emptyLocal(target);
      if (decl && !copies.has(decl) && fromDerived(value)) {
        copies.add(decl);
        derived.add(decl);
        changed = true;
      }
    };
    for (const assignment of entryAssignments) copyInto(unwrap(assignment.getLeft()), assignment.getRight());
    for (const call of calls) {
      const callee = unwrap(call.getExpression());
      if (!N.isPropertyAccessExpression(callee)) continue;
      if (MUTATORS[callee.getName()] === 'add') copyInto(callee.getExpression(), call.getArguments()[0]);
      // `graph.entities.forEach((e) => ...)`: the callback's element is derived.
      if (!ITERATING.has(callee.getName()) || !fromDerived(callee.getExpression())) continue;
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
  return { derived, copies };
}

/**
 * True for a copy's entry set under a condition that picks entries by something other than their
 * own key, shape or a fixed name (`if (k !== args.name) out[k] = v`): the copy leaves entries out.
 * The loop variables, literals, `typeof` and built-in globals (`Array.isArray`) are their own shape.
 */
function isFilteredCopy(write: Node, fn: FunctionNode): boolean {
  const loop = write.getFirstAncestor((a) => N.isForOfStatement(a) || N.isForInStatement(a) || a === fn);
  if (!loop || loop === fn || !(N.isForOfStatement(loop) || N.isForInStatement(loop))) return false;
  const own = new Set<Node>();
  const init = loop.getInitializer();
  if (N.isVariableDeclarationList(init)) for (const d of init.getDeclarations()) own.add(d);
  for (let node: Node | undefined = write.getParent(); node && node !== loop; node = node.getParent()) {
    if (!N.isIfStatement(node)) continue;
    const names = descendantsOfKinds(node.getExpression(), [SyntaxKind.Identifier]);
    const picksBy = [node.getExpression(), ...names].some((id) => {
      if (!N.isIdentifier(id)) return false;
      const parent = id.getParent();
      // `x.name`: the name of a property, not a variable.
      if (parent && N.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return false;
      const decl = declarationOf(id);
      if (!decl) return false;
      if (own.has(decl)) return false;
      return decl.getSourceFile() === fn.getSourceFile() && contains(fn, decl);
    });
    if (picksBy) return true;
  }
  return false;
}

/**
 * True for a parameter of `fn` or of a function around it: the data `fn` was handed (a callback
 * run under a lock, `withLock(file, () => { ... data ... })`, works on its encloser's arguments).
 */
function isHandedIn(decl: Node, fn: FunctionNode): boolean {
  if (!N.isParameterDeclaration(decl)) return false;
  const owner = decl.getParent();
  return owner !== undefined && (owner === fn || contains(owner, fn));
}

/** True when every root of `expr`'s data is data `fn` was handed ({@link isHandedIn}) or a local made from such data only. */
function fromParameters(expr: Node, fn: FunctionNode, depth = 0): boolean {
  if (depth > 8) return false;
  const roots = rootsOf(expr);
  return (
    roots.length > 0 &&
    roots.every((d) => {
      if (N.isParameterDeclaration(d)) return isHandedIn(d, fn);
      const init = N.isVariableDeclaration(d) ? d.getInitializer() : undefined;
      return init !== undefined && fromParameters(init, fn, depth + 1);
    })
  );
}

/** True when some root of `expr`'s data is data `fn` was handed ({@link isHandedIn}), directly or through a local made from it. */
function mentionsParameter(expr: Node, fn: FunctionNode, depth = 0): boolean {
  if (depth > 8) return false;
  const names = N.isIdentifier(expr) ? [expr] : descendantsOfKinds(expr, [SyntaxKind.Identifier]);
  const named = names.filter((id) => {
    const parent = id.getParent();
    return !(parent && (N.isPropertyAccessExpression(parent) || N.isPropertyAssignment(parent)) && parent.getNameNode() === id);
  });
  return named.some((id) => {
    const d = declarationOf(id);
    if (!d) return false;
    if (N.isParameterDeclaration(d)) return isHandedIn(d, fn);
    const init = N.isVariableDeclaration(d) ? d.getInitializer() : undefined;
    return init !== undefined && mentionsParameter(init, fn, depth + 1);
  });
}

/**
 * The changes `fn` makes to derived data: mutating calls, `delete`, and assignments. `copies` are
 * the new containers filled from the read data; `written`, the locals whose data is written (a
 * local pointed elsewhere, or a copy that leaves entries out, counts only there); `skip` tells
 * nodes whose changes do not count.
 */
function changesTo(fn: FunctionNode, derived: ReadonlySet<Node>, copies: ReadonlySet<Node>, written: ReadonlySet<Node>, skip: (node: Node) => boolean): Set<Change> {
  const changes = new Set<Change>();
  const body = fn.getBody();
  if (!body) return changes;
  const isDerived = (expr: Node): boolean => rootsOf(expr).some((d) => derived.has(d));
  /** A write into a copy of the read data with a value from that data: copying, not changing (unless it filters). */
  const copying = (target: Node, value: Node | undefined, at: Node): Change | null | undefined => {
    const roots = rootsOf(target);
    if (roots.length !== 1 || !copies.has(roots[0]!) || value === undefined || !isDerived(value)) return undefined;
    return isFilteredCopy(at, fn) && written.has(roots[0]!) ? 'remove' : null;
  };
  for (const node of descendantsOfKinds(body, [SyntaxKind.CallExpression, SyntaxKind.DeleteExpression, SyntaxKind.BinaryExpression, SyntaxKind.VariableDeclaration])) {
    if (skip(node)) continue;
    if (N.isVariableDeclaration(node)) {
      // `const merged = { ...old, [k]: v }` written back.
      const init = node.getInitializer();
      const change = init && written.has(node) ? spreadOverChange(init, fn, derived) : undefined;
      if (change) changes.add(change);
    } else if (N.isCallExpression(node)) {
      const callee = unwrap(node.getExpression());
      if (!N.isPropertyAccessExpression(callee)) continue;
      const change = MUTATORS[callee.getName()];
      if (!change || !isDerived(callee.getExpression())) continue;
      const copied = change === 'add' ? copying(callee.getExpression(), node.getArguments()[0], node) : undefined;
      if (copied !== null) changes.add(copied ?? change);
    } else if (N.isDeleteExpression(node)) {
      if (isDerived(node.getExpression())) changes.add('remove');
    } else if (N.isBinaryExpression(node) && isAssignmentOperator(node.getOperatorToken().getKind())) {
      const left = unwrap(node.getLeft());
      if (!isDerived(left)) continue;
      const op = node.getOperatorToken().getKind();
      const copied = op === SyntaxKind.EqualsToken && !N.isIdentifier(left) ? copying(left, node.getRight(), node) : undefined;
      if (copied === null) continue;
      if (N.isIdentifier(left) && !written.has(declarationOf(left)!)) continue;
      const change = copied ?? assignmentChange(node, fn, derived, copies);
      if (change) changes.add(change);
    }
  }
  return changes;
}

/**
 * What `left op= right` does to derived data, or null for nothing (a local pointed at the data
 * or a part of it). See the module's comment for each case.
 */
function assignmentChange(assignment: import('ts-morph').BinaryExpression, fn: FunctionNode, derived: ReadonlySet<Node>, copies: ReadonlySet<Node>): Change | null {
  const op = assignment.getOperatorToken().getKind();
  const left = unwrap(assignment.getLeft());
  const right = assignment.getRight();
  if (op === SyntaxKind.PlusEqualsToken) return 'add';
  if (op === SyntaxKind.QuestionQuestionEqualsToken || op === SyntaxKind.BarBarEqualsToken) return 'fill';
  if (op !== SyntaxKind.EqualsToken) return 'transform';
  const value = unwrap(right);
  const leftText = left.getText();
  const isSelf = (n: Node): boolean => unwrap(n).getText() === leftText;
  // `if (!doc.tags[name]) doc.tags[name] = v`, `if (doc.tags[name]) throw ...`: an entry that was absent.
  if (isGuarded(assignment, canonical(left), fn)) return 'fill';
  // `x = x.filter(...)`: entries removed; `x = [...x, y]` / `x = x.concat(y)`: entries added.
  if (N.isCallExpression(value)) {
    const callee = unwrap(value.getExpression());
    if (N.isPropertyAccessExpression(callee) && isSelf(callee.getExpression())) {
      if (callee.getName() === 'filter') return 'remove';
      if (callee.getName() === 'concat') return 'add';
    }
  }
  if (N.isArrayLiteralExpression(value)) {
    const first = value.getElements()[0];
    if (first && N.isSpreadElement(first) && isSelf(first.getExpression())) return 'add';
  }
  if (!N.isIdentifier(left)) {
    if (N.isElementAccessExpression(left) && left.getArgumentExpression() && isFreshValue(left.getArgumentExpression()!)) return 'add';
    if (N.isPropertyAccessExpression(left) && isTimeValue(value) && TIME_FIELD.test(left.getName())) return 'stamp';
    const handed = mentionsParameter(value, fn) && !mentions(value, derived);
    if (handed && N.isPropertyAccessExpression(left) && wordsOf(left.getName()).some((w) => SELECTION_WORDS.has(w))) return 'switch';
    if (handed && isMappingEntry(left, value)) return 'switch';
    return mentionsFreshValue(value) ? 'renew' : handed ? 'merge' : 'set';
  }
  const spread = spreadOverChange(value, fn, derived);
  if (spread !== undefined) return spread;
  const roots = rootsOf(value);
  const fromRead = mentions(value, derived);
  // `out = {}` before a loop copies the read entries into it: the start of a copy.
  if (isEmptyContainer(value) && copies.has(declarationOf(left)!)) return null;
  // `doc = doc.data`, `state = JSON.parse(raw)`, `doc = structuredClone(doc)`: the local now names the data, a part or a copy of it.
  if ((isAccessPath(value) || isDecoding(value)) && fromRead) return null;
  if (roots.some((d) => d === declarationOf(left))) return 'transform';
  if (fromRead) return null;
  // The data it was handed, or data of its own making, replaces the content.
  return fromParameters(value, fn) ? 'merge' : 'set';
}

/**
 * Words of a field's name that say it holds a selection (`currentTag`, `activeProject`,
 * `selectedPage`): pointing it at another value switches, destroying nothing (corpus README, "What
 * the labels mean": switching a selection is not destructive, and a repeat changes nothing more).
 */
const SELECTION_WORDS: ReadonlySet<string> = new Set(['current', 'active', 'selected']);

/** Words of a container's name that say it maps names to names (`branchTagMapping`, `aliases`, `projectMap`). */
const MAPPING_WORDS: ReadonlySet<string> = new Set(['mapping', 'mappings', 'map', 'alias', 'aliases']);

/**
 * True for `mapping[key] = name`: an entry of a name-to-name mapping pointed at a name the function
 * was handed (a branch at a tag, an alias at its target). Like a selection, it switches what a name
 * points to and destroys no data (corpus README, "What the labels mean": switching is not
 * destructive); a repeat points it the same way.
 */
function isMappingEntry(left: Node, value: Node): boolean {
  if (!N.isElementAccessExpression(left)) return false;
  const container = unwrap(left.getExpression());
  const name = N.isPropertyAccessExpression(container) ? container.getName() : N.isIdentifier(container) ? container.getText() : '';
  return wordsOf(name).some((w) => MAPPING_WORDS.has(w)) && N.isIdentifier(unwrap(value));
}

/** Fields that record a time (`updatedAt`, `lastSwitched`, `modified`, `timestamp`). */
const TIME_FIELD = /(^|[a-z])(At|Time|Date|Timestamp|Switched|Updated|Modified|Seen|Used|Accessed)$|^(at|time|date|timestamp|updated|modified|lastUpdated|lastModified)$/;

/** `new Date()`, `Date.now()`, `new Date().toISOString()`: the current time. */
function isTimeValue(expr: Node): boolean {
  return /^(new Date\(\)(\.to(ISO|UTC|Locale)?String\(\))?|Date\.now\(\))$/.test(unwrap(expr).getText().replace(/\s+/g, ' ').replace(/\s*([().])\s*/g, '$1'));
}

/** True when some name in `expr` (not a property name) is one of `decls`. */
function mentions(expr: Node, decls: ReadonlySet<Node>): boolean {
  const names = N.isIdentifier(expr) ? [expr] : descendantsOfKinds(expr, [SyntaxKind.Identifier]);
  return names.some((id) => {
    const parent = id.getParent();
    if (parent && (N.isPropertyAccessExpression(parent) || N.isPropertyAssignment(parent)) && parent.getNameNode() === id) return false;
    const d = declarationOf(id);
    return d !== undefined && decls.has(d);
  });
}

/**
 * The locals whose data reaches the write calls `writeSites`: the roots of their arguments, then
 * the roots of what those locals are declared or assigned with (a backward slice of names).
 */
function writtenDeclarations(fn: FunctionNode, writeSites: Node[]): Set<Node> {
  const written = new Set<Node>();
  for (const site of writeSites) if (N.isCallExpression(site)) for (const arg of site.getArguments()) for (const d of rootsOf(arg)) written.add(d);
  const body = fn.getBody();
  if (!body) return written;
  const binaries = descendantsOfKinds(body, [SyntaxKind.BinaryExpression]).filter(
    (b): b is import('ts-morph').BinaryExpression => N.isBinaryExpression(b) && b.getOperatorToken().getKind() === SyntaxKind.EqualsToken,
  );
  const assignments = binaries.filter((b) => N.isIdentifier(unwrap(b.getLeft())));
  const entries = binaries.filter((b) => !N.isIdentifier(unwrap(b.getLeft())));
  for (let changed = true; changed; ) {
    changed = false;
    const add = (d: Node): void => {
      if (!written.has(d)) {
        written.add(d);
        changed = true;
      }
    };
    for (const d of [...written]) {
      const init = N.isVariableDeclaration(d) ? d.getInitializer() : undefined;
      if (init) rootsOf(init).forEach(add);
      // `for (const [k, v] of Object.entries(doc))`: the loop's names hold `doc`'s data.
      const loop = N.isVariableDeclaration(d) ? d.getParent()?.getParent() : undefined;
      if (loop && (N.isForOfStatement(loop) || N.isForInStatement(loop))) rootsOf(loop.getExpression()).forEach(add);
    }
    for (const a of assignments) if (written.has(declarationOf(unwrap(a.getLeft()))!)) rootsOf(a.getRight()).forEach(add);
    // `out[k] = v` into a written local: `v`'s data is written too.
    for (const a of entries) {
      const roots = rootsOf(unwrap(a.getLeft()));
      if (roots.length === 1 && written.has(roots[0]!)) rootsOf(a.getRight()).forEach(add);
    }
  }
  return written;
}

/** Calls that decode or copy a value without changing its data. */
const DECODING = /^(JSON\.parse|structuredClone|String)$/;

/** `JSON.parse(x)`, `structuredClone(x)`, `x.toString()`, `x.trim()`: the same data, decoded or copied. */
function isDecoding(expr: Node): boolean {
  const node = unwrap(expr);
  if (!N.isCallExpression(node)) return false;
  const callee = unwrap(node.getExpression());
  if (N.isPropertyAccessExpression(callee) && ['toString', 'trim', 'valueOf'].includes(callee.getName())) return node.getArguments().length === 0;
  return DECODING.test(callee.getText()) && node.getArguments().length === 1;
}

/**
 * What `{ ...old, [k]: v }` does to the read data `old`: the entries it names set over it (`merge`
 * when they hold data the function was handed), nothing when it names none; undefined when the
 * value is not such a literal.
 */
function spreadOverChange(expr: Node, fn: FunctionNode, derived: ReadonlySet<Node>): Change | null | undefined {
  const value = unwrap(expr);
  if (!N.isObjectLiteralExpression(value) || !value.getProperties().some((p) => N.isSpreadAssignment(p) && rootsOf(p.getExpression()).some((d) => derived.has(d)))) return undefined;
  const named = value.getProperties().filter((p) => !N.isSpreadAssignment(p));
  if (named.length === 0) return null;
  const valueOf = (p: Node): Node | undefined => (N.isPropertyAssignment(p) ? p.getInitializer() : N.isShorthandPropertyAssignment(p) ? p.getNameNode() : undefined);
  const handed = named.every((p) => {
    const v = valueOf(p);
    return v !== undefined && mentionsParameter(v, fn);
  });
  return handed ? 'merge' : 'set';
}

/** `a`, `a.b`, `a[k]`, `a?.b.c`: a name or a path of property accesses from one. */
function isAccessPath(expr: Node): boolean {
  const node = unwrap(expr);
  if (N.isIdentifier(node)) return true;
  if (N.isPropertyAccessExpression(node) || N.isElementAccessExpression(node)) return isAccessPath(node.getExpression());
  return false;
}

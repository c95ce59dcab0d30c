import { Node, SyntaxKind } from '../ts-morph.js';
import { descendantsOfKinds } from '../analysis/nodes.js';
import { bindingsOf, type Resolver } from '../analysis/resolve.js';
import { Bindings } from '../analysis/bindings.js';
import { evaluate } from '../analysis/evaluate.js';
import { returnedExpressions } from '../analysis/returns.js';
import { initializerOf, isFunctionNode, isModuleLevel, unwrap, type FunctionNode } from '../analysis/syntax.js';
import { passedAt, traceValue, type Passed } from './passed-values.js';
import { checkedAbsentAt, checkedAbsentInitializer } from './create-only.js';

/**
 * Values that differ on every call: new ids, times, random numbers (issue #4: "data that varies
 * per call (counters, `Date.now`, `randomUUID`) is not [idempotent]"). Writing one makes a write
 * not idempotent; naming a key or a file with one makes the write add a new entry.
 */

/** Calls that return a new id, time or random value on each call. */
const FRESH_CALL = /\b(randomUUID|randomBytes|nanoid|uuid|uuidv4|v4|v7|ulid|cuid|createId|Date\.now|performance\.now|Math\.random|hrtime)\s*\(|\bnew Date\(\s*\)/;

/** True for a value made fresh on each call (`randomUUID()`, `Date.now()`, `++nextId`, or a const holding one). */
export function isFreshValue(value: Node): boolean {
  let node = unwrap(value);
  if (Node.isIdentifier(node)) {
    const init = initializerOf(node, true);
    if (init) node = unwrap(init);
  }
  if (Node.isPrefixUnaryExpression(node) && node.getOperatorToken() === SyntaxKind.PlusPlusToken) return true;
  return FRESH_CALL.test(node.getText());
}

/** True when a per-call value appears anywhere in the expression (`` `${Date.now()}.json` ``, `{ at: new Date() }`), through consts one level deep. */
export function mentionsFreshValue(expr: Node): boolean {
  if (FRESH_CALL.test(expr.getText())) return true;
  const ids = Node.isIdentifier(expr) ? [expr] : descendantsOfKinds(expr, [SyntaxKind.Identifier]);
  return ids.some((id) => {
    const init = initializerOf(id, true);
    return init !== undefined && FRESH_CALL.test(init.getText());
  });
}

/** An expression that gives the current time (`Date.now()`, `performance.now()`, `new Date().getTime()`), or a `const` holding one. */
const NOW = /^(?:Date\.now\(\)|performance\.now\(\)|(?:new Date\(\)|Date\.prototype)\.getTime\(\))$/;

/** True for an expression that is the current time (see {@link NOW}), directly or through a const (`const now = Date.now()`). */
export function isNow(expr: Node): boolean {
  const node = unwrap(expr);
  if (NOW.test(node.getText().replace(/\s+/g, ''))) return true;
  const init = Node.isIdentifier(node) ? initializerOf(node, true) : undefined;
  return init !== undefined && NOW.test(unwrap(init).getText().replace(/\s+/g, ''));
}

/** How many names, calls and template parts {@link isFreshKey} follows (a guard against long chains). */
const MAX_KEY_DEPTH = 6;

/**
 * How many steps {@link scratchDirOf} follows from a written path to the directory it lies under:
 * more than a key's, as a path may pass through an options object and the config built from it
 * (`path.resolve(config.cwd, config.output.filePath)` ← `{ filePath: options.output }` ←
 * `{ output: path.join(tempDir, "x") }` ← `mkdtemp`).
 */
const MAX_PATH_DEPTH = 12;

/**
 * True when a key (of a map entry, a keyed field) is made fresh for this call, read with the
 * bindings `b` of the call site: a per-call value ({@link isFreshValue}), a template or `+`
 * concatenation with one in it (`` `temp://${id}` ``), a method of one (`bytes.toString("hex")`),
 * a project function that returns only such values (`newId()`), or a name that holds one: a
 * `const`, a parameter, or a name destructured from one, whose argument at the call site is one
 * (`store.create({ uri })` with `uri` built from `randomUUID()`). An entry stored under such a key
 * replaces nothing (corpus README, "What the labels mean": destructive is about existing state)
 * and a repeat adds another (not idempotent).
 */
export function isFreshKey(key: Node, resolver: Resolver, b: Bindings, depth = 0): boolean {
  if (depth > MAX_KEY_DEPTH) return false;
  const node = unwrap(key);
  if (isFreshValue(node)) return true;
  const next = (n: Node, nb: Bindings = b): boolean => isFreshKey(n, resolver, nb, depth + 1);
  if (Node.isTemplateExpression(node)) return node.getTemplateSpans().some((s) => next(s.getExpression()));
  if (Node.isBinaryExpression(node)) return node.getOperatorToken().getKind() === SyntaxKind.PlusToken && (next(node.getLeft()) || next(node.getRight()));
  if (Node.isCallExpression(node)) {
    const callee = unwrap(node.getExpression());
    if (Node.isPropertyAccessExpression(callee) && next(callee.getExpression())) return true;
    const target = resolver.resolve(callee, 0, b);
    if (target.kind !== 'function') return false;
    const returned = returnedExpressions(target.node);
    return returned.length > 0 && returned.every((r) => next(r, bindingsOf(target)));
  }
  if (!Node.isIdentifier(node) && !Node.isPropertyAccessExpression(node)) return false;
  const init = Node.isIdentifier(node) ? initializerOf(node, true) : undefined;
  if (init) return next(init);
  // A parameter, or a name destructured from one, that the call site binds: its argument there;
  // or a package's per-call value that a project function returns (`crypto.randomBytes(8).toString("hex")`).
  const target = resolver.resolve(node, 0, b);
  if (target.kind === 'module') return FRESH_CALL.test(target.path.join('.').replace(/\.\(\)/g, '()'));
  return target.kind === 'value' && unwrap(target.node) !== node && next(target.node, bindingsOf(target));
}

/** Calls that make a new, uniquely named directory (`fs.mkdtemp(prefix)`, `mkdtempSync`). */
const SCRATCH_DIR_CALL = /\bmkdtemp(?:Sync)?\s*\(/;
/** `path.join`, `path.resolve` and their imported names: a path under their first argument. */
const PATH_JOINS = /^(?:path\.|posix\.|win32\.|nodepath\.)?(?:join|resolve)$/;
/** A `..` segment of a path (`..`, `../x`, `a/../b`, also with `\`). */
const PARENT_SEGMENT = /(?:^|[\\/])\.\.(?:[\\/]|$)/;
/** A path that starts again from a root (`/etc`, `C:\`, `\\server`): `path.resolve` drops what came before it. */
const ABSOLUTE_PATH = /^(?:[\\/]|[A-Za-z]:[\\/]?)/;
/** Stands, in a path's text, for a part known only at run time: no segment it is in reads as `..`. */
const UNKNOWN_PART = '\u0000';

/**
 * True when the parts a path adds after a directory (`path.join(dir, ...rest)`'s other arguments,
 * a template's text after `${dir}`) may lead out of it: a `..` segment, as a literal segment or
 * inside one (`"../x"`), or, for `path.resolve`, a part that starts from a root. A path built so
 * is not under the directory, whatever the directory is. Parts known only at run time are read
 * as staying inside (the rule is on what the code writes).
 */
function leavesDir(rest: Node[], resolver: Resolver, b: Bindings, resolves = false): boolean {
  const texts = rest.map((part) => partText(part, resolver, b));
  return PARENT_SEGMENT.test(texts.join('/')) || (resolves && texts.some((text) => ABSOLUTE_PATH.test(text)));
}

/** A path part's text read with bindings `b`: its string value, else {@link UNKNOWN_PART}. */
function partText(part: Node, resolver: Resolver, b: Bindings): string {
  const value = evaluate(part, resolver, 0, b);
  return value.known && typeof value.value === 'string' ? value.value : UNKNOWN_PART;
}

/**
 * {@link leavesDir} for the text written right after a directory in a template or concatenation
 * (`${dir}/x`, `dir + path.sep + name`): a `..` segment, or text that does not start with a
 * separator (`${dir}-out`, `dir + "-out"` name a sibling of the directory, not a file in it).
 */
function textLeavesDir(text: string): boolean {
  return PARENT_SEGMENT.test(text) || (text !== '' && !/^[\\/]/.test(text));
}

/** {@link textLeavesDir} for a template that starts with `${dir}`: its text after that part. */
function templateLeavesDir(template: import('ts-morph').TemplateExpression, resolver: Resolver, b: Bindings): boolean {
  const spans = template.getTemplateSpans();
  let text = spans[0]?.getLiteral().getLiteralText() ?? '';
  for (const span of spans.slice(1)) text += partText(span.getExpression(), resolver, b) + span.getLiteral().getLiteralText();
  return textLeavesDir(text);
}

/** The directory a path-building call (`path.join(dir, name)`), template (`` `${dir}/x` ``) or concatenation (`dir + "/x"`) lies under, when nothing after it leaves it (see {@link leavesDir}); null for anything else. */
function underFirstPart(node: Node, resolver: Resolver, b: Bindings): Node | null {
  if (Node.isCallExpression(node)) {
    const callee = unwrap(node.getExpression()).getText();
    const [first, ...rest] = node.getArguments();
    return PATH_JOINS.test(callee) && first && !leavesDir(rest, resolver, b, /resolve$/.test(callee)) ? first : null;
  }
  if (Node.isTemplateExpression(node)) {
    const first = node.getTemplateSpans()[0];
    return node.getHead().getLiteralText() === '' && first && !templateLeavesDir(node, resolver, b) ? first.getExpression() : null;
  }
  if (isConcatenation(node)) {
    const [first, ...rest] = concatenated(node);
    return first && !concatLeavesDir(rest, resolver, b) ? first : null;
  }
  return null;
}

/** True for a string concatenation (`dir + "/in.md"`, `dir + path.sep + name`). */
function isConcatenation(node: Node): node is import('ts-morph').BinaryExpression {
  return Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === SyntaxKind.PlusToken;
}

/** The operands of a chain of `+`, left to right (`a + b + c` is `(a + b) + c`). */
function concatenated(node: Node): Node[] {
  const n = unwrap(node);
  return isConcatenation(n) ? [...concatenated(n.getLeft()), n.getRight()] : [n];
}

/** `path.sep` (also `posix.sep`, a `sep` imported from `node:path`), which is a separator whatever the platform. */
const PATH_SEP = /^(?:(?:path|posix|win32|nodepath)\.)?sep$/;

/** {@link textLeavesDir} for the parts concatenated after a directory (`dir + path.sep + name`), `path.sep` read as a separator. */
function concatLeavesDir(rest: Node[], resolver: Resolver, b: Bindings): boolean {
  return textLeavesDir(rest.map((part) => (PATH_SEP.test(unwrap(part).getText()) ? '/' : partText(part, resolver, b))).join(''));
}

/**
 * The expression an object literal gives the member `access` reads (`{ output: file }` for
 * `options.output`, a shorthand `{ output }` its name), with the bindings the literal is read in;
 * null when the object is no literal, does not list the key, or spreads something after it.
 */
function writtenMember(access: import('ts-morph').PropertyAccessExpression, resolver: Resolver, b: Bindings): { node: Node; bindings: Bindings } | null {
  const base = resolver.resolve(access.getExpression(), 0, b);
  if (base.kind !== 'value') return null;
  const literal = unwrap(base.node);
  if (!Node.isObjectLiteralExpression(literal)) return null;
  const prop = literal.getProperty(access.getName());
  // A spread after the key may override it (`{ file: path.join(dir, "b"), ...JSON.parse(out) }`).
  const properties = literal.getProperties();
  if (!prop || properties.slice(properties.indexOf(prop) + 1).some((p) => Node.isSpreadAssignment(p))) return null;
  const bindings = bindingsOf(base);
  if (Node.isPropertyAssignment(prop)) {
    const init = prop.getInitializer();
    return init ? { node: init, bindings } : null;
  }
  return Node.isShorthandPropertyAssignment(prop) ? { node: prop.getNameNode(), bindings } : null;
}

/**
 * `path.resolve(cwd, file)` with `file` an absolute path under a made directory (what `mkdtemp`
 * gives is absolute): `path.resolve` starts again at each absolute part, so the path lies under
 * the last part that is such a directory, when nothing after it leaves it ({@link leavesDir}).
 * Null for other calls, or when no part after the first is one.
 */
function lastScratchPart(call: import('ts-morph').CallExpression, resolver: Resolver, b: Bindings, scratchOf: (part: Node) => Node | null): Node | null {
  const callee = unwrap(call.getExpression()).getText();
  if (!PATH_JOINS.test(callee) || !/resolve$/.test(callee)) return null;
  const args = call.getArguments();
  for (let i = args.length - 1; i >= 1; i--) {
    const dir = scratchOf(args[i]!);
    if (dir) return leavesDir(args.slice(i + 1), resolver, b, true) ? null : dir;
  }
  return null;
}

/** How many project functions {@link isScratchMaker} follows into (a helper that calls another). */
const MAX_MAKER_DEPTH = 4;

/**
 * True when `call` makes a new temporary directory for the code that calls it, on each call (not
 * once at start-up, at module level): `mkdtemp` itself, or a call of a project function each of
 * whose returned values is what such a call gives, directly, awaited or through a const
 * (`async function makeScratch() { return await fs.mkdtemp(...) }`; `const dir =
 * fs.mkdtempSync(p); return dir;`). The caller then holds a directory it made, as with `mkdtemp`
 * inline.
 */
export function isScratchMaker(call: Node, resolver: Resolver, b: Bindings, depth = 0): boolean {
  if (!Node.isCallExpression(call) || isModuleLevel(call)) return false;
  if (SCRATCH_DIR_CALL.test(`${unwrap(call.getExpression()).getText()}(`)) return true;
  if (depth >= MAX_MAKER_DEPTH) return false;
  const target = resolver.resolve(call.getExpression(), 0, b);
  if (target.kind !== 'function') return false;
  const returned = returnedExpressions(target.node);
  return (
    returned.length > 0 &&
    returned.every((value) => {
      const traced = traceValue(value, bindingsOf(target));
      return traced !== null && !('passed' in traced) && traced.fields.length === 0 && isScratchMaker(traced.node, resolver, traced.bindings, depth + 1);
    })
  );
}

/**
 * The function that returns what `call` gives (`return await fs.mkdtemp(p)`, `const dir =
 * makeScratch(); return dir;`), when the call is made in it; null otherwise. A directory made
 * there is its callers' to keep or remove.
 */
export function returningFunction(call: Node): FunctionNode | null {
  const fn = call.getFirstAncestor(isFunctionNode);
  if (!fn) return null;
  return returnedExpressions(fn).some((value) => {
    const traced = traceValue(value, Bindings.EMPTY);
    return traced !== null && !('passed' in traced) && traced.fields.length === 0 && traced.node === call;
  })
    ? fn
    : null;
}

/**
 * The `mkdtemp` call a file path lies under (or the call of a helper that returns the directory
 * one makes: {@link isScratchMaker}), when the path is made from the directory it created
 * in a function (per call, not once at start-up), read with the bindings `b` of the call site: the directory itself, `path.join(dir, name)`, a
 * template that starts with it, through consts, parameters and names destructured from one
 * (`runCommand({ tempFilePath })` with `tempFilePath = path.join(tempDir, ...)`); never a path
 * whose later parts lead out of it (`path.join(dir, "..", "x")`, see {@link leavesDir}). Writing,
 * overwriting or deleting there touches nothing that existed before the call (corpus README, "What
 * the labels mean": destructive is about existing state). Also the check that proved a name's
 * path free where the name is read (`try { await fs.access(dir); return ...; } catch {}`, see
 * create-only.ts): what lies under it was made by this call too. Null when the path is not known
 * to be under one.
 */
function scratchDirOf(pathExpr: Node, resolver: Resolver, b: Bindings, depth = 0): Node | null {
  if (depth > MAX_PATH_DEPTH) return null;
  // A const's path checked not to exist right after it is declared (create-only.ts), reached through a trace.
  const checkedInit = checkedAbsentInitializer(pathExpr);
  if (checkedInit) return checkedInit;
  let node = unwrap(pathExpr);
  if (Node.isAwaitExpression(node)) node = unwrap(node.getExpression());
  const next = (n: Node, nb: Bindings = b): Node | null => scratchDirOf(n, resolver, nb, depth + 1);
  if (Node.isCallExpression(node)) {
    // Made per call: one made once at start-up (module level) holds what earlier calls wrote.
    if (isScratchMaker(node, resolver, b)) return node;
    const resolved = lastScratchPart(node, resolver, b, next);
    if (resolved) return resolved;
    const first = underFirstPart(node, resolver, b);
    return first ? next(first) : null;
  }
  // `options.output ?? "out.xml"`, `dir || fallback`: a made directory's path is never empty, so the left side when it is one.
  if (Node.isBinaryExpression(node) && [SyntaxKind.QuestionQuestionToken, SyntaxKind.BarBarToken].includes(node.getOperatorToken().getKind())) return next(node.getLeft());
  if (Node.isTemplateExpression(node) || isConcatenation(node)) {
    const first = underFirstPart(node, resolver, b);
    return first ? next(first) : null;
  }
  if (!Node.isIdentifier(node) && !Node.isPropertyAccessExpression(node)) return null;
  // A path checked not to exist where it is read (create-only.ts): what the call writes under it is its own.
  const checked = checkedAbsentAt(node);
  if (checked) return checked;
  const init = Node.isIdentifier(node) ? initializerOf(node, true) : undefined;
  if (init) return next(init);
  // `options.output` of an options object a caller wrote out (`{ output: path.join(tempDir, "x") }`),
  // also one a function built and returned (`config.output.filePath`): the expression written there.
  if (Node.isPropertyAccessExpression(node)) {
    const written = writtenMember(node, resolver, b);
    if (written) return next(written.node, written.bindings);
  }
  const target = resolver.resolve(node, 0, b);
  return target.kind === 'value' && unwrap(target.node) !== node ? next(target.node, bindingsOf(target)) : null;
}

/**
 * Where a written or deleted path lies, as its function tells: under a directory `mkdtemp` made
 * in this call, inline or in a helper that returns it (`dir`, see {@link scratchDirOf}); or under a value the caller passes (`passed`: a
 * parameter, a field of one, or `path.join` of one), to be read at each call of the function
 * ({@link scratchThroughCall}): a helper that writes the temporary file it is handed
 * (`runCommand({ command, tempFilePath })`) is summarised once for all its callers. Null when
 * neither.
 */
export type ScratchStep = { dir: Node } | { passed: Passed } | null;

/** The {@link ScratchStep} of a path read with bindings `b`. */
export function scratchStep(pathExpr: Node, resolver: Resolver, b: Bindings): ScratchStep {
  const dir = scratchDirOf(pathExpr, resolver, b);
  return dir ? { dir } : builtOn(pathExpr, resolver, b);
}

/**
 * What a path read with bindings `b` is built on, traced as passed-values.ts traces values (also
 * through a parameter bound to a caller's expression, a `let` given one value): the `mkdtemp`
 * call made in a function, the check that proved a path free (create-only.ts), or a value the caller passes; through `path.join`'s first argument
 * and a template's leading part, when the parts after it stay inside ({@link leavesDir}).
 */
function builtOn(pathExpr: Node, resolver: Resolver, b: Bindings, depth = 0): ScratchStep {
  if (depth > MAX_KEY_DEPTH) return null;
  let node = unwrap(pathExpr);
  if (Node.isAwaitExpression(node)) node = unwrap(node.getExpression());
  if (isScratchMaker(node, resolver, b)) return { dir: node };
  // A path checked not to exist where it is read, or right after its const is declared (create-only.ts).
  const checked = checkedAbsentInitializer(pathExpr) ?? checkedAbsentAt(node);
  if (checked) return { dir: checked };
  // A parameter bound to the caller's argument: that argument where it is passed, which a check before the call may have proved free.
  const bound = Node.isIdentifier(node) ? boundArgument(node, b) : null;
  if (bound) return builtOn(bound.node, resolver, bound.bindings, depth + 1);
  if (Node.isCallExpression(node) || Node.isTemplateExpression(node) || isConcatenation(node)) {
    const first = underFirstPart(node, resolver, b);
    return first ? builtOn(first, resolver, b, depth + 1) : null;
  }
  const traced = traceValue(node, b);
  if (traced === null) return null;
  if ('passed' in traced) return traced;
  // A name holding a path built on one (`const file = path.join(dir, name)`).
  return traced.node !== node && traced.fields.length === 0 ? builtOn(traced.node, resolver, traced.bindings, depth + 1) : null;
}

/** The caller's expression a parameter named by `name` is bound to in `b`, with the caller's bindings; null when unbound. */
function boundArgument(name: Node, b: Bindings): { node: Node; bindings: Bindings } | null {
  const decl = name.getSymbol()?.getDeclarations()[0];
  const bound = decl && Node.isParameterDeclaration(decl) ? b.get(decl) : undefined;
  return bound?.kind === 'node' ? { node: bound.node, bindings: bound.bindings } : null;
}

/**
 * What a path a function `callee` takes from its caller reads as at `call` (read with the caller's
 * bindings `b`): the argument's {@link ScratchStep}; undefined when another function's parameter
 * holds it (a call further up decides).
 */
export function scratchThroughCall(passed: Passed, callee: FunctionNode, call: Node, resolver: Resolver, b: Bindings): ScratchStep | undefined {
  const traced = passedAt(passed, callee, call, resolver, b);
  if (traced === undefined) return undefined;
  if (traced === null) return null;
  if ('passed' in traced) return traced;
  return traced.fields.length === 0 ? scratchStep(traced.node, resolver, traced.bindings) : null;
}

/** Calls that remove a directory or file (`fs.rm(dir, { recursive: true })`, `rmSync`, `fs-extra` `remove`, `rimraf`). */
const REMOVING_CALL = /(?:^|\.)(?:rm|rmSync|rmdir|rmdirSync|remove|removeSync|rimraf|rimrafSync)$/;

/**
 * The temporary directory a `mkdtemp` call makes, when the function that makes it removes it in a
 * `finally` block (`try { ... } finally { await fs.rm(tempDir, { recursive: true }) }`): the
 * directory, and what is written in it, do not outlive the call, so neither its making nor its
 * removal is a change a later call can see (corpus README, "What the labels mean": a temporary
 * clone that is removed is not counted). `call` is the `mkdtemp` call (or a call of a helper that
 * returns its directory: {@link isScratchMaker}) or the removal, read with bindings `b`; true when
 * it is one half of such a pair.
 */
export function isCleanedScratchDir(call: Node, resolver: Resolver, b: Bindings): boolean {
  if (!Node.isCallExpression(call)) return false;
  if (isScratchMaker(call, resolver, b)) return removalOf(heldIn(call)) !== null;
  if (!REMOVING_CALL.test(unwrap(call.getExpression()).getText())) return false;
  const first = call.getArguments()[0];
  const target = first ? unwrap(first) : undefined;
  if (!target || !Node.isIdentifier(target)) return false;
  const decl = target.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isVariableDeclaration(decl)) return false;
  const init = decl.getInitializer() ? unwrap(decl.getInitializerOrThrow()) : undefined;
  const made = init && Node.isAwaitExpression(init) ? unwrap(init.getExpression()) : init;
  return made !== undefined && isScratchMaker(made, resolver, b) && removalOf(decl) === call;
}

/** The variable a call's result is held in (`const dir = await fs.mkdtemp(p)`), or null. */
function heldIn(call: Node): import('ts-morph').VariableDeclaration | null {
  let node: Node = call;
  let parent = node.getParent();
  while (parent && (Node.isAwaitExpression(parent) || Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent))) {
    node = parent;
    parent = node.getParent();
  }
  return parent && Node.isVariableDeclaration(parent) && parent.getInitializer() === node && Node.isIdentifier(parent.getNameNode()) ? parent : null;
}

/**
 * The removal of the temporary directory the variable `decl` holds: in a `finally` block of the
 * function that declares it, else as a later statement of the block that declares it with no
 * `return` between them (`const dir = await mkdtemp(p); await writeFile(...); await rm(dir, ...)`),
 * which runs whenever the call succeeds (a directory left behind by a call that failed is no
 * change a later call is meant to see). Null when neither.
 */
function removalOf(decl: import('ts-morph').VariableDeclaration | null): Node | null {
  return removalInFinally(decl) ?? removalLater(decl);
}

/** The later statement of `decl`'s block that removes it, with no `return` before it; null otherwise. */
function removalLater(decl: import('ts-morph').VariableDeclaration | null): Node | null {
  const statement = decl?.getFirstAncestorByKind(SyntaxKind.VariableStatement);
  const block = statement?.getParent();
  if (!decl || !statement || !block || !(Node.isBlock(block) || Node.isSourceFile(block))) return null;
  const symbol = decl.getNameNode().getSymbol();
  const fn = decl.getFirstAncestor(isFunctionNode);
  const statements = block.getStatements();
  for (const next of statements.slice(statements.indexOf(statement) + 1)) {
    const returns = descendantsOfKinds<import('ts-morph').ReturnStatement>(next, [SyntaxKind.ReturnStatement]).some((r) => r.getFirstAncestor(isFunctionNode) === fn);
    if (Node.isReturnStatement(next) || returns) return null;
    if (!Node.isExpressionStatement(next)) continue;
    const expr = unwrap(next.getExpression());
    const call = Node.isAwaitExpression(expr) ? unwrap(expr.getExpression()) : expr;
    if (!Node.isCallExpression(call) || !REMOVING_CALL.test(unwrap(call.getExpression()).getText())) continue;
    const first = call.getArguments()[0];
    const arg = first ? unwrap(first) : undefined;
    if (arg && Node.isIdentifier(arg) && arg.getSymbol() === symbol) return call;
  }
  return null;
}

/** The removal of the variable `decl` in a `finally` block of the function that declares it, or null. */
function removalInFinally(decl: import('ts-morph').VariableDeclaration | null): Node | null {
  if (!decl) return null;
  const fn = decl.getFirstAncestor((a) => Node.isFunctionDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a) || Node.isMethodDeclaration(a));
  if (!fn) return null;
  const symbol = decl.getNameNode().getSymbol();
  for (const tryStatement of descendantsOfKinds<import('ts-morph').TryStatement>(fn, [SyntaxKind.TryStatement])) {
    const block = tryStatement.getFinallyBlock();
    if (!block) continue;
    for (const call of descendantsOfKinds<import('ts-morph').CallExpression>(block, [SyntaxKind.CallExpression])) {
      const first = call.getArguments()[0];
      const arg = first ? unwrap(first) : undefined;
      if (REMOVING_CALL.test(unwrap(call.getExpression()).getText()) && arg && Node.isIdentifier(arg) && arg.getSymbol() === symbol) return call;
    }
  }
  return null;
}

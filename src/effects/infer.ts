import path from 'node:path';
import type { CallExpression, ClassDeclaration, ClassExpression, NewExpression, ts as TS } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { bundledDependencyOf } from '../analysis/bundles.js';
import { malformedSpecifier } from '../analysis/specifiers.js';
import { isBundledSdkModule } from '../project/bundled-sdk.js';
import { ownPackageNameOf, packageNameOf } from '../project/dependencies.js';
import { contains, descendantsOfKinds, isAssignmentOperator } from '../analysis/nodes.js';
import { locationOf } from '../analysis/location.js';
import { Bindings, readsKey } from '../analysis/bindings.js';
import { noteReads, tracking, type Reads } from '../analysis/read-sets.js';
import { evaluate } from '../analysis/evaluate.js';
import { RESULT_OF_CALL, RESULT_OF_NEW, bindingsOf, type Resolver, type Target } from '../analysis/resolve.js';
import { calledName, initializerOf, isEmitHelperCall, isFunctionNode, isModuleLevel, destructuredPath, type FunctionNode, shorten, unwrap, writtenName } from '../analysis/syntax.js';
import type { CallHop, Effect, EffectSet, InferStats, UnresolvedItem } from '../model.js';
import { DELEGATING_METHODS, SQL_ONLY_NAMES, SQL_RUNNING_NAMES, leadingVerb, namedVerb } from './api-verbs.js';
import { BranchIndex } from '../analysis/branches.js';
import { conditionOf } from '../analysis/conditions.js';
import { UndecidedDispatch } from '../analysis/undecided-dispatch.js';
import { ParameterUse } from '../analysis/parameter-use.js';
import { BUILTIN_VALUE_METHODS, CLIENT_LIFECYCLE_METHODS, DATA_METHODS, MCP_PROTOCOL_METHODS, MCP_SESSION_FUNCTIONS, PROMISE_METHODS, PURE_GLOBALS, PURE_MODULES, RUNTIME_CONTEXT_METHODS, SINKS, TELEMETRY_METHODS, pathKey, type SinkEntry } from './catalog/index.js';
import { SinkIndex } from './sink-index.js';
import { isLogAppend } from './log-file.js';
import { isInCacheModule } from './cache-modules.js';
import { isOnceInitializer } from './once-init.js';
import { isEnsuredParentDir } from './ensured-dirs.js';
import { callbackClientMember, isFragmentBuilderCall, templateResultMember } from './chain.js';
import { httpEffect, pathArgumentsOf, pathText, postEffect, relaxedByOperation, requestAmong, methodUnknownAt, sinkCallEffect, sinkTemplateEffect, sqlEffect, type SinkSite } from './sink-call.js';
import { pendingOwners, sentRequest, throughCall, type SentRequest } from './request-flow.js';
import { pathPurpose, shownUrl } from './request-purpose.js';
import { isCacheUpkeepCall, selectionKey, stateMutation, mutationOfCall, withoutRestoredSwitches } from './state.js';
import { isCleanedScratchDir, isFreshKey, isScratchMaker, returningFunction, scratchStep, scratchThroughCall, type ScratchStep } from './fresh.js';
import { deletedIdStep, madeThroughCall, removesMade } from './created-here.js';
import type { Hops, Passed } from './passed-values.js';
import { createOnlyWrite, isExistenceCheck } from './create-only.js';
import { isLockPath } from './lock-files.js';
import { oneTimeMigrationTest } from './migrations.js';
import { StateReads } from './state-reads.js';
import { judgeFileRewrites } from './read-modify-write.js';
import { handedBackFunctions } from './handed-back.js';
import { callsParameter, inlineCallbacks, isWithin } from './followed-callbacks.js';
import { LISTENER_METHODS, releasedHandle } from './release.js';
import { callbackArrayCall, declaredCollectionCall, inMemoryCall, iteratorStepCall, localCollectionCall } from './in-memory.js';
import { isFreshRecordFieldUpdate } from './fresh-records.js';
import { isLoggerCall } from './logger-calls.js';
import { isTokenAcquisition } from './token-providers.js';
import { clientPackageOfArguments, clientPackageOfPath, clientPackageOfReceiver } from './service-clients.js';
import { DEFAULT_INFER_OPTIONS, type InferOptions } from './options.js';
import { CallCycles, MAX_NESTED_RUNS, type CycleDependent } from './cycles.js';
import { localThroughCall, receiverStep, writesOwnField } from './call-local.js';

/**
 * An effect whose judgement waits on a value the function with it takes from its caller
 * (passed-values.ts): a file path that may lie in a scratch directory a caller made (fresh.ts), the
 * id of a resource a caller may have created (created-here.ts); or on what its caller does with the
 * value the function returns: the making of a temporary directory a helper hands back
 * (`returned`, `fn` the function that returns it), which a caller may remove in a `finally`; or
 * a write to a field of the receiver of a method call, which a caller may have made for this call
 * alone (`instance`, call-local.ts: `hops`, the calls gone through so far).
 */
type Waiting =
  | { readonly on: 'scratch' | 'made'; readonly passed: Passed }
  | { readonly on: 'returned'; readonly fn: FunctionNode }
  | { readonly on: 'instance'; readonly passed: Passed; readonly hops: Hops };

/** The function at whose calls a {@link Waiting} effect is judged. */
function waitsAt(waiting: Waiting): Node {
  return waiting.on === 'returned' ? waiting.fn : waiting.passed.parameter.getParentOrThrow();
}

interface Summary extends CycleDependent {
  effects: Effect[];
  unresolved: UnresolvedItem[];
  truncated: boolean;
  /** False when the depth limit or the work budget cut this summary short, so it must not be reused. */
  complete: boolean;
  /** The bound declarations its walk read (read-sets.ts); a cache hit on it notes them. Null: none. */
  reads?: Reads | null;
}

/** The read set of a walk that read nothing bound. */
const NO_READS: Reads = new Set();

/** How many read sets of one function a lookup tries (see {@link EffectAnalyzer.readingTheSame}). */
const MAX_READ_SETS = 16;

const SINK_INDEX = new SinkIndex(SINKS);

/** `node:fs` → `fs`; the catalog is keyed by bare builtin names. */
function normalizeModule(specifier: string): string {
  return specifier.startsWith('node:') ? specifier.slice(5) : specifier;
}

/** The package name of a bare specifier (`@scope/pkg/sub` → `@scope/pkg`). */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * What a module-rooted target names in the catalog: the module (normalized), the path after a
 * default import, the sink entry if any, and the target's name for messages.
 */
function moduleSink(target: { specifier: string; path: string[] }): { module: string; exportPath: string[]; sink: SinkEntry | undefined; named: string } {
  const module = normalizeModule(target.specifier);
  const exportPath = target.path[0] === 'default' ? target.path.slice(1) : target.path;
  return { module, exportPath, sink: SINK_INDEX.lookup(module, exportPath), named: `${target.specifier}${exportPath.length ? ` ${pathKey(exportPath)}` : ''}` };
}

/** True for a module (normalized, `fs` not `node:fs`) whose calls have no effect: it, or its package, is in PURE_MODULES. */
function isPureModule(module: string): boolean {
  return PURE_MODULES.has(module) || PURE_MODULES.has(packageName(module));
}

/**
 * True for a call that makes a client whose methods are sinks (`axios.create(...)`, `new Pool()`),
 * or that manages a client's connection (`pool.connect()`, `client.release()`, `db.close()`):
 * neither touches data.
 */
function isSinkFactory(module: string, path: string[]): boolean {
  if (SINK_INDEX.isFactory(module, path)) return true;
  const last = path[path.length - 1];
  const firstCall = path.findIndex((p) => p === RESULT_OF_CALL || p === RESULT_OF_NEW);
  return last !== undefined && CLIENT_LIFECYCLE_METHODS.has(last) && firstCall >= 0 && isSinkFactory(module, path.slice(0, firstCall));
}

/**
 * True for a call that releases a handle the process holds or (un)registers a listener
 * (release.ts: `pdfDoc.destroy()`, `controller.abort()`, `signal.removeEventListener(...)`): it
 * changes nothing outside. `path` is the access path of a package's object the call is a method
 * of; the export nearest the method (`getDocument` of `getDocument().promise.destroy`) names the receiver too.
 */
function freesHandle(call: CallExpression, path: readonly string[]): boolean {
  const callee = unwrap(call.getExpression());
  if (Node.isPropertyAccessExpression(callee) && LISTENER_METHODS.has(callee.getName())) return true;
  const maker = path.slice(0, -1).filter((p) => p !== RESULT_OF_CALL && p !== RESULT_OF_NEW && p !== 'promise').pop();
  return releasedHandle(call, maker === undefined ? [] : [maker]) !== null;
}

/**
 * True for `resolve(...)` / `reject(...)` inside `new Promise((resolve, reject) => ...)`, and for a
 * variable that only ever holds one of them (`let rejectCode; new Promise((res, rej) => { rejectCode
 * = rej; })`, then `rejectCode(error)` in a request listener): settling a promise of the process.
 */
function isPromiseExecutorParameter(callee: Node, resolver: Resolver): boolean {
  if (!Node.isIdentifier(callee)) return false;
  const decl = callee.getSymbol()?.getDeclarations()[0];
  if (decl && Node.isVariableDeclaration(decl) && decl.getInitializer() === undefined) {
    // The file's plain `=` assignments to it, as the resolver collects them once per file.
    const writes = resolver.writesOf(decl)?.assignments ?? [];
    return writes.length > 0 && writes.every((w) => isExecutorParameter(unwrap(w.getRight())));
  }
  return isExecutorParameter(callee);
}

/** True for an identifier that names a parameter of a `new Promise(...)` executor. */
function isExecutorParameter(id: Node): boolean {
  if (!Node.isIdentifier(id)) return false;
  const decl = id.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isParameterDeclaration(decl)) return false;
  const executor = decl.getParent();
  const ctor = executor?.getParent();
  return ctor !== undefined && Node.isNewExpression(ctor) && ctor.getExpression().getText() === 'Promise';
}

/** Node kinds that can have an effect: calls, and the writes of state. */
const EFFECT_KINDS = [
  SyntaxKind.CallExpression,
  SyntaxKind.NewExpression,
  SyntaxKind.BinaryExpression,
  SyntaxKind.PrefixUnaryExpression,
  SyntaxKind.PostfixUnaryExpression,
  SyntaxKind.DeleteExpression,
  SyntaxKind.TaggedTemplateExpression,
] as const;

/**
 * The nodes of a function body (callbacks inside it included) that can have an effect, in source
 * order, but for the bodies of the functions it hands back uncalled (see {@link handedBackFunctions}).
 * Only these are wrapped by ts-morph, which keeps the walk cheap on large handlers.
 */
function effectNodes(fn: FunctionNode, body: Node): Node[] {
  const nodes = descendantsOfKinds(body, EFFECT_KINDS, (n) => n.kind !== SyntaxKind.BinaryExpression || isAssignmentOperator((n as TS.BinaryExpression).operatorToken.kind));
  if ((EFFECT_KINDS as readonly SyntaxKind[]).includes(body.getKind())) nodes.unshift(body);
  const handedBack = handedBackFunctions(fn).map((f) => [f.getPos(), f.getEnd()] as const);
  if (handedBack.length === 0) return nodes;
  return nodes.filter((n) => !handedBack.some(([pos, end]) => n.getPos() >= pos && n.getEnd() <= end));
}

/**
 * False for identifiers that cannot name a function (parameters, variables initialised with
 * something other than a function): a cheap filter before resolving every argument of every call.
 */
function mayNameFunction(id: Node): boolean {
  const decl = id.getSymbol()?.getDeclarations()[0];
  if (!decl) return false;
  if (Node.isParameterDeclaration(decl) || Node.isBindingElement(decl)) return false;
  if (Node.isVariableDeclaration(decl)) {
    const init = decl.getInitializer();
    if (!init) return false;
    const value = unwrap(init);
    return Node.isArrowFunction(value) || Node.isFunctionExpression(value) || Node.isIdentifier(value) || Node.isPropertyAccessExpression(value) || Node.isCallExpression(value);
  }
  return true;
}

/**
 * True for an argument that may name a function of the project passed as a callback (`save`,
 * `store.save`, `this.save.bind(this)`); inline functions are walked as part of the caller's body.
 */
function mayBeCallback(arg: Node, b: Bindings): boolean {
  if (Node.isIdentifier(arg)) return mayNameFunction(arg) || b.size > 0;
  if (Node.isPropertyAccessExpression(arg)) return true;
  if (!Node.isCallExpression(arg)) return false;
  const callee = unwrap(arg.getExpression());
  return Node.isPropertyAccessExpression(callee) && callee.getName() === 'bind';
}

/** `require` as CommonJS provides it (not a local function of that name). */
function isGlobalRequire(callee: Node): boolean {
  return Node.isIdentifier(callee) && callee.getText() === 'require' && (callee.getSymbol()?.getDeclarations().length ?? 0) === 0;
}


/** The class a method (or a function-valued property) belongs to, or null for a function of no class. */
function classOfMethod(fn: FunctionNode): ClassDeclaration | ClassExpression | null {
  const holder = Node.isMethodDeclaration(fn) || Node.isGetAccessorDeclaration(fn) || Node.isSetAccessorDeclaration(fn) ? fn.getParent() : Node.isPropertyDeclaration(fn.getParent()) ? fn.getParent()?.getParent() : undefined;
  return holder && (Node.isClassDeclaration(holder) || Node.isClassExpression(holder)) ? holder : null;
}

/**
 * True when a method call's receiver is an object created during the current call: `new X().m()`,
 * a builder chain on one (`new X().a().b()`), or a local variable holding one.
 */
function isFreshReceiver(call: CallExpression): boolean {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return false;
  return isFreshObject(callee.getExpression(), 0);
}

function isFreshObject(expr: Node, depth: number): boolean {
  const node = unwrap(expr);
  if (depth > 8) return false;
  if (Node.isNewExpression(node)) return true;
  if (Node.isAwaitExpression(node)) return isFreshObject(node.getExpression(), depth + 1);
  if (Node.isCallExpression(node)) {
    const callee = unwrap(node.getExpression());
    return Node.isPropertyAccessExpression(callee) && isFreshObject(callee.getExpression(), depth + 1);
  }
  if (Node.isIdentifier(node)) {
    const decl = node.getSymbol()?.getDeclarations()[0];
    if (!decl || !Node.isVariableDeclaration(decl) || isModuleLevel(decl)) return false;
    const init = decl.getInitializer();
    return init !== undefined && isFreshObject(init, depth + 1);
  }
  return false;
}

/** The paths a file write or deletion acts on: those its sink names (`rename(source, target)`), else its first argument (`saveAs(path)`). */
function filePaths(sink: SinkEntry, call: CallExpression): { target?: Node; source?: Node } {
  const args = call.getArguments();
  if (sink.pathArguments) return pathArgumentsOf(sink, args);
  return args[0] ? { target: args[0] } : {};
}

/** Methods that run what the call before them built (`Model.findOneAndUpdate(q).exec()`): that call is the request. */
const RUNNING_METHODS: ReadonlySet<string> = new Set(['exec', 'execute', 'run', 'send', 'invoke', 'perform', 'commit', 'go']);

/** Methods that only await the call they are called on (`.then(f)`, `.promise()`): the request is that call. */
const AWAITING_METHODS: ReadonlySet<string> = new Set([...PROMISE_METHODS, 'promise']);

/** True for `x.method(...).then(f)` (or `.catch`, `.finally`, `.promise()`): waiting for what the call before it does. */
function awaitsRequest(call: CallExpression): boolean {
  const callee = unwrap(call.getExpression());
  return Node.isPropertyAccessExpression(callee) && AWAITING_METHODS.has(callee.getName()) && Node.isCallExpression(unwrap(callee.getExpression()));
}

/**
 * A call whose result is the receiver of a method call (`.run(id).log()`), when it selects a
 * sub-resource rather than acting: named for no operation (`run(id)`, `log()`), or named for one
 * but given at most an id while the method called on it names an operation itself
 * (`client.schedule(id).delete()`, `client.task(id).update(data)`: `schedule` names the resource
 * the request acts on). A method that runs what the call built (`.exec()`, see
 * {@link RUNNING_METHODS}) or awaits it (`.then(f)`, `.promise()`) leaves the call the request.
 */
function isSubResourceAccessor(call: CallExpression): boolean {
  const name = calledName(call);
  const access = call.getParent();
  if (name === null || DELEGATING_METHODS.has(name) || access === undefined || !Node.isPropertyAccessExpression(access) || access.getExpression() !== call) return false;
  const next = access.getParent();
  if (!Node.isCallExpression(next) || next.getExpression() !== access) return false;
  if (namedVerb(name) === null) return true;
  const method = access.getName();
  return call.getArguments().length <= 1 && !RUNNING_METHODS.has(method) && !AWAITING_METHODS.has(method) && namedVerb(method, next.getArguments().length) !== null;
}

/**
 * The name of the function whose body is only there to make `call` and hand back (or wrap) its
 * result (`getCurrentUserInfo() { return success(await neon.user.me()) }`, `const getUri = (p) =>
 * client.connectionString(p)`), or null: a body with another call of a client, or a function
 * without a name. Its name says what the wrapped call does when the call's own name does not.
 */
function wrappingFunctionName(call: CallExpression): string | null {
  const fn = call.getFirstAncestor((a) => isFunctionNode(a)) as FunctionNode | undefined;
  if (!fn) return null;
  const body = fn.getBody();
  if (!body) return null;
  const statements = Node.isBlock(body) ? body.getStatements() : [body];
  // One statement (a return, or a const then a return): a thin wrapper, not a function that does several things.
  if (statements.length > 2) return null;
  const calls = descendantsOfKinds<CallExpression>(body, [SyntaxKind.CallExpression]).filter((c) => Node.isPropertyAccessExpression(unwrap(c.getExpression())));
  if (calls.some((c) => c !== call && !contains(call, c) && !contains(c, call))) return null;
  return writtenName(fn);
}

/**
 * A file write or deletion under a directory the tool made with `mkdtemp` (`dir`: that call, or the
 * call of a helper that returns one; scratch space: the temporary files of a command it runs), or
 * under a path it checked not to exist (`dir`: the check, create-only.ts), overwrites or deletes
 * nothing that existed before the call: not destructive, and the evidence says where the
 * directory was made or checked.
 */
function inScratchDir(effect: Effect, dir: Node | null): Effect {
  if (dir === null || effect.destructive !== true) return effect;
  const at = locationOf(dir);
  // A path checked not to exist before (create-only.ts): the directory is the call's own, not a temporary one.
  if (isExistenceCheck(dir)) return { ...effect, destructive: false, description: `${effect.description} inside a directory checked not to exist before (at ${path.basename(at.file)}:${at.line})` };
  // A helper that makes it (`makeScratch()`) is named where it is called.
  const maker = Node.isCallExpression(dir) ? (calledName(dir) ?? 'mkdtemp') : 'mkdtemp';
  const how = /^mkdtemp(?:Sync)?$/.test(maker) ? 'mkdtemp' : `mkdtemp in \`${maker}\``;
  return { ...effect, destructive: false, description: `${effect.description} inside a temporary directory the tool made (${how} at ${path.basename(at.file)}:${at.line})` };
}

/** Methods of a list call's result that fetch a page of it (`client.projects.list(q).page(cursor)`): the list is the request. */
const PAGINATION_METHODS: ReadonlySet<string> = new Set(['page', 'pages', 'nextPage', 'autoPaginate', 'iterPages']);

/** True for a pagination method called on the result of a call (`neon.projects.list(query).page(cursor)`): no request of its own. */
function isPaginationOfCall(call: CallExpression): boolean {
  const callee = unwrap(call.getExpression());
  return Node.isPropertyAccessExpression(callee) && PAGINATION_METHODS.has(callee.getName()) && Node.isCallExpression(unwrap(callee.getExpression()));
}

/** The SQL text a call of a query-running name is given: its first argument, or the `text`/`sql`/`query` of an options object there; null when none. */
function statementArgument(call: CallExpression): Node | null {
  const first = call.getArguments()[0];
  if (!first) return null;
  const node = unwrap(first);
  // `tool.execute(request.params.arguments)`, `job.run(input)`: a call's arguments object is no statement.
  if (isArgumentsObject(node)) return null;
  if (!Node.isObjectLiteralExpression(node)) return first;
  for (const key of ['text', 'sql', 'query']) {
    const prop = node.getProperty(key);
    if (prop && Node.isPropertyAssignment(prop)) return prop.getInitializerOrThrow();
    if (prop && Node.isShorthandPropertyAssignment(prop)) return prop.getNameNode();
  }
  return null;
}

/** Names that hold the arguments of a call (a tool's, a job's), not a statement's text. */
const ARGUMENTS_NAMES = /^(?:arguments|args|params|parameters|input|inputs|options|opts|payload|ctx|context)$/;

/** True for a value named as a call's arguments (`args`, `request.params.arguments`, `this.input`). */
function isArgumentsObject(node: Node): boolean {
  const name = Node.isIdentifier(node) ? node.getText() : Node.isPropertyAccessExpression(node) ? node.getName() : null;
  return name !== null && ARGUMENTS_NAMES.test(name);
}

/** A name that makes a client of a service (`createClient`, `createNeonClient`, `buildApiClient`, `HttpClient`). */
const CLIENT_FACTORY = /^(?:(?:create|make|new|build|init)\w*|[A-Z]\w*)?(?:Client|Pool|Connection|Sdk|SDK|Api|API|Transport)$/;

/**
 * True for a plain function call or `new` that makes a client (`createClient({ apiKey })`, `new
 * HttpClient(url)`): making it changes nothing, what its methods do is judged where they are
 * called. A method of a client (`api.createConnection()`) may create a record, and is not one.
 */
function isClientFactoryCall(call: CallExpression | NewExpression): boolean {
  const callee = unwrap(call.getExpression());
  return Node.isIdentifier(callee) && CLIENT_FACTORY.test(callee.getText());
}

/**
 * The object literal an argument is written as: inline (`{ quiet: true }`, also `as Options`), or
 * the initializer of a `const` of the same function that is never written through (`const opts =
 * { ... }; run(opts)`); null for anything else.
 */
function optionsLiteral(arg: Node): import('ts-morph').ObjectLiteralExpression | null {
  const node = unwrap(arg);
  if (Node.isObjectLiteralExpression(node)) return node;
  if (!Node.isIdentifier(node)) return null;
  const scope = node.getFirstAncestor(isFunctionNode);
  const init = initializerOf(node, true);
  if (!scope || !init || init.getFirstAncestor(isFunctionNode) !== scope || writtenKeys(scope, node.getText()) !== NO_KEYS) return null;
  const value = unwrap(init);
  return Node.isObjectLiteralExpression(value) ? value : null;
}

/**
 * The keys of the object a name of `fn` holds that `fn` writes (`options.stdout = true`,
 * `opts.count++`, `delete opts.x`, `opts.a.b = 1` writes `a`): a set, {@link NO_KEYS} when it
 * writes none; `any` when it writes keys it does not name (`opts[k] = v`, `Object.assign(opts, ...)`,
 * a list changed in place: `dirs.push(x)`). A literal bound to such a name no longer says what it holds.
 * Asked for every call site that passes a literal: memoized per function and name.
 */
function writtenKeys(fn: FunctionNode, name: string): ReadonlySet<string> | 'any' {
  let byName = WRITTEN_KEYS.get(fn.compilerNode);
  if (!byName) WRITTEN_KEYS.set(fn.compilerNode, (byName = new Map()));
  let keys = byName.get(name);
  if (keys === undefined) byName.set(name, (keys = writtenKeysOf(fn, name)));
  return keys;
}

/** {@link writtenKeys} by function (keyed by the compiler's node) and name. */
const WRITTEN_KEYS = new WeakMap<object, Map<string, ReadonlySet<string> | 'any'>>();

/** What {@link writtenKeys} answers for a name whose object the function does not write. */
const NO_KEYS: ReadonlySet<string> = new Set();

/** Array methods that change the list they are called on. */
const IN_PLACE_LIST_METHODS: ReadonlySet<string> = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

/** True for `name.push(...)` (any {@link IN_PLACE_LIST_METHODS} method called on `name` itself). */
function isInPlaceListChange(call: CallExpression, name: string): boolean {
  const callee = unwrap(call.getExpression());
  return Node.isPropertyAccessExpression(callee) && IN_PLACE_LIST_METHODS.has(callee.getName()) && unwrap(callee.getExpression()).getText() === name;
}

function writtenKeysOf(fn: FunctionNode, name: string): ReadonlySet<string> | 'any' {
  const body = fn.getBody();
  const keys = new Set<string>();
  if (!body) return NO_KEYS;
  /** The key of `name` that writing `n` changes, `any` when it cannot be named, null when `n` is not rooted at `name`. */
  const keyOf = (n: Node): string | null => {
    let e = unwrap(n);
    let first: Node | null = null;
    while (Node.isPropertyAccessExpression(e) || Node.isElementAccessExpression(e)) {
      first = e;
      e = unwrap(e.getExpression());
    }
    if (!(Node.isIdentifier(e) && e.getText() === name) || first === null) return null;
    return Node.isPropertyAccessExpression(first) ? first.getName() : 'any';
  };
  const add = (n: Node): boolean => {
    const key = keyOf(unwrap(n));
    if (key === 'any') return true;
    if (key !== null) keys.add(key);
    return false;
  };
  for (const n of descendantsOfKinds(body, [SyntaxKind.BinaryExpression, SyntaxKind.DeleteExpression, SyntaxKind.PrefixUnaryExpression, SyntaxKind.PostfixUnaryExpression, SyntaxKind.CallExpression])) {
    if (Node.isBinaryExpression(n) && isAssignmentOperator(n.getOperatorToken().getKind()) && add(n.getLeft())) return 'any';
    if (Node.isDeleteExpression(n) && add(n.getExpression())) return 'any';
    if ((Node.isPrefixUnaryExpression(n) || Node.isPostfixUnaryExpression(n)) && [SyntaxKind.PlusPlusToken, SyntaxKind.MinusMinusToken].includes(n.getOperatorToken()) && add(n.getOperand())) return 'any';
    // `dirs.push(x)`, `list.sort()`: a list changed in place no longer has the items the caller wrote.
    if (Node.isCallExpression(n) && isInPlaceListChange(n, name)) return 'any';
    if (Node.isCallExpression(n) && ['Object.assign', 'Object.defineProperty', 'Object.defineProperties'].includes(n.getExpression().getText())) {
      const target = n.getArguments()[0];
      if (target && Node.isIdentifier(unwrap(target)) && unwrap(target).getText() === name) return 'any';
      if (target && keyOf(target) !== null) add(target);
    }
  }
  return keys.size > 0 ? keys : NO_KEYS;
}

/** True when `node` sits in a `catch` block of `fn` itself (not of a nested function). */
function isInCatch(node: Node, fn: FunctionNode): boolean {
  for (let a = node.getParent(); a && a !== fn; a = a.getParent()) {
    if (Node.isCatchClause(a)) return true;
    if (isFunctionNode(a)) return false;
  }
  return false;
}

/**
 * True when `node` sits in a function nested in `fn` that is not handed to a call (a method of an
 * object literal `fn` returns, a closure it stores or returns): `fn` defines that code but does not
 * run it; whoever gets the function does. Callbacks given to a call (`items.forEach(...)`, `new
 * Promise(...)`, `startSpan(opts, async () => ...)`) and functions called where they are written
 * run as part of `fn`.
 */
function isDeferred(node: Node, fn: FunctionNode): boolean {
  for (let a = node.getParent(); a && a !== fn; a = a.getParent()) {
    if (isFunctionNode(a) && !isCalledWhereWritten(a)) return true;
  }
  return false;
}

/** True for a function expression passed to a call or `new`, or called at once (`(async () => ...)()`). */
function isCalledWhereWritten(fn: Node): boolean {
  let outer: Node = fn;
  for (let p = outer.getParent(); p && (Node.isParenthesizedExpression(p) || Node.isAsExpression(p)); p = p.getParent()) outer = p;
  const parent = outer.getParent();
  if (!parent || !(Node.isCallExpression(parent) || Node.isNewExpression(parent))) return false;
  return parent.getExpression() === outer || (parent.getArguments() as Node[]).includes(outer);
}

/** Pure globals whose results are values they were given (a promise of a pool, a copy of an object): not values of their own. */
const VALUE_CARRIERS: ReadonlySet<string> = new Set(['Promise', 'Object', 'Array', 'Reflect', 'structuredClone']);

/** Methods of Map, Set and arrays whose names are also verbs of APIs (`client.delete(id)`). */
const COLLECTION_VERBS: ReadonlySet<string> = new Set(['delete', 'set', 'add', 'clear']);

/**
 * True for a call of a built-in value's method (`items.map(f)`, `text.trim()`), which has no
 * effect; `delete`/`set`/`add`/`clear` only on a receiver known to be a collection (null: not known).
 */
function isBuiltinValueCall(method: string, receiver: Node | null): boolean {
  return BUILTIN_VALUE_METHODS.has(method) && (!COLLECTION_VERBS.has(method) || (receiver !== null && isBuiltinCollection(receiver)));
}

/**
 * True when the receiver is a Map, Set, array or object the code made or declares as such: a
 * variable initialised with `new Map()`, `[]` or `{}`, or annotated `Map<...>`, `Set<...>`,
 * `Record<...>`, `T[]`; a `new Map()` itself.
 */
function isBuiltinCollection(receiver: Node): boolean {
  const node = unwrap(receiver);
  if (Node.isNewExpression(node)) return /^(Map|Set|WeakMap|WeakSet)$/.test(node.getExpression().getText());
  if (Node.isArrayLiteralExpression(node) || Node.isObjectLiteralExpression(node)) return true;
  const id = Node.isPropertyAccessExpression(node) ? node.getNameNode() : node;
  if (!Node.isIdentifier(id)) return false;
  const decl = id.getSymbol()?.getDeclarations()[0];
  if (decl && Node.isPropertyAssignment(decl)) {
    const init = decl.getInitializer();
    return init !== undefined && isBuiltinCollection(init);
  }
  if (!decl || !(Node.isVariableDeclaration(decl) || Node.isParameterDeclaration(decl) || Node.isPropertyDeclaration(decl))) return false;
  const type = decl.getTypeNode()?.getText() ?? '';
  if (/^(ReadonlyMap|Map|ReadonlySet|Set|WeakMap|WeakSet|Record|Array|ReadonlyArray)\b|\[\]$/.test(type)) return true;
  const init = decl.getInitializer();
  return init !== undefined && isBuiltinCollection(init);
}

/** Methods every object inherits from `Object.prototype`. */
const OBJECT_PROTOTYPE_METHODS: ReadonlySet<string> = new Set(['hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toString', 'toLocaleString', 'valueOf']);

/** Methods that take one element out of a collection (`Map.get`, `Array.find`): calling what they return calls data. */
const COLLECTION_GETTERS: ReadonlySet<string> = new Set(['get', 'find', 'findLast', 'at', 'pop', 'shift']);

/** A call of code chosen at run time: any effect is possible. */
function arbitraryEffect(call: Node, why: string): Effect {
  const callee = Node.isCallExpression(call) ? unwrap(call.getExpression()).getText() : call.getText();
  return {
    kind: 'unknown',
    access: 'unknown',
    destructive: null,
    idempotent: null,
    openWorld: true,
    arbitrary: true,
    confidence: 'certain',
    sink: shorten(callee, 50),
    description: `runs code chosen at run time (\`${shorten(callee, 40)}\`: ${why})`,
    location: locationOf(call),
    via: [],
  };
}

/** True when `call` calls a parameter of its function that `b` binds (`handler(request)` in a wrapper given `handler`). */
function callsBoundParameter(call: Node, b: Bindings): boolean {
  if (b.size === 0 || !Node.isCallExpression(call)) return false;
  const callee = unwrap(call.getExpression());
  if (!Node.isIdentifier(callee)) return false;
  const decl = callee.getSymbol()?.getDeclarations()[0];
  return decl !== undefined && Node.isParameterDeclaration(decl) && b.get(decl) !== undefined;
}

function hopOf(call: Node): CallHop {
  // unwrap: tsc's `(0, store_1.save)` reads as `store_1.save`.
  const callee = Node.isCallExpression(call) || Node.isNewExpression(call) ? unwrap(call.getExpression()) : call;
  return { callee: shorten(callee.getText(), 50), location: locationOf(call) };
}

/**
 * An effect found in a branch chosen by `subject`, a field of a tool's registry entry the linter
 * could not find (undecided-dispatch.ts): possible for this tool, not proven, so `likely`, and its
 * description says why.
 */
function undecidedEffect(effect: Effect, subject: string): Partial<Effect> {
  if (effect.basis === 'dispatch') return {};
  return { confidence: 'likely', basis: 'dispatch', description: `${effect.description} (in a branch on \`${shorten(subject, 40)}\`, which the linter cannot read for this tool)` };
}

/**
 * `items` once per place and key: of the ways to one place, a direct one over a `detour` (reached
 * through a cycle back into the function, when the function also reaches it directly), then one
 * that always runs over one under a condition or on an error path, then the shortest call chain,
 * then the first in order. The most direct way is the evidence, and it is the one every tool of a
 * wrapper shares: a tool whose own code also reaches the wrapper's analytics call, through a
 * longer way, keeps the wrapper's way to it (effects/shared.ts compares ways).
 */
function dedupe<T extends { location: { file: string; line: number; column: number }; via: readonly unknown[]; condition?: string; errorPath?: boolean }>(
  items: T[],
  key: (t: T) => string,
  detour: (t: T) => boolean = () => false,
): T[] {
  const rank = (t: T): number[] => [detour(t) ? 1 : 0, t.condition !== undefined || t.errorPath ? 1 : 0, t.via.length];
  const better = (a: number[], b: number[]): boolean => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
    return false;
  };
  const kept = new Map<string, T>();
  for (const item of items) {
    const k = `${item.location.file}:${item.location.line}:${item.location.column}:${key(item)}`;
    const seen = kept.get(k);
    if (!seen || better(rank(item), rank(seen))) kept.set(k, item);
  }
  return [...kept.values()];
}

/** A write made to store a selection (see {@link selectionKey}): it switches it, replacing no data, and a repeat selects the same. */
function asSelectionSwitch(e: Effect, key: string): Effect {
  if (e.access !== 'write') return e;
  const description = e.basis === 'name' ? `calls \`${e.sink}\`, which stores the selected \`${key}\` (switching a selection replaces no data)` : `${e.description}, switching the selected \`${key}\``;
  return { ...e, destructive: false, idempotent: true, description };
}

/**
 * Infers the effects of tool handlers by walking their bodies and following calls into project
 * functions (same file and imported; functions, arrow functions, methods), with cycle protection
 * and a depth limit. Library calls are classified by the sink catalog; calls it cannot see into
 * are recorded as unresolved, never as "no effect". Summaries are memoized per function.
 */
export class EffectAnalyzer {
  /** Summaries per function, per bindings (`0` is the context-free one every tool shares). */
  private readonly summaries = new Map<FunctionNode, Map<number, Summary>>();
  /**
   * Per function, its summaries by what their walks read (read-sets.ts): per read-set key, the read
   * set and the summaries by {@link Bindings.projectedId}. A context that binds what a walk read
   * the same way gets its summary, whatever else it binds.
   */
  private readonly byReads = new Map<FunctionNode, Map<number, { reads: Reads; summaries: Map<number, Summary> }>>();
  /** Effects of a function that reached it through a cycle back into it (`pong` → `ping` → `pong`): evidence prefers its direct way. */
  private readonly detours = new WeakSet<Effect>();
  /** Requests whose method is decided by a caller further up (request-flow.ts): read at each call on the way. */
  private readonly sentRequests = new WeakMap<Effect, SentRequest>();
  /** Effects judged at the calls of the function they are found in, by a value its callers pass. */
  private readonly waiting = new WeakMap<Effect, Waiting>();
  /** The functions being summarised, and the call cycles among them. */
  private readonly cycles: CallCycles<Summary>;
  /** The effect nodes of each function body, walked once. */
  private readonly nodesOf = new Map<FunctionNode, Node[]>();
  private readonly branches: BranchIndex;
  /** Branches chosen by a field of a registry entry the linter could not find (undecided-dispatch.ts). */
  private readonly undecided: UndecidedDispatch;
  private readonly parameterUse: ParameterUse;
  /** Who reads each piece of server state (made on first use, for the project of the first handler). */
  private stateReads: StateReads | undefined;
  /** Counts of the run so far (each function is summarised once per bindings; see {@link InferStats}). */
  readonly stats: InferStats = { summaries: 0, reused: 0, effectNodes: 0 };

  constructor(
    private readonly resolver: Resolver,
    private readonly options: InferOptions = DEFAULT_INFER_OPTIONS,
  ) {
    const evaluateIn = (expr: Node, b: Bindings): ReturnType<typeof evaluate> => evaluate(expr, this.resolver, 0, b);
    this.branches = new BranchIndex(evaluateIn);
    this.undecided = new UndecidedDispatch(this.resolver, evaluateIn);
    this.cycles = new CallCycles((bound) => bound.kind === 'node' && this.resolver.resolve(bound.node, 0, bound.bindings).kind === 'function');
    this.parameterUse = new ParameterUse((callee) => {
      const target = this.resolver.resolve(callee);
      return target.kind === 'function' ? target.node : null;
    });
  }

  /**
   * The effects of a tool's handler functions (one, or each method of a task handler), each read
   * with the bindings of the tool's registration context, with the call chain of each effect.
   */
  analyze(handlers: { node: FunctionNode; bindings: Bindings }[]): EffectSet {
    const set: EffectSet = { effects: [], unresolved: [], truncated: false };
    for (const handler of handlers) {
      let summary: Summary;
      try {
        summary = this.summarize(handler.node, 0, handler.bindings);
      } catch (error) {
        // The caller reports this tool as not analysed; the next tools start from an empty stack.
        this.cycles.reset();
        throw error;
      }
      set.effects.push(...this.applyConfiguration(summary.effects));
      set.unresolved.push(...summary.unresolved);
      set.truncated ||= summary.truncated;
    }
    return set;
  }

  /** Effects as the configuration judges them: incidental ones (a cache, an audit log) with its reason, database servers in the open world if it says so. */
  private applyConfiguration(effects: Effect[]): Effect[] {
    const configured = this.options.configured;
    if (!configured || configured.isEmpty) return effects;
    return effects.map((e) => configured.adjust(e));
  }

  /**
   * The effects of `fn` read with bindings `b`, memoized per function and bindings. A function on a
   * call cycle is read without the values that hold only for the cycle's first call, and the
   * summary of the cycle's outermost function holds the effects of all its functions (see
   * {@link CallCycles}); summaries of the others are provisional until it is done, never memoized.
   */
  private summarize(fn: FunctionNode, depth: number, given: Bindings): Summary {
    let b = this.cycles.contextOf(fn, given);
    const memo = this.summaries.get(fn)?.get(b.id) ?? this.cycles.pending(fn, b.id) ?? this.readingTheSame(fn, b);
    if (memo) {
      this.stats.reused++;
      noteReads(memo.reads);
      return memo;
    }
    this.stats.summaries++;
    this.cycles.enter(fn, b);
    /** The bindings of each walk: the summary is the one for all of them. */
    const contexts = [b];
    const walked = tracking(() => {
      let summary = this.walk(fn, depth, b);
      for (let again = this.cycles.mustRewalk(summary); again.again; again = this.cycles.mustRewalk(summary)) {
        // A cycle was found after its functions were read with first-call values: read again without them.
        b = again.b;
        const done = this.summaries.get(fn)?.get(b.id);
        if (done) {
          noteReads(done.reads);
          // Its reads and those of the walks that led to it: a copy, the memoized one keeps its own.
          return { ...done };
        }
        contexts.push(b);
        this.stats.summaries++;
        summary = this.walk(fn, depth, b);
      }
      return summary;
    });
    const summary = walked.value;
    summary.reads = walked.reads;
    const final = this.cycles.end(summary, contexts[contexts.length - 1]!.id, summary.complete);
    if (final && summary.complete) {
      let byBindings = this.summaries.get(fn);
      if (!byBindings) this.summaries.set(fn, (byBindings = new Map()));
      for (const context of contexts) byBindings.set(context.id, summary);
      this.rememberReads(fn, contexts, summary);
    }
    return summary;
  }

  /** A final summary of `fn` whose walk read only what `b` binds the same way, or undefined; a hit is memoized under `b`'s id too. */
  private readingTheSame(fn: FunctionNode, b: Bindings): Summary | undefined {
    const groups = this.byReads.get(fn);
    if (!groups) return undefined;
    // A function whose walks read ever more different parts of their contexts is looked up in its first read sets only: a miss costs a walk, never a wrong summary.
    let tried = 0;
    for (const [key, { reads, summaries }] of groups) {
      if (++tried > MAX_READ_SETS) break;
      const hit = summaries.get(b.projectedId(reads, key));
      if (hit) {
        this.summaries.get(fn)?.set(b.id, hit);
        return hit;
      }
    }
    return undefined;
  }

  /**
   * Files the final `summary` of `fn` under each of `contexts` by what its walk read of them (see
   * {@link EffectAnalyzer.byReads}): reads of declarations the contexts do not bind (a callee's
   * own parameters) are left out, so that the walks of one dispatcher for 1,000 tools, each
   * reaching another helper, share one read set.
   */
  private rememberReads(fn: FunctionNode, contexts: readonly Bindings[], summary: Summary): void {
    let groups = this.byReads.get(fn);
    if (!groups) this.byReads.set(fn, (groups = new Map()));
    for (const b of contexts) {
      const reads = b.readsWithin(summary.reads ?? NO_READS);
      const key = readsKey(reads);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { reads, summaries: new Map() }));
      group.summaries.set(b.projectedId(reads, key), summary);
    }
  }

  /** One walk over the effect nodes of `fn` with bindings `b`. */
  private walk(fn: FunctionNode, depth: number, b: Bindings): Summary {
    const summary: Summary = { effects: [], unresolved: [], truncated: false, complete: true, pendingOn: Infinity };
    /** The node of `fn` each effect comes from (the sink call, or the call of the function holding it). */
    const sites = new Map<Effect, Node>();
    let nodes = this.nodesOf.get(fn);
    if (!nodes) {
      const body = fn.getBody();
      nodes = body ? effectNodes(fn, body) : [];
      this.nodesOf.set(fn, nodes);
    }
    // A shared reader's one-time format migration changes nothing a later call returns.
    const inMigration = oneTimeMigrationTest(fn, nodes);
    // An inline callback the called function runs is read there, with what it is given bound.
    const followed = this.followedCallbacks(nodes, b);
    for (const node of nodes) {
      if (followed.length > 0 && isWithin(node, followed)) continue;
      // In a dispatch branch for one tool (`case "x":`), code for the other tools does not run.
      if (b.size > 0 && !this.branches.isReachable(node, fn, b)) continue;
      if (inMigration(node)) continue;
      if (this.stats.effectNodes >= this.options.maxWork) {
        this.cut(summary, node, `the work budget (${this.options.maxWork} effect nodes per run) was used up; effects from here on are not seen (raise it with --max-work)`);
        break;
      }
      this.stats.effectNodes++;
      const before = summary.effects.length;
      const unresolvedBefore = summary.unresolved.length;
      this.visit(node, fn, depth, summary, b);
      if (summary.unresolved.length > unresolvedBefore) {
        // An unresolved call in a dispatch branch is that branch's tools' own (shared.ts), as an effect there is.
        const condition = conditionOf(this.branches.guardsOf(node, fn));
        if (condition !== null) for (let i = unresolvedBefore; i < summary.unresolved.length; i++) summary.unresolved[i] = { ...summary.unresolved[i]!, condition };
      }
      if (summary.effects.length > before) {
        // Effects in a `catch` run only when something failed (cleaning up a temp file): messages lead with the main path.
        const errorPath = isInCatch(node, fn);
        // Code in a function `fn` defines but does not call (a method of an object it returns) runs when its caller calls it.
        const deferred = isDeferred(node, fn);
        // The branch an effect sits in, nearest the handler winning over a callee's own (`case "delete":`).
        const guards = this.branches.guardsOf(node, fn);
        const condition = conditionOf(guards);
        // A branch chosen by a field of the tool's registry entry, which the linter could not find: maybe another tool's.
        const undecided = this.undecided.of(guards, b);
        for (let i = before; i < summary.effects.length; i++) {
          const effect = summary.effects[i]!;
          if (errorPath || deferred || condition !== null || undecided !== null) {
            const unproven = undecided !== null ? undecidedEffect(effect, undecided) : {};
            summary.effects[i] = { ...effect, ...(errorPath ? { errorPath } : {}), ...(deferred ? { deferred } : {}), ...(condition !== null ? { condition } : {}), ...unproven };
            if (this.detours.has(effect)) this.detours.add(summary.effects[i]!);
            const sent = this.sentRequests.get(effect);
            if (sent) this.sentRequests.set(summary.effects[i]!, sent);
            const waiting = this.waiting.get(effect);
            if (waiting) this.waiting.set(summary.effects[i]!, waiting);
          }
          sites.set(summary.effects[i]!, node);
        }
      }
    }
    // A flag switched and then restored (`enableSilentMode(); ...; disableSilentMode()`) ends as it started.
    if (summary.effects.some((e) => e.setsTo !== undefined)) summary.effects = withoutRestoredSwitches(summary.effects, sites);
    // A file rewritten from what was read (load, change, save) is judged by the change (issue #4).
    if (summary.effects.some((e) => e.target !== undefined)) summary.effects = judgeFileRewrites(fn, summary.effects, sites, inMigration);
    // Calls of one chain start at one place (`redis.multi().set(k).incr(n)`): their sinks tell them apart.
    // In a handler, one sink reached through calls of two different functions stays twice: a
    // wrapper's call (`this.trackEvent`, shared by every tool) and the tool's own (`setActive` →
    // the same `cache.set`) must not hide each other (shared.ts).
    // (One also reached in the handler's own body, as a callback it passes on, is one effect.)
    const sinkAt = (e: Effect): string => `${e.location.file}:${e.location.line}:${e.location.column} ${e.kind} ${e.sink}`;
    const direct = depth === 0 ? new Set(summary.effects.filter((e) => e.via.length === 0).map(sinkAt)) : new Set<string>();
    // The function a hop calls, by name: `withLimits(name, cb)` (calling what it returns) and its callback's `withLimits` are one.
    const firstHop = (e: Effect): string => (depth === 0 && e.via[0] && !direct.has(sinkAt(e)) ? e.via[0].callee.split('(')[0]! : '');
    summary.effects = this.withoutClosureCopies(fn, summary.effects);
    summary.effects = dedupe(summary.effects, (e) => `${e.kind} ${e.sink} ${firstHop(e)}`, (e) => this.detours.has(e));
    summary.unresolved = dedupe(summary.unresolved, (u) => u.reason);
    return summary;
  }

  /**
   * The inline callbacks among `nodes` (a function body's) that a function of the project they are
   * handed to calls itself, so that its walk reads them with their parameters bound (see
   * followed-callbacks.ts): the calls {@link visitCall} follows into the callee (not a compiler's
   * helper, a configured sink, a cache's upkeep or a bundled dependency).
   */
  private followedCallbacks(nodes: readonly Node[], b: Bindings): FunctionNode[] {
    const out: FunctionNode[] = [];
    for (const { call, index, callback } of inlineCallbacks(nodes)) {
      if (isEmitHelperCall(call) || this.options.configured?.forCall(unwrap(call.getExpression()).getText()) || isCacheUpkeepCall(call)) continue;
      const target = this.resolver.resolve(call.getExpression(), 0, b);
      if (target.kind !== 'function' || (bundledDependencyOf(target.node) !== null && bundledDependencyOf(call) === null)) continue;
      let calleeNodes = this.nodesOf.get(target.node);
      if (!calleeNodes) {
        const body = target.node.getBody();
        calleeNodes = body ? effectNodes(target.node, body) : [];
        this.nodesOf.set(target.node, calleeNodes);
      }
      if (callsParameter(target.node, index, calleeNodes)) out.push(callback);
    }
    return out;
  }

  private visit(node: Node, fn: FunctionNode, depth: number, summary: Summary, b: Bindings): void {
    this.stateReads ??= new StateReads(node.getProject());
    const mutation = stateMutation(node, fn, this.stateReads, (key) => isFreshKey(key, this.resolver, b));
    if (mutation) {
      if (!this.keepsCache(node)) summary.effects.push(mutation);
      return;
    }
    if (Node.isCallExpression(node) || Node.isNewExpression(node)) this.visitCall(node, depth, summary, b, fn);
    else if (Node.isTaggedTemplateExpression(node)) this.visitTaggedTemplate(node, depth, summary, b);
  }

  /** A tagged template (zx's $\`cmd\`) calls its tag: a catalogued sink, or a project function to follow. */
  private visitTaggedTemplate(node: import('ts-morph').TaggedTemplateExpression, depth: number, summary: Summary, b: Bindings): void {
    const target = this.resolver.resolve(node.getTag(), 0, b);
    if (target.kind === 'function') {
      this.include(target.node, node, depth, summary, bindingsOf(target));
      return;
    }
    if (target.kind !== 'module') return;
    const { module, exportPath, sink, named } = moduleSink(target);
    if (!sink) {
      if (!isPureModule(module)) this.unresolved(summary, node, `calls ${named} as a template tag, which the sink catalog does not model`);
      return;
    }
    if (sink.pure) return;
    summary.effects.push(sinkTemplateEffect(sink, node, this.resolver, { module, path: exportPath }, b));
  }

  /**
   * The bindings a called function runs in: those it was resolved with, plus, inside a bound
   * context, its parameters whose arguments have a static value there (`handleToolCall(name, args)`
   * in a dispatch branch for one tool sees `name` as that tool's name).
   */
  private calleeBindings(callee: FunctionNode, resolved: Bindings, call: Node, b: Bindings): Bindings {
    if (!(Node.isCallExpression(call) || Node.isNewExpression(call))) return resolved;
    // Outside a bound context, only a small helper that hands a parameter to a call is read per call
    // site (`run("kubectl", ["get", ...])`, `request(url, { method: "PUT" })`): larger callees keep
    // one summary for all their callers (but for the callbacks they are given), which keeps big servers fast.
    // A call site that passes a literal to a parameter the callee branches on (`runCli(dirs, cwd, { quiet: true })`,
    // `handle("list")`) is read with it too: the branches that literal rules out do not run for it.
    const forwarded = this.parameterUse.forwarded(callee);
    if (b.size === 0 && forwarded === null && !this.passesSteeringLiteral(callee, call)) return this.bindCallbacks(callee, resolved, call, b);
    const forwarding = forwarded !== null;
    if (b.size === 0) resolved = this.bindCallbacks(callee, resolved, call, b);
    let out = resolved;
    // `fn(...args)` with `args` a known list (a request bound to a rest parameter): its items are the arguments.
    const args: Node[] = [];
    const spreadValues = new Map<number, unknown>();
    for (const arg of call.getArguments()) {
      if (Node.isSpreadElement(arg)) {
        const list = this.resolver.resolve(arg.getExpression(), 0, b);
        if (list.kind !== 'const' || !Array.isArray(list.value)) break;
        for (const value of list.value) {
          spreadValues.set(args.length, value);
          args.push(arg);
        }
        continue;
      }
      args.push(arg);
    }
    callee.getParameters().forEach((param, i) => {
      const arg = args[i];
      // A forwarded parameter the call site leaves out is `undefined` there (`request(url)` spreads no options).
      if (!arg && forwarded?.has(param.getName()) && !param.isRestParameter() && !param.hasInitializer() && !call.getArguments().some((a) => Node.isSpreadElement(a))) {
        out = out.with(param, { kind: 'const', value: undefined }, callee);
        return;
      }
      if (!arg || param.isRestParameter()) return;
      // A function argument is always bound (the callee may call it); a static value only when the callee's branches can read it.
      // A small forwarder's parameters passed whole to a call (a program, an options object) steer that call too.
      const steers = (forwarded?.has(param.getName()) ?? false) || this.parameterUse.steers(callee, i);
      if (spreadValues.has(i)) {
        if (!steers) return;
        out = out.with(param, { kind: 'const', value: spreadValues.get(i), partial: true }, callee);
        return;
      }
      const target = this.resolver.resolve(arg, 0, b);
      if (target.kind === 'function' || (Node.isIdentifier(arg) && this.functionsHeldBy(arg, b) !== null)) {
        out = out.with(param, { kind: 'node', node: arg, bindings: b }, callee);
        return;
      }
      // A list or options built by the caller (`args`, `{ method: "PUT", body }`): a small forwarder reads the caller's expression.
      const node = unwrap(arg);
      if (forwarding && (Node.isArrayLiteralExpression(node) || Node.isObjectLiteralExpression(node) || (Node.isIdentifier(node) && target.kind !== 'const'))) {
        out = out.with(param, { kind: 'node', node, bindings: b }, callee);
        return;
      }
      if (!steers) return;
      // Options the caller writes out (`{ quiet: true, output }`, also in a local const): the callee reads its keys, an absent one as undefined.
      // Keys the callee writes itself (`options.stdout = true`) are known only at run time; the others are the caller's.
      const written = writtenKeys(callee, param.getName());
      const open = written !== 'any' && written.size > 0 ? { openKeys: written } : {};
      const literal = optionsLiteral(arg);
      if (literal && target.kind !== 'const' && written !== 'any') {
        out = out.with(param, { kind: 'node', node: literal, bindings: b.visibleFrom(literal), ...open }, callee);
        return;
      }
      if (target.kind === 'const') {
        out = out.with(param, { kind: 'const', value: target.value, ...(target.partial ? { partial: true } : {}) }, callee);
        return;
      }
      // An object the caller made (`const client = createClient(token); handler(client)`): the callee's
      // method calls on it run that object's methods, which its declared type does not show.
      // Also a package's value made at the call site or held in a local const (`register(randomUUID(), p)`,
      // `const id = newId()` with `newId` returning `randomBytes(8).toString("hex")`): the callee reads it as the caller made it.
      const packageValue = target.kind === 'module' && (Node.isCallExpression(node) || (Node.isIdentifier(node) && initializerOf(node, true) !== undefined));
      if (((target.kind === 'value' && !Node.isSourceFile(target.node)) || packageValue) && written !== 'any') {
        out = out.with(param, { kind: 'node', node: arg, bindings: b, ...open }, callee);
        return;
      }
      const v = evaluate(arg, this.resolver, 0, b);
      if (v.known && ['string', 'number', 'boolean'].includes(typeof v.value)) out = out.with(param, { kind: 'const', value: v.value }, callee);
    });
    return this.bindPassedRest(callee, out, args, b);
  }

  /**
   * Once some parameter of `callee` is bound, the resolver reads an unbound one as left out at the
   * call site (its default, or undefined). A parameter the call site does pass, but that the
   * bindings above leave unbound (it steers nothing, or its value is not static), is bound to the
   * caller's expression instead: `useTag(path, name, {}, ctx, "json")` bound `{}` and `"json"` and
   * left `tagName` to read as undefined, so `if (!tagName) throw` cut off every write after it.
   */
  private bindPassedRest(callee: FunctionNode, out: Bindings, args: readonly Node[], b: Bindings): Bindings {
    const params = callee.getParameters();
    if (!params.some((p) => out.get(p) !== undefined)) return out;
    params.forEach((param, i) => {
      const arg = args[i];
      if (!arg || param.isRestParameter() || Node.isSpreadElement(arg) || out.get(param) !== undefined) return;
      // An object the callee writes keys into is not the caller's literal any more (see `writtenKeys`).
      if (writtenKeys(callee, param.getName()) !== NO_KEYS) return;
      out = out.with(param, { kind: 'node', node: arg, bindings: b }, callee);
    });
    return out;
  }

  /** True when `call` passes a literal (an options object, a list, a string, number or boolean) to a parameter `callee` branches on. */
  private passesSteeringLiteral(callee: FunctionNode, call: CallExpression | NewExpression): boolean {
    const args = call.getArguments();
    return callee.getParameters().some((param, i) => {
      const arg = args[i];
      if (!arg || param.isRestParameter() || args.slice(0, i + 1).some((a) => Node.isSpreadElement(a))) return false;
      const node = unwrap(arg);
      const literal = ((optionsLiteral(arg) !== null || Node.isArrayLiteralExpression(node)) && writtenKeys(callee, param.getName()) !== 'any') || Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) || Node.isNumericLiteral(node) || Node.isTrueLiteral(node) || Node.isFalseLiteral(node);
      return literal && this.parameterUse.steers(callee, i);
    });
  }

  /**
   * `resolved` plus the callee's parameters whose argument is a function of the project
   * (`withRetry(() => fetch(url))`, `withRetry(post)`): the callee's `fn()` then runs that function
   * instead of being a call of an unknown parameter. A call site that passes none shares the
   * callee's context-free summary.
   */
  private bindCallbacks(callee: FunctionNode, resolved: Bindings, call: CallExpression | NewExpression, b: Bindings): Bindings {
    let out = resolved;
    const args = call.getArguments();
    callee.getParameters().forEach((param, i) => {
      const arg = args[i];
      if (!arg || param.isRestParameter() || args.slice(0, i + 1).some((a) => Node.isSpreadElement(a))) return;
      const a = unwrap(arg);
      // A name holding one of several inline functions (a middleware chain's `next`) is bound as it stands.
      if (Node.isIdentifier(a) && this.functionsHeldBy(a, b) !== null) {
        out = out.with(param, { kind: 'node', node: arg, bindings: b }, callee);
        return;
      }
      if (!(isFunctionNode(a) || mayBeCallback(a, b))) return;
      if (this.resolver.resolve(a, 0, b).kind === 'function') out = out.with(param, { kind: 'node', node: arg, bindings: b }, callee);
    });
    return out;
  }

  private include(callee: FunctionNode, call: Node, depth: number, summary: Summary, b: Bindings = Bindings.EMPTY, callerB: Bindings = Bindings.EMPTY): void {
    const dependency = bundledDependencyOf(callee);
    // A bundled copy of a pure package (a schema validator in a server's chunk) has no effect, as the package has not.
    if (dependency !== null && bundledDependencyOf(call) === null && isPureModule(dependency)) return;
    if (dependency !== null && bundledDependencyOf(call) === null) {
      this.unresolved(summary, call, `calls ${dependency}, a dependency bundled into ${callee.getSourceFile().getBaseName()}; its code is not analysed`);
      return;
    }
    // A shared initialiser that runs once per process (`if (this.initialized) return; ...`): its effects set up what every later call reads, no tool's doing.
    if (isOnceInitializer(callee)) return;
    const onStack = this.cycles.indexOf(callee);
    const nesting = onStack === undefined ? null : callsBoundParameter(call, callerB) ? this.cycles.nesting(callee, b) : 'cycle';
    if (nesting === 'too deep') {
      this.cut(summary, call, `runs a wrapper applied to itself more than ${MAX_NESTED_RUNS} times; what the innermost one runs is not followed`);
      return;
    }
    if (onStack !== undefined && nesting === 'cycle') {
      // A cycle: the callee's effects reach this summary through the cycle's outermost function.
      summary.pendingOn = Math.min(summary.pendingOn, onStack);
      this.cycles.join(onStack);
      return;
    }
    if (depth + 1 > this.options.maxDepth) {
      this.cut(summary, call, `the depth limit (${this.options.maxDepth} ${this.options.maxDepth === 1 ? 'call' : 'calls'}) was reached; effects past it are not seen (raise it with --max-depth)`);
      return;
    }
    const inner = this.summarize(callee, depth + 1, b);
    if (!inner.complete) summary.complete = false;
    summary.pendingOn = Math.min(summary.pendingOn, inner.pendingOn);
    this.cycles.reached(inner);
    if (inner.truncated) summary.truncated = true;
    if (inner.effects.length === 0 && inner.unresolved.length === 0) return;
    const hop = hopOf(call);
    // A method called on an object made during this call (`new Builder().add(x).build()`) writes
    // that object, not server state: drop its own `this.*` writes (reached through `this.` calls only).
    const ownThisWrite = (e: Effect): boolean => e.kind === 'state.write' && e.sink.startsWith('server state this') && e.via.every((h) => h.callee.startsWith('this.'));
    const fresh = inner.effects.some(ownThisWrite) && Node.isCallExpression(call) && isFreshReceiver(call);
    // So too one made for this call and handed down through parameters and options objects
    // (`progressTracker?.setRunId(id)`), when it stays in the call: call-local.ts.
    const cls = fresh ? null : classOfMethod(callee);
    const own = (e: Effect): boolean => cls !== null && ownThisWrite(e) && writesOwnField(e, cls);
    const local = cls !== null && inner.effects.some(own) ? receiverStep(call, this.resolver, callerB) : null;
    const paths = (Node.isCallExpression(call) || Node.isNewExpression(call)) && inner.effects.some((e) => e.target !== undefined) ? this.parameterPaths(callee, call) : null;
    // Through a cycle back into the caller: its own effects may also be reached directly, which the evidence prefers.
    const caller = this.cycles.innermost();
    const detour = inner.cycle !== undefined && caller !== undefined && inner.cycle.has(caller);
    // The function that picks the method (`update() { return this.send(path, { method: "PATCH" }) }`) names the operation; a transport helper handed the method (`send`, `request`) does not.
    const operation = /(['"`])(?:PATCH|PUT)\1/i.test(callee.getBody()?.getText() ?? '') ? writtenName(callee) : null;
    // A callee on a call cycle (`step(i + 1, r, o)` through a pipeline's policies) is also called
    // with what the cycle's own calls pass, which its effects here do not show: its parameters are
    // not this call's arguments alone, so a request waiting on them stays unknown.
    const recursive = inner.cycle !== undefined && inner.cycle.size > 0;
    for (const e of inner.effects) {
      if (fresh && ownThisWrite(e)) continue;
      if (local && 'local' in local && own(e)) continue;
      let moved: Effect = { ...e, via: [hop, ...e.via] };
      const sent = this.sentRequests.get(e);
      const step = sent && !(recursive && pendingOwners(sent).includes(callee)) ? throughCall(sent, callee, call, this.resolver, callerB) : null;
      if (step && 'effect' in step) moved = { ...moved, access: step.effect.access, destructive: step.effect.destructive, idempotent: step.effect.idempotent, confidence: step.effect.confidence, sink: step.effect.sink, description: step.effect.description };
      else if (step) this.sentRequests.set(moved, step.pending);
      if (operation !== null) moved = relaxedByOperation(moved, operation);
      // A path that is the callee's parameter reads, in the caller, as the argument it was given.
      if (paths && e.target !== undefined && paths.has(e.target)) moved.target = paths.get(e.target)!;
      if (paths && e.from !== undefined && paths.has(e.from)) moved.from = paths.get(e.from)!;
      const waiting = this.waiting.get(e);
      // (A callee on a call cycle is also called with what the cycle passes: its parameters are not this call's arguments alone.)
      if (waiting && !(recursive && waitsAt(waiting) === callee)) {
        const judged = this.judgedAt(waiting, moved, callee, call, callerB);
        if (judged === null) continue;
        moved = judged;
      }
      if (local && 'passed' in local && own(e)) this.waiting.set(moved, { on: 'instance', passed: local.passed, hops: local.hops });
      if (detour) this.detours.add(moved);
      summary.effects.push(moved);
    }
    for (const u of inner.unresolved) summary.unresolved.push({ ...u, via: [hop, ...u.via] });
  }

  /**
   * True when `call` is in the body of a `for...of` loop (within `fn`) over a collection the program
   * never adds to (a generated SDK's hook list: collection-elements.ts): the body never runs.
   */
  private inLoopOverNothing(call: Node, fn: FunctionNode): boolean {
    for (let node: Node = call, parent = node.getParent(); parent && node !== fn; node = parent, parent = parent.getParent()) {
      if (Node.isForOfStatement(parent) && parent.getStatement() === node && this.resolver.loopElements(parent)?.length === 0) return true;
    }
    return false;
  }

  /** The callee's parameter names → the text of the arguments `call` gives them (for the paths of file effects). */
  private parameterPaths(callee: FunctionNode, call: CallExpression | NewExpression): Map<string, string> {
    const out = new Map<string, string>();
    const args = call.getArguments();
    callee.getParameters().forEach((param, i) => {
      const arg = args[i];
      const name = param.getNameNode();
      if (arg && Node.isIdentifier(name) && !Node.isSpreadElement(arg)) out.set(name.getText(), pathText(arg, this.resolver));
    });
    return out;
  }

  private visitCall(call: CallExpression | NewExpression, depth: number, summary: Summary, b: Bindings, fn: FunctionNode): void {
    const calleeExpr = call.getExpression();
    if (calleeExpr.getKind() === SyntaxKind.SuperKeyword) return;
    if (this.inLoopOverNothing(call, fn)) return;
    if (calleeExpr.getKind() === SyntaxKind.ImportKeyword || isGlobalRequire(calleeExpr)) {
      const arg = call.getArguments()[0];
      // import("pkg") of a literal loads a known module; a computed specifier loads code chosen at run time.
      if (arg && (Node.isStringLiteral(arg) || Node.isNoSubstitutionTemplateLiteral(arg))) return;
      summary.effects.push({
        kind: 'unknown',
        access: 'unknown',
        destructive: null,
        idempotent: null,
        openWorld: false,
        sink: calleeExpr.getKind() === SyntaxKind.ImportKeyword ? 'import()' : 'require()',
        description: 'loads and runs a module chosen at run time',
        confidence: 'certain',
        location: locationOf(call),
        via: [],
      });
      return;
    }
    // A compiler's helper (`__awaiter(this, ..., function* () {...})`) runs the code it is given, which is walked as the caller's own.
    if (isEmitHelperCall(call)) return;
    // A wrapper the configuration declares a sink (`db.exec`) is judged as configured, not followed.
    const configured = this.options.configured?.forCall(unwrap(calleeExpr).getText());
    if (configured) {
      this.pushSinkEffect(summary, configured, call, undefined, b);
      return;
    }
    const resolved = this.resolver.resolve(calleeExpr, 0, b);
    const target = resolved.kind === 'unknown' ? (templateResultMember(calleeExpr, this.resolver, b) ?? callbackClientMember(calleeExpr, this.resolver, b, (t) => moduleSink(t).sink) ?? resolved) : resolved;
    // `items.push(x)` on server state is a mutation, unless `push` is a method of the project or of a package.
    // A method of an API declared without code (`declare const client: any`) is that API's, not server state.
    const mutation = target.kind === 'function' || target.kind === 'module' || (target.kind === 'unknown' && target.declaredOnly) ? undefined : mutationOfCall(call, fn, this.stateReads, (key) => isFreshKey(key, this.resolver, b), (param) => this.resolver.parameterValues(param));
    if (mutation) {
      if (!this.keepsCache(call)) summary.effects.push(mutation);
    }
    // A write no later call can see (mutation === null: a memo filled, a cache entry evicted) is no effect, nor a call to judge by its name.
    else if (mutation === undefined) this.classify(call, target, depth, summary, b);
    // Functions of the project passed as callbacks (`items.map(save)`) run too.
    for (const arg of call.getArguments()) {
      const a = unwrap(arg);
      if (!mayBeCallback(a, b)) continue;
      const argTarget = this.resolver.resolve(a, 0, b);
      if (argTarget.kind === 'function') this.include(argTarget.node, call, depth, summary, bindingsOf(argTarget));
    }
  }

  private classify(call: CallExpression | NewExpression, target: Target, depth: number, summary: Summary, b: Bindings): void {
    // `log?.info?.(...)`, `logger.error(msg, err)`: logging, whatever the logger does (logger-calls.ts).
    if (Node.isCallExpression(call) && isLoggerCall(call)) return;
    switch (target.kind) {
      case 'function':
        if (Node.isNewExpression(call)) return;
        // A store named as a cache filled with a computed value, or emptied (`this.cache.set("distinctId", id)`),
        // is upkeep also when its class is the project's: what its methods write (a storage put) no later call sees.
        if (isCacheUpkeepCall(call)) return;
        {
          const before = summary.effects.length;
          this.include(target.node, call, depth, summary, this.calleeBindings(target.node, bindingsOf(target), call, b), b);
          // A store's method given a selection (`context.cache.set("projectId", args.projectId)`): what it writes switches a selection.
          const selected = Node.isCallExpression(call) ? selectionKey(call) : null;
          if (selected !== null) for (let i = before; i < summary.effects.length; i++) summary.effects[i] = asSelectionSwitch(summary.effects[i]!, selected);
        }
        return;
      case 'module': {
        // Third-party code the package ships is not loaded (project/third-party.ts); making one of its objects runs nothing to judge.
        if (target.vendored !== undefined) {
          if (Node.isCallExpression(call)) this.unresolved(summary, call, `calls ${target.vendored}; its code is not analysed`);
          return;
        }
        const { module, exportPath, sink: catalogued, named } = moduleSink(target);
        const sink = this.options.configured?.forModule(module, exportPath) ?? catalogued;
        if (sink) {
          this.pushSinkEffect(summary, sink, call, { module, path: exportPath }, b);
          return;
        }
        // An MCP client's `callTool` (the SDK is otherwise pure) runs a tool the linter cannot see.
        if (Node.isCallExpression(call) && DELEGATING_METHODS.has(exportPath[exportPath.length - 1] ?? '')) {
          summary.effects.push(arbitraryEffect(call, `\`${exportPath[exportPath.length - 1]}\` forwards the call to a tool chosen by the arguments`));
          return;
        }
        // A specifier no runtime resolves (`""`, `"\0bad"`, `"%%%"`) loads nothing the linter could know.
        const malformed = malformedSpecifier(target.specifier);
        if (malformed !== null) {
          const shown = `the module "${shorten(JSON.stringify(target.specifier).slice(1, -1), 40)}"`;
          this.unresolved(summary, call, `calls ${exportPath.length > 0 ? `\`${shorten(pathKey(exportPath), 40)}\` of ${shown}` : shown}: ${malformed}`);
          return;
        }
        if (isPureModule(module) || SINK_INDEX.isResultOf(module, exportPath) || isSinkFactory(module, exportPath)) return;
        // A relative specifier no file answers is project code that is missing (not built, deleted), not a package API to judge by its verbs.
        if (/^(?:\.{1,2}(?:\/|$)|\/)/.test(module)) {
          // A module of the package that bundles the SDK (with other code) is left unread, as the SDK is.
          const why = isBundledSdkModule(module, call.getSourceFile().getFilePath()) ? 'bundles the MCP SDK with other code, which the linter does not read' : 'cannot be found (a file missing or not built?)';
          this.unresolved(summary, call, `${named}: the module ${module} ${why}`);
          return;
        }
        if (Node.isCallExpression(call) && freesHandle(call, exportPath)) return;
        // `(await sdk.items.list()).data.map(f)`, `connection.serverUrl.split("/")`: a string or array method of what a package call or `new` returned.
        // (Also anything called on what such a method returned: `.split("/").pop()` acts on an array.)
        const last = exportPath[exportPath.length - 1] ?? '';
        const made = exportPath.findIndex((p) => p === RESULT_OF_CALL || p === RESULT_OF_NEW);
        if (made >= 0 && exportPath.some((p, i) => i > made && (i === exportPath.length - 1 || exportPath[i + 1] === RESULT_OF_CALL) && DATA_METHODS.has(p))) return;
        // `PullRequestStatus.Active.valueOf()`: the primitive value of a package's constant.
        if ((last === 'valueOf' || last === 'toString') && exportPath.length >= 2) return;
        // `server.ctx.custom.track(session, "tool")`: a telemetry method of something a package made.
        if ((TELEMETRY_METHODS.has(last) || RUNTIME_CONTEXT_METHODS.has(last)) && made >= 0) return;
        this.unseen(summary, call, `calls ${named}, which the sink catalog does not model`, b, `${module} ${pathKey(exportPath)}`.trim(), Node.isCallExpression(call) ? (clientPackageOfPath(module, exportPath) ?? clientPackageOfArguments(call, this.resolver, b) ?? clientPackageOfReceiver(call)) : null);
        return;
      }
      case 'global': {
        const sink = SINK_INDEX.lookup('global', target.path);
        if (sink) {
          this.pushSinkEffect(summary, sink, call, { module: 'global', path: target.path }, b);
          return;
        }
        // Calling what a collection gave back (`handlers.get(name)(args)`, `tools.find(...).handler()`) runs code the catalog cannot name.
        const taken = target.path.findIndex((p, i) => p === RESULT_OF_CALL && COLLECTION_GETTERS.has(target.path[i - 1] ?? ''));
        const callsResult = target.path[target.path.length - 1] === RESULT_OF_CALL && !Node.isCallExpression(unwrap(call.getExpression()));
        // `paths.get(id).split(".").pop()`: a string or array method of the value a collection gave back reads data.
        // (A step that only strings and arrays have, `split`, tells data from a handler: `handlers.get(name).call(...)` stays unfollowed.)
        // (Fields of the value may come first: `registry.get(id).filePath.split(".")`.)
        const after = target.path.slice(taken + 1);
        // (`lessons.get(name).steps.map(f)`: `f` is followed as a callback.)
        const called = target.path[target.path.length - 1] ?? '';
        if (taken >= 0 && !callsResult && (DATA_METHODS.has(called) || (BUILTIN_VALUE_METHODS.has(called) && after.some((p) => DATA_METHODS.has(p))))) return;
        // `scores.get(file).hits.add(word)`: a collection in a record the function keeps for itself (fresh-records.ts).
        if (Node.isCallExpression(call) && taken >= 0 && !callsResult && isFreshRecordFieldUpdate(call)) return;
        if (Node.isCallExpression(call) && (taken >= 0 || callsResult)) {
          this.unresolved(summary, call, `calls a function taken from \`${shorten(unwrap(call.getExpression()).getText(), 40)}\`, which the linter cannot follow`);
          return;
        }
        // A method of what `new Promise(...)`, `Object.assign(...)` or `Array.from(...)` gave back acts on a value they were handed, which the linter cannot see.
        const method = target.path[target.path.length - 1] ?? '';
        const carried =
          VALUE_CARRIERS.has(target.path[0]!) &&
          target.path.slice(1, -1).some((p) => p === RESULT_OF_CALL || p === RESULT_OF_NEW) &&
          !isBuiltinValueCall(method, null);
        if (!carried && (target.path.some((_, i) => PURE_GLOBALS.has(pathKey(target.path.slice(0, i + 1)))) || SINK_INDEX.isResultOf('global', target.path))) return;
        // `process.version.replace("v", "")`: a string or array method of a global's property.
        if (!carried && target.path.length >= 3 && DATA_METHODS.has(method)) return;
        if (Node.isCallExpression(call) && carried) this.unseen(summary, call, `calls \`${shorten(unwrap(call.getExpression()).getText(), 40)}\` on a value handed through ${target.path[0]}, which the linter cannot follow`, b);
        else this.unresolved(summary, call, `calls ${pathKey(target.path)}, a global the sink catalog does not model`);
        return;
      }
      case 'value': {
        if (Node.isNewExpression(call)) return;
        // `await tokenProvider()`: credential upkeep before a request (token-providers.ts).
        if (isTokenAcquisition(call)) return;
        this.unresolved(summary, call, 'calls a value that is not a function the linter can read');
        return;
      }
      case 'const': {
        // Calling what the linter reads as undefined would throw: a table or key it read wrong
        // (a handler map filled in a way it cannot follow), never a tool with no effects. `f?.()` is fine.
        // A method every object, array, string or promise has (`obj.hasOwnProperty(k)`, `p.catch(f)`) is not missing.
        const callee = unwrap(call.getExpression());
        const optional = Node.isCallExpression(call) && (call.hasQuestionDotToken() || (Node.isPropertyAccessExpression(callee) && callee.hasQuestionDotToken()));
        const inherited = Node.isPropertyAccessExpression(callee) && (BUILTIN_VALUE_METHODS.has(callee.getName()) || OBJECT_PROTOTYPE_METHODS.has(callee.getName()));
        if (target.value === undefined && Node.isCallExpression(call) && !optional && !inherited) {
          this.unresolved(summary, call, `calls \`${shorten(unwrap(call.getExpression()).getText(), 40)}\`, which the linter reads as undefined: how it is filled is beyond what it follows`);
        }
        return;
      }
      case 'unknown': {
        const callee = unwrap(call.getExpression());
        if (isPromiseExecutorParameter(callee, this.resolver) || Node.isNewExpression(call)) return;
        if (target.runtime) {
          // `data.hasOwnProperty(k)` on a value read at run time: the method every object inherits (a parsed document holds no functions).
          if (Node.isPropertyAccessExpression(callee) && OBJECT_PROTOTYPE_METHODS.has(callee.getName())) return;
          summary.effects.push(arbitraryEffect(call, target.reason));
          return;
        }
        // A method of a request, response or stream, or a logger's console method: the receiver's declared type says it acts in memory.
        if (Node.isCallExpression(call) && inMemoryCall(call) !== null) return;
        // `visited.add(id)` on a parameter every caller gives a `new Set()` of its own: a collection of that call.
        const collectionCall = (c: CallExpression): boolean => localCollectionCall(c, (param) => this.resolver.parameterValues(param)) !== null || declaredCollectionCall(c) !== null;
        if (Node.isCallExpression(call) && (collectionCall(call) || callbackArrayCall(call) !== null)) return;
        // `tiers.values().next().value`, `cache.keys().next().value`: a step of a collection's iterator.
        // (A Map, Set or array the code makes or declares, also a module's: `keys()` only reads it.)
        const iterated = (c: CallExpression): boolean => {
          const maker = unwrap(c.getExpression());
          return collectionCall(c) || (Node.isPropertyAccessExpression(maker) && isBuiltinCollection(maker.getExpression()));
        };
        if (Node.isCallExpression(call) && iteratorStepCall(call, iterated) !== null) return;
        // `let next = async () => run(req); ... next = async () => mw(req, prev); return next()`: each function it may hold runs.
        // A middleware's `next` parameter bound to such a `let` (`mw(req, prevNext)`, `const prevNext = next`) runs one of them too, read where the chain binds it.
        // `this.policies[i].handle(req, next)`: the method of each element the list can hold runs.
        const held = Node.isIdentifier(callee) ? this.functionsHeldBy(callee, b) : null;
        const alternatives = held ? held.functions : Node.isIdentifier(callee) ? null : this.elementMethods(callee, b);
        if (alternatives) {
          const heldB = held ? held.bindings : b;
          for (const fn of alternatives) this.include(fn, call, depth, summary, this.calleeBindings(fn, heldB.visibleFrom(fn), call, b), b);
          return;
        }
        // `await tokenProvider()` of a parameter: credential upkeep before a request (token-providers.ts).
        if (Node.isCallExpression(call) && isTokenAcquisition(call)) return;

        // A cache of unknown type filled with what the server computed, or emptied: no later call sees it.
        if (Node.isCallExpression(call) && isCacheUpkeepCall(call)) return;
        // A store of unknown type given a selection: a write that switches it, not one that replaces data.
        if (Node.isCallExpression(call) && selectionKey(call) !== null) {
          const before = summary.effects.length;
          this.unseen(summary, call, target.reason, b);
          for (let i = before; i < summary.effects.length; i++) summary.effects[i] = asSelectionSwitch(summary.effects[i]!, selectionKey(call)!);
          return;
        }
        // What the project declares without code is read from the call itself (its HTTP method, its verb).
        const declared = target.declaredOnly ? this.unseenCallEffect(call, b) : null;
        if (declared) {
          summary.effects.push(this.deletionOfMade(declared, call, b));
          return;
        }
        // The package whose service client the receiver is declared as, read once (undefined: not read yet).
        let client: string | null | undefined;
        if (Node.isPropertyAccessExpression(callee)) {
          const method = callee.getName();
          // `delete`/`set`/`add`/`clear` are also the verbs of APIs: on a receiver not known to be a Map, a Set or an array, the name is judged.
          // `request` is also the method of a service's client (`this.api.request(query)` on a field typed `ApiClient` of a package).
          // `search` is also a string's method: not on a receiver declared as a service's client (`client.search({ query })`).
          if ((isBuiltinValueCall(method, callee.getExpression()) || MCP_PROTOCOL_METHODS.has(method)) && (client = clientPackageOfReceiver(call)) === null) return;
          // Opening or closing a connection or handle of unknown type without arguments (`conn.close()`,
          // `client.release()`) touches no data; `lab.end(sessionId)` may, and is judged by its name.
          if (CLIENT_LIFECYCLE_METHODS.has(method) && !['on', 'once', 'off'].includes(method) && call.getArguments().length === 0) return;
          if (freesHandle(call, [])) return;
          if (this.isResultOfPureCall(callee.getExpression())) return;
        }
        // `sendNotification(n)` taken out of a request handler's `extra` (`const { sendNotification } = params`): the session's, as its method is.
        if (Node.isIdentifier(callee) && MCP_SESSION_FUNCTIONS.has(callee.getText())) return;
        if (isFragmentBuilderCall(call, this.resolver, b)) return;
        this.unseen(summary, call, target.reason, b, undefined, client);
      }
    }
  }

  /**
   * The effect of calling code the linter cannot see (a method the project declares without code,
   * an export of a package the catalog does not model, a value of unknown type), from what the call
   * says: an HTTP method among its arguments (`api.request("DELETE", path)`), a method that forwards
   * to tools chosen at run time (`client.callTool`), or the verb its name starts with (`dropLabel`,
   * `getOrCreateUser`: api-verbs.ts). Such effects are `likely`, never `certain` (issue #4). Null
   * when none of these tells. A method of a service's client (`service`: the package that made it,
   * see service-clients.ts; found from the receiver's declared type when not given) reaches that
   * service: open-world, and an effect of unknown access when its name names no operation.
   */
  private unseenCallEffect(call: CallExpression, b: Bindings, sink?: string, service?: string | null): Effect | null {
    const callee = unwrap(call.getExpression());
    const name = calledName(call);
    if (name === null) return null;
    const client = service === undefined ? clientPackageOfReceiver(call) : service;
    const reaches = client !== null ? ` (via a client of the package \`${client}\`, which reaches its service)` : '';
    if (DELEGATING_METHODS.has(name)) return arbitraryEffect(call, `\`${name}\` forwards the call to a tool chosen by the arguments`);
    // The sink names the package export when there is one (`some-sdk Client.new().deleteThing`), else the callee as written.
    const base = { location: locationOf(call), via: [], basis: 'name' as const, confidence: 'likely' as const, sink: sink ?? shorten(callee.getText(), 50) };
    const through = `through \`${shorten(callee.getText(), 40)}\``;
    const args = call.getArguments();
    for (const arg of args) {
      const v = evaluate(arg, this.resolver, 0, b);
      if (v.known && typeof v.value === 'string' && /^(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)$/.test(v.value)) {
        const network = { ...base, kind: 'network' as const, openWorld: true };
        // A POST is judged by what it says it does (its path, its body), as a catalogued request is.
        if (v.value === 'POST') {
          const request = requestAmong(args.filter((a) => a !== arg), this.resolver, b);
          return { ...postEffect({ ...network, access: 'unknown', destructive: null, idempotent: null, sink: base.sink, description: `sends an HTTP request ${through}` }, request.url, request.body), confidence: 'likely' };
        }
        const http = httpEffect(v.value);
        return { ...network, access: http.access, destructive: http.destructive, idempotent: http.idempotent, description: `sends an HTTP ${http.label} request ${through}` };
      }
    }
    // `client.request(document)`, `client.post("/search", body)`: a GraphQL or JSON-RPC body, or a POST's path, names the operation.
    // The address matters only to a method named for a POST: not read for any other (it is costly on big programs).
    const posts = leadingVerb(name) === 'post';
    const request = requestAmong(args, this.resolver, b, posts);
    const purpose = request.body ?? (posts && request.url !== null ? pathPurpose(request.url) : null);
    if (purpose) {
      const { op } = purpose;
      return { ...base, kind: 'api', access: op.access, destructive: op.destructive, idempotent: op.idempotent, openWorld: client !== null, description: `sends a request ${through}${reaches}${request.url ? ` to ${shownUrl(request.url)}` : ''}: ${purpose.why}` };
    }
    // `db.query("DELETE FROM t")` on a client the catalog does not know: the statement decides.
    // `db.query("DELETE ...")`: the statement decides; through a name that only runs SQL (`query`,
    // `exec`), a statement known only at run time (the tool's argument) may do anything to the data.
    // An options object carries the statement as `text`, `sql` or `query` (`{ text, values }`); one
    // without them (`queryExecute({ body: { query } })`, another query language's request) is no SQL.
    const statement = statementArgument(call);
    if (SQL_RUNNING_NAMES.has(leadingVerb(name)) && statement) {
      const sql = sqlEffect({ ...base, kind: 'database', access: 'unknown', destructive: null, idempotent: null, openWorld: false, description: '' }, statement, this.resolver, b);
      if (sql.access !== 'unknown' || SQL_ONLY_NAMES.has(leadingVerb(name))) return sql;
    }
    const named = namedVerb(name, args.length);
    const shown = `\`${shorten(callee.getText(), 40)}\`${reaches}`;
    if (!named) {
      if (client === null) return null;
      // `neon.user.me()` in `getCurrentUserInfo() { return neon.user.me() }`: the function that only wraps the call names its operation.
      const wrapper = wrappingFunctionName(call);
      const wrapped = wrapper !== null ? namedVerb(wrapper) : null;
      if (wrapped) {
        const { effect } = wrapped;
        return { ...base, kind: 'api', access: effect.access, destructive: effect.destructive, idempotent: effect.idempotent, openWorld: true, description: `calls ${shown}, which by the name of the function that wraps it (\`${wrapper}\`: \`${wrapped.verb}\`) ${effect.label}` };
      }
      return { ...base, kind: 'api', access: 'unknown', destructive: null, idempotent: null, openWorld: true, description: `calls ${shown}; its name names no operation the linter knows` };
    }
    const { effect } = named;
    return { ...base, kind: 'api', access: effect.access, destructive: effect.destructive, idempotent: effect.idempotent, openWorld: client !== null, description: `calls ${shown}, which by its name (\`${named.verb}\`) ${effect.label}` };
  }

  /** True when `expr` is (a member of) the result of calling a pure library function, e.g. `createHash('sha256')` in `createHash('sha256').update(x)`. */
  private isResultOfPureCall(expr: Node, depth = 0): boolean {
    let node = unwrap(expr);
    if (Node.isAwaitExpression(node)) node = unwrap(node.getExpression());
    while (Node.isPropertyAccessExpression(node) || Node.isCallExpression(node) || Node.isNewExpression(node)) {
      if (Node.isCallExpression(node) || Node.isNewExpression(node)) {
        const t = this.resolver.resolve(node.getExpression());
        if (t.kind === 'module') return isPureModule(normalizeModule(t.specifier));
        // `new Promise((resolve) => resolve(pool))`, `Object.assign(a, b)`, `Array.from(x)` hand back values they were given, not values of their own.
        if (t.kind === 'global') return PURE_GLOBALS.has(t.path[0]!) && !VALUE_CARRIERS.has(t.path[0]!);
      }
      node = unwrap(node.getExpression());
    }
    return depth < 4 && Node.isIdentifier(node) && this.isPureValueName(node, depth);
  }

  /**
   * True for a name that holds what a pure library gave: a const made by a call into one
   * (`const tracer = trace.getTracer("x")`), or the parameter of a callback a pure library calls
   * (`tracer.startActiveSpan("op", async (span) => { span.setAttribute(...) })`): its methods act
   * on that library's objects (a span, a parser), not on the environment.
   */
  private isPureValueName(id: Node, depth: number): boolean {
    const decl = id.getSymbol()?.getDeclarations()[0];
    if (!decl) return false;
    if (Node.isVariableDeclaration(decl)) {
      const init = decl.getInitializer();
      return init !== undefined && decl.getVariableStatement()?.getDeclarationKind() === 'const' && this.isResultOfPureCall(init, depth + 1);
    }
    if (!Node.isParameterDeclaration(decl)) return false;
    const callback = decl.getParent();
    const call = callback?.getParent();
    if (!call || !Node.isCallExpression(call) || !call.getArguments().includes(callback as Node)) return false;
    return this.isResultOfPureCall(call, depth + 1);
  }

  /**
   * Records what calling a catalogued sink does, unless it is pure, its arguments say it does
   * nothing, it appends to a log file (log-file.ts), it makes a path getter's directory
   * (ensured-dirs.ts), it keeps a cache module's own files (cache-modules.ts), or it makes or
   * removes a temporary directory the function removes in a `finally` (fresh.ts).
   */
  private pushSinkEffect(summary: Summary, sink: SinkEntry, call: CallExpression | NewExpression, site: SinkSite | undefined, b: Bindings): void {
    let effect = sink.pure ? null : sinkCallEffect(sink, call, this.resolver, site, b);
    // `fetch(request)` of a request made by a caller: its method is read up the call chain (request-flow.ts).
    const step = effect && sink.httpMethod === 'fetch' && methodUnknownAt(sink, call, this.resolver, b) ? sentRequest(call, { ...effect, description: sink.description }, this.resolver, b) : null;
    if (step && 'effect' in step) effect = step.effect;
    const fileEffect = effect !== null && (effect.kind === 'fs.write' || effect.kind === 'fs.delete');
    const where = fileEffect ? this.scratchOfPath(sink, call, b) : null;
    const scratch = where && 'dir' in where ? where.dir : null;
    const upkeep = fileEffect && (this.keepsCache(call) || isCleanedScratchDir(call, this.resolver, b) || (scratch !== null && isCleanedScratchDir(scratch, this.resolver, b)));
    if (effect && !upkeep && !isLogAppend(sink, call, effect) && !isEnsuredParentDir(sink, call, effect) && !this.isLockFileEffect(effect, sink, call)) {
      // A write to the very path checked free is a create (create-only.ts); one under it lies in a directory the call makes.
      const pushed = inScratchDir(this.createsNewFile(effect, sink, call, b), scratch);
      if (step && 'pending' in step) this.sentRequests.set(pushed, step.pending);
      // A path the caller passes: a scratch directory the caller made is seen at its call (fresh.ts).
      if (where && 'passed' in where && pushed.destructive === true) this.waiting.set(pushed, { on: 'scratch', passed: where.passed });
      // A temporary directory a helper makes and returns: its caller may remove it in a `finally` (fresh.ts).
      const returnedBy = fileEffect && isScratchMaker(call, this.resolver, b) ? returningFunction(call) : null;
      if (returnedBy) this.waiting.set(pushed, { on: 'returned', fn: returnedBy });
      summary.effects.push(Node.isCallExpression(call) ? this.deletionOfMade(pushed, call, b) : pushed);
    }
  }

  /** True for a write in a cache module (cache-modules.ts) that holds no tool's handler: the cache's own upkeep. */
  private keepsCache(node: Node): boolean {
    return isInCacheModule(node) && !(this.options.handlerFiles?.has(node.getSourceFile().getFilePath()) ?? false);
  }

  /**
   * A file write whose path the code checked not to exist (create-only.ts) overwrites nothing: not
   * destructive; idempotent when a repeat finds the file and writes nothing, not when each call
   * picks another free name. The evidence says where the check is.
   */
  private createsNewFile(effect: Effect, sink: SinkEntry, call: CallExpression | NewExpression, b: Bindings): Effect {
    if (effect.kind !== 'fs.write' || effect.destructive !== true || !Node.isCallExpression(call)) return effect;
    const { target, source } = filePaths(sink, call);
    if (!target || source !== undefined) return effect;
    const proof = createOnlyWrite(target, call, this.resolver, b);
    if (!proof) return effect;
    const at = locationOf(proof.check);
    const how = proof.how === 'guard' ? 'fails or skips if it exists' : 'under a name no file has yet';
    return { ...effect, destructive: false, idempotent: proof.how === 'guard', description: `writes a new file (${how}: checked at ${path.basename(at.file)}:${at.line})` };
  }

  /** A file write, rename or deletion of a lock file (lock-files.ts): coordination, no effect. */
  private isLockFileEffect(effect: Effect, sink: SinkEntry, call: CallExpression | NewExpression): boolean {
    if ((effect.kind !== 'fs.write' && effect.kind !== 'fs.delete') || !Node.isCallExpression(call)) return false;
    const { target, source } = filePaths(sink, call);
    return target !== undefined && isLockPath(target) && (source === undefined || isLockPath(source));
  }

  /** Where the path a file sink's call writes or deletes lies: under a `mkdtemp` directory, or under a value the caller passes (fresh.ts). */
  private scratchOfPath(sink: SinkEntry, call: CallExpression | NewExpression, b: Bindings): ScratchStep {
    if (!Node.isCallExpression(call)) return null;
    const { target } = filePaths(sink, call);
    return target ? scratchStep(target, this.resolver, b) : null;
  }

  /**
   * A call's effect that deletes by a name's verb (`branches.delete(projectId, id)`), as its id
   * tells (created-here.ts): not destructive when it is the id of what a call made during this
   * call created; waiting on the callers when they pass it. Other effects as they are.
   */
  private deletionOfMade(effect: Effect, call: CallExpression, b: Bindings): Effect {
    if (effect.destructive !== true || effect.kind === 'fs.delete' || effect.kind === 'fs.write') return effect;
    const step = deletedIdStep(call, this.resolver, b);
    if (step && 'made' in step) return removesMade(effect, step.made);
    if (step) this.waiting.set(effect, { on: 'made', passed: step.passed });
    return effect;
  }

  /**
   * An effect waiting on a value its function's caller passes (see {@link Waiting}), as `call` (a
   * call of `callee`, read with the caller's bindings `b`) passes it: decided (null: no effect, a
   * write in a scratch directory the caller removes), still waiting, or as it was.
   */
  private judgedAt(waiting: Waiting, effect: Effect, callee: FunctionNode, call: Node, b: Bindings): Effect | null {
    if (waiting.on === 'returned') return this.returnedScratchAt(waiting, effect, callee, call, b);
    if (waiting.on === 'instance') {
      const step = localThroughCall(waiting.passed, waiting.hops, callee, call, this.resolver, b);
      if (step === undefined) this.waiting.set(effect, waiting);
      else if (step !== null && 'passed' in step) this.waiting.set(effect, { on: 'instance', passed: step.passed, hops: step.hops });
      else if (step !== null) return null;
      return effect;
    }
    const step = waiting.on === 'scratch' ? scratchThroughCall(waiting.passed, callee, call, this.resolver, b) : madeThroughCall(waiting.passed, callee, call, this.resolver, b);
    if (step === undefined) this.waiting.set(effect, waiting);
    else if (step !== null && 'passed' in step) this.waiting.set(effect, { on: waiting.on, passed: step.passed });
    else if (step !== null && 'dir' in step) return isCleanedScratchDir(step.dir, this.resolver, b) ? null : inScratchDir(effect, step.dir);
    else if (step !== null) return removesMade(effect, step.made);
    return effect;
  }

  /**
   * The making of a temporary directory that `waiting.fn` returns, at `call` (a call of `callee`
   * read with the caller's bindings `b`): nothing when the caller holds the directory and removes
   * it in a `finally` (fresh.ts, as with `mkdtemp` inline); still waiting when the caller returns
   * it in turn; else as it was.
   */
  private returnedScratchAt(waiting: Waiting & { on: 'returned' }, effect: Effect, callee: FunctionNode, call: Node, b: Bindings): Effect | null {
    if (waiting.fn !== callee) {
      this.waiting.set(effect, waiting);
      return effect;
    }
    if (isCleanedScratchDir(call, this.resolver, b)) return null;
    const returnedBy = returningFunction(call);
    if (returnedBy) this.waiting.set(effect, { on: 'returned', fn: returnedBy });
    return effect;
  }

  /** A call the linter cannot see into: its name's verb as a likely effect, else an unresolved item; nothing for making a client ({@link isClientFactoryCall}) or a cache's upkeep ({@link isCacheUpkeepCall}). */
  private unseen(summary: Summary, call: CallExpression | NewExpression, reason: string, b: Bindings, sink?: string, service?: string | null): void {
    // Making a client of code it cannot see (`createNeonClient({ apiKey })`, `new ApiClient()`) changes
    // nothing: what the client's methods do is judged where they are called.
    if (isClientFactoryCall(call)) return;
    if (!Node.isCallExpression(call)) {
      this.unresolved(summary, call, reason);
      return;
    }
    if (isCacheUpkeepCall(call)) return;
    // The receiver's declared client, read once and only when needed (see unseenCallEffect).
    let declared: string | null | undefined;
    const receiverClient = (): string | null => (declared === undefined ? (declared = clientPackageOfReceiver(call)) : declared);
    // `client.run(id).log().get()`: a client's method named for no operation whose result only
    // has a method called on it picks a sub-resource; the method called last is the request.
    if (isSubResourceAccessor(call) && (service ?? receiverClient()) !== null) return;
    // `client.publish(p).then(f)`, `s3.deleteObject(p).promise()`: awaiting the request judged at its own call.
    if (awaitsRequest(call) && (service ?? receiverClient()) !== null) return;
    if (isPaginationOfCall(call) && (service ?? receiverClient()) !== null) return;
    const inferred = this.unseenCallEffect(call, b, sink, service === undefined ? receiverClient() : service);
    if (inferred) summary.effects.push(this.deletionOfMade(inferred, call, b));
    else this.unresolved(summary, call, reason);
  }

  /**
   * The functions a `let` may hold when its value and every value assigned to it are functions
   * written in place (`let next = async () => f(req); next = async () => mw(req, prev)`), or null
   * when one is not (or something else writes it): calling it runs one of them, so each is followed.
   * Reached also from a parameter bound (in `b`) to such a name, or from a const that copies one:
   * a middleware chain hands its `next` down that way (`mw(req, prevNext)`). The bindings returned
   * are those the functions are read with (where the chain bound the name).
   */
  private functionsHeldBy(id: Node, b: Bindings, depth = 0): { functions: FunctionNode[]; bindings: Bindings } | null {
    const decl = id.getSymbol()?.getDeclarations()[0];
    if (!decl || depth > 4) return null;
    // A parameter bound to a name (`next` given `prevNext`), or a const copy of one (`const prevNext = next`): what that name holds, read where it was bound.
    const bound = Node.isParameterDeclaration(decl) ? b.get(decl) : undefined;
    if (bound?.kind === 'node') {
      const held = Node.isIdentifier(bound.node) ? this.functionsHeldBy(bound.node, bound.bindings, depth + 1) : null;
      // The link that hands `next` down (`async () => mw(req, prevNext)`) is the one calling this middleware: the rest of the chain is the others.
      const rest = held?.functions.filter((fn) => !bound.node.getAncestors().includes(fn));
      return held && rest && rest.length > 0 ? { ...held, functions: rest } : null;
    }
    // `for (const [name, test] of DETECTORS) if (test(value)) ...`: each function the list's elements hold there.
    const looped = this.loopFunctions(decl, b);
    if (looped) return looped;
    if (!Node.isVariableDeclaration(decl)) return null;
    const init = decl.getInitializer();
    const writes = this.resolver.writesOf(decl);
    if (init && !writes && Node.isIdentifier(unwrap(init))) return this.functionsHeldBy(unwrap(init), b, depth + 1);
    if (!init || !writes || writes.compound) return null;
    const values = [init, ...writes.assignments.map((a) => a.getRight())].map((v) => unwrap(v));
    return values.every((v) => Node.isArrowFunction(v) || Node.isFunctionExpression(v)) ? { functions: values as FunctionNode[], bindings: b } : null;
  }

  /**
   * The functions a `for...of` variable, or a name destructured from it (`for (const [name, test]
   * of DETECTORS)`: `test` is key `1` of each element), can hold, or the ones its member `method`
   * can (`for (const entry of CHECKS) entry.check(v)`): that part of each value the
   * program puts in the collection walked (collection-elements.ts), when every one is a function;
   * null when the collection's values are not known, or one of them holds anything else there.
   */
  private loopFunctions(decl: Node, b: Bindings, method?: string): { functions: FunctionNode[]; bindings: Bindings } | null {
    const taken = destructuredPath(decl);
    const loop = taken?.variable.getParent()?.getParent();
    if (!taken || taken.variable.getInitializer() || !loop || !Node.isForOfStatement(loop)) return null;
    const elements = this.resolver.loopElements(loop);
    if (!elements || elements.length === 0) return null;
    const functions: FunctionNode[] = [];
    for (const element of elements) {
      let target = this.resolver.resolve(element, 0, b.visibleFrom(element));
      for (const key of method === undefined ? taken.path : [...taken.path, method]) target = this.resolver.member(target, key, null, 0);
      if (target.kind !== 'function') return null;
      if (!functions.includes(target.node)) functions.push(target.node);
    }
    return { functions, bindings: b };
  }

  /**
   * `effects` without the request sent in a function `fn` defines and calls (`const step = (i, req,
   * init) => this.impl(req, init)`; `step(0, input, init)`), read once as `fn`'s own code with the
   * method left to the inner function's parameters, when the same send is also reached through a
   * call of that function, where its arguments say the method (request-flow.ts): the copy adds
   * nothing. So too an effect waiting on such a function's parameter (a path, an id: {@link Waiting}).
   */
  private withoutClosureCopies(fn: FunctionNode, effects: Effect[]): Effect[] {
    const site = (e: Effect): string => `${e.location.file}:${e.location.line}:${e.location.column} ${e.kind}`;
    const inner = (owner: Node): boolean => owner !== fn && contains(fn, owner);
    const waiting = (e: Effect): boolean => {
      const sent = this.sentRequests.get(e);
      const waiting = this.waiting.get(e);
      return (sent !== undefined && pendingOwners(sent).some(inner)) || (waiting !== undefined && inner(waitsAt(waiting)));
    };
    if (!effects.some(waiting)) return effects;
    const reached = new Set(effects.filter((e) => !waiting(e)).map(site));
    return effects.filter((e) => !waiting(e) || !reached.has(site(e)));
  }

  /**
   * The methods a call of `list[i].name` may run when `i` is computed: `name` of each value the
   * program puts into `list` (collection-elements.ts: the policies of an HTTP pipeline, each added
   * by a `use(policy)` call); of `item.name` with `item` a loop's variable, those of each value the
   * loop walks; or null when the list's elements are not known or one's method is
   * not a function of the project.
   */
  private elementMethods(callee: Node, b: Bindings): FunctionNode[] | null {
    if (!Node.isPropertyAccessExpression(callee)) return null;
    const element = unwrap(callee.getExpression());
    // `for (const entry of CHECKS) entry.check(v)`: the method of each element the loop walks.
    const decl = Node.isIdentifier(element) ? element.getSymbol()?.getDeclarations()[0] : undefined;
    if (decl) return this.loopFunctions(decl, b, callee.getName())?.functions ?? null;
    if (!Node.isElementAccessExpression(element)) return null;
    const elements = this.resolver.collectionElements(element.getExpression());
    if (!elements || elements.length === 0) return null;
    const out: FunctionNode[] = [];
    for (const value of elements) {
      const made = this.resolver.resolve(value, 0, b.visibleFrom(value));
      // Code importing the project's own published package (an example beside it) is another program.
      if (made.kind === 'module' && packageNameOf(made.specifier) === ownPackageNameOf(value.getSourceFile().getFilePath())) continue;
      const method = this.resolver.member(made, callee.getName(), null, 0);
      if (method.kind !== 'function') return null;
      if (!out.includes(method.node)) out.push(method.node);
    }
    return out.length > 0 ? out : null;
  }

  /** A budget stopped the walk at `node`: the summary is cut short (never memoized, nor reused on a cycle) and says why. */
  private cut(summary: Summary, node: Node, reason: string): void {
    summary.truncated = true;
    summary.complete = false;
    this.unresolved(summary, node, reason);
  }

  private unresolved(summary: Summary, call: Node, reason: string): void {
    summary.unresolved.push({ expression: shorten(call.getText()), reason, location: locationOf(call), via: [] });
  }
}

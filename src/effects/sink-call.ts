import type { CallExpression, NewExpression, TaggedTemplateExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { Bindings } from '../analysis/bindings.js';
import { definingNode, evaluate } from '../analysis/evaluate.js';
import { locationOf } from '../analysis/location.js';
import { bindingsOf, type Resolver } from '../analysis/resolve.js';
import { calledName, initializerOf, isFunctionNode, isNewOf, unwrap } from '../analysis/syntax.js';
import type { Effect } from '../model.js';
import { fileFlagEffect, pathKey, type SinkEntry } from './catalog/index.js';
import { classifySql, splitStatements, type SqlEffect, worstSql } from './sql.js';
import { verbOf, namedVerb } from './api-verbs.js';
import { mentionsFreshValue } from './fresh.js';
import { holdsRequest } from './in-memory.js';
import { commandEffect, commandOfCall, commandOfTemplate } from './commands.js';
import { chainedMethodNames, receiverOrigin } from './chain.js';
import { OPS, type OpEffect } from './catalog/ops.js';
import { redisOp } from './catalog/redis.js';
import { urlTextOf } from './url-text.js';
import { URL_PLACEHOLDER, graphqlOperation, graphqlPurpose, pathPurpose, rpcPurpose, shownUrl, type RequestPurpose } from './request-purpose.js';

/**
 * The effect of one call of a catalogued sink, refined by what its arguments say: the HTTP method
 * of a request, the open flag of a file write, an exclusive copy mode. Arguments are read from
 * literals and consts; a value only run time knows gives the worst case the sink allows.
 */

/** HTTP method semantics (RFC 9110 §9.2, RFC 5789): safe methods read; PUT and DELETE are idempotent; POST is not; a PATCH depends on its document (unknown). */
export function httpEffect(method: string): Pick<Effect, 'access' | 'destructive' | 'idempotent'> & { label: string } {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
    case 'OPTIONS':
      return { access: 'read', destructive: null, idempotent: null, label: method.toUpperCase() };
    case 'POST':
      return { access: 'write', destructive: false, idempotent: false, label: 'POST' };
    case 'PUT':
      return { access: 'write', destructive: true, idempotent: true, label: 'PUT' };
    case 'PATCH':
      // RFC 5789 leaves a PATCH's idempotence to its document: setting fields (a merge patch) repeats
      // to the same state, a JSON Patch `add` to a list does not. Unknown, never a certain "not idempotent".
      return { access: 'write', destructive: true, idempotent: null, label: 'PATCH' };
    case 'DELETE':
      return { access: 'write', destructive: true, idempotent: true, label: 'DELETE' };
    default:
      return { access: 'unknown', destructive: null, idempotent: null, label: method.toUpperCase() };
  }
}

/** A string or `new URL(...)`: the address argument of a request, not its options. */
export function isUrlValue(arg: Node, resolver: Resolver, b: Bindings = Bindings.EMPTY): boolean {
  const node = unwrap(arg);
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) || Node.isTemplateExpression(node)) return true;
  if (Node.isNewExpression(node) && node.getExpression().getText() === 'URL') return true;
  const value = evaluate(node, resolver, 0, b);
  return value.known && typeof value.value === 'string';
}

/** `fs.constants.O_RDONLY` (alone): the numeric form of the read-only open flag. */
function isReadOnlyFlagConstant(node: Node): boolean {
  return Node.isPropertyAccessExpression(node) && node.getName() === 'O_RDONLY';
}

/**
 * Where a sink was reached: the module (normalized, `fs` not `node:fs`; `global` for globals) and
 * the access path after it, as the catalog was asked for them. It names the sink in messages when
 * the catalog entry is a pattern (`puppeteer launch().newPage().goto` rather than `puppeteer **.goto`,
 * `@prisma/client PrismaClient.new().user.create`).
 */
export interface SinkSite {
  module: string;
  path: readonly string[];
}

/** A sink's catalogued effect at `at`, before its arguments refine it; a pattern entry is named by `site`. */
export function sinkEffect(sink: SinkEntry, at: Node, site?: SinkSite): Effect {
  const module = site && sink.module.includes('*') ? site.module : sink.module;
  const name = site && sink.export.includes('*') ? pathKey(site.path) : sink.export;
  return {
    kind: sink.kind,
    access: sink.access,
    destructive: sink.destructive,
    idempotent: sink.idempotent,
    openWorld: sink.openWorld,
    sink: module === 'global' ? name : `${module} ${name}`,
    description: sink.description,
    location: locationOf(at),
    via: [],
    confidence: 'certain',
  };
}

/**
 * The effect of calling `sink` at `call`, with what its arguments and its builder chain say,
 * read in the bindings `b` of the calling context: the method of a request, the open flag of a
 * file write, an exclusive copy mode, the SQL statement, the verb of a client method or of a
 * command class, a Redis command, a GraphQL operation, an endpoint route, a command line, a
 * modifier later in the chain (`.onConflictDoNothing()`), a new id or time in a file's path or
 * data. Null when the call has no effect after all (`page.screenshot()` without a `path`, execa's
 * `$(options)`, Redis connection management, a tag-only sink called as a function).
 * Sources: RFC 9110 §9.2 (HTTP methods), https://nodejs.org/api/fs.html#file-system-flags, the
 * libraries' documentation cited in their catalog files (catalog/entry.ts).
 */
export function sinkCallEffect(sink: SinkEntry, call: CallExpression | NewExpression, resolver: Resolver, site?: SinkSite, b: Bindings = Bindings.EMPTY): Effect | null {
  if (sink.tagOnly) return null;
  const base = withPaths(sinkEffect(sink, call, site), sink, call.getArguments(), resolver);
  let effect = argumentEffect(sink, call, base, resolver, b);
  if (effect && sink.chain) effect = chainEffect(effect, sink.chain, call);
  return effect && effect.kind === 'fs.write' && sink.pathArguments ? perCallFile(effect, sink.pathArguments.target, call.getArguments()) : effect;
}

/**
 * A file write named or filled per call: a path with a new id or time in it creates a new file
 * each call (additive, not idempotent); data with one makes a repeated overwrite differ (not
 * idempotent). Issue #4: "data that varies per call (counters, `Date.now`, `randomUUID`) is not".
 */
function perCallFile(effect: Effect, targetIndex: number, args: Node[]): Effect {
  const target = args[targetIndex];
  if (target && mentionsFreshValue(target)) return { ...effect, destructive: false, idempotent: false, description: 'writes a new file, named per call (a new id or time in its path)' };
  if (effect.idempotent !== false && args.some((arg, i) => i !== targetIndex && mentionsFreshValue(arg))) {
    return { ...effect, idempotent: false, description: `${effect.description}, with data that varies per call (a time or a new id)` };
  }
  return effect;
}

/** The effect a sink's arguments give (see {@link sinkCallEffect}). */
function argumentEffect(sink: SinkEntry, call: CallExpression | NewExpression, base: Effect, resolver: Resolver, b: Bindings): Effect | null {
  const args = call.getArguments();
  if (sink.classifyBy === 'redis') return redisEffect(base, sink.commandNameArgument !== undefined ? redisCommandName(args[sink.commandNameArgument], resolver) : calledName(call), args.length);
  if (sink.classifyBy === 'verb' || sink.commandArgument !== undefined) {
    const name = sink.commandArgument !== undefined ? commandClassOf(args[sink.commandArgument], resolver) : calledName(call);
    return name === null ? base : verbEffect(base, name, sink.commandArgument !== undefined ? undefined : args.length);
  }
  if (sink.commandLine) {
    // `$({ cwd })`, `execa({ ... })`: options bound to a new runner, which runs nothing yet.
    const first = args[0] ? (definingNode(args[0], resolver, b) ?? unwrap(args[0])) : undefined;
    if (first && Node.isObjectLiteralExpression(first)) return null;
    return commandEffect(base, commandOfCall(sink.commandLine, args, resolver, b));
  }
  if (sink.pathOption) return pathOptionEffect(base, sink.pathOption, args[sink.pathOption.index], resolver, b);
  if (sink.overwriteOption) return overwriteEffect(base, sink.overwriteOption, args[sink.overwriteOption.index], resolver, b);
  if (sink.endpointArgument !== undefined) return endpointEffect(base, args[sink.endpointArgument], resolver);
  if (sink.graphqlArgument !== undefined) return graphqlEffect(base, args[sink.graphqlArgument], resolver);
  if (sink.pipelineArgument !== undefined) return pipelineEffect(base, args[sink.pipelineArgument], resolver);
  if (sink.exclusiveMode !== undefined) {
    const mode = args[sink.exclusiveMode];
    if (mode && /\bCOPYFILE_EXCL\b/.test(mode.getText())) {
      return { ...base, destructive: false, idempotent: true, description: 'copies a file to a new name (fails if it exists)' };
    }
  }
  if (sink.fileFlag) {
    const flag = fileFlagOf(sink.fileFlag, args, resolver);
    if (flag === null) return { ...base, access: 'write', destructive: true, idempotent: null, description: `${sink.description}, with an open flag known only at run time` };
    if (flag === sink.fileFlag.default) return base;
    const byFlag = fileFlagEffect(flag);
    return { ...base, ...byFlag, sink: `${base.sink} (flag '${flag}')` };
  }
  if (sink.sqlArgument !== undefined) return sqlEffect(base, sink.sqlArgument === 'receiver' ? receiverSql(call) : args[sink.sqlArgument], resolver, b);
  if (!sink.httpMethod) return base;
  const method = httpMethodOf(sink, args, resolver, b);
  // The request is certain (it reaches the network), what it does is not: its access stays unknown.
  if (method === null) return { ...base, description: `${sink.description} with a method known only at run time, which may write` };
  if (!['POST', 'PUT', 'PATCH'].includes(method.toUpperCase())) return httpCallEffect(base, method, sink.httpMethod === 'get' ? sink.description : null);
  const request = requestOf(sink, args, resolver, b);
  return requestEffect(base, method, request.url ? urlTextOf(request.url, resolver, b) : null, request.body ? bodyPurpose(request.body, resolver, b) : null);
}

/**
 * The effect of an HTTP request of `method` to `url` (its text with `{}` for the parts known only
 * at run time, null when none can be read) with a body naming `body`'s purpose: the method's
 * traits (RFC 9110 §9.3), a POST judged by what its path or body says it does, a PUT or PATCH
 * relaxed by its path's verb. `base` is the sink's effect before its method is known.
 */
export function requestEffect(base: Effect, method: string, url: string | null, body: RequestPurpose | null = null): Effect {
  if (method.toUpperCase() === 'POST') return postEffect(base, url, body);
  const effect = httpCallEffect(base, method, null);
  return ['PUT', 'PATCH'].includes(method.toUpperCase()) ? relaxedByPath(effect, url) : effect;
}

/**
 * A PUT or PATCH whose path names a write that destroys nothing or repeats to the same state
 * (`PATCH …/enable-dailybackup/{id}` sets a reversible flag, `PUT …/move`): the path word only
 * relaxes the method's traits (RFC 9110 §9.3.4: PUT replaces; PATCH changes), never makes them
 * worse, since it is a name and the method is certain.
 */
function relaxedByPath(effect: Effect, url: string | null): Effect {
  const purpose = url === null ? null : pathPurpose(url);
  if (!purpose || purpose.op.access !== 'write') return effect;
  const destructive = purpose.op.destructive === false ? false : effect.destructive;
  const idempotent = purpose.op.idempotent === true ? true : effect.idempotent;
  if (destructive === effect.destructive && idempotent === effect.idempotent) return effect;
  return { ...effect, destructive, idempotent, description: `${effect.description.replace(/\)$/, '')} to ${shownUrl(url!)}: ${purpose.why})` };
}

/**
 * A PATCH (or PUT) sent for a project function named by an operation, which picks that method
 * (`delete()` sending `PATCH {deleted: true}`, `update()` handing `{ method: "PATCH" }` to a fetch
 * helper; the caller checks that the function writes the method): an operation the verb table
 * calls idempotent (`update`, `delete`, `archive`: api-verbs.ts) fills the idempotence a PATCH
 * leaves open (RFC 5789). Nothing else changes: a name is weaker evidence than the request, so it
 * never makes a write less destructive (`addToDashboard` may PATCH a whole list). `name` is the
 * function's name as written; the effect is returned as it is when the name adds nothing.
 */
export function relaxedByOperation(effect: Effect, name: string): Effect {
  if (effect.kind !== 'network' || effect.access !== 'write' || effect.confidence !== 'certain' || effect.idempotent !== null || !/ (PUT|PATCH)\b/.test(effect.sink)) return effect;
  const named = namedVerb(name);
  if (!named || named.effect.access !== 'write' || named.effect.idempotent !== true) return effect;
  return { ...effect, idempotent: true, description: `${effect.description} for \`${name}\` (\`${named.verb}\`: ${named.effect.label})` };
}

/** `base` with the access and traits of an HTTP method; `description` when given, else the base's with the method. */
function httpCallEffect(base: Effect, method: string, description: string | null): Effect {
  const http = httpEffect(method);
  return { ...base, access: http.access, destructive: http.destructive, idempotent: http.idempotent, sink: `${base.sink} ${http.label}`, description: description ?? `${base.description} (${http.label})` };
}

/**
 * A POST judged by what it says it does (request-purpose.ts): the GraphQL operation or JSON-RPC
 * method of its body, else the verb of its URL path; when neither tells, a likely write (POST's
 * traits: additive, not idempotent, RFC 9110 §9.3.3), which makes findings resting on it warnings
 * (issue 15, "HTTP methods are not semantics"). `url` is the address with `{}` for the parts
 * known only at run time, null when none of it can be read.
 */
export function postEffect(base: Effect, url: string | null, body: RequestPurpose | null): Effect {
  const purpose = body ?? (url === null ? null : pathPurpose(url));
  const to = url === null || segmentsKnown(url) === 0 ? 'an address known only at run time' : shownUrl(url);
  const post = httpEffect('POST');
  if (purpose === null) {
    return { ...base, access: post.access, destructive: post.destructive, idempotent: post.idempotent, confidence: 'likely', sink: `${base.sink} POST`, description: `${base.description} (POST to ${to}: neither its path nor its body names the operation, so a likely write)` };
  }
  const { op } = purpose;
  // What a path's word says a POST changes is a name: a likely write (an error needs more than a name).
  const named = purpose.byName && op.access === 'write' ? { confidence: 'likely' as const } : {};
  return { ...base, access: op.access, destructive: op.destructive, idempotent: op.idempotent, ...named, sink: `${base.sink} POST`, description: `${base.description} (POST to ${to}: ${purpose.why})` };
}

/**
 * What the arguments of a call the linter cannot see into say about the request it makes (a
 * wrapper's `api.request("POST", "/v1/search")`, `client.post("/search", body)`, an unknown
 * client's `request(document, variables)`): the address (the first argument whose text has a
 * `/`, `{}` for its parts known only at run time) and the purpose its body names, among the
 * first two arguments; the address only when `withUrl` (reading it evaluates the arguments deeply).
 */
export function requestAmong(args: readonly Node[], resolver: Resolver, b: Bindings, withUrl = true): { url: string | null; body: RequestPurpose | null } {
  const first = args.slice(0, 2);
  const url = withUrl ? (first.map((arg) => urlTextOf(arg, resolver, b)).find((text) => text.includes('/') && segmentsKnown(text) > 0) ?? null) : null;
  const body = first.map((arg) => bodyPurpose(arg, resolver, b)).find((purpose) => purpose !== null) ?? null;
  return { url, body };
}

/** How many characters of a URL's text are known (placeholders and the scheme aside). */
function segmentsKnown(url: string): number {
  return url.split(URL_PLACEHOLDER).join('').replace(/^[a-z]+:\/\//i, '').length;
}

/** The nodes of a request's address and body, by how the sink takes them (see {@link SinkEntry.httpMethod}). */
function requestOf(sink: SinkEntry, args: Node[], resolver: Resolver, b: Bindings): { url?: Node; body?: Node } {
  const property = (options: Node | undefined, ...names: string[]): Node | undefined => {
    const obj = options ? optionsObject(options, resolver, b) : null;
    return names.map((name) => propertyValue(obj?.getProperty(name))).find((v) => v !== null) ?? undefined;
  };
  if (sink.httpMethod === 'fetch') {
    const first = args[0] ? unwrap(initializerOf(args[0], true) ?? args[0]) : undefined;
    // fetch(new Request(url, init)): the request's own address and init.
    if (isNewOf(first, 'Request')) return { url: first.getArguments()[0], body: property(args[1], 'body') ?? property(first.getArguments()[1], 'body') };
    return { url: args[0], body: property(args[1], 'body') };
  }
  // axios.post(url, data), got.post(url, { json }), ky.post(url, { json }).
  if (sink.httpMethod === 'fixed') return { url: args[0], body: property(args[1], 'json', 'body') ?? args[1] };
  // axios(config), http.request(url, options), got(url, options).
  const [first, second] = args;
  if (first && isUrlValue(first, resolver, b)) return { url: first, body: property(second, 'data', 'json', 'body') };
  return { url: property(first, 'url', 'path'), body: property(first, 'data', 'json', 'body') };
}

/**
 * What a request body says it does: a GraphQL document (the body, or its `query`, also inside
 * `JSON.stringify(...)`), or a JSON-RPC call (`{ jsonrpc, method }`). Null when it names neither.
 */
export function bodyPurpose(arg: Node, resolver: Resolver, b: Bindings): RequestPurpose | null {
  let node = definingNode(arg, resolver, b) ?? unwrap(arg);
  if (Node.isCallExpression(node) && /^JSON\.stringify$/.test(unwrap(node.getExpression()).getText()) && node.getArguments()[0]) {
    node = definingNode(node.getArguments()[0]!, resolver, b) ?? unwrap(node.getArguments()[0]!);
  }
  if (!Node.isObjectLiteralExpression(node)) {
    const text = documentTextOf(node, resolver, b);
    const operation = text === null ? null : graphqlOperation(text);
    return operation ? graphqlPurpose(operation, text ?? '') : null;
  }
  const textOf = (name: string): string | null => {
    const value = propertyValue(node.getProperty(name));
    return value ? documentTextOf(value, resolver, b) : null;
  };
  const query = textOf('query');
  const operation = query === null ? null : graphqlOperation(query);
  if (operation) return graphqlPurpose(operation, query ?? '');
  if (!node.getProperty('jsonrpc')) return null;
  const method = textOf('method');
  return method === null ? null : rpcPurpose(method);
}

/** `base` doing operation `op`, named `what` in the sink and the description. */
function opEffect(base: Effect, op: OpEffect, what: string): Effect {
  return {
    ...base,
    access: op.access,
    destructive: op.destructive,
    idempotent: op.idempotent,
    ...(op.arbitrary ? { arbitrary: true } : {}),
    sink: `${base.sink} (${what})`,
    description: `${base.description}: \`${what}\` ${op.label}`,
  };
}

/** The effect with the text of its path arguments (`target`, `from`), for file sinks that name them. */
function withPaths(effect: Effect, sink: SinkEntry, args: readonly Node[], resolver: Resolver): Effect {
  const { target, source } = pathArgumentsOf(sink, args);
  return { ...effect, ...(target ? { target: pathText(target, resolver) } : {}), ...(source ? { from: pathText(source, resolver) } : {}) };
}

/** The arguments a file sink names as its paths (`rename(source, target)`); none for a sink that names none. */
export function pathArgumentsOf(sink: SinkEntry, args: readonly Node[]): { target?: Node; source?: Node } {
  if (!sink.pathArguments) return {};
  const target = args[sink.pathArguments.target];
  const source = sink.pathArguments.source === undefined ? undefined : args[sink.pathArguments.source];
  return { ...(target ? { target } : {}), ...(source ? { source } : {}) };
}

/** A path argument as text: its value when static (`"notes.json"`), else its expression as written. */
export function pathText(arg: Node, resolver: Resolver): string {
  const node = unwrap(arg);
  const v = evaluate(node, resolver);
  return v.known && typeof v.value === 'string' ? JSON.stringify(v.value) : node.getText();
}

/**
 * The effect of a catalogued sink used as a template tag: postgres.js's `` sql`SELECT ...` ``
 * (the SQL text), zx's and execa's `` $`git status` `` (the command line).
 */
export function sinkTemplateEffect(sink: SinkEntry, node: TaggedTemplateExpression, resolver: Resolver, site?: SinkSite, b: Bindings = Bindings.EMPTY): Effect {
  const base = sinkEffect(sink, node, site);
  if (sink.sqlArgument !== undefined) return sqlEffect(base, node.getTemplate(), resolver, b);
  if (sink.commandLine) return commandEffect(base, commandOfTemplate(node.getTemplate(), resolver, b));
  return base;
}

/** The value a property of an object literal gives (`{ method: "PUT" }`, `{ method }`), or null for a method, accessor or spread. */
export function propertyValue(prop: Node | undefined): Node | null {
  if (prop && Node.isPropertyAssignment(prop)) return prop.getInitializerOrThrow();
  if (prop && Node.isShorthandPropertyAssignment(prop)) return prop.getNameNode();
  return null;
}

/** The object an options argument stands for (a literal, or a const holding one), or null when it cannot be read. */
function optionsObject(arg: Node, resolver: Resolver, b: Bindings): import('ts-morph').ObjectLiteralExpression | null {
  const node = definingNode(arg, resolver, b) ?? unwrap(arg);
  return Node.isObjectLiteralExpression(node) ? node : null;
}

/**
 * A call that writes a file only when its options name one (`page.screenshot({ path })`): no
 * effect without the option; the catalogued write with it; the write, said to depend on them,
 * when the options cannot be read.
 */
function pathOptionEffect(base: Effect, spec: NonNullable<SinkEntry['pathOption']>, arg: Node | undefined, resolver: Resolver, b: Bindings): Effect | null {
  if (!arg) return null;
  const options = optionsObject(arg, resolver, b);
  if (!options) return { ...base, description: `${base.description} if its options (known only at run time) give a \`${spec.property}\`` };
  return options.getProperty(spec.property) || options.getProperties().some((p) => Node.isSpreadAssignment(p)) ? base : null;
}

/**
 * A copy or move whose options may let it replace what is at the destination (fs-extra's
 * `overwrite`, node:fs `cp`'s `force`): the entry's effect when the option is false; destructive
 * when it is true, or computed (the broadest behaviour the call permits, DESIGN.md §1).
 */
function overwriteEffect(base: Effect, spec: NonNullable<SinkEntry['overwriteOption']>, arg: Node | undefined, resolver: Resolver, b: Bindings): Effect {
  let replaces: boolean | null = spec.default;
  let named = spec.properties[0]!;
  const node = arg ? (definingNode(arg, resolver, b) ?? unwrap(arg)) : undefined;
  if (node && !isFunctionNode(node)) {
    const options = Node.isObjectLiteralExpression(node) ? node : null;
    const prop = options ? spec.properties.map((name) => options.getProperty(name)).find((p) => p !== undefined) : undefined;
    if (!options) replaces = null;
    else if (prop) {
      named = Node.isPropertyAssignment(prop) || Node.isShorthandPropertyAssignment(prop) ? prop.getName() : named;
      const value = propertyValue(prop);
      const v = value ? evaluate(value, resolver, 0, b) : null;
      replaces = v?.known ? Boolean(v.value) : null;
    } else if (options.getProperties().some((p) => Node.isSpreadAssignment(p))) replaces = null;
  }
  if (replaces === false) return base;
  const how = replaces === null ? ` when \`${named}\` (known only at run time) is true` : '';
  return { ...base, destructive: true, description: `${base.description}, replacing what exists at the destination${how}` };
}

/** The class a command argument constructs (`new PutObjectCommand(...)`, or a const holding one): `PutObjectCommand`. */
function commandClassOf(arg: Node | undefined, resolver: Resolver): string | null {
  if (!arg) return null;
  // A const holding the command: its initializer as written (resolution follows `new X()` to the package).
  const init = Node.isIdentifier(unwrap(arg)) ? initializerOf(arg, true) : undefined;
  const node = init ? unwrap(init) : (definingNode(arg, resolver) ?? unwrap(arg));
  if (!Node.isNewExpression(node)) return null;
  const ctor = unwrap(node.getExpression());
  return Node.isPropertyAccessExpression(ctor) ? ctor.getName() : Node.isIdentifier(ctor) ? ctor.getText() : null;
}

/**
 * A catalogued client method classified by the verb of its name (api-verbs.ts): the library is
 * known, so the effect is certain; a name without a known verb keeps the entry's values.
 */
function verbEffect(base: Effect, name: string, argumentCount?: number): Effect {
  const verb = verbOf(name, argumentCount);
  if (!verb) return { ...base, sink: `${base.sink} (${name})`, description: `${base.description} (\`${name}\`)` };
  return opEffect(base, verb, name);
}

/**
 * A Redis client method or generic command call: the command table decides (catalog/redis.ts).
 * `multi([...])` and `pipeline([...])` given their commands as data run commands the linter does
 * not read; without arguments they only start a chain.
 */
function redisEffect(base: Effect, name: string | null, argCount: number): Effect | null {
  if (name === null) return { ...base, description: 'runs a Redis command known only at run time' };
  const op = redisOp(name);
  if (op === 'pure') return /^(multi|pipeline)$/i.test(name) && argCount > 0 ? { ...base, description: `runs Redis commands given to \`${name}\` as data` } : null;
  if (op === undefined) return { ...base, sink: `${base.sink} (${name})`, description: `runs a Redis command the linter does not classify (\`${name}\`)` };
  return opEffect(base, OPS[op], name.toUpperCase());
}

/** The command name of a generic Redis call: `'SET'` of `call('SET', ...)`, or the first item of `sendCommand(['SET', ...])`. */
function redisCommandName(arg: Node | undefined, resolver: Resolver): string | null {
  if (!arg) return null;
  const node = definingNode(arg, resolver) ?? unwrap(arg);
  const first = Node.isArrayLiteralExpression(node) ? node.getElements()[0] : node;
  if (!first) return null;
  const v = evaluate(first, resolver);
  return v.known && typeof v.value === 'string' ? v.value : null;
}

/**
 * A call that runs the endpoint its argument names (Octokit `request("DELETE /repos/{owner}/{repo}")`,
 * `paginate(octokit.rest.issues.listForRepo, ...)`, Slack `apiCall("chat.postMessage")`): an HTTP
 * route's method decides (a route without one is a GET, as Octokit sends it); a dotted method
 * name or a method reference is classified by its verb.
 */
function endpointEffect(base: Effect, arg: Node | undefined, resolver: Resolver): Effect {
  const text = arg ? leadingTextOf(arg, resolver, []) : null;
  if (text !== null) {
    const route = /^\s*(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)\s+(\S*)/i.exec(text);
    if (route) return route[1]!.toUpperCase() === 'POST' ? postEffect(base, route[2]!, null) : httpCallEffect(base, route[1]!, null);
    if (text.trimStart().startsWith('/')) return httpCallEffect(base, 'GET', null);
    const method = /^[\w.]+$/.exec(text.trim()) ? text.trim().split('.').pop()! : null;
    if (method) return verbEffect(base, method);
  }
  const ref = arg ? (definingNode(arg, resolver) ?? unwrap(arg)) : undefined;
  if (ref && Node.isPropertyAccessExpression(ref)) return verbEffect(base, ref.getName());
  return { ...base, description: `${base.description}, on an endpoint known only at run time` };
}

/** A GraphQL document's operation (https://spec.graphql.org/October2021/#sec-Language.Operations): `mutation` writes; `query`, `subscription` and the `{ ... }` shorthand read. */
function graphqlEffect(base: Effect, arg: Node | undefined, resolver: Resolver): Effect {
  const text = arg ? leadingTextOf(arg, resolver, ['query']) : null;
  const keyword = text === null ? null : /^\s*(?:#[^\n]*\n\s*)*(\{|[a-z]+)/.exec(text)?.[1];
  if (keyword === 'mutation') return opEffect(base, OPS.write, 'GraphQL mutation');
  if (keyword === 'query' || keyword === 'subscription' || keyword === '{') return opEffect(base, OPS.read, 'GraphQL query');
  return { ...base, description: `${base.description}, with a GraphQL document the linter cannot read` };
}

/**
 * A MongoDB aggregation (https://www.mongodb.com/docs/manual/reference/operator/aggregation-pipeline/):
 * a `$out` stage replaces a collection and `$merge` writes into one; without them the pipeline
 * only reads. A pipeline the linter cannot read may hold either; none given, it is built by the
 * chain (the entry's `chain`: `.out()`, `.merge()`).
 */
function pipelineEffect(base: Effect, arg: Node | undefined, resolver: Resolver): Effect {
  if (!arg) return base;
  const node = definingNode(arg, resolver) ?? unwrap(arg);
  if (!Node.isArrayLiteralExpression(node)) return { ...base, access: 'unknown', description: `${base.description}, with a pipeline known only at run time (a \`$out\` or \`$merge\` stage would write)` };
  const stage = /["']?\$(out|merge)["']?\s*:/.exec(node.getText())?.[1];
  return stage ? opEffect(base, stage === 'out' ? OPS.set : OPS.change, `$${stage}`) : base;
}

/** The effect after the builder steps that change the operation (the entry's `chain`): the last one found wins. */
function chainEffect(effect: Effect, chain: NonNullable<SinkEntry['chain']>, call: Node): Effect {
  const step = chainedMethodNames(call).filter((name) => Object.hasOwn(chain, name)).pop();
  if (step === undefined) return effect;
  const op = OPS[chain[step]!];
  return { ...effect, access: op.access, destructive: op.destructive, idempotent: op.idempotent, sink: `${effect.sink} .${step}()`, description: `${effect.description}, with \`${step}()\`: ${op.label}` };
}

/** The open flag a file-system call uses (a string argument or an options property); its default when not given; null when computed. */
function fileFlagOf(spec: NonNullable<SinkEntry['fileFlag']>, args: Node[], resolver: Resolver): string | null {
  const arg = args[spec.index];
  if (!arg) return spec.default;
  const node = definingNode(arg, resolver) ?? unwrap(arg);
  // writeFile(p, data, callback): no options given.
  if (isFunctionNode(node)) return spec.default;
  if (!spec.property && isReadOnlyFlagConstant(node)) return 'r';
  if (Node.isObjectLiteralExpression(node)) {
    if (!spec.property) return null;
    const prop = node.getProperty(spec.property);
    if (!prop) return spec.default;
    const value = propertyValue(prop);
    if (!value) return null;
    const v = evaluate(value, resolver);
    return v.known && typeof v.value === 'string' ? v.value : null;
  }
  const v = evaluate(node, resolver);
  if (!v.known) return null;
  // writeFile(p, d, 'utf8'): a string in the options position is the encoding, not a flag.
  return spec.property && typeof v.value === 'string' ? spec.default : typeof v.value === 'string' ? v.value : spec.default;
}

/** True when a request sink's call leaves its HTTP method to run time (its options or its `Request` come from elsewhere). */
export function methodUnknownAt(sink: SinkEntry, call: CallExpression | NewExpression, resolver: Resolver, b: Bindings): boolean {
  return sink.httpMethod !== undefined && httpMethodOf(sink, call.getArguments(), resolver, b) === null;
}

/** The HTTP method a call uses, from its options literal; `GET` when none is given; null when it is computed. */
function httpMethodOf(sink: SinkEntry, args: Node[], resolver: Resolver, b: Bindings): string | null {
  if (sink.httpMethod === 'get') return 'GET';
  if (sink.httpMethod === 'fixed') return sink.fixedMethod ?? null;
  // fetch(new Request(url, { method })) as well as fetch(url, { method }), also with the request in a const.
  const first = args[0] ? unwrap(initializerOf(args[0], true) ?? args[0]) : undefined;
  const request = isNewOf(first, 'Request') ? first.getArguments().slice(1, 2) : [];
  const optionsArgs = sink.httpMethod === 'fetch' ? [...args.slice(1, 2), ...request] : args.slice(0, 2);
  for (const arg of optionsArgs) {
    const obj = definingNode(arg, resolver, b) ?? unwrap(arg);
    if (!Node.isObjectLiteralExpression(obj)) {
      // http.request("https://x", options): the URL comes first.
      if (isUrlValue(arg, resolver, b) || (Node.isIdentifier(obj) && obj.getText() === 'undefined')) continue;
      // Options the linter cannot read (a parameter, a variable assigned elsewhere) may carry any method.
      return null;
    }
    const method = methodIn(obj, resolver, b, 0);
    if (method === ABSENT) continue;
    return method;
  }
  // fetch(request) sends the method of the `Request` object it is given (Fetch Standard, "fetch()":
  // a new Request from input and init), which only run time knows when the argument is not made
  // here: a parameter declared `Request` or `RequestInfo`, as an SDK's shared transport takes it.
  if (sink.httpMethod === 'fetch' && request.length === 0 && args[0] && holdsRequest(args[0])) return null;
  return 'GET';
}

/**
 * The `method` a request's options set (`fetch(input, init)`'s init, a request descriptor
 * `{ method: "GET", path }`): the string; undefined when the options (a literal, or a const
 * holding one) set none; null when it, or the options, cannot be read.
 */
export function optionsMethod(arg: Node, resolver: Resolver, b: Bindings): string | null | undefined {
  const obj = optionsObject(arg, resolver, b);
  if (!obj) return null;
  const method = methodIn(obj, resolver, b, 0);
  return method === ABSENT ? undefined : method;
}

/** What {@link methodIn} answers for an options object that sets no `method`. */
const ABSENT = Symbol('absent');

/**
 * The `method` an options object literal sets: the last key that sets it wins, a spread included
 * (`{ ...options, headers }` in a request helper takes the caller's `{ method: "PATCH" }`). A
 * spread of `undefined` (an options parameter the call site leaves out) sets nothing. Null when the
 * method, or a spread that may hold one, cannot be read.
 */
function methodIn(obj: import('ts-morph').ObjectLiteralExpression, resolver: Resolver, b: Bindings, depth: number): string | null | typeof ABSENT {
  if (depth > 4) return null;
  for (const prop of obj.getProperties().reverse()) {
    if (Node.isSpreadAssignment(prop)) {
      const expr = prop.getExpression();
      const target = resolver.resolve(expr, 0, b);
      if (target.kind === 'const' && (target.value === undefined || target.value === null)) continue;
      const spread = definingNode(expr, resolver, b);
      if (!spread || !Node.isObjectLiteralExpression(spread)) return null;
      const inner = methodIn(spread, resolver, target.kind === 'value' ? bindingsOf(target) : b, depth + 1);
      if (inner === ABSENT) continue;
      return inner;
    }
    const name = Node.isPropertyAssignment(prop) || Node.isShorthandPropertyAssignment(prop) ? prop.getName() : null;
    if (name !== 'method') continue;
    const value = propertyValue(prop);
    if (!value) return null;
    const v = evaluate(value, resolver, 0, b);
    return v.known && typeof v.value === 'string' ? v.value : null;
  }
  return ABSENT;
}

/** Steps of a prepared statement that return it configured (better-sqlite3, node:sqlite, bun:sqlite): the SQL is further back. */
const STATEMENT_STEPS: ReadonlySet<string> = new Set(['pluck', 'expand', 'raw', 'columns', 'bind', 'safeIntegers', 'setReadBigInts', 'setAllowBareNamedParameters', 'as']);

/**
 * The SQL of a statement a method runs: the first argument of the call that made its receiver
 * (`db.prepare(sql)`, behind any `.pluck()`-like steps), or the tagged template that did.
 */
function receiverSql(call: CallExpression | NewExpression): Node | undefined {
  let origin = Node.isCallExpression(call) ? receiverOrigin(call) : null;
  for (let step = 0; origin && Node.isCallExpression(origin) && step < 8; step++) {
    const callee = unwrap(origin.getExpression());
    if (!(Node.isPropertyAccessExpression(callee) && STATEMENT_STEPS.has(callee.getName()))) return origin.getArguments()[0];
    origin = receiverOrigin(origin);
  }
  return origin && Node.isTaggedTemplateExpression(origin) ? origin : undefined;
}

/**
 * The effect of running the SQL a call gives (a string, a template, a `+` of strings, a const,
 * `{ sql: ... }` or `{ text: ... }`, an array of statements run as a batch, a text of several
 * statements): read from the statement's text, or its start when the rest is computed; a batch
 * does what its worst statement does. A statement whose text is known only at run time (the tool's argument) may do
 * anything to the data: a write of unknown kind.
 */
export function sqlEffect(base: Effect, arg: Node | undefined, resolver: Resolver, b: Bindings = Bindings.EMPTY): Effect {
  const node = arg ? (definingNode(arg, resolver, b) ?? unwrap(arg)) : undefined;
  const statements = node && Node.isArrayLiteralExpression(node) ? node.getElements() : [arg];
  const texts = statements.flatMap((s) => {
    const text = s && !Node.isSpreadElement(s) ? leadingTextOf(s, resolver, SQL_PROPERTIES, 0, b) : null;
    return text === null ? [null] : splitStatements(text);
  });
  const classified = texts.map((t) => (t === null ? null : classifySql(t)));
  if (classified.some((c) => c === null)) {
    const text = texts.find((t, i) => t !== null && classified[i] === null);
    const description = text === undefined || text === null ? 'runs a SQL statement known only at run time' : `runs a SQL statement the linter does not classify (\`${text.trim().slice(0, 30)}\`)`;
    return { ...base, access: 'unknown', destructive: null, idempotent: null, description };
  }
  const sql = worstSql(classified as SqlEffect[]);
  const what = sql.access === 'read' ? 'reads the database' : sql.destructive ? 'changes or deletes database rows or tables' : 'adds database rows';
  return { ...base, access: sql.access, destructive: sql.destructive, idempotent: sql.idempotent, sink: `${base.sink} ${sql.label}`, description: `${what} (${sql.label})` };
}

/** Where SQL clients take a statement's text from an object (mysql2 and libsql `{ sql }`, pg `{ text }`). */
const SQL_PROPERTIES = ['sql', 'text'];

/**
 * The text of a string argument, or its start (a template's head, the left of a `+`), also of a
 * tagged template, of `sql.raw(text)`, or of one of `properties` of an object; null when none can
 * be read.
 */
/**
 * The text of a document sent as a request body: a known string, else the literal parts of the
 * template that writes it (through the const that holds it), with a space for each interpolation:
 * a GraphQL document often starts with a fragment spliced in (`gql\`${UserFields} query Users {...}\``),
 * and the operation after it is what the request does. Else its leading text ({@link leadingTextOf}).
 */
function documentTextOf(arg: Node, resolver: Resolver, b: Bindings): string | null {
  const v = evaluate(unwrap(arg), resolver, 0, b);
  if (v.known && typeof v.value === 'string') return v.value;
  let node: Node | undefined = unwrap(arg);
  for (let depth = 0; node && depth < 4 && !Node.isTemplateExpression(node) && !Node.isTaggedTemplateExpression(node); depth++) {
    const defining = definingNode(node, resolver, b);
    node = defining && defining !== node ? unwrap(defining) : undefined;
  }
  const template = node && Node.isTaggedTemplateExpression(node) ? node.getTemplate() : node;
  if (template && Node.isTemplateExpression(template)) return [template.getHead().getLiteralText(), ...template.getTemplateSpans().map((span) => span.getLiteral().getLiteralText())].join(' ');
  return leadingTextOf(arg, resolver, [], 0, b);
}

function leadingTextOf(arg: Node, resolver: Resolver, properties: readonly string[], depth = 0, b: Bindings = Bindings.EMPTY): string | null {
  if (depth > 8) return null;
  const node = unwrap(arg);
  const v = evaluate(node, resolver, 0, b);
  if (v.known && typeof v.value === 'string') return v.value;
  if (Node.isTemplateExpression(node)) return node.getHead().getLiteralText();
  if (Node.isNoSubstitutionTemplateLiteral(node)) return node.getLiteralText();
  if (Node.isTaggedTemplateExpression(node)) return leadingTextOf(node.getTemplate(), resolver, properties, depth + 1, b);
  if (Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === SyntaxKind.PlusToken) return leadingTextOf(node.getLeft(), resolver, properties, depth + 1, b);
  // drizzle's and kysely's `sql.raw("...")`, Prisma's `Prisma.raw("...")`: the raw text.
  if (Node.isCallExpression(node) && /\.raw$/.test(unwrap(node.getExpression()).getText()) && node.getArguments()[0]) return leadingTextOf(node.getArguments()[0]!, resolver, properties, depth + 1, b);
  if (Node.isObjectLiteralExpression(node)) {
    for (const name of properties) {
      const prop = node.getProperty(name);
      const value = prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
      if (value) return leadingTextOf(value, resolver, properties, depth + 1, b);
    }
    return null;
  }
  const defining = definingNode(node, resolver, b);
  return defining && defining !== node ? leadingTextOf(defining, resolver, properties, depth + 1, b) : null;
}

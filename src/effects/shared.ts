import type { CallExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import type { Resolver } from '../analysis/resolve.js';
import { locationOf } from '../analysis/location.js';
import { isFunctionNode, shorten, unwrap, type FunctionNode } from '../analysis/syntax.js';
import type { CallHop, Effect, EffectSet, SharedPath, SourceLocation, UnresolvedItem } from '../model.js';

/**
 * Shared effects (issue 15, kind 1: "Cross-cutting effects counted against every tool"). A
 * registration wrapper (`register(name, handler)` whose callback tracks the call, then calls
 * `handler`), a low-level tools/call dispatcher (logging before the `switch` on the tool's name,
 * usage posted after it) or a base class (`run()` opening a span around `this.execute()`) is one
 * handler function that several tools share, each read with its own bindings. What each tool does
 * beyond that path (its callback, the branch of the dispatch it takes, its `execute` override)
 * is its own; what every one of them does on that path is the wrapper's, and counting it against
 * each tool made read-only tools "write files" and "reach the network".
 *
 * The rule, decided from the effects of the tools that share a handler function:
 * - an effect is shared when every one of those tools has it by the same way (same place, same
 *   call chain, same branch condition): a branch of the wrapper that only some tools take (`if
 *   (name === "export")`, a `case` of the dispatch) gives its effects to those tools only, so they
 *   count for them;
 * - only when the tools have parts of their own: some effect or unresolved call that not all of
 *   them have. Tools whose effects are all alike (one generic handler registered under several
 *   names, a table of endpoints read by one function) have no wrapper around them: the handler is
 *   each tool's own code, and nothing is shared;
 * - an effect under a condition that compares with a string (`name === "x"`, `case "x":`) is never
 *   shared: if every tool reaches it, the linter could not tell which tool the branch is for;
 * - nor is an effect in code the shared path defines but does not run (`deferred`: the methods of a
 *   client a factory on that path returns, which each tool's own part then calls);
 * - a tool alone on its handler (a single-tool server) has no shared part.
 * An unresolved call every tool makes the same way (a telemetry client declared without code,
 * called in the wrapper) is shared by the same rule: whatever it does would be a shared effect,
 * so it leaves none of the tools' own hints open.
 */

/** A tool as the shared-path analysis needs it: its handler functions and its effects (null: not analysed). */
export interface ToolEffects {
  handlers: readonly { node: FunctionNode }[];
  effects: EffectSet | null;
}

/**
 * The function a handler only forwards to, and the call that does it: a handler whose body is one
 * call (`(args) => wrapToolCallback(name, cb)(args)`, `async (a) => { return run(a); }`) runs that
 * function as its whole body, so it shares that function's path with a tool registered with the
 * function itself (`registerAppTool(..., wrapToolCallback("x", cb))`). Null for any other handler.
 */
export type Forwarding = (handler: FunctionNode) => { node: FunctionNode; call: Node } | null;

/**
 * The {@link Forwarding} of a program: a handler whose body is one call (awaited or returned) of a
 * function the resolver finds, when that function is a wrapper (it calls a function it is
 * given: a parameter of its own or of the factory that made it, `cb` in `wrapToolCallback(name,
 * cb)`'s returned handler). A handler that forwards to a plain helper (`(a) => request("GET",
 * a)`) is not grouped with the other callers of that helper: what the helper does is each tool's
 * own request.
 */
export function forwardingOf(resolver: Resolver): Forwarding {
  return (handler) => {
    const call = soleCall(handler);
    if (!call) return null;
    const target = resolver.resolve(call.getExpression());
    return target.kind === 'function' && target.node !== handler && callsGivenFunction(target.node) ? { node: target.node, call } : null;
  };
}

/** The one call a function's body consists of (`=> f(x)`, `=> await f(x)`, `{ return f(x); }`, `{ await f(x); }`), or null. */
function soleCall(fn: FunctionNode): CallExpression | null {
  const body = fn.getBody();
  if (!body) return null;
  let expr: Node | undefined;
  if (Node.isBlock(body)) {
    const statements = body.getStatements();
    const only = statements.length === 1 ? statements[0]! : undefined;
    expr = only && (Node.isReturnStatement(only) || Node.isExpressionStatement(only)) ? only.getExpression() : undefined;
  } else expr = body;
  let inner = expr ? unwrap(expr) : undefined;
  if (inner && Node.isAwaitExpression(inner)) inner = unwrap(inner.getExpression());
  return inner && Node.isCallExpression(inner) ? inner : null;
}

/** True when `fn` calls a parameter of its own or of a function around it: it runs code it is given. */
function callsGivenFunction(fn: FunctionNode): boolean {
  return fn.getDescendantsOfKind(SyntaxKind.CallExpression).some((call) => {
    const callee = unwrap(call.getExpression());
    const decl = Node.isIdentifier(callee) ? callee.getSymbol()?.getDeclarations()[0] : undefined;
    const owner = decl && Node.isParameterDeclaration(decl) ? decl.getParent() : undefined;
    return owner !== undefined && (owner === fn || fn.getAncestors().includes(owner));
  });
}

/** A tool in a group of one function: its index, and the call site its handler reaches the function through (null: the handler is the function). */
interface Member {
  index: number;
  through: string | null;
}

/**
 * The effects of each tool (same order as `tools`), with `shared` set on those that lie on a path
 * every tool of one handler function takes (directly, or through a handler that only forwards to
 * it, see {@link Forwarding}). Sets with nothing shared are returned as given.
 */
export function markSharedEffects(tools: readonly ToolEffects[], forwarding: Forwarding = () => null): (EffectSet | null)[] {
  const result = tools.map((t) => t.effects);
  // The widest path first: a wrapper every tool runs names the effects before a helper some of them forward through it.
  const groups = [...toolsByHandler(tools, forwarding)].sort((a, b) => b[1].length - a[1].length);
  for (const [fn, members] of groups) {
    if (members.length < 2) continue;
    const sets = members.map((m) => result[m.index]);
    if (sets.some((s) => s === null || s === undefined)) continue;
    const views = members.map((m, k) => viewFrom(sets[k]!, m.through));
    const shared = sharedKeys(views);
    if (shared.size === 0) continue;
    const path: SharedPath = { wrapper: wrapperLabel(fn), location: locationOf(fn), tools: members.length };
    const calls = markableCalls(views, shared);
    members.forEach((m, k) => {
      const set = result[m.index]!;
      const view = views[k]!;
      const keys = new Map(view.effects.map((e, at) => [view.origin[at]!, effectKey(e)]));
      const unresolvedKeys = new Map(view.unresolved.map((u, at) => [set.unresolved[at]!, unresolvedKey(u)]));
      const entry = m.through !== null ? { entry: 1 } : {};
      result[m.index] = {
        ...set,
        effects: set.effects.map((e) => {
          const key = keys.get(e);
          if (e.shared || key === undefined || !shared.has(key)) return e;
          const call = calls.get(key);
          return { ...e, shared: { ...path, ...(call !== undefined ? { call } : {}), ...entry } };
        }),
        unresolved: set.unresolved.map((u) => (u.shared || !shared.has(unresolvedKeys.get(u)!) ? u : { ...u, shared: { ...path, ...entry } })),
      };
    });
  }
  return result;
}

/**
 * The indices of the tools (same order as `tools`) that share a handler function, or a function
 * their handlers forward to, with another tool: each group whose effects {@link markSharedEffects}
 * compares, two tools or more. Needs no effects, so that a run can choose which tools to analyse.
 */
export function sharingGroups(tools: readonly Pick<ToolEffects, 'handlers'>[], forwarding: Forwarding): number[][] {
  return [...toolsByHandler(tools, forwarding).values()].filter((members) => members.length > 1).map((members) => members.map((m) => m.index));
}

/** Tool indices by handler function (and by the function a handler forwards to), each tool once per function. */
function toolsByHandler(tools: readonly Pick<ToolEffects, 'handlers'>[], forwarding: Forwarding): Map<FunctionNode, Member[]> {
  const groups = new Map<FunctionNode, Member[]>();
  const add = (fn: FunctionNode, member: Member): void => {
    const members = groups.get(fn);
    if (!members) groups.set(fn, [member]);
    else if (!members.some((m) => m.index === member.index)) members.push(member);
  };
  tools.forEach((tool, index) => {
    for (const fn of new Set(tool.handlers.map((h) => h.node))) {
      add(fn, { index, through: null });
      const forwarded = forwarding(fn);
      if (forwarded) add(forwarded.node, { index, through: siteKey(locationOf(forwarded.call)) });
    }
  });
  return groups;
}

/** A tool's effects as the function of a group sees them: all of them, with the forwarding call left out of their chains; `origin` maps each back. */
interface View {
  effects: Effect[];
  unresolved: UnresolvedItem[];
  origin: Effect[];
}

/**
 * The effects of a set seen from the function its handler forwards to through the call at
 * `through`: each chain without that first hop (an effect the handler reaches another way keeps
 * its chain, and so stays the tool's own). With `through` null, the set as it is.
 */
function viewFrom(set: EffectSet, through: string | null): View {
  const strip = <T extends { via: CallHop[] }>(item: T): T => (through !== null && item.via.length > 0 && siteKey(item.via[0]!.location) === through ? { ...item, via: item.via.slice(1) } : item);
  return { effects: set.effects.map(strip), unresolved: set.unresolved.map(strip), origin: [...set.effects] };
}

/** The keys of the effects every set has, when the sets also differ somewhere; else none. */
function sharedKeys(sets: readonly View[]): Set<string> {
  const counts = new Map<string, number>();
  const effects = new Map<string, Effect>();
  for (const set of sets) {
    const keys = new Set<string>();
    for (const e of set.effects) {
      const key = effectKey(e);
      keys.add(key);
      effects.set(key, e);
    }
    for (const u of set.unresolved) keys.add(unresolvedKey(u));
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const shared = new Set<string>();
  // No part of their own: the handler is each tool's code, not a wrapper around it.
  if (![...counts.values()].some((c) => c < sets.length)) return shared;
  const common = (key: string): boolean => (counts.get(key) ?? 0) >= sets.length - exemptions(sets.length);
  for (const [key, e] of effects) if (common(key) && !e.deferred && !isDispatchBranch(e.condition)) shared.add(key);
  // An unresolved call every tool makes the same way: whatever it does, it is the wrapper's.
  for (const set of sets) for (const u of set.unresolved) if (common(unresolvedKey(u)) && !isDispatchBranch(u.condition)) shared.add(unresolvedKey(u));
  return shared;
}

/** The share of a group's tools that may skip a shared step, the wrapper leaving them out by name or returning early for them. */
const EXEMPT_SHARE = 0.25;
/** How many tools a group needs before its wrapper may leave some out of a shared step. */
const MIN_GROUP_WITH_EXEMPTIONS = 8;

/**
 * How many tools of a group of `size` may lack an effect that is still the wrapper's: a dispatcher
 * that records every call in a history but for the tool that reads the history (`if
 * (!EXCLUDED_TOOLS.includes(name)) history.add(...)`), or whose tail (usage tracking, an onboarding
 * notice) some tools' branches return before. At most a quarter of a group of
 * {@link MIN_GROUP_WITH_EXEMPTIONS} or more: a step more tools skip is the others' own code. A
 * step the wrapper takes for tools it picks (`if (WRITERS.includes(name)) persist()`) is a
 * dispatch branch, never shared ({@link isDispatchBranch}).
 */
function exemptions(size: number): number {
  return size >= MIN_GROUP_WITH_EXEMPTIONS ? Math.floor(size * EXEMPT_SHARE) : 0;
}

/**
 * True for a branch condition that picks some tools by a string (`request.params.name ===
 * "reset"`, `tool !== 'x'`, a `case "x":`) or by a list (`WRITERS.includes(name)`): the dispatch
 * on the tool's name, whose branches are tools' own code even when the linter could not tell which
 * tool takes them.
 */
function isDispatchBranch(condition: string | undefined): boolean {
  if (condition === undefined) return false;
  // A list of the tools it is for (`WRITERS.includes(name)`, `READ_ONLY.has(tool)`); not one it leaves out (`!EXCLUDED.includes(name)`).
  return /(?:[!=]==?\s*["'`])|(?:["'`]\s*[!=]==?)/.test(condition) || /(?<![!\w.])[\w.$]+\.(?:includes|has)\(/.test(condition);
}

/**
 * For each shared effect, the outermost call of its chain that leads to shared effects only (no
 * own effect nor unresolved call of any tool goes through the same call site): the callee an
 * `incidental` entry's `call` can name without hiding a tool's own effects. None when the effect
 * is written in the wrapper itself or every call on its way also leads to a tool's own code.
 */
function markableCalls(sets: readonly View[], shared: ReadonlySet<string>): Map<string, string> {
  const ownSites = new Set<string>();
  for (const set of sets) {
    for (const e of set.effects) if (!shared.has(effectKey(e))) for (const hop of e.via) ownSites.add(siteKey(hop.location));
    for (const u of set.unresolved) if (!shared.has(unresolvedKey(u))) for (const hop of u.via) ownSites.add(siteKey(hop.location));
  }
  const calls = new Map<string, string>();
  for (const e of sets[0]!.effects) {
    const key = effectKey(e);
    if (!shared.has(key)) continue;
    const hop = e.via.find((h) => !ownSites.has(siteKey(h.location)));
    if (hop) calls.set(key, hop.callee);
  }
  return calls;
}

function siteKey(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.column}`;
}

function chainKey(via: readonly CallHop[]): string {
  return via.map((h) => `${h.callee}@${siteKey(h.location)}`).join('>');
}

/**
 * The keys of effects and unresolved items already built (items are not changed once made: a
 * shared mark makes a copy). Each is asked for several times per group, and a dispatcher's
 * hundreds of unresolved calls, with their chains, are in every tool's set (chrome-devtools-mcp:
 * 33,000 items).
 */
const builtKeys = new WeakMap<Effect | UnresolvedItem, string>();

function remembered<T extends Effect | UnresolvedItem>(item: T, make: (item: T) => string): string {
  let key = builtKeys.get(item);
  if (key === undefined) builtKeys.set(item, (key = make(item)));
  return key;
}

/** What makes two tools' effects the same effect: the place, the sink and what it does, the branch, and the way there. */
function effectKey(e: Effect): string {
  return remembered(e, () => [siteKey(e.location), e.kind, e.access, e.sink, e.description, e.condition ?? '', e.errorPath ? 'catch' : '', chainKey(e.via)].join('\0'));
}

function unresolvedKey(u: UnresolvedItem): string {
  return remembered(u, () => ['unresolved', siteKey(u.location), u.reason, u.condition ?? '', chainKey(u.via)].join('\0'));
}

/**
 * The wrapper as a reader finds it in the source: a named function or method (`` `BaseTool.run` ``),
 * a function held in a variable or property (`` `wrappedHandler` in `registerTool` ``), else the
 * callback of the call it is passed to (`` the callback of `server.registerTool` in `register` ``).
 */
export function wrapperLabel(fn: FunctionNode): string {
  const own = nameOf(fn);
  const enclosing = enclosingName(fn);
  const inside = enclosing !== null ? ` in \`${enclosing}\`` : '';
  if (own !== null) return Node.isMethodDeclaration(fn) || Node.isFunctionDeclaration(fn) || enclosing === null ? `\`${own}\`` : `\`${own}\`${inside}`;
  let arg: Node = fn;
  while (arg.getParent() && (Node.isParenthesizedExpression(arg.getParent()!) || Node.isAsExpression(arg.getParent()!))) arg = arg.getParent()!;
  const call = arg.getParent();
  if (call && Node.isCallExpression(call) && call.getArguments().includes(arg)) return `the callback of \`${shorten(unwrap(call.getExpression()).getText(), 50)}\`${inside}`;
  return `the function at line ${fn.getStartLineNumber()}${inside}`;
}

/** The name a function is known by: its own, its class's and method's, or the variable or property that holds it. */
function nameOf(fn: Node): string | null {
  if (Node.isMethodDeclaration(fn) || Node.isGetAccessorDeclaration(fn)) {
    const cls = fn.getParent();
    const className = cls && (Node.isClassDeclaration(cls) || Node.isClassExpression(cls)) ? cls.getName() : undefined;
    return className ? `${className}.${fn.getName()}` : fn.getName();
  }
  if (Node.isFunctionDeclaration(fn)) return fn.getName() ?? null;
  if (Node.isFunctionExpression(fn) && fn.getName()) return fn.getName()!;
  let holder: Node = fn;
  while (holder.getParent() && (Node.isParenthesizedExpression(holder.getParent()!) || Node.isAsExpression(holder.getParent()!))) holder = holder.getParent()!;
  const parent = holder.getParent();
  if (parent && (Node.isVariableDeclaration(parent) || Node.isPropertyAssignment(parent) || Node.isPropertyDeclaration(parent))) return parent.getName();
  return null;
}

/** The name of the nearest named function around `node`, or null at module level. */
function enclosingName(node: Node): string | null {
  for (let a = node.getParent(); a; a = a.getParent()) {
    if (isFunctionNode(a)) {
      const name = nameOf(a);
      if (name !== null) return name;
    }
  }
  return null;
}

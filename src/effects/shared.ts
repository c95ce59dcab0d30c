import { Node } from '../ts-morph.js';
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
 */

/** A tool as the shared-path analysis needs it: its handler functions and its effects (null: not analysed). */
export interface ToolEffects {
  handlers: readonly { node: FunctionNode }[];
  effects: EffectSet | null;
}

/**
 * The effects of each tool (same order as `tools`), with `shared` set on those that lie on a path
 * every tool of one handler function takes. Sets with nothing shared are returned as given.
 */
export function markSharedEffects(tools: readonly ToolEffects[]): (EffectSet | null)[] {
  const result = tools.map((t) => t.effects);
  for (const [fn, members] of toolsByHandler(tools)) {
    if (members.length < 2) continue;
    const sets = members.map((i) => result[i]);
    if (sets.some((s) => s === null || s === undefined)) continue;
    const shared = sharedKeys(sets as EffectSet[]);
    if (shared.size === 0) continue;
    const path: SharedPath = { wrapper: wrapperLabel(fn), location: locationOf(fn), tools: members.length };
    const calls = markableCalls(sets as EffectSet[], shared);
    for (const i of members) {
      const set = result[i]!;
      result[i] = {
        ...set,
        effects: set.effects.map((e) => {
          if (e.shared || !shared.has(effectKey(e))) return e;
          const call = calls.get(effectKey(e));
          return { ...e, shared: { ...path, ...(call !== undefined ? { call } : {}) } };
        }),
      };
    }
  }
  return result;
}

/** Tool indices by handler function, each tool once per function. */
function toolsByHandler(tools: readonly ToolEffects[]): Map<FunctionNode, number[]> {
  const groups = new Map<FunctionNode, number[]>();
  tools.forEach((tool, i) => {
    for (const fn of new Set(tool.handlers.map((h) => h.node))) {
      const members = groups.get(fn);
      if (members) members.push(i);
      else groups.set(fn, [i]);
    }
  });
  return groups;
}

/** The keys of the effects every set has, when the sets also differ somewhere; else none. */
function sharedKeys(sets: readonly EffectSet[]): Set<string> {
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
  for (const [key, e] of effects) if (counts.get(key) === sets.length && !e.deferred && !isDispatchBranch(e.condition)) shared.add(key);
  return shared;
}

/**
 * True for a branch condition that picks some tools by a string (`request.params.name ===
 * "reset"`, `tool !== 'x'`, a `case "x":`): the dispatch on the tool's name, whose branches are
 * tools' own code even when the linter could not tell which tool takes them.
 */
function isDispatchBranch(condition: string | undefined): boolean {
  return condition !== undefined && /(?:[!=]==?\s*["'`])|(?:["'`]\s*[!=]==?)/.test(condition);
}

/**
 * For each shared effect, the outermost call of its chain that leads to shared effects only (no
 * own effect nor unresolved call of any tool goes through the same call site): the callee an
 * `incidental` entry's `call` can name without hiding a tool's own effects. None when the effect
 * is written in the wrapper itself or every call on its way also leads to a tool's own code.
 */
function markableCalls(sets: readonly EffectSet[], shared: ReadonlySet<string>): Map<string, string> {
  const ownSites = new Set<string>();
  for (const set of sets) {
    for (const e of set.effects) if (!shared.has(effectKey(e))) for (const hop of e.via) ownSites.add(siteKey(hop.location));
    for (const u of set.unresolved) for (const hop of u.via) ownSites.add(siteKey(hop.location));
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

/** What makes two tools' effects the same effect: the place, the sink and what it does, the branch, and the way there. */
function effectKey(e: Effect): string {
  return [siteKey(e.location), e.kind, e.access, e.sink, e.description, e.condition ?? '', e.errorPath ? 'catch' : '', chainKey(e.via)].join('\0');
}

function unresolvedKey(u: UnresolvedItem): string {
  return ['unresolved', siteKey(u.location), u.reason, chainKey(u.via)].join('\0');
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

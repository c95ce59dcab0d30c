import path from 'node:path';
import type { CallExpression } from 'ts-morph';
import { Node } from '../ts-morph.js';
import type { Bindings } from '../analysis/bindings.js';
import { locationOf } from '../analysis/location.js';
import { bindingsOf, type Resolver } from '../analysis/resolve.js';
import { returnedExpressions } from '../analysis/returns.js';
import { calledName, isModuleLevel, shorten, unwrap, type FunctionNode } from '../analysis/syntax.js';
import type { Effect } from '../model.js';
import { leadingVerb, namedVerb, wordsOf } from './api-verbs.js';
import { OPS } from './catalog/ops.js';
import { passedAt, traceValue, type Passed, type Traced } from './passed-values.js';

/**
 * A deletion of what the same tool call created: a tool that makes a temporary resource (a
 * database branch to try a migration on, a scratch record), works on it and deletes it when done
 * or on failure. Deleting it destroys nothing that existed before the call (corpus README, "What
 * the labels mean": destructive is about existing state), so the deletion is a write that is not
 * destructive. It is one when the id the deletion is handed traces, through the functions it is
 * passed down (passed-values.ts), to the result of a call made during the tool's call whose name
 * says it makes something new (`createTemporaryBranch(...)`, `client.createProjectBranch(...)`, or
 * a function of the project that returns what such a call gave). An id from the tool's arguments,
 * from module state or from any other call keeps the deletion destructive.
 */

/** Leading verbs of calls that make a new resource and return it (api-verbs.ts names them additive). */
const MAKING_VERBS: ReadonlySet<string> = new Set(['create', 'add', 'insert', 'upload', 'post', 'submit', 'enqueue', 'schedule', 'comment', 'reply', 'send', 'publish']);

/** Fields of a response that wrap what it returns (`response.data.branch`). */
const ENVELOPE_FIELDS: ReadonlySet<string> = new Set(['data', 'result', 'body', 'item', 'record', 'resource', 'value', 'response', 'created']);

/** Fields that name a resource (its id, key or name): the last field read from what a call made. */
const NAMING_FIELDS = /^(?:id|uuid|guid|key|name|slug|arn|uri|url|ref|handle)$/i;

/**
 * Where the id a deletion is handed comes from: the creating call (`made`), a value its function's
 * caller passes (`passed`, decided at each call: {@link madeThroughCall}), or neither (null).
 */
export type MadeStep = { made: CallExpression } | { passed: Passed } | null;

/**
 * The {@link MadeStep} of a call whose name's verb deletes (`deleteProjectBranch(projectId,
 * branchId)`, `branches.delete(id)`), read with bindings `b`: of its last argument, the id of what
 * it deletes (what comes first names where: a project, a parent). Null for any other call.
 */
export function deletedIdStep(call: CallExpression, resolver: Resolver, b: Bindings): MadeStep {
  const name = calledName(call);
  if (name === null || namedVerb(name)?.effect !== OPS.delete) return null;
  const args = call.getArguments();
  const id = args[args.length - 1];
  if (!id || args.some((a) => Node.isSpreadElement(a))) return null;
  const traced = traceValue(id, b);
  return traced ? madeStep(traced, resolver) : null;
}

/**
 * What an id a function `callee` takes from its caller reads as at `call` (read with the caller's
 * bindings `b`): the argument's {@link MadeStep}; undefined when another function's parameter
 * holds it (a call further up decides).
 */
export function madeThroughCall(passed: Passed, callee: FunctionNode, call: Node, resolver: Resolver, b: Bindings): MadeStep | undefined {
  const traced = passedAt(passed, callee, call, resolver, b);
  if (traced === undefined) return undefined;
  return traced ? madeStep(traced, resolver) : null;
}

/** A deletion of what this call made (`made`): a write that destroys nothing that existed, and the evidence names the creating call. */
export function removesMade(effect: Effect, made: CallExpression): Effect {
  if (effect.destructive !== true) return effect;
  const at = locationOf(made);
  const maker = shorten(unwrap(made.getExpression()).getText(), 40);
  return { ...effect, destructive: false, description: `${effect.description}: only what this call created (\`${maker}\` at ${path.basename(at.file)}:${at.line}), nothing that existed before` };
}

function madeStep(traced: Traced, resolver: Resolver): MadeStep {
  if ('passed' in traced) return traced;
  const made = madeBy(traced.node, traced.bindings, traced.fields, resolver, 0);
  return made ? { made } : null;
}

/** How many project functions {@link madeBy} follows into. */
const MAX_DEPTH = 4;

/**
 * The call, made during this call, that made the resource `fields` of `node` name: `node` is a
 * call named with a {@link MAKING_VERBS} verb (not `getOrCreate`, which may return one that
 * existed), or a call of a project function each of whose returned values is such a result. The
 * fields read from it must reach the made resource through envelopes or its own name and end at
 * it or its id (`created.data.branch.id` of `createProjectBranch`), not at a related one
 * (`created.parent.id`).
 */
function madeBy(node: Node, b: Bindings, fields: readonly string[], resolver: Resolver, depth: number): CallExpression | null {
  if (!Node.isCallExpression(node) || isModuleLevel(node)) return null;
  const name = calledName(node);
  if (name !== null && MAKING_VERBS.has(leadingVerb(name)) && namedVerb(name)?.effect === OPS.add) return namesMade(fields, node) ? node : null;
  if (depth >= MAX_DEPTH) return null;
  const target = resolver.resolve(node.getExpression(), 0, b);
  if (target.kind !== 'function') return null;
  const returned = returnedExpressions(target.node);
  let made: CallExpression | null = null;
  for (const value of returned) {
    const traced = traceValue(value, bindingsOf(target), fields);
    if (traced === null || 'passed' in traced) return null;
    const found = madeBy(traced.node, traced.bindings, traced.fields, resolver, depth + 1);
    if (found === null) return null;
    made ??= found;
  }
  return made;
}

/**
 * True when `fields` read from the result of the making call `call` name what it made (see
 * {@link madeBy}): what it made is named by the last word of the call's name (`createProjectBranch`:
 * a branch) or by its receiver (`branches.create`).
 */
function namesMade(fields: readonly string[], call: CallExpression): boolean {
  const callee = unwrap(call.getExpression());
  const receiver = Node.isPropertyAccessExpression(callee) ? unwrap(callee.getExpression()) : null;
  const nouns = [calledName(call) ?? '', receiver && Node.isPropertyAccessExpression(receiver) ? receiver.getName() : ''].map((n) => wordsOf(n).pop() ?? '').filter((n) => n !== '');
  const sameNoun = (a: string, b: string): boolean => a === b || `${a}s` === b || `${a}es` === b || `${b}s` === a || `${b}es` === a;
  const wraps = (field: string): boolean => ENVELOPE_FIELDS.has(field) || nouns.some((n) => sameNoun(n, field.toLowerCase()));
  return fields.every((field, i) => wraps(field) || (i === fields.length - 1 && NAMING_FIELDS.test(field)));
}

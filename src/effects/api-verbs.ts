import { OPS, type OpEffect } from './catalog/ops.js';

/**
 * What a call does, read from the leading verb of the method's name: for the methods of catalogued
 * client libraries named after what they do (`classifyBy: 'verb'`, `commandArgument`: the library
 * is known, the effect certain) and for APIs the project declares without code (`declare const db:
 * { dropLabel(): ... }`, a `.d.ts`-only client: evidence says the effect is inferred from the name).
 * Plain data: a verb maps to the access and the hint-relevant traits of the calls it names.
 *
 * The verbs follow the MCP spec's hint meanings (2025-11-25, `ToolAnnotations`): deleting or
 * replacing existing state is destructive, creating or sending is additive and not idempotent.
 */
export type VerbEffect = OpEffect;

const DESTROY = OPS.discard;
const ADD = OPS.add;
const CHANGE = OPS.change;
const READ = OPS.read;

/**
 * Leading verb (lower case) → effect. Besides the common CRUD verbs, those SaaS SDKs name
 * methods with: Stripe (`retrieve`, `confirm`, `capture`, `cancel`, `del`), AWS SDK v3 command
 * classes (`Head`, `Scan`, `Describe`, `Start`, `Stop`, `Tag`, `Attach`, `Invoke`: a Lambda runs
 * code of its own, any effect), Google APIs (`trash`, `untrash`, `copy`), GitHub (`lock`, `star`,
 * `dismiss`). `copy` may write onto an existing target (S3 `CopyObject`) or make a new one (Drive
 * `files.copy`): a write of unknown kind.
 */
export const API_VERBS: ReadonlyMap<string, VerbEffect> = new Map([
  ...['delete', 'del', 'remove', 'rm', 'drop', 'purge', 'destroy', 'erase', 'wipe', 'truncate', 'clear', 'unlink', 'revoke', 'evict', 'kill', 'terminate', 'trash', 'void', 'detach', 'disassociate', 'untag', 'deregister', 'unsubscribe', 'unstar', 'unfollow'].map((v) => [v, DESTROY] as const),
  ...['create', 'add', 'insert', 'append', 'post', 'send', 'publish', 'push', 'submit', 'enqueue', 'schedule', 'invite', 'upload', 'comment', 'reply', 'forward', 'share', 'emit', 'notify', 'register', 'import', 'attach', 'associate', 'tag', 'subscribe', 'star', 'follow'].map((v) => [v, ADD] as const),
  ...['update', 'set', 'put', 'rename', 'edit', 'modify', 'patch', 'move', 'write', 'save', 'replace', 'overwrite', 'merge', 'assign', 'archive', 'close', 'reset', 'upsert', 'toggle', 'enable', 'disable', 'cancel', 'confirm', 'capture', 'pay', 'finalize', 'restore', 'untrash', 'start', 'stop', 'reboot', 'lock', 'unlock', 'dismiss', 'approve', 'mark', 'change', 'authorize'].map((v) => [v, CHANGE] as const),
  ...['get', 'list', 'find', 'search', 'read', 'fetch', 'query', 'describe', 'count', 'lookup', 'show', 'view', 'check', 'exists', 'has', 'is', 'load', 'select', 'peek', 'inspect', 'resolve', 'validate', 'retrieve', 'head', 'scan', 'download', 'compare', 'assume'].map((v) => [v, READ] as const),
  ['copy', OPS.write],
  ['invoke', OPS.run],
]);

/**
 * Words that name how a call is made rather than what it does (`batchUpdate`, AWS
 * `BatchGetItem`, `TransactWriteItems`): the verb after them decides.
 */
const MANNER_PREFIXES: ReadonlySet<string> = new Set(['batch', 'transact', 'bulk']);

/** Names that start with one verb and go on with another: `createOrUpdateFile` overwrites (an upsert). */
const VERB_PHRASES: readonly (readonly [RegExp, VerbEffect])[] = [[/^(create|add|insert)Or(Update|Replace)/i, OPS.set]];

/**
 * The effect a method or command name's verb gives (`listForRepo` reads, `batchUpdate` changes,
 * `createOrUpdateFileContents` overwrites, `BatchGetItemCommand` reads), or undefined when its
 * first word is no known verb.
 */
export function verbOf(name: string): VerbEffect | undefined {
  for (const [phrase, effect] of VERB_PHRASES) if (phrase.test(name)) return effect;
  const verb = leadingVerb(name);
  if (MANNER_PREFIXES.has(verb)) return API_VERBS.get(leadingVerb(name.replace(/^[_$]*[A-Za-z][a-z]*/, '')));
  return API_VERBS.get(verb);
}

/** Methods that forward a call to tools chosen at run time (an MCP client's `callTool`). */
export const DELEGATING_METHODS: ReadonlySet<string> = new Set(['callTool']);

/** The leading verb of a method name: `dropLabel` → `drop`, `delete_item` → `delete`, `labels` → `labels`. */
export function leadingVerb(name: string): string {
  const match = /^[a-z]+|^[A-Z][a-z]*/.exec(name.replace(/^[_$]+/, ''));
  return (match?.[0] ?? name).toLowerCase();
}

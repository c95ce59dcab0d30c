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
  ...['create', 'add', 'insert', 'append', 'post', 'send', 'publish', 'push', 'submit', 'enqueue', 'schedule', 'invite', 'upload', 'comment', 'reply', 'forward', 'share', 'notify', 'register', 'import', 'attach', 'associate', 'tag', 'subscribe', 'star', 'follow'].map((v) => [v, ADD] as const),
  ...['update', 'set', 'put', 'rename', 'edit', 'modify', 'patch', 'move', 'write', 'save', 'replace', 'overwrite', 'merge', 'assign', 'archive', 'reset', 'upsert', 'toggle', 'enable', 'disable', 'cancel', 'confirm', 'capture', 'pay', 'finalize', 'restore', 'untrash', 'start', 'stop', 'reboot', 'lock', 'unlock', 'dismiss', 'approve', 'mark', 'change', 'authorize'].map((v) => [v, CHANGE] as const),
  ...['get', 'list', 'find', 'search', 'read', 'fetch', 'query', 'describe', 'count', 'lookup', 'show', 'view', 'check', 'exists', 'has', 'is', 'load', 'select', 'peek', 'inspect', 'resolve', 'validate', 'retrieve', 'head', 'scan', 'download', 'compare', 'assume'].map((v) => [v, READ] as const),
  ['copy', OPS.write],
  ['invoke', OPS.run],
]);

/**
 * Words that name how a call is made rather than what it does (`batchUpdate`, AWS
 * `BatchGetItem`, `TransactWriteItems`): the verb after them decides.
 */
const MANNER_PREFIXES: ReadonlySet<string> = new Set(['batch', 'transact', 'bulk']);

/** Leading verbs that ask a question (`isCancel`, `hasPendingUpdate`): the words after them name what is asked about. */
const PREDICATE_VERBS: ReadonlySet<string> = new Set(['is', 'has', 'exists']);

/** Names that start with one verb and go on with another: `createOrUpdateFile` overwrites (an upsert). */
const VERB_PHRASES: readonly (readonly [RegExp, VerbEffect])[] = [[/^(create|add|insert)Or(Update|Replace)/i, OPS.set]];


/** Leading words of methods that run SQL text on clients the catalog does not model (`db.query(sql)`): the statement decides. */
export const SQL_RUNNING_NAMES: ReadonlySet<string> = new Set(['query', 'exec', 'execute', 'run', 'raw', 'sql', 'prepare', 'all']);

/** Of those, the names that say a statement runs (not `run` or `all`, which name any action): text known only at run time is then a possible write. */
export const SQL_ONLY_NAMES: ReadonlySet<string> = new Set(['query', 'exec', 'execute', 'raw', 'sql']);

/** Methods that forward a call to tools chosen at run time (an MCP client's `callTool`). */
export const DELEGATING_METHODS: ReadonlySet<string> = new Set(['callTool']);

/** The words of a name, lower case: `getOrCreateUser` → `get or create user`, `delete_item` → `delete item`. */
export function wordsOf(name: string): string[] {
  return (name.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g) ?? []).map((w) => w.toLowerCase());
}

/** The leading verb of a method name: `dropLabel` → `drop`, `delete_item` → `delete`, `labels` → `labels`. */
export function leadingVerb(name: string): string {
  return wordsOf(name)[0] ?? name.toLowerCase();
}

/**
 * The effect a method or command name announces, and the verb that decided (for messages): its
 * leading verb's (`listForRepo` reads), after a word of manner (`batchUpdate`, AWS
 * `BatchGetItemCommand`); a phrase of two verbs (`createOrUpdateFile`, an upsert); and a reading
 * name that also names a change (`getOrCreateUser`, `fetchAndDelete`) takes the change, but a
 * question does not (`isCancel` reads). Null when
 * the name starts with no verb of the table.
 */
export function namedVerb(name: string): { verb: string; effect: VerbEffect } | null {
  for (const [phrase, effect] of VERB_PHRASES) {
    const match = phrase.exec(name);
    if (match) return { verb: match[0], effect };
  }
  const words = wordsOf(name);
  const at = MANNER_PREFIXES.has(words[0] ?? '') ? 1 : 0;
  const lead = words[at];
  const effect = lead === undefined ? undefined : API_VERBS.get(lead);
  if (!lead || !effect) return null;
  // `isCancel`, `hasUpdate`: a question about a change, not the change.
  if (effect.access === 'read' && !PREDICATE_VERBS.has(lead)) {
    for (const word of words.slice(at + 1)) {
      const other = API_VERBS.get(word);
      if (other && other.access === 'write') return { verb: word, effect: other };
    }
  }
  return { verb: lead, effect };
}

/** The effect a name announces (see {@link namedVerb}), or undefined. */
export function verbOf(name: string): VerbEffect | undefined {
  return namedVerb(name)?.effect;
}

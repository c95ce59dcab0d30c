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
 *
 * One rule also reads the object a verb acts on when it is named apart from the verb: a rotating
 * verb (`rotate`, `regenerate`, `reset`, ...) replaces a secret when the words after it name one
 * (`rotateApiKey`) or when the object it is given does (see {@link namedVerb}'s `object`): in a URL
 * path, the segment before the id names the object (`/keys/{id}/rotate`, `/api-keys/{id}/rotate`,
 * `/secrets/{id}/regenerate`, request-purpose.ts), while `/images/{id}/rotate` names no secret and
 * `rotate` alone no operation. A rule on words, as the rest: no secret is looked for in the data.
 */
export type VerbEffect = OpEffect;

const DESTROY = OPS.delete;
const ADD = OPS.add;
const CHANGE = OPS.change;
const READ = OPS.read;
/** Setting fields to the values given: a repeat sets them again to the same values. */
const DEPLOY: VerbEffect = { access: 'write', destructive: true, idempotent: null, label: 'puts another version live' };
const SET_FIELDS: VerbEffect = { access: 'write', destructive: true, idempotent: true, label: 'changes existing data to the values given' };
/**
 * A reversible flag (enable/disable, archive, pause/resume, lock/unlock, star/unstar) and a move
 * to another place: nothing is deleted or overwritten, and a repeat leaves the same state (corpus
 * README, "What the labels mean": reversible flags are not destructive).
 */
const FLAG: VerbEffect = { access: 'write', destructive: false, idempotent: true, label: 'sets or clears a reversible flag' };
const MOVE: VerbEffect = { access: 'write', destructive: false, idempotent: true, label: 'moves an item to another place' };
/** Starting a run, an instance or a lesson destroys nothing; whether a repeat starts another is unknown. */
const START: VerbEffect = { access: 'write', destructive: false, idempotent: null, label: 'starts something' };

/**
 * Replacing a secret with a newly generated one (`resetPassword`, `rotateKey`, `regenerateToken`,
 * Upstash's `…/reset-password`, `POST /keys/{id}/rotate`): the old secret stops working
 * (destructive) and each repeat makes another (not idempotent). Only with a word naming a secret,
 * in the name or in the object it acts on: resetting a budget or a counter sets it back to where
 * it started (the table's `reset`), rotating an image turns it.
 */
const ROTATE: VerbEffect = { access: 'write', destructive: true, idempotent: false, label: 'replaces a secret with a newly generated one' };
const ROTATING_VERBS: ReadonlySet<string> = new Set(['reset', 'rotate', 'regenerate', 'renew', 'roll', 'cycle']);
const SECRET_WORDS: ReadonlySet<string> = new Set(['password', 'passwords', 'passphrase', 'secret', 'secrets', 'token', 'tokens', 'key', 'keys', 'credential', 'credentials']);
/** How many words after a rotating verb may name the secret (`regenerateApiKey`, `resetUserPassword`). */
const SECRET_WORDS_WITHIN = 3;

/**
 * Leading verb (lower case) → effect. Besides the common CRUD verbs, those SaaS SDKs name
 * methods with: Stripe (`retrieve`, `confirm`, `capture`, `cancel`, `del`), AWS SDK v3 command
 * classes (`Head`, `Scan`, `Describe`, `Start`, `Stop`, `Tag`, `Attach`, `Invoke`: a Lambda runs
 * code of its own, any effect), Google APIs (`trash`, `untrash`, `copy`), GitHub (`lock`, `star`,
 * `dismiss`). `copy` may write onto an existing target (S3 `CopyObject`) or make a new one (Drive
 * `files.copy`): a write of unknown kind. A deletion is idempotent (a repeat finds nothing to
 * delete, corpus README); an update sets what it is given (idempotent); `merge`, `pay`,
 * `capture`, `start` and the like may do something new each time (idempotence unknown). A
 * computation a service answers (`explain`, `summarize`, `estimate`, `chat`) keeps nothing (corpus
 * README: an assistant's answer is read, not stored); `generate` is left out, as it also names
 * making a key or a resource.
 */
export const API_VERBS: ReadonlyMap<string, VerbEffect> = new Map([
  ...['delete', 'del', 'remove', 'rm', 'drop', 'purge', 'destroy', 'erase', 'wipe', 'truncate', 'clear', 'unlink', 'revoke', 'evict', 'kill', 'terminate', 'trash', 'void', 'detach', 'disassociate', 'untag', 'deregister'].map((v) => [v, DESTROY] as const),
  ...['create', 'add', 'insert', 'append', 'post', 'send', 'broadcast', 'publish', 'push', 'submit', 'enqueue', 'schedule', 'invite', 'upload', 'comment', 'reply', 'forward', 'share', 'notify', 'register', 'import', 'attach', 'associate', 'tag'].map((v) => [v, ADD] as const),
  ...['update', 'set', 'put', 'rename', 'edit', 'modify', 'patch', 'replace', 'overwrite', 'assign', 'reset', 'upsert', 'cancel', 'abort', 'stop', 'confirm', 'dismiss', 'approve', 'mark'].map((v) => [v, SET_FIELDS] as const),
  ...['enable', 'disable', 'archive', 'unarchive', 'untrash', 'lock', 'unlock', 'pause', 'resume', 'hide', 'unhide', 'pin', 'unpin', 'mute', 'unmute', 'activate', 'deactivate', 'unpublish', 'star', 'unstar', 'follow', 'unfollow', 'subscribe', 'unsubscribe'].map((v) => [v, FLAG] as const),
  ...['write', 'save', 'merge', 'toggle', 'capture', 'pay', 'finalize', 'restore', 'reboot', 'change', 'authorize'].map((v) => [v, CHANGE] as const),
  // Putting a new version live (a deployment, a rollback) replaces what runs: destructive, a repeat may or may not deploy again.
  ...['deploy', 'redeploy', 'rollback', 'rollout', 'promote'].map((v) => [v, DEPLOY] as const),
  ...['get', 'list', 'find', 'search', 'read', 'fetch', 'query', 'describe', 'count', 'lookup', 'show', 'view', 'check', 'exists', 'has', 'is', 'load', 'select', 'peek', 'inspect', 'resolve', 'validate', 'retrieve', 'head', 'scan', 'download', 'compare', 'assume'].map((v) => [v, READ] as const),
  // Computations a service answers (an assistant explains, summarises, translates; a pricing API estimates): nothing is kept.
  ...['explain', 'summarize', 'summarise', 'translate', 'estimate', 'calculate', 'compute', 'analyze', 'analyse', 'suggest', 'recommend', 'preview', 'chat', 'ask'].map((v) => [v, READ] as const),
  ['move', MOVE],
  ['start', START],
  ['copy', OPS.write],
  ['invoke', OPS.run],
]);

/**
 * Verbs that, called without arguments, act on the resource their receiver stands for rather than
 * send something: `taskClient.publish()` makes the task public (a reversible flag), while
 * `topic.publish(message)` sends a message (additive).
 */
const ON_RECEIVER: ReadonlyMap<string, VerbEffect> = new Map([['publish', FLAG]]);

/** Words that join two verbs in one name (`getOrCreateUser`, `findOneAndUpdate`, `fetchThenDelete`): the second is done too. */
const CONJUNCTIONS: ReadonlySet<string> = new Set(['or', 'and', 'then']);

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
 * name joined to a change (`getOrCreateUser`, `fetchAndDelete`) takes the change, but a question
 * does not (`isCancel` reads), nor a noun after the verb (`getStart` reads a start position).
 * `argumentCount`, when the name is called, tells a verb that acts on its receiver (see
 * {@link ON_RECEIVER}). `object`, when known, names what the verb acts on apart from the name (the
 * collection a URL path's verb segment acts in: `keys` for `/keys/{id}/rotate`): a rotating verb
 * whose object names a secret replaces it (see {@link ROTATE}). Null when the name starts with no
 * verb of the table.
 */
export function namedVerb(name: string, argumentCount?: number, object?: string): { verb: string; effect: VerbEffect } | null {
  for (const [phrase, effect] of VERB_PHRASES) {
    const match = phrase.exec(name);
    if (match) return { verb: match[0], effect };
  }
  const words = wordsOf(name);
  const namesSecret = (ws: string[]): boolean => ws.some((w) => SECRET_WORDS.has(w));
  if (ROTATING_VERBS.has(words[0] ?? '') && (namesSecret(words.slice(1, 1 + SECRET_WORDS_WITHIN)) || (words.length === 1 && object !== undefined && namesSecret(wordsOf(object))))) {
    return { verb: words[0]!, effect: ROTATE };
  }
  const at = MANNER_PREFIXES.has(words[0] ?? '') ? 1 : 0;
  const lead = words[at];
  const effect = lead === undefined ? undefined : API_VERBS.get(lead);
  if (!lead || !effect) return null;
  // `isCancel`, `hasUpdate`: a question about a change, not the change.
  if (effect.access === 'read' && !PREDICATE_VERBS.has(lead)) {
    for (let i = at + 2; i < words.length; i++) {
      const other = API_VERBS.get(words[i]!);
      if (other && other.access === 'write' && CONJUNCTIONS.has(words[i - 1]!)) return { verb: words[i]!, effect: other };
    }
  }
  const onReceiver = argumentCount === 0 && words.length === at + 1 ? ON_RECEIVER.get(lead) : undefined;
  return { verb: lead, effect: onReceiver ?? effect };
}

/** The effect a name announces (see {@link namedVerb}), or undefined. */
export function verbOf(name: string, argumentCount?: number): VerbEffect | undefined {
  return namedVerb(name, argumentCount)?.effect;
}

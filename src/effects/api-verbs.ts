/**
 * What a call of an API the project declares without code (`declare const db: { dropLabel(): ... }`,
 * a `.d.ts`-only client) does, read from the leading verb of the method's name. Plain data: a
 * verb maps to the access and the hint-relevant traits of the calls it names. Used only where no
 * code can be followed; evidence says the effect is inferred from the name.
 *
 * The verbs follow the MCP spec's hint meanings (2025-11-25, `ToolAnnotations`): deleting or
 * replacing existing state is destructive, creating or sending is additive and not idempotent.
 */
export interface VerbEffect {
  access: 'read' | 'write';
  destructive: boolean | null;
  idempotent: boolean | null;
  /** Short text for messages ("deletes", "creates"). */
  label: string;
}

const DESTROY: VerbEffect = { access: 'write', destructive: true, idempotent: null, label: 'deletes or discards data' };
const ADD: VerbEffect = { access: 'write', destructive: false, idempotent: false, label: 'creates or sends something' };
const CHANGE: VerbEffect = { access: 'write', destructive: true, idempotent: null, label: 'changes existing data' };
const READ: VerbEffect = { access: 'read', destructive: null, idempotent: null, label: 'reads data' };

/** Leading verb (lower case) → effect. */
export const API_VERBS: ReadonlyMap<string, VerbEffect> = new Map([
  ...['delete', 'del', 'remove', 'rm', 'drop', 'purge', 'destroy', 'erase', 'wipe', 'truncate', 'clear', 'unlink', 'revoke', 'evict', 'kill', 'terminate'].map((v) => [v, DESTROY] as const),
  ...['create', 'add', 'insert', 'append', 'post', 'send', 'publish', 'push', 'submit', 'enqueue', 'schedule', 'invite', 'upload', 'comment', 'reply', 'forward', 'share', 'notify', 'register'].map((v) => [v, ADD] as const),
  ...['update', 'set', 'put', 'rename', 'edit', 'modify', 'patch', 'move', 'write', 'save', 'replace', 'overwrite', 'merge', 'assign', 'archive', 'close', 'reset', 'upsert', 'toggle', 'enable', 'disable'].map((v) => [v, CHANGE] as const),
  ...['get', 'list', 'find', 'search', 'read', 'fetch', 'query', 'describe', 'count', 'lookup', 'show', 'view', 'check', 'exists', 'has', 'is', 'load', 'select', 'peek', 'inspect', 'resolve', 'validate'].map((v) => [v, READ] as const),
]);

/** Leading words of methods that run SQL text on clients the catalog does not model (`db.query(sql)`): the statement decides. */
export const SQL_RUNNING_NAMES: ReadonlySet<string> = new Set(['query', 'exec', 'execute', 'run', 'raw', 'sql', 'prepare', 'all']);

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
 * The effect a name announces: its leading verb's, except that a reading name which also names a
 * change (`getOrCreateUser`, `fetchAndDelete`) takes the change. Null when the name starts with no
 * verb of the table. Returns the verb that decided, for messages.
 */
export function verbOf(name: string): { verb: string; effect: VerbEffect } | null {
  const words = wordsOf(name);
  const lead = words[0];
  const effect = lead === undefined ? undefined : API_VERBS.get(lead);
  if (!lead || !effect) return null;
  if (effect.access === 'read') {
    for (const word of words.slice(1)) {
      const other = API_VERBS.get(word);
      if (other && other.access === 'write') return { verb: word, effect: other };
    }
  }
  return { verb: lead, effect };
}

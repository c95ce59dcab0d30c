import type { RequiredInputs } from '../discover/input-keys.js';
import type { Effect, EffectSet } from '../model.js';
import { wordsOf } from './api-verbs.js';

/**
 * A create keyed by a name the caller chooses: a tool named for creating (`create_feature_flag`,
 * `auth0_create_resource_server`) whose input schema requires a natural key (`key`, `identifier`,
 * `slug`, also in a required nested object: discover/input-keys.ts), or an argument its schema
 * describes as unique (`name: z.string().describe("Name for the new table. Must be unique in the
 * base.")`). The service refuses a second object under a key it holds, so a repeat with the same
 * arguments adds nothing (corpus README, "What the labels mean": "create with a unique name
 * twice" is idempotent). A `name` alone is no such key: most services let two dashboards,
 * projects or apps share one.
 *
 * Only additive writes to a service (an SDK's `create`, a POST) take it; a file, a database row or
 * server state the linter reads says for itself whether it checks the key.
 */

/** Argument names that identify what a create makes, by the convention of REST APIs and SDKs. */
const NATURAL_KEYS: readonly string[] = ['key', 'identifier', 'slug'];

/** A description that says the argument is unique (`Unique identifier for the API`, `Must be unique in the base`). */
const SAYS_UNIQUE = /\bunique\b/i;

/** How many leading words of a tool name may come before its verb (a vendor prefix: `auth0_create_…`). */
const PREFIX_WORDS = 1;

/** Verbs that name making a new object (not sending, posting or uploading, which add a message or a file each time). */
const CREATING_VERBS: ReadonlySet<string> = new Set(['create', 'add', 'insert', 'register', 'provision', 'new']);

/** True when a tool's name starts (after at most a prefix: `auth0_create_…`, `acme.createApi`) with a verb that makes an object. */
function namesCreate(toolName: string): boolean {
  const parts = toolName.split(/[\s_.\/-]+/).flatMap((part) => wordsOf(part).slice(0, 1));
  return parts.slice(0, PREFIX_WORDS + 1).some((word) => CREATING_VERBS.has(word));
}

/** An additive write to a service that is the tool's own (not on a path all tools share, not marked incidental). */
function isServiceCreate(e: Effect): boolean {
  return e.shared === undefined && e.incidental === undefined && (e.kind === 'network' || e.kind === 'api') && e.access === 'write' && e.destructive === false && e.idempotent === false;
}

/**
 * `set` with the service creates of a tool that creates under a caller-chosen key marked
 * idempotent, the evidence naming the key; `set` as it is otherwise. `requiredInputs` are the
 * names the tool's input schema requires, with their descriptions (absent when it was not read).
 */
export function withNaturalKey(set: EffectSet | null, toolName: string | null, requiredInputs: RequiredInputs | undefined): EffectSet | null {
  if (!set || toolName === null || !requiredInputs) return set;
  const key = NATURAL_KEYS.find((k) => requiredInputs.has(k)) ?? [...requiredInputs].find(([, description]) => description !== null && SAYS_UNIQUE.test(description))?.[0];
  if (key === undefined || !namesCreate(toolName) || !set.effects.some(isServiceCreate)) return set;
  const effects = set.effects.map((e) =>
    isServiceCreate(e) ? { ...e, idempotent: true, description: `${e.description}, keyed by the caller's \`${key}\` (a repeat with the same one is refused and adds nothing)` } : e,
  );
  return { ...set, effects };
}

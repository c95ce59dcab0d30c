import { HINT_KEYS, INFERRED_FOR_HINT, type Effect, type HintKey, type SourceLocation, type ToolFacts } from '../model.js';
import { bySignificance, ownEffects } from './facts.js';

/**
 * The justification of each hint a tool's code supports, for a client directory submission
 * (issue 17, `--format submission`: Anthropic's connector directory and OpenAI's app submission
 * ask for every hint with a reason). Each sentence names the evidence, the effect and the call
 * chain that reaches it (`readOnlyHint: false: writes a file: fs/promises writeFile at
 * src/store.ts:31 via saveNote`), or says what is unverified; a hint the code leaves open is never
 * given a guessed value. Hint meanings: MCP spec 2025-11-25, `ToolAnnotations`.
 */

/** One hint as the code supports it: its value (null: the code leaves it open) and the sentence that justifies it. */
export interface Justified {
  value: boolean | null;
  why: string;
}

/** A path as the sentences show it (relative to the working directory). */
type Shown = (location: SourceLocation) => string;

/** `writes a file: fs/promises writeFile at src/store.ts:31 via saveNote → journal`. */
function evidence(effect: Effect, shown: Shown): string {
  const via = effect.via.length > 0 ? ` via ${effect.via.map((h) => h.callee).join(' → ')}` : '';
  return `${effect.description}: ${effect.sink} at ${shown(effect.location)}${via}`;
}

/** The evidence of the most significant effect, and how many more there are. */
function firstOf(effects: Effect[], shown: Shown): string {
  const [first, ...rest] = bySignificance(effects);
  return `${evidence(first!, shown)}${rest.length > 0 ? ` (and ${rest.length} more effect${rest.length > 1 ? 's' : ''})` : ''}`;
}

/**
 * What leaves the tool's hints open, in one phrase, or null when nothing does: a handler not found,
 * a call the analysis could not follow, a program or request whose effects are unknown, a call
 * judged only by its name, code chosen at run time (shared and incidental ones aside, as in
 * `hasUnseenEffects`).
 */
export function unverifiedBecause(tool: ToolFacts, shown: Shown): string | null {
  if (tool.effects === undefined) return 'the linter read the listed tool, not its code';
  if (tool.effects === null) return 'the linter could not find its handler';
  const call = tool.effects.unresolved.find((u) => u.shared === undefined);
  if (call) return `it calls ${call.expression} at ${shown(call.location)}, which the linter cannot see into (${call.reason})`;
  const unseen = ownEffects(tool).find((e) => e.incidental === undefined && (e.access === 'unknown' || e.confidence === 'likely' || e.arbitrary === true));
  if (!unseen) return null;
  if (unseen.arbitrary) return `it ${evidence(unseen, shown)}: code chosen at run time may do anything`;
  if (unseen.access === 'unknown') return `it ${evidence(unseen, shown)}, whose effects are unknown`;
  return `it ${evidence(unseen, shown)}, judged only from a name or a request the linter cannot read`;
}

/**
 * Each hint's value as the tool's inferred behaviour supports it, with its justification.
 *
 * @param shown how a location is written (`src/store.ts:31`).
 * @returns by hint key, in the spec's order.
 */
export function justifyHints(tool: ToolFacts, shown: Shown): Record<HintKey, Justified> {
  const inferred = tool.inferred ?? { readOnly: null, destructive: null, idempotent: null, openWorld: null };
  const own = ownEffects(tool).filter((e) => e.incidental === undefined);
  const writes = own.filter((e) => e.access === 'write');
  const open = unverifiedBecause(tool, shown);
  const unverified = (hint: HintKey): Justified => ({ value: null, why: `${hint}: unverified: ${open ?? 'the effects found do not settle it'}` });
  const readOnly = inferred.readOnly === true;
  const out = {} as Record<HintKey, Justified>;
  for (const hint of HINT_KEYS) {
    const value = inferred[INFERRED_FOR_HINT[hint]];
    if (value === null) {
      out[hint] = unverified(hint);
      continue;
    }
    const say = (text: string): Justified => ({ value, why: `${hint}: ${String(value)}: ${text}` });
    /**
     * The sentence naming the deciding effects, or, when every one of them is only likely (a call
     * judged by its name, a request whose purpose the linter cannot read), the hint left open:
     * no guessed justification.
     */
    const decided = (effects: Effect[], text: (first: string) => string, sure = (e: Effect) => e.confidence === 'certain'): Justified => {
      const certain = effects.filter(sure);
      if (effects.length > 0 && certain.length === 0) return { value: null, why: `${hint}: unverified: it rests on likely evidence: ${firstOf(effects, shown)}` };
      // The sentence names a certain effect: a likely one beside it is no proof.
      return say(text(firstOf(certain.length > 0 ? certain : effects, shown)));
    };
    switch (hint) {
      case 'readOnlyHint': {
        const reads = own.filter((e) => e.access === 'read');
        // A delete or an overwrite tells a reviewer most: before other writes of the same kind.
        const telling = [...writes.filter((e) => e.destructive === true), ...writes.filter((e) => e.destructive !== true)];
        out[hint] = value ? say(reads.length > 0 ? `it only reads: ${firstOf(reads, shown)}` : 'it only computes its result: no effect found') : decided(telling, (first) => first);
        break;
      }
      case 'destructiveHint': {
        const destroys = writes.filter((e) => e.destructive === true);
        out[hint] = readOnly ? say('the tool is read-only (the spec gives destructiveHint no meaning there; directories ask for false)') : value ? decided(destroys, (first) => first) : decided(writes, (first) => `every write only adds: ${first}`, (e) => writes.every((w) => w.confidence === 'certain') && e.confidence === 'certain');
        break;
      }
      case 'idempotentHint': {
        const repeats = writes.filter((e) => e.idempotent === false);
        out[hint] = readOnly ? say('the tool is read-only, so a repeated call changes nothing') : value ? decided(writes, (first) => `a repeated call with the same arguments changes nothing more: ${first}`, (e) => writes.every((w) => w.confidence === 'certain') && e.confidence === 'certain') : decided(repeats, (first) => `each call ${first}`);
        break;
      }
      case 'openWorldHint': {
        const reaches = own.filter((e) => e.openWorld);
        // A request through a catalogued sink reaches the network for certain, even when its purpose is only likely.
        out[hint] = value ? decided(reaches, (first) => first, (e) => e.confidence === 'certain' || (e.kind === 'network' && e.basis === undefined)) : say('it stays in its process and local files: no network request, database server or other program found');
        break;
      }
    }
  }
  return out;
}

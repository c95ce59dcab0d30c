import type { Effect } from '../../src/model.js';
import { lintFiles, tool } from '../helpers.js';
import { serverWith } from './catalog-helpers.js';

/**
 * A server with one tool "t" whose handler (`async (args: any) => { ... }`) runs `body`, below the
 * top-level code `top` (imports, clients); `files` are other files of the project.
 */
export function server(top: string, body: string, files: Record<string, string> = {}): Record<string, string> {
  return { ...serverWith(top, { t: body }), ...files };
}

/** An effect in one line: kind, access, destructive, idempotent, world, confidence, then the sink. */
export function row(e: Effect): string {
  return `${e.kind} ${e.access} d:${e.destructive} i:${e.idempotent} ${e.openWorld ? 'open' : 'closed'} ${e.confidence}${e.arbitrary ? ' arbitrary' : ''} | ${e.sink}`;
}

/** The effects of tool "t" as rows, its unresolved calls, its inferred hints, and the effects themselves. */
export async function effectsOf(files: Record<string, string>) {
  const t = tool(await lintFiles(files), 't');
  const effects = t.effects?.effects ?? [];
  return {
    rows: effects.map(row),
    unresolved: (t.effects?.unresolved ?? []).map((u) => `${u.expression}: ${u.reason}`),
    inferred: t.inferred,
    effects,
  };
}

/** The evidence chain of an effect: each hop's callee and line, then the sink's line. */
export function chain(e: Effect): string {
  return [...e.via.map((h) => `${h.callee}@${h.location.line}`), `sink@${e.location.line}`].join(' > ');
}

import { bySignificance, describeEffects, sharedEffects } from '../src/engine/facts.js';
import { defineRule } from '../src/engine/rule.js';
import type { Effect, SourceLocation } from '../src/model.js';

/**
 * Effects on the path every tool of a registration wrapper, a tools/call dispatcher or a tool base
 * class takes (telemetry, a call log, a rate limiter, a tracing span around each tool's own part;
 * src/effects/shared.ts decides which). They are left out of each tool's inferred hints and
 * `optimistic-*` findings (issue 15, kind 1: "report them once per server as their own finding");
 * this rule reports them once per wrapper, with their evidence, so that they are either marked
 * `incidental` in the configuration or allowed by every tool's hints.
 * Source: the project's hint semantics (shared/corpus/README.md, "What the labels mean": "Not
 * modifications: effects a shared dispatcher or wrapper performs for every call (telemetry,
 * analytics, tracing, logs, tool-call history, rate counters) [...] A tool-specific branch inside
 * such a wrapper does count for that tool"). Whether a given wrapper's effect is such bookkeeping
 * is the user's call, hence a warning that says how to settle it.
 */
export default defineRule({
  id: 'shared-effects',
  meta: {
    type: 'problem',
    docs: { description: 'effects every tool of a wrapper or dispatcher has (telemetry, call logs): reported once, not against each tool', recommended: 'warning' },
    requires: ['effects', 'source'],
    messages: {
      shared:
        '{{wrapper}} runs for each of its {{count}} tools and {{effects}}; this is not counted against any one tool\'s hints. If it does not change what the tools do (telemetry, logging, rate limiting), mark it incidental in the configuration ({{fix}}); if it does, the hints of all {{count}} tools must allow it',
    },
  },
  check({ tool, report }) {
    const byWrapper = new Map<string, Effect[]>();
    for (const e of sharedEffects(tool)) {
      // Only what would change a hint; an effect the configuration marks incidental is settled.
      if (e.incidental !== undefined || (e.access === 'read' && !e.openWorld)) continue;
      const key = `${e.shared!.location.file}:${e.shared!.location.line}:${e.shared!.location.column}`;
      const list = byWrapper.get(key);
      if (list) list.push(e);
      else byWrapper.set(key, [e]);
    }
    for (const list of byWrapper.values()) {
      const effects = bySignificance(list);
      const first = effects[0]!;
      const { wrapper, location, tools } = first.shared!;
      // The same text from every tool of the wrapper: the collector keeps one finding.
      report({ messageId: 'shared', data: { wrapper: capitalize(wrapper), count: String(tools), effects: `${describeEffects(effects)} (${evidenceOf(first)})`, fix: fixOf(effects) }, location, evidence: effects });
    }
  },
});

function place({ file, line }: SourceLocation): string {
  return `${file.split('/').pop()}:${line}`;
}

/** Where the effect is, and the calls that lead there from the wrapper (not those that lead a forwarding handler into it). */
function evidenceOf(e: Effect): string {
  const chain = e.via.slice(e.shared?.entry ?? 0);
  const via = chain.length > 0 ? ` through ${chain.map((h) => `\`${h.callee}\``).join(' > ')}` : '';
  return `at ${place(e.location)}${via}`;
}

/**
 * The `incidental` entries that would mark these effects (config schema `IncidentalConfigSchema`):
 * the call that leads to shared effects only, else the static path of a file. An effect written in
 * the wrapper itself with neither is named with what to do instead.
 */
function fixOf(effects: Effect[]): string {
  const entries = new Set<string>();
  const unmarkable: Effect[] = [];
  for (const e of effects) {
    const call = e.shared!.call;
    if (call !== undefined) entries.add(`{ "call": ${JSON.stringify(call)} }`);
    else if (e.target?.startsWith('"')) entries.add(`{ "path": ${e.target} }`);
    else unmarkable.push(e);
  }
  const list = entries.size > 0 ? `"incidental": [${[...entries].join(', ')}]` : '';
  const rest = unmarkable.length > 0 ? `move the code ${unmarkable.length === effects.length ? '' : `at ${[...new Set(unmarkable.map((e) => place(e.location)))].join(', ')} `}into a function of its own and name it in an "incidental" entry's "call"` : '';
  return [list, rest].filter((t) => t !== '').join('; ');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

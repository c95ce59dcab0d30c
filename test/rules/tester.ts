import { expect } from 'vitest';
import { inferHints } from '../../src/effects/hints.js';
import type { Rule } from '../../src/engine/rule.js';
import type { Effect, EffectKind, EffectSet, ToolFacts, UnresolvedItem } from '../../src/model.js';

const at = (line: number) => ({ file: '/p/server.ts', line, column: 3 });

/** Effect shorthands for facts-level rule tests. */
export const EFFECTS = {
  read: { kind: 'fs.read', access: 'read', destructive: null, idempotent: null, openWorld: false, sink: 'fs/promises readFile', description: 'reads a file', confidence: 'certain' },
  overwrite: { kind: 'fs.write', access: 'write', destructive: true, idempotent: true, openWorld: false, sink: 'fs/promises writeFile', description: 'writes a file', confidence: 'certain' },
  append: { kind: 'fs.write', access: 'write', destructive: false, idempotent: false, openWorld: false, sink: 'fs/promises appendFile', description: 'appends to a file', confidence: 'certain' },
  mkdir: { kind: 'fs.write', access: 'write', destructive: false, idempotent: true, openWorld: false, sink: 'fs/promises mkdir', description: 'creates a directory', confidence: 'certain' },
  delete: { kind: 'fs.delete', access: 'write', destructive: true, idempotent: true, openWorld: false, sink: 'fs/promises rm', description: 'deletes files', confidence: 'certain' },
  fetchGet: { kind: 'network', access: 'read', destructive: null, idempotent: null, openWorld: true, sink: 'fetch GET', description: 'makes an HTTP request (GET)', confidence: 'certain' },
  fetchPost: { kind: 'network', access: 'write', destructive: false, idempotent: false, openWorld: true, sink: 'fetch POST', description: 'makes an HTTP request (POST)', confidence: 'certain' },
  spawn: { kind: 'process.spawn', access: 'unknown', destructive: null, idempotent: null, openWorld: true, sink: 'child_process exec', description: 'runs another program', confidence: 'certain' },
  gitPush: { kind: 'network', access: 'write', destructive: false, idempotent: true, openWorld: true, sink: 'child_process execFile (git push)', description: 'runs `git push`: pushes commits to a remote repository', confidence: 'certain' },
  delegate: { kind: 'unknown', access: 'unknown', destructive: null, idempotent: null, openWorld: true, arbitrary: true, sink: 'upstream.callTool', description: 'runs code chosen at run time', confidence: 'certain' },
  likelyDelete: { kind: 'api', access: 'write', destructive: true, idempotent: null, openWorld: false, sink: 'api.deleteLabel', description: 'calls `api.deleteLabel`, which by its name (`delete`) deletes or discards data', basis: 'name', confidence: 'likely' },
  likelyPost: { kind: 'network', access: 'write', destructive: false, idempotent: false, openWorld: true, sink: 'fetch POST', description: 'makes an HTTP request (POST to …/surveys: neither its path nor its body names the operation, so a likely write)', confidence: 'likely' },
  likelyRequest: { kind: 'network', access: 'read', destructive: null, idempotent: null, openWorld: true, sink: 'api.request', description: 'sends an HTTP GET request through `api.request`', basis: 'name', confidence: 'likely' },
  push: { kind: 'state.write', access: 'write', destructive: false, idempotent: false, openWorld: false, sink: 'server state log', description: 'appends to server state `log`', confidence: 'certain' },
} satisfies Record<string, Omit<Effect, 'location' | 'via'> & { kind: EffectKind }>;

export type EffectName = keyof typeof EFFECTS;

/** The wrapper of shared effects in facts cases: a registration helper's callback at line 2, through which 3 tools go. */
export const SHARED_PATH = { wrapper: 'the callback of `server.registerTool` in `register`', location: at(2), tools: 3, call: 'track' };

/** A facts-level case: declared annotations (or null for none) and effect names. */
export interface FactsCase {
  declared: Record<string, unknown> | null;
  effects?: EffectName[];
  /** Effects on the path the tool shares with the other tools of a wrapper (`shared` set; lines 40, 41, ...). */
  shared?: EffectName[];
  /** Calls the analysis could not see into. */
  unresolved?: number;
  /** Live facts: no effects at all. */
  live?: boolean;
  /** The rule's options as configured (defaults applied by its schema). */
  options?: Record<string, unknown>;
  /** The tool's top-level title (`Tool.title`); absent: not read. */
  title?: string | null;
}

/** Builds the facts of one tool named "t" from a case. Hints sit on lines 10, 11, ... in declaration order. */
export function factsOf(c: FactsCase): ToolFacts {
  const properties: NonNullable<ToolFacts['annotations']>['properties'] = {};
  Object.entries(c.declared ?? {}).forEach(([key, value], i) => {
    properties[key] = { value, known: true, location: at(10 + i) };
  });
  const unresolved: UnresolvedItem[] = Array.from({ length: c.unresolved ?? 0 }, () => ({ expression: 'x()', reason: 'unknown', location: at(30), via: [] }));
  const effects: EffectSet | undefined = c.live
    ? undefined
    : {
        effects: [
          ...(c.effects ?? []).map((name, i) => ({ ...EFFECTS[name], location: at(20 + i), via: [] }) as Effect),
          ...(c.shared ?? []).map((name, i) => ({ ...EFFECTS[name], location: at(40 + i), via: [{ callee: 'track', location: at(3) }], shared: SHARED_PATH }) as Effect),
        ],
        unresolved,
        truncated: false,
      };
  return {
    name: 't',
    displayName: 't',
    origin: c.live ? 'live' : 'source',
    location: at(5),
    registration: 'registerTool',
    annotations: c.declared ? { location: at(9), properties, unresolved: [] } : null,
    handler: at(15),
    unresolved: [],
    ...(c.title !== undefined ? { title: c.title === null ? null : { value: c.title, known: true, location: at(6) } } : {}),
    ...(effects ? { effects, inferred: inferHints(effects) } : {}),
  };
}

/** Runs one rule on one facts case and returns `messageId@line` per report (`messageId@line?` when the report is at most a warning: the rule is not sure, or it caps the severity). */
export function reportsOf(rule: Rule, c: FactsCase): string[] {
  const out: string[] = [];
  rule.check({ tool: factsOf(c), options: rule.meta.options?.parse(c.options ?? {}) ?? {}, report: (r) => out.push(`${r.messageId}@${(r.location ?? at(5)).line}${r.confidence === 'likely' || (r.maxSeverity !== undefined && r.maxSeverity !== 'error') ? '?' : ''}`) });
  return out;
}

/**
 * The hint change each report states, in report order: `readOnlyHint=false`, `idempotentHint=remove`,
 * or null for a report without a fix; suggestions follow as `suggest:destructiveHint=false,...`.
 */
export function fixesOf(rule: Rule, c: FactsCase): (string | null)[] {
  const out: (string | null)[] = [];
  const change = (h: { hint: string; to: boolean | null }) => `${h.hint}=${h.to === null ? 'remove' : String(h.to)}`;
  rule.check({
    tool: factsOf(c),
    options: rule.meta.options?.parse(c.options ?? {}) ?? {},
    report: (r) => out.push([...(r.fix ? [change(r.fix)] : []), ...(r.suggest ?? []).map((s) => `suggest:${s.changes.map(change).join(',')}`)].join(' ') || null),
  });
  return out;
}

/**
 * ESLint-style table: every valid case reports nothing; every invalid case reports exactly
 * `errors`, and, when it gives `fixes` (ESLint's `output`), states exactly those changes
 * ({@link fixesOf}; null: no fix). A rule whose meta is not fixable never states a fix, and one
 * without `hasSuggestions` never a suggestion.
 */
export function ruleTester(rule: Rule, cases: { valid: FactsCase[]; invalid: (FactsCase & { errors: string[]; fixes?: (string | null)[] })[] }): void {
  for (const c of cases.valid) expect(reportsOf(rule, c), JSON.stringify(c)).toEqual([]);
  for (const c of cases.invalid) expect(reportsOf(rule, c), JSON.stringify(c)).toEqual(c.errors);
  for (const c of cases.invalid) for (const e of c.errors) expect(Object.keys(rule.meta.messages)).toContain(e.split('@')[0]);
  for (const c of cases.invalid) if (c.fixes) expect(fixesOf(rule, c), JSON.stringify(c)).toEqual(c.fixes);
  for (const c of cases.invalid) {
    for (const f of fixesOf(rule, c)) {
      if (!rule.meta.fixable) expect(f ?? '', `${rule.id} is not fixable`).not.toMatch(/^(?!suggest:)\S/);
      if (!rule.meta.hasSuggestions) expect(f ?? '', `${rule.id} has no suggestions`).not.toContain('suggest:');
    }
  }
}

import { describe, expect, it } from 'vitest';
import rule from '../../rules/optimistic-read-only.js';
import { factsOf, ruleTester } from './tester.js';

describe('optimistic-read-only', () => {
  it('leads its message and evidence with the most significant effect: a file deletion before server state', () => {
    const facts = factsOf({ declared: { readOnlyHint: true }, effects: ['push', 'delete'] });
    const reports: { message: string; evidence: string[] }[] = [];
    rule.check({ tool: facts, report: (r) => reports.push({ message: r.data.effects!, evidence: (r.evidence ?? []).map((e) => e.sink) }) });
    expect(reports).toEqual([{ message: 'deletes files, and 1 more effect', evidence: ['fs/promises rm', 'server state log'] }]);
  });

  it('leads with the main path: an effect in a catch block (cleaning up) comes last', () => {
    const facts = factsOf({ declared: { readOnlyHint: true }, effects: ['delete', 'overwrite'] });
    facts.effects!.effects[0] = { ...facts.effects!.effects[0]!, errorPath: true };
    const messages: string[] = [];
    rule.check({ tool: facts, report: (r) => messages.push(r.data.effects!) });
    expect(messages).toEqual(['writes a file, and 1 more effect']);
  });

  it('reports readOnlyHint: true on handlers that write, at the hint', () => {
    ruleTester(rule, {
      valid: [
        // Effects every tool of a wrapper has (telemetry, a call log) are reported once by shared-effects, not here.
        { declared: { readOnlyHint: true }, effects: ['read'], shared: ['append', 'fetchPost', 'spawn'] },
        { declared: { readOnlyHint: true }, effects: ['read', 'fetchGet'] },
        { declared: { readOnlyHint: false }, effects: ['overwrite'] },
        // Omitted: the default (false) is never optimistic.
        { declared: {}, effects: ['delete'] },
        { declared: null, effects: ['delete'] },
        // A call the linter cannot see into is not a proven write.
        { declared: { readOnlyHint: true }, effects: ['read'], unresolved: 2 },
        // Live facts have no effects to judge.
        { declared: { readOnlyHint: true }, live: true },
      ],
      invalid: [
        // The tool's own effects still count beside shared ones.
        { declared: { readOnlyHint: true }, effects: ['overwrite'], shared: ['append'], errors: ['writes@10'] },
        { declared: { readOnlyHint: true }, effects: ['overwrite'], errors: ['writes@10'], fixes: ['readOnlyHint=false'] },
        { declared: { openWorldHint: false, readOnlyHint: true }, effects: ['read', 'push'], errors: ['writes@11'] },
        { declared: { readOnlyHint: true }, effects: ['push', 'delete'], errors: ['writes@10'] },
        { declared: { readOnlyHint: true }, effects: ['fetchPost'], errors: ['writes@10'] },
        // A spawned program may write: reported with its own message, as a warning (unknown is not proven).
        { declared: { readOnlyHint: true }, effects: ['spawn'], unresolved: 2, errors: ['mayWrite@10?'], fixes: ['readOnlyHint=false'] },
      ],
    });
  });
});

describe('optimistic-read-only on a value that depends on a condition', () => {
  it('judges the most optimistic value a client could see, and says it is conditional', () => {
    const base = factsOf({ declared: { readOnlyHint: true }, effects: ['overwrite'] });
    const conditional = { ...base, annotations: { ...base.annotations!, properties: { readOnlyHint: { value: undefined, known: false, reason: '`process.env.RO` comes from the environment', possible: [true, false], location: base.annotations!.properties.readOnlyHint!.location } } } };
    const out: string[] = [];
    rule.check({ tool: conditional, report: (r) => out.push(`${r.messageId}:${r.data.declares}`) });
    expect(out).toEqual(['writes:can declare (depending on a value known only at run time)']);
    // Only false is possible: nothing optimistic to judge.
    const pessimistic = { ...conditional, annotations: { ...conditional.annotations, properties: { readOnlyHint: { ...conditional.annotations.properties.readOnlyHint, possible: [false] } } } };
    const none: string[] = [];
    rule.check({ tool: pessimistic, report: (r) => none.push(r.messageId) });
    expect(none).toEqual([]);
  });
});

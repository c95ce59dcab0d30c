import { describe, expect, it } from 'vitest';
import rule from '../../rules/shared-effects.js';
import { renderMessage } from '../../src/engine/collector.js';
import type { Effect } from '../../src/model.js';
import { factsOf, ruleTester, type FactsCase } from './tester.js';

/** The rendered message of each report of a facts case. */
function messagesOf(c: FactsCase, edit: (effects: Effect[]) => void = () => {}): string[] {
  const facts = factsOf(c);
  edit(facts.effects!.effects);
  const out: string[] = [];
  rule.check({ tool: facts, options: {}, report: (r) => out.push(renderMessage(rule.meta.messages[r.messageId], r.data)) });
  return out;
}

describe('shared-effects', () => {
  it('reports the effects a wrapper gives every tool, once per wrapper, at the wrapper', () => {
    ruleTester(rule, {
      valid: [
        // No wrapper: the tool's own writes are the optimistic-* rules' business.
        { declared: { readOnlyHint: true }, effects: ['overwrite', 'fetchPost'] },
        // A shared read of the tool's own process or files changes no hint.
        { declared: { readOnlyHint: true }, effects: ['overwrite'], shared: ['read'] },
        // Live facts have no effects.
        { declared: { readOnlyHint: true }, live: true },
      ],
      invalid: [
        // Whatever the tool declares: the wrapper's effects are every tool's, reported once at the wrapper.
        { declared: { readOnlyHint: true }, effects: ['read'], shared: ['append', 'fetchPost'], errors: ['shared@2'] },
        { declared: null, shared: ['fetchGet'], errors: ['shared@2'] },
        { declared: { readOnlyHint: false }, shared: ['spawn'], errors: ['shared@2'] },
      ],
    });
  });

  it('names the wrapper, the effects with their way there, and the incidental entry that marks them', () => {
    expect(messagesOf({ declared: { readOnlyHint: true }, effects: ['read'], shared: ['push', 'fetchPost'] })).toEqual([
      'The callback of `server.registerTool` in `register` runs for each of its 3 tools and makes an HTTP request (POST), and 1 more effect (at server.ts:41 through `track`); ' +
        "this is not counted against any one tool's hints. If it does not change what the tools do (telemetry, logging, rate limiting), mark it incidental in the configuration " +
        '("incidental": [{ "call": "track" }]); if it does, the hints of all 3 tools must allow it',
    ]);
  });

  it('offers a static path, else says to move code written in the wrapper itself into a function', () => {
    const [withPath] = messagesOf({ declared: null, shared: ['append'] }, (effects) => {
      effects[0] = { ...effects[0]!, via: [], target: '"/var/log/calls.log"', shared: { ...effects[0]!.shared!, call: undefined } };
    });
    expect(withPath).toContain('("incidental": [{ "path": "/var/log/calls.log" }])');
    const [inline] = messagesOf({ declared: null, shared: ['fetchPost'] }, (effects) => {
      effects[0] = { ...effects[0]!, via: [], shared: { ...effects[0]!.shared!, call: undefined } };
    });
    expect(inline).toContain('(at server.ts:40); ');
    expect(inline).toContain('(move the code into a function of its own and name it in an "incidental" entry\'s "call")');
  });

  it('leaves out shared effects the configuration already marks incidental', () => {
    expect(messagesOf({ declared: null, shared: ['fetchPost'] }, (effects) => {
      effects[0] = { ...effects[0]!, incidental: 'telemetry' };
    })).toEqual([]);
  });
});

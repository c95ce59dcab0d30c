import { describe, it } from 'vitest';
import rule from '../../rules/meaningless-hint.js';
import { ruleTester } from './tester.js';

describe('meaningless-hint', () => {
  it('reports idempotentHint (any value) and destructiveHint: true on truly read-only tools', () => {
    ruleTester(rule, {
      valid: [
        // destructiveHint: false is tolerated on read-only tools (directory reviews require the key).
        { declared: { readOnlyHint: true, destructiveHint: false, openWorldHint: false }, effects: ['read'] },
        { declared: { readOnlyHint: false, destructiveHint: true, idempotentHint: true }, effects: ['overwrite'] },
        { declared: { destructiveHint: true, idempotentHint: false }, effects: ['read'] },
        // Not really read-only (or possibly not): the other rules judge these hints instead.
        { declared: { readOnlyHint: true, idempotentHint: true }, effects: ['push'] },
        { declared: { readOnlyHint: true, idempotentHint: true }, effects: ['spawn'] },
      ],
      invalid: [
        { declared: { readOnlyHint: true, idempotentHint: true }, effects: ['read'], errors: ['ignored@11'], fixes: ['idempotentHint=remove'] },
        { declared: { readOnlyHint: true, idempotentHint: false }, effects: [], unresolved: 1, errors: ['ignored@11'] },
        { declared: { readOnlyHint: true, destructiveHint: true, idempotentHint: true }, effects: [], errors: ['ignored@12', 'ignored@11'], fixes: ['idempotentHint=remove', 'destructiveHint=remove'] },
        // Live mode: judged from the declaration alone.
        { declared: { readOnlyHint: true, destructiveHint: true }, live: true, errors: ['ignored@11'] },
      ],
    });
  });
});

import { describe, it } from 'vitest';
import rule from '../../rules/optimistic-non-destructive.js';
import { ruleTester } from './tester.js';

describe('optimistic-non-destructive', () => {
  it('reports destructiveHint: false on handlers that delete or overwrite', () => {
    ruleTester(rule, {
      valid: [
        { declared: { readOnlyHint: false, destructiveHint: false }, effects: ['append', 'mkdir', 'push'] },
        { declared: { readOnlyHint: false, destructiveHint: true }, effects: ['delete'] },
        { declared: { readOnlyHint: false }, effects: ['delete'] },
        { declared: { readOnlyHint: true, destructiveHint: false }, effects: ['read'] },
        { declared: { destructiveHint: false }, effects: ['fetchPost'] },
      ],
      invalid: [
        { declared: { readOnlyHint: false, destructiveHint: false }, effects: ['append', 'delete'], errors: ['destroys@11'] },
        // A tool claiming read-only that overwrites: its destructiveHint is judged against behaviour.
        { declared: { readOnlyHint: true, destructiveHint: false }, effects: ['overwrite'], errors: ['destroys@11'] },
      ],
    });
  });
});

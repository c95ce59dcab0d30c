import { describe, it } from 'vitest';
import rule from '../../rules/optimistic-idempotent.js';
import { ruleTester } from './tester.js';

describe('optimistic-idempotent', () => {
  it('reports idempotentHint: true on handlers whose repeated calls add more', () => {
    ruleTester(rule, {
      valid: [
        // Effects every tool of a wrapper has (telemetry, a call log) are reported once by shared-effects, not here.
        { declared: { idempotentHint: true }, effects: ['overwrite'], shared: ['append', 'push'] },
        { declared: { readOnlyHint: false, idempotentHint: true }, effects: ['overwrite', 'delete', 'mkdir'] },
        { declared: { readOnlyHint: false, idempotentHint: false }, effects: ['append'] },
        { declared: { readOnlyHint: false }, effects: ['append'] },
        { declared: { idempotentHint: true }, effects: ['spawn'], unresolved: 1 },
        { declared: { idempotentHint: false }, effects: ['delegate'] },
      ],
      invalid: [
        // The tool's own effects still count beside shared ones.
        { declared: { idempotentHint: true }, effects: ['append'], shared: ['push'], errors: ['repeats@10'] },
        { declared: { readOnlyHint: false, idempotentHint: true }, effects: ['append'], errors: ['repeats@11'], fixes: ['idempotentHint=false'] },
        { declared: { idempotentHint: true }, effects: ['fetchPost'], errors: ['repeats@10'] },
        // Beside readOnlyHint: true clients ignore idempotentHint: at most a warning (optimistic-read-only has the error).
        { declared: { readOnlyHint: true, idempotentHint: true }, effects: ['push'], errors: ['ignoredWhileReadOnly@11?'] },
        { declared: { idempotentHint: true }, effects: ['delegate'], errors: ['mayRepeat@10?'] },
      ],
    });
  });
});

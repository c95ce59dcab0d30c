import { describe, it } from 'vitest';
import rule from '../../rules/missing-annotations.js';
import { ruleTester } from './tester.js';

describe('missing-annotations', () => {
  it('reports tools without annotations at the registration, and omitted hints whose default misdescribes the tool', () => {
    ruleTester(rule, {
      valid: [
        { declared: { readOnlyHint: true, openWorldHint: false }, effects: ['read'] },
        { declared: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false }, effects: ['overwrite'] },
        // Defaults that match the behaviour, or behaviour that is unknown, are not reported.
        { declared: { readOnlyHint: false, destructiveHint: true }, effects: ['fetchPost', 'delete'] },
        { declared: { openWorldHint: true }, effects: [], unresolved: 1 },
        { declared: { openWorldHint: false }, live: true },
      ],
      invalid: [
        { declared: null, effects: ['read'], errors: ['none@5'] },
        { declared: null, live: true, errors: ['none@5'] },
        { declared: { type: 'object', properties: {} }, effects: ['delete'], errors: ['noHints@5'] },
        { declared: {}, live: true, errors: ['noHints@5'] },
        { declared: { openWorldHint: false }, effects: ['read'], errors: ['omitted@9'] },
        { declared: { readOnlyHint: true }, effects: ['read'], errors: ['omitted@9'] },
        { declared: { readOnlyHint: false, openWorldHint: false }, effects: ['mkdir'], errors: ['omitted@9', 'omitted@9'] },
        { declared: { readOnlyHint: false, idempotentHint: true, openWorldHint: false }, effects: ['delete'], errors: ['implicitDestructive@9'] },
      ],
    });
  });
});

import { describe, it } from 'vitest';
import rule from '../../rules/optimistic-closed-world.js';
import { ruleTester } from './tester.js';

describe('optimistic-closed-world', () => {
  it('reports openWorldHint: false on handlers that reach the network or spawn programs', () => {
    ruleTester(rule, {
      valid: [
        { declared: { openWorldHint: false }, effects: ['read', 'overwrite', 'push'] },
        { declared: { openWorldHint: true }, effects: ['fetchGet'] },
        { declared: {}, effects: ['fetchGet'] },
        { declared: { openWorldHint: false }, effects: [], unresolved: 3 },
      ],
      invalid: [
        { declared: { readOnlyHint: true, openWorldHint: false }, effects: ['fetchGet'], errors: ['reachesOut@11'] },
        { declared: { openWorldHint: false }, effects: ['spawn'], errors: ['reachesOut@10'] },
        // A POST whose purpose is only likely still reaches the network for certain: an error.
        { declared: { openWorldHint: false }, effects: ['likelyPost'], errors: ['reachesOut@10'] },
        // A request read only from a wrapper's name and arguments may not reach the network: a warning.
        { declared: { openWorldHint: false }, effects: ['likelyRequest'], errors: ['reachesOut@10?'] },
      ],
    });
  });
});

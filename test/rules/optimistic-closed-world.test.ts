import { describe, it } from 'vitest';
import rule from '../../rules/optimistic-closed-world.js';
import { ruleTester } from './tester.js';

describe('optimistic-closed-world', () => {
  it('reports openWorldHint: false on handlers that reach the network or spawn programs', () => {
    ruleTester(rule, {
      valid: [
        // Effects every tool of a wrapper has (telemetry, a call log) are reported once by shared-effects, not here.
        { declared: { openWorldHint: false }, effects: ['read'], shared: ['fetchPost', 'fetchGet'] },
        { declared: { openWorldHint: false }, effects: ['read', 'overwrite', 'push'] },
        { declared: { openWorldHint: true }, effects: ['fetchGet'] },
        { declared: {}, effects: ['fetchGet'] },
        { declared: { openWorldHint: false }, effects: [], unresolved: 3 },
      ],
      invalid: [
        // The tool's own effects still count beside shared ones.
        { declared: { openWorldHint: false }, effects: ['fetchGet'], shared: ['fetchPost'], errors: ['reachesOut@10'] },
        { declared: { readOnlyHint: true, openWorldHint: false }, effects: ['fetchGet'], errors: ['reachesOut@11'] },
        // A program the linter does not know may reach out, which is not proof that it does: a warning (issue 15, "unknown is not proven").
        { declared: { openWorldHint: false }, effects: ['spawn'], errors: ['reachesOut@10?'] },
        // A literal command known to reach out is an error.
        { declared: { openWorldHint: false }, effects: ['gitPush'], errors: ['reachesOut@10'], fixes: ['openWorldHint=true'] },
        { declared: { openWorldHint: false }, effects: ['spawn', 'gitPush'], errors: ['reachesOut@10'] },
        // A POST whose purpose is only likely still reaches the network for certain: an error.
        { declared: { openWorldHint: false }, effects: ['likelyPost'], errors: ['reachesOut@10'] },
        // A request read only from a wrapper's name and arguments may not reach the network: a warning.
        { declared: { openWorldHint: false }, effects: ['likelyRequest'], errors: ['reachesOut@10?'] },
      ],
    });
  });
});

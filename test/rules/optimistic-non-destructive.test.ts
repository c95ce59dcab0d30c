import { describe, it } from 'vitest';
import rule from '../../rules/optimistic-non-destructive.js';
import { ruleTester } from './tester.js';

describe('optimistic-non-destructive', () => {
  it('reports destructiveHint: false on handlers that delete or overwrite', () => {
    ruleTester(rule, {
      valid: [
        // Effects every tool of a wrapper has (telemetry, a call log) are reported once by shared-effects, not here.
        { declared: { destructiveHint: false }, effects: ['append'], shared: ['overwrite', 'delete'] },
        { declared: { readOnlyHint: false, destructiveHint: false }, effects: ['append', 'mkdir', 'push'] },
        { declared: { readOnlyHint: false, destructiveHint: true }, effects: ['delete'] },
        { declared: { readOnlyHint: false }, effects: ['delete'] },
        { declared: { readOnlyHint: true, destructiveHint: false }, effects: ['read'] },
        { declared: { destructiveHint: false }, effects: ['fetchPost'] },
        // A process whose command is known is judged by issue #4's catalog, not as arbitrary code.
        { declared: { readOnlyHint: false, destructiveHint: false }, effects: ['spawn'] },
        { declared: { readOnlyHint: false }, effects: ['delegate'] },
      ],
      invalid: [
        // The tool's own effects still count beside shared ones.
        { declared: { destructiveHint: false }, effects: ['delete'], shared: ['append'], errors: ['destroys@10'] },
        { declared: { readOnlyHint: false, destructiveHint: false }, effects: ['append', 'delete'], errors: ['destroys@11'], fixes: ['destructiveHint=true'] },
        // A tool claiming read-only that overwrites: clients ignore its destructiveHint, so the error is
        // optimistic-read-only's and this one is at most a warning (it matters once readOnlyHint is corrected).
        { declared: { readOnlyHint: true, destructiveHint: false }, effects: ['overwrite'], errors: ['ignoredWhileReadOnly@11?'], fixes: ['destructiveHint=true'] },
        // Forwarding to code chosen at run time (an upstream MCP tool, a plugin's handler) may destroy anything: not proven, so at most a warning (`?`).
        { declared: { readOnlyHint: false, destructiveHint: false }, effects: ['delegate'], errors: ['mayDestroy@11?'] },
      ],
    });
  });
});

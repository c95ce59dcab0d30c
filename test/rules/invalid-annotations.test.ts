import { describe, expect, it } from 'vitest';
import rule, { intendedHint } from '../../rules/invalid-annotations.js';
import { ruleTester } from './tester.js';

describe('invalid-annotations', () => {
  it('reports unknown keys, non-boolean hints and a non-string title', () => {
    ruleTester(rule, {
      valid: [
        { declared: { title: 'Read', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } },
        { declared: {} },
        { declared: null },
        // Framework keys on purpose: fastmcp's streamingHint, mcp-lite's content annotations.
        { declared: { readOnlyHint: true, streamingHint: true, audience: ['user'], priority: 1 } },
      ],
      invalid: [
        { declared: { readonlyHint: true }, errors: ['unknownKeyTypo@10'] },
        { declared: { destructive: false, readOnlyHint: false }, errors: ['unknownKeyTypo@10'] },
        // The intended hint is also present: the extra key is just unknown.
        { declared: { readOnlyHint: true, read_only_hint: true }, errors: ['unknownKey@11'] },
        { declared: { dangerous: true }, errors: ['unknownKey@10'] },
        { declared: { readOnlyHint: 'true', openWorldHint: 0 }, errors: ['notBoolean@10', 'notBoolean@11'] },
        { declared: { title: 42 }, errors: ['notString@10'] },
      ],
    });
  });

  it('guesses the hint a misspelt key meant', () => {
    expect(intendedHint('readonlyHint')).toBe('readOnlyHint');
    expect(intendedHint('read_only_hint')).toBe('readOnlyHint');
    expect(intendedHint('destructive')).toBe('destructiveHint');
    expect(intendedHint('OpenWorld')).toBe('openWorldHint');
    expect(intendedHint('dangerous')).toBeNull();
  });
});

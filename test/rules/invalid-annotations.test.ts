import { describe, expect, it } from 'vitest';
import rule, { intendedHint } from '../../rules/invalid-annotations.js';
import { ruleTester } from './tester.js';
import { RuleSettings } from '../../src/config/rule-settings.js';
import { EMPTY_CONFIG } from '../../src/config/schema.js';
import { checkTools } from '../../src/engine/check.js';
import { liveFacts } from '../../src/live/facts.js';

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

  it('live mode: reports an annotations value that is not an object and a top-level title that is not a string', () => {
    const listed = [
      { name: 'a', annotations: 'readOnly' },
      { name: 'b', annotations: null, title: ['B'] },
      { name: 'c', title: 'C', annotations: { readOnlyHint: true } },
    ];
    const settings = new RuleSettings(EMPTY_CONFIG, '/');
    const found = checkTools(liveFacts({ tools: listed }, 'tools/list of `s`'), (t) => settings.for(null, t.name)).filter((f) => f.ruleId === rule.id);
    expect(found.map((f) => [f.messageId, f.location.jsonPath, f.message])).toEqual([
      ['notObject', '$.tools[0].annotations', '"a" lists annotations: "readOnly", which is not an object; clients ignore it and use every hint\'s default'],
      ['notObject', '$.tools[1].annotations', '"b" lists annotations: null, which is not an object; clients ignore it and use every hint\'s default'],
      ['titleNotString', '$.tools[1].title', '"b" lists title: ["B"], which is not a string'],
    ]);
  });

  it('guesses the hint a misspelt key meant', () => {
    expect(intendedHint('readonlyHint')).toBe('readOnlyHint');
    expect(intendedHint('read_only_hint')).toBe('readOnlyHint');
    expect(intendedHint('destructive')).toBe('destructiveHint');
    expect(intendedHint('OpenWorld')).toBe('openWorldHint');
    expect(intendedHint('dangerous')).toBeNull();
  });
});

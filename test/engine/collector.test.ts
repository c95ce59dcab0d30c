import { describe, expect, it } from 'vitest';
import rule from '../../rules/optimistic-non-destructive.js';
import { LIKELY_NOTE, UNVERIFIED_NOTE, changesOf, collect } from '../../src/engine/collector.js';
import { runRules } from '../../src/engine/run.js';
import type { Rule } from '../../src/engine/rule.js';
import { RuleSettings } from '../../src/config/rule-settings.js';
import { ConfigSchema } from '../../src/config/schema.js';
import { factsOf, type FactsCase } from '../rules/tester.js';

/** The findings of optimistic-non-destructive on one facts case, through the collector, with `rules` configured. */
function findingsOf(c: FactsCase, rules = {}) {
  const settings = new RuleSettings(ConfigSchema.parse({ rules }), '/p');
  const settingsOf = () => settings.for('/p/server.ts', 't');
  const { reports, crashes } = runRules([factsOf(c)], [rule as Rule], settingsOf);
  return collect(reports, crashes, new Map<string, Rule>([[rule.id, rule as Rule]]), settingsOf);
}

describe('collector: severity follows the confidence of the evidence (issue #4)', () => {
  it('keeps an error proven by certain evidence', () => {
    const [finding] = findingsOf({ declared: { destructiveHint: false }, effects: ['delete'] });
    expect(finding).toMatchObject({ severity: 'error', confidence: 'certain' });
    expect(finding!.message).not.toContain(LIKELY_NOTE);
  });

  it('lowers a finding that rests only on likely evidence to a warning, and says so', () => {
    const [finding] = findingsOf({ declared: { destructiveHint: false }, effects: ['likelyDelete'] });
    expect(finding).toMatchObject({ severity: 'warning', confidence: 'likely' });
    expect(finding!.message).toMatch(/^"t" declares destructiveHint: false, but it calls `api.deleteLabel`.* \(likely: inferred from the names of calls/);
  });

  it('keeps the error when certain evidence stands beside likely evidence', () => {
    const [finding] = findingsOf({ declared: { destructiveHint: false }, effects: ['likelyDelete', 'delete'] });
    expect(finding).toMatchObject({ severity: 'error', confidence: 'certain' });
  });

  it('never raises a severity the config lowered', () => {
    const [finding] = findingsOf({ declared: { destructiveHint: false }, effects: ['likelyDelete'] }, { 'optimistic-non-destructive': 'info' });
    expect(finding!.severity).toBe('info');
  });

  it('makes a finding its rule is unsure of a warning, and says it is unverified (issue 15: unknown is not proven)', () => {
    // Code chosen at run time may destroy, which is not proof that it does.
    const [finding] = findingsOf({ declared: { readOnlyHint: false, destructiveHint: false }, effects: ['delegate'] });
    expect(finding).toMatchObject({ severity: 'warning', confidence: 'likely' });
    expect(finding!.message.endsWith(UNVERIFIED_NOTE)).toBe(true);
    expect(finding!.message).not.toContain(LIKELY_NOTE);
  });

  it('caps a report at the severity its rule gives, with certain evidence and no likely note (a hint clients ignore beside readOnlyHint: true)', () => {
    const [finding] = findingsOf({ declared: { readOnlyHint: true, destructiveHint: false }, effects: ['overwrite'] });
    expect(finding).toMatchObject({ severity: 'warning', confidence: 'certain', messageId: 'ignoredWhileReadOnly' });
    expect(finding!.message).toMatch(/clients ignore destructiveHint while readOnlyHint is true/);
    expect(finding!.message).not.toContain(LIKELY_NOTE);
    expect(finding!.message).not.toContain(UNVERIFIED_NOTE);
  });

  it('never raises a configured severity below the cap', () => {
    const [finding] = findingsOf({ declared: { readOnlyHint: true, destructiveHint: false }, effects: ['overwrite'] }, { 'optimistic-non-destructive': 'info' });
    expect(finding!.severity).toBe('info');
  });
});

describe('collector: a fix rests on certain evidence that counts (issue 17)', () => {
  it('keeps the fix of a finding proven by a certain effect', () => {
    const [finding] = findingsOf({ declared: { destructiveHint: false }, effects: ['delete'] });
    expect(changesOf(finding!)).toMatchObject({ fix: { hint: 'destructiveHint', to: true } });
    expect(changesOf(finding!)?.suggest).toBeUndefined();
  });

  it('only offers the change, as a suggestion, when every effect is likely', () => {
    const [finding] = findingsOf({ declared: { destructiveHint: false }, effects: ['likelyDelete'] });
    expect(changesOf(finding!)?.fix).toBeUndefined();
    expect(changesOf(finding!)?.suggest).toEqual([{ desc: 'Declare destructiveHint: true', changes: [{ hint: 'destructiveHint', to: true }] }]);
  });

  it('refuses a fix from a rule whose meta is not fixable, as ESLint does', () => {
    const unfixable = { ...rule, meta: { ...rule.meta, fixable: false } } as Rule;
    const settings = new RuleSettings(ConfigSchema.parse({}), '/p');
    const { reports, crashes } = runRules([factsOf({ declared: { destructiveHint: false }, effects: ['delete'] })], [unfixable], () => settings.for('/p/server.ts', 't'));
    expect(() => collect(reports, crashes, new Map([[rule.id, unfixable]]))).toThrow(/reported a fix but its meta is not fixable/);
  });
});

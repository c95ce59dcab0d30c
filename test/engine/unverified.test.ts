import { describe, expect, it } from 'vitest';
import { hasUnseenEffects } from '../../src/engine/facts.js';
import { factsOf } from '../rules/tester.js';

describe('unverified tools (issue 15: unknown is not proven, and the summary counts what is)', () => {
  it('counts a tool with unresolved calls, an effect of unknown access, or one judged by its name', () => {
    expect(hasUnseenEffects(factsOf({ declared: {}, effects: ['read'], unresolved: 1 }))).toBe(true);
    expect(hasUnseenEffects(factsOf({ declared: {}, effects: ['spawn'] }))).toBe(true);
    expect(hasUnseenEffects(factsOf({ declared: {}, effects: ['likelyDelete'] }))).toBe(true);
    expect(hasUnseenEffects(factsOf({ declared: {}, effects: ['delegate'] }))).toBe(true);
  });

  it('does not count certain effects, nor effects shared with the other tools of a wrapper (found by a fresh user: telemetry made every tool "unverified")', () => {
    expect(hasUnseenEffects(factsOf({ declared: {}, effects: ['read', 'overwrite'] }))).toBe(false);
    expect(hasUnseenEffects(factsOf({ declared: {}, effects: ['read'], shared: ['likelyDelete', 'spawn'] }))).toBe(false);
  });

  it('does not count effects the configuration marks incidental', () => {
    const facts = factsOf({ declared: {}, effects: ['likelyDelete'] });
    const marked = { ...facts, effects: { ...facts.effects!, effects: facts.effects!.effects.map((e) => ({ ...e, incidental: 'telemetry' })) } };
    expect(hasUnseenEffects(marked)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { found, serverWith } from './catalog-helpers.js';

/**
 * A step of the iterator a collection gives (`tiers.values().next().value`: the one entry of a
 * Set; `cache.keys().next().value`: the oldest key of a Map, evicted first) acts in memory, as the
 * collection's own methods do. Shaped like a pricing formatter that collects the tiers it met in a
 * `new Set()` and hands it to a helper that reads its only entry; written for this test.
 */
const TOP = `const seen = new Map<string, string>();
function onlyTier(tiers: Set<string>) {
  if (tiers.size !== 1) return null;
  return tiers.values().next().value ?? null;
}
function priceNote(prices: Record<string, number>) {
  const tiers = new Set<string>();
  for (const tier of Object.keys(prices)) tiers.add(tier);
  return onlyTier(tiers);
}
function firstSeen() {
  return seen.keys().next().value;
}`;

describe('a step of a collection\'s iterator', () => {
  it('acts in memory: of a Set its callers make, of a module\'s Map', async () => {
    const result = await found(serverWith(TOP, {
      note: `  return { content: [{ type: "text", text: String(priceNote(args.prices)) }] };`,
      first: `  return { content: [{ type: "text", text: String(firstSeen()) }] };`,
    }), ['note', 'first']);
    for (const name of ['note', 'first']) {
      expect(result[name]!.unresolved, name).toEqual([]);
      expect(result[name]!.rows, name).toEqual([]);
      expect(result[name]!.inferred.readOnly, name).toBe(true);
    }
  });

  it('of a client\'s method stays unknown', async () => {
    const result = await found(serverWith(`import { connect } from "some-sdk";\nconst db = connect();`, {
      t: `  const page = await db.values().next();`,
    }), ['t']);
    expect(result.t!.unresolved.length).toBeGreaterThan(0);
  });
});

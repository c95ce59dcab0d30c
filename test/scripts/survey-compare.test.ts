import { describe, expect, it } from 'vitest';
import { compareSides, reasonKind, totalOf } from '../../scripts/survey-compare.js';

describe('survey comparison', () => {
  it('matches tools by name and counts missing and extra ones', () => {
    const c = compareSides({
      listed: [{ name: 'read_note' }, { name: 'save_note' }, { name: 'delete_note' }, { name: 'read_note' }],
      found: [{ name: 'read_note' }, { name: 'save_note' }, { name: 'debug_dump' }, { name: null }],
      unresolved: [],
    });
    expect(c).toMatchObject({
      listed: 3,
      matched: 2,
      missing: ['delete_note'],
      extra: ['debug_dump'],
      unnamed: 1,
      unresolvedRegistrations: 0,
      zero: 'no',
    });
    expect(c.recall).toBeCloseTo(2 / 3);
  });

  it('compares each hint either side declares, absent counting as a value', () => {
    const c = compareSides({
      listed: [
        { name: 'read_note', annotations: { readOnlyHint: true, openWorldHint: false } },
        { name: 'save_note', annotations: null },
      ],
      found: [
        { name: 'read_note', annotations: { readOnlyHint: true, destructiveHint: false } },
        { name: 'save_note', annotations: { title: 'Save' } },
      ],
      unresolved: [],
    });
    expect(c.hintsCompared).toBe(3);
    expect(c.hintsAgreeing).toBe(1);
    expect(c.hintDifferences).toEqual(['read_note.destructiveHint: absent → false', 'read_note.openWorldHint: false → absent']);
  });

  it('tells an explained zero from a silent one', () => {
    const listed = [{ name: 'a' }, { name: 'b' }];
    const because = { file: 'dist/index.js', line: 3, reason: '`tools` is never filled' };
    expect(compareSides({ listed, found: [], unresolved: [because] }).zero).toBe('explained');
    expect(compareSides({ listed, found: [{ name: 'c' }], unresolved: [] }).zero).toBe('unexplained');
    expect(compareSides({ listed: [], found: [], unresolved: [] })).toMatchObject({ zero: 'no', recall: null });
  });

  it('totals recall over listed tools, leaving out packages that listed none', () => {
    const full = compareSides({ listed: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], found: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], unresolved: [] });
    const zero = compareSides({ listed: [{ name: 'x' }], found: [], unresolved: [] });
    const none = compareSides({ listed: [], found: [{ name: 'y' }], unresolved: [] });
    expect(totalOf([full, zero, none])).toEqual({
      packagesListed: 2,
      listed: 4,
      matched: 3,
      recall: 0.75,
      zeroExplained: 0,
      zeroUnexplained: 1,
      complete: 1,
      hintsCompared: 0,
      hintsAgreeing: 0,
    });
  });

  it('groups reasons by kind, blanking names, strings and numbers', () => {
    expect(reasonKind('`defineTool` is never called in the 12 files linted')).toBe('`…` is never called in the N files linted');
    expect(reasonKind('the name "get_x" comes from  `cfg.name`')).toBe('the name "…" comes from `…`');
    expect(reasonKind('the tool name cannot be read statically: `sdk` cannot be followed (parameter sdk)')).toBe(
      'the tool name cannot be read statically: `…` cannot be followed (parameter …)',
    );
  });
});

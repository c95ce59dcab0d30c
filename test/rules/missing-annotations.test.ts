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
        // A user's trial: a POST whose purpose the linter cannot read is a likely addition, no proof that the tool only adds.
        { declared: { readOnlyHint: false, openWorldHint: true }, effects: ['likelyPost'] },
        { declared: { readOnlyHint: false, openWorldHint: true }, effects: ['mkdir', 'spawn'] },
      ],
      invalid: [
        { declared: null, effects: ['read'], errors: ['none@5'], fixes: ['suggest:readOnlyHint=true,openWorldHint=false'] },
        { declared: null, live: true, errors: ['none@5'], fixes: [null] },
        { declared: { type: 'object', properties: {} }, effects: ['delete'], errors: ['noHints@5'] },
        { declared: {}, live: true, errors: ['noHints@5'] },
        { declared: { openWorldHint: false }, effects: ['read'], errors: ['omitted@9'], fixes: ['suggest:readOnlyHint=true'] },
        { declared: { readOnlyHint: true }, effects: ['read'], errors: ['omitted@9'] },
        { declared: { readOnlyHint: false, openWorldHint: false }, effects: ['mkdir'], errors: ['omitted@9', 'omitted@9'] },
        // The same addition made through a catalogued sink is verified: the omitted hints are asked for.
        { declared: { readOnlyHint: false, openWorldHint: true }, effects: ['fetchPost'], errors: ['omitted@9'] },
        { declared: { readOnlyHint: false, idempotentHint: true, openWorldHint: false }, effects: ['delete'], errors: ['implicitDestructive@9'], fixes: ['suggest:destructiveHint=true'] },
      ],
    });
  });

  it('with { hints: "all", title: true } (the directory profile) asks for every hint and a title in the annotations', () => {
    const directory = { hints: 'all', title: true };
    const all = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false, title: 'Write' };
    ruleTester(rule, {
      valid: [
        { declared: all, effects: ['overwrite'], options: directory },
        // destructiveHint stays required on a read-only tool; idempotentHint is not asked for there.
        { declared: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, title: 'Read' }, effects: ['read'], options: directory },
        // The default options judge only contradicting defaults, and no title.
        { declared: { readOnlyHint: false, destructiveHint: true, openWorldHint: false }, effects: ['fetchPost'], options: {} },
      ],
      invalid: [
        { declared: { readOnlyHint: true, openWorldHint: false, title: 'Read' }, effects: ['read'], options: directory, errors: ['explicit@9'] },
        { declared: { readOnlyHint: false, openWorldHint: false, title: 'Make dir' }, effects: ['mkdir'], options: { hints: 'all' }, errors: ['omitted@9', 'omitted@9'] },
        { declared: { readOnlyHint: false, title: 'Post' }, effects: ['fetchPost'], options: { hints: 'all' }, errors: ['omitted@9', 'explicit@9', 'explicit@9'], fixes: ['suggest:destructiveHint=false', 'suggest:idempotentHint=false', 'suggest:openWorldHint=true'] },
        // A top-level title (spec-valid, shared case 027) is not where directory portals read it.
        { declared: { readOnlyHint: true, destructiveHint: false, openWorldHint: false }, effects: ['read'], title: 'Read', options: { title: true }, errors: ['titleNotInAnnotations@6'] },
        { declared: { readOnlyHint: true, destructiveHint: false, openWorldHint: false }, effects: ['read'], title: null, options: { title: true }, errors: ['noTitle@9'] },
        { declared: null, effects: ['read'], options: directory, errors: ['noTitle@5', 'none@5'] },
      ],
    });
  });
});

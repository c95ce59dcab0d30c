import type { Rule } from '../src/engine/rule.js';
import duplicateToolName from './duplicate-tool-name.js';
import ignoredAnnotations from './ignored-annotations.js';
import invalidAnnotations from './invalid-annotations.js';
import meaninglessHint from './meaningless-hint.js';
import missingAnnotations from './missing-annotations.js';
import optimisticClosedWorld from './optimistic-closed-world.js';
import optimisticIdempotent from './optimistic-idempotent.js';
import optimisticNonDestructive from './optimistic-non-destructive.js';
import optimisticReadOnly from './optimistic-read-only.js';
import sharedEffects from './shared-effects.js';
import unverifiableAnnotations from './unverifiable-annotations.js';

/** Every rule, by id, in alphabetical order. */
export const RULES: ReadonlyMap<string, Rule> = new Map(
  [
    duplicateToolName,
    ignoredAnnotations,
    invalidAnnotations,
    meaninglessHint,
    missingAnnotations,
    optimisticClosedWorld,
    optimisticIdempotent,
    optimisticNonDestructive,
    optimisticReadOnly,
    sharedEffects,
    unverifiableAnnotations,
  ].map((rule) => [rule.id, rule as Rule]),
);

import type { RegistrationAdapter } from '../adapter.js';

/**
 * The frameworks whose registrations discovery reads, in order of use. One module each; each has a
 * fixture under test/fixtures/frameworks/ and a line in the README's support table.
 */
export const FRAMEWORKS: readonly RegistrationAdapter[] = [];

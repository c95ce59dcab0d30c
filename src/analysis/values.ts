import type { Node } from 'ts-morph';

/**
 * The static value of an expression, or why it has none. An unknown value may still be one of a
 * few known ones (`cond ? true : false` with `cond` unknown): `possible` lists them. `runtime`
 * marks data of the running server (an element of a registry plugins fill), not a computation the
 * linter could not follow.
 */
export type Evaluated =
  | { known: true; value: unknown }
  /** `mayBeAbsent`: an object's key set only when a run-time condition holds (a spread on one side of `? :`). */
  | { known: false; reason: string; node: Node; possible?: unknown[]; runtime?: boolean; mayBeAbsent?: boolean };

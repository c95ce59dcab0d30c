import { describe, expect, it } from 'vitest';
import { found, serverWith } from './catalog-helpers.js';

/**
 * A function taken from each element of a list a loop walks (`for (const [name, test] of
 * DETECTORS) if (test(value)) return name;`): the call runs one of the functions the list's
 * elements hold there, each followed. Shaped like a schema generator that detects string formats
 * with a table of `[format, predicate]` pairs; written for this test.
 */
const TOP = `import { appendFileSync } from "node:fs";
const DETECTORS: [string, (s: string) => boolean][] = [
  ["date", (s) => /^\\d{4}-\\d{2}-\\d{2}$/.test(s)],
  ["email", (s) => /^[^@]+@[^@]+$/.test(s)],
];
const CHECKS = [
  { name: "uri", check: (s: string) => s.includes("://") },
  { name: "logged", check: (s: string) => { appendFileSync("/tmp/seen.log", s); return false; } },
];
function detect(value: string) {
  for (const [name, test] of DETECTORS) if (test(value)) return name;
  return undefined;
}
function check(value: string) {
  for (const { name, check } of CHECKS) if (check(value)) return name;
  return undefined;
}
function checkEach(value: string) {
  for (const entry of CHECKS) if (entry.check(value)) return entry.name;
  return undefined;
}`;

describe('a function destructured from the elements of a list a loop walks', () => {
  it('runs each function the elements hold: pure predicates, or one that writes', async () => {
    const result = await found(serverWith(TOP, {
      detect: `  return { content: [{ type: "text", text: String(detect(args.value)) }] };`,
      check: `  return { content: [{ type: "text", text: String(check(args.value)) }] };`,
      checkEach: `  return { content: [{ type: "text", text: String(checkEach(args.value)) }] };`,
    }), ['detect', 'check', 'checkEach']);
    expect(result.detect!.unresolved).toEqual([]);
    expect(result.detect!.rows).toEqual([]);
    expect(result.detect!.inferred.readOnly).toBe(true);
    for (const name of ['check', 'checkEach']) {
      expect(result[name]!.unresolved, name).toEqual([]);
      expect(result[name]!.rows, name).toEqual(['fs appendFileSync | fs.write write d=false i=false open=false certain']);
      expect(result[name]!.inferred.readOnly, name).toBe(false);
    }
  });

  it('stays unknown when an element holds something else there', async () => {
    const result = await found(serverWith(`declare const plugin: (s: string) => boolean;\nconst DETECTORS: [string, (s: string) => boolean][] = [["date", (s) => s.length === 10], ["plugin", plugin]];`, {
      t: `  for (const [name, test] of DETECTORS) if (test(args.value)) return { content: [{ type: "text", text: name }] };`,
    }), ['t']);
    expect(result.t!.unresolved.length).toBeGreaterThan(0);
    expect(result.t!.inferred.readOnly).toBe(null);
  });
});

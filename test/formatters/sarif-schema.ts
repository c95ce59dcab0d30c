import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

/**
 * The SARIF 2.1.0 schema that @microsoft/jest-sarif ships (read from node_modules, never copied).
 * It is written for draft-04, which ajv 8 no longer reads; the only draft-04 keyword it uses that
 * later drafts spell otherwise is the root `id` (draft-06 `$id`), so it is read as draft-07 once
 * that is renamed. Its patterns were written for regular expressions without the `u` flag.
 */
export function sarifValidator() {
  const file = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
  const { $schema, id, ...schema } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  expect($schema).toBe('http://json-schema.org/draft-04/schema#');
  const ajv = new Ajv({ strict: false, unicodeRegExp: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile({ ...schema, $id: id });
}


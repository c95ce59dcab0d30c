/**
 * Writes schema.json (the configuration's JSON schema) at the package root from the zod schema:
 * `npm run schema`. test/config-schema.test.ts fails when the committed file is out of date.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configJsonSchemaText } from '../src/config/json-schema.js';

// dist/scripts/schema.js → the package root.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
writeFileSync(path.join(root, 'schema.json'), configJsonSchemaText());

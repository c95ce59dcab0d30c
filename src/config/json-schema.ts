import { z } from 'zod';
import { ConfigSchema, IncidentalConfigSchema, OverrideSchema, SinkConfigSchema } from './schema.js';

/**
 * What the zod refinements check, which `z.toJSONSchema` cannot see: the keys one of which an
 * object must have (`overrides[]`: `files` or `tools`; `sinks[]`: `call` or `module`;
 * `incidental[]`: `call`, `module` or `path`).
 */
const ONE_OF_KEYS = new Map<unknown, string[]>([
  [OverrideSchema, ['files', 'tools']],
  [SinkConfigSchema, ['call', 'module']],
  [IncidentalConfigSchema, ['call', 'module', 'path']],
]);

/**
 * The published JSON schema of the configuration (`schema.json` at the package root, for editors:
 * `"$schema": "./node_modules/mcp-annotate-lint/schema.json"`), generated from the zod schema that
 * validates it, as a configuration is written (fields with defaults are optional). JSON Schema
 * draft 2020-12 (zod's `z.toJSONSchema`).
 */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ConfigSchema, {
    io: 'input',
    target: 'draft-2020-12',
    override: ({ zodSchema, jsonSchema }) => {
      const keys = ONE_OF_KEYS.get(zodSchema);
      if (keys) jsonSchema.anyOf = keys.map((key) => ({ required: [key] }));
    },
  }) as Record<string, unknown>;
  return {
    $schema: schema.$schema,
    $id: 'https://github.com/mcp-annotate-lint/mcp-annotate-lint/blob/main/schema.json',
    title: 'mcp-annotate-lint configuration',
    description: 'Configuration of mcp-annotate-lint (.mcplintrc, .mcplintrc.json, .mcplintrc.yaml, mcplint.config.js, package.json#mcplint). Generated from src/config/schema.ts by `npm run schema`.',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}

/** The text of schema.json: 2-space indented, with a final newline. */
export function configJsonSchemaText(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}

import path from 'node:path';
import { configIn } from '../config/load.js';
import { RuleSettings, severitySetting } from '../config/rule-settings.js';
import { EMPTY_CONFIG, type ConfigInput } from '../config/schema.js';
import { UsageError } from '../errors.js';
import { writeFileSafely } from '../write-file.js';

/** The file `--init` writes. */
export const STARTER_FILE = '.mcplintrc.json';

/** The starter configuration: the schema for editors, the `spec` profile, every rule at its recommended severity, nothing excluded. */
export function starterConfig(): ConfigInput {
  const settings = new RuleSettings(EMPTY_CONFIG, '.').configured();
  return {
    $schema: './node_modules/mcp-annotate-lint/schema.json',
    profile: 'spec',
    rules: Object.fromEntries([...settings].map(([id, s]) => [id, severitySetting(s.severity)])),
    exclude: [],
  };
}

/**
 * `mcp-annotate-lint --init`: writes {@link STARTER_FILE} in `dir` (atomically) and returns its path.
 *
 * @throws UsageError when `dir` already has a configuration file (it is never overwritten), or the file cannot be written.
 */
export async function writeStarterConfig(dir: string): Promise<string> {
  const existing = configIn(dir);
  if (existing) throw new UsageError(`${path.basename(existing)}: a configuration already exists here; --init does not overwrite it`);
  const file = path.join(dir, STARTER_FILE);
  await writeFileSafely(file, `${JSON.stringify(starterConfig(), null, 2)}\n`, 'the configuration', dir);
  return file;
}

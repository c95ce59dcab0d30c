import { existsSync } from 'node:fs';
import path from 'node:path';
import { configIn, sharedFolder } from '../config/load.js';
import { RuleSettings, severitySetting } from '../config/rule-settings.js';
import { EMPTY_CONFIG, type ConfigInput } from '../config/schema.js';
import { UsageError } from '../errors.js';
import { writeFileSafely } from '../write-file.js';

/** The file `--init` writes. */
export const STARTER_FILE = '.mcplintrc.json';

/** Where schema.json is installed, relative to the package root. */
const INSTALLED_SCHEMA = ['node_modules', 'mcp-annotate-lint', 'schema.json'];

/**
 * The `$schema` reference of a configuration written in `dir`: the nearest installed schema.json
 * (in `dir` or a folder above, as Node resolves packages), relative and with `/`; else where it
 * will be once the package is installed in `dir`.
 */
export function schemaReference(dir: string): string {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (existsSync(path.join(at, ...INSTALLED_SCHEMA))) {
      const rel = path.relative(dir, path.join(at, ...INSTALLED_SCHEMA)).split(path.sep).join('/');
      return rel.startsWith('.') ? rel : `./${rel}`;
    }
    if (path.dirname(at) === at) return `./${INSTALLED_SCHEMA.join('/')}`;
  }
}

/** The starter configuration for `dir`: the schema for editors, the `spec` profile, every rule at its recommended severity, nothing excluded. */
export function starterConfig(dir: string): ConfigInput {
  const settings = new RuleSettings(EMPTY_CONFIG, '.').configured();
  return {
    $schema: schemaReference(dir),
    profile: 'spec',
    rules: Object.fromEntries([...settings].map(([id, s]) => [id, severitySetting(s.severity)])),
    exclude: [],
  };
}

/**
 * `mcp-annotate-lint --init`: writes {@link STARTER_FILE} in `dir` (atomically) and returns its path.
 *
 * @throws UsageError when `dir` already has a configuration file (it is never overwritten), when
 *   `dir` is writable by every user (a configuration there is never searched for, so would never be
 *   used), or the file cannot be written.
 */
export async function writeStarterConfig(dir: string): Promise<string> {
  const existing = configIn(dir);
  if (existing) throw new UsageError(`${path.basename(existing)}: a configuration already exists here; --init does not overwrite it`);
  if (sharedFolder(dir)) {
    throw new UsageError(`--init: this folder is writable by every user (world-writable), so a configuration here would never be used (anyone could have put it there); run --init in a folder only you can write to, or remove write permission for others (chmod o-w .)`);
  }
  const file = path.join(dir, STARTER_FILE);
  await writeFileSafely(file, `${JSON.stringify(starterConfig(dir), null, 2)}\n`, 'the configuration', dir);
  return file;
}

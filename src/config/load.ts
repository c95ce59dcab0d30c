import path from 'node:path';
import { cosmiconfig } from 'cosmiconfig';
import { UsageError } from '../errors.js';
import { ConfigSchema, EMPTY_CONFIG, type Config } from './schema.js';

/** The name cosmiconfig searches for: `.mcplintrc`, `.mcplintrc.json`, `.mcplintrc.yaml`, `mcplint.config.js`, `package.json#mcplint`, ... */
export const MODULE_NAME = 'mcplint';

/** A loaded configuration and the file it came from (null when none was found). */
export interface LoadedConfig {
  config: Config;
  file: string | null;
}

/**
 * Finds and validates the configuration: `file` when given (`--config`), else the first
 * cosmiconfig search place from `cwd` upwards.
 *
 * @throws UsageError (exit 2) with one line per problem, `<file>: <key path>: <what was expected>`,
 *   for a file that cannot be read or parsed, or that the schema rejects.
 */
export async function loadConfig(cwd: string, file?: string): Promise<LoadedConfig> {
  // 'project': from cwd up to the nearest folder with a package.json (the project root), as ESLint looks for its config.
  const explorer = cosmiconfig(MODULE_NAME, { searchStrategy: 'project' });
  let found: { config: unknown; filepath: string; isEmpty?: boolean } | null;
  try {
    found = file ? await explorer.load(path.resolve(cwd, file)) : await explorer.search(cwd);
  } catch (error) {
    const where = file ? path.relative(cwd, path.resolve(cwd, file)) || file : 'configuration';
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    throw new UsageError(`${where}: cannot read the configuration: ${reason.replace(/^ENOENT: no such file or directory.*/, 'file not found')}`);
  }
  if (!found || found.isEmpty) return { config: EMPTY_CONFIG, file: found?.filepath ?? null };
  const parsed = ConfigSchema.safeParse(found.config);
  const rel = path.relative(cwd, found.filepath) || found.filepath;
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${rel}: ${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`);
    throw new UsageError(lines.join('\n'));
  }
  return { config: parsed.data, file: found.filepath };
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cosmiconfig, defaultLoaders, getDefaultSearchPlaces, type Loader } from 'cosmiconfig';
import type { z } from 'zod';
import { UsageError } from '../errors.js';
import { RULE_DESCRIPTORS } from '../engine/descriptors.js';
import { shownPath } from '../write-file.js';
import { ConfigSchema, EMPTY_CONFIG, type Config } from './schema.js';

/** The name cosmiconfig searches for: `.mcplintrc`, `.mcplintrc.json`, `.mcplintrc.yaml`, `mcplint.config.js`, `package.json#mcplint`, ... */
export const MODULE_NAME = 'mcplint';

/**
 * One line for a configuration file that cannot be read or parsed: the file (from the error when
 * it was found by searching), and the reason without the parser's code frame or Node's syscall
 * detail (`file not found`, `is a folder`, `JSON Error: Unexpected token } (line 3, column 1)`).
 */
function configReadError(error: unknown, cwd: string, named: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const where = shownPath(path.resolve(cwd, named), cwd);
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return `${where}: cannot read the configuration: file not found`;
  if (code === 'EISDIR') return `${where}: cannot read the configuration: it is a folder, not a file`;
  // cosmiconfig's parse errors: "JSON Error in /x/.mcplintrc.json:\n<parser message>\n<code frame>".
  // A module config whose own code fails to load: Node's wording (about require() and races) misleads.
  if (/Cannot require\(\) ES Module|SyntaxError/.test(message)) return `${where}: cannot read the configuration: the module does not load (a syntax error? \`node ${where}\` shows it)`;
  const lines = message.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !/^[>|\d\s]*\|/.test(l) && !/^[-^\s]+$/.test(l));
  const kind = /^(JSON|YAML) Error/.exec(lines[0] ?? '')?.[1];
  const reason = kind ? `${kind} error: ${lines.slice(1).join(' ') || 'cannot be parsed'}` : (lines[0] ?? 'cannot be parsed');
  return `${where}: cannot read the configuration: ${reason.slice(0, 300)}`;
}

/**
 * The configuration file in `dir` itself that cosmiconfig's search would take (its search places in
 * its order; a package.json only with a `mcplint` key, or when it does not parse), or null.
 */
export function configIn(dir: string): string | null {
  for (const place of getDefaultSearchPlaces(MODULE_NAME)) {
    const candidate = path.join(dir, place);
    if (!existsSync(candidate)) continue;
    if (place !== 'package.json') return candidate;
    try {
      if ((JSON.parse(readFileSync(candidate, 'utf8')) as Record<string, unknown>)[MODULE_NAME] !== undefined) return candidate;
    } catch {
      return candidate;
    }
  }
  return null;
}

/** cosmiconfig's loaders of text formats, reading past a UTF-8 byte order mark (editors on Windows write one; JSON.parse rejects it). */
const BOM_TOLERANT_LOADERS: Record<string, Loader> = Object.fromEntries(
  (['.json', '.yaml', '.yml', 'noExt'] as const).map((ext) => [ext, (filepath: string, content: string) => (defaultLoaders[ext] as Loader)(filepath, content.replace(/^\uFEFF/, ''))]),
);

/**
 * The configuration file a search from `from` finds: the first of cosmiconfig's search places
 * (in its order) that exists, folder by folder up to the nearest one with a package.json (the
 * project root, as ESLint and tsconfig.json are found), or null. An empty file or a folder in a
 * search place is found too, so that it is reported rather than passed over.
 */
function searchedFile(from: string): string | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const found = configIn(dir);
    if (found) return found;
    if (existsSync(path.join(dir, 'package.json')) || path.dirname(dir) === dir) return null;
  }
}

type Issue = z.core.$ZodIssue;

/**
 * One schema issue as `<key path>: <what was expected>`. zod reports a rule entry that matches none
 * of its forms (severity, `[severity]`, `[severity, options]`) as "Invalid input"; the form the
 * value was meant to take says more: the deepest issue of any form (a bad option), else "takes no
 * options" for a rule without options given some, else the severity's message.
 */
export function describeIssue(issue: Issue): string {
  let at = issue.path;
  let message = issue.message;
  if (issue.code === 'invalid_union') {
    const all = issue.errors.flat();
    const deepest = [...all].sort((a, b) => b.path.length - a.path.length)[0];
    if (deepest && deepest.path.length > 0) {
      at = [...at, ...deepest.path];
      message = deepest.message;
    } else if (issue.errors.length === 2 && all.some((i) => i.code === 'too_big')) {
      message = 'this rule takes no options: expected a severity ("off", "info", "warn", "error") or [severity]';
    } else {
      message = 'expected a severity ("off", "info", "warn", "error"), [severity] or [severity, options]';
    }
  } else if (issue.code === 'unrecognized_keys' && at[at.length - 1] === 'rules') {
    const fixed = issue.keys.filter((key) => RULE_DESCRIPTORS.get(key)?.configurable === false);
    message = fixed.length === issue.keys.length
      ? `${fixed.map((k) => `"${k}"`).join(', ')} cannot be configured: a file that cannot be read or parsed, or an analysis that failed, is always an error`
      : `${message} (\`mcp-annotate-lint rules\` lists the rule ids)`;
  }
  return `${at.length > 0 ? at.join('.') : '(root)'}: ${message}`;
}

/** A loaded configuration and the file it came from (null when none was found). */
export interface LoadedConfig {
  config: Config;
  file: string | null;
}

/**
 * Finds and validates the configuration: `file` when given (`--config`), else the first
 * cosmiconfig search place from `from` (the folder of the first path linted; default `cwd`)
 * upwards to the nearest folder with a package.json, as tsconfig.json is found.
 *
 * @throws UsageError (exit 2) with one line per problem, `<file>: <key path>: <what was expected>`,
 *   for a file that cannot be read or parsed, or that the schema rejects.
 */
export async function loadConfig(cwd: string, file?: string, from: string = cwd): Promise<LoadedConfig> {
  // cosmiconfig loads; the search is ours (searchedFile), so that an empty file or a folder where a
  // configuration is looked for is reported instead of skipped (cosmiconfig passes over both).
  const target = file ? path.resolve(cwd, file) : searchedFile(from);
  if (target === null) return { config: EMPTY_CONFIG, file: null };
  const explorer = cosmiconfig(MODULE_NAME, { loaders: BOM_TOLERANT_LOADERS });
  let found: { config: unknown; filepath: string; isEmpty?: boolean } | null;
  try {
    found = await explorer.load(target);
  } catch (error) {
    throw new UsageError(configReadError(error, cwd, target));
  }
  const shown = shownPath(target, cwd);
  if (!found || found.isEmpty || found.config === null || found.config === undefined) throw new UsageError(`${shown}: the configuration is empty (write {} for the defaults)`);
  const parsed = ConfigSchema.safeParse(found.config);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${shown}: ${describeIssue(issue)}`);
    throw new UsageError(lines.join('\n'));
  }
  return { config: parsed.data, file: found.filepath };
}

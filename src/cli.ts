import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { RULES } from '../rules/index.js';
import { DEFAULT_INFER_OPTIONS } from './effects/options.js';
import { UsageError } from './errors.js';
import { FORMATTERS, toolsTable } from './formatters/index.js';

/** The package version, from package.json (two levels above dist/src). */
const VERSION: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

/** Exit codes, as ESLint's: 0 no error-level finding, 1 at least one, 2 usage or fatal error. */
export const EXIT = { ok: 0, findings: 1, fatal: 2 } as const;

/** Colors on a TTY only; `FORCE_COLOR` forces them (`FORCE_COLOR=0` turns them off), else `NO_COLOR` (https://no-color.org) turns them off. */
export function useColor(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  // As Node.js does: FORCE_COLOR wins over NO_COLOR; FORCE_COLOR=0 (or false) turns colors off.
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY;
}

/** The most calls deep `--max-depth` may ask for: deeper walks would exhaust the call stack. */
const MAX_DEPTH_LIMIT = 200;

/** The largest `--max-work`: beyond it a run would take hours rather than stop. */
const MAX_WORK_LIMIT = 1_000_000_000;

/** A parser of a whole-number option from 1 to `max`. */
function wholeNumber(max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < 1 || n > max) throw new InvalidArgumentError(`expected a whole number from 1 to ${max}`);
    return n;
  };
}

const HELP_AFTER = `
Examples:
  $ mcp-annotate-lint                          lint the project here (tsconfig.json, else package.json, else *.ts/*.js)
  $ mcp-annotate-lint src/server.ts lib/       lint files and folders
  $ mcp-annotate-lint "src/**/*.ts"            lint a glob
  $ mcp-annotate-lint node_modules/@modelcontextprotocol/server-filesystem/dist
                                               lint a published server's compiled JavaScript
  $ mcp-annotate-lint --tools                  a table of every tool: declared vs inferred hints
  $ mcp-annotate-lint --format json            machine-readable output (schemaVersion 1)

Rules:
${[...RULES.values()].map((r) => `  ${r.id.padEnd(26)} ${r.meta.docs.recommended.padEnd(8)} ${r.meta.docs.description}`).join('\n')}

Exit codes: 0 no error-level finding, 1 at least one error, 2 usage or fatal error.
Colors only on a terminal; NO_COLOR=1 turns them off, FORCE_COLOR=1 forces them (FORCE_COLOR wins).`;

/** Where the configuration search starts: the first path's folder (a folder itself, a file's parent), else `cwd` (no path, a glob, a path that does not exist). */
function searchStart(cwd: string, first: string | undefined): string {
  if (first === undefined) return cwd;
  const full = path.resolve(cwd, first);
  try {
    return statSync(full).isDirectory() ? full : path.dirname(full);
  } catch {
    return cwd;
  }
}

/**
 * Runs the command line. Returns the exit code instead of exiting, so that tests and the bin
 * share one path. Writes reports to `stdout` and errors (one line each) to `stderr`.
 */
export async function main(argv: string[], io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream; env: NodeJS.ProcessEnv; isTTY: boolean; cwd: string }): Promise<number> {
  const program = new Command()
    .name('mcp-annotate-lint')
    .description('Checks that the tool annotations of an MCP server (readOnlyHint, destructiveHint, idempotentHint, openWorldHint) match what each tool handler does.')
    .argument('[paths...]', 'files, folders or globs to lint')
    .addOption(new Option('-f, --format <name>', 'output format').choices([...FORMATTERS.keys()]).default('stylish'))
    .option('--tools', 'print a table of every tool (declared and inferred hints, verdict) instead of the findings')
    .option('-c, --config <file>', 'use this configuration file instead of searching for .mcplintrc*, mcplint.config.* or package.json#mcplint')
    .option('--no-config', 'ignore configuration files')
    .option('--max-depth <n>', `how many calls deep to follow handlers into project functions (1 to ${MAX_DEPTH_LIMIT})`, wholeNumber(MAX_DEPTH_LIMIT), DEFAULT_INFER_OPTIONS.maxDepth)
    .option('--max-work <n>', `how many calls and state writes effect inference may visit in the run (1 to ${MAX_WORK_LIMIT})`, wholeNumber(MAX_WORK_LIMIT), DEFAULT_INFER_OPTIONS.maxWork)
    .version(VERSION, '-v, --version')
    .addHelpText('after', HELP_AFTER)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // One prefix for every error line, as for the errors the linter raises itself.
      outputError: (s, write) => write(`mcp-annotate-lint: ${s.replace(/^error: /, '')}`),
    });
  try {
    program.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.fatal;
    }
    throw error;
  }
  const opts = program.opts<{ format: string; tools?: boolean; maxDepth: number; maxWork: number; config: string | false | undefined }>();
  try {
    // Loaded here so that --help and --version do not pay for loading TypeScript.
    const { lint } = await import('./index.js');
    const { loadConfig } = await import('./config/load.js');
    // `--no-config` sets `config` to false; a string is `--config <file>`; undefined searches.
    const { config } = opts.config === false ? { config: undefined } : await loadConfig(io.cwd, opts.config, searchStart(io.cwd, program.args[0]));
    const result = await lint({ paths: program.args, cwd: io.cwd, maxDepth: opts.maxDepth, maxWork: opts.maxWork, ...(config ? { config } : {}) });
    // As ESLint warns of a file it was given but ignores: on stderr, so that reports stay parseable.
    for (const { path: given, reason } of result.skipped ?? []) io.stderr.write(`mcp-annotate-lint: warning: ${given} skipped: ${reason}\n`);
    const color = useColor(io.env, io.isTTY);
    const formatter = opts.tools && opts.format === 'stylish' ? toolsTable : FORMATTERS.get(opts.format)!;
    io.stdout.write(formatter(result, { cwd: io.cwd, color }));
    return result.findings.some((f) => f.severity === 'error') ? EXIT.findings : EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) {
      // One line per problem (a configuration may have several), each with the prefix.
      for (const line of error.message.split('\n')) io.stderr.write(`mcp-annotate-lint: ${line}\n`);
      return EXIT.fatal;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`mcp-annotate-lint: internal error: ${message.split('\n')[0]} (please report it with the input that caused it)\n`);
    return EXIT.fatal;
  }
}

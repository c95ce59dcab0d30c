import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { RULES } from '../rules/index.js';
import { DEFAULT_INFER_OPTIONS } from './effects/options.js';
import { UsageError } from './errors.js';
import { FORMATTERS, toolsTable } from './formatters/index.js';
import { count } from './formatters/paths.js';
import { printable } from './printable.js';
import { STARTER_FILE, writeStarterConfig } from './commands/init.js';
import { PACKAGE } from './package-info.js';
import { checkWritable, shownPath, writeFileSafely } from './write-file.js';
import type { Formatter } from './formatters/types.js';
import { shownCommand, type LiveTarget } from './live/target.js';
import type { ListedTools } from './live/list-tools.js';
import type { Config } from './config/schema.js';
import type { InferredHints } from './model.js';
import { DEFAULT_PIN_FILE, readPinFile, writePinFile } from './live/pin-file.js';
import type { LintResult } from './model.js';
import type { LintOptions } from './index.js';
import { CACHE_FILE_NAME, cacheFileOf } from './cache/store.js';

/** Names of TypeScript and JavaScript source files (`.ts`, `.mts`, `.tsx`, `.js`, `.cjs`, `.jsx`...). */
const SOURCE_FILE_NAME = /\.[cm]?[jt]sx?$/i;

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

/** The kinds of change `--fix-type` names. */
const FIX_TYPES = ['fix', 'suggestion'] as const;

/**
 * Parses `--fix-type fix,suggestion`.
 * @throws InvalidArgumentError (commander: exit 2 with its message) for an empty list or an unknown kind.
 */
function fixTypes(value: string): string[] {
  const types = value.split(',').map((t) => t.trim());
  const unknown = types.filter((t) => !(FIX_TYPES as readonly string[]).includes(t));
  if (types.length === 0 || unknown.length > 0) throw new InvalidArgumentError(`expected a comma-separated list of ${FIX_TYPES.join(', ')}${unknown.length > 0 ? `; got ${unknown.map((u) => `"${u}"`).join(', ')}` : ''}`);
  return types;
}

/** A parser of a whole-number option from `min` to `max`. */
function wholeNumber(max: number, min = 1): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return n;
  };
}

/** A parser of a count option (0 allowed). */
function countOption(max: number): (value: string) => number {
  return wholeNumber(max, 0);
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
  $ mcp-annotate-lint -o report.json -f json   write the report to a file instead of stdout
  $ mcp-annotate-lint --max-warnings 0         fail on warnings too
  $ mcp-annotate-lint --cache src/tools/a.ts   pre-commit: reuse the last result when nothing it read changed
  $ mcp-annotate-lint --fix-dry-run            the diff of the fixes --fix would make (writes nothing)
  $ mcp-annotate-lint --fix                    fix the hints the code proves wrong, then report what remains
  $ mcp-annotate-lint --fix --fix-type fix,suggestion
                                               also apply suggestions (review the diff: they claim less risk)
  $ mcp-annotate-lint --init                   write a starter ${STARTER_FILE}
  $ mcp-annotate-lint rules                    list the rules, their severity here and their docs
  $ mcp-annotate-lint live -- node dist/index.js
                                               lint the tools a running server lists (see live --help)
  $ mcp-annotate-lint --baseline mcp-annotate-lint-baseline.json --update-baseline
                                               record today's findings; later runs with --baseline report only new ones
  $ mcp-annotate-lint --format sarif > mcp-annotate-lint.sarif
                                               SARIF 2.1.0 for GitHub code scanning
  $ mcp-annotate-lint --format github          annotations on a pull request from a GitHub Actions step
  $ mcp-annotate-lint --format markdown >> "$GITHUB_STEP_SUMMARY"
                                               a Markdown summary (job summary, pull-request comment)

Rules (mcp-annotate-lint rules shows their severity under your configuration):
${[...RULES.values()].map((r) => `  ${r.id.padEnd(26)} ${r.meta.docs.recommended.padEnd(8)} ${r.meta.docs.description}`).join('\n')}

Configuration: ${STARTER_FILE} (or .mcplintrc.yaml, mcplint.config.js, package.json#mcplint, ...) sets
"profile" ("spec" or "directory"), "rules", "overrides", "include", "exclude", "tsconfig", "sinks" and
"incidental"; its schema is schema.json in the package. It is looked for in the working directory
and the folders above it up to the repository root (.git; outside a repository, the working
directory alone), wherever the paths linted are; --config names one instead.

Cache: --cache keeps the result in ${CACHE_FILE_NAME} (--cache-location <file or folder>) and
prints it again while nothing the run read changed: the files linted and the rest of their project,
what they import from node_modules, tsconfig and package.json files, the folders listed, the paths
and options given, the configuration and the linter version. Any change lints again.

Exit codes: 0 no error-level finding, 1 at least one error (or more warnings than --max-warnings),
2 usage or fatal error. Colors only on a terminal; NO_COLOR=1 turns them off, FORCE_COLOR=1 forces
them (FORCE_COLOR wins).`;

/** Options of the lint command, as commander parses them. */
interface LintCliOptions {
  format: string;
  tools?: boolean;
  maxDepth: number;
  maxWork: number;
  /** `--no-config` sets false; a string is `--config <file>`; undefined searches. */
  config: string | false | undefined;
  quiet?: boolean;
  maxWarnings?: number;
  outputFile?: string;
  init?: boolean;
  baseline?: string;
  updateBaseline?: boolean;
  cache?: boolean;
  cacheLocation?: string;
  fix?: boolean;
  fixDryRun?: boolean;
  /** `--fix-type`: the kinds of change to make; absent: safe fixes only. */
  fixType?: string[];
}

/** Options of the live command, as commander parses them. */
interface LiveCliOptions {
  checkPin?: string;
  project?: string;
  url?: string;
  /** Absent when no --header is given. */
  header?: string[];
  timeout: number;
  format: string;
  config: string | false | undefined;
  quiet?: boolean;
  maxWarnings?: number;
  outputFile?: string;
}

/** The longest `--timeout` in seconds (an hour). */
const MAX_TIMEOUT_SECONDS = 3600;

const LIVE_HELP_AFTER = `
Examples:
  $ mcp-annotate-lint live -- node dist/index.js --root /tmp/x     spawn the server, speak MCP over stdio
  $ mcp-annotate-lint live --url http://127.0.0.1:3000/mcp         Streamable HTTP (falls back to HTTP+SSE)
  $ mcp-annotate-lint live --url https://example.com/mcp --header "Authorization: Bearer $TOKEN"

The spawned server gets this environment. Findings point at the tool's JSON path in the tools/list
result ($.tools[3].annotations.readOnlyHint). Rules that need the handler's source (the optimistic-*
rules) do not run. Header values are never printed. Exit codes: 0, 1 (an error-level finding or more
warnings than --max-warnings), 2 (usage error, or the server could not be reached or listed).`;

/** The streams and environment the command line runs with (tests pass their own). */
export interface CliIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  cwd: string;
}

/**
 * Runs the command line. Returns the exit code instead of exiting, so that tests and the bin
 * share one path. Writes reports to `stdout` (or `--output-file`) and errors (one line each) to `stderr`.
 */
export async function main(argv: string[], io: CliIO): Promise<number> {
  let command = 'lint' as 'lint' | 'rules' | 'live' | 'pin';
  const program = new Command()
    .name('mcp-annotate-lint')
    .description('Checks that the tool annotations of an MCP server (readOnlyHint, destructiveHint, idempotentHint, openWorldHint) match what each tool handler does.')
    .exitOverride()
    // The root's options (`--config`) are its own before a subcommand; `rules --config x` is the subcommand's.
    .enablePositionalOptions()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // One prefix for every error line, as for the errors the linter raises itself; an argument
      // quoted in the message is made printable, and only commander's own suggestion starts a line.
      outputError: (s, write) => write(`mcp-annotate-lint: ${printable(s.replace(/^error: /, '').replace(/\n$/, '')).replace(/\\n\(Did you mean /g, '\n(Did you mean ')}\n`),
    });
  const rulesCommand = program
    .command('rules')
    .description('list the rules: severity (as the configuration here sets it), whether fixable, what each reports, where its docs are')
    .option('-c, --config <file>', 'use this configuration file instead of searching')
    .option('--no-config', 'ignore configuration files (show the defaults)')
    // Checked below, for a message that says how to lint a folder named `rules`.
    .allowExcessArguments(true)
    .action(() => {
      command = 'rules';
    });
  const liveCommand = withTarget(
    program.command('live').description('lint the tools a running MCP server lists: spawn a command given after --, or connect to --url'),
  )
    .option('--project <dir>', 'also lint the source in this folder (or file, or glob) and report what differs between it and what the server lists (live-drift)')
    .option('--check-pin <file>', `exit 1, printing what changed, when the tools differ from this pin file (written by mcp-annotate-lint pin; default name ${DEFAULT_PIN_FILE})`)
    .addOption(new Option('-f, --format <name>', 'output format').choices([...FORMATTERS.keys()]).default('stylish'))
    .option('-o, --output-file <path>', 'write the report to this file instead of stdout (atomically, creating its folder; a device or FIFO is written into, a symbolic link refused)')
    .option('-q, --quiet', 'report errors only (warnings and info are neither shown nor counted)')
    .option('--max-warnings <n>', 'exit 1 when more than n warnings are reported (errors always fail)', countOption(MAX_WORK_LIMIT))
    .option('-c, --config <file>', 'use this configuration file instead of searching from here (overrides by "files" do not apply to listed tools)')
    .option('--no-config', 'ignore configuration files')
    .addHelpText('after', LIVE_HELP_AFTER)
    .action(() => {
      command = 'live';
    });
  const pinCommand = withTarget(
    program.command('pin').description(`write what a running MCP server lists (names, titles, annotations, digests of descriptions and schemas) to a pin file, for live --check-pin`),
  )
    .option('--pin-file <file>', 'the pin file to write', DEFAULT_PIN_FILE)
    .option('--project <dir>', "also record each tool's hints as inferred from the source in this folder (or file, or glob)")
    .option('-c, --config <file>', 'with --project: use this configuration file instead of searching from here')
    .option('--no-config', 'with --project: ignore configuration files')
    .action(() => {
      command = 'pin';
    });
  program
    .argument('[paths...]', 'files, folders or globs to lint')
    .addOption(new Option('-f, --format <name>', 'output format').choices([...FORMATTERS.keys()]).default('stylish'))
    .option('--tools', 'print a table of every tool (declared and inferred hints, verdict) instead of the findings')
    .option('-c, --config <file>', 'use this configuration file instead of searching for .mcplintrc*, mcplint.config.* or package.json#mcplint')
    .option('--no-config', 'ignore configuration files')
    .option('--max-depth <n>', `how many calls deep to follow handlers into project functions (1 to ${MAX_DEPTH_LIMIT})`, wholeNumber(MAX_DEPTH_LIMIT), DEFAULT_INFER_OPTIONS.maxDepth)
    .option('--baseline <file>', 'leave out the findings recorded in this baseline file (a JSON file to commit): only new findings are reported and count for the exit code')
    .option('--update-baseline', 'write the findings of this run to the --baseline file (creating it; entries of files not linted are kept) instead of reporting them')
    .option('--max-work <n>', `how many calls and state writes effect inference may visit in the run (1 to ${MAX_WORK_LIMIT})`, wholeNumber(MAX_WORK_LIMIT), DEFAULT_INFER_OPTIONS.maxWork)
    .option('-q, --quiet', 'report errors only (warnings and info are neither shown nor counted)')
    .option('--max-warnings <n>', 'exit 1 when more than n warnings are reported (errors always fail)', countOption(MAX_WORK_LIMIT))
    .option('-o, --output-file <path>', 'write the report to this file instead of stdout (atomically, creating its folder; a device or FIFO is written into, a symbolic link refused)')
    .option('--cache', `reuse the result of an earlier --cache run when no file it read changed (the sources, what they import from node_modules, tsconfig and package.json files, the folders listed), with the same paths, options, configuration and linter; kept in ${CACHE_FILE_NAME}`)
    .option('--cache-location <path>', `with --cache: the cache file, or a folder to keep ${CACHE_FILE_NAME} in (default: the working directory)`)
    .option('--fix', 'repair what the code proves: make each optimistic hint cautious and remove hints the spec gives no meaning, in the source files (through a temporary file renamed over each); the report then lists what remains')
    .option('--fix-dry-run', 'print the unified diff --fix would make, and write nothing')
    .addOption(new Option('--fix-type <types>', 'with --fix or --fix-dry-run: the changes to make, comma-separated: fix (safe fixes, the default), suggestion (the first suggestion of each finding: hints that claim less risk, or rest on likely effects)').argParser(fixTypes))
    .option('--init', `write a starter ${STARTER_FILE} here (refuses to overwrite a configuration)`)
    .version(PACKAGE.version, '-v, --version')
    .addHelpText('after', HELP_AFTER)
    .action(() => {
      command = 'lint';
    });
  try {
    await program.parseAsync(pathsAfterDoubleDash(argv), { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.fatal;
    }
    throw error;
  }
  try {
    if (command === 'live') {
      const target = liveTarget(argv, program, liveCommand);
      return await liveRun(target, liveCommand.opts<LiveCliOptions>(), io);
    }
    if (command === 'pin') {
      const target = liveTarget(argv, program, pinCommand);
      return await pinRun(target, pinCommand.opts<{ pinFile: string; timeout: number; project?: string; config: string | false | undefined }>(), io);
    }
    checkCombinations(argv, program, command === 'rules' ? rulesCommand : null);
    if (command === 'rules') {
      const { config, file } = await configFor(rulesCommand.opts<{ config: string | false | undefined }>().config, io);
      const { RuleSettings } = await import('./config/rule-settings.js');
      const { rulesList } = await import('./commands/rules.js');
      io.stdout.write(rulesList(new RuleSettings(config, file ? path.dirname(file) : io.cwd, file ? path.relative(io.cwd, file) || file : undefined).configured(), useColor(io.env, io.isTTY)));
      return EXIT.ok;
    }
    const opts = program.opts<LintCliOptions>();
    if (opts.init) {
      const file = await writeStarterConfig(io.cwd);
      io.stdout.write(`Wrote ${path.relative(io.cwd, file)}: every rule at its default severity. Edit it, or run mcp-annotate-lint rules to see them.\n`);
      return EXIT.ok;
    }
    return await lintCommand(program.args, opts, io);
  } catch (error) {
    if (error instanceof UsageError) {
      // One line per problem (a configuration may have several), each with the prefix; text quoted from input is made printable.
      for (const line of error.message.split('\n')) io.stderr.write(`mcp-annotate-lint: ${printable(line)}\n`);
      return EXIT.fatal;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`mcp-annotate-lint: internal error: ${printable(message.split('\n')[0]!)} (please report it with the input that caused it)\n`);
    return EXIT.fatal;
  }
}

/** The subcommands; after `--`, an operand spelled like one is a path (`-- rules` lints the folder `rules`). */
const COMMANDS = ['rules', 'live', 'pin'];

/**
 * `argv` with every operand after `--` that a subcommand's name would capture written as a path
 * (`./rules`). After `live … --` the operands are the server's command line, kept as they are.
 */
function pathsAfterDoubleDash(argv: string[]): string[] {
  const at = argv.indexOf('--');
  if (at < 0 || argv.slice(0, at).some((a) => a === 'live' || a === 'pin')) return argv;
  return [...argv.slice(0, at + 1), ...argv.slice(at + 1).map((arg) => (COMMANDS.includes(arg) ? `.${path.sep}${arg}` : arg))];
}

/** The long flag of each root option set on the command line (not by a default). */
function flagsGiven(program: Command): string[] {
  const given = new Map<string, string>();
  for (const o of program.options) {
    const key = o.attributeName();
    if (program.getOptionValueSource(key) !== 'cli' || given.has(key)) continue;
    // `--config <file>` and `--no-config` share one value: false means the negation was given.
    const negated = program.options.find((n) => n.negate && n.attributeName() === key);
    given.set(key, negated && program.getOptionValue(key) === false ? negated.long! : (program.options.find((p) => !p.negate && p.attributeName() === key) ?? o).long ?? o.flags);
  }
  return [...given.values()];
}

/**
 * Rejects options that contradict each other or do nothing where they are given, instead of
 * silently dropping one (a CI step must not pass because a flag was ignored).
 *
 * @throws UsageError naming the options.
 */
function checkCombinations(argv: string[], program: Command, rules: Command | null): void {
  const options = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  const given = flagsGiven(program);
  if (rules) {
    if (rules.args.length > 0) throw new UsageError(`\`rules\` takes no paths (to lint a folder named rules, write ./rules or -- rules)`);
    if (given.length > 0 && given.every((flag) => flag === '--config' || flag === '--no-config')) throw new UsageError(`write ${given.join(', ')} after \`rules\` (mcp-annotate-lint rules ${given[0]})`);
    if (given.length > 0) throw new UsageError(`\`rules\` takes only --config and --no-config; ${given.join(', ')} ${given.length === 1 ? 'is an option' : 'are options'} of linting (to lint a folder named rules, write ./rules or -- rules)`);
  }
  refuseConfigAndNoConfig(options);
  if (rules) return;
  const opts = program.opts<LintCliOptions>();
  if (opts.init) {
    const others = given.filter((flag) => flag !== '--init');
    if (program.args.length > 0) throw new UsageError('--init takes no paths: run it in the folder that should hold the configuration');
    if (others.length > 0) throw new UsageError(`--init only writes a configuration: ${others.join(', ')} would do nothing with it`);
  }
  if (opts.tools && program.getOptionValueSource('format') === 'cli' && opts.format !== 'stylish') {
    throw new UsageError(`--tools prints a table for people; with --format ${opts.format} leave it out (the ${opts.format} report already covers every tool)`);
  }
  if (program.args.some((p) => p.trim() === '')) throw new UsageError('an empty path was given (a variable that expanded to nothing?)');
  if (opts.config === '') throw new UsageError('--config needs a file name');
  if (opts.baseline === '') throw new UsageError('--baseline needs a file name');
  if (opts.cacheLocation === '') throw new UsageError('--cache-location needs a file or folder name');
  if (opts.cacheLocation !== undefined && !opts.cache) throw new UsageError('--cache-location does nothing without --cache');
  if (opts.fix && opts.fixDryRun) throw new UsageError('--fix and --fix-dry-run contradict each other: give one (--fix-dry-run shows what --fix would write)');
  if (opts.fixType !== undefined && !opts.fix && !opts.fixDryRun) throw new UsageError('--fix-type does nothing without --fix or --fix-dry-run');
  if ((opts.fix || opts.fixDryRun) && opts.tools) throw new UsageError(`--tools prints a table and changes nothing: leave it out with ${opts.fix ? '--fix' : '--fix-dry-run'}`);
  if ((opts.fix || opts.fixDryRun) && opts.updateBaseline) throw new UsageError(`--update-baseline records the findings as they are: run it without ${opts.fix ? '--fix' : '--fix-dry-run'}`);
  if (opts.fixDryRun && program.getOptionValueSource('format') === 'cli') throw new UsageError('--fix-dry-run prints a unified diff, not a report: leave out --format (a report carries each fix in --format json)');
  checkOutputFile(opts.outputFile);
}

/**
 * `--config <file>` and `--no-config` share one value, so commander keeps whichever comes last;
 * given together they contradict each other.
 *
 * @param options the arguments before any `--`.
 * @throws UsageError when both are given.
 */
function refuseConfigAndNoConfig(options: string[]): void {
  if (options.includes('--no-config') && options.some((o) => o === '-c' || o === '--config' || o.startsWith('--config='))) {
    throw new UsageError('--config and --no-config contradict each other: give one');
  }
}

/** @throws UsageError for an empty `--output-file` or one that names a folder. */
function checkOutputFile(outputFile: string | undefined): void {
  if (outputFile === undefined) return;
  if (outputFile === '') throw new UsageError('--output-file needs a file name');
  if (/[\\/]$/.test(outputFile)) throw new UsageError(`${outputFile}: --output-file names a folder; give a file name`);
}

/** An HTTP field name (RFC 9110 §5.1, a token), a colon, then the value. */
const HEADER = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/s;

/**
 * The server `live` is to reach: the command after `--` (spawned with this environment), or
 * `--url` with its `--header`s. Checks the options first.
 *
 * @throws UsageError for root options written before `live`, both a command and `--url` or
 *   neither, a command not after `--`, `--header` without `--url` or not `Name: value` (its value
 *   never quoted), a URL that is not http(s), an empty --config or --output-file.
 */
function liveTarget(argv: string[], program: Command, live: Command): LiveTarget {
  const rootFlags = flagsGiven(program);
  if (rootFlags.length > 0) throw new UsageError(`write ${rootFlags.join(', ')} after \`live\` (mcp-annotate-lint live ${rootFlags[0]} …)`);
  const opts = live.opts<Partial<LiveCliOptions>>();
  const name = live.name();
  refuseConfigAndNoConfig(argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv);
  if (opts.config === '') throw new UsageError('--config needs a file name');
  checkOutputFile(opts.outputFile);
  const command = live.args;
  if (command.length > 0 && opts.url !== undefined) throw new UsageError(`${name} takes either a command after -- or --url, not both`);
  if (command.length === 0 && opts.url === undefined) throw new UsageError(`${name} needs a server: a command after -- (mcp-annotate-lint ${name} -- node dist/index.js) or --url <url>`);
  if (command.length > 0) {
    if (!argv.includes('--')) throw new UsageError(`write the server's command after --: mcp-annotate-lint ${name} -- ${shownCommand(command)}`);
    if (command[0]!.trim() === '') throw new UsageError('the server command after -- is empty (a variable that expanded to nothing?)');
    if ((opts.header ?? []).length > 0) throw new UsageError('--header is sent to an HTTP server: it needs --url');
    return { kind: 'stdio', command: command[0]!, args: command.slice(1), inheritEnv: true };
  }
  const url = opts.url!;
  // A URL that does not parse (a port above 65535, a space in the host) is said to be so, not to have a wrong scheme; not quoted, as it may hold a password.
  if (/^https?:\/\//i.test(url) && !URL.canParse(url)) throw new UsageError('--url is not a valid URL: check its host and its port (1 to 65535)');
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) throw new UsageError('--url must be an http:// or https:// URL');
  // Credentials in a URL would be echoed by the HTTP client's errors; they belong in a header (fresh-user trial of live mode).
  if (new URL(url).username !== '' || new URL(url).password !== '') throw new UsageError('--url must not hold credentials (user:password@): send them with --header "Authorization: ..."');
  const headers: Record<string, string> = {};
  (opts.header ?? []).forEach((header, i) => {
    const match = HEADER.exec(header);
    // The value may be a secret: the message names the header by its position only.
    if (!match) throw new UsageError(`--header #${i + 1} is not "Name: value" (a header name, a colon, then the value)`);
    headers[match[1]!] = match[2]!;
  });
  return { kind: 'http', url, headers };
}

/** The options `live` and `pin` share: the server to reach (a command after `--`, or `--url` with `--header`s) and `--timeout`. */
function withTarget(command: Command): Command {
  return command
    .argument('[command...]', 'the server command and its arguments, after --')
    .option('--url <url>', 'connect to a server over Streamable HTTP (falling back to HTTP+SSE) instead of spawning one')
    .option('--header <header>', 'with --url: an HTTP header "Name: value" sent with every request (repeatable; values are never printed)', (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
    .option('--timeout <seconds>', `how long to wait for connecting and for each request (1 to ${MAX_TIMEOUT_SECONDS})`, wholeNumber(MAX_TIMEOUT_SECONDS), 30);
}

/**
 * The live command: lists and lints the server's tools, then reports as the lint command does;
 * with `--check-pin`, also compares them with the pin file and exits 1 on any change, printing one
 * line per change on stderr (so that a JSON or SARIF report on stdout stays whole).
 */
async function liveRun(target: LiveTarget, opts: LiveCliOptions, io: CliIO): Promise<number> {
  const { listTools } = await import('./live/list-tools.js');
  const { lintListed, liveLabel } = await import('./live/lint-live.js');
  const { config, file } = await configFor(opts.config, io);
  const pinFile = opts.checkPin === undefined ? null : path.resolve(io.cwd, opts.checkPin);
  if (opts.outputFile && opts.outputFile !== '-') {
    refuseToOverwrite(opts.outputFile, io.cwd, [[file, 'the configuration'], [pinFile, 'the pin file']]);
    checkWritable(path.resolve(io.cwd, opts.outputFile), 'the report', io.cwd);
  }
  // Read before connecting, so that a missing or broken pin file fails fast.
  const pinned = pinFile === null ? null : await readPinFile(pinFile, io.cwd);
  const source = opts.project === undefined ? null : await lintProject(opts.project, config, file, io.cwd);
  const listed = await listTools(target, { timeoutMs: opts.timeout * 1000 });
  warnAbout(listed, io);
  const live = lintListed(listed, liveLabel(target), { cwd: io.cwd, config, ...(file ? { configFile: file } : {}) });
  const result = source ? await withDrift(live, source, config, file, io.cwd) : live;
  const code = await writeReport(result, opts, FORMATTERS.get(opts.format)!, io);
  if (!pinned) return code;
  const { diffPins, pinOf } = await import('./live/pin.js');
  const changes = diffPins(pinned, pinOf(listed.tools, source ? inferredByName(source) : undefined));
  if (changes.length === 0) return code;
  io.stderr.write(`mcp-annotate-lint: ${opts.checkPin}: the server's tools changed since they were pinned (${count(changes.length, 'change')}); review them, then run mcp-annotate-lint pin again:\n${changes.map((c) => `  ${printable(c)}\n`).join('')}`);
  return EXIT.findings;
}

/** The warnings of a listing (lines on stdout that were not JSON-RPC), on stderr so that a report on stdout stays whole. */
function warnAbout(listed: ListedTools, io: CliIO): void {
  for (const warning of listed.warnings) io.stderr.write(`mcp-annotate-lint: warning: ${warning}\n`);
}

/** `--project`: the source linted statically, as the lint command would lint that path. */
async function lintProject(project: string, config: Config, file: string | null, cwd: string): Promise<LintResult> {
  if (project.trim() === '') throw new UsageError('--project needs a folder, file or glob');
  const { lint } = await import('./index.js');
  return lint({ paths: [project], cwd, config, ...(file ? { configFile: file } : {}) });
}

/** Each named source tool's inferred hints, for the pin (the first registration of a name). */
function inferredByName(source: LintResult): Map<string, InferredHints> {
  const byName = new Map<string, InferredHints>();
  for (const tool of source.tools) if (tool.name !== null && tool.inferred && !byName.has(tool.name)) byName.set(tool.name, tool.inferred);
  return byName;
}

/** A live result with the source's findings and the `live-drift` findings between the two added. */
async function withDrift(live: LintResult, source: LintResult, config: Config, file: string | null, cwd: string): Promise<LintResult> {
  const { driftFindings } = await import('./live/drift.js');
  const { RuleSettings } = await import('./config/rule-settings.js');
  const { compareFindings } = await import('./engine/collector.js');
  const settings = new RuleSettings(config, file ? path.dirname(file) : cwd, file ? path.relative(cwd, file) || file : undefined);
  const drift = driftFindings(live.tools, source.tools, (name) => settings.for(null, name), cwd);
  return { ...live, findings: [...live.findings, ...source.findings, ...drift].sort(compareFindings), filesRead: source.filesRead };
}

/** The pin command: lists the server's tools and writes the pin file. */
async function pinRun(target: LiveTarget, opts: { pinFile: string; timeout: number; project?: string; config: string | false | undefined }, io: CliIO): Promise<number> {
  const { listTools } = await import('./live/list-tools.js');
  const { pinOf } = await import('./live/pin.js');
  if (opts.pinFile === '') throw new UsageError('--pin-file needs a file name');
  refuseToOverwrite(opts.pinFile, io.cwd, [], '--pin-file');
  checkWritable(path.resolve(io.cwd, opts.pinFile), 'the pin file', io.cwd);
  let source: LintResult | null = null;
  if (opts.project !== undefined) {
    const { config, file } = await configFor(opts.config, io);
    source = await lintProject(opts.project, config, file, io.cwd);
  }
  const listed = await listTools(target, { timeoutMs: opts.timeout * 1000 });
  warnAbout(listed, io);
  const pin = pinOf(listed.tools, source ? inferredByName(source) : undefined);
  await writePinFile(path.resolve(io.cwd, opts.pinFile), pin, io.cwd);
  io.stdout.write(`Wrote ${opts.pinFile}: ${count(pin.tools.length, 'tool')} of ${printable(listed.server.name)} ${printable(listed.server.version)} pinned. Commit it; live --check-pin ${opts.pinFile} fails when they change.\n`);
  return EXIT.ok;
}

/** Files a report must never replace: sources and the files that configure a project. */
const PROJECT_FILE = /\.(?:[cm]?[jt]sx?)$|^(?:package\.json|package-lock\.json|(?:ts|js)config(?:\.[\w.-]+)?\.json|\.mcplintrc(?:\.\w+)?|mcplint\.config\.\w+)$/;

/** Names a run reads as configuration (cosmiconfig's search places for `mcplint`, tsconfig, package.json): never a report or cache, existing or not. */
const CONFIG_FILE_NAME = /^(?:\.?mcplintrc(?:\.\w+)?|mcplint\.config\.\w+|package\.json|[jt]sconfig(?:\.[\w.-]+)?\.json)$/;

/** The real path of `file` (through symbolic links) when it exists, else `file`. */
function realPathOf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/**
 * Stops a report from replacing a file the run reads or writes: the configuration, the baseline,
 * or an existing source, project or configuration file (`-o src/store.ts`, `-o tsconfig.json`,
 * a `.mcplintrc.json` that another search or `--no-config` leaves unused), also through a
 * symbolic link; nor make a file named like a configuration file, which the next run would read.
 * Reports are `.json`, `.sarif`, `.md` or `.txt` files that nothing else owns.
 *
 * @param files absolute paths (or nothing) and what each is.
 * @throws UsageError naming the file.
 */
function refuseToOverwrite(outputFile: string, cwd: string, files: [string | null | undefined, string][], option = '--output-file'): void {
  const target = realPathOf(path.resolve(cwd, outputFile));
  const what = option === '--output-file' ? 'the report' : 'it';
  const clash = files.find(([f]) => f && realPathOf(path.resolve(cwd, f)) === target);
  if (clash) throw new UsageError(`${outputFile}: ${option} would overwrite ${clash[1]}; write ${what} elsewhere`);
  if (existsSync(target) && PROJECT_FILE.test(path.basename(target))) throw new UsageError(`${outputFile}: ${option} would overwrite a source or project file; write ${what} elsewhere`);
  // A new `.mcplintrc.json` would be read as the configuration by the next run, which then stops at its keys (fresh-user trial).
  if (CONFIG_FILE_NAME.test(path.basename(target))) throw new UsageError(`${outputFile}: ${option} is named like a configuration file, which the next run would read as one; write ${what} elsewhere`);
}

/**
 * The configuration a command uses: none with `--no-config`, the named file, else the one found
 * searching from the working directory up to its repository root (never from the paths linted,
 * which may be someone else's code; see loadConfig). A configuration the search passed over in a
 * shared folder is warned of on stderr.
 */
async function configFor(option: string | false | undefined, io: CliIO) {
  if (option === false) {
    const { EMPTY_CONFIG } = await import('./config/schema.js');
    return { config: EMPTY_CONFIG, file: null };
  }
  const { loadConfig, SHARED_FOLDER_REASON } = await import('./config/load.js');
  const loaded = await loadConfig(io.cwd, option);
  // A configuration the search passed over would otherwise be ignored in silence (fresh-user trial: a chmod 777 folder).
  for (const ignored of loaded.ignored ?? []) io.stderr.write(`mcp-annotate-lint: warning: ${printable(shownPath(ignored, io.cwd))}: ${SHARED_FOLDER_REASON}\n`);
  return loaded;
}

/**
 * The lint command: lints, applies the baseline, and reports through {@link writeReport}.
 */
async function lintCommand(paths: string[], opts: LintCliOptions, io: CliIO): Promise<number> {
  const { openBaseline } = await import('./engine/baseline.js');
  const { config, file } = await configFor(opts.config, io);
  const baselineFile = opts.baseline && path.resolve(io.cwd, opts.baseline);
  const cacheFile = opts.cache ? cacheFileOf(opts.cacheLocation, io.cwd) : null;
  if (cacheFile) refuseToOverwrite(shownPath(cacheFile, io.cwd), io.cwd, [[file, 'the configuration'], [baselineFile, 'the baseline'], [opts.outputFile && opts.outputFile !== '-' ? path.resolve(io.cwd, opts.outputFile) : null, 'the report']], '--cache-location');
  // A new file named like a source file would be linted as one by the next run (and fail to parse).
  if (cacheFile && SOURCE_FILE_NAME.test(cacheFile)) throw new UsageError(`${shownPath(cacheFile, io.cwd)}: --cache-location is named like a source file, which the next run would lint; name it otherwise`);
  if (opts.outputFile && opts.outputFile !== '-') {
    refuseToOverwrite(opts.outputFile, io.cwd, [[file, 'the configuration'], [baselineFile, 'the baseline']]);
    checkWritable(path.resolve(io.cwd, opts.outputFile), 'the report', io.cwd);
  }
  // Refused before linting rather than after (writeFileSafely refuses it again when writing).
  if (opts.baseline && opts.updateBaseline) checkWritable(path.resolve(io.cwd, opts.baseline), 'the baseline', io.cwd);
  const baseline = await openBaseline(opts.baseline, opts.updateBaseline === true, io.cwd);
  const options = { paths, cwd: io.cwd, maxDepth: opts.maxDepth, maxWork: opts.maxWork, config, ...(file ? { configFile: file } : {}) };
  // A source file modified after this moment is not fixed: the run may have read it before the change.
  const started = Date.now();
  const run = async (): Promise<LintResult> => (cacheFile ? await cachedLint(options, cacheFile, io) : await (await import('./index.js')).lint(options));
  const linted = await run();
  // The baseline records and removes findings of every severity; then ESLint's --quiet drops warnings and info before anything counts them.
  // As ESLint warns of a file it was given but ignores: on stderr, so that reports stay parseable.
  for (const { path: given, reason } of linted.skipped ?? []) io.stderr.write(`mcp-annotate-lint: warning: ${printable(given)} skipped: ${printable(reason)}\n`);
  const current = baseline ? await baseline.apply(linted) : linted;
  if (current.baselineWritten) {
    const { file: written, recorded, kept } = current.baselineWritten;
    io.stderr.write(`mcp-annotate-lint: wrote ${printable(written)}: ${count(recorded, 'finding')} recorded${kept > 0 ? `, ${kept} kept from files not linted in this run` : ''}\n`);
  }
  // Each pass of --fix lints the fixed files again, as ESLint does, for the findings that remain.
  const relint = async (): Promise<LintResult> => {
    const again = await run();
    return baseline ? await baseline.apply(again) : again;
  };
  if (opts.fix || opts.fixDryRun) return fixAndReport(current, opts, started, relint, io);
  return writeReport(current, opts, opts.tools && opts.format === 'stylish' ? toolsTable : FORMATTERS.get(opts.format)!, io);
}

/** How many times `--fix` fixes and lints again at most, as ESLint (a fix may enable another). */
const MAX_FIX_PASSES = 10;

/**
 * `--fix` and `--fix-dry-run` (issue 17): makes the changes of the reported findings (with
 * `--quiet`, of errors only). `--fix` writes them, lints again (`relint`) and repeats while a pass
 * changes something (at most {@link MAX_FIX_PASSES} passes), then writes the report of what the
 * last lint found. `--fix-dry-run` prints the unified diff of the first pass and writes nothing.
 * What was fixed and what was not, with why, goes to stderr, one line each, so that a report on
 * stdout stays whole. The exit code is that of the findings that remain.
 */
async function fixAndReport(current: LintResult, opts: LintCliOptions, started: number, relint: () => Promise<LintResult>, io: CliIO): Promise<number> {
  const { applyFixes } = await import('./fix/apply.js');
  const { fixLines, unifiedDiff } = await import('./fix/summary.js');
  const types = new Set((opts.fixType ?? ['fix']) as ('fix' | 'suggestion')[]);
  const reportedOf = (result: LintResult) => (opts.quiet ? result.findings.filter((f) => f.severity === 'error') : result.findings);
  let outcome = await applyFixes(reportedOf(current), types, started, opts.fix === true, io.cwd);
  if (opts.fix) {
    const outcomes = [outcome];
    let result = current;
    while (outcome.files.length > 0) {
      const since = Date.now();
      result = await relint();
      if (outcomes.length === MAX_FIX_PASSES) break;
      outcome = await applyFixes(reportedOf(result), types, since, true, io.cwd);
      outcomes.push(outcome);
    }
    for (const line of fixLines(outcomes, false, io.cwd)) io.stderr.write(`mcp-annotate-lint: ${line}\n`);
    return writeReport(result, opts, FORMATTERS.get(opts.format)!, io);
  }
  const made = new Set(outcome.attempts.filter((a) => a.notMade === null).map((a) => a.finding));
  const remaining = { ...current, findings: current.findings.filter((f) => !made.has(f)) };
  for (const line of fixLines([outcome], true, io.cwd)) io.stderr.write(`mcp-annotate-lint: ${line}\n`);
  const diff = unifiedDiff(outcome, io.cwd);
  const outputFile = opts.outputFile === '-' ? undefined : opts.outputFile;
  if (outputFile) await writeFileSafely(path.resolve(io.cwd, outputFile), diff, 'the diff', io.cwd);
  else io.stdout.write(diff);
  const errors = remaining.findings.filter((f) => f.severity === 'error').length;
  const warnings = opts.quiet ? 0 : remaining.findings.filter((f) => f.severity === 'warning').length;
  if (errors > 0) return EXIT.findings;
  if (opts.maxWarnings !== undefined && warnings > opts.maxWarnings) return EXIT.findings;
  return EXIT.ok;
}

/**
 * `--cache`: lints through the cache file (cache/cached-lint.ts), which loads TypeScript only when
 * the cached result cannot be reused. Warnings about the cache go to stderr, one line each.
 */
async function cachedLint(options: LintOptions, cacheFile: string, io: CliIO): Promise<LintResult> {
  const { lintWithCache } = await import('./cache/cached-lint.js');
  const { result } = await lintWithCache(options, cacheFile, (line) => io.stderr.write(`mcp-annotate-lint: warning: ${printable(line)}\n`));
  return result;
}

/** Resolves true when `stream` drains, false when it errs or closes first (or already has): its reader is gone. */
function drained(stream: NodeJS.WritableStream): Promise<boolean> {
  if ((stream as { destroyed?: boolean }).destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = (open: boolean) => () => {
      stream.off('drain', onDrain);
      stream.off('error', onEnd);
      stream.off('close', onEnd);
      resolve(open);
    };
    const onDrain = settle(true);
    const onEnd = settle(false);
    stream.once('drain', onDrain);
    stream.once('error', onEnd);
    stream.once('close', onEnd);
  });
}

/**
 * The output every command that lints shares: drops warnings and info with `--quiet`, formats,
 * writes the report to `--output-file` (`-` is stdout) or stdout, and gives the exit code: 1 when
 * an error is reported or more warnings than `--max-warnings`, else 0.
 */
async function writeReport(
  current: LintResult,
  opts: { quiet?: boolean; outputFile?: string; maxWarnings?: number },
  formatter: Formatter,
  io: CliIO,
): Promise<number> {
  const result = opts.quiet ? { ...current, findings: current.findings.filter((f) => f.severity === 'error') } : current;
  // `-o -` is stdout, as for most command-line tools.
  const outputFile = opts.outputFile === '-' ? undefined : opts.outputFile;
  const options = { cwd: io.cwd, color: outputFile ? false : useColor(io.env, io.isTTY) };
  if (outputFile) {
    await writeFileSafely(path.resolve(io.cwd, outputFile), formatter(result, options), 'the report', io.cwd);
  } else if (formatter.chunks) {
    for (const chunk of formatter.chunks(result, options)) {
      // A pipe takes what its buffer holds and queues the rest: wait for it to drain, or the whole
      // report is held queued. A reader that went away (`| head`) takes nothing more; the exit code stands.
      if (!io.stdout.write(chunk) && !(await drained(io.stdout))) break;
    }
  } else io.stdout.write(formatter(result, options));
  const warnings = result.findings.filter((f) => f.severity === 'warning').length;
  if (result.findings.some((f) => f.severity === 'error')) return EXIT.findings;
  if (opts.maxWarnings !== undefined && warnings > opts.maxWarnings) {
    io.stderr.write(`mcp-annotate-lint: ${count(warnings, 'warning')}, more than --max-warnings ${opts.maxWarnings} allows\n`);
    return EXIT.findings;
  }
  return EXIT.ok;
}

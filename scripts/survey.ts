/**
 * Survey of published MCP servers: how many of the tools a real server lists does the static
 * linter find in its npm package?
 *
 * What it does, per package of scripts/survey-packages.json (the data: package, pinned version,
 * bin and arguments to start it, dummy environment, small files it needs in its folder, notes)
 *   1. Installs `<package>@<version>` with `npm install --ignore-scripts --no-audit --no-fund` into
 *      its own scratch folder under the cache folder (`--cache DIR`, kept and reused across reruns;
 *      by default a temporary folder removed at the end). No install script runs.
 *   2. Starts the package's bin over stdio through the linter's own live mode
 *      (`mcp-annotate-lint live --format json -- <bin> <args>`), which lists every page of
 *      `tools/list` and ends the server's whole process group. The server gets only PATH, LANG, a
 *      scratch HOME and the entry's dummy variables (never your own tokens), and, where
 *      `unshare -rn` works, a network namespace of its own with no network (`--no-sandbox` turns
 *      this off): servers that need a real credential or the network to list their tools are
 *      recorded as "not listed" with the server's own last words, and are left out of recall.
 *   3. Runs the static linter on the installed package (`mcp-annotate-lint --format json
 *      node_modules/<package>`), measuring its wall time and peak resident memory (GNU
 *      `/usr/bin/time -f %M`; "n/a" where it is not installed).
 *   4. Compares the two by tool name (scripts/survey-compare.ts): recall, listed tools missing,
 *      tools found but not listed, agreement of the declared hints where both sides have the tool,
 *      unresolved registrations, and whether a package at zero is explained by one.
 *
 * Output: a Markdown report on stdout (or `--out FILE`): totals (overall recall over the listed
 * tools), one row per package, the packages at zero with their unresolved reasons grouped by kind,
 * and the biggest losses; `--json` prints the figures as JSON instead.
 *
 * Options: `--only <package>` (repeatable) surveys some packages; `--jobs N` how many packages are
 * listed and linted at once (default 1: static runs are CPU-bound); `--install-jobs N` parallel
 * installs (default 4: network-bound); `--cache DIR`; `--timeout S` for the listing (default 30);
 * `--static-timeout S` for one static run (default 600); `--no-sandbox`; `--json` prints JSON;
 * `--render FILE` prints the Markdown of a JSON report saved before, surveying nothing.
 * Exit 0 whatever the figures (this is a measurement); 2 on a usage error.
 *
 * Run: `npm run survey -- --cache ~/.cache/mcp-survey --out scripts/survey-results.md`
 * (builds first), or `node dist/scripts/survey.js` after `npx tsc -p .`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compareSides,
  reasonKind,
  totalOf,
  type Comparison,
  type ReportedTool,
  type SurveyTotals,
  type UnresolvedRegistration,
} from './survey-compare.js';

/** Repository root: dist/scripts/survey.js → ../.. */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LINTER = path.join(REPO, 'bin', 'mcp-annotate-lint.js');
const PACKAGES_FILE = path.join(REPO, 'scripts', 'survey-packages.json');
const GNU_TIME = '/usr/bin/time';
/** An install still running after this long is ended (the package is then "not installed"). */
const INSTALL_TIMEOUT_MS = 5 * 60_000;

// ---------------------------------------------------------------------------------------------
// Data and options
// ---------------------------------------------------------------------------------------------

/** One entry of scripts/survey-packages.json. */
interface PackageEntry {
  /** npm name. */
  package: string;
  /** Pinned version, installed exactly. */
  version: string;
  /** The bin to start (a key of the package's `bin`); the package's only bin when absent. */
  bin?: string;
  /** Arguments after the bin (a folder to serve, `--stdio`, a dummy connection string, ...). */
  args?: string[];
  /** Dummy variables the server needs to start and list its tools (never real secrets). */
  env?: Record<string, string>;
  /**
   * Small files the server needs in its working folder to start (a config file, an API spec), by
   * path relative to the scratch folder; written before each start.
   */
  files?: Record<string, string>;
  /** Why it is there, what it needs, what is known to keep it from listing. */
  notes?: string;
}

interface Options {
  only: string[];
  jobs: number;
  installJobs: number;
  cache: string | undefined;
  timeoutS: number;
  staticTimeoutS: number;
  json: boolean;
  out: string | undefined;
  sandbox: boolean;
  /** A report written by `--json` to print as Markdown, surveying nothing. */
  render: string | undefined;
}

/** Reads the command line; throws an Error with a usage message on a bad option. */
function parseOptions(argv: readonly string[]): Options {
  const options: Options = {
    only: [],
    jobs: 1,
    installJobs: 4,
    cache: undefined,
    timeoutS: 30,
    staticTimeoutS: 600,
    json: false,
    out: undefined,
    sandbox: true,
    render: undefined,
  };
  const value = (i: number) => {
    const v = argv[i + 1];
    if (v === undefined) throw new Error(`${argv[i]} needs a value`);
    return v;
  };
  const count = (i: number) => {
    const n = Number(value(i));
    if (!Number.isInteger(n) || n < 1) throw new Error(`${argv[i]} needs a whole number of at least 1`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only') options.only.push(value(i++));
    else if (arg === '--jobs') options.jobs = count(i++);
    else if (arg === '--install-jobs') options.installJobs = count(i++);
    else if (arg === '--cache') options.cache = path.resolve(value(i++));
    else if (arg === '--timeout') options.timeoutS = count(i++);
    else if (arg === '--static-timeout') options.staticTimeoutS = count(i++);
    else if (arg === '--out') options.out = path.resolve(value(i++));
    else if (arg === '--json') options.json = true;
    else if (arg === '--no-sandbox') options.sandbox = false;
    else if (arg === '--render') options.render = path.resolve(value(i++));
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

/** The entries of scripts/survey-packages.json, those named by `--only` if any (an unknown name throws). */
function loadEntries(only: readonly string[]): PackageEntry[] {
  const entries = JSON.parse(readFileSync(PACKAGES_FILE, 'utf8')) as PackageEntry[];
  if (only.length === 0) return entries;
  for (const name of only) if (!entries.some((e) => e.package === name)) throw new Error(`--only ${name}: not in ${PACKAGES_FILE}`);
  return entries.filter((e) => only.includes(e.package));
}

// ---------------------------------------------------------------------------------------------
// Children
// ---------------------------------------------------------------------------------------------

interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  timedOut: boolean;
}

/**
 * Runs `command` in its own process group, capturing its output; after `timeoutMs` the whole
 * group gets SIGKILL (servers start children of their own).
 */
function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ChildResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    const finish = (code: number | null) => {
      clearTimeout(timer);
      killGroup();
      resolve({ code, stdout, stderr, wallMs: performance.now() - started, timedOut });
    };
    child.on('error', (error) => {
      stderr += String(error);
      finish(null);
    });
    child.on('close', finish);
  });
}

/** The last non-empty line of `text`, cut to `max` characters (for a reason in the table). */
function lastLine(text: string, max = 240): string {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const line = lines.at(-1) ?? '(no output)';
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}

/** A folder name for `entry` (`@scope/name@1.0.0` → `scope+name@1.0.0`). */
function scratchName(entry: PackageEntry): string {
  return `${entry.package.replace(/^@/, '').replace(/\//g, '+')}@${entry.version}`;
}

// ---------------------------------------------------------------------------------------------
// The three steps
// ---------------------------------------------------------------------------------------------

/** Installs `entry` into `dir` unless that exact version is already there; the failure reason, or undefined. */
async function install(entry: PackageEntry, dir: string): Promise<string | undefined> {
  const manifest = path.join(dir, 'node_modules', entry.package, 'package.json');
  if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version === entry.version) return undefined;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "survey-scratch", "private": true }\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = await run(
    npm,
    ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `${entry.package}@${entry.version}`],
    dir,
    process.env,
    INSTALL_TIMEOUT_MS,
  );
  if (result.code === 0 && existsSync(manifest)) return undefined;
  // npm's last line only points at its debug log; the first error line that is not the code says why.
  const why = result.stderr.split('\n').find((l) => /^npm error (?!code |A complete log)/.test(l));
  if (result.timedOut) return `not installed: npm did not finish within ${INSTALL_TIMEOUT_MS / 60_000} minutes`;
  return `not installed: ${lastLine(why ?? result.stderr)}`;
}

/** The command that starts `entry`'s server from its scratch folder `dir`; throws when the bin cannot be chosen. */
function serverCommand(entry: PackageEntry, dir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'node_modules', entry.package, 'package.json'), 'utf8')) as {
    name: string;
    bin?: string | Record<string, string>;
  };
  const bins = typeof manifest.bin === 'string' ? { [manifest.name.replace(/^@[^/]+\//, '')]: manifest.bin } : (manifest.bin ?? {});
  const name = entry.bin ?? (Object.keys(bins).length === 1 ? Object.keys(bins)[0] : undefined);
  if (name === undefined || bins[name] === undefined) {
    throw new Error(`no bin to start: the package has ${Object.keys(bins).join(', ') || 'none'}; name one in "bin"`);
  }
  // The bin's own file (npm links a scoped bin name `@scope/x` as `.bin/x`, so `.bin` is no index).
  return [path.join(dir, 'node_modules', entry.package, bins[name]), ...(entry.args ?? [])];
}

/** Writes `entry.files` into the scratch folder `dir`; throws on a path that leaves it. */
function writeFiles(entry: PackageEntry, dir: string): void {
  for (const [name, text] of Object.entries(entry.files ?? {})) {
    const file = path.resolve(dir, name);
    if (!file.startsWith(dir + path.sep)) throw new Error(`"files": ${name} is outside the scratch folder`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

/** The environment a server gets: PATH, LANG, a scratch HOME and the entry's dummy variables, nothing of yours. */
function serverEnv(entry: PackageEntry, dir: string): NodeJS.ProcessEnv {
  const home = path.join(dir, 'home');
  mkdirSync(home, { recursive: true });
  return { PATH: process.env.PATH, LANG: 'C.UTF-8', HOME: home, TMPDIR: os.tmpdir(), NO_COLOR: '1', ...entry.env };
}

/** What the listing gave: the tools, or why there are none. */
type Listing = { tools: ReportedTool[] } | { reason: string };

/** Lists `entry`'s tools through `mcp-annotate-lint live`, offline when `sandbox`. */
async function listTools(entry: PackageEntry, dir: string, options: Options): Promise<Listing> {
  let command: string[];
  try {
    command = serverCommand(entry, dir);
    writeFiles(entry, dir);
  } catch (error) {
    return { reason: (error as Error).message };
  }
  const report = path.join(dir, 'live.json');
  rmSync(report, { force: true });
  const linter = [process.execPath, LINTER, 'live', '--format', 'json', '--no-config', '--timeout', String(options.timeoutS), '-o', report, '--', ...command];
  const [program, ...args] = options.sandbox ? ['unshare', '-rn', ...linter] : linter;
  const result = await run(program, args, dir, serverEnv(entry, dir), (options.timeoutS * 3 + 15) * 1000);
  if (result.timedOut) return { reason: `listing did not end within ${options.timeoutS * 3 + 15} s` };
  if ((result.code !== 0 && result.code !== 1) || !existsSync(report)) {
    // `mcp-annotate-lint: `<command>`: <why>`: the command is known, the why is the reason.
    return { reason: lastLine(lastLine(result.stderr, Infinity).replace(/^mcp-annotate-lint: `[^`]*`: /, '')) };
  }
  const tools = (JSON.parse(readFileSync(report, 'utf8')) as { tools: ReportedTool[] }).tools;
  return tools.length === 0 ? { reason: 'the server listed no tool' } : { tools };
}

/** What the static run gave, and what it cost. */
type StaticRun =
  | { tools: ReportedTool[]; unresolved: UnresolvedRegistration[]; wallMs: number; peakMB: number | null }
  | { reason: string; wallMs: number; peakMB: number | null };

/** Lints the installed package statically, timing it and taking its peak RSS from GNU time. */
async function lintStatically(entry: PackageEntry, dir: string, options: Options): Promise<StaticRun> {
  const report = path.join(dir, 'static.json');
  const timeFile = path.join(dir, 'static.time');
  rmSync(report, { force: true });
  rmSync(timeFile, { force: true });
  const linter = [process.execPath, LINTER, '--format', 'json', '--no-config', '-o', report, path.join('node_modules', entry.package)];
  const gnuTime = existsSync(GNU_TIME);
  const [program, ...args] = gnuTime ? [GNU_TIME, '-f', '%M', '-o', timeFile, ...linter] : linter;
  const result = await run(program, args, dir, process.env, options.staticTimeoutS * 1000);
  const kib = gnuTime && existsSync(timeFile) ? Number(lastLine(readFileSync(timeFile, 'utf8'))) : NaN;
  const peakMB = Number.isFinite(kib) ? kib / 1024 : null;
  if (result.timedOut) return { reason: `static run did not end within ${options.staticTimeoutS} s`, wallMs: result.wallMs, peakMB };
  if ((result.code !== 0 && result.code !== 1) || !existsSync(report)) {
    return { reason: `static run failed: ${lastLine(result.stderr)}`, wallMs: result.wallMs, peakMB };
  }
  const parsed = JSON.parse(readFileSync(report, 'utf8')) as { tools: ReportedTool[]; unresolvedRegistrations?: UnresolvedRegistration[] };
  return { tools: parsed.tools, unresolved: parsed.unresolvedRegistrations ?? [], wallMs: result.wallMs, peakMB };
}

// ---------------------------------------------------------------------------------------------
// One package, all packages
// ---------------------------------------------------------------------------------------------

/** The survey's record of one package. */
interface PackageResult {
  package: string;
  version: string;
  notes?: string;
  /** Why the package counts nowhere in recall (not installed, not listed); absent when it listed tools. */
  notListed?: string;
  /** Why the static run gave no report (a crash, a timeout); its tools then count as not found. */
  staticFailed?: string;
  comparison?: Comparison;
  unresolved?: UnresolvedRegistration[];
  staticWallMs?: number;
  staticPeakMB?: number | null;
}

/** Surveys one installed package (or records why it was not installed). */
async function surveyOne(entry: PackageEntry, dir: string, installError: string | undefined, options: Options): Promise<PackageResult> {
  const base = { package: entry.package, version: entry.version, ...(entry.notes ? { notes: entry.notes } : {}) };
  if (installError !== undefined) return { ...base, notListed: installError };
  const listing = await listTools(entry, dir, options);
  if ('reason' in listing) return { ...base, notListed: `not listed: ${listing.reason}` };
  const lint = await lintStatically(entry, dir, options);
  const found = 'tools' in lint ? lint.tools : [];
  const unresolved = 'tools' in lint ? lint.unresolved : [];
  return {
    ...base,
    ...('reason' in lint ? { staticFailed: lint.reason } : {}),
    comparison: compareSides({ listed: listing.tools, found, unresolved }),
    unresolved,
    staticWallMs: lint.wallMs,
    staticPeakMB: lint.peakMB,
  };
}

/** Runs `work` on every item, at most `jobs` at once, keeping the order of `items` in the results. */
async function pool<T, R>(items: readonly T[], jobs: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
/** A Markdown table cell: pipes escaped, newlines flattened. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const names = (list: readonly string[], max: number) =>
  list.length <= max ? list.join(', ') : `${list.slice(0, max).join(', ')}, … (${list.length - max} more)`;

/** What `--json` writes and `--render` reads back. */
interface SavedReport {
  date: string;
  commit: string;
  options: Pick<Options, 'sandbox' | 'timeoutS' | 'staticTimeoutS'>;
  totals: SurveyTotals;
  packages: PackageResult[];
}

/** The commit of the linter surveyed (`git rev-parse --short HEAD`, `+dirty` with local changes), or `unknown`. */
function linterCommit(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO, encoding: 'utf8' });
  if (head.status !== 0) return 'unknown';
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: REPO, encoding: 'utf8' });
  return `${head.stdout.trim()}${dirty.stdout.trim() === '' ? '' : '+dirty'}`;
}

/** The unresolved reasons of `results`, grouped by kind: kind → packages giving it and an example. */
function reasonKinds(results: readonly PackageResult[]): Array<{ kind: string; packages: string[]; count: number; example: string }> {
  const kinds = new Map<string, { packages: Set<string>; count: number; example: string }>();
  for (const result of results) {
    for (const item of result.unresolved ?? []) {
      const kind = reasonKind(item.reason);
      const entry = kinds.get(kind) ?? { packages: new Set<string>(), count: 0, example: item.reason };
      entry.packages.add(result.package);
      entry.count++;
      kinds.set(kind, entry);
    }
  }
  return [...kinds]
    .map(([kind, v]) => ({ kind, packages: [...v.packages], count: v.count, example: v.example }))
    .sort((a, b) => b.packages.length - a.packages.length || b.count - a.count);
}

/** The Markdown report: totals, the table, what was not listed, the zeros, reasons by kind, biggest losses. */
function markdown(
  results: readonly PackageResult[],
  totals: SurveyTotals,
  meta: { date: string; commit: string; options: Pick<Options, 'sandbox' | 'timeoutS'> },
): string {
  const lines: string[] = [];
  const listed = results.filter((r) => r.comparison !== undefined);
  const notListed = results.filter((r) => r.notListed !== undefined);
  lines.push('# Survey of published MCP servers', '');
  lines.push(
    `Run on ${meta.date} with the linter at commit \`${meta.commit}\`, Node ${process.version}, ` +
      `${meta.options.sandbox ? 'servers offline (own network namespace)' : 'servers with the network'}, ` +
      `listing timeout ${meta.options.timeoutS} s. Generated by \`npm run survey\` (scripts/survey.ts) from ` +
      'scripts/survey-packages.json; see the README, "Survey of published servers".',
    '',
  );
  lines.push('## Totals', '');
  lines.push(`- Packages surveyed: ${results.length}; listed tools: ${totals.packagesListed}; not listed (excluded from recall): ${notListed.length}.`);
  lines.push(`- **Recall over the listed tools: ${totals.matched} / ${totals.listed} = ${percent(totals.recall)}.**`);
  lines.push(`- Packages whose static run found every listed tool: ${totals.complete}.`);
  lines.push(
    `- Packages at zero: ${totals.zeroExplained + totals.zeroUnexplained} ` +
      `(${totals.zeroExplained} explained by an unresolved registration, ${totals.zeroUnexplained} unexplained).`,
  );
  lines.push(
    `- Declared hints agreeing between tools/list and the source, where both have the tool: ` +
      `${totals.hintsAgreeing} / ${totals.hintsCompared} = ${percent(totals.hintsCompared === 0 ? null : totals.hintsAgreeing / totals.hintsCompared)}.`,
  );
  const walls = listed.map((r) => r.staticWallMs ?? 0);
  const peaks = listed.map((r) => r.staticPeakMB).filter((m): m is number => typeof m === 'number');
  if (walls.length > 0) {
    lines.push(
      `- Static run: ${(walls.reduce((a, b) => a + b, 0) / 1000).toFixed(0)} s in all, at most ${(Math.max(...walls) / 1000).toFixed(1)} s; ` +
        `peak memory at most ${peaks.length === 0 ? 'n/a' : `${Math.max(...peaks).toFixed(0)} MB`}.`,
    );
  }
  lines.push('');
  lines.push('## Packages that listed tools', '');
  lines.push('"found" counts listed tools the static run found by name; "extra" tools it found that the server did not list (behind options, or over-reported); "hints" the declared hint values that agree; "unres." the unresolved registrations.', '');
  lines.push('| package | version | listed | found | recall | extra | hints | unres. | time (s) | peak (MB) | note |');
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of listed) {
    const c = r.comparison!;
    const note = r.staticFailed ?? (c.zero === 'explained' ? 'zero, explained' : c.zero === 'unexplained' ? '**zero, unexplained**' : '');
    lines.push(
      `| ${cell(r.package)} | ${r.version} | ${c.listed} | ${c.matched} | ${percent(c.recall)} | ${c.extra.length} | ` +
        `${c.hintsAgreeing}/${c.hintsCompared} | ${c.unresolvedRegistrations} | ${((r.staticWallMs ?? 0) / 1000).toFixed(1)} | ` +
        `${r.staticPeakMB == null ? 'n/a' : r.staticPeakMB.toFixed(0)} | ${cell(note)} |`,
    );
  }
  lines.push(
    `| **total** | | **${totals.listed}** | **${totals.matched}** | **${percent(totals.recall)}** | | ` +
      `${totals.hintsAgreeing}/${totals.hintsCompared} | | | | ${totals.packagesListed} packages |`,
    '',
  );
  if (notListed.length > 0) {
    lines.push('## Not listed (excluded from recall)', '');
    lines.push('| package | version | reason | notes |', '| --- | --- | --- | --- |');
    for (const r of notListed) lines.push(`| ${cell(r.package)} | ${r.version} | ${cell(r.notListed!)} | ${cell(r.notes ?? '')} |`);
    lines.push('');
  }
  const zeros = listed.filter((r) => r.comparison!.zero !== 'no');
  if (zeros.length > 0) {
    lines.push('## Packages at zero and what stopped the static run', '');
    for (const r of zeros) {
      lines.push(`- **${cell(r.package)}** (${r.comparison!.listed} listed)${r.staticFailed ? `: ${cell(r.staticFailed)}` : ''}`);
      for (const item of (r.unresolved ?? []).slice(0, 5)) lines.push(`  - ${cell(item.file)}:${item.line}: ${cell(item.reason)}`);
      if ((r.unresolved ?? []).length > 5) lines.push(`  - … ${(r.unresolved ?? []).length - 5} more`);
    }
    lines.push('');
  }
  const kinds = reasonKinds(listed);
  if (kinds.length > 0) {
    lines.push('## Unresolved registrations by kind', '');
    lines.push('Reasons with names, strings and numbers blanked; most packages first.', '');
    lines.push('| packages | count | kind | example |', '| ---: | ---: | --- | --- |');
    for (const k of kinds) lines.push(`| ${k.packages.length} | ${k.count} | ${cell(k.kind)} | ${cell(k.example)} |`);
    lines.push('');
  }
  const losses = [...listed].sort((a, b) => b.comparison!.missing.length - a.comparison!.missing.length).slice(0, 10);
  lines.push('## Biggest losses', '');
  lines.push('| package | missing | of listed | missing tools |', '| --- | ---: | ---: | --- |');
  for (const r of losses.filter((r) => r.comparison!.missing.length > 0)) {
    lines.push(`| ${cell(r.package)} | ${r.comparison!.missing.length} | ${r.comparison!.listed} | ${cell(names(r.comparison!.missing, 8))} |`);
  }
  lines.push('');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

/** Parses options, installs, lists and lints every package, prints the report. */
async function main(): Promise<void> {
  let options: Options;
  let entries: PackageEntry[];
  try {
    options = parseOptions(process.argv.slice(2));
    entries = loadEntries(options.only);
  } catch (error) {
    process.stderr.write(`survey: ${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  if (options.render !== undefined) {
    const saved = JSON.parse(readFileSync(options.render, 'utf8')) as SavedReport;
    const output = markdown(saved.packages, saved.totals, { ...saved, options: { ...options, ...saved.options } });
    if (options.out) writeFileSync(options.out, output);
    else process.stdout.write(output);
    return;
  }
  if (options.sandbox && spawnSync('unshare', ['-rn', 'true']).status !== 0) {
    process.stderr.write('survey: `unshare -rn` does not work here; servers run with the network (--no-sandbox)\n');
    options.sandbox = false;
  }
  const cache = options.cache ?? mkdtempSync(path.join(os.tmpdir(), 'mcp-survey-'));
  mkdirSync(cache, { recursive: true });
  const dirOf = (entry: PackageEntry) => path.join(cache, scratchName(entry));
  const log = (text: string) => process.stderr.write(`${text}\n`);
  try {
    log(`survey: installing ${entries.length} packages into ${cache}`);
    const installErrors = await pool(entries, options.installJobs, async (entry) => {
      const error = await install(entry, dirOf(entry));
      log(`  ${error === undefined ? 'installed' : 'FAILED'} ${entry.package}@${entry.version}${error ? `: ${error}` : ''}`);
      return error;
    });
    log('survey: listing and linting');
    const results = await pool(entries, options.jobs, async (entry, index) => {
      const result = await surveyOne(entry, dirOf(entry), installErrors[index], options);
      const c = result.comparison;
      log(`  ${entry.package}: ${c ? `${c.matched}/${c.listed} found, ${((result.staticWallMs ?? 0) / 1000).toFixed(1)} s` : result.notListed}`);
      return result;
    });
    const totals = totalOf(results.flatMap((r) => (r.comparison ? [r.comparison] : [])));
    const meta = { date: new Date().toISOString().slice(0, 10), commit: linterCommit(), options };
    const saved: SavedReport = { ...meta, options: { sandbox: options.sandbox, timeoutS: options.timeoutS, staticTimeoutS: options.staticTimeoutS }, totals, packages: results };
    const output = options.json ? `${JSON.stringify(saved, null, 2)}\n` : markdown(results, totals, meta);
    if (options.out) writeFileSync(options.out, output);
    else process.stdout.write(output);
  } finally {
    if (options.cache === undefined) rmSync(cache, { recursive: true, force: true });
  }
}

await main();

/**
 * Fuzzing: lints thousands of mutated copies of the repository's fixture servers with the built
 * CLI and reports every run that crashes, hangs, prints broken JSON or leaks raw control
 * characters into a human-readable report.
 *
 * Run
 *   `npm run fuzz -- [--programs N] [--jobs J] [--seed S] [--timeout-ms T] [--keep DIR] [--fix]`
 *   (builds first; or `node dist/scripts/fuzz.js ...` after `npm run build`). Defaults: 5,000
 *   programs, one job per CPU, seed 1, 60,000 ms per run, failing programs kept in a new folder
 *   under os.tmpdir(). `--kinds a,b` restricts the primary mutation to those kinds (`--list-kinds`
 *   prints them), `--only I` regenerates and runs program I alone (same seed: the same program),
 *   `--linter FILE` lints with another launcher than this checkout's bin/mcp-annotate-lint.js
 *   (a copy of bin/ and dist/, so that a rebuild during a long run changes nothing), `--write DIR`
 *   only writes the programs into DIR (with what was done to each in info.json) to read them.
 *   `--fix` checks the invariants of `--fix` on every program instead (see "Fix mode" below).
 *
 * What it does
 *   Seeds are every fixture server in the repository: each source file directly in
 *   test/fixtures/cases and test/fixtures/live is a single-file server; every other folder under
 *   test/fixtures and examples that holds sources (or an expect.json, tsconfig.json or
 *   package.json) is a project with its whole subtree. Program I takes a seed (round robin) and a
 *   primary mutation kind (round robin over MUTATORS, so every kind gets its share), and a quarter
 *   of the programs get one or two more random mutations. Everything random comes from a small
 *   PRNG seeded by (--seed, I), so a program is the same on every run. Source mutations parse with
 *   the TypeScript API bundled in ts-morph and edit the text: statements and tokens deleted,
 *   duplicated or swapped, truncation, hostile strings, numbers, identifiers and object keys,
 *   5,000-level nesting, malformed import specifiers and import cycles, computed registrations,
 *   recursion and cyclic values. Project mutations write a broken package.json, tsconfig.json or
 *   .mcplintrc.json, symbolic links to / and in cycles, special files, empty, binary, BOM, CRLF,
 *   UTF-16 and very long files, hostile file names.
 *
 *   Each program is written to its own folder under os.tmpdir() and linted with
 *   `node bin/mcp-annotate-lint.js project --format json` (a share with stylish, sarif, markdown or
 *   github, with no path from inside the project, with its files named, with a glob, or with one
 *   extra option), `--jobs` at a time, each in its own process group that is killed whole
 *   (SIGKILL) at the timeout; colours are off (NO_COLOR=1, FORCE_COLOR unset), so an ESC in the
 *   output comes from the input.
 *   Node runs with `--report-on-signal`: a run past the timeout first gets SIGUSR2, and the
 *   JavaScript stack of the diagnostic report it writes names where it was stuck (waiting on I/O);
 *   when no report comes (a busy loop never lets the event loop write it), the program is run once
 *   more under `node --prof` for up to 30 s and the heaviest call chains of the profile are kept.
 *
 * Fix mode (`--fix`)
 *   The same programs (same seed, same index: the same files), each linted up to four times, all
 *   with `--format json` (a case's other format is replaced; `--tools`, which --fix refuses, left
 *   out; its paths, working folder and extra option kept), each run as above (own process group,
 *   timeout, diagnostic report) and classified as above; a run that is a hang, internal-error,
 *   invalid-json or raw-control ends the program with that class. Before and after each run the
 *   whole folder holding `project/` is snapshotted without following anything: path → bytes (with
 *   inode and mtime) for regular files, the target for symbolic links, the kind alone for FIFOs,
 *   devices and sockets (never opened), folders as such.
 *     1. `lint`: no --fix. Nothing may change (bytes, inode or mtime of any entry, or an entry
 *        created or removed): else fix-wrote-without-fix. The findings carrying a `fix` are noted
 *        (rule, tool, file, line and the fix). A fix naming a file outside the program's folder
 *        (its real path, links resolved) is fix-touched-other-file, and --fix is then not run.
 *        When no finding carries a fix, --fix has nothing to write (its first pass makes the
 *        fixes of the same lint, and writes only files they edit), so such a program goes on to
 *        step 2 only when its index is divisible by 4, which checks that premise on a quarter of
 *        them (each run costs ~1.5 s of CPU, mostly loading TypeScript).
 *     2. `fix`: --fix. Every change must be a rewrite of a regular source file (SOURCE_EXT, not a
 *        declaration file, not under node_modules, not compiled JavaScript, as src/fix/editable.ts
 *        defines it) that existed: an entry created or removed, a link, a special file, any other
 *        file changed is fix-touched-other-file. A file whose bytes were not UTF-8 (decoding and
 *        encoding again changes them, e.g. UTF-16, stray 0xff) or whose UTF-8 BOM went away is
 *        fix-broke-encoding. A changed source file with more syntax errors after than before
 *        (TypeScript's parseDiagnostics of `ts.createSourceFile` on the text, by extension as the
 *        mutators parse; a parser crash counts as infinitely many) is fix-broke-parse.
 *     3. `fix-again` (only when step 2 changed something; else it would do what step 2 did):
 *        --fix again must change nothing (bytes, or a rewrite of the same bytes): else
 *        fix-not-idempotent.
 *     4. `relint` (when step 2 changed something and the index is divisible by 4): no --fix; it
 *        must write nothing (fix-wrote-without-fix). Then no report of the fixed program may hold
 *        a finding the fixes resolved (fix-unresolved): the report step 2 printed (--fix lints
 *        the files it wrote again and reports what remains), the report of step 3 when it wrote
 *        nothing (then the lint of the fixed files by a fresh process), and step 4's. `--fix-thorough`
 *        runs steps 2 and 4 on every program they apply to (about a quarter more runs). Criterion (sound: no false
 *        alarm from a fix that was legitimately not made): the fixes of step 1 are applied to each
 *        file's text as read (UTF-16 offsets, ESLint's merge as src/fix/merge.ts: by position,
 *        identical ones once, an overlapping one skipped); a fix counts as made only when, in the
 *        text step 2 left, its text stands where its range was, with a character of unchanged
 *        context on each side (the region lies in the common prefix or the common suffix of that
 *        simulated text and the text on disk; a fix amid the changes of a later pass is left
 *        undetermined, not counted). A finding is keyed by rule, tool and the hint its message
 *        names (readOnlyHint, ...; the tool's name removed first). A key counts only when every
 *        finding of step 1 with that key carried a fix that counts as made (two registrations of
 *        one name, one of them not fixable, are left out). A counted key reported afterwards with
 *        a `fix`, or with severity error, is fix-unresolved.
 *   Exit codes of the --fix runs follow the usual rules (internal-error otherwise). When this
 *   process runs as root, the linter runs as `nobody` (the program's folder is given to it), so
 *   that a fix escaping the program's folder cannot write the repository or the system. A failing
 *   program's folder keeps `project/` as generated, each step's stdout and stderr
 *   (`<step>.stdout.txt`), `fix.diff` and `fix-again.diff` (what the --fix runs changed), and in
 *   info.json the violations, the fixes of step 1 (made or not) and the exits. The summary adds
 *   the fix classes and how many programs had fixes, were changed, and how many fixes counted.
 *
 * Classes (a run is in the first that applies)
 *   hang            still running at --timeout-ms (killed; the CPU seconds it had used are shown, as
 *                   a loaded machine stretches wall time)
 *   internal-error  stderr says "internal error", or shows a stack trace (`at f (file:1:2)`), or
 *                   the exit code is not 0, 1 or 2 (a signal, an abort on out-of-memory)
 *   invalid-json    --format json/sarif with exit 0 or 1 whose stdout does not parse, or has no
 *                   `schemaVersion` (JSON) / `version` and `runs` (SARIF)
 *   raw-control     a C0 control character other than \n and \t (ESC, \r, \0, ...) in the stdout
 *                   of stylish, markdown or github, or in stderr of any format
 *   fix-*           (--fix only, in this order) fix-wrote-without-fix, fix-touched-other-file,
 *                   fix-broke-encoding, fix-broke-parse, fix-not-idempotent, fix-unresolved: see
 *                   "Fix mode"
 *   unexpected      (does not fail the run) exit 2 whose stderr is empty or has a line without the
 *                   `mcp-annotate-lint:` prefix, output over 64 MB, a process left in the group,
 *                   the linter's own modules missing (environment)
 *   ok              anything else: exit 0/1 with a valid report, exit 2 with `mcp-annotate-lint:` lines
 *
 * Reading the output
 *   A progress line every 100 programs on stderr; at the end the counts per class, a table of
 *   the primary mutation kinds with their failures per class, the failure groups (class and
 *   signature: the internal error's message with numbers and quoted text blanked, the top frames of
 *   a stack or of a hang's diagnostic report or profile, the parse error, the control character
 *   and where it appeared) with counts and a kept example, and the slowest runs. The CLI prints an
 *   internal error's message only, so two causes with one message ("Maximum call stack size
 *   exceeded") share a group: rerun a kept program with a build that prints the stack to split them. Each failing program is kept in
 *   `<keep>/<class>/<index>-<kinds>/` (up to 5 per group): `project/` is the program, `command.txt`
 *   the command to reproduce it from that folder, `stdout.txt`, `stderr.txt` (the first 200 kB) and
 *   `info.json` (mutations applied with where, exit, signal, duration, signature). `<keep>/summary.json`
 *   and `summary.txt` are rewritten every 50 programs (and when interrupted), so a long run can be
 *   read while it goes; `<keep>/results.jsonl` has one line per program (index, class, signature).
 *   `--start S` begins at program S (to continue a run that was stopped). A run in which the
 *   linter itself does not load (its node_modules reinstalled meanwhile) is retried every 10 s for
 *   up to 5 minutes, then counted as unexpected ("environment"), never as an internal error.
 *   Exit 1 when any run is a hang, internal-error, invalid-json or raw-control (or, with --fix, in
 *   a fix-* class); 0 otherwise; 2 on bad options.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, lchownSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createTwoFilesPatch } from 'diff';
import type { ts as Ts } from 'ts-morph';
import { ts } from '../src/ts-morph.js';

/** Repository root: dist/scripts/fuzz.js → ../.. */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUTPUT_CAP = 64 * 1024 * 1024;
const KEEP_PER_GROUP = 5;
const KEPT_OUTPUT = 200 * 1024;
const SOURCE_EXT = /\.(?:[cm]?[jt]s|[jt]sx)$/;
/** Process group ids of the linter runs under way (killed when the fuzzer is interrupted). */
const RUNNING = new Set<number>();

// ---------------------------------------------------------------------------------------------
// Randomness
// ---------------------------------------------------------------------------------------------

/** A deterministic random source (xorshift32 over an FNV-1a hash of the seed text). */
class Rng {
  private state: number;

  constructor(seedText: string) {
    let h = 0x811c9dc5;
    for (let i = 0; i < seedText.length; i++) h = Math.imul(h ^ seedText.charCodeAt(i), 0x01000193) >>> 0;
    this.state = h || 0x9e3779b9;
    for (let i = 0; i < 8; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

// ---------------------------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------------------------

/** A server to lint: files by path relative to its folder, symbolic links, FIFOs and bare folders. */
interface Program {
  files: Map<string, string | Buffer>;
  links: Map<string, string>;
  fifos: Set<string>;
  dirs: Set<string>;
}

/** A fixture the programs are made from. */
interface Seed {
  name: string;
  files: Map<string, string>;
}

function cloneProgram(seed: Seed): Program {
  return { files: new Map(seed.files), links: new Map(), fifos: new Set(), dirs: new Set() };
}

/** Every fixture server in the repository (see the header for the rule). */
function loadSeeds(): Seed[] {
  const seeds: Seed[] = [];
  const singleFileFolders = new Set(['test/fixtures/cases', 'test/fixtures/live']);
  const readTree = (dir: string, rel = ''): Map<string, string> => {
    const out = new Map<string, string>();
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const sub = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) for (const [k, v] of readTree(dir, sub)) out.set(k, v);
      else if (entry.isFile() && entry.name !== 'expect.json' && !entry.name.endsWith('.md')) out.set(sub, readFileSync(path.join(dir, sub), 'utf8'));
    }
    return out;
  };
  const visit = (rel: string): void => {
    const abs = path.join(REPO, rel);
    const entries = readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    const sources = entries.filter((e) => e.isFile() && SOURCE_EXT.test(e.name));
    if (singleFileFolders.has(rel)) {
      for (const file of sources) seeds.push({ name: `${rel}/${file.name}`, files: new Map([[file.name, readFileSync(path.join(abs, file.name), 'utf8')]]) });
      for (const dir of entries.filter((e) => e.isDirectory())) visit(`${rel}/${dir.name}`);
      return;
    }
    const marker = entries.some((e) => e.isFile() && ['expect.json', 'tsconfig.json', 'package.json'].includes(e.name));
    if (sources.length > 0 || marker) {
      const files = readTree(abs);
      if ([...files.keys()].some((f) => SOURCE_EXT.test(f))) seeds.push({ name: rel, files });
      return;
    }
    for (const dir of entries.filter((e) => e.isDirectory())) visit(`${rel}/${dir.name}`);
  };
  visit('test/fixtures');
  visit('examples');
  return seeds;
}

/** Writes a program into `dir` (files first, then links, so that no write goes through a link). */
function writeProgram(program: Program, dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const d of program.dirs) mkdirSync(path.join(dir, d), { recursive: true });
  for (const [file, content] of program.files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  for (const [link, target] of program.links) {
    mkdirSync(path.dirname(path.join(dir, link)), { recursive: true });
    rmSync(path.join(dir, link), { recursive: true, force: true });
    symlinkSync(target, path.join(dir, link));
  }
  for (const fifo of program.fifos) {
    mkdirSync(path.dirname(path.join(dir, fifo)), { recursive: true });
    rmSync(path.join(dir, fifo), { force: true });
    spawnSync('mkfifo', [path.join(dir, fifo)]);
  }
}

// ---------------------------------------------------------------------------------------------
// Source helpers
// ---------------------------------------------------------------------------------------------

function sourceFiles(program: Program): string[] {
  return [...program.files.keys()].filter((f) => SOURCE_EXT.test(f) && typeof program.files.get(f) === 'string').sort();
}

function parse(file: string, text: string): Ts.SourceFile {
  const kind = /\.[jt]sx$/.test(file) ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/** Every node of `sf` for which `keep` holds, in source order (iterative: mutated files nest deeply). */
function nodes(sf: Ts.SourceFile, keep: (node: Ts.Node) => boolean): Ts.Node[] {
  const out: Ts.Node[] = [];
  const stack: Ts.Node[] = [sf];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (keep(node)) out.push(node);
    const children: Ts.Node[] = [];
    ts.forEachChild(node, (child) => {
      children.push(child);
    });
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

const splice = (text: string, start: number, end: number, insert: string): string => text.slice(0, start) + insert + text.slice(end);

function lineOf(text: string, at: number): number {
  let line = 1;
  for (let i = 0; i < at && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** A statement in a statement list (of a file, block, module or case clause). */
function isListedStatement(node: Ts.Node): boolean {
  const p = node.parent;
  return p !== undefined && (ts.isSourceFile(p) || ts.isBlock(p) || ts.isModuleBlock(p) || ts.isCaseClause(p) || ts.isDefaultClause(p)) && (p as { statements: Ts.NodeArray<Ts.Node> }).statements.includes(node as Ts.Statement);
}

const REGISTRATION_METHODS = new Set(['registerTool', 'tool', 'addTool', 'registerPrompt', 'registerResource', 'setRequestHandler', 'resource', 'prompt', 'registerTools', 'addTools', 'createTool', 'defineTool']);

/** Calls `obj.method(...)` whose method registers something (any method call when there is none). */
function registrationCalls(sf: Ts.SourceFile): Ts.CallExpression[] {
  const calls = nodes(sf, (n) => ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) as Ts.CallExpression[];
  const registrations = calls.filter((c) => REGISTRATION_METHODS.has((c.expression as Ts.PropertyAccessExpression).name.text));
  return registrations.length > 0 ? registrations : calls;
}

/** Source text of `value` as a string literal: escaped (its value is `value`) or raw (the characters as they are). */
function stringLiteral(value: string, raw: boolean): string {
  return raw ? `"${value.replace(/["\\]/g, '\\$&')}"` : JSON.stringify(value);
}

/** Where the file starts for text put at its top: after a `#!` line. */
function topOf(text: string): number {
  return text.startsWith('#!') ? text.indexOf('\n') + 1 : 0;
}

/**
 * A source mutation: picks a source file of the program, and `edit` returns its new text and what
 * it did, or null when it does not apply to that file (another file is tried).
 */
type SourceEdit = (text: string, sf: Ts.SourceFile, rng: Rng, file: string) => { text: string; what: string } | null;

function onSource(edit: SourceEdit): Mutate {
  return (program, rng) => {
    const files = sourceFiles(program);
    const start = rng.int(Math.max(files.length, 1));
    for (let k = 0; k < files.length; k++) {
      const file = files[(start + k) % files.length]!;
      const text = program.files.get(file) as string;
      let result: { text: string; what: string } | null = null;
      try {
        result = edit(text, parse(file, text), rng, file);
      } catch {
        result = null; // a file an earlier mutation made too deep for the parser here
      }
      if (result) {
        program.files.set(file, result.text);
        return `${file}: ${result.what}`;
      }
    }
    return null;
  };
}

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('');

/** Strings for literals: control characters, terminal escapes, bidi controls, huge, prototype keys. */
const HOSTILE_STRINGS: readonly string[] = [
  '\x1b[31mred\x1b[0m',
  '\x1b]8;;https://example.com\x07link\x1b]8;;\x07',
  '\x1b[2J\x1b[H',
  '\x1bc',
  '\x00',
  'a\x00b',
  'a\nb',
  'line1\r\nline2',
  '\r',
  C0,
  '\x7f\x9b31m',
  '\u202eevil\u202c',
  '\u2066\u2067\u2068\u2069\u200f\u200e',
  '\u2028\u2029',
  '\ud800',
  '\ufeff',
  'x'.repeat(100_000),
  `${'\x1b[1m'.repeat(1000)}`,
  'a\n'.repeat(10_000),
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  '',
  ' ',
  '\t',
  '${x}',
  '*',
  '**/*',
  '../../../../etc/passwd',
  '\\',
  '"\'`',
  '<script>alert(1)</script>',
  '| a | b |\n|---|---|',
  '::error::injected',
  '%0A::error::x',
  '\u{1F600}',
];

const HOSTILE_NUMBERS: readonly string[] = ['NaN', '-0', '1e309', '0x7fffffffffffffff', '9007199254740993', '-1', '0', '1.5', '1_000_000', '1n', '2147483648', '4294967296', '1e-400', '0b1', '0o777', `1${'0'.repeat(400)}`];

const HOSTILE_SPECIFIERS: readonly string[] = [
  '',
  '\0',
  'node:',
  '::::',
  'x'.repeat(10_000),
  './a\nb',
  '.',
  '..',
  './',
  '/',
  '/dev/zero',
  '/dev/stdin',
  '/proc/self/environ',
  `./${'../'.repeat(200)}etc/passwd`,
  'file:///etc/passwd',
  'http://127.0.0.1:1/x.js',
  'data:text/javascript,while(1){}',
  'node:fs\0/promises',
  '@',
  '@/',
  '@modelcontextprotocol/',
  '#internal',
  '\u202eevil',
  '\x1b[31m',
  `./${'a/'.repeat(1000)}b`,
  'C:\\x',
  '%2e%2e/x',
  './index.js?query#hash',
  '*',
  '**/*',
  '__proto__',
  'constructor',
];

const HOSTILE_IDENTIFIERS: readonly string[] = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__', 'then', 'length', 'arguments', 'eval', 'undefined', 'NaN', 'Infinity', 'ſ', '\\u0061', 'a'.repeat(100_000)];

// ---------------------------------------------------------------------------------------------
// Source mutators
// ---------------------------------------------------------------------------------------------

const deleteStatement: SourceEdit = (text, sf, rng) => {
  const list = nodes(sf, isListedStatement);
  if (list.length === 0) return null;
  const s = rng.pick(list);
  return { text: splice(text, s.getStart(sf), s.end, ''), what: `deleted the statement at line ${lineOf(text, s.getStart(sf))}` };
};

const duplicateStatement: SourceEdit = (text, sf, rng) => {
  const list = nodes(sf, isListedStatement);
  if (list.length === 0) return null;
  const s = rng.pick(list);
  const copy = text.slice(s.getStart(sf), s.end);
  return { text: splice(text, s.end, s.end, `\n${copy}`), what: `duplicated the statement at line ${lineOf(text, s.getStart(sf))}` };
};

const swapStatements: SourceEdit = (text, sf, rng) => {
  const list = nodes(sf, isListedStatement);
  if (list.length < 2) return null;
  for (let tries = 0; tries < 10; tries++) {
    let [a, b] = [rng.pick(list), rng.pick(list)];
    if (a.getStart(sf) > b.getStart(sf)) [a, b] = [b, a];
    if (a.end > b.getStart(sf)) continue; // overlapping (one inside the other)
    const [ta, tb] = [text.slice(a.getStart(sf), a.end), text.slice(b.getStart(sf), b.end)];
    const swapped = text.slice(0, a.getStart(sf)) + tb + text.slice(a.end, b.getStart(sf)) + ta + text.slice(b.end);
    return { text: swapped, what: `swapped the statements at lines ${lineOf(text, a.getStart(sf))} and ${lineOf(text, b.getStart(sf))}` };
  }
  return null;
};

/** Token ranges from the scanner (trivia skipped). */
function tokens(text: string, file: string): [number, number][] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, /\.[jt]sx$/.test(file) ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard, text);
  const out: [number, number][] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken && out.length < 1_000_000; kind = scanner.scan()) out.push([scanner.getTokenStart(), scanner.getTokenEnd()]);
  return out;
}

const tokenEdit: SourceEdit = (text, _sf, rng, file) => {
  const list = tokens(text, file);
  if (list.length < 2) return null;
  const i = rng.int(list.length - 1);
  const [s, e] = list[i]!;
  const [s2, e2] = list[i + 1]!;
  const shown = JSON.stringify(text.slice(s, Math.min(e, s + 40)));
  switch (rng.int(3)) {
    case 0:
      return { text: splice(text, s, e, ''), what: `deleted the token ${shown} at line ${lineOf(text, s)}` };
    case 1:
      return { text: splice(text, e, e, ` ${text.slice(s, e)}`), what: `duplicated the token ${shown} at line ${lineOf(text, s)}` };
    default:
      return { text: text.slice(0, s) + text.slice(s2, e2) + text.slice(e, s2) + text.slice(s, e) + text.slice(e2), what: `swapped the token ${shown} with the next at line ${lineOf(text, s)}` };
  }
};

const truncateFile: SourceEdit = (text, _sf, rng) => {
  if (text.length === 0) return null;
  const at = rng.int(text.length);
  return { text: text.slice(0, at), what: `truncated at offset ${at} (line ${lineOf(text, at)})` };
};

const hostileString: SourceEdit = (text, sf, rng) => {
  const literals = nodes(sf, (n) => (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && !ts.isImportDeclaration(n.parent) && !ts.isExportDeclaration(n.parent));
  if (literals.length === 0) return null;
  // Half the time a first argument (a tool name), where the value reaches the report.
  const names = literals.filter((n) => ts.isCallExpression(n.parent) && (n.parent as Ts.CallExpression).arguments[0] === n);
  const lit = names.length > 0 && rng.chance(0.5) ? rng.pick(names) : rng.pick(literals);
  const value = rng.pick(HOSTILE_STRINGS);
  const raw = rng.chance(0.3);
  const shown = value.length > 40 ? `${JSON.stringify(value.slice(0, 20))}… (${value.length} chars)` : JSON.stringify(value);
  return { text: splice(text, lit.getStart(sf), lit.end, stringLiteral(value, raw)), what: `string literal at line ${lineOf(text, lit.getStart(sf))} → ${shown}${raw ? ' written raw' : ''}` };
};

const hostileNumber: SourceEdit = (text, sf, rng) => {
  const list = nodes(sf, (n) => ts.isNumericLiteral(n));
  const value = rng.pick(HOSTILE_NUMBERS);
  if (list.length === 0) {
    // No number: a hint gets one.
    const hints = nodes(sf, (n) => ts.isPropertyAssignment(n) && /Hint$/.test(n.name.getText(sf))) as Ts.PropertyAssignment[];
    if (hints.length === 0) return null;
    const h = rng.pick(hints);
    return { text: splice(text, h.initializer.getStart(sf), h.initializer.end, value), what: `hint value at line ${lineOf(text, h.getStart(sf))} → ${value.slice(0, 40)}` };
  }
  const n = rng.pick(list);
  return { text: splice(text, n.getStart(sf), n.end, value), what: `number at line ${lineOf(text, n.getStart(sf))} → ${value.slice(0, 40)}` };
};

const HINT_VALUES: readonly string[] = ['!0', '!!1', '"true"', '1', 'null', 'undefined', 'void 0', 'true as any', '((true))', 'process.env.X === "1"', 'Math.random() > 0.5', '[true]', '{}', 'new Boolean(false)', 'true && false', 'eval("true")', '(true satisfies boolean)', '1n', 'Symbol()', 'Object.create(null)', 'NaN', '() => true', '`${true}`', 'globalThis.__proto__', 'this', 'super.x', 'import.meta', 'new.target'];

const hintValue: SourceEdit = (text, sf, rng) => {
  const hints = nodes(sf, (n) => (ts.isPropertyAssignment(n) || ts.isShorthandPropertyAssignment(n)) && /Hint$|^annotations$|^title$/.test(n.name.getText(sf)));
  if (hints.length === 0) return null;
  const h = rng.pick(hints);
  const value = rng.pick(HINT_VALUES);
  const name = (h as Ts.PropertyAssignment).name.getText(sf);
  return { text: splice(text, h.getStart(sf), h.end, `${name}: ${value}`), what: `${name} at line ${lineOf(text, h.getStart(sf))} → ${value}` };
};

const HOSTILE_KEYS: readonly string[] = ['__proto__: null', '__proto__: { readOnlyHint: true }', 'constructor: 1', '["__proto__"]: 1', '"__proto__": { destructiveHint: false }', 'toString: 1', 'hasOwnProperty: 1', '...null', '...undefined', '...(globalThis as any).x', 'get readOnlyHint() { return true }', 'set readOnlyHint(v: any) {}', 'readOnlyHint', '[Symbol.iterator]: 1', '123: true', '"readOnlyHint": true', '["read" + "OnlyHint"]: true', 'readOnlyHint() { return true }', '...{ ...{ ...{ readOnlyHint: true } } }', '[`${"x"}`]: 1', 'valueOf: () => 1'];

const hostileKey: SourceEdit = (text, sf, rng) => {
  const props = nodes(sf, (n) => ts.isPropertyAssignment(n) && /Hint$|^title$|^annotations$|^description$|^name$/.test(n.name.getText(sf)));
  const objects = props.length > 0 ? props : nodes(sf, (n) => ts.isObjectLiteralElementLike(n) && ts.isObjectLiteralExpression(n.parent));
  if (objects.length === 0) return null;
  const p = rng.pick(objects);
  const key = rng.pick(HOSTILE_KEYS);
  return { text: splice(text, p.getStart(sf), p.getStart(sf), `${key}, `), what: `object key ${key} before line ${lineOf(text, p.getStart(sf))}` };
};

const hostileIdentifier: SourceEdit = (text, sf, rng) => {
  const ids = nodes(sf, (n) => ts.isIdentifier(n)) as Ts.Identifier[];
  if (ids.length === 0) return null;
  const name = rng.pick(ids).text;
  const to = rng.pick(HOSTILE_IDENTIFIERS);
  let out = text;
  for (const id of ids.filter((i) => i.text === name).reverse()) out = splice(out, id.getStart(sf), id.end, to);
  return { text: out, what: `renamed every identifier ${name} to ${to.length > 40 ? `${to.slice(0, 10)}… (${to.length} chars)` : to}` };
};

/** Wrappers that nest an expression `depth` levels deep. */
const NESTINGS: Record<string, (e: string, n: number) => string> = {
  parens: (e, n) => '('.repeat(n) + e + ')'.repeat(n),
  arrays: (e, n) => '['.repeat(n) + e + ']'.repeat(n),
  objects: (e, n) => '{a:'.repeat(n) + e + '}'.repeat(n),
  iife: (e, n) => '(() => '.repeat(n) + e + ')()'.repeat(n),
  unary: (e, n) => '!'.repeat(n) + e,
  conditional: (e, n) => '(c ? '.repeat(n) + e + ' : 0)'.repeat(n),
  await: (e, n) => 'await ('.repeat(n) + e + ')'.repeat(n),
  template: (e, n) => '`${'.repeat(n) + e + '}`'.repeat(n),
  'binary-chain': (e, n) => e + ' + 1'.repeat(n * 4),
  'member-chain': (e, n) => e + '.a'.repeat(n),
  'call-chain': (e, n) => e + '()'.repeat(n),
  spread: (e, n) => '{...'.repeat(n) + e + '}'.repeat(n),
  'as-chain': (e, n) => e + ' as any'.repeat(n),
};

const deepNesting: SourceEdit = (text, sf, rng) => {
  const list = nodes(sf, (n) => {
    const p = n.parent;
    if (p === undefined) return false;
    return (ts.isCallExpression(p) && p.arguments.includes(n as Ts.Expression)) || (ts.isPropertyAssignment(p) && p.initializer === n) || (ts.isVariableDeclaration(p) && p.initializer === n);
  });
  if (list.length === 0) return null;
  const e = rng.pick(list);
  const kind = rng.pick(Object.keys(NESTINGS));
  const depth = rng.pick([5000, 5000, 5000, 1000, 20000]);
  const wrapped = NESTINGS[kind]!(text.slice(e.getStart(sf), e.end), depth);
  return { text: splice(text, e.getStart(sf), e.end, wrapped), what: `wrapped the expression at line ${lineOf(text, e.getStart(sf))} in ${depth} levels of ${kind}` };
};

const deepStatements: SourceEdit = (text, sf, rng) => {
  const list = nodes(sf, (n) => isListedStatement(n) && !ts.isImportDeclaration(n) && !ts.isExportDeclaration(n));
  if (list.length === 0) return null;
  const s = rng.pick(list);
  const depth = rng.pick([5000, 5000, 1000]);
  const [open, close] = rng.pick([
    ['if (x) {', '}'],
    ['{', '}'],
    ['function f() {', '}'],
    ['try {', '} finally {}'],
    ['for (;;) {', 'break; }'],
    ['namespace N {', '}'],
  ] as const);
  return { text: splice(text, s.getStart(sf), s.end, open.repeat(depth) + text.slice(s.getStart(sf), s.end) + close.repeat(depth)), what: `nested the statement at line ${lineOf(text, s.getStart(sf))} in ${depth} × ${open}` };
};

const malformedImport: SourceEdit = (text, sf, rng) => {
  const specs = nodes(sf, (n) => ts.isStringLiteral(n) && (ts.isImportDeclaration(n.parent) || ts.isExportDeclaration(n.parent) || ts.isExternalModuleReference(n.parent) || (ts.isCallExpression(n.parent) && (n.parent.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.parent.expression) && n.parent.expression.text === 'require')))));
  if (specs.length === 0) return null;
  const s = rng.pick(specs);
  const value = rng.pick(HOSTILE_SPECIFIERS);
  const raw = rng.chance(0.2);
  const shown = value.length > 40 ? `${JSON.stringify(value.slice(0, 20))}… (${value.length} chars)` : JSON.stringify(value);
  return { text: splice(text, s.getStart(sf), s.end, stringLiteral(value, raw)), what: `import specifier ${s.getText(sf)} at line ${lineOf(text, s.getStart(sf))} → ${shown}${raw ? ' written raw' : ''}` };
};

/** Ways to call `obj.name(args)` that are not a plain property call. */
const COMPUTED_CALLS: Record<string, (obj: string, name: string, args: string) => { call: string; top?: string }> = {
  'element-access': (o, n, a) => ({ call: `${o}["${n}"](${a})` }),
  'variable-key': (o, n, a) => ({ call: `${o}[__m](${a})`, top: `const __m = "${n}";\n` }),
  'let-key': (o, n, a) => ({ call: `${o}[__k](${a})`, top: `let __k = "x"; __k = "${n}";\n` }),
  call: (o, n, a) => ({ call: `${o}.${n}.call(${o}${a.trim() ? `, ${a}` : ''})` }),
  apply: (o, n, a) => ({ call: `${o}.${n}.apply(${o}, [${a}])` }),
  'reflect-apply': (o, n, a) => ({ call: `Reflect.apply(${o}.${n}, ${o}, [${a}])` }),
  'comma-call': (o, n, a) => ({ call: `(0, ${o}.${n})(${a})` }),
  bind: (o, n, a) => ({ call: `${o}.${n}.bind(${o})(${a})` }),
  'template-key': (o, n, a) => ({ call: `${o}[\`${n}\`](${a})` }),
  'concat-key': (o, n, a) => ({ call: `${o}["${n.slice(0, 2)}" + "${n.slice(2)}"](${a})` }),
  'char-codes': (o, n, a) => ({ call: `${o}[String.fromCharCode(${[...n].map((c) => c.charCodeAt(0)).join(', ')})](${a})` }),
  'unicode-escape': (o, n, a) => ({ call: `${o}.\\u{${n.charCodeAt(0).toString(16)}}${n.slice(1)}(${a})` }),
  optional: (o, n, a) => ({ call: `${o}?.${n}?.(${a})` }),
  'unknown-key': (o, _n, a) => ({ call: `${o}[(globalThis as any).k](${a})` }),
  'self-key': (o, _n, a) => ({ call: `${o}[${o} as any](${a})` }),
  new: (o, n, a) => ({ call: `new (${o}.${n} as any)(${a})` }),
  'spread-args': (o, n, a) => ({ call: `${o}.${n}(...[${a}])` }),
  'unknown-spread': (o, n, a) => ({ call: `${o}.${n}(...(globalThis as any).args, ${a})` }),
  'alias-method': (o, n, a) => ({ call: `__f(${a})`, top: `const __f = (...a: any[]) => (${o} as any).${n}(...a);\n` }),
  'proto-key': (o, _n, a) => ({ call: `${o}["__proto__"](${a})` }),
  'constructor-key': (o, _n, a) => ({ call: `${o}["constructor"](${a})` }),
};

const computedRegistration: SourceEdit = (text, sf, rng) => {
  const calls = registrationCalls(sf);
  if (calls.length === 0) return null;
  const c = rng.pick(calls);
  const callee = c.expression as Ts.PropertyAccessExpression;
  const variant = rng.pick(Object.keys(COMPUTED_CALLS));
  const { call, top } = COMPUTED_CALLS[variant]!(callee.expression.getText(sf), callee.name.text, text.slice(c.arguments.pos, c.arguments.end));
  let out = splice(text, c.getStart(sf), c.end, call);
  if (top) out = splice(out, topOf(out), topOf(out), top);
  return { text: out, what: `${callee.getText(sf).slice(0, 60)}(…) at line ${lineOf(text, c.getStart(sf))} → ${variant}` };
};

/** The handler of a registration: its last argument when it is a function. */
function handlers(sf: Ts.SourceFile): (Ts.ArrowFunction | Ts.FunctionExpression | Ts.MethodDeclaration | Ts.FunctionDeclaration)[] {
  const fromCalls = registrationCalls(sf)
    .map((c) => c.arguments[c.arguments.length - 1])
    .filter((a): a is Ts.ArrowFunction | Ts.FunctionExpression => a !== undefined && (ts.isArrowFunction(a) || ts.isFunctionExpression(a)));
  if (fromCalls.length > 0) return fromCalls;
  return nodes(sf, (n) => (ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isMethodDeclaration(n) || ts.isFunctionDeclaration(n)) && n.body !== undefined) as (Ts.ArrowFunction | Ts.FunctionExpression | Ts.MethodDeclaration | Ts.FunctionDeclaration)[];
}

/** `code` run first in `fn`'s body (an expression body becomes a block). */
function prependToBody(text: string, sf: Ts.SourceFile, fn: Ts.FunctionLikeDeclaration, code: string): string {
  const body = fn.body!;
  if (ts.isBlock(body)) return splice(text, body.getStart(sf) + 1, body.getStart(sf) + 1, ` ${code} `);
  return splice(text, body.getStart(sf), body.end, `{ ${code} return (${body.getText(sf)}); }`);
}

/** Recursion put into a handler: helpers calling themselves or each other, a handler that is itself, ... */
const RECURSIONS: Record<string, { code: string; top: string }> = {
  'self-recursive-helper': { code: '__rec(0);', top: 'function __rec(n: any): any { if (n > 1) return __rec(n); return __rec(n + 1); }\n' },
  'mutual-recursion': { code: '__ra();', top: 'function __ra(): any { return __rb(); }\nfunction __rb(): any { return __ra(); }\n' },
  'recursive-method': { code: 'new __R().m();', top: 'class __R { m(): any { return this.m(); } }\n' },
  'recursive-effect': { code: '__w("/tmp/x");', top: 'import * as __fs from "node:fs";\nfunction __w(p: string): any { __fs.writeFileSync(p, "x"); return __w(p); }\n' },
  'recursive-getter': { code: 'void __g.v;', top: 'const __g: any = { get v(): any { return __g.v; } };\n' },
  'recursive-generator': { code: 'for (const _ of __gen()) {}', top: 'function* __gen(): any { yield* __gen(); }\n' },
  'recursive-callback': { code: '__cb(__cb);', top: 'const __cb = (f: any): any => f(f);\n' },
  'recursive-types': { code: 'const __t: __T<1> = null as any; void __t;', top: 'type __T<X> = { a: __T<__T<X>>; b: X };\n' },
};

const recursion: SourceEdit = (text, sf, rng) => {
  const fns = handlers(sf);
  const named = nodes(sf, (n) => ts.isFunctionDeclaration(n) && n.name !== undefined && n.body !== undefined) as Ts.FunctionDeclaration[];
  if (named.length > 0 && rng.chance(0.25)) {
    // An existing helper (perhaps the one with the effect) calls itself first.
    const f = rng.pick(named);
    return { text: prependToBody(text, sf, f, `${f.name!.text}(...(arguments as any));`), what: `function ${f.name!.text} at line ${lineOf(text, f.getStart(sf))} calls itself first` };
  }
  if (fns.length === 0) return null;
  const fn = rng.pick(fns);
  const variant = rng.pick(Object.keys(RECURSIONS));
  const { code, top } = RECURSIONS[variant]!;
  const out = prependToBody(text, sf, fn, code);
  return { text: splice(out, topOf(out), topOf(out), top), what: `handler at line ${lineOf(text, fn.getStart(sf))} → ${variant}` };
};

/** Values that refer to themselves, put where the linter evaluates statically (annotations, tool names, handlers). */
const CYCLES: Record<string, { top: string; value: string }> = {
  'const-cycle': { top: 'const __c1: any = __c2;\nconst __c2: any = __c1;\n', value: '__c1' },
  'self-spread': { top: 'const __o: any = { ...__o, readOnlyHint: true };\n', value: '__o' },
  'self-member': { top: 'const __a: any = { readOnlyHint: __a.readOnlyHint, destructiveHint: __a.destructiveHint };\n', value: '__a' },
  'spread-cycle': { top: 'const __s1: any = { ...__s2 };\nconst __s2: any = { ...__s1 };\n', value: '__s1' },
  'array-cycle': { top: 'const __arr: any[] = [...__arr];\n', value: '__arr[0]' },
  'function-cycle': { top: 'const __fa = (): any => __fb();\nconst __fb = (): any => __fa();\n', value: '__fa()' },
  'ternary-self': { top: 'const __t: any = true ? __t : __t;\n', value: '__t' },
  'object-assign-cycle': { top: 'const __oa: any = Object.assign({}, __oa);\n', value: '__oa' },
  'template-cycle': { top: 'const __tc: any = `${__tc}`;\n', value: '__tc' },
  'let-reassign-cycle': { top: 'let __l1: any = 1; let __l2: any = __l1; __l1 = __l2; __l2 = __l1;\n', value: '__l1' },
};

const cyclicValue: SourceEdit = (text, sf, rng) => {
  const targets = nodes(sf, (n) => {
    const p = n.parent;
    if (p === undefined) return false;
    if (ts.isPropertyAssignment(p) && p.initializer === n && /Hint$|^annotations$|^title$|^name$|^description$/.test(p.name.getText(sf))) return true;
    return ts.isCallExpression(p) && p.arguments.includes(n as Ts.Expression) && registrationCalls(sf).includes(p);
  });
  if (targets.length === 0) return null;
  const t = rng.pick(targets);
  const variant = rng.pick(Object.keys(CYCLES));
  const { top, value } = CYCLES[variant]!;
  const out = splice(text, t.getStart(sf), t.end, value);
  return { text: splice(out, topOf(out), topOf(out), top), what: `${t.getText(sf).slice(0, 40).replace(/\s+/g, ' ')} at line ${lineOf(text, t.getStart(sf))} → ${variant}` };
};

const SUPPRESSIONS: readonly string[] = [
  '// mcp-annotate-lint-disable-next-line \x1b[31mred\x1b[0m',
  '// mcp-annotate-lint-disable-next-line *',
  `// mcp-annotate-lint-disable-next-line ${'optimistic-read-only, '.repeat(5000)}`,
  '// mcp-annotate-lint-disable-next-line',
  '// mcp-annotate-lint-disable-next-line -- ',
  '// mcp-annotate-lint-disable-next-line __proto__, constructor -- x',
  '// mcp-annotate-lint-disable-next-line optimistic-read-only -- \u202eevil\u202c',
  '/* mcp-annotate-lint-disable-next-line optimistic-read-only',
  '/* mcp-annotate-lint-disable-next-line optimistic-read-only */ /* mcp-annotate-lint-disable-next-line optimistic-read-only */',
  '// mcp-annotate-lint-disable-next-line ,,,,',
  `// mcp-annotate-lint-disable-next-line ${'x'.repeat(100_000)}`,
  '// mcp-annotate-lint-disable-next-line optimistic-read-only \r-- cr',
  '// mcp-annotate-lint-disable-next-line unknown-rule\x00nul',
];

const hostileSuppression: SourceEdit = (text, sf, rng) => {
  const calls = registrationCalls(sf);
  const anchors: Ts.Node[] = calls.length > 0 ? calls : nodes(sf, isListedStatement);
  if (anchors.length === 0) return null;
  const a = rng.pick(anchors);
  const lineStart = text.lastIndexOf('\n', a.getStart(sf) - 1) + 1;
  const comment = rng.pick(SUPPRESSIONS);
  return { text: splice(text, lineStart, lineStart, `${comment}\n`), what: `suppression comment ${JSON.stringify(comment.slice(0, 60))} above line ${lineOf(text, a.getStart(sf))}` };
};

const importCycle: Mutate = (program, rng) => {
  const files = sourceFiles(program);
  if (files.length === 0) return null;
  const a = rng.pick(files);
  const spec = (from: string, to: string): string => {
    const rel = path.posix.relative(path.posix.dirname(from), to).replace(/\.[cm]?tsx?$/, '.js');
    return rel.startsWith('.') ? rel : `./${rel}`;
  };
  const add = (file: string, line: string): void => {
    const t = program.files.get(file) as string;
    program.files.set(file, splice(t, topOf(t), topOf(t), `${line}\n`));
  };
  const style = rng.pick(['import', 'export-star', 'export-star-pair', 'import-pair', 'reexport-named']);
  const b = files.length > 1 ? rng.pick(files.filter((f) => f !== a)) : null;
  if (style === 'import' || b === null) add(a, `import ${JSON.stringify(spec(a, a))};`);
  else if (style === 'export-star') add(a, `export * from ${JSON.stringify(spec(a, a))};`);
  else if (style === 'export-star-pair') {
    add(a, `export * from ${JSON.stringify(spec(a, b))};`);
    add(b, `export * from ${JSON.stringify(spec(b, a))};`);
  } else if (style === 'reexport-named') {
    add(a, `export { __x as __y } from ${JSON.stringify(spec(a, b))};`);
    add(b, `export { __y as __x } from ${JSON.stringify(spec(b, a))};`);
  } else {
    add(a, `import * as __b from ${JSON.stringify(spec(a, b))}; void __b;`);
    add(b, `import * as __a from ${JSON.stringify(spec(b, a))}; void __a;`);
  }
  return `${style} between ${a}${b && style !== 'import' ? ` and ${b}` : ''}`;
};

// ---------------------------------------------------------------------------------------------
// File-level mutators
// ---------------------------------------------------------------------------------------------

const emptyFile: Mutate = (program, rng) => {
  const files = sourceFiles(program);
  if (files.length > 0 && rng.chance(0.5)) {
    const f = rng.pick(files);
    program.files.set(f, '');
    return `${f} emptied`;
  }
  const name = rng.pick(['empty.ts', 'empty.js', 'src/empty.ts', 'index.d.ts', 'empty.mjs']);
  program.files.set(name, '');
  return `added empty ${name}`;
};

const binaryFile: Mutate = (program, rng) => {
  const bytes = Buffer.alloc(rng.pick([16, 4096, 200_000]));
  for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(256);
  if (rng.chance(0.3)) bytes.fill(0, 0, Math.min(64, bytes.length));
  const files = sourceFiles(program);
  if (files.length > 0 && rng.chance(0.4)) {
    const f = rng.pick(files);
    program.files.set(f, bytes);
    return `${f} replaced by ${bytes.length} random bytes`;
  }
  if (files.length > 0 && rng.chance(0.5)) {
    // Invalid UTF-8 inside an otherwise good file.
    const f = rng.pick(files);
    const text = Buffer.from(program.files.get(f) as string, 'utf8');
    const at = rng.int(text.length + 1);
    program.files.set(f, Buffer.concat([text.subarray(0, at), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xed, 0xa0, 0x80]), text.subarray(at)]));
    return `${f}: invalid UTF-8 bytes at offset ${at}`;
  }
  const name = rng.pick(['binary.ts', 'src/binary.js', 'blob.mts']);
  program.files.set(name, bytes);
  return `added ${name}: ${bytes.length} random bytes`;
};

const bomFile: Mutate = (program, rng) => {
  const names = [...program.files.keys()].filter((f) => typeof program.files.get(f) === 'string');
  if (names.length === 0) return null;
  const f = rng.pick(names);
  const text = program.files.get(f) as string;
  switch (rng.int(4)) {
    case 0:
      program.files.set(f, `\ufeff${text}`);
      return `${f}: UTF-8 BOM`;
    case 1:
      program.files.set(f, `\ufeff\ufeff${text}`);
      return `${f}: two BOMs`;
    case 2:
      program.files.set(f, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
      return `${f}: UTF-16LE with BOM`;
    default:
      program.files.set(f, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]));
      return `${f}: UTF-16BE with BOM`;
  }
};

const lineEndings: Mutate = (program, rng) => {
  const names = [...program.files.keys()].filter((f) => typeof program.files.get(f) === 'string');
  if (names.length === 0) return null;
  const f = rng.pick(names);
  const text = program.files.get(f) as string;
  const [label, to] = rng.pick([
    ['CRLF', '\r\n'],
    ['CR only', '\r'],
    ['U+2028', '\u2028'],
    ['U+2029', '\u2029'],
    ['CRCRLF', '\r\r\n'],
  ] as const);
  program.files.set(f, text.replace(/\n/g, to));
  return `${f}: line endings ${label}`;
};

const longLines: Mutate = (program, rng) => {
  const files = sourceFiles(program);
  if (files.length === 0) return null;
  const f = rng.pick(files);
  const text = program.files.get(f) as string;
  switch (rng.int(4)) {
    case 0: {
      // The whole file on one line (comments removed so that `//` does not swallow the rest).
      const printed = ts.createPrinter({ removeComments: true }).printFile(parse(f, text));
      program.files.set(f, printed.replace(/\n/g, ' '));
      return `${f}: on one line (${printed.length} chars)`;
    }
    case 1:
      program.files.set(f, `${text}\n// ${'x'.repeat(1_000_000)}\n`);
      return `${f}: a 1,000,000-char comment line`;
    case 2:
      program.files.set(f, `${text}\nexport const __long = "${'a'.repeat(1_000_000)}";\n`);
      return `${f}: a 1,000,000-char string line`;
    default:
      program.files.set(f, `${' '.repeat(500_000)}${text}`);
      return `${f}: 500,000 spaces before the code`;
  }
};

const hugeFile: Mutate = (program, rng) => {
  const files = sourceFiles(program);
  if (files.length === 0) return null;
  const f = rng.pick(files);
  const copies = rng.pick([20, 50, 100]);
  const text = program.files.get(f) as string;
  program.files.set(f, Array.from({ length: copies }, (_, i) => (i === 0 ? text : text.replace(/^\s*import .*$/gm, ''))).join('\n'));
  return `${f}: its code ${copies} times`;
};

// ---------------------------------------------------------------------------------------------
// Project-level mutators
// ---------------------------------------------------------------------------------------------

const PACKAGE_JSONS: readonly string[] = [
  '{ "name": ',
  'not json at all',
  '',
  'null',
  '[]',
  '"string"',
  '{"main": 5, "type": 7}',
  '{"main": "/dev/zero"}',
  '{"main": "../../../../../../etc/passwd"}',
  '{"main": "./missing.js", "module": "", "types": "\u0000"}',
  '{"exports": {".": {"import": {"import": {"import": "./x.js"}}}}}',
  '{"exports": {"./*": "./*/*/*/*/*/*"}}',
  '{"workspaces": ["**", "../../../..", "*/*/*/*/*/*/*/*/*/*/*/*/*/*"]}',
  '{"workspaces": {"packages": ["./"]}}',
  '{"workspaces": "."}',
  '{"mcplint": null}',
  '{"mcplint": {"profile": 5}}',
  '{"mcplint": "x"}',
  `{"name": "${'a'.repeat(100_000)}"}`,
  '{"__proto__": {"main": "x.js"}, "constructor": 1}',
  `{"dependencies": {${Array.from({ length: 5000 }, (_, i) => `"d${i}": "1"`).join(',')}}}`,
  '\ufeff{"name": "bom"}',
  '{"type": "module", "imports": {"#internal": "#internal"}}',
  '{"bin": {"\\u001b[31m": "x"}}',
];

const packageJson: Mutate = (program, rng) => {
  if (rng.chance(0.1)) {
    program.files.delete('package.json');
    program.dirs.add('package.json');
    return 'package.json is a folder';
  }
  if (rng.chance(0.05)) {
    program.links.set('package.json', 'package.json');
    return 'package.json is a symlink to itself';
  }
  const content = rng.pick(PACKAGE_JSONS);
  program.files.set('package.json', content);
  return `package.json = ${JSON.stringify(content.slice(0, 60))}${content.length > 60 ? ` (${content.length} chars)` : ''}`;
};

const TSCONFIGS: Record<string, Record<string, string>> = {
  'not JSON': { 'tsconfig.json': '{ "compilerOptions": ' },
  'comments and trailing commas': { 'tsconfig.json': '// c\n{ /* c */ "compilerOptions": { "strict": true, }, "include": ["**/*",], }' },
  'extends itself': { 'tsconfig.json': '{ "extends": "./tsconfig.json" }' },
  'extends cycle': { 'tsconfig.json': '{ "extends": "./a.json" }', 'a.json': '{ "extends": "./b.json" }', 'b.json': '{ "extends": "./tsconfig.json" }' },
  'extends missing file': { 'tsconfig.json': '{ "extends": "./missing/base.json" }' },
  'extends missing package': { 'tsconfig.json': '{ "extends": "@nope/tsconfig/base.json" }' },
  'extends empty': { 'tsconfig.json': '{ "extends": "" }' },
  'extends array with cycle': { 'tsconfig.json': '{ "extends": ["./a.json", "./tsconfig.json"] }', 'a.json': '{ "extends": ["./tsconfig.json"] }' },
  'extends not a string': { 'tsconfig.json': '{ "extends": 5 }' },
  'extends /dev/zero': { 'tsconfig.json': '{ "extends": "/dev/zero" }' },
  'huge include': { 'tsconfig.json': JSON.stringify({ include: Array.from({ length: 50_000 }, (_, i) => `src/**/${i}/*.ts`) }) },
  'huge file (10 MB)': { 'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, files: [], x: 'y'.repeat(10_000_000) }) },
  'include everything from /': { 'tsconfig.json': '{ "include": ["/**/*"] }' },
  'include ../../..': { 'tsconfig.json': '{ "include": ["../../../../../../**/*.ts"] }' },
  'files /dev/zero': { 'tsconfig.json': '{ "files": ["/dev/zero", "/dev/stdin"] }' },
  'references itself': { 'tsconfig.json': '{ "references": [{ "path": "." }, { "path": "./tsconfig.json" }] }' },
  'references cycle': { 'tsconfig.json': '{ "references": [{ "path": "./a" }] }', 'a/tsconfig.json': '{ "references": [{ "path": ".." }] }' },
  'paths cycle': { 'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "*": ["*", "./*", "../*"], "a": ["b"], "b": ["a"] } } }' },
  'baseUrl /': { 'tsconfig.json': '{ "compilerOptions": { "baseUrl": "/", "rootDir": "/", "rootDirs": ["/", "/proc"] } }' },
  'compilerOptions null': { 'tsconfig.json': '{ "compilerOptions": null, "include": null, "files": 5 }' },
  'bad option values': { 'tsconfig.json': '{ "compilerOptions": { "target": "bogus", "module": 5, "allowJs": "yes", "lib": ["nope"], "types": [""] } }' },
  'empty file': { 'tsconfig.json': '' },
  'prototype keys': { 'tsconfig.json': '{ "__proto__": { "include": ["/**/*"] }, "constructor": { "files": [] }, "compilerOptions": { "__proto__": null } }' },
  'BOM and CRLF': { 'tsconfig.json': '\ufeff{\r\n "include": ["**/*"]\r\n}\r\n' },
  'jsconfig only, broken': { 'jsconfig.json': '{ "compilerOptions": { "checkJs": true }, "include": [' },
  'deeply nested JSON': { 'tsconfig.json': `{"x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}` },
  'include with 14 stars': { 'tsconfig.json': `{ "include": ["${'*'.repeat(14)}", "${Array(14).fill('*').join('/')}", "${'**/'.repeat(14)}*.ts"] }` },
};

const tsconfig: Mutate = (program, rng) => {
  if (rng.chance(0.08)) {
    program.files.delete('tsconfig.json');
    program.dirs.add('tsconfig.json');
    return 'tsconfig.json is a folder';
  }
  const variant = rng.pick(Object.keys(TSCONFIGS));
  for (const [file, content] of Object.entries(TSCONFIGS[variant]!)) program.files.set(file, content);
  return `tsconfig: ${variant}`;
};

const CONFIGS: Record<string, Record<string, string>> = {
  'not JSON': { '.mcplintrc.json': '{ "rules": ' },
  'empty': { '.mcplintrc.json': '' },
  'bad values': { '.mcplintrc.json': '{ "profile": 5, "rules": { "nope": "error", "missing-annotations": "loud" }, "overrides": "x", "sinks": [{}], "databaseServers": true }' },
  'unknown severity objects': { '.mcplintrc.json': '{ "rules": { "missing-annotations": ["error", { "hints": "some", "title": "yes", "x": 1 }] } }' },
  '14 stars': { '.mcplintrc.json': JSON.stringify({ overrides: [{ files: ['*'.repeat(14), Array(14).fill('*').join('/'), `${'**/'.repeat(14)}*`], tools: ['*'.repeat(14)], rules: { 'missing-annotations': 'off' } }], exclude: ['*'.repeat(14)] }) },
  'huge globs': { '.mcplintrc.json': JSON.stringify({ include: ['a'.repeat(100_000), `${'*a'.repeat(5000)}*`], exclude: [`{${Array.from({ length: 2000 }, (_, i) => `x${i}`).join(',')}}`] }) },
  'brace explosion': { '.mcplintrc.json': JSON.stringify({ overrides: [{ files: ['{a,b}'.repeat(20)], tools: ['{a,b,c}'.repeat(15)], rules: {} }] }) },
  'extglob backtracking': { '.mcplintrc.json': JSON.stringify({ overrides: [{ tools: [`${'+(a|aa)'.repeat(20)}b`, '*(*(*(*(*(a)))))b'], files: ['@(@(@(@(x))))'], rules: {} }], exclude: [`${'?(a)'.repeat(30)}${'a'.repeat(30)}`] }) },
  'regex-like globs': { '.mcplintrc.json': JSON.stringify({ include: ['[', '[[[[', '\\', '(', '**/[a-', '!(', '\0'], exclude: [')'] }) },
  'include from /': { '.mcplintrc.json': JSON.stringify({ include: ['/**/*.ts', '../../../../**/*.ts'] }) },
  'tsconfig /dev/zero': { '.mcplintrc.json': JSON.stringify({ tsconfig: '/dev/zero' }) },
  'tsconfig is the folder': { '.mcplintrc.json': JSON.stringify({ tsconfig: '.' }) },
  'tsconfig is itself': { '.mcplintrc.json': JSON.stringify({ tsconfig: '.mcplintrc.json' }) },
  'sinks with hostile calls': { '.mcplintrc.json': JSON.stringify({ sinks: [{ call: '*.*.*.*.*.*.*.*.*.*.*.*.*.*', kind: 'fs.write', access: 'write' }, { call: '__proto__', kind: 'network' }, { module: 'constructor', export: 'prototype.x', kind: 'api' }, { call: '\x1b[31m', kind: 'api' }] }) },
  'incidental paths': { '.mcplintrc.json': JSON.stringify({ incidental: [{ path: '*'.repeat(14), reason: '\x1b[31m' }, { call: 'a'.repeat(50_000) }, { module: '' }] }) },
  'prototype keys': { '.mcplintrc.json': '{ "__proto__": { "profile": "directory" }, "rules": { "__proto__": "error", "constructor": "off", "toString": "warn" } }' },
  'thousands of overrides': { '.mcplintrc.json': JSON.stringify({ overrides: Array.from({ length: 5000 }, (_, i) => ({ tools: [`t${i}*`], files: [`**/${i}/**`], rules: { 'missing-annotations': 'warn' } })) }) },
  'control characters in values': { '.mcplintrc.json': JSON.stringify({ rules: { 'missing-annotations\x1b[31m': 'error' }, profile: 'spec\x1b[2J' }) },
  'BOM': { '.mcplintrc.json': '\ufeff{ "profile": "directory" }' },
  'YAML alias bomb': { '.mcplintrc.yaml': `a: &a ["x","x","x","x","x","x","x","x","x"]\n${Array.from({ length: 12 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`).join('\n')}\n` },
  'broken YAML': { '.mcplintrc.yaml': 'rules:\n  - [\n\t: :' },
  'extensionless .mcplintrc': { '.mcplintrc': '{ "rules": [' },
  'config module throws': { 'mcplint.config.cjs': 'throw new Error("boom\\n  at fake (x.js:1:2)");\n' },
  'config module exports junk': { 'mcplint.config.cjs': 'module.exports = 5;\n' },
  'config module syntax error': { 'mcplint.config.mjs': 'export default {\n' },
  'package.json key': { 'package.json': '{ "name": "x", "mcplint": { "rules": { "missing-annotations": 7 } } }' },
  'deeply nested JSON': { '.mcplintrc.json': `{"rules": ${'['.repeat(100_000)}${']'.repeat(100_000)}}` },
};

const mcplintrc: Mutate = (program, rng) => {
  if (rng.chance(0.06)) {
    program.dirs.add('.mcplintrc.json');
    return '.mcplintrc.json is a folder';
  }
  const variant = rng.pick(Object.keys(CONFIGS));
  for (const [file, content] of Object.entries(CONFIGS[variant]!)) program.files.set(file, content);
  return `config: ${variant}`;
};

const symlinks: Mutate = (program, rng) => {
  const variant = rng.pick(['to /', 'to /', 'loop to .', 'a↔b cycle', 'src/up to ..', 'dangling', 'node_modules to /', 'chain of 50']);
  switch (variant) {
    case 'to /':
      program.links.set(rng.pick(['root', 'src/root', 'lib.ts']), '/');
      break;
    case 'loop to .':
      program.links.set('loop', '.');
      break;
    case 'a↔b cycle':
      program.links.set('a', 'b');
      program.links.set('b', 'a');
      program.links.set('c.ts', 'c.ts');
      break;
    case 'src/up to ..':
      program.links.set('src/up', '..');
      program.links.set('src/up2', '../src');
      break;
    case 'dangling':
      program.links.set('gone.ts', './does/not/exist.ts');
      break;
    case 'node_modules to /':
      program.links.set('node_modules', '/');
      break;
    default:
      for (let i = 0; i < 50; i++) program.links.set(`l${i}`, i === 49 ? '.' : `l${i + 1}`);
  }
  return `symlink ${variant}`;
};

const specialFiles: Mutate = (program, rng) => {
  const variant = rng.pick(['fifo', 'dev-zero', 'dev-urandom', 'proc-self', 'dev-null', 'dev-stdin']);
  switch (variant) {
    case 'fifo':
      program.fifos.add(rng.pick(['pipe.ts', 'src/pipe.js']));
      break;
    case 'dev-zero':
      program.links.set('zero.ts', '/dev/zero');
      break;
    case 'dev-urandom':
      program.links.set('random.js', '/dev/urandom');
      break;
    case 'proc-self':
      program.links.set('proc', '/proc/self');
      break;
    case 'dev-null':
      program.links.set('null.ts', '/dev/null');
      break;
    default:
      program.links.set('stdin.ts', '/proc/self/fd/0');
  }
  return `special file: ${variant}`;
};

const HOSTILE_NAMES: readonly string[] = ['a\x1b[31mred.ts', 'new\nline.ts', 'bidi\u202eexe.ts', 'cr\r.ts', `${'n'.repeat(250)}.ts`, '-rf.ts', '--help.ts', '[a].ts', '*.ts', '{a,b}.ts', '?.ts', '!(x).ts', '__proto__.ts', 'constructor.ts', '.ts', ' .ts', 'tab\t.ts', 'nul\u0001.ts', 'émoji😀.ts', 'back\\slash.ts', '%00.ts', 'rules', 'node_modules/x.ts'];

const hostileFileName: Mutate = (program, rng) => {
  const files = sourceFiles(program);
  if (files.length === 0) return null;
  const f = rng.pick(files);
  let name = rng.pick(HOSTILE_NAMES);
  if (name === 'rules') name = 'rules/index.ts';
  const to = path.posix.join(path.posix.dirname(f), name);
  program.files.set(to, program.files.get(f)!);
  if (rng.chance(0.5)) program.files.delete(f);
  return `${f} copied to ${JSON.stringify(to)}`;
};

const deepFolders: Mutate = (program, rng) => {
  const depth = rng.pick([100, 300, 1000]);
  const prefix = `${'d/'.repeat(depth)}`;
  const moved = new Map<string, string | Buffer>();
  for (const [file, content] of program.files) moved.set(rng.chance(0.5) ? prefix + file : file, content);
  program.files = moved;
  return `files moved ${depth} folders deep (half of them)`;
};

const manyFiles: Mutate = (program, rng) => {
  const count = rng.pick([500, 2000]);
  for (let i = 0; i < count; i++) program.files.set(`gen/f${i}.ts`, `export const v${i} = ${i};\n`);
  return `${count} small files added`;
};

const fakeNodeModules: Mutate = (program, rng) => {
  const variant = rng.pick(['broken sdk package.json', 'sdk exports cycle', 'sdk is a link to /', 'node_modules link to ..', 'sdk main /dev/zero', 'sdk with hostile d.ts']);
  const sdk = 'node_modules/@modelcontextprotocol/sdk';
  switch (variant) {
    case 'broken sdk package.json':
      program.files.set(`${sdk}/package.json`, '{ "name": "@modelcontextprotocol/sdk", ');
      break;
    case 'sdk exports cycle':
      program.files.set(`${sdk}/package.json`, JSON.stringify({ name: '@modelcontextprotocol/sdk', exports: { './*': './*', '.': { import: './x.js', types: './server/mcp.js' } }, typesVersions: { '*': { '*': ['*'] } } }));
      program.links.set(`${sdk}/server`, '.');
      break;
    case 'sdk is a link to /':
      program.links.set(sdk, '/');
      break;
    case 'node_modules link to ..':
      program.links.set('node_modules/self', '..');
      program.links.set('node_modules/@modelcontextprotocol/sdk', '../..');
      break;
    case 'sdk main /dev/zero':
      program.files.set(`${sdk}/package.json`, JSON.stringify({ name: '@modelcontextprotocol/sdk', main: '/dev/zero', types: '/dev/zero' }));
      break;
    default:
      program.files.set(`${sdk}/package.json`, JSON.stringify({ name: '@modelcontextprotocol/sdk', types: 'index.d.ts' }));
      program.files.set(`${sdk}/index.d.ts`, `export declare class McpServer { registerTool(...a: ${'Array<'.repeat(3000)}any${'>'.repeat(3000)}): void; }\n`);
  }
  return `node_modules: ${variant}`;
};

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

/** Mutates a program in place; returns what it did, or null when it does not apply. */
type Mutate = (program: Program, rng: Rng) => string | null;

interface Mutator {
  kind: string;
  mutate: Mutate;
}

/** Every mutation kind, by name. Program I's primary mutation is MUTATORS[I % MUTATORS.length]. */
const MUTATORS: readonly Mutator[] = [
  { kind: 'delete-statement', mutate: onSource(deleteStatement) },
  { kind: 'duplicate-statement', mutate: onSource(duplicateStatement) },
  { kind: 'swap-statements', mutate: onSource(swapStatements) },
  { kind: 'token-edit', mutate: onSource(tokenEdit) },
  { kind: 'truncate-file', mutate: onSource(truncateFile) },
  { kind: 'hostile-string', mutate: onSource(hostileString) },
  { kind: 'hostile-number', mutate: onSource(hostileNumber) },
  { kind: 'hint-value', mutate: onSource(hintValue) },
  { kind: 'hostile-key', mutate: onSource(hostileKey) },
  { kind: 'hostile-identifier', mutate: onSource(hostileIdentifier) },
  { kind: 'deep-nesting', mutate: onSource(deepNesting) },
  { kind: 'deep-statements', mutate: onSource(deepStatements) },
  { kind: 'malformed-import', mutate: onSource(malformedImport) },
  { kind: 'import-cycle', mutate: importCycle },
  { kind: 'computed-registration', mutate: onSource(computedRegistration) },
  { kind: 'recursion', mutate: onSource(recursion) },
  { kind: 'cyclic-value', mutate: onSource(cyclicValue) },
  { kind: 'hostile-suppression', mutate: onSource(hostileSuppression) },
  { kind: 'empty-file', mutate: emptyFile },
  { kind: 'binary-file', mutate: binaryFile },
  { kind: 'bom', mutate: bomFile },
  { kind: 'line-endings', mutate: lineEndings },
  { kind: 'long-lines', mutate: longLines },
  { kind: 'huge-file', mutate: hugeFile },
  { kind: 'package-json', mutate: packageJson },
  { kind: 'tsconfig', mutate: tsconfig },
  { kind: 'mcplintrc', mutate: mcplintrc },
  { kind: 'symlinks', mutate: symlinks },
  { kind: 'special-files', mutate: specialFiles },
  { kind: 'hostile-file-name', mutate: hostileFileName },
  { kind: 'deep-folders', mutate: deepFolders },
  { kind: 'many-files', mutate: manyFiles },
  { kind: 'fake-node-modules', mutate: fakeNodeModules },
];

/** Cheap source mutations that may be added on top of the primary one. */
const EXTRA_KINDS = ['delete-statement', 'duplicate-statement', 'swap-statements', 'token-edit', 'hostile-string', 'hostile-number', 'hint-value', 'hostile-key', 'hostile-identifier', 'malformed-import', 'computed-registration', 'recursion', 'cyclic-value', 'line-endings', 'bom', 'mcplintrc', 'tsconfig', 'package-json', 'symlinks'];

// ---------------------------------------------------------------------------------------------
// Generating and running a program
// ---------------------------------------------------------------------------------------------

type Format = 'json' | 'stylish' | 'sarif' | 'markdown' | 'github';

/** A generated program and how it is linted. */
interface Case {
  index: number;
  seed: string;
  kinds: string[];
  applied: string[];
  program: Program;
  format: Format;
  /** `run` = the folder holding `project/`; `project` = inside it. */
  cwd: 'run' | 'project';
  args: string[];
}

const EXTRA_OPTIONS: readonly string[][] = [['--quiet'], ['--max-depth', '1'], ['--max-depth', '200'], ['--max-work', '1'], ['--max-work', '5'], ['--max-warnings', '0'], ['--no-config'], ['--tools']];

/** Program `index` of the run with `seedText`: always the same for the same pair. */
function makeCase(index: number, seedText: string, seeds: Seed[], kinds: readonly Mutator[]): Case {
  const rng = new Rng(`${seedText}:${index}`);
  const seed = seeds[index % seeds.length]!;
  const program = cloneProgram(seed);
  const applied: string[] = [];
  const used: string[] = [];
  const primary = kinds[Math.floor(index / seeds.length + index) % kinds.length]!;
  const tryKind = (m: Mutator): boolean => {
    let what: string | null = null;
    try {
      what = m.mutate(program, rng);
    } catch (error) {
      what = null;
      void error;
    }
    if (what === null) return false;
    used.push(m.kind);
    applied.push(`${m.kind}: ${what}`);
    return true;
  };
  // When the primary kind does not apply to this seed, the next kinds in the table are tried.
  for (let k = 0; k < kinds.length && !tryKind(kinds[(kinds.indexOf(primary) + k) % kinds.length]!); k++);
  if (rng.chance(0.25)) {
    const extra = 1 + rng.int(2);
    for (let e = 0; e < extra; e++) tryKind(MUTATORS.find((m) => m.kind === rng.pick(EXTRA_KINDS))!);
  }
  const roll = rng.next();
  const format: Format = roll < 0.6 ? 'json' : roll < 0.7 ? 'stylish' : roll < 0.8 ? 'sarif' : roll < 0.9 ? 'markdown' : 'github';
  const mode = rng.next();
  let cwd: Case['cwd'] = 'run';
  let paths: string[] = ['project'];
  if (mode >= 0.7 && mode < 0.85) {
    cwd = 'project';
    paths = [];
  } else if (mode >= 0.85 && mode < 0.93) {
    const named = sourceFiles(program).slice(0, 5).map((f) => `project/${f}`);
    if (named.length > 0) paths = named;
  } else if (mode >= 0.93) {
    paths = [rng.pick(['project/**/*.ts', 'project/**/*.{ts,js,mjs}', 'project/*'])];
  }
  const args = [...paths, '--format', format];
  if (rng.chance(0.15)) {
    const extra = rng.pick(EXTRA_OPTIONS);
    if (extra[0] !== '--tools' || format === 'stylish') args.push(...extra);
  }
  return { index, seed: seed.name, kinds: used, applied, program, format, cwd, args };
}

interface RunResult {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut: boolean;
  truncated: boolean;
  leftProcesses: boolean;
  /** Top JavaScript frames from the diagnostic report of a run past the timeout. */
  hangStack: string[];
  /** CPU seconds the run had used when it was killed (a loaded machine stretches wall time), or null. */
  cpuSeconds: number | null;
}

/** CPU seconds (user + system) process `pid` has used, from /proc (Linux; null elsewhere). */
function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime and stime, in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** The environment of the linter runs: this one without colours (an ESC in the output is then the linter's). */
function linterEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  return env;
}

/**
 * Where a run past the timeout spends its time when its diagnostic report could not be had (the
 * report is written from the event loop, so a busy loop in JavaScript never writes it): the
 * program is run again under V8's sampling profiler (`--prof`) for up to `ms`, and the heaviest
 * bottom-up call chains of `node --prof-process` are returned, as `function (file) ← caller (file)`.
 */
async function profileHang(linter: string, c: Case, runDir: string, ms: number, args: readonly string[] = c.args, as?: Identity): Promise<string[]> {
  const log = path.join(runDir, 'v8.log');
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, ['--prof', `--logfile=${log}`, '--no-logfile-per-isolate', linter, ...args], {
      cwd: c.cwd === 'run' ? runDir : path.join(runDir, 'project'),
      env: linterEnv(),
      detached: true,
      stdio: 'ignore',
      ...(as ?? {}),
    });
    if (child.pid !== undefined) RUNNING.add(child.pid);
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, ms);
    child.on('close', () => {
      clearTimeout(timer);
      if (child.pid !== undefined) RUNNING.delete(child.pid);
      resolve();
    });
  });
  if (!existsSync(log)) return [];
  const text = await new Promise<string>((resolve) => {
    const child = spawn(process.execPath, ['--prof-process', log], { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
  // "[Bottom up (heavy) profile]": a leaf at depth 0, its callers indented two spaces per level.
  const section = text.slice(text.indexOf('[Bottom up (heavy) profile]'));
  const chains: { ticks: number; frames: string[] }[] = [];
  const path_: string[] = [];
  for (const line of section.split('\n')) {
    const m = /^\s*(\d+)\s+[\d.]+%(\s+)(\S.*)$/.exec(line);
    if (!m) continue;
    const depth = Math.max(0, (m[2]!.length - 4) >> 1);
    path_.length = depth;
    path_.push(m[3]!.replace(/^JS: [*^~]?/, '').replace(/ (?:file:\/\/)?\S*\/([^/\s]+):\d+:\d+$/, ' ($1)').replace(/ (node:[\w/]+):\d+:\d+$/, ' ($1)'));
    chains.push({ ticks: Number(m[1]), frames: [...path_] });
  }
  const loading = /wrapSafe|compileSourceTextModule|compileForInternalLoader|Module\._compile|node:internal\/(modules|bootstrap)/;
  const best = chains
    .filter((ch) => ch.frames.length > 1 && !ch.frames.some((f) => loading.test(f)))
    .sort((a, b) => b.ticks - a.ticks)
    .slice(0, 3);
  return best.map((ch) => `${ch.ticks} ticks: ${ch.frames.filter((f) => f !== 'UNKNOWN').slice(0, 5).join(' ← ')}`);
}

/** A user and group to run the linter as (--fix mode under root: `nobody`). */
interface Identity {
  uid: number;
  gid: number;
}

/**
 * Runs the linter on a written program (with `args`, by default the case's); kills its whole
 * process group at the timeout. `as`: the user to run it as (its report folder is given to it).
 */
function runLinter(linter: string, c: Case, runDir: string, timeoutMs: number, args: readonly string[] = c.args, as?: Identity): Promise<RunResult> {
  const reportDir = path.join(runDir, 'report');
  mkdirSync(reportDir, { recursive: true }); // Node does not create it, and writes no report without it
  if (as) chownSync(reportDir, as.uid, as.gid);
  const env = linterEnv();
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${reportDir}`, linter, ...args], {
      cwd: c.cwd === 'run' ? runDir : path.join(runDir, 'project'),
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(as ?? {}),
    });
    if (child.pid !== undefined) RUNNING.add(child.pid);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let truncated = false;
    let timedOut = false;
    let hangStack: string[] = [];
    let cpuSeconds: number | null = null;
    const collect = (chunks: Buffer[], add: (n: number) => number) => (chunk: Buffer) => {
      if (add(chunk.length) <= OUTPUT_CAP) chunks.push(chunk);
      else truncated = true;
    };
    child.stdout.on('data', collect(out, (n) => (outBytes += n)));
    child.stderr.on('data', collect(err, (n) => (errBytes += n)));
    const killGroup = (): void => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // the group is gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      cpuSeconds = cpuSecondsOf(child.pid!);
      // Ask for a diagnostic report (its JavaScript stack says where the run is stuck), then kill.
      try {
        process.kill(child.pid!, 'SIGUSR2');
      } catch {
        // already gone
      }
      const askedAt = performance.now();
      const poll = setInterval(() => {
        const reports = existsSync(reportDir) ? readdirSync(reportDir).filter((f) => f.endsWith('.json')) : [];
        let done = performance.now() - askedAt > 5000;
        if (reports.length > 0) {
          try {
            const report = JSON.parse(readFileSync(path.join(reportDir, reports[0]!), 'utf8')) as { javascriptStack?: { message?: string; stack?: string[] } };
            hangStack = (report.javascriptStack?.stack ?? []).slice(0, 12);
            done = true;
          } catch {
            // still being written
          }
        }
        if (done) {
          clearInterval(poll);
          killGroup();
        }
      }, 200);
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (child.pid !== undefined) RUNNING.delete(child.pid);
      let leftProcesses = false;
      if (!timedOut) {
        try {
          process.kill(-child.pid!, 0);
          leftProcesses = true;
          killGroup();
        } catch {
          // nothing left in the group
        }
      }
      resolve({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), ms: performance.now() - start, timedOut, truncated, leftProcesses, hangStack, cpuSeconds });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Classification
// ---------------------------------------------------------------------------------------------

type RunClass = 'ok' | 'hang' | 'internal-error' | 'invalid-json' | 'raw-control' | 'unexpected';
/** The classes of `--fix` mode's invariants (see "Fix mode" in the header), in the order they apply. */
const FIX_CLASSES = ['fix-wrote-without-fix', 'fix-touched-other-file', 'fix-broke-encoding', 'fix-broke-parse', 'fix-not-idempotent', 'fix-unresolved'] as const;
type FixClass = (typeof FIX_CLASSES)[number];
type Class = RunClass | FixClass;
/** Classes of one run of the linter that fail it. */
const RUN_FAILING: readonly Class[] = ['hang', 'internal-error', 'invalid-json', 'raw-control'];
const FAILING: readonly Class[] = [...RUN_FAILING, ...FIX_CLASSES];
/** The classes a summary shows: the fix classes in --fix mode only. */
const classesOf = (fix: boolean): readonly Class[] => ['ok', ...RUN_FAILING, ...(fix ? FIX_CLASSES : []), 'unexpected'];

const STACK_LINE = /^\s+at .+:\d+:\d+\)?\s*$/m;
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f]/;

/** Numbers, quoted text and paths blanked, so that one cause is one group. */
function normalize(message: string): string {
  return message
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '…')
    .replace(/(?:\/[\w.@+-]+)+/g, '/…')
    .replace(/\d+/g, 'N')
    .slice(0, 200);
}

/** The innermost frames of a stack that are the linter's own code, as `function (file)` without line numbers. */
function topFrames(stackLines: string[], count = 3): string {
  const frames = stackLines
    .map((l) => l.trim())
    .filter((l) => l.startsWith('at '))
    .map((l) => l.replace(/^at /, '').replace(/\(?(?:file:\/\/)?[^()\s]*\/([^/()]+?):\d+:\d+\)?$/, '($1)').trim());
  return frames.slice(0, count).join(' ← ');
}

function escapeControls(text: string): string {
  return text.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * True when the linter itself did not load (one of its own modules missing: node_modules being
 * reinstalled, dist/ being rebuilt): a fact about this machine, not about the program.
 */
function environmentFailure(r: RunResult, linter: string): boolean {
  const root = path.dirname(path.dirname(linter));
  return /ERR_MODULE_NOT_FOUND|Cannot find (?:package|module)/.test(r.stderr) && r.stderr.includes(`imported from ${root}`);
}

/** The class of a run and the signature that groups it with runs failing for the same reason. */
function classify(c: Case, r: RunResult, linter: string): { cls: RunClass; signature: string; line: string } {
  if (r.timedOut) {
    const where = r.hangStack[0]?.includes(' ticks: ') ? `busy in ${normalize(r.hangStack[0].replace(/^\d+ ticks: /, '')).split(' ← ').slice(0, 3).join(' ← ')}` : r.hangStack.length > 0 ? `stuck in ${topFrames(r.hangStack)}` : 'no diagnostic report and no profile';
    return { cls: 'hang', signature: where, line: `killed after ${Math.round(r.ms)} ms (${r.cpuSeconds === null ? '?' : r.cpuSeconds.toFixed(1)} s of CPU at the timeout)${r.hangStack.length > 0 ? `; ${r.hangStack[0]}` : ''}` };
  }
  const stderrLines = r.stderr.split('\n').filter((l) => l !== '');
  if (environmentFailure(r, linter)) return { cls: 'unexpected', signature: 'environment: the linter itself does not load (its node_modules or dist/ changed during the run)', line: stderrLines.find((l) => /Cannot find/.test(l)) ?? '' };
  const internal = stderrLines.find((l) => /internal error/i.test(l));
  if (internal) return { cls: 'internal-error', signature: `internal error: ${normalize(internal.replace(/^.*internal error:\s*/i, '').replace(/ \(please report it.*$/, ''))}`, line: internal };
  if (STACK_LINE.test(r.stderr)) {
    const head = stderrLines.find((l) => /^\w*Error\b|^\w+: /.test(l.trim())) ?? stderrLines[0] ?? '';
    return { cls: 'internal-error', signature: `${normalize(head.trim())} at ${topFrames(stderrLines)}`, line: head.trim() };
  }
  if (r.code !== 0 && r.code !== 1 && r.code !== 2) {
    const oom = /heap limit|out of memory/i.test(r.stderr) ? ' (JavaScript heap out of memory)' : '';
    return { cls: 'internal-error', signature: `exit ${r.code ?? r.signal}${oom}`, line: stderrLines.find((l) => /FATAL|heap/i.test(l)) ?? stderrLines[0] ?? `exit ${r.code ?? r.signal}` };
  }
  if (r.truncated) return { cls: 'unexpected', signature: 'output over 64 MB', line: '' };
  if (r.code === 0 || r.code === 1) {
    if (c.format === 'json' || c.format === 'sarif') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(r.stdout);
      } catch (error) {
        return { cls: 'invalid-json', signature: `${c.format}: ${normalize((error as Error).message)}`, line: escapeControls(r.stdout.slice(0, 200)) };
      }
      const report = parsed as Record<string, unknown> | null;
      if (c.format === 'json' && (report === null || typeof report !== 'object' || !('schemaVersion' in report))) return { cls: 'invalid-json', signature: 'json: no schemaVersion', line: r.stdout.slice(0, 200) };
      if (c.format === 'sarif' && (report === null || typeof report !== 'object' || report.version !== '2.1.0' || !Array.isArray(report.runs))) return { cls: 'invalid-json', signature: 'sarif: no version 2.1.0 with runs', line: r.stdout.slice(0, 200) };
    }
  }
  const human = c.format === 'stylish' || c.format === 'markdown' || c.format === 'github';
  for (const [stream, text] of [['stdout', human ? r.stdout : ''], ['stderr', r.stderr]] as const) {
    const m = RAW_CONTROL.exec(text);
    if (m) {
      const lineStart = text.lastIndexOf('\n', m.index) + 1;
      const lineEnd = text.indexOf('\n', m.index);
      const line = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
      // Where it appeared: the text before the control character with the variable parts blanked.
      const before = normalize(line.slice(0, m.index - lineStart)).replace(/\s+/g, ' ').slice(0, 50);
      return { cls: 'raw-control', signature: `${stream} (${stream === 'stdout' ? c.format : 'any format'}): \\x${m[0].charCodeAt(0).toString(16).padStart(2, '0')} after ${JSON.stringify(before)}`, line: escapeControls(line.slice(0, 300)) };
    }
  }
  if (r.code === 2) {
    const bad = stderrLines.find((l) => !l.startsWith('mcp-annotate-lint: '));
    if (stderrLines.length === 0) return { cls: 'unexpected', signature: 'exit 2 with nothing on stderr', line: '' };
    if (bad !== undefined) return { cls: 'unexpected', signature: `exit 2 with a stderr line without the prefix: ${normalize(bad).slice(0, 80)}`, line: bad.slice(0, 300) };
  } else if (r.stderr !== '' && stderrLines.some((l) => !l.startsWith('mcp-annotate-lint: '))) {
    return { cls: 'unexpected', signature: `exit ${r.code} with a stderr line without the prefix: ${normalize(stderrLines.find((l) => !l.startsWith('mcp-annotate-lint: '))!).slice(0, 80)}`, line: stderrLines[0]!.slice(0, 300) };
  }
  if (r.leftProcesses) return { cls: 'unexpected', signature: 'a process was left in the group', line: '' };
  return { cls: 'ok', signature: '', line: '' };
}

// ---------------------------------------------------------------------------------------------
// Fix mode (--fix): the invariants of the linter's --fix (see "Fix mode" in the header)
// ---------------------------------------------------------------------------------------------

/** What is at a path of a run folder: links not followed, FIFOs and devices not opened. */
type Entry = { kind: 'file'; bytes: Buffer; ino: number; mtimeMs: number } | { kind: 'link'; target: string } | { kind: 'dir' } | { kind: 'special'; what: string };

/** Every entry under a run folder, by path relative to it (with `/`). */
type Snapshot = Map<string, Entry>;

/** Entries of a run folder that are the fuzzer's (diagnostic reports, a profile), not the program's. */
const NOT_THE_PROGRAM = new Set(['report', 'v8.log']);

function snapshot(dir: string): Snapshot {
  const out: Snapshot = new Map();
  const stack = [''];
  while (stack.length > 0) {
    const rel = stack.pop()!;
    let names: string[];
    try {
      names = readdirSync(rel ? path.join(dir, rel) : dir);
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      if (rel === '' && NOT_THE_PROGRAM.has(name)) continue;
      const sub = rel ? `${rel}/${name}` : name;
      const abs = path.join(dir, sub);
      let st;
      try {
        st = lstatSync(abs);
      } catch {
        continue;
      }
      if (st.isSymbolicLink()) {
        let target = '(unreadable)';
        try {
          target = readlinkSync(abs);
        } catch {
          // kept as unreadable
        }
        out.set(sub, { kind: 'link', target });
      } else if (st.isDirectory()) {
        out.set(sub, { kind: 'dir' });
        stack.push(sub);
      } else if (st.isFile()) {
        try {
          out.set(sub, { kind: 'file', bytes: readFileSync(abs), ino: st.ino, mtimeMs: st.mtimeMs });
        } catch {
          out.set(sub, { kind: 'special', what: 'unreadable file' });
        }
      } else {
        out.set(sub, { kind: 'special', what: st.isFIFO() ? 'FIFO' : st.isSocket() ? 'socket' : st.isCharacterDevice() ? 'character device' : st.isBlockDevice() ? 'block device' : 'special file' });
      }
    }
  }
  return out;
}

/** A difference between two snapshots. `rewritten`: a file with the same bytes but another inode or mtime. */
interface Change {
  path: string;
  what: 'created' | 'removed' | 'changed' | 'rewritten' | 'replaced';
  before?: Entry;
  after?: Entry;
}

function changesBetween(a: Snapshot, b: Snapshot): Change[] {
  const out: Change[] = [];
  for (const [p, e] of a) {
    const f = b.get(p);
    if (!f) out.push({ path: p, what: 'removed', before: e });
    else if (f.kind !== e.kind || (e.kind === 'special' && f.kind === 'special' && e.what !== f.what)) out.push({ path: p, what: 'replaced', before: e, after: f });
    else if (e.kind === 'file' && f.kind === 'file') {
      if (!e.bytes.equals(f.bytes)) out.push({ path: p, what: 'changed', before: e, after: f });
      else if (e.ino !== f.ino || e.mtimeMs !== f.mtimeMs) out.push({ path: p, what: 'rewritten', before: e, after: f });
    } else if (e.kind === 'link' && f.kind === 'link' && e.target !== f.target) out.push({ path: p, what: 'changed', before: e, after: f });
  }
  for (const [p, f] of b) if (!a.has(p)) out.push({ path: p, what: 'created', after: f });
  return out;
}

function entryWord(e: Entry | undefined): string {
  if (!e) return 'nothing';
  return e.kind === 'file' ? 'file' : e.kind === 'link' ? 'symbolic link' : e.kind === 'dir' ? 'folder' : e.what;
}

/** A path's category for a signature: where it is and its extension, without its name. */
function pathKind(p: string): string {
  const parts = p.split('/');
  const base = parts[parts.length - 1]!;
  const ext = /\.d\.[cm]?ts$/.test(base) ? '.d.ts' : /(\.[^./]+)$/.exec(base)?.[1] ?? 'no extension';
  return `${parts.includes('node_modules') ? 'under node_modules, ' : ''}${ext}`;
}

function describeChange(ch: Change): string {
  if (ch.what === 'replaced') return `replaced the ${entryWord(ch.before)} ${JSON.stringify(ch.path)} by a ${entryWord(ch.after)}`;
  return `${ch.what} the ${entryWord(ch.before ?? ch.after)} ${JSON.stringify(ch.path)}`;
}

/**
 * Why --fix must not change a file (relative to the run folder), as src/fix/editable.ts has it
 * (for a file that existed and is regular), or null when it may.
 */
function whyNotFixable(runDir: string, rel: string, original: Buffer): string | null {
  if (!SOURCE_EXT.test(rel)) return 'not a source file';
  if (rel.split('/').includes('node_modules')) return 'under node_modules';
  if (/\.d\.[cm]?ts$/.test(rel)) return 'a declaration file';
  if (/\.[cm]?jsx?$/.test(rel)) {
    const abs = path.join(runDir, rel);
    const stem = abs.replace(/\.[cm]?jsx?$/, '');
    if (existsSync(`${abs}.map`)) return 'compiled JavaScript (a .map beside it)';
    if (['.d.ts', '.d.mts', '.d.cts'].some((ext) => existsSync(stem + ext))) return 'compiled JavaScript (a declaration file beside it)';
    if (/^\/\/[#@] sourceMappingURL=/m.test(original.toString('utf8'))) return 'compiled JavaScript (it names a source map)';
  }
  return null;
}

/** The syntax errors TypeScript's parser finds in a text (by the file's extension); a parser crash counts as infinitely many. */
function syntaxErrors(file: string, text: string): { count: number; messages: string[] } {
  const kind = /\.[jt]sx$/.test(file) ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  try {
    const sf = ts.createSourceFile(path.posix.basename(file), text, ts.ScriptTarget.Latest, false, kind) as Ts.SourceFile & { parseDiagnostics?: readonly Ts.Diagnostic[] };
    const diagnostics = sf.parseDiagnostics ?? [];
    return { count: diagnostics.length, messages: diagnostics.map((d) => `${lineOf(text, d.start ?? 0)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`) };
  } catch (error) {
    return { count: Number.POSITIVE_INFINITY, messages: [`the parser crashed: ${(error as Error).message}`] };
  }
}

/** True when decoding the bytes as UTF-8 and encoding the text again gives them back (the linter edits the decoded text). */
const isCleanUtf8 = (bytes: Buffer): boolean => Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
const hasBom = (bytes: Buffer): boolean => bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/** A finding as `--format json` reports it (the fields used here). */
interface ReportedFinding {
  ruleId: string;
  severity: string;
  tool: string | null;
  file: string;
  line: number;
  column: number;
  message: string;
  fix?: { file: string; range: [number, number]; text: string };
}

/** The findings of a JSON report, or null when stdout is not one. */
function findingsOf(stdout: string): ReportedFinding[] | null {
  try {
    const report = JSON.parse(stdout) as { findings?: unknown };
    return Array.isArray(report?.findings) ? (report.findings as ReportedFinding[]) : null;
  } catch {
    return null;
  }
}

const HINT_NAME = /\b(readOnlyHint|destructiveHint|idempotentHint|openWorldHint)\b/;

/** A finding's key for fix-unresolved: rule, tool and the hint its message names (the tool's name removed first, which may hold one). */
function findingKey(f: ReportedFinding): string {
  const message = f.tool ? String(f.message).split(f.tool).join('') : String(f.message);
  return JSON.stringify([f.ruleId, f.tool, HINT_NAME.exec(message)?.[1] ?? '']);
}

/** A key as a line shows it: `rule "tool" hint`, the tool's name cut at 40 characters and escaped. */
function showKey(key: string): string {
  const [rule, tool, hint] = JSON.parse(key) as [string, string | null, string];
  return [rule, tool === null ? '(no name)' : JSON.stringify(tool.length > 40 ? `${tool.slice(0, 40)}…` : tool), hint].filter(Boolean).join(' ');
}

/**
 * ESLint's merge, as src/fix/merge.ts makes it (in order of position, identical edits once, an edit
 * starting inside one taken skipped): the text with `fixes` applied, and where each fix's text
 * stands in it (null: skipped, or a range that does not fit the text).
 */
function simulateFixes(text: string, fixes: readonly { range: [number, number]; text: string }[]): { text: string; at: (number | null)[] } {
  const order = fixes.map((f, i) => ({ f, i })).sort((a, b) => a.f.range[0] - b.f.range[0] || a.f.range[1] - b.f.range[1] || a.i - b.i);
  const at: (number | null)[] = fixes.map(() => null);
  const taken = new Map<string, number>();
  let out = '';
  let pos = 0;
  for (const { f, i } of order) {
    const key = `${f.range[0]}\u0000${f.range[1]}\u0000${f.text}`;
    if (taken.has(key)) {
      at[i] = taken.get(key)!;
      continue;
    }
    const [start, end] = f.range;
    if (!Number.isInteger(start) || !Number.isInteger(end) || typeof f.text !== 'string' || start < pos || end > text.length || start > end) continue;
    out += text.slice(pos, start);
    at[i] = out.length;
    taken.set(key, out.length);
    out += f.text;
    pos = end;
  }
  return { text: out + text.slice(pos), at };
}

/**
 * True when the text `len` long at `p` in `simulated`, with one character of context on each side,
 * stands unchanged in `actual`: within the common prefix of the two texts, or within their common suffix.
 */
function standsIn(simulated: string, actual: string, p: number, len: number): boolean {
  let prefix = 0;
  const n = Math.min(simulated.length, actual.length);
  while (prefix < n && simulated.charCodeAt(prefix) === actual.charCodeAt(prefix)) prefix++;
  const lo = Math.max(0, p - 1);
  const hi = Math.min(simulated.length, p + len + 1);
  if (hi <= prefix) return true;
  let suffix = 0;
  while (suffix < n && simulated.charCodeAt(simulated.length - 1 - suffix) === actual.charCodeAt(actual.length - 1 - suffix)) suffix++;
  return simulated.length - lo <= suffix;
}

/** One run of the linter in fix mode. */
interface Step {
  name: 'lint' | 'fix' | 'fix-again' | 'relint';
  args: string[];
  result: RunResult;
  cls: RunClass;
  signature: string;
  line: string;
}

interface Violation {
  cls: FixClass;
  signature: string;
  detail: string;
  /** The step whose run broke the invariant. */
  step: Step['name'];
}

/** A fix of the first report, and whether --fix made it (null: could not be told). */
interface NotedFix {
  ruleId: string;
  tool: string | null;
  file: string;
  line: number;
  severity: string;
  key: string;
  fix: ReportedFinding['fix'];
  made: boolean | null;
}

interface FixRun {
  cls: Class;
  signature: string;
  line: string;
  /** The step the class comes from (its command is the group's). */
  step: Step['name'];
  steps: Step[];
  violations: Violation[];
  fixes: NotedFix[];
  /** Files the --fix runs changed, before and after (for the diffs of a kept program). */
  changed: { step: string; change: Change }[];
  stats: { fixes: number; filesChanged: number; made: number; undetermined: number; keys: number; skipped: number };
}

/** Of the programs whose first report carries no fix, one in this many is still run with --fix (all with --fix-thorough). */
const FIX_SAMPLE = 4;

/** The arguments of the fix-mode runs: the case's, with `--format json` and without `--tools`. */
function fixModeArgs(c: Case): string[] {
  const out: string[] = [];
  for (let i = 0; i < c.args.length; i++) {
    if (c.args[i] === '--format') {
      i++;
      continue;
    }
    if (c.args[i] === '--tools') continue;
    out.push(c.args[i]!);
  }
  return [...out, '--format', 'json'];
}

/** `nobody` when this process runs as root (the linter then cannot write outside the program's folder); else undefined. */
function sandboxIdentity(): Identity | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('nobody:'));
    const [, , uid, gid] = line?.split(':') ?? [];
    if (uid !== undefined && gid !== undefined) return { uid: Number(uid), gid: Number(gid) };
  } catch {
    // no passwd file
  }
  return { uid: 65534, gid: 65534 };
}

/** Gives a folder and everything under it (links themselves, not followed) to `as`. */
function giveTree(dir: string, as: Identity): void {
  const stack = [dir];
  lchownSync(dir, as.uid, as.gid);
  while (stack.length > 0) {
    const d = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const abs = path.join(d, e.name);
      try {
        lchownSync(abs, as.uid, as.gid);
      } catch {
        // gone
      }
      if (e.isDirectory()) stack.push(abs);
    }
  }
}

/** Runs the linter once (retrying while its own modules are missing; profiling a hang without a report). */
async function runOnce(opts: Options, c: Case, runDir: string, args: readonly string[], as?: Identity): Promise<RunResult> {
  let result = await runLinter(opts.linter, c, runDir, opts.timeoutMs, args, as);
  // The linter's own modules missing (node_modules being reinstalled): wait, up to 5 minutes.
  for (let attempt = 1; attempt <= 30 && environmentFailure(result, opts.linter); attempt++) {
    if (attempt === 1) console.error(`fuzz: program ${c.index}: the linter does not load (its node_modules being reinstalled?); retrying every 10 s`);
    await new Promise((r) => setTimeout(r, 10_000));
    result = await runLinter(opts.linter, c, runDir, opts.timeoutMs, args, as);
  }
  if (result.timedOut && result.hangStack.length === 0) result.hangStack = await profileHang(opts.linter, c, runDir, Math.min(opts.timeoutMs, 30_000), args, as);
  return result;
}

/** How a step's run failure is signed: the first run as in the other mode, the others with the step's name. */
const STEP_PREFIX: Record<Step['name'], string> = { lint: '', fix: '--fix: ', 'fix-again': 'second --fix: ', relint: 'lint after --fix: ' };

/** Lints a written program up to four times and checks the invariants of --fix (see the header). */
async function runFixCase(opts: Options, c: Case, runDir: string, as: Identity | undefined): Promise<FixRun> {
  const project = path.join(runDir, 'project');
  const cwd = c.cwd === 'run' ? runDir : project;
  const base = fixModeArgs(c);
  const steps: Step[] = [];
  const violations: Violation[] = [];
  const changed: FixRun['changed'] = [];
  const stats = { fixes: 0, filesChanged: 0, made: 0, undetermined: 0, keys: 0, skipped: 0 };
  let noted: NotedFix[] = [];
  const violate = (cls: FixClass, signature: string, detail: string, step: Step['name'] = steps[steps.length - 1]?.name ?? 'lint'): void => {
    violations.push({ cls, signature: `${cls}: ${signature}`, detail, step });
  };
  const finish = (failed?: Step): FixRun => {
    const rest = { steps, violations, fixes: noted, changed, stats };
    if (failed) return { cls: failed.cls, signature: `${STEP_PREFIX[failed.name]}${failed.signature}`, line: failed.line, step: failed.name, ...rest };
    for (const cls of FIX_CLASSES) {
      const v = violations.find((x) => x.cls === cls);
      if (v) return { cls, signature: v.signature, line: v.detail, step: v.step, ...rest };
    }
    const odd = steps.find((s) => s.cls !== 'ok');
    if (odd) return { cls: odd.cls, signature: `${STEP_PREFIX[odd.name]}${odd.signature}`, line: odd.line, step: odd.name, ...rest };
    return { cls: 'ok', signature: '', line: '', step: 'lint', ...rest };
  };
  const run = async (name: Step['name'], args: string[]): Promise<Step> => {
    const result = await runOnce(opts, c, runDir, args, as);
    const { cls, signature, line } = classify(c, result, opts.linter);
    const step: Step = { name, args, result, cls, signature, line };
    steps.push(step);
    return step;
  };
  const wroteNothing = (name: string, from: Snapshot, to: Snapshot): void => {
    const seen = changesBetween(from, to);
    if (seen.length > 0) violate('fix-wrote-without-fix', `${name} ${seen[0]!.what} a ${entryWord(seen[0]!.before ?? seen[0]!.after)} (${pathKind(seen[0]!.path)})`, `${name}: ${seen.slice(0, 5).map(describeChange).join('; ')}${seen.length > 5 ? `; and ${seen.length - 5} more` : ''}`);
  };

  // 1. lint: writes nothing; the fixes it reports.
  const snap0 = snapshot(runDir);
  const lint = await run('lint', base);
  if (RUN_FAILING.includes(lint.cls)) return finish(lint);
  const snap1 = snapshot(runDir);
  wroteNothing('the run without --fix', snap0, snap1);
  const before = findingsOf(lint.result.stdout) ?? [];
  const rel = (file: string): string => path.relative(runDir, path.resolve(cwd, file)).split(path.sep).join('/');
  noted = before.filter((f) => f.fix && typeof f.fix.file === 'string').map((f) => ({ ruleId: f.ruleId, tool: f.tool, file: f.file, line: f.line, severity: f.severity, key: findingKey(f), fix: f.fix, made: null }));
  stats.fixes = noted.length;
  // A fix outside the program's folder is not let run (it would write the repository or the system).
  const realProject = realpathSync(project);
  const outside = noted.filter((n) => {
    const abs = path.resolve(cwd, n.fix!.file);
    let real = abs;
    try {
      real = realpathSync(abs);
    } catch {
      // a file that is not there: its path as written
    }
    const r = path.relative(realProject, real);
    return r.startsWith('..') || path.isAbsolute(r);
  });
  if (outside.length > 0) {
    violate('fix-touched-other-file', 'a fix names a file outside the program folder (--fix not run)', `${outside[0]!.ruleId} on ${JSON.stringify(outside[0]!.tool)}: fix of ${JSON.stringify(outside[0]!.fix!.file)}`);
    return finish();
  }
  // No fix reported: --fix, whose first pass makes the fixes of this same lint, has nothing to write (sampled, see the header).
  if (noted.length === 0 && !opts.fixThorough && c.index % FIX_SAMPLE !== 0) {
    stats.skipped = 1;
    return finish();
  }

  // 2. fix: only editable source files change, their encoding and parse intact.
  const fix = await run('fix', [...base, '--fix']);
  if (RUN_FAILING.includes(fix.cls)) return finish(fix);
  const snap2 = snapshot(runDir);
  const fixChanges = changesBetween(snap1, snap2);
  for (const change of fixChanges) {
    changed.push({ step: 'fix', change });
    const { path: p, before: b, after: a } = change;
    if (change.what !== 'changed' && change.what !== 'rewritten') {
      violate('fix-touched-other-file', `--fix ${change.what} a ${entryWord(b ?? a)} (${pathKind(p)})`, `--fix ${describeChange(change)}`);
      continue;
    }
    if (b?.kind !== 'file' || a?.kind !== 'file') {
      violate('fix-touched-other-file', `--fix changed a ${entryWord(b)} (${pathKind(p)})`, `--fix ${describeChange(change)}`);
      continue;
    }
    const why = whyNotFixable(runDir, p, b.bytes);
    if (why) {
      violate('fix-touched-other-file', `--fix changed a file that is ${why} (${pathKind(p)})`, `--fix ${describeChange(change)}: it is ${why}`);
      continue;
    }
    if (change.what === 'rewritten') continue; // the same bytes: nothing to parse
    stats.filesChanged++;
    if (!isCleanUtf8(b.bytes)) {
      violate('fix-broke-encoding', `--fix rewrote a file that is not UTF-8 (${/^\xff\xfe|^\xfe\xff/.test(b.bytes.subarray(0, 2).toString('latin1')) ? 'UTF-16 with BOM' : 'invalid UTF-8 bytes'})`, `${JSON.stringify(p)}: ${b.bytes.length} bytes, not UTF-8, rewritten (${a.bytes.length} bytes): bytes the fix did not touch changed`);
      continue;
    }
    if (hasBom(b.bytes) && !hasBom(a.bytes)) violate('fix-broke-encoding', '--fix removed the UTF-8 BOM', `${JSON.stringify(p)}: the BOM it started with is gone`);
    const errorsBefore = syntaxErrors(p, b.bytes.toString('utf8'));
    const errorsAfter = syntaxErrors(p, a.bytes.toString('utf8'));
    if (errorsAfter.count > errorsBefore.count) {
      const fresh = errorsAfter.messages.find((m) => !errorsBefore.messages.some((o) => o.replace(/^\d+: /, '') === m.replace(/^\d+: /, ''))) ?? errorsAfter.messages[0] ?? '';
      violate('fix-broke-parse', `--fix added a syntax error: ${normalize(fresh.replace(/^\d+: /, ''))}`, `${JSON.stringify(p)}: ${errorsBefore.count} syntax errors before, ${errorsAfter.count} after; first new: line ${fresh}`);
    }
  }
  if (fixChanges.length === 0) return finish(); // nothing written: a second --fix would do the same, and no fix was made

  // 3. fix-again: changes nothing.
  const again = await run('fix-again', [...base, '--fix']);
  if (RUN_FAILING.includes(again.cls)) return finish(again);
  const snap3 = snapshot(runDir);
  const againChanges = changesBetween(snap2, snap3);
  for (const change of againChanges) changed.push({ step: 'fix-again', change });
  if (againChanges.length > 0) {
    const wouldFix = [...new Set((findingsOf(fix.result.stdout) ?? []).filter((f) => f.fix).map((f) => f.ruleId))].sort();
    const first = againChanges[0]!;
    violate('fix-not-idempotent', `the second --fix ${first.what === 'rewritten' ? 'rewrote a file with the same bytes' : `${first.what} a ${entryWord(first.before ?? first.after)}`}${wouldFix.length > 0 ? ` (fixes left after the first: ${wouldFix.join(', ')})` : ''}`, `second --fix: ${againChanges.slice(0, 5).map(describeChange).join('; ')}; stderr: ${again.result.stderr.split('\n')[0] ?? ''}`);
  }

  // 4. relint (sampled, see the header): writes nothing; then no report may hold a finding the fixes resolved.
  const reports: [string, Step][] = [['the report of --fix', fix]];
  if (againChanges.length === 0) reports.push(['the report of the second --fix', again]);
  if (opts.fixThorough || c.index % FIX_SAMPLE === 0) {
    const relint = await run('relint', base);
    if (RUN_FAILING.includes(relint.cls)) return finish(relint);
    wroteNothing('the run without --fix after --fix', snap3, snapshot(runDir));
    reports.push(['the lint after --fix', relint]);
  }
  // Which fixes of step 1 were made: simulated per file on the text as read, checked against the text step 2 left.
  const byFile = new Map<string, NotedFix[]>();
  for (const n of noted) {
    const key = rel(n.fix!.file);
    const list = byFile.get(key);
    if (list) list.push(n);
    else byFile.set(key, [n]);
  }
  for (const [file, list] of byFile) {
    const b = snap1.get(file);
    const a = snap2.get(file);
    if (b?.kind !== 'file' || a?.kind !== 'file' || !isCleanUtf8(b.bytes) || b.bytes.equals(a.bytes)) {
      for (const n of list) n.made = b?.kind === 'file' && a?.kind === 'file' && b.bytes.equals(a.bytes) ? false : null;
      continue;
    }
    const sim = simulateFixes(b.bytes.toString('utf8'), list.map((n) => n.fix!));
    const actual = a.bytes.toString('utf8');
    list.forEach((n, i) => {
      const p = sim.at[i];
      n.made = p === null || p === undefined ? false : standsIn(sim.text, actual, p, n.fix!.text.length) ? true : null;
    });
  }
  stats.made = noted.filter((n) => n.made === true).length;
  stats.undetermined = noted.filter((n) => n.made === null).length;
  // A key counts when every finding of step 1 with it carried a fix that was made.
  const keys = new Map<string, { all: number; made: number }>();
  for (const f of before) {
    const k = findingKey(f);
    const e = keys.get(k) ?? { all: 0, made: 0 };
    e.all++;
    keys.set(k, e);
  }
  for (const n of noted) if (n.made === true) keys.get(n.key)!.made++;
  const counted = new Set([...keys].filter(([, e]) => e.made > 0 && e.made === e.all).map(([k]) => k));
  stats.keys = counted.size;
  for (const [label, step] of reports) {
    for (const f of findingsOf(step.result.stdout) ?? []) {
      const k = findingKey(f);
      if (!counted.has(k) || !(f.fix || f.severity === 'error')) continue;
      const was = noted.find((n) => n.key === k)!;
      violate(
        'fix-unresolved',
        `${f.ruleId} still reported ${f.fix ? 'with a fix' : 'as an error'} after its fix was made`,
        `${label}: ${showKey(k)} at ${f.file}:${f.line}:${f.column} (${f.severity}${f.fix ? `, fix ${JSON.stringify(f.fix)}` : ''}); its fix ${JSON.stringify(was.fix)} was made; message: ${String(f.message).slice(0, 200)}`,
        step.name,
      );
      break;
    }
  }
  return finish();
}

// ---------------------------------------------------------------------------------------------
// Bookkeeping and the summary
// ---------------------------------------------------------------------------------------------

interface Group {
  cls: Class;
  signature: string;
  count: number;
  kinds: Record<string, number>;
  examples: string[];
  line: string;
  command: string;
  applied: string[];
}

interface Tally {
  started: number;
  done: number;
  byClass: Record<string, number>;
  byKind: Record<string, Record<string, number>>;
  groups: Map<string, Group>;
  slowest: { index: number; ms: number; kinds: string }[];
  startedAt: number;
  /** --fix mode: how much the invariants were exercised. */
  fix: FixStats;
}

interface FixStats {
  /** Programs whose first report had a finding with a fix, and those fixes. */
  withFixes: number;
  fixes: number;
  /** Programs (and files) the first --fix changed. */
  changed: number;
  filesChanged: number;
  /** Fixes counted as made (fix-unresolved checks their findings), and those it could not tell. */
  made: number;
  undetermined: number;
  /** Finding keys (rule, tool, hint) checked for fix-unresolved. */
  keys: number;
  /** Programs without a fix in their first report that were not run with --fix (see the header). */
  skipped: number;
}

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The command that reproduces a run from the folder holding `project/`. */
function commandLine(linter: string, c: Case): string {
  return `${c.cwd === 'project' ? 'cd project && ' : ''}node ${shellQuote(linter)} ${c.args.map(shellQuote).join(' ')}`;
}

function summaryText(t: Tally, opts: Options, keep: string): string {
  const elapsed = (performance.now() - t.startedAt) / 1000;
  const lines: string[] = [];
  lines.push(`mcp-annotate-lint fuzz${opts.fix ? ' --fix' : ''} — ${t.done} of ${opts.only === undefined ? opts.programs : 1} programs, seed ${opts.seed}, ${opts.jobs} jobs, timeout ${opts.timeoutMs} ms, ${elapsed.toFixed(0)} s`);
  lines.push('');
  const classes = classesOf(opts.fix);
  lines.push('class                    programs');
  for (const cls of classes) lines.push(`${cls.padEnd(24)} ${String(t.byClass[cls] ?? 0).padStart(8)}`);
  lines.push('');
  if (opts.fix) {
    const f = t.fix;
    lines.push(`--fix: ${f.withFixes} programs reported fixes (${f.fixes} in all), --fix changed files in ${f.changed} (${f.filesChanged} files); ${f.made} fixes counted as made for fix-unresolved, ${f.undetermined} undetermined, ${f.keys} finding keys checked; ${f.skipped} programs without a fix not run with --fix (1 in ${FIX_SAMPLE} is; --fix-thorough: all)`);
    lines.push('');
  }
  // Column heads: the class without its `fix-` prefix (fix-wrote-without-fix is `wrote-without-`).
  const cols = classes;
  lines.push(['kind'.padEnd(24), ...cols.map((c) => c.replace(/^fix-/, '').slice(0, 14).padStart(14))].join(' '));
  for (const kind of Object.keys(t.byKind).sort()) lines.push([kind.padEnd(24), ...cols.map((c) => String(t.byKind[kind]![c] ?? 0).padStart(14))].join(' '));
  lines.push('');
  const groups = [...t.groups.values()].sort((a, b) => classes.indexOf(a.cls) - classes.indexOf(b.cls) || b.count - a.count);
  lines.push(groups.length === 0 ? 'no failure groups' : 'failure groups (class · count · signature):');
  for (const g of groups) {
    lines.push(`  ${g.cls} · ${g.count} · ${escapeControls(g.signature)}`);
    lines.push(`      kinds: ${Object.entries(g.kinds).map(([k, n]) => `${k} ${n}`).join(', ')}`);
    lines.push(`      e.g. ${g.examples[0] ?? '(not kept)'}`);
    lines.push(`      $ ${escapeControls(g.command)}`);
    if (g.line) lines.push(`      > ${escapeControls(g.line).slice(0, 300)}`);
  }
  lines.push('');
  lines.push('slowest runs:');
  for (const s of t.slowest) lines.push(`  #${s.index} ${(s.ms / 1000).toFixed(1)} s ${s.kinds}`);
  lines.push('');
  lines.push(`failing programs kept in ${keep}`);
  return `${lines.join('\n')}\n`;
}

function writeSummary(t: Tally, opts: Options, keep: string): void {
  mkdirSync(keep, { recursive: true });
  writeFileSync(path.join(keep, 'summary.txt'), summaryText(t, opts, keep));
  writeFileSync(
    path.join(keep, 'summary.json'),
    `${JSON.stringify({ programs: t.done, seed: opts.seed, jobs: opts.jobs, timeoutMs: opts.timeoutMs, fix: opts.fix, seconds: Math.round((performance.now() - t.startedAt) / 1000), byClass: t.byClass, ...(opts.fix ? { fixStats: t.fix } : {}), byKind: t.byKind, groups: [...t.groups.values()], slowest: t.slowest }, null, 2)}\n`,
  );
}

/** Keeps a failing program with its command and output for reproduction; returns its folder. */
function keepProgram(keep: string, cls: RunClass, c: Case, r: RunResult, linter: string, signature: string): string {
  const dir = path.join(keep, cls, `${c.index}-${c.kinds.join('+')}`);
  writeProgram(c.program, path.join(dir, 'project'));
  writeFileSync(path.join(dir, 'command.txt'), `${commandLine(linter, c)}\n`);
  writeFileSync(path.join(dir, 'stdout.txt'), r.stdout.slice(0, KEPT_OUTPUT));
  writeFileSync(path.join(dir, 'stderr.txt'), r.stderr.slice(0, KEPT_OUTPUT));
  writeFileSync(
    path.join(dir, 'info.json'),
    `${JSON.stringify({ index: c.index, seed: c.seed, kinds: c.kinds, applied: c.applied, args: c.args, cwd: c.cwd, class: cls, signature, exit: r.code, signal: r.signal, ms: Math.round(r.ms), cpuSeconds: r.cpuSeconds, hangStack: r.hangStack }, null, 2)}\n`,
  );
  return dir;
}

/** The commands of a fix-mode program, in order, from the folder holding `project/`. */
function fixCommandLines(linter: string, c: Case): string {
  const base = fixModeArgs(c);
  const line = (args: string[]): string => `${c.cwd === 'project' ? '(cd project && ' : ''}node ${shellQuote(linter)} ${args.map(shellQuote).join(' ')}${c.cwd === 'project' ? ')' : ''}`;
  return ['# lint, --fix, --fix again, lint again (see "Fix mode" in scripts/fuzz.ts)', line(base), line([...base, '--fix']), line([...base, '--fix']), line(base)].join('\n');
}

/** Keeps a failing fix-mode program: the program as generated, each step's output, the diffs of the --fix runs, what was violated. */
function keepFixProgram(keep: string, c: Case, f: FixRun, linter: string): string {
  const dir = path.join(keep, f.cls, `${c.index}-${c.kinds.join('+')}`);
  writeProgram(c.program, path.join(dir, 'project'));
  writeFileSync(path.join(dir, 'command.txt'), `${fixCommandLines(linter, c)}\n`);
  for (const step of f.steps) {
    writeFileSync(path.join(dir, `${step.name}.stdout.txt`), step.result.stdout.slice(0, KEPT_OUTPUT));
    writeFileSync(path.join(dir, `${step.name}.stderr.txt`), step.result.stderr.slice(0, KEPT_OUTPUT));
  }
  for (const stepName of ['fix', 'fix-again']) {
    const parts: string[] = [];
    for (const { change } of f.changed.filter((x) => x.step === stepName)) {
      const { before: b, after: a } = change;
      if (b?.kind === 'file' && a?.kind === 'file' && b.bytes.length + a.bytes.length < 4_000_000) {
        parts.push(b.bytes.equals(a.bytes) ? `${change.path}: rewritten with the same bytes\n` : createTwoFilesPatch(`a/${change.path}`, `b/${change.path}`, b.bytes.toString('utf8'), a.bytes.toString('utf8'), undefined, undefined, { context: 3 }).replace(/^={3,}\n/, ''));
      } else parts.push(`${describeChange(change)}\n`);
    }
    if (parts.length > 0) writeFileSync(path.join(dir, `${stepName}.diff`), parts.join('').slice(0, KEPT_OUTPUT));
  }
  writeFileSync(
    path.join(dir, 'info.json'),
    `${JSON.stringify(
      {
        index: c.index,
        seed: c.seed,
        kinds: c.kinds,
        applied: c.applied,
        args: fixModeArgs(c),
        cwd: c.cwd,
        class: f.cls,
        signature: f.signature,
        violations: f.violations,
        steps: f.steps.map((s) => ({ name: s.name, class: s.cls, signature: s.signature, exit: s.result.code, signal: s.result.signal, ms: Math.round(s.result.ms), hangStack: s.result.hangStack })),
        fixes: f.fixes,
        stats: f.stats,
      },
      null,
      2,
    )}\n`,
  );
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

interface Options {
  programs: number;
  jobs: number;
  seed: string;
  timeoutMs: number;
  keep: string | undefined;
  kinds: string[] | undefined;
  only: number | undefined;
  start: number;
  linter: string;
  listKinds: boolean;
  write: string | undefined;
  /** Check the invariants of --fix on each program (see "Fix mode" in the header). */
  fix: boolean;
  /** With --fix: run --fix on programs whose first report has no fix too (else one in FIX_SAMPLE). */
  fixThorough: boolean;
  help: boolean;
}

function options(argv: string[]): Options | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        programs: { type: 'string' },
        jobs: { type: 'string' },
        seed: { type: 'string' },
        'timeout-ms': { type: 'string' },
        keep: { type: 'string' },
        kinds: { type: 'string' },
        only: { type: 'string' },
        start: { type: 'string' },
        linter: { type: 'string' },
        'list-kinds': { type: 'boolean' },
        write: { type: 'string' },
        fix: { type: 'boolean' },
        'fix-thorough': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    return (error as Error).message;
  }
  const int = (v: string | undefined, name: string, dflt: number): number | string => {
    if (v === undefined) return dflt;
    const n = Number(v);
    return Number.isInteger(n) && n >= 0 ? n : `--${name} wants a whole number, not ${JSON.stringify(v)}`;
  };
  const programs = int(parsed.programs, 'programs', 5000);
  const jobs = int(parsed.jobs, 'jobs', Math.max(1, os.cpus().length));
  const timeoutMs = int(parsed['timeout-ms'], 'timeout-ms', 60_000);
  const only = parsed.only === undefined ? undefined : int(parsed.only, 'only', 0);
  const start = int(parsed.start, 'start', 0);
  for (const v of [programs, jobs, timeoutMs, only, start]) if (typeof v === 'string') return v;
  const kinds = parsed.kinds?.split(',').map((k) => k.trim()).filter(Boolean);
  const unknown = kinds?.filter((k) => !MUTATORS.some((m) => m.kind === k)) ?? [];
  if (unknown.length > 0) return `unknown mutation kind ${unknown.join(', ')} (--list-kinds lists them)`;
  return {
    programs: programs as number,
    jobs: Math.max(1, jobs as number),
    seed: parsed.seed ?? '1',
    timeoutMs: Math.max(1, timeoutMs as number),
    keep: parsed.keep,
    kinds,
    only: only as number | undefined,
    start: start as number,
    linter: path.resolve(parsed.linter ?? path.join(REPO, 'bin', 'mcp-annotate-lint.js')),
    listKinds: parsed['list-kinds'] ?? false,
    write: parsed.write,
    fix: parsed.fix ?? false,
    fixThorough: parsed['fix-thorough'] ?? false,
    help: parsed.help ?? false,
  };
}

async function main(): Promise<number> {
  const opts = options(process.argv.slice(2));
  if (typeof opts === 'string') {
    console.error(`fuzz: ${opts}`);
    return 2;
  }
  if (opts.fixThorough && !opts.fix) {
    console.error('fuzz: --fix-thorough goes with --fix');
    return 2;
  }
  if (opts.help) {
    console.log('usage: npm run fuzz -- [--programs N] [--jobs J] [--seed S] [--timeout-ms T] [--keep DIR] [--start S]');
    console.log('       [--kinds a,b] [--only I] [--linter FILE] [--write DIR] [--list-kinds] [--fix]   (see the top of scripts/fuzz.ts)');
    console.log('  --fix   check the invariants of the linter\'s --fix on each program instead: a run without --fix writes');
    console.log('          nothing, --fix changes source files only and breaks neither their parse nor their encoding,');
    console.log('          a second --fix changes nothing, and no finding a fix resolved is reported again');
    console.log('  --fix-thorough   with --fix: run every step on every program (default: --fix on 1 in 4 of the programs');
    console.log('                   whose report has no fix, the plain lint after --fix on 1 in 4 of those --fix changed)');
    return 0;
  }
  if (opts.listKinds) {
    for (const m of MUTATORS) console.log(m.kind);
    return 0;
  }
  if (!existsSync(opts.linter) || !existsSync(path.join(REPO, 'dist', 'src', 'cli.js'))) {
    console.error(`fuzz: ${opts.linter} or dist/src/cli.js is missing (run \`npm run build\` first)`);
    return 2;
  }
  const seeds = loadSeeds();
  const kinds = opts.kinds ? MUTATORS.filter((m) => opts.kinds!.includes(m.kind)) : MUTATORS;
  if (opts.write !== undefined) {
    // Only write the programs (to read what the mutators make), nothing is run.
    for (const index of opts.only === undefined ? Array.from({ length: opts.programs }, (_, i) => opts.start + i) : [opts.only]) {
      const c = makeCase(index, opts.seed, seeds, kinds);
      const dir = path.join(path.resolve(opts.write), `${index}-${c.kinds.join('+')}`);
      writeProgram(c.program, path.join(dir, 'project'));
      writeFileSync(path.join(dir, 'info.json'), `${JSON.stringify({ index, seed: c.seed, applied: c.applied, args: c.args, cwd: c.cwd }, null, 2)}\n`);
    }
    return 0;
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'mcp-annotate-lint-fuzz-'));
  const keep = path.resolve(opts.keep ?? mkdtempSync(path.join(os.tmpdir(), 'mcp-annotate-lint-fuzz-kept-')));
  mkdirSync(keep, { recursive: true });
  const cleanup = (): void => rmSync(root, { recursive: true, force: true });

  console.error(`fuzz: ${seeds.length} seeds (${seeds.map((s) => s.name.replace(/^test\/fixtures\//, '')).join(', ')})`);
  console.error(`fuzz: ${kinds.length} mutation kinds, ${opts.only === undefined ? opts.programs : 1} programs, ${opts.jobs} at a time, timeout ${opts.timeoutMs} ms, seed ${opts.seed}; work in ${root}`);

  const tally: Tally = { started: 0, done: 0, byClass: {}, byKind: {}, groups: new Map(), slowest: [], startedAt: performance.now(), fix: { withFixes: 0, fixes: 0, changed: 0, filesChanged: 0, made: 0, undetermined: 0, keys: 0, skipped: 0 } };
  // --fix mode as root: the linter runs as nobody, in folders given to it (see "Fix mode").
  const sandbox = opts.fix ? sandboxIdentity() : undefined;
  if (sandbox) chmodSync(root, 0o755);
  if (opts.fix) console.error(`fuzz: --fix mode: lint, --fix, --fix again, lint again per program${sandbox ? `; the linter runs as uid ${sandbox.uid}` : ''}`);
  const onSignal = (signal: NodeJS.Signals): void => {
    for (const pid of RUNNING) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    cleanup();
    writeSummary(tally, opts, keep);
    console.error(`fuzz: interrupted (${signal}); partial summary in ${path.join(keep, 'summary.txt')}`);
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const indices = opts.only === undefined ? Array.from({ length: opts.programs }, (_, i) => opts.start + i) : [opts.only];
  let next = 0;

  const worker = async (): Promise<void> => {
    while (next < indices.length) {
      const index = indices[next++]!;
      const c = makeCase(index, opts.seed, seeds, kinds);
      const runDir = path.join(root, `p${index}`);
      let result: RunResult | undefined;
      let fixRun: FixRun | undefined;
      try {
        writeProgram(c.program, path.join(runDir, 'project'));
        if (opts.fix) {
          c.format = 'json';
          if (sandbox) giveTree(runDir, sandbox);
          fixRun = await runFixCase(opts, c, runDir, sandbox);
        } else result = await runOnce(opts, c, runDir, c.args);
      } catch (error) {
        console.error(`fuzz: program ${index} could not be run: ${(error as Error).message}`);
        rmSync(runDir, { recursive: true, force: true });
        continue;
      }
      const { cls, signature, line } = fixRun ?? classify(c, result!, opts.linter);
      const ms = fixRun ? fixRun.steps.reduce((n, s) => n + s.result.ms, 0) : result!.ms;
      const cpuSeconds = fixRun ? null : result!.cpuSeconds;
      appendFileSync(
        path.join(keep, 'results.jsonl'),
        `${JSON.stringify({ index, cls, signature, kinds: c.kinds, format: c.format, ms: Math.round(ms), cpuSeconds, ...(fixRun ? { steps: fixRun.steps.map((s) => `${s.name}:${s.result.code ?? s.result.signal}`), ...fixRun.stats, violations: fixRun.violations.map((v) => v.signature) } : {}) })}\n`,
      );
      rmSync(runDir, { recursive: true, force: true });
      if (fixRun) {
        tally.fix.withFixes += fixRun.stats.fixes > 0 ? 1 : 0;
        tally.fix.fixes += fixRun.stats.fixes;
        tally.fix.changed += fixRun.stats.filesChanged > 0 ? 1 : 0;
        tally.fix.filesChanged += fixRun.stats.filesChanged;
        tally.fix.made += fixRun.stats.made;
        tally.fix.undetermined += fixRun.stats.undetermined;
        tally.fix.keys += fixRun.stats.keys;
        tally.fix.skipped += fixRun.stats.skipped;
      }
      tally.done++;
      tally.byClass[cls] = (tally.byClass[cls] ?? 0) + 1;
      const primary = c.kinds[0] ?? 'none';
      const row = (tally.byKind[primary] ??= {});
      row[cls] = (row[cls] ?? 0) + 1;
      tally.slowest.push({ index, ms, kinds: c.kinds.join('+') });
      tally.slowest.sort((a, b) => b.ms - a.ms).splice(10);
      if (cls !== 'ok') {
        const key = `${cls}\u0000${signature}`;
        let g = tally.groups.get(key);
        if (!g) {
          g = { cls, signature, count: 0, kinds: {}, examples: [], line, command: fixRun ? fixCommandLines(opts.linter, c).split('\n')[1 + ['lint', 'fix', 'fix-again', 'relint'].indexOf(fixRun.step)]! : commandLine(opts.linter, c), applied: c.applied };
          tally.groups.set(key, g);
        }
        g.count++;
        g.kinds[primary] = (g.kinds[primary] ?? 0) + 1;
        if (g.examples.length < KEEP_PER_GROUP) g.examples.push(fixRun ? keepFixProgram(keep, c, fixRun, opts.linter) : keepProgram(keep, cls as RunClass, c, result!, opts.linter, signature));
        if (opts.only !== undefined) console.log(`${cls}: ${escapeControls(signature)}\n${escapeControls(line)}`);
      }
      if (tally.done % 50 === 0) writeSummary(tally, opts, keep);
      if (tally.done % 100 === 0) {
        const fails = (opts.fix ? FAILING : RUN_FAILING).map((f) => `${f} ${tally.byClass[f] ?? 0}`).join(', ');
        console.error(`fuzz: ${tally.done}/${indices.length} (${((performance.now() - tally.startedAt) / 1000).toFixed(0)} s): ${fails}, unexpected ${tally.byClass.unexpected ?? 0}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.jobs, indices.length) }, () => worker()));
  cleanup();
  writeSummary(tally, opts, keep);
  process.stdout.write(summaryText(tally, opts, keep));
  return FAILING.some((f) => (tally.byClass[f] ?? 0) > 0) ? 1 : 0;
}

process.exitCode = await main();

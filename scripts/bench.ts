/**
 * Benchmark: mcp-annotate-lint against the TypeScript type checker (`tsc --noEmit` of TypeScript 6
 * and of TypeScript 7's native compiler), on generated MCP servers and on pinned real servers.
 *
 * Yardsticks
 *   TS 6 is `node node_modules/typescript/bin/tsc` (the `typescript` devDependency); TS 7 is
 *   `node node_modules/typescript-native/bin/tsc`, the devDependency alias
 *   `typescript-native` = `npm:typescript@7.0.2`, a node launcher that runs the native compiler. When
 *   TS 7 is not installed the bench says so and reports n/a for it. A linter built on the TypeScript
 *   parser should cost less than type-checking the same project, and its time should grow no worse
 *   than linearly with the number of tools.
 *
 * What it measures
 *   For every input it runs, `--runs N` times (default 3), interleaved (run i: the linter, TS 6,
 *   TS 7), each as a child `node` process, and records its wall time (ms, measured around the
 *   spawn, node start-up included) and peak resident set size (MB = MiB, from GNU
 *   `/usr/bin/time -f %M`, the child's maxrss in KiB, which covers the children it waits for: TS 7's
 *   launcher runs the native compiler with execFileSync, or execs into it on Node ≥ 22.15; "n/a"
 *   when /usr/bin/time is not installed). Of each tool, the run with the median wall time is
 *   reported.
 *
 * Generated servers
 *   Sizes 10, 100 and 1,000 tools in each registration shape (`--shape sdk|low-level|low-level-if`
 *   runs one; all by default), and 5,000 tools in the `sdk` shape only (to keep the run short).
 *   Each server is written to a fresh directory under os.tmpdir() (removed at the end; `--keep`
 *   keeps them) with the shape of a real server: `src/index.ts` creates `new McpServer(...)` and
 *   calls `registerGroupN(server)` from `src/tools/group-N.ts` (10 tools per file); each tool is
 *   `server.registerTool("tool_N", { description, inputSchema: { id: z.string() }, annotations }, handler)`.
 *   Handlers call `toolN_prepare` (helpers-g) → `toolN_apply` (helpers-g+1) → a primitive
 *   (helpers-g+2) that reads, writes, appends or removes files (node:fs/promises), POSTs with
 *   `fetch`, mutates a module-level array or map, or just computes. About a quarter of the tools
 *   carry a planted wrong (optimistic) annotation; the rest are annotated as their behaviour
 *   warrants. The low-level shapes register every tool through one `tools/list` array and one
 *   `tools/call` handler dispatching with a `switch` or an `if ... else if` chain. `src/shims.d.ts`
 *   declares the SDK, zod, node:fs/promises and fetch, and tsconfig.json sets `"types": []` and
 *   `"lib": ["ES2022"]`, so the project type-checks with zero errors without any package installed
 *   (the bench fails if TS 6 or TS 7 reports an error). The linter runs as
 *   `node bin/mcp-annotate-lint.js --format json` with cwd = the project (it reads its
 *   tsconfig.json), the type checkers as `tsc --noEmit -p <project>`. The report gives the ratio
 *   to TS 6 and TS 7 at each size, and the growth 100 → 1,000 of each shape and 1,000 → 5,000 of
 *   the sdk shape (linear = ×10 and ×5).
 *
 * Real inputs (scripts/bench-inputs.json, plain data; `--no-real` skips them, `--only-real` skips
 * the generated servers, `--input NAME` (repeatable) runs only the named ones)
 *   - Repositories {name, git URL, full commit SHA, tsconfig path relative to the checkout}: the
 *     linter runs at the checkout's root with no path argument, as a user would
 *     (`node bin/mcp-annotate-lint.js --format json`, cwd = checkout); TS 6 runs as
 *     `tsc --noEmit --ignoreDeprecations 6.0 -p <tsconfig>` (without that flag, TS 6 stops at the
 *     deprecation error of `baseUrl`, TS5101, before type checking anything). TS 7 has removed
 *     `baseUrl`: when the tsconfig's own compilerOptions set it, the bench writes
 *     `tsconfig.bench-ts7.json` beside it, the same configuration with `baseUrl` dropped and each
 *     `paths` target made relative to the tsconfig (plus `"*": ["./<baseUrl>/*"]`, as TS 7's
 *     TS5102 message advises), and TS 7 type-checks that.
 *   - npm packages {package, version}: the linter runs as
 *     `mcp-annotate-lint --format json --no-config node_modules/<package>` from the install folder
 *     (as scripts/survey.ts runs packages); the type checkers run on a generated
 *     `tsconfig.bench.json` in the install folder: allowJs true, checkJs false, noEmit, skipLibCheck
 *     true, module/moduleResolution nodenext, target es2022, and "files" = the package's entry
 *     points (its bin, main and exports targets that exist; wildcard exports, JSON and .d.ts are
 *     left out). With checkJs false and tsc's default maxNodeModuleJsDepth of 0, tsc parses those
 *     entry files and the declarations they import, not the JavaScript behind them, so on a package
 *     it does far less work than on a repository: a package's ratio measures the linter against a
 *     light yardstick. To show what each yardstick covers, the bench prints how many files TS 6
 *     reads on every real input (one untimed `--listFilesOnly` run).
 *   Type errors in a real input (an unresolved dependency, a library that moved on) are no bench
 *   failure: tsc's exit code and error count are printed and its time is used. When tsc reports a
 *   configuration error (TS5xxx) it stops before type checking, so its time is no yardstick: the
 *   bench warns, marks the figures with `*` and leaves that input out of the ratio targets.
 *
 * Fetching real inputs
 *   Inputs live in a cache folder (`--inputs DIR`, default `.bench-inputs/` at the repository
 *   root, git-ignored), kept across runs. A repository missing there is cloned
 *   (`git clone --no-checkout`, then `git checkout <commit>`; blobs absent from the clone, as in a
 *   mirror that leaves out its largest files, are left out through a sparse checkout and named),
 *   and its dependencies are installed so that tsc sees the types: `npm ci --ignore-scripts
 *   --no-audit --no-fund` when it has a package-lock.json, else `npm install --ignore-scripts ...`
 *   (a folder with node_modules/.package-lock.json counts as installed). A checkout found at
 *   another commit is checked out at the pinned one. A package is installed with `npm install
 *   --ignore-scripts --no-audit --no-fund <package>@<version>` into its own folder
 *   (`<scope>+<name>@<version>`). `--git-mirror DIR` clones https://github.com/<owner>/<name> from
 *   DIR/<owner>+<name>/repo instead when that exists (for a machine that cannot reach GitHub);
 *   pre-populating the cache folder by hand (clone, checkout, npm ci) works too. When a fetch or
 *   an install fails, the bench prints a one-line reason and skips that input.
 *
 * Pre-commit scenario (after the generated servers, when the sdk shape ran)
 *   On a fresh 1,000-tool sdk server, a comment line is appended to src/tools/group-7.ts before
 *   each timed run of `mcp-annotate-lint --format json src/tools/group-7.ts` (a changed-files
 *   run, as lint-staged does), `--runs N` times, median reported: once without a cache and once
 *   with `--cache` when `mcp-annotate-lint --help` lists that flag ("n/a (no --cache)" otherwise).
 *   With `--cache`, one untimed run of the same command fills the cache first; the cache file is
 *   kept inside the generated project (`--cache-location <project>/.mcp-annotate-lint-cache` when
 *   the help lists `--cache-location`, else the linter's default).
 *
 * Report
 *   One table for the generated servers and one for the real inputs (input, linter / TS 6 / TS 7
 *   ms, ratios to TS 6 and TS 7, linter / TS 6 / TS 7 MB, RSS ratio to TS 6, tools found), the
 *   growth lines, the pre-commit times, and the targets, each with yes/NO ("n/a" when not
 *   measured): median ratio to TS 6 over the real inputs ≤ 0.5 and no real input above 1.5;
 *   1,000 generated sdk tools ≤ 0.6 × TS 6; growth 1,000 → 5,000 at most linear (≤ ×5 with a
 *   tolerance of 1.25, i.e. ≤ ×6.25); the chrome-devtools-mcp package < 15 s and < 500 MiB; the
 *   DesktopCommanderMCP repository < 5 s; the pre-commit run of one changed tool file with the
 *   cache < 1 s; peak RSS ≤ TS 6's on every input.
 *
 * Checks and exit status
 *   The linter's JSON report on a generated server must list exactly as many tools as were
 *   generated (a warning otherwise). Exit 0 whether or not the targets are met (this is a
 *   measurement); exit 1 when a child fails: TS 6 or TS 7 exiting non-zero on a generated server,
 *   or the linter exiting with anything but 0 or 1 (1 means "error-level findings", which the
 *   planted annotations produce) on any input, the pre-commit runs included; exit 2 on a usage
 *   error (an unknown option or input name).
 *
 * Run: `npm run bench` (builds first), or `node dist/scripts/bench.js` after `npx tsc -p .`.
 * Options: `--runs N`, `--keep`, `--shape S`, `--no-real`, `--only-real`, `--input NAME`,
 * `--inputs DIR`, `--git-mirror DIR`.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Sizes run in every shape, and the larger ones run in the sdk shape only. */
const SIZES = [10, 100, 1000] as const;
const SDK_ONLY_SIZES = [5000] as const;
const TOOLS_PER_FILE = 10;
/** time(larger)/time(smaller) may exceed the linear factor by this much before growth counts as superlinear. */
const GROWTH_TOLERANCE = 1.25;
/** Targets (see the header). */
const TARGET_REAL_MEDIAN_RATIO = 0.5;
const TARGET_REAL_MAX_RATIO = 1.5;
const TARGET_GENERATED_RATIO = 0.6;
const TARGET_CHROME_MS = 15_000;
const TARGET_CHROME_MB = 500;
const TARGET_DESKTOP_COMMANDER_MS = 5_000;
const TARGET_PRECOMMIT_MS = 1_000;
/** An npm install still running after this long is ended (the input is then skipped). */
const INSTALL_TIMEOUT_MS = 20 * 60_000;

/** Repository root: dist/scripts/bench.js → ../.. */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LINTER = path.join(REPO, 'bin', 'mcp-annotate-lint.js');
const TSC6 = path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
const TSC7 = path.join(REPO, 'node_modules', 'typescript-native', 'bin', 'tsc');
const INPUTS_FILE = path.join(REPO, 'scripts', 'bench-inputs.json');
const GNU_TIME = '/usr/bin/time';

// ---------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------

type Kind = 'read' | 'write' | 'append' | 'remove' | 'post' | 'push' | 'mapSet' | 'compute';
const KINDS: readonly Kind[] = ['read', 'write', 'append', 'remove', 'post', 'push', 'mapSet', 'compute'];

interface Hints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** Annotations that tell the truth about each behaviour (fetch POST: spec defaults, destructive and not idempotent). */
const TRUTH: Record<Kind, Hints> = {
  read: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  compute: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  write: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  append: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  remove: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  post: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  push: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mapSet: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
};

/** Optimistic lies that can be planted on each behaviour (none on read-only behaviours). */
const LIES: Record<Kind, Partial<Hints>[]> = {
  read: [],
  compute: [],
  write: [{ readOnlyHint: true }, { destructiveHint: false }],
  append: [{ readOnlyHint: true }, { idempotentHint: true }],
  remove: [{ destructiveHint: false }, { readOnlyHint: true }],
  post: [{ openWorldHint: false }, { idempotentHint: true }, { readOnlyHint: true }],
  push: [{ idempotentHint: true }, { readOnlyHint: true }],
  mapSet: [{ destructiveHint: false }, { readOnlyHint: true }],
};

interface PlannedTool {
  index: number;
  name: string;
  kind: Kind;
  hints: Hints;
  planted: boolean;
}

function planTools(count: number): PlannedTool[] {
  const tools: PlannedTool[] = [];
  for (let i = 0; i < count; i++) {
    const kind = KINDS[(i * 5 + Math.floor(i / 8)) % KINDS.length]!;
    const lies = LIES[kind];
    const planted = lies.length > 0 && i % 4 === 1;
    const hints = planted ? { ...TRUTH[kind], ...lies[Math.floor(i / 4) % lies.length] } : { ...TRUTH[kind] };
    tools.push({ index: i, name: `tool_${i}`, kind, hints, planted });
  }
  return tools;
}

const SHIMS = `// Minimal declarations so that the project type-checks with no package installed.
declare module "@modelcontextprotocol/sdk/server/mcp.js" {
  export class McpServer {
    constructor(info: { name: string; version: string });
    registerTool(name: string, config: any, cb: (...args: any[]) => any): void;
  }
}

declare module "@modelcontextprotocol/sdk/server/index.js" {
  export class Server {
    constructor(info: { name: string; version: string }, options: any);
    setRequestHandler(method: string, handler: (request: any) => any): void;
  }
}

declare module "zod" {
  export const z: any;
}

declare module "node:fs/promises" {
  export function readFile(path: string, encoding: "utf8"): Promise<string>;
  export function writeFile(path: string, data: string): Promise<void>;
  export function appendFile(path: string, data: string): Promise<void>;
  export function rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void>;
}

declare function fetch(
  url: string,
  init?: { method?: string; body?: string; headers?: Record<string, string> },
): Promise<{ ok: boolean; status: number; text(): Promise<string> }>;
`;

const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    },
    include: ['src/**/*.ts'],
  },
  null,
  2,
)}\n`;

/** The primitives every helpers file defines; `m` is the file's number. */
function primitives(m: number): string {
  return `const DATA_DIR_${m} = "/var/lib/bench-server/${m}";
const ENDPOINT_${m} = "https://api.example.com/v1/events";
export const records_${m}: { id: string; at: number }[] = [];
export const entries_${m} = new Map<string, string>();

export async function readRecord_${m}(id: string, field: string): Promise<string> {
  const text = await readFile(\`\${DATA_DIR_${m}}/\${id}.json\`, "utf8");
  return text.includes(field) ? text.trim() : "";
}

export async function saveRecord_${m}(id: string, body: string): Promise<string> {
  await writeFile(\`\${DATA_DIR_${m}}/\${id}.json\`, body);
  return id;
}

export async function logEvent_${m}(id: string, body: string): Promise<string> {
  await appendFile(\`\${DATA_DIR_${m}}/events.log\`, \`\${id} \${body}\\n\`);
  return id;
}

export async function removeRecord_${m}(id: string, body: string): Promise<string> {
  await rm(\`\${DATA_DIR_${m}}/\${id}.json\`, { force: true });
  return body;
}

export async function postEvent_${m}(id: string, body: string): Promise<string> {
  const response = await fetch(ENDPOINT_${m}, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id, body }),
  });
  return \`\${response.status}\`;
}

export function pushRecord_${m}(id: string, body: string): string {
  records_${m}.push({ id: \`\${id}:\${body}\`, at: Date.now() });
  return String(records_${m}.length);
}

export function setEntry_${m}(id: string, body: string): string {
  entries_${m}.set(id, body);
  return id;
}

export function summarize_${m}(id: string, body: string): string {
  const words = body.split(/\\s+/).filter((w) => w.length > 0);
  return \`\${id}: \${words.length} words, \${body.length} chars\`;
}
`;
}

/** Which primitive implements each behaviour. */
const PRIMITIVE: Record<Kind, string> = {
  read: 'readRecord',
  write: 'saveRecord',
  append: 'logEvent',
  remove: 'removeRecord',
  post: 'postEvent',
  push: 'pushRecord',
  mapSet: 'setEntry',
  compute: 'summarize',
};

interface GeneratedProject {
  dir: string;
  tools: PlannedTool[];
  files: number;
  lines: number;
}

/**
 * How the generated server registers its tools: `sdk`, with `registerTool` calls in one
 * function per group of tools; `low-level`, with one `tools/list` array and one `tools/call`
 * handler that dispatches on the tool name with a `switch` (each tool's effects are those of its
 * branch, so the dispatch is analysed once per tool); `low-level-if`, the same with an
 * `if ... else if` chain, where each tool's branch sits under the conditions of all before it.
 */
type Shape = 'sdk' | 'low-level' | 'low-level-if';

function generateProject(root: string, count: number, shape: Shape): GeneratedProject {
  const dir = path.join(root, `server-${shape}-${count}`);
  const tools = planTools(count);
  const groups = Math.ceil(count / TOOLS_PER_FILE);
  const helperFiles = Math.max(groups, 3);
  mkdirSync(path.join(dir, 'src', 'tools'), { recursive: true });
  mkdirSync(path.join(dir, 'src', 'lib'), { recursive: true });
  let files = 0;
  let lines = 0;
  const write = (rel: string, text: string): void => {
    writeFileSync(path.join(dir, rel), text);
    files++;
    lines += text.split('\n').length - 1;
  };

  write('tsconfig.json', TSCONFIG);
  write('package.json', `${JSON.stringify({ name: `bench-server-${count}`, version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`);
  write('src/shims.d.ts', SHIMS);

  // Helpers: file m holds the primitives, plus step 1 of the tools of group m and step 2 of the
  // tools of group m-1; step 2 calls a primitive of file m+1 (handler → step 1 → step 2 → primitive).
  const hop = (m: number, by: number): number => (m + by) % helperFiles;
  for (let m = 0; m < helperFiles; m++) {
    const own = tools.filter((t) => Math.floor(t.index / TOOLS_PER_FILE) === m);
    const prevGroup = (m - 1 + helperFiles) % helperFiles;
    const stepTwo = tools.filter((t) => Math.floor(t.index / TOOLS_PER_FILE) === prevGroup);
    const next = hop(m, 1);
    const out: string[] = [];
    out.push(`import { appendFile, readFile, rm, writeFile } from "node:fs/promises";`);
    if (own.length > 0) out.push(`import { ${own.map((t) => `${t.name}_apply`).join(', ')} } from "./helpers-${next}.js";`);
    const prims = [...new Set(stepTwo.map((t) => `${PRIMITIVE[t.kind]}_${next}`))].sort();
    if (prims.length > 0) out.push(`import { ${prims.join(', ')} } from "./helpers-${next}.js";`);
    out.push('', primitives(m));
    for (const t of own) {
      out.push(`/** Validates the request of ${t.name} and hands it on. */
export async function ${t.name}_prepare(id: string): Promise<string> {
  const key = id.trim().toLowerCase();
  if (key.length === 0) throw new Error("${t.name}: empty id");
  const body = JSON.stringify({ tool: "${t.name}", key, at: Date.now() });
  return ${t.name}_apply(key, body);
}
`);
    }
    for (const t of stepTwo) {
      out.push(`/** Performs ${t.name} (${t.kind}). */
export async function ${t.name}_apply(key: string, body: string): Promise<string> {
  const result = await ${PRIMITIVE[t.kind]}_${next}(key, body);
  return \`${t.name} \${result}\`;
}
`);
    }
    write(`src/lib/helpers-${m}.ts`, out.join('\n'));
  }

  if (shape !== 'sdk') {
    write('src/index.ts', lowLevelServer(tools, count, shape === 'low-level-if'));
    return { dir, tools, files, lines };
  }
  for (let g = 0; g < groups; g++) {
    const own = tools.filter((t) => Math.floor(t.index / TOOLS_PER_FILE) === g);
    const out: string[] = [];
    out.push(`import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`);
    out.push(`import { z } from "zod";`);
    out.push(`import { ${own.map((t) => `${t.name}_prepare`).join(', ')} } from "../lib/helpers-${g}.js";`);
    out.push('', `export function registerGroup${g}(server: McpServer): void {`);
    for (const t of own) {
      const h = t.hints;
      out.push(`  server.registerTool(
    "${t.name}",
    {
      description: "Tool ${t.index}: ${t.kind} on the record named by id.",
      inputSchema: { id: z.string() },
      annotations: {
        readOnlyHint: ${h.readOnlyHint},
        destructiveHint: ${h.destructiveHint},
        idempotentHint: ${h.idempotentHint},
        openWorldHint: ${h.openWorldHint},
      },
    },
    async ({ id }) => {
      const text = await ${t.name}_prepare(id);
      return { content: [{ type: "text", text }] };
    },
  );
`);
    }
    out.push('}', '');
    write(`src/tools/group-${g}.ts`, out.join('\n'));
  }

  const index: string[] = [`import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`];
  for (let g = 0; g < groups; g++) index.push(`import { registerGroup${g} } from "./tools/group-${g}.js";`);
  index.push('', `const server = new McpServer({ name: "bench-server-${count}", version: "1.0.0" });`, '');
  for (let g = 0; g < groups; g++) index.push(`registerGroup${g}(server);`);
  index.push('', 'export default server;', '');
  write('src/index.ts', index.join('\n'));

  return { dir, tools, files, lines };
}

/** A low-level `Server` whose `tools/list` lists every tool and whose `tools/call` dispatches with a `switch`. */
function lowLevelServer(tools: PlannedTool[], count: number, ifChain: boolean): string {
  const out: string[] = [`import { Server } from "@modelcontextprotocol/sdk/server/index.js";`];
  const groups = Math.ceil(count / TOOLS_PER_FILE);
  for (let g = 0; g < groups; g++) {
    const own = tools.filter((t) => Math.floor(t.index / TOOLS_PER_FILE) === g);
    out.push(`import { ${own.map((t) => `${t.name}_prepare`).join(', ')} } from "./lib/helpers-${g}.js";`);
  }
  out.push('', `const server = new Server({ name: "bench-server-${count}", version: "1.0.0" }, { capabilities: { tools: {} } });`, '');
  out.push('const TOOLS = [');
  for (const t of tools) {
    const h = t.hints;
    out.push(`  {
    name: "${t.name}",
    description: "Tool ${t.index}: ${t.kind} on the record named by id.",
    inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    annotations: { readOnlyHint: ${h.readOnlyHint}, destructiveHint: ${h.destructiveHint}, idempotentHint: ${h.idempotentHint}, openWorldHint: ${h.openWorldHint} },
  },`);
  }
  out.push('];', '');
  out.push(`server.setRequestHandler("tools/list", async () => ({ tools: TOOLS }));`, '');
  out.push(`server.setRequestHandler("tools/call", async (request: any) => {`);
  out.push('  const id = String(request.params.arguments?.id ?? "");');
  if (ifChain) {
    out.push('  const name = request.params.name;');
    tools.forEach((t, i) => out.push(`  ${i === 0 ? 'if' : 'else if'} (name === "${t.name}") {`, `    return { content: [{ type: "text", text: await ${t.name}_prepare(id) }] };`, '  }'));
    out.push('  throw new Error(`unknown tool ${name}`);', '});', '', 'export default server;', '');
    return out.join('\n');
  }
  out.push('  switch (request.params.name) {');
  for (const t of tools) out.push(`    case "${t.name}":
      return { content: [{ type: "text", text: await ${t.name}_prepare(id) }] };`);
  out.push('    default:', '      throw new Error(`unknown tool ${request.params.name}`);', '  }', '});', '', 'export default server;', '');
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

const ALL_SHAPES: readonly Shape[] = ['sdk', 'low-level', 'low-level-if'];

interface Options {
  /** `--runs N`: runs of each tool per input (default 3); the median is reported. */
  runs: number;
  /** `--keep`: keep the generated servers (to profile the linter on them). */
  keep: boolean;
  /** `--shape S`: one registration shape; all by default. */
  shapes: readonly Shape[];
  /** False with `--only-real`. */
  generated: boolean;
  /** False with `--no-real`. */
  real: boolean;
  /** `--input NAME` (repeatable): the real inputs to run; all when empty. */
  only: string[];
  /** `--inputs DIR`: the cache folder of real inputs. */
  inputsDir: string;
  /** `--git-mirror DIR`: clone github.com/<owner>/<name> from DIR/<owner>+<name>/repo when that exists. */
  gitMirror: string | undefined;
  /** `--help`: print {@link HELP} and run nothing. */
  help: boolean;
}

/** What `--help` prints. */
const HELP = `Usage: npm run bench -- [options]   (or: node dist/scripts/bench.js [options] after npx tsc -p .)

Times the linter against tsc --noEmit of TypeScript 6 and the native TypeScript 7, interleaved, on
generated servers (10, 100 and 1,000 tools in each registration shape, 5,000 in the sdk shape), on
the real inputs of scripts/bench-inputs.json, and on a pre-commit run with --cache; prints the
medians, the ratios and whether each target of issue 16 is met. Exit 0 (a measurement), 1 when a
child fails, 2 on a usage error.

Options:
  --runs N         interleaved runs per input, the median reported (default 3)
  --shape S        one registration shape of the generated servers: sdk, low-level, low-level-if
  --no-real        generated servers only
  --only-real      real inputs only
  --input NAME     one real input (repeatable), by its name in scripts/bench-inputs.json
  --inputs DIR     where the real inputs are installed and cloned (default .bench-inputs)
  --git-mirror DIR clone github.com/<owner>/<name> from DIR/<owner>+<name>/repo when it exists
  --keep           keep the generated servers (to profile the linter on them)
  -h, --help       print this help
`;

class UsageError extends Error {}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    runs: 3,
    keep: false,
    shapes: ALL_SHAPES,
    generated: true,
    real: true,
    only: [],
    inputsDir: path.join(REPO, '.bench-inputs'),
    gitMirror: undefined,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--runs') {
      const runs = Number(value());
      if (!Number.isInteger(runs) || runs < 1) throw new UsageError('--runs takes a whole number of at least 1');
      options.runs = runs;
    } else if (arg === '--keep') options.keep = true;
    else if (arg === '--shape') {
      const shape = value();
      if (!ALL_SHAPES.includes(shape as Shape)) throw new UsageError(`--shape takes one of ${ALL_SHAPES.join(', ')}`);
      options.shapes = [shape as Shape];
    } else if (arg === '--no-real') options.real = false;
    else if (arg === '--only-real') options.generated = false;
    else if (arg === '--input') options.only.push(value());
    else if (arg === '--inputs') options.inputsDir = path.resolve(value());
    else if (arg === '--git-mirror') options.gitMirror = path.resolve(value());
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new UsageError(`unknown option ${arg}`);
  }
  if (!options.help && !options.real && !options.generated) throw new UsageError('--no-real and --only-real together leave nothing to run');
  return options;
}

// ---------------------------------------------------------------------------------------------
// Measurement
// ---------------------------------------------------------------------------------------------

interface Measurement {
  ms: number;
  rssMb: number | null;
  status: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

const HAVE_GNU_TIME = existsSync(GNU_TIME);

/** Runs `node args...` in `cwd`; wall time around the spawn, peak RSS from GNU time when available. */
function measure(args: string[], cwd: string, scratch: string): Measurement {
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  const options = { cwd, env, encoding: 'utf8' as const, maxBuffer: 1024 * 1024 * 1024 };
  const rssFile = path.join(scratch, 'maxrss.txt');
  rmSync(rssFile, { force: true });
  const start = performance.now();
  const child = HAVE_GNU_TIME
    ? spawnSync(GNU_TIME, ['-f', '%M', '-o', rssFile, process.execPath, ...args], options)
    : spawnSync(process.execPath, args, options);
  const ms = performance.now() - start;
  if (child.error) throw child.error;
  let rssMb: number | null = null;
  if (HAVE_GNU_TIME && existsSync(rssFile)) {
    // GNU time writes "Command exited with non-zero status N" before the format when the child fails.
    const last = readFileSync(rssFile, 'utf8').trim().split('\n').pop() ?? '';
    const kib = Number(last);
    if (last !== '' && Number.isFinite(kib)) rssMb = kib / 1024;
  }
  return { ms, rssMb, status: child.status, signal: child.signal, stdout: child.stdout, stderr: child.stderr };
}

/** The run with the median wall time. */
function median(runs: Measurement[]): Measurement {
  return [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
}

/** The three commands run on one input, each as `node <args>` in `cwd`; `tsc7` is null when TS 7 is missing. */
interface Commands {
  cwd: string;
  linter: string[];
  tsc6: string[];
  tsc7: string[] | null;
}

interface Medians {
  linter: Measurement;
  tsc6: Measurement;
  tsc7: Measurement | null;
}

/** `runs` interleaved runs (linter, TS 6, TS 7), the median of each; `progress` prints each run. */
function interleaved(commands: Commands, runs: number, scratch: string, progress?: string): Medians {
  const linter: Measurement[] = [];
  const tsc6: Measurement[] = [];
  const tsc7: Measurement[] = [];
  for (let i = 0; i < runs; i++) {
    linter.push(measure(commands.linter, commands.cwd, scratch));
    tsc6.push(measure(commands.tsc6, commands.cwd, scratch));
    if (commands.tsc7) tsc7.push(measure(commands.tsc7, commands.cwd, scratch));
    if (progress !== undefined) {
      const ms = (m: Measurement | undefined): string => (m === undefined ? 'n/a' : `${fmtMs(m.ms)} ms`);
      console.log(`${progress} run ${i + 1}/${runs}: linter ${ms(linter.at(-1))}, TS 6 ${ms(tsc6.at(-1))}, TS 7 ${ms(tsc7.at(-1))}`);
    }
  }
  return { linter: median(linter), tsc6: median(tsc6), tsc7: commands.tsc7 ? median(tsc7) : null };
}

/** How many errors tsc printed. */
function tscErrors(m: Measurement): number {
  return (m.stdout + m.stderr).match(/error TS\d+/g)?.length ?? 0;
}

/** Whether tsc stopped at a configuration error (TS5xxx), before type checking anything. */
function stoppedAtConfig(m: Measurement | null): boolean {
  return m !== null && /error TS5\d{3}\b/.test(m.stdout + m.stderr);
}

/** The parts of the linter's JSON report the bench reads. */
interface LintReport {
  tools: { name: string | null; unresolved: unknown[] }[];
  findings: { tool: string | null; severity: string; ruleId: string }[];
  unresolvedRegistrations?: unknown[];
}

/** Findings by `rule/severity`, as `rule/severity N, ...`. */
function byRule(report: LintReport): string {
  const counts = new Map<string, number>();
  for (const f of report.findings) counts.set(`${f.ruleId}/${f.severity}`, (counts.get(`${f.ruleId}/${f.severity}`) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
}

/** The linter's report, or null (with a message) when it failed or printed no JSON; `failed` when it crashed. */
function readReport(label: string, m: Measurement): { report: LintReport | null; failed: boolean } {
  if (m.status !== 0 && m.status !== 1) {
    console.error(`bench: the linter failed on ${label} (exit ${m.status ?? m.signal}):\n${tail(m.stderr)}`);
    return { report: null, failed: true };
  }
  try {
    return { report: JSON.parse(m.stdout) as LintReport, failed: false };
  } catch (error) {
    console.warn(`WARNING: the linter's stdout on ${label} is not a JSON report: ${(error as Error).message}`);
    return { report: null, failed: false };
  }
}

function describe(m: Measurement): string {
  return `${fmtMs(m.ms)} ms, ${fmtMb(m.rssMb)} MB, exit ${m.status ?? m.signal}`;
}

// ---------------------------------------------------------------------------------------------
// Real inputs: data, fetching, commands
// ---------------------------------------------------------------------------------------------

/** A repository of scripts/bench-inputs.json. */
interface RepositoryInput {
  name: string;
  /** Clone URL. */
  git: string;
  /** Full commit SHA, checked out exactly. */
  commit: string;
  /** The tsconfig the type checkers run on, relative to the checkout. */
  tsconfig: string;
}

/** An npm package of scripts/bench-inputs.json. */
interface PackageInput {
  package: string;
  /** Pinned version, installed exactly. */
  version: string;
}

interface InputsFile {
  repositories: RepositoryInput[];
  packages: PackageInput[];
}

type RealInput = ({ kind: 'repository' } & RepositoryInput) | ({ kind: 'package' } & PackageInput);

const nameOf = (input: RealInput): string => (input.kind === 'repository' ? input.name : input.package);
const labelOf = (input: RealInput): string =>
  input.kind === 'repository' ? `${input.name}@${input.commit.slice(0, 7)}` : `${input.package}@${input.version}`;

function loadInputs(): RealInput[] {
  const data = JSON.parse(readFileSync(INPUTS_FILE, 'utf8')) as InputsFile;
  for (const r of data.repositories) {
    if (!/^[0-9a-f]{40}$/.test(r.commit)) throw new UsageError(`${INPUTS_FILE}: ${r.name}: "commit" must be a full SHA`);
  }
  return [
    ...data.repositories.map((r) => ({ kind: 'repository' as const, ...r })),
    ...data.packages.map((p) => ({ kind: 'package' as const, ...p })),
  ];
}

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a fetching command (git, npm), its output captured. */
function run(command: string, args: string[], cwd: string, timeoutMs?: number, input?: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    cwd,
    input,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: timeoutMs,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });
}

/** One line saying why a fetching command failed. */
function why(result: SpawnSyncReturns<string>): string {
  if (result.error) return (result.error as NodeJS.ErrnoException).code === 'ETIMEDOUT' ? 'timed out' : result.error.message;
  const lines = (result.stderr ?? '').split('\n').map((l) => l.trim()).filter((l) => l !== '');
  // npm's last line only points at its debug log; the first error line that is not the code says why.
  const line = lines.find((l) => /^npm error (?!code |A complete log)/.test(l) || /^(fatal|error):/.test(l)) ?? lines.at(-1) ?? `exit ${result.status ?? result.signal}`;
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/** The mirror of a github.com URL under `mirror` (DIR/<owner>+<name>/repo), when it exists. */
function mirrorOf(url: string, mirror: string | undefined): string | undefined {
  const match = /github\.com[/:]([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(url);
  if (mirror === undefined || !match) return undefined;
  const dir = path.join(mirror, `${match[1]}+${match[2]}`, 'repo');
  return existsSync(dir) ? dir : undefined;
}

/**
 * Checks `commit` out in the clone `dir`; the reason when it cannot. Blobs the clone lacks (a
 * mirror may leave out its largest files) are left out of the work tree by a sparse checkout.
 */
function checkout(dir: string, commit: string, name: string): string | undefined {
  const tree = run('git', ['ls-tree', '-r', '-z', commit], dir);
  if (tree.status !== 0) return `commit ${commit} is not in ${dir}: ${why(tree)}`;
  const blobs = tree.stdout
    .split('\0')
    .filter((entry) => entry !== '')
    .map((entry) => {
      const tab = entry.indexOf('\t');
      const [, type, sha] = entry.slice(0, tab).split(' ');
      return { type, sha: sha!, file: entry.slice(tab + 1) };
    })
    .filter((entry) => entry.type === 'blob');
  const check = run('git', ['cat-file', '--batch-check'], dir, undefined, `${blobs.map((b) => b.sha).join('\n')}\n`);
  const absent = new Set(check.stdout.split('\n').filter((l) => l.endsWith(' missing')).map((l) => l.split(' ')[0]));
  const missing = blobs.filter((b) => absent.has(b.sha)).map((b) => b.file);
  if (missing.length > 0) {
    console.log(`[${name}] left out by a sparse checkout, absent from the clone: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? `, ... (${missing.length})` : ''}`);
    const patterns = missing.map((file) => `!/${file.replace(/[\\*?[\]!#]/g, '\\$&')}`);
    const sparse = run('git', ['sparse-checkout', 'set', '--no-cone', '/*', ...patterns], dir);
    if (sparse.status !== 0) return `git sparse-checkout failed: ${why(sparse)}`;
  }
  const done = run('git', ['-c', 'advice.detachedHead=false', 'checkout', '--quiet', commit], dir);
  return done.status === 0 ? undefined : `git checkout ${commit} failed: ${why(done)}`;
}

/**
 * TS 7 has removed `baseUrl`: when the tsconfig's own compilerOptions set it, writes
 * tsconfig.bench-ts7.json beside it with `baseUrl` dropped and the `paths` targets made relative
 * to the tsconfig (plus `"*"`, which stood for baseUrl's bare lookups), and returns that file;
 * otherwise returns `tsconfig` itself.
 */
function ts7Config(tsconfig: string): string {
  const read = ts.readConfigFile(tsconfig, ts.sys.readFile);
  const config = read.config as { compilerOptions?: Record<string, unknown> } | undefined;
  const options = config?.compilerOptions;
  if (read.error || options === undefined || typeof options.baseUrl !== 'string') return tsconfig;
  const base = options.baseUrl;
  const relative = (target: string): string => {
    if (path.posix.isAbsolute(target)) return target;
    const joined = path.posix.normalize(path.posix.join(base, target));
    return joined.startsWith('../') ? joined : `./${joined}`;
  };
  const paths: Record<string, unknown> = {};
  for (const [key, targets] of Object.entries((options.paths ?? {}) as Record<string, unknown>)) {
    paths[key] = Array.isArray(targets) ? targets.map((t) => (typeof t === 'string' ? relative(t) : t)) : targets;
  }
  if (!('*' in paths)) paths['*'] = [relative('*')];
  const compilerOptions: Record<string, unknown> = { ...options, paths };
  delete compilerOptions.baseUrl;
  const file = path.join(path.dirname(tsconfig), 'tsconfig.bench-ts7.json');
  writeFileSync(file, `${JSON.stringify({ ...config, compilerOptions }, null, 2)}\n`);
  return file;
}

/** Clones, checks out and installs a repository when needed; its commands, or why it is skipped. */
function prepareRepository(input: RepositoryInput, options: Options, tsc7: boolean): Commands | { reason: string } {
  const dir = path.join(options.inputsDir, input.name);
  const tsconfig = path.join(dir, input.tsconfig);
  if (!existsSync(dir)) {
    const source = mirrorOf(input.git, options.gitMirror) ?? input.git;
    console.log(`[${input.name}] git clone ${source}`);
    mkdirSync(options.inputsDir, { recursive: true });
    const clone = run('git', ['clone', '--quiet', '--no-checkout', source, dir], options.inputsDir, INSTALL_TIMEOUT_MS);
    if (clone.status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      return { reason: `git clone failed: ${why(clone)}` };
    }
  }
  const head = run('git', ['rev-parse', 'HEAD'], dir);
  if (head.status !== 0) return { reason: `${dir} is no git checkout: ${why(head)}` };
  if (head.stdout.trim() !== input.commit || !existsSync(tsconfig)) {
    const reason = checkout(dir, input.commit, input.name);
    if (reason !== undefined) return { reason };
  }
  if (!existsSync(tsconfig)) return { reason: `${input.tsconfig} does not exist at ${input.commit}` };
  if (!existsSync(path.join(dir, 'node_modules', '.package-lock.json'))) {
    const verb = existsSync(path.join(dir, 'package-lock.json')) ? 'ci' : 'install';
    const args = [verb, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];
    console.log(`[${input.name}] npm ${args.join(' ')}`);
    const npm = run(NPM, args, dir, INSTALL_TIMEOUT_MS);
    if (npm.status !== 0) return { reason: `npm ${verb} failed: ${why(npm)}` };
  }
  return {
    cwd: dir,
    linter: [LINTER, '--format', 'json'],
    tsc6: [TSC6, '--noEmit', '--ignoreDeprecations', '6.0', '-p', tsconfig],
    tsc7: tsc7 ? [TSC7, '--noEmit', '-p', ts7Config(tsconfig)] : null,
  };
}

/** The package's entry points that exist (bin, main, exports targets), relative to the install folder `dir`. */
function entryPoints(dir: string, name: string): string[] {
  const root = path.join(dir, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    bin?: string | Record<string, string>;
    main?: string;
    exports?: unknown;
  };
  const targets: unknown[] = [];
  if (typeof manifest.bin === 'string') targets.push(manifest.bin);
  else if (manifest.bin) targets.push(...Object.values(manifest.bin));
  targets.push(manifest.main);
  const walk = (value: unknown): void => {
    if (typeof value === 'string') targets.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(manifest.exports);
  const files = new Set<string>();
  for (const target of targets) {
    if (typeof target !== 'string' || target.includes('*') || /\.d\.[cm]?ts$/.test(target)) continue;
    let file = path.resolve(root, target);
    if (!existsSync(file) && existsSync(`${file}.js`)) file = `${file}.js`; // "main": "dist/index"
    if (!/\.[cm]?[jt]sx?$/.test(file) || !file.startsWith(root + path.sep) || !existsSync(file)) continue;
    files.add(`./${path.relative(dir, file).split(path.sep).join('/')}`);
  }
  return [...files].sort();
}

/** Installs a package when needed and writes its tsconfig.bench.json; its commands, or why it is skipped. */
function preparePackage(input: PackageInput, options: Options, tsc7: boolean): Commands | { reason: string } {
  const dir = path.join(options.inputsDir, `${input.package.replace(/^@/, '').replace(/\//g, '+')}@${input.version}`);
  const manifest = path.join(dir, 'node_modules', input.package, 'package.json');
  const installed = (): boolean =>
    existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version === input.version;
  if (!installed()) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), '{ "name": "bench-scratch", "private": true }\n');
    const args = ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `${input.package}@${input.version}`];
    console.log(`[${input.package}] npm ${args.join(' ')}`);
    const npm = run(NPM, args, dir, INSTALL_TIMEOUT_MS);
    if (npm.status !== 0 || !installed()) return { reason: `npm install failed: ${why(npm)}` };
  }
  const files = entryPoints(dir, input.package);
  if (files.length === 0) return { reason: 'the package names no entry point (bin, main, exports) that exists' };
  const tsconfig = path.join(dir, 'tsconfig.bench.json');
  const compilerOptions = {
    allowJs: true,
    checkJs: false,
    noEmit: true,
    skipLibCheck: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
  };
  writeFileSync(tsconfig, `${JSON.stringify({ compilerOptions, files }, null, 2)}\n`);
  return {
    cwd: dir,
    linter: [LINTER, '--format', 'json', '--no-config', `node_modules/${input.package}`],
    tsc6: [TSC6, '--noEmit', '-p', tsconfig],
    tsc7: tsc7 ? [TSC7, '--noEmit', '-p', tsconfig] : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

interface Row extends Medians {
  /** The table's first column. */
  input: string;
  /** The generated server's shape and size, absent on a real input. */
  shape?: Shape;
  size?: number;
  /** The real input's name (bench-inputs.json), absent on a generated server. */
  name?: string;
  toolsFound: number | null;
}

const fmtMs = (n: number): string => n.toFixed(0);
const fmtMb = (n: number | null): string => (n === null ? 'n/a' : n.toFixed(1));
const fmtRatio = (a: number | null, b: number | null): string => (a === null || b === null || b === 0 ? 'n/a' : (a / b).toFixed(2));
const yesNo = (ok: boolean | null): string => (ok === null ? 'n/a' : ok ? 'yes' : 'NO');

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function tail(text: string, lines = 20): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** The rows as a table; `*` marks a tsc that stopped at a configuration error. */
function rowsTable(rows: Row[]): string {
  const mark = (m: Measurement | null): string => (stoppedAtConfig(m) ? '*' : '');
  return table(
    ['input', 'linter ms', 'TS6 ms', 'TS7 ms', 'ratio to TS6', 'ratio to TS7', 'linter MB', 'TS6 MB', 'TS7 MB', 'RSS ratio to TS6', 'tools found'],
    rows.map((r) => [
      r.input,
      fmtMs(r.linter.ms),
      fmtMs(r.tsc6.ms) + mark(r.tsc6),
      (r.tsc7 ? fmtMs(r.tsc7.ms) : 'n/a') + mark(r.tsc7),
      fmtRatio(r.linter.ms, r.tsc6.ms) + mark(r.tsc6),
      fmtRatio(r.linter.ms, r.tsc7?.ms ?? null) + mark(r.tsc7),
      fmtMb(r.linter.rssMb),
      fmtMb(r.tsc6.rssMb),
      fmtMb(r.tsc7?.rssMb ?? null),
      fmtRatio(r.linter.rssMb, r.tsc6.rssMb),
      r.toolsFound === null ? 'n/a' : String(r.toolsFound),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Pre-commit scenario
// ---------------------------------------------------------------------------------------------

/** The changed-files runs on one tool file of the 1,000-tool sdk server. */
interface PreCommit {
  file: string;
  plain: Measurement;
  /** With --cache; null when the linter has no --cache (`cacheNote` says so). */
  cached: Measurement | null;
  cacheNote: string;
}

/** Times `mcp-annotate-lint --format json <file>` after a change to the file, without and with --cache. */
function preCommit(dir: string, runs: number, scratch: string, help: string): { result: PreCommit; failed: boolean } {
  const file = 'src/tools/group-7.ts';
  let change = 0;
  const touch = (): void => appendFileSync(path.join(dir, file), `// bench: changed ${++change}\n`);
  const timed = (args: string[]): Measurement => {
    const all: Measurement[] = [];
    for (let i = 0; i < runs; i++) {
      touch();
      all.push(measure(args, dir, scratch));
    }
    return median(all);
  };
  let failed = false;
  const check = (label: string, m: Measurement): void => {
    const { report, failed: crashed } = readReport(label, m);
    failed ||= crashed;
    console.log(`[pre-commit] ${label}: ${describe(m)}${report ? `, ${report.tools.length} tools` : ''}`);
  };
  const plain = timed([LINTER, '--format', 'json', file]);
  check(`${file}, no cache`, plain);
  let cached: Measurement | null = null;
  let cacheNote = 'n/a (no --cache)';
  if (/(^|\s)--cache(?=[\s,=]|$)/m.test(help)) {
    const location = /(^|\s)--cache-location\b/m.test(help) ? ['--cache-location', path.join(dir, '.mcp-annotate-lint-cache')] : [];
    cacheNote = location.length > 0 ? `cache in ${path.basename(location[1]!)} of the project` : 'cache at the linter default location';
    const args = [LINTER, '--format', 'json', '--cache', ...location, file];
    const fill = measure(args, dir, scratch); // fills the cache, not timed
    check(`${file}, --cache, filling run (not counted)`, fill);
    cached = timed(args);
    check(`${file}, --cache`, cached);
  } else {
    console.log(`[pre-commit] ${file}, --cache: n/a (mcp-annotate-lint --help lists no --cache)`);
  }
  return { result: { file, plain, cached, cacheNote }, failed };
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

/** Names the targets refer to (bench-inputs.json). */
const CHROME = 'chrome-devtools-mcp';
const DESKTOP_COMMANDER = 'DesktopCommanderMCP';

function main(): number {
  let options: Options;
  let inputs: RealInput[] = [];
  try {
    options = parseOptions(process.argv.slice(2));
    if (options.help) {
      process.stdout.write(HELP);
      return 0;
    }
    if (options.real) {
      inputs = loadInputs();
      const names = inputs.map(nameOf);
      const unknown = options.only.filter((n) => !names.includes(n));
      if (unknown.length > 0) throw new UsageError(`unknown input ${unknown.join(', ')} (${INPUTS_FILE} lists ${names.join(', ')})`);
      if (options.only.length > 0) inputs = inputs.filter((input) => options.only.includes(nameOf(input)));
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`bench: ${error.message}`);
    return 2;
  }
  for (const file of [LINTER, path.join(REPO, 'dist', 'src', 'cli.js'), TSC6]) {
    if (!existsSync(file)) {
      console.error(`bench: ${file} is missing (run \`npx tsc -p .\` and \`npm install\` first)`);
      return 1;
    }
  }
  const version = (tsc: string): string | null => {
    const child = spawnSync(process.execPath, [tsc, '--version'], { encoding: 'utf8' });
    return child.status === 0 ? child.stdout.trim() : null;
  };
  const tsc6Version = version(TSC6);
  const tsc7Version = existsSync(TSC7) ? version(TSC7) : null;
  const haveTsc7 = tsc7Version !== null;
  console.log(`mcp-annotate-lint bench — node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'} ×${os.cpus().length}`);
  console.log(`TS 6: ${tsc6Version}; TS 7: ${haveTsc7 ? `${tsc7Version} (native)` : `missing (${path.relative(REPO, TSC7)} not found or not runnable; npm install): reported as n/a`}`);
  console.log(HAVE_GNU_TIME ? `peak RSS from ${GNU_TIME} -f %M` : `${GNU_TIME} not found: peak RSS reported as n/a`);
  console.log(`${options.runs} interleaved runs per input and tool (linter, TS 6, TS 7), median reported; times include node start-up\n`);

  const root = mkdtempSync(path.join(os.tmpdir(), 'mcp-annotate-lint-bench-'));
  const generated: Row[] = [];
  const real: Row[] = [];
  const skipped: string[] = [];
  let pre: PreCommit | null = null;
  let failed = false;
  try {
    if (options.generated) {
      const projects = new Map<string, string>();
      for (const shape of options.shapes) {
        for (const size of shape === 'sdk' ? [...SIZES, ...SDK_ONLY_SIZES] : SIZES) {
          const project = generateProject(root, size, shape);
          projects.set(`${shape} ${size}`, project.dir);
          const planted = project.tools.filter((t) => t.planted);
          const tag = `[${size} tools, ${shape}]`;
          console.log(`${tag} generated ${project.files} files, ${project.lines} lines (${planted.length} planted wrong annotations)`);
          // Interleaved runs, median wall time of each: one run on a shared 2-core machine varies by ±20%.
          const medians = interleaved(
            {
              cwd: project.dir,
              linter: [LINTER, '--format', 'json'],
              tsc6: [TSC6, '--noEmit', '-p', project.dir],
              tsc7: haveTsc7 ? [TSC7, '--noEmit', '-p', project.dir] : null,
            },
            options.runs,
            root,
          );
          console.log(`${tag} linter: ${describe(medians.linter)}`);
          const { report, failed: crashed } = readReport(`the ${size}-tool ${shape} server`, medians.linter);
          failed ||= crashed;
          let toolsFound: number | null = null;
          if (report) {
            toolsFound = report.tools.length;
            if (toolsFound !== size) console.warn(`WARNING: the linter found ${toolsFound} tools in the ${size}-tool server (expected ${size})`);
            const flagged = new Set(report.findings.filter((f) => f.severity === 'error').map((f) => f.tool));
            const missed = planted.filter((t) => !flagged.has(t.name)).length;
            const falseAlarms = project.tools.filter((t) => !t.planted && flagged.has(t.name)).length;
            const withUnresolved = report.tools.filter((t) => t.unresolved.length > 0).length;
            console.log(
              `${tag} report: ${toolsFound} tools, ${report.findings.length} findings (${byRule(report)}); ` +
                `planted without an error finding: ${missed}; truthful tools with an error finding: ${falseAlarms}; tools with unresolved calls: ${withUnresolved}`,
            );
          }
          for (const [label, m] of [['TS 6', medians.tsc6], ['TS 7', medians.tsc7]] as const) {
            if (m === null) continue;
            console.log(`${tag} ${label}: ${describe(m)}`);
            if (m.status !== 0) {
              failed = true;
              console.error(`bench: ${label} failed on the ${size}-tool ${shape} server (exit ${m.status ?? m.signal}):\n${tail(m.stdout + m.stderr)}`);
            }
          }
          generated.push({ input: `${shape}, ${size} tools`, shape, size, ...medians, toolsFound });
          console.log('');
        }
      }
      const sdk1000 = projects.get('sdk 1000');
      if (sdk1000 !== undefined) {
        const help = spawnSync(process.execPath, [LINTER, '--help'], { encoding: 'utf8' }).stdout ?? '';
        const outcome = preCommit(sdk1000, options.runs, root, help);
        pre = outcome.result;
        failed ||= outcome.failed;
        console.log('');
      }
    }

    if (options.real) {
      for (const input of inputs) {
        const name = nameOf(input);
        const prepared =
          input.kind === 'repository' ? prepareRepository(input, options, haveTsc7) : preparePackage(input, options, haveTsc7);
        if ('reason' in prepared) {
          console.log(`[${name}] skipped: ${prepared.reason}`);
          skipped.push(`${name}: ${prepared.reason}`);
          continue;
        }
        console.log(`[${name}] ${labelOf(input)} (${input.kind}): linter, TS 6 and TS 7 in ${prepared.cwd}`);
        const medians = interleaved(prepared, options.runs, root, `[${name}]`);
        console.log(`[${name}] linter: ${describe(medians.linter)}`);
        const { report, failed: crashed } = readReport(name, medians.linter);
        failed ||= crashed;
        if (report) {
          const unresolved = report.unresolvedRegistrations?.length ?? 0;
          console.log(`[${name}] report: ${report.tools.length} tools, ${report.findings.length} findings (${byRule(report)}); unresolved registrations: ${unresolved}`);
        }
        for (const [label, m] of [['TS 6', medians.tsc6], ['TS 7', medians.tsc7]] as const) {
          if (m === null) continue;
          console.log(`[${name}] ${label}: ${describe(m)}, ${tscErrors(m)} type errors (not a bench failure on a real input)`);
          if (stoppedAtConfig(m)) {
            console.warn(`WARNING: ${label} stopped at a configuration error on ${name}, before type checking; its time is no yardstick:\n${tail(m.stdout, 5)}`);
          }
        }
        // What the yardstick covers (untimed): on a package, tsc reads the entry points and declarations only.
        const listed = spawnSync(process.execPath, [...prepared.tsc6, '--listFilesOnly'], { cwd: prepared.cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
        const files = (listed.stdout ?? '').split('\n').filter((line) => /^(\/|[A-Za-z]:[\\/])/.test(line)); // absolute paths, not --diagnostics lines
        const libs = files.filter((file) => /[/\\]typescript[/\\]lib[/\\]lib\.[^/\\]*\.d\.ts$/.test(file)).length;
        console.log(`[${name}] TS 6 reads ${files.length} files, ${files.length - libs} besides its own lib.*.d.ts`);
        real.push({ input: labelOf(input), name, ...medians, toolsFound: report ? report.tools.length : null });
        console.log('');
      }
    }
  } finally {
    if (options.keep) console.log(`generated servers kept in ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }

  if (generated.length > 0) console.log(`generated servers\n${rowsTable(generated)}\n`);
  if (options.real) {
    console.log(`real inputs${real.length === 0 ? ': none measured' : `\n${rowsTable(real)}`}`);
    for (const line of skipped) console.log(`  skipped ${line}`);
    if ([...real, ...generated].some((r) => stoppedAtConfig(r.tsc6) || stoppedAtConfig(r.tsc7))) {
      console.log('  * tsc stopped at a configuration error (TS5xxx) before type checking: no yardstick, left out of the targets');
    }
    console.log('');
  }

  // Growth.
  const at = (shape: Shape, size: number): Row | undefined => generated.find((r) => r.shape === shape && r.size === size);
  const growth = (from: Row, to: Row): string =>
    `linter ×${(to.linter.ms / from.linter.ms).toFixed(2)}, TS 6 ×${(to.tsc6.ms / from.tsc6.ms).toFixed(2)}, TS 7 ${
      from.tsc7 && to.tsc7 ? `×${(to.tsc7.ms / from.tsc7.ms).toFixed(2)}` : 'n/a'
    }`;
  for (const shape of options.shapes) {
    const [r10, r100, r1000] = [10, 100, 1000].map((size) => at(shape, size));
    if (!r100 || !r1000) continue;
    console.log(`growth 100 → 1,000 tools, ${shape} (linear = ×10): ${growth(r100, r1000)}`);
    if (shape === 'sdk' && r10) {
      // Node start-up and module loading are paid at every size; taking the 10-tool run as that
      // fixed cost shows how the work that depends on the project size grows.
      const marginal = (r1000.linter.ms - r10.linter.ms) / (r100.linter.ms - r10.linter.ms);
      console.log(`  same, less the 10-tool run as fixed cost: linter ×${marginal.toFixed(2)}`);
    }
  }
  const sdk1000 = at('sdk', 1000);
  const sdk5000 = at('sdk', 5000);
  let growth5000: number | null = null;
  if (sdk1000 && sdk5000) {
    growth5000 = sdk5000.linter.ms / sdk1000.linter.ms;
    console.log(`growth 1,000 → 5,000 tools, sdk (linear = ×5): ${growth(sdk1000, sdk5000)}`);
  }

  // Pre-commit.
  if (pre) {
    console.log(`\npre-commit: one changed tool file (${pre.file}) of the 1,000-tool sdk server, \`mcp-annotate-lint --format json ${pre.file}\``);
    console.log(`  without cache: ${fmtMs(pre.plain.ms)} ms, ${fmtMb(pre.plain.rssMb)} MB`);
    console.log(`  with --cache:  ${pre.cached ? `${fmtMs(pre.cached.ms)} ms, ${fmtMb(pre.cached.rssMb)} MB (${pre.cacheNote})` : pre.cacheNote}`);
  }

  // Targets.
  console.log('\ntargets:');
  /** One target: its figure and yes/NO, or only the figure ("n/a ...") when it was not measured. */
  const target = (text: string, value: string, ok: boolean | null): void =>
    console.log(`  ${text}: ${ok === null ? value : `${value} → ${yesNo(ok)}`}`);
  const checked = real.filter((r) => !stoppedAtConfig(r.tsc6));
  const ratios = checked.map((r) => ({ name: r.name!, ratio: r.linter.ms / r.tsc6.ms })).sort((a, b) => a.ratio - b.ratio);
  if (ratios.length === 0) {
    target(`real inputs, median ratio to TS 6 ≤ ${TARGET_REAL_MEDIAN_RATIO}`, 'n/a (no real input measured)', null);
    target(`real inputs, none above ${TARGET_REAL_MAX_RATIO} × TS 6`, 'n/a (no real input measured)', null);
  } else {
    const mid = ratios.length % 2 === 1
      ? ratios[(ratios.length - 1) / 2]!.ratio
      : (ratios[ratios.length / 2 - 1]!.ratio + ratios[ratios.length / 2]!.ratio) / 2;
    const max = ratios.at(-1)!;
    target(`real inputs, median ratio to TS 6 ≤ ${TARGET_REAL_MEDIAN_RATIO}`, `${mid.toFixed(2)} over ${ratios.length} input${ratios.length === 1 ? '' : 's'}`, mid <= TARGET_REAL_MEDIAN_RATIO);
    target(`real inputs, none above ${TARGET_REAL_MAX_RATIO} × TS 6`, `max ${max.ratio.toFixed(2)} (${max.name})`, max.ratio <= TARGET_REAL_MAX_RATIO);
  }
  target(
    `1,000 generated tools (sdk) ≤ ${TARGET_GENERATED_RATIO} × TS 6`,
    sdk1000 ? (sdk1000.linter.ms / sdk1000.tsc6.ms).toFixed(2) : 'n/a (not run)',
    sdk1000 ? sdk1000.linter.ms / sdk1000.tsc6.ms <= TARGET_GENERATED_RATIO : null,
  );
  target(
    `growth 1,000 → 5,000 tools (sdk) at most linear, ≤ ×${(5 * GROWTH_TOLERANCE).toFixed(2)} (linear ×5, tolerance ${GROWTH_TOLERANCE})`,
    growth5000 === null ? 'n/a (not run)' : `×${growth5000.toFixed(2)}`,
    growth5000 === null ? null : growth5000 <= 5 * GROWTH_TOLERANCE,
  );
  const chrome = real.find((r) => r.name === CHROME);
  target(`${CHROME} package < ${TARGET_CHROME_MS / 1000} s`, chrome ? `${fmtMs(chrome.linter.ms)} ms` : 'n/a (not run)', chrome ? chrome.linter.ms < TARGET_CHROME_MS : null);
  target(
    `${CHROME} package < ${TARGET_CHROME_MB} MiB`,
    chrome ? `${fmtMb(chrome.linter.rssMb)} MiB` : 'n/a (not run)',
    chrome?.linter.rssMb == null ? null : chrome.linter.rssMb < TARGET_CHROME_MB,
  );
  const desktop = real.find((r) => r.name === DESKTOP_COMMANDER);
  target(
    `${DESKTOP_COMMANDER} repository < ${TARGET_DESKTOP_COMMANDER_MS / 1000} s`,
    desktop ? `${fmtMs(desktop.linter.ms)} ms` : 'n/a (not run)',
    desktop ? desktop.linter.ms < TARGET_DESKTOP_COMMANDER_MS : null,
  );
  target(
    `pre-commit, one changed tool file of the 1,000-tool server, with the cache < ${TARGET_PRECOMMIT_MS / 1000} s`,
    pre === null ? 'n/a (not run)' : pre.cached ? `${fmtMs(pre.cached.ms)} ms` : pre.cacheNote,
    pre?.cached ? pre.cached.ms < TARGET_PRECOMMIT_MS : null,
  );
  const withRss = [...generated, ...real].filter((r) => r.linter.rssMb !== null && r.tsc6.rssMb !== null);
  const over = withRss.filter((r) => r.linter.rssMb! > r.tsc6.rssMb!);
  target(
    'peak RSS ≤ TS 6 on every input',
    withRss.length === 0
      ? 'n/a (no peak RSS measured)'
      : over.length === 0
        ? `all ${withRss.length} inputs`
        : `${over.length} of ${withRss.length} above: ${over.map((r) => `${r.input} ×${fmtRatio(r.linter.rssMb, r.tsc6.rssMb)}`).join('; ')}`,
    withRss.length === 0 ? null : over.length === 0,
  );

  if (generated.some((r) => r.toolsFound !== null && r.toolsFound !== r.size)) console.log('\nWARNING: tool counts differ from the generated servers (see above)');
  if (failed) {
    console.error('\nbench: a child process failed (see above); exiting 1');
    return 1;
  }
  return 0;
}

process.exitCode = main();

/**
 * Benchmark: mcp-annotate-lint against `tsc --noEmit` on synthetic MCP servers.
 *
 * What it measures
 *   For servers of 10, 100 and 1,000 tools it runs, three times each (`--runs N`), interleaved,
 *     (a) the linter:  `node bin/mcp-annotate-lint.js --format json` with cwd = the generated project
 *         (so it reads the project's tsconfig.json), and
 *     (b) the type checker: `node node_modules/typescript/bin/tsc --noEmit -p <project>`,
 *   and records each child's wall time (ms, measured around the spawn) and peak resident set size
 *   (MB, from GNU `/usr/bin/time -f %M`, which reports the child's maxrss in KiB; "n/a" when
 *   /usr/bin/time is not installed). tsc is the yardstick: a linter built on the TypeScript parser
 *   should cost no more time than type-checking the same project (ratio ≤ 1.0) and at most 1.5×
 *   its memory, and its time should grow no worse than linearly with the number of tools. The run
 *   with the median wall time of each tool is reported.
 *
 * How the servers are built
 *   Each is written to a fresh directory under os.tmpdir() (removed at the end) with the shape of a
 *   real server: `src/index.ts` creates `new McpServer(...)` and calls `registerGroupN(server)`
 *   from `src/tools/group-N.ts` (10 tools per file); each tool is
 *   `server.registerTool("tool_N", { description, inputSchema: { id: z.string() }, annotations }, handler)`.
 *   Handlers call `toolN_prepare` (helpers-g) → `toolN_apply` (helpers-g+1) → a primitive
 *   (helpers-g+2) that reads, writes, appends or removes files (node:fs/promises), POSTs with
 *   `fetch`, mutates a module-level array or map, or just computes. About a quarter of the tools
 *   carry a planted wrong (optimistic) annotation; the rest are annotated as their behaviour
 *   warrants. `src/shims.d.ts` declares the SDK, zod, node:fs/promises and fetch, and tsconfig.json
 *   sets `"types": []` and `"lib": ["ES2022"]`, so the project type-checks with zero errors without
 *   any package installed (the bench fails if tsc reports an error).
 *
 * Checks and exit status
 *   The linter's JSON report must list exactly as many tools as were generated (a warning
 *   otherwise). Exit 0 whether or not the targets are met (this is a measurement); exit 1 when a
 *   child fails: tsc exiting non-zero, or the linter exiting with anything but 0 or 1 (1 means
 *   "error-level findings", which the planted annotations produce).
 *
 * Run: `npm run bench` (builds first), or `node dist/scripts/bench.js` after `npx tsc -p .`;
 * `--runs N` sets the runs per size, `--keep` keeps the generated servers for profiling, `--shape sdk|low-level|low-level-if` runs one registration shape (all by default).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SIZES = [10, 100, 1000] as const;
/** `--shape sdk`, `--shape low-level` or `--shape low-level-if` runs one shape; all by default. */
const SHAPE_ARG = process.argv.includes('--shape') ? process.argv[process.argv.indexOf('--shape') + 1] : undefined;
const TOOLS_PER_FILE = 10;
const TARGET_TIME_RATIO = 1.0;
const TARGET_RSS_RATIO = 1.5;
/** time(1000)/time(100) may exceed the linear 10× by this factor before growth counts as superlinear. */
const GROWTH_TOLERANCE = 1.25;

/** Repository root: dist/scripts/bench.js → ../.. */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LINTER = path.join(REPO, 'bin', 'mcp-annotate-lint.js');
const TSC = path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
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

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

interface Row {
  shape: Shape;
  size: number;
  linter: Measurement;
  tsc: Measurement;
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

const ALL_SHAPES: readonly Shape[] = ['sdk', 'low-level', 'low-level-if'];
const SHAPES: readonly Shape[] = ALL_SHAPES.includes(SHAPE_ARG as Shape) ? [SHAPE_ARG as Shape] : ALL_SHAPES;

/** `npm run bench -- --keep` keeps the generated servers (to profile the linter on them). */
const KEEP = process.argv.includes('--keep');
/** `npm run bench -- --runs 5`: runs of each tool per size (default 3); the median is reported. */
const RUNS = Math.max(1, Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3);

/** The run with the median wall time. */
function median(runs: Measurement[]): Measurement {
  return [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
}

function main(): number {
  for (const file of [LINTER, path.join(REPO, 'dist', 'src', 'cli.js'), TSC]) {
    if (!existsSync(file)) {
      console.error(`bench: ${file} is missing (run \`npx tsc -p .\` and \`npm install\` first)`);
      return 1;
    }
  }
  const tscVersion = spawnSync(process.execPath, [TSC, '--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`mcp-annotate-lint bench — node ${process.version}, ${tscVersion}, ${os.cpus()[0]?.model ?? 'unknown CPU'} ×${os.cpus().length}`);
  console.log(HAVE_GNU_TIME ? `peak RSS from ${GNU_TIME} -f %M` : `${GNU_TIME} not found: peak RSS reported as n/a`);
  console.log(`${RUNS} interleaved runs per size and tool, median reported; times include node start-up\n`);

  const root = mkdtempSync(path.join(os.tmpdir(), 'mcp-annotate-lint-bench-'));
  const rows: Row[] = [];
  let failed = false;
  try {
    for (const shape of SHAPES) for (const size of SIZES) {
      const project = generateProject(root, size, shape);
      const planted = project.tools.filter((t) => t.planted);
      console.log(`[${size} tools, ${shape}] generated ${project.files} files, ${project.lines} lines (${planted.length} planted wrong annotations)`);

      // Interleaved runs, median wall time of each: one run on a shared 2-core machine varies by ±20%.
      const linterRuns: Measurement[] = [];
      const tscRuns: Measurement[] = [];
      for (let i = 0; i < RUNS; i++) {
        linterRuns.push(measure([LINTER, '--format', 'json'], project.dir, root));
        tscRuns.push(measure([TSC, '--noEmit', '-p', project.dir], project.dir, root));
      }
      const linter = median(linterRuns);
      const tsc = median(tscRuns);
      console.log(`[${size} tools] linter: ${fmtMs(linter.ms)} ms, ${fmtMb(linter.rssMb)} MB, exit ${linter.status ?? linter.signal}`);
      let toolsFound: number | null = null;
      if (linter.status !== 0 && linter.status !== 1) {
        failed = true;
        console.error(`bench: the linter failed on ${size} tools (exit ${linter.status ?? linter.signal}):\n${tail(linter.stderr)}`);
      } else {
        try {
          const report = JSON.parse(linter.stdout) as {
            tools: { name: string | null; unresolved: unknown[] }[];
            findings: { tool: string | null; severity: string; ruleId: string }[];
          };
          toolsFound = report.tools.length;
          if (toolsFound !== size) {
            console.warn(`WARNING: the linter found ${toolsFound} tools in the ${size}-tool server (expected ${size})`);
          }
          const flagged = new Set(report.findings.filter((f) => f.severity === 'error').map((f) => f.tool));
          const missed = planted.filter((t) => !flagged.has(t.name)).length;
          const falseAlarms = project.tools.filter((t) => !t.planted && flagged.has(t.name)).length;
          const withUnresolved = report.tools.filter((t) => t.unresolved.length > 0).length;
          const byRule = new Map<string, number>();
          for (const f of report.findings) byRule.set(`${f.ruleId}/${f.severity}`, (byRule.get(`${f.ruleId}/${f.severity}`) ?? 0) + 1);
          console.log(
            `[${size} tools] report: ${toolsFound} tools, ${report.findings.length} findings ` +
              `(${[...byRule].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}); ` +
              `planted without an error finding: ${missed}; truthful tools with an error finding: ${falseAlarms}; tools with unresolved calls: ${withUnresolved}`,
          );
        } catch (error) {
          console.warn(`WARNING: the linter's stdout on ${size} tools is not a JSON report: ${(error as Error).message}`);
        }
      }

      console.log(`[${size} tools] tsc:    ${fmtMs(tsc.ms)} ms, ${fmtMb(tsc.rssMb)} MB, exit ${tsc.status ?? tsc.signal}`);
      if (tsc.status !== 0) {
        failed = true;
        console.error(`bench: tsc failed on the ${size}-tool server (exit ${tsc.status ?? tsc.signal}):\n${tail(tsc.stdout + tsc.stderr)}`);
      }
      rows.push({ shape, size, linter, tsc, toolsFound });
      console.log('');
    }
  } finally {
    if (KEEP) console.log(`generated servers kept in ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }

  console.log(
    table(
      ['shape', 'tools', 'linter ms', 'tsc ms', 'time ratio', 'linter MB', 'tsc MB', 'RSS ratio', 'tools found'],
      rows.map((r) => [
        r.shape,
        String(r.size),
        fmtMs(r.linter.ms),
        fmtMs(r.tsc.ms),
        fmtRatio(r.linter.ms, r.tsc.ms),
        fmtMb(r.linter.rssMb),
        fmtMb(r.tsc.rssMb),
        fmtRatio(r.linter.rssMb, r.tsc.rssMb),
        r.toolsFound === null ? 'n/a' : String(r.toolsFound),
      ]),
    ),
  );

  /** time(1000) / time(100) of a shape, or null when it did not run. */
  const growthOf = (shape: Shape): number | null => {
    const [r100, r1000] = [100, 1000].map((size) => rows.find((r) => r.shape === shape && r.size === size));
    return r100 && r1000 ? r1000.linter.ms / r100.linter.ms : null;
  };
  const at = (size: number): Row | undefined => rows.find((r) => r.shape === 'sdk' && r.size === size);
  const r10 = at(10);
  const r100 = at(100);
  const r1000 = at(1000);
  console.log('');
  let growth: number | null = null;
  if (r100 && r1000) {
    growth = r1000.linter.ms / r100.linter.ms;
    console.log(`linter time growth 100 → 1,000 tools: ×${growth.toFixed(2)} (per-tool growth factor ${(growth / 10).toFixed(3)}; 1.000 = linear)`);
    if (r10) {
      // Node start-up and module loading are paid at every size; taking the 10-tool run as that
      // fixed cost shows how the work that depends on the project size grows.
      const marginal = (r1000.linter.ms - r10.linter.ms) / (r100.linter.ms - r10.linter.ms);
      console.log(`  same, less the 10-tool run as fixed cost: ×${marginal.toFixed(2)} (linear = ×10); tsc raw ×${(r1000.tsc.ms / r100.tsc.ms).toFixed(2)}`);
    }
  }
  if (r1000) {
    const timeRatio = r1000.linter.ms / r1000.tsc.ms;
    const rssRatio = r1000.linter.rssMb !== null && r1000.tsc.rssMb !== null ? r1000.linter.rssMb / r1000.tsc.rssMb : null;
    console.log('\ntargets at 1,000 tools:');
    console.log(`  time ratio ≤ ${TARGET_TIME_RATIO.toFixed(1)}: ${timeRatio.toFixed(2)} → ${yesNo(timeRatio <= TARGET_TIME_RATIO)}`);
    console.log(`  RSS ratio ≤ ${TARGET_RSS_RATIO.toFixed(1)}: ${rssRatio === null ? 'n/a' : rssRatio.toFixed(2)} → ${yesNo(rssRatio === null ? null : rssRatio <= TARGET_RSS_RATIO)}`);
    if (growth !== null) {
      console.log(`  growth 100 → 1,000 ≤ ×${(10 * GROWTH_TOLERANCE).toFixed(1)} (linear ×10, tolerance ${GROWTH_TOLERANCE}): ×${growth.toFixed(2)} → ${yesNo(growth <= 10 * GROWTH_TOLERANCE)}`);
    }
    for (const shape of ['low-level', 'low-level-if'] as const) {
      const g = growthOf(shape);
      if (g !== null) console.log(`  ${shape} dispatch, growth 100 → 1,000 ≤ ×${(10 * GROWTH_TOLERANCE).toFixed(1)}: ×${g.toFixed(2)} → ${yesNo(g <= 10 * GROWTH_TOLERANCE)}`);
    }
  }
  if (rows.some((r) => r.toolsFound !== null && r.toolsFound !== r.size)) console.log('\nWARNING: tool counts differ from the generated servers (see above)');
  if (failed) {
    console.error('\nbench: a child process failed (see above); exiting 1');
    return 1;
  }
  return 0;
}

process.exitCode = main();

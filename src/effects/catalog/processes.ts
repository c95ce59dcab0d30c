import { CLIPBOARD_COPY, CLIPBOARD_READ } from './commands.js';
import type { Effectish, SinkEntry } from './entry.js';

/**
 * Process sinks: a spawned program's effects are unknown, and it may reach the network (DESIGN.md
 * §1), unless its command is a literal of the table of known commands (commands.ts, read by
 * ../commands.ts from where `commandLine` says).
 */

const spawn = (description: string, commandLine?: SinkEntry['commandLine']): Effectish => ({
  kind: 'process.spawn',
  access: 'unknown',
  destructive: null,
  idempotent: null,
  openWorld: true,
  description,
  ...(commandLine ? { commandLine } : {}),
});

const RUNS = 'runs another program, whose effects are unknown';
/** Clipboard libraries: the exports that copy and those that read. */
const CLIPBOARD_LIBRARIES: readonly { module: string; copies: readonly string[]; reads: readonly string[] }[] = [
  { module: 'clipboardy', copies: ['write', 'writeSync'], reads: ['read', 'readSync'] },
  { module: 'tinyclip', copies: ['writeText'], reads: ['readText'] },
  { module: 'copy-paste', copies: ['copy'], reads: ['paste'] },
];

/**
 * node:child_process (https://nodejs.org/api/child_process.html: `exec` takes a shell command line,
 * `execFile` and `spawn` a program and an argument array; `fork` runs a Node.js module), execa
 * (https://github.com/sindresorhus/execa/blob/main/docs/api.md: `execa(file, args)`,
 * `execaCommand(line)`, `` $`line` ``, and `$(options)` / `execa(options)` that bind options to a
 * new runner), cross-spawn (node:child_process's `spawn`), zx (`` $`line` ``, also `$.sync` and
 * `$(options)`, https://google.github.io/zx/api).
 */
export const PROCESS_SINKS: readonly SinkEntry[] = [
  ...['exec', 'execSync'].map((name): SinkEntry => ({ module: 'child_process', export: name, ...spawn(RUNS, 'line') })),
  ...['execFile', 'execFileSync', 'spawn', 'spawnSync'].map((name): SinkEntry => ({ module: 'child_process', export: name, ...spawn(RUNS, 'argv') })),
  { module: 'child_process', export: 'fork', ...spawn('runs a Node.js module, whose effects are unknown') },
  ...['', 'execa', 'execaSync', '$', '$.sync', '$()', 'execa()'].map((name): SinkEntry => ({ module: 'execa', export: name, ...spawn(RUNS, 'argv') })),
  ...['execaCommand', 'execaCommandSync'].map((name): SinkEntry => ({ module: 'execa', export: name, ...spawn(RUNS, 'line') })),
  { module: 'execa', export: 'execaNode', ...spawn('runs a Node.js module, whose effects are unknown') },
  ...['', 'sync', 'spawn'].map((name): SinkEntry => ({ module: 'cross-spawn', export: name, ...spawn(RUNS, 'argv') })),
  ...['$', '$.sync', '$()'].map((name): SinkEntry => ({ module: 'zx', export: name, ...spawn('runs a shell command, whose effects are unknown', 'line') })),
  // open (https://github.com/sindresorhus/open): shows a URL or a file in the user's default
  // application (a browser for a URL), as a login flow does with its authorization page: it
  // changes nothing a later tool call sees, and a web page is the open world. What it returns is
  // the child process of that application (its `on`, `unref`: no effect of their own).
  { module: 'open', export: '', kind: 'process.spawn', access: 'read', destructive: null, idempotent: null, openWorld: true, description: "opens a URL or file in the user's default application" },
  { module: 'open', export: 'openApp', ...spawn('starts an application, whose effects are unknown') },
  // The system clipboard through a library that runs the platform's clipboard program (clipboardy,
  // https://github.com/sindresorhus/clipboardy: `write`/`read` and their `Sync` forms; tinyclip:
  // `writeText`/`readText`; copy-paste: `copy`/`paste`): a copy replaces what the user had copied,
  // on this machine only.
  ...CLIPBOARD_LIBRARIES.flatMap(({ module, copies, reads }) => [
    ...copies.map((name): SinkEntry => ({ module, export: name, ...CLIPBOARD_COPY })),
    ...reads.map((name): SinkEntry => ({ module, export: name, ...CLIPBOARD_READ })),
  ]),
];

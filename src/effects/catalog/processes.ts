import type { Effectish, SinkEntry } from './entry.js';

/** Process sinks: a spawned program's effects are unknown, and it may reach the network (DESIGN.md §1). */

const spawn = (description: string): Effectish => ({
  kind: 'process.spawn',
  access: 'unknown',
  destructive: null,
  idempotent: null,
  openWorld: true,
  description,
});

/** node:child_process, execa, cross-spawn, zx. */
export const PROCESS_SINKS: readonly SinkEntry[] = [
  ...['exec', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync', 'fork'].map(
    (name): SinkEntry => ({ module: 'child_process', export: name, ...spawn('runs another program, whose effects are unknown') }),
  ),
  ...['', 'execa', 'execaSync', 'execaCommand', 'execaCommandSync', 'execaNode', '$'].map(
    (name): SinkEntry => ({ module: 'execa', export: name, ...spawn('runs another program, whose effects are unknown') }),
  ),
  ...['', 'sync', 'spawn'].map((name): SinkEntry => ({ module: 'cross-spawn', export: name, ...spawn('runs another program, whose effects are unknown') })),
  { module: 'zx', export: '$', ...spawn('runs a shell command, whose effects are unknown') },
];

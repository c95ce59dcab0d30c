import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Ending a spawned server and everything it started, so that nothing outlives the linter.
 *
 * The server is spawned as the leader of its own process group (`detached`, so `setsid(2)`, on
 * every platform but Windows), and its environment carries {@link MARKER_VARIABLE} with a value
 * unique to it. Ending it signals the whole group (`kill(-pgid)`, POSIX.1-2017 kill()): what the
 * server started, forked twice or not, is in that group unless it left it by calling setsid or
 * setpgid itself. On Linux, `/proc` also finds the processes that left it: any process (of this
 * user: others' environments are unreadable) whose environment still holds the marker, and any
 * descendant of those by parent pid. What is left out: a process that left the group *and* cleared
 * its environment *and* was orphaned (a daemon that scrubs its environment), and, outside Linux,
 * any process that left the group.
 *
 * Not used: a Linux child sub-reaper (`prctl(PR_SET_CHILD_SUBREAPER)`) needs native code, and this
 * package adds no native module; a cgroup needs privileges (or a systemd user session to delegate
 * one) that a CI step or a developer's shell may not have.
 *
 * The MCP specification 2025-11-25 (Basic › Lifecycle › Shutdown, stdio) asks a client to close
 * the server's input, wait for it to exit, then send SIGTERM, then SIGKILL: `ServerProcess.close`
 * does the first two steps, `end` the last two for the whole group.
 */

/** How long the server and its group get after SIGTERM before SIGKILL (the SDK's stdio transport waits as long). */
export const KILL_GRACE_MS = 2000;
/** How long, after SIGKILL, ending waits for the processes to be gone (only a process stuck in the kernel takes any time). */
const KILLED_WAIT_MS = 5000;
/** How often the processes are looked for again while waiting. */
const POLL_MS = 25;

/** The environment variable set for each spawned server, holding a value unique to it. */
export const MARKER_VARIABLE = 'MCP_ANNOTATE_LINT_SERVER';

/** A new marker value: `<linter pid>-<random UUID>`. */
export function newMarker(): string {
  return `${process.pid}-${randomUUID()}`;
}

/** One process as /proc shows it. */
interface ProcEntry {
  pid: number;
  ppid: number;
  pgrp: number;
  /** Clock ticks after boot (proc(5) field 22): with the pid, it names the process across pid reuse. */
  started: number;
  zombie: boolean;
}

/** Whether /proc can be read as on Linux. */
const HAS_PROC = (() => {
  try {
    readFileSync('/proc/self/stat', 'utf8');
    return true;
  } catch {
    return false;
  }
})();

/** `/proc/<pid>/stat` read (proc(5)): the fields after the command name, which is in parentheses and may hold anything. */
function procEntry(pid: number): ProcEntry | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]), started: Number(fields[19]), zombie: fields[0] === 'Z' || fields[0] === 'X' };
}

function environHas(pid: number, entry: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(entry);
  } catch {
    return false;
  }
}

/** The processes of every spawned group still running, ended when the linter is interrupted or exits. */
const groups = new Set<ServerGroup>();

/**
 * A spawned server's process group and what it started. Create it right after spawning: it is
 * registered so that an interrupted linter (SIGINT, SIGTERM, SIGHUP) ends it before exiting, and a
 * linter that exits anyhow kills it (SIGKILL) on its way out.
 */
export class ServerGroup {
  /** The server's start time (Linux): processes started before it cannot be its descendants. */
  private readonly started: number;
  /** Every process found to belong to the server so far, by `pid:start time` (Linux). */
  private readonly known = new Map<string, number>();
  private ending: Promise<void> | undefined;

  /**
   * @param pid the server's pid.
   * @param ownGroup whether the server leads its own process group (spawned detached).
   * @param marker the value of {@link MARKER_VARIABLE} in the server's environment.
   */
  constructor(
    readonly pid: number,
    readonly ownGroup: boolean,
    readonly marker: string,
  ) {
    this.started = (HAS_PROC ? procEntry(pid)?.started : undefined) ?? 0;
    groups.add(this);
    guardInterrupts();
  }

  /**
   * The pids of the server's processes still running (zombies, dead but not yet reaped, are not):
   * on Linux, those of its process group, those whose environment holds the marker, and their
   * descendants; elsewhere, the group as a whole (`[pgid]` while `kill(-pgid, 0)` finds a member),
   * or the server alone when it has no group of its own.
   */
  running(): number[] {
    if (!HAS_PROC) return probe(this.ownGroup ? -this.pid : this.pid) ? [this.pid] : [];
    const entries = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map((name) => procEntry(Number(name)))
      .filter((entry): entry is ProcEntry => entry !== undefined && entry.started >= this.started);
    const marker = `${MARKER_VARIABLE}=${this.marker}`;
    const ours = new Set<number>();
    for (const entry of entries) {
      const key = `${entry.pid}:${entry.started}`;
      if (this.known.has(key) || (this.ownGroup && entry.pgrp === this.pid) || entry.pid === this.pid || environHas(entry.pid, marker)) ours.add(entry.pid);
    }
    // Descendants by parent pid, until no more are found.
    for (let grown = true; grown; ) {
      grown = false;
      for (const entry of entries) {
        if (!ours.has(entry.pid) && ours.has(entry.ppid)) {
          ours.add(entry.pid);
          grown = true;
        }
      }
    }
    const alive = entries.filter((entry) => ours.has(entry.pid) && !entry.zombie);
    for (const entry of alive) this.known.set(`${entry.pid}:${entry.started}`, entry.pid);
    return alive.map((entry) => entry.pid);
  }

  /** Sends `signal` to the group and to every process `running` finds. */
  signal(signal: NodeJS.Signals): void {
    if (this.ownGroup) send(-this.pid, signal);
    for (const pid of this.running()) send(pid, signal);
  }

  /**
   * Ends the server and everything it started: SIGTERM, up to {@link KILL_GRACE_MS} for them to
   * exit, then SIGKILL to those left, and waits (at most a few seconds) until none is running.
   * Calling it again returns the same promise. Never throws.
   */
  end(): Promise<void> {
    this.ending ??= (async () => {
      if (this.running().length > 0) {
        this.signal('SIGTERM');
        if (!(await this.gone(KILL_GRACE_MS))) {
          this.signal('SIGKILL');
          await this.gone(KILLED_WAIT_MS);
        }
      }
      groups.delete(this);
      if (groups.size === 0) releaseInterrupts();
    })();
    return this.ending;
  }

  /** Waits until none of the server's processes runs, at most `ms`; whether none does. */
  private async gone(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    for (;;) {
      if (this.running().length === 0) return true;
      if (Date.now() >= until) return false;
      await sleep(POLL_MS);
    }
  }
}

/** Whether `pid` (a group when negative) exists: signal 0 probes without sending anything. */
function probe(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function send(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // gone meanwhile, or not ours to signal
  }
}

/** Exit codes of a process ended by a signal, as shells report them (128 + the signal's number). */
const INTERRUPTS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
let interrupted = false;

/**
 * On the first interrupt, every spawned group is ended (SIGTERM, then SIGKILL after the grace
 * period) before the linter exits as the signal would have made it (130, 143, 129): without this,
 * Node exits at once and the servers run on. A second interrupt while that runs kills them at once
 * (SIGKILL) and exits.
 */
function onInterrupt(signal: NodeJS.Signals): void {
  const code = INTERRUPTS[signal as keyof typeof INTERRUPTS];
  if (interrupted) {
    killAll();
    process.exit(code);
  }
  interrupted = true;
  void Promise.all([...groups].map((group) => group.end())).finally(() => process.exit(code));
}

/** The last resort when the linter exits with servers still running (an internal error, a closed stdout): SIGKILL, synchronously. */
function killAll(): void {
  for (const group of groups) group.signal('SIGKILL');
}

let guarded = false;

function guardInterrupts(): void {
  if (guarded) return;
  guarded = true;
  for (const signal of Object.keys(INTERRUPTS) as NodeJS.Signals[]) process.on(signal, onInterrupt);
  process.on('exit', killAll);
}

/** Gives the interrupts back to Node's default (exit at once) when no server runs: a library user's own handlers then decide. */
function releaseInterrupts(): void {
  if (!guarded || interrupted) return;
  guarded = false;
  for (const signal of Object.keys(INTERRUPTS) as NodeJS.Signals[]) process.off(signal, onInterrupt);
  process.off('exit', killAll);
}

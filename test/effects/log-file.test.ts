import { describe, expect, it } from 'vitest';
import { found, serverWith } from './catalog-helpers.js';

/**
 * Issue 15 (readOnly accuracy): a log is not a modification (corpus README, "What the labels
 * mean"). A logging helper that prints each line to stderr and appends the same line to a file
 * whose path is configured writes a log (src/effects/log-file.ts); an append of what the user
 * gives to a file the program fixes, or to a file the caller names, is a write.
 */
const LOG = `import { appendFileSync, existsSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import path from "node:path";
let debugLogPath: string | null = null;
export function initDebugLog(root: string) { debugLogPath = path.resolve(root, "debug.log"); }
export function log(...args: unknown[]) {
  const msg = \`[DEBUG \${new Date().toISOString()}] \${args.map(String).join(" ")}\\n\`;
  process.stderr.write(msg);
  if (debugLogPath) {
    try { appendFileSync(debugLogPath, msg); } catch {}
  }
}
export class FileLogger {
  constructor(private readonly file: string) {}
  async info(message: string) { console.error(message); await appendFile(this.file, \`\${message}\\n\`); }
}
export function saveNote(note: string) {
  try { appendFileSync("/srv/notes.md", \`\${note}\\n\`); } catch (error) { console.error("cannot save", note); }
}
export function record(file: string, line: string) { console.error(line); appendFileSync(file, line); }
export function appendToLog(message: string) {
  const logPath = path.join(process.env.HOME ?? "/tmp", "app", "log.txt");
  if (!existsSync(logPath)) return;
  appendFileSync(logPath, \`[\${new Date().toISOString()}] \${message}\n\`);
}
export function appendEntry(message: string) { appendFileSync("/srv/app.log", \`\${message}\n\`); }
export function debugLog(file: string, message: string) { appendFileSync(file, message); }
`;

async function tools(bodies: Record<string, string>) {
  return found({ ...serverWith(`import { log, FileLogger, saveNote, record, appendToLog, appendEntry, debugLog } from "./log.js";\nconst logger = new FileLogger("/var/log/app.log");`, bodies), 'log.ts': LOG }, Object.keys(bodies));
}

describe('log files', () => {
  it('a logging helper that mirrors stderr to a configured file: no effect, the tool stays read-only', async () => {
    const r = await tools({ a: '  log("fetching", args.id);', b: '  await logger.info(`fetching ${args.id}`);' });
    for (const name of ['a', 'b']) {
      expect(r[name]!.rows).toEqual([]);
      expect(r[name]!.inferred.readOnly).toBe(true);
    }
  });

  it('a helper named for logging that appends to a file named a log (only when the user created it): no effect', async () => {
    const r = await tools({ t: '  appendToLog(`fetched page ${args.id}`);' });
    expect(r.t!.rows).toEqual(['fs existsSync | fs.read read d=null i=null open=false certain']);
    expect(r.t!.inferred.readOnly).toBe(true);
  });

  it('a log-named file appended by a helper not named for logging, or a logging helper given the caller\'s file, is a write', async () => {
    const r = await tools({ entry: '  appendEntry(args.text);', named: '  debugLog(args.file, args.text);' });
    expect(r.entry!.inferred.readOnly).toBe(false);
    expect(r.named!.inferred.readOnly).toBe(false);
  });

  it('an append of the user\'s text to a fixed file, reported only on failure, is a write', async () => {
    const r = await tools({ t: '  saveNote(args.text);' });
    expect(r.t!.rows).toEqual(['fs appendFileSync | fs.write write d=false i=false open=false certain']);
    expect(r.t!.inferred).toEqual({ readOnly: false, destructive: false, idempotent: false, openWorld: false });
  });

  it('an append to a file the caller names is a write, even when the line is also printed', async () => {
    const r = await tools({ t: '  record(args.file, args.text);' });
    expect(r.t!.rows).toEqual(['fs appendFileSync | fs.write write d=false i=false open=false certain']);
    expect(r.t!.inferred.readOnly).toBe(false);
  });
});

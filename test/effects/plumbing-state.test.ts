import { describe, expect, it } from 'vitest';
import { found } from './catalog-helpers.js';
import { serverWith } from './catalog-helpers.js';

/**
 * Long-lived state every call writes the same way, which no later call can observe (issue 15,
 * kind 2): a pattern's search cursor, a library setting copied from the environment, a semaphore's
 * queue of waiting callbacks. Shaped after a code packer's CLI that an MCP tool runs (a process-wide
 * limit on spawned processors, base64 patterns reset before each replace, a spinner sized from
 * `COLUMNS`), written for these tests. Beside each, the same kind of state written with what a call
 * brings, which stays a write.
 */
const TOP = `import { renderer } from "picospinner";
import * as fs from "node:fs/promises";
const LIMIT = 4;
let active = 0;
const waiters: Array<() => void> = [];
function acquire(): Promise<void> {
  if (active < LIMIT) {
    active++;
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    waiters.push(() => {
      active++;
      resolve();
    });
  });
}
function release(): void {
  active--;
  const next = waiters.shift();
  if (next) next();
}
const dataUri = /data:([a-z]+\\/[a-z]+);base64,([A-Za-z0-9+/=]+)/g;
const history: string[] = [];
const view = { width: 80 };
export function lastEntries() { return history.slice(-5).concat(String(view.width)); }`;

describe('state every call writes the same way', () => {
  it('is no modification: a search cursor reset, a setting read from the environment, a queue of waiting callbacks', async () => {
    const result = await found(serverWith(TOP, {
      cursor: `  dataUri.lastIndex = 0;\n  const text = String(args.text).replace(dataUri, "data:$1;base64,...");`,
      environment: `  const columns = Number(process.env.COLUMNS);\n  if (columns > 0) (renderer as unknown as { terminalWidth: number }).terminalWidth = columns;`,
      semaphore: `  await acquire();\n  try {\n    await fs.readFile(args.file, "utf8");\n  } finally {\n    release();\n  }`,
    }), ['cursor', 'environment', 'semaphore']);
    expect(Object.fromEntries(Object.entries(result).map(([name, f]) => [name, { rows: f.rows, unresolved: f.unresolved, readOnly: f.inferred.readOnly }]))).toEqual({
      cursor: { rows: [], unresolved: [], readOnly: true },
      environment: { rows: [], unresolved: [], readOnly: true },
      semaphore: { rows: ['fs/promises readFile | fs.read read d=null i=null open=false certain'], unresolved: [], readOnly: true },
    });
  });

  it('stays a write when the value or the entry is what a call brings', async () => {
    const result = await found(serverWith(TOP, {
      width: `  view.width = Number(args.width);`,
      remember: `  history.push(args.entry);\n  if (history.length > 100) history.shift();`,
    }), ['width', 'remember']);
    expect(result.width!.effects.map((e) => e.description)).toEqual(['assigns server state `view`, read back at server.ts:29']);
    expect(result.remember!.effects.map((e) => e.description)).toEqual([
      'appends to server state `history`, read back at server.ts:29',
      'removes the first entry of server state `history`, read back at server.ts:29',
    ]);
  });
});

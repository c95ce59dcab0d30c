import { describe, expect, it } from 'vitest';
import { found, serverWith } from './catalog-helpers.js';

/**
 * Issue 15: a path getter that creates its cache directory on first use (src/effects/ensured-dirs.ts)
 * prepares where data lives; a tool that only reads through it stays read-only. A directory the
 * caller names, or one made by a helper that returns no path inside it, is still a write.
 */
const TOP = `import { existsSync, mkdirSync } from "node:fs";
import { readFile, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
async function getStatePath() {
  const dir = path.join(os.homedir(), ".cache", "app", "state");
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  return path.join(dir, "state.json");
}
async function loadState() {
  const file = await getStatePath();
  if (!existsSync(file)) return null;
  return JSON.parse(await readFile(file, "utf8"));
}
async function saveState(state: unknown) {
  await writeFile(await getStatePath(), JSON.stringify(state));
}
function workspaceDir(name: string) {
  const dir = path.join(os.homedir(), name);
  mkdirSync(dir, { recursive: true });
  return path.join(dir, "notes.md");
}
async function prepare() {
  const dir = path.join(os.homedir(), ".cache", "app", "exports");
  await mkdir(dir, { recursive: true });
}`;

describe('directories a path getter makes sure exist', () => {
  it('reading state through a getter that creates its directory: read-only', async () => {
    const r = await found(serverWith(TOP, { t: '  const s = await loadState();' }), ['t']);
    expect(r.t!.effects.every((e) => e.access === 'read')).toBe(true);
    expect(r.t!.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
  });

  it('writing through the getter is still a write', async () => {
    const r = await found(serverWith(TOP, { t: '  await saveState(args.state);' }), ['t']);
    expect(r.t!.inferred.readOnly).toBe(false);
  });

  it('a directory named from the arguments, or made by a helper that returns no path, is a write', async () => {
    const r = await found(serverWith(TOP, { a: '  workspaceDir(args.name);', b: '  await prepare();' }), ['a', 'b']);
    expect(r.a!.rows).toEqual(['fs mkdirSync | fs.write write d=false i=true open=false certain']);
    expect(r.b!.rows).toEqual(['fs/promises mkdir | fs.write write d=false i=true open=false certain']);
  });
});

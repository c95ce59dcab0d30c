import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers.js';
import { UsageError } from '../../src/errors.js';
import { listTools } from '../../src/live/list-tools.js';
import { MAX_NESTING, nesting, tooDeep } from '../../src/live/nesting.js';
import { describeTarget } from '../../src/live/target.js';
import { fixture, ROOT } from './helpers.js';

/** A value nested `depth` arrays deep. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('values nested too deep to read (issue 13, item 6)', () => {
  it('nesting counts levels of objects and arrays without recursion, 100,000 deep too', () => {
    expect([nesting(1), nesting({}), nesting({ a: [] }), nesting({ a: 1, b: { c: [1, { d: null }] } })]).toEqual([0, 1, 2, 4]);
    expect(nesting(nested(100_000))).toBe(100_000);
  });

  it('tooDeep names the first member past the limit, or the tool itself when it is not an object', () => {
    expect(tooDeep({ name: 't', inputSchema: nested(MAX_NESTING) })).toBeUndefined();
    expect(tooDeep({ name: 't', inputSchema: {}, annotations: nested(MAX_NESTING + 1) })).toEqual({ member: 'annotations', depth: MAX_NESTING + 1 });
    expect(tooDeep(nested(MAX_NESTING + 2))).toEqual({ member: null, depth: MAX_NESTING + 2 });
  });

  it.each([
    [['5000'], '$.tools[0].inputSchema', 10_001],
    [['5000', 'annotations'], '$.tools[0].annotations', 10_002],
  ])('listTools of a tool nested 5,000 schemas deep (%j): one line naming the tool, where and how deep', async (args, at, depth) => {
    const target = fixture('deep.mjs', ...args);
    const error: unknown = await listTools(target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(`${describeTarget(target)}: tools/list: the tool "deep_tool" has a value nested ${depth} levels deep at ${at}; the linter reads at most ${MAX_NESTING} levels`);
  });

  it('pin and live: exit 2 with that line, no internal error; just under the limit, both work', () => {
    const pinFile = path.join(tempFolder('mcp-annotate-lint-deep-'), 'p.json');
    const bin = path.join(ROOT, 'bin', 'mcp-annotate-lint.js');
    const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    for (const command of [['pin', '--pin-file', pinFile], ['live']]) {
      const r = run(...command, '--', 'node', 'test/fixtures/live/deep.mjs', '5000', 'annotations');
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^mcp-annotate-lint: `node test\/fixtures\/live\/deep\.mjs 5000 annotations`: tools\/list: the tool "deep_tool" has a value nested 10002 levels deep at \$\.tools\[0\]\.annotations; the linter reads at most 1000 levels\n$/);
    }
    // 499 schemas of 2 levels each, plus the innermost and the annotations object: 1000 levels.
    const pinned = run('pin', '--pin-file', pinFile, '--', 'node', 'test/fixtures/live/deep.mjs', '499', 'annotations');
    expect(pinned.status, `${pinned.signal} ${pinned.error} ${pinned.stderr}`).toBe(0);
    const live = run('live', '--check-pin', pinFile, '--', 'node', 'test/fixtures/live/deep.mjs', '499', 'annotations');
    // No change since the pin (stderr empty); the findings are the unknown annotation key's.
    expect(live.stderr).toBe('');
    expect(live.stdout).toContain('declares `extra`, which is not a tool annotation');
    expect(live.status).toBe(1);
  });
});

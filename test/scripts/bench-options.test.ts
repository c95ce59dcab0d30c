import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `npm run bench -- --help` (issue 16): it was "bench: unknown option --help". Only the options
 * are run here; the measurement itself is the script's job, not a test's.
 */
const BENCH = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'scripts', 'bench.js');

function bench(args: string[]) {
  const r = spawnSync(process.execPath, [BENCH, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bench options', () => {
  it('prints its usage with --help or -h and runs nothing', () => {
    for (const flag of ['--help', '-h']) {
      const r = bench([flag]);
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.stdout.split('\n')[0]).toBe('Usage: npm run bench -- [options]   (or: node dist/scripts/bench.js [options] after npx tsc -p .)');
      expect(r.stdout).toContain('  --runs N         interleaved runs per input, the median reported (default 3)');
    }
  });

  it('refuses an unknown option in one line, exit 2', () => {
    expect(bench(['--bogus'])).toEqual({ code: 2, stdout: '', stderr: 'bench: unknown option --bogus\n' });
  });
});

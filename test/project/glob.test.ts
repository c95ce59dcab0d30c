import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { compileGlob, compileGlobs, GlobError, MAX_GLOB_LENGTH } from '../../src/project/glob.js';
import { UsageError } from '../../src/errors.js';

/** Paths every glob of the table is tried on. */
const PATHS = [
  'a', 'b', 'c', 'x', 'a.ts', 'b.js', '.x', '.env', '1.ts', '2.ts', '9.ts', 'ab.ts', 'abab.ts', '.ts', 'x.d.ts',
  'src/a.ts', 'src/a.js', 'src/b.js', 'src/a/x.js', 'src/b/y.js', 'src/c/z.js', 'src/a/b/c.ts', 'src/.hidden/x.ts',
  'lib/x.ts', 'a/b', 'a/x/y/b', 'a/.x', 'a/b/c', '../x.ts', '../a/x.ts', '../../x.ts', 'test/a.test.ts',
  'node_modules/p/index.js', 'get_note', 'read_note', 'write_file', 'a b.ts', 'a{b', '{a}', '[a-', 'a/b.ts', '*.ts',
];

/** Ordinary globs: the linear matcher must agree with picomatch (`dot: true`) on every path. */
const GLOBS = [
  '**/*.ts', '*.ts', '**', '*', '?', '??.ts', 'src/{a,b}/*.js', 'src/*.{ts,js}', '{src,lib}/**/*.ts', '!x', '!*.ts', '!!*.ts', '!{a,b}',
  '[a-c]', '[abc].ts', '[^a].ts', '[[:digit:]].ts', '{1..3}.ts', '{a..c}', '{a,}x', '{a,{b,c}}', 'a/**/b', 'a/**', '**/b',
  '**/a', 'src/**.ts', 'a**b', 'a/*', '../**/*.ts', '../*.ts', './src/*.ts', '\\*.ts', 'a\\{b', '{a}', '[a-', 'a{b',
  '@(a|b).ts', '+(ab).ts', '*(a).ts', '?(a).ts', '*_note', 'get_*', '{read,write}_*', 'a b.ts', '**/*.test.ts',
  'node_modules/**', '**/node_modules/**', 'src/**/*', '.*', '**/.hidden/**', 'src/*/*.js', '*/b', 'x.d.ts',
];

describe('compileGlob', () => {
  it('agrees with picomatch (dot: true) on a table of ordinary globs', () => {
    const disagreements: string[] = [];
    for (const glob of GLOBS) {
      const ours = compileGlob(glob);
      const theirs = picomatch(glob, { dot: true });
      for (const p of PATHS) if (ours(p) !== theirs(p)) disagreements.push(`${glob} on ${p}: ours ${ours(p)}, picomatch ${theirs(p)}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('matches 14 stars against a 100,000-character name (exponential in picomatch) and finishes', () => {
    const glob = `${'*a'.repeat(13)}*b`;
    expect(compileGlob(glob)('a'.repeat(100_000))).toBe(false);
    expect(compileGlob(glob)(`${'a'.repeat(100_000)}b`)).toBe(true);
    expect(compileGlob('**/*a*a*a*a*a*a*a*a*a*a*a*a*b')(`${'a/'.repeat(5000)}${'a'.repeat(5000)}`)).toBe(false);
  });

  it(`refuses a glob longer than ${MAX_GLOB_LENGTH} characters, a negated extglob and a huge range, with why`, () => {
    expect(() => compileGlob('*'.repeat(100_000))).toThrow(new GlobError(`glob is too long (100000 characters; at most ${MAX_GLOB_LENGTH})`));
    expect(() => compileGlob('!(a).ts')).toThrow(/negated extglob "!\(…\)" is not supported/);
    expect(() => compileGlob('{1..100000}')).toThrow(/has 100000 items \(at most 1000\)/);
    expect(() => compileGlob('[z-a]')).toThrow(GlobError);
  });

  it('compileGlobs names the glob that cannot be used by where it comes from', () => {
    expect(() => compileGlobs(['*.ts', 'a'.repeat(5000)], (i) => `.mcplintrc.json: include[${i}]`)).toThrow(
      new UsageError(`.mcplintrc.json: include[1]: glob is too long (5000 characters; at most ${MAX_GLOB_LENGTH})`),
    );
    const any = compileGlobs(['*.ts', '*.js'], String);
    expect([any('a.ts'), any('a.js'), any('a.md')]).toEqual([true, true, false]);
  });

  it('matches names with line breaks and control characters like any other character', () => {
    expect(compileGlob('evil*')('evil\u001b[2J\nline')).toBe(true);
    expect(compileGlob('**/x.ts')('a\nb/x.ts')).toBe(true);
  });
});

import { RE2JS } from 're2js';
import { UsageError } from '../errors.js';

/*
 * Glob matching in linear time. Globs come from users (the command line, `include`, `exclude`,
 * `overrides[].files` and `overrides[].tools` in the configuration, `workspaces` in a package.json):
 * picomatch and minimatch compile them to backtracking regular expressions, in which a glob such
 * as `*a*a*a*a*a*a*a*a*a*a*a*a*a*b` takes exponential time against a long name. Here a glob is
 * translated to RE2 syntax and run by re2js (a port of RE2, https://github.com/google/re2, whose
 * matching time is linear in the input), so no glob can make a run hang.
 *
 * The syntax and its meaning are picomatch's with `dot: true` (the one the configuration has
 * always documented): `*` and `?` match within a path segment, dotfiles included; `**` as a whole
 * segment matches any number of segments; `[abc]`, `[a-z]`, `[!a]`/`[^a]` and POSIX classes
 * (`[[:digit:]]`); braces `{a,b}` (nested) and ranges `{1..5}`, `{a..e}`; the extglobs `@(a|b)`,
 * `?(a)`, `+(a)`, `*(a)`; `\` escapes the next character; a leading `!` negates the glob; a
 * leading `./` is dropped. As in picomatch, no wildcard matches a `..` segment: a path outside the
 * base folder (`../x.ts`) matches only a glob that starts with as many `../`. Not supported: the
 * negated extglob `!(a)`, which needs look-ahead (list what to leave out in `exclude` instead).
 */

/** The longest glob accepted, in characters: a longer one is a mistake (or an attack), not a pattern. */
export const MAX_GLOB_LENGTH = 4096;

/** The most alternatives a brace range (`{1..100}`) may expand to. */
const MAX_RANGE = 1000;

/** A glob that cannot be used; `message` says why (`glob is too long (…)`), for the caller to prefix with where the glob came from. */
export class GlobError extends Error {
  override name = 'GlobError';
}

/** A compiled glob: true when the path (with `/` separators) matches. */
export type GlobMatcher = (path: string) => boolean;

const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/g;

function literal(text: string): string {
  return text.replace(REGEX_SPECIAL, '\\$&');
}

/** Where a glob is being read, and the characters that end the part being read (`,` `}` in braces, `|` `)` in an extglob). */
class Reader {
  i = 0;
  constructor(readonly glob: string) {}

  /** The regular expression of the glob from `i` up to a character in `stops` (not consumed) or the end. */
  sequence(stops: string): string {
    const g = this.glob;
    let out = '';
    while (this.i < g.length && !stops.includes(g[this.i]!)) {
      const ch = g[this.i]!;
      if (ch === '\\') {
        out += literal(g[this.i + 1] ?? '\\');
        this.i += 2;
      } else if (ch === '/') {
        // `a/**` also matches `a` itself, as in picomatch.
        if (this.globstarAt(this.i + 1) && this.endsPart(this.i + 1 + this.starRun(this.i + 1), stops)) {
          this.i += 1 + this.starRun(this.i + 1);
          out += '(?:/.*)?';
        } else {
          out += '/';
          this.i += 1;
        }
      } else if (ch === '*' || ch === '?' || ch === '+' || ch === '@' || ch === '!') {
        if (g[this.i + 1] === '(' && closing(g, this.i + 1, '(', ')') >= 0) out += this.extglob(ch);
        else if (ch === '*') out += this.star(stops);
        else if (ch === '?') {
          out += '[^/]';
          this.i += 1;
        } else {
          out += literal(ch);
          this.i += 1;
        }
      } else if (ch === '[') out += this.bracket();
      else if (ch === '{') out += this.brace();
      else {
        out += literal(ch);
        this.i += 1;
      }
    }
    return out;
  }

  private starRun(at: number): number {
    let n = 0;
    while (this.glob[at + n] === '*') n += 1;
    return n;
  }

  /** True when a run of two or more `*` starts at `at` and is a whole segment on its left. */
  private globstarAt(at: number): boolean {
    const before = this.glob[at - 1];
    return this.starRun(at) >= 2 && (at === 0 || before === '/' || before === '{' || before === ',' || before === '(' || before === '|');
  }

  /** True when the part being read ends at `at` (the glob's end, or a character that closes it). */
  private endsPart(at: number, stops: string): boolean {
    return at >= this.glob.length || stops.includes(this.glob[at]!);
  }

  private star(stops: string): string {
    const run = this.starRun(this.i);
    const start = this.i;
    this.i += run;
    if (!this.globstarAt(start)) return '[^/]*';
    // `**/` matches any number of whole segments (none included); `**` alone any path.
    if (this.glob[this.i] === '/') {
      this.i += 1;
      return '(?:[^/]*/)*';
    }
    return this.endsPart(this.i, stops) ? '.*' : '[^/]*';
  }

  private extglob(kind: string): string {
    if (kind === '!') throw new GlobError('a negated extglob "!(…)" is not supported (it needs look-ahead); list what to leave out in "exclude" instead');
    this.i += 2;
    const alternatives = [this.sequence('|)')];
    while (this.glob[this.i] === '|') {
      this.i += 1;
      alternatives.push(this.sequence('|)'));
    }
    this.i += 1; // `)`
    const suffix = kind === '?' ? '?' : kind === '+' ? '+' : kind === '*' ? '*' : '';
    return `(?:${alternatives.join('|')})${suffix}`;
  }

  private bracket(): string {
    const g = this.glob;
    let j = this.i + 1;
    const negated = g[j] === '!' || g[j] === '^';
    if (negated) j += 1;
    let body = '';
    let first = true;
    for (; j < g.length; j += 1) {
      const ch = g[j]!;
      if (ch === ']' && !first) break;
      first = false;
      const posix = /^\[:([a-z]+):\]/.exec(g.slice(j, j + 12));
      if (posix) {
        body += posix[0];
        j += posix[0].length - 1;
      } else if (ch === '\\' && j + 1 < g.length) {
        body += `\\${g[j + 1]}`;
        j += 1;
      } else if (ch === '-') body += '-';
      else body += ch.replace(/[\\\]\[^]/, '\\$&');
    }
    if (j >= g.length) {
      // No closing `]`: a literal `[`.
      this.i += 1;
      return '\\[';
    }
    this.i = j + 1;
    return negated ? `[^/${body}]` : `[${body}]`;
  }

  private brace(): string {
    const g = this.glob;
    const end = closing(g, this.i, '{', '}');
    const inner = end < 0 ? '' : g.slice(this.i + 1, end);
    if (end >= 0 && hasTopLevelComma(inner)) {
      this.i += 1;
      const alternatives = [this.sequence(',}')];
      while (g[this.i] === ',') {
        this.i += 1;
        alternatives.push(this.sequence(',}'));
      }
      this.i += 1; // `}`
      return `(?:${alternatives.join('|')})`;
    }
    const range = end >= 0 ? rangeOf(inner) : null;
    if (range) {
      this.i = end + 1;
      return `(?:${range.map(literal).join('|')})`;
    }
    // `{a}` and an unclosed `{` are literal.
    this.i += 1;
    return '\\{';
  }
}

/** The index of the bracket that closes the one at `open`, skipping escapes and nested pairs; -1 when none. */
function closing(glob: string, open: number, left: string, right: string): number {
  let depth = 0;
  for (let j = open; j < glob.length; j += 1) {
    const ch = glob[j];
    if (ch === '\\') j += 1;
    else if (ch === left) depth += 1;
    else if (ch === right && --depth === 0) return j;
  }
  return -1;
}

function hasTopLevelComma(inner: string): boolean {
  let depth = 0;
  for (let j = 0; j < inner.length; j += 1) {
    const ch = inner[j];
    if (ch === '\\') j += 1;
    else if (ch === '{') depth += 1;
    else if (ch === '}') depth -= 1;
    else if (ch === ',' && depth === 0) return true;
  }
  return false;
}

/** The items of a brace range (`1..3` → 1 2 3, `a..c`, `01..10` keeps the padding), or null when `inner` is not one. */
function rangeOf(inner: string): string[] | null {
  const numbers = /^(-?\d+)\.\.(-?\d+)$/.exec(inner);
  const letters = /^([a-zA-Z])\.\.([a-zA-Z])$/.exec(inner);
  if (!numbers && !letters) return null;
  const [from, to] = numbers ? [Number(numbers[1]), Number(numbers[2])] : [letters![1]!.charCodeAt(0), letters![2]!.charCodeAt(0)];
  const size = Math.abs(to - from) + 1;
  if (size > MAX_RANGE) throw new GlobError(`the brace range {${inner}} has ${size} items (at most ${MAX_RANGE})`);
  const width = numbers && /^-?0\d/.test(numbers[1]!) ? numbers[1]!.replace('-', '').length : 0;
  const step = from <= to ? 1 : -1;
  const items: string[] = [];
  for (let n = from; n !== to + step; n += step) items.push(numbers ? String(Math.abs(n)).padStart(width, '0').replace(/^/, n < 0 ? '-' : '') : String.fromCharCode(n));
  return items;
}

/** How many `../` a path or glob starts with (`..` alone counts one). */
function parentSegments(text: string): number {
  let n = 0;
  while (text.startsWith('../', n * 3)) n += 1;
  return text.length === n * 3 + 2 && text.endsWith('..') ? n + 1 : n;
}

/**
 * Compiles a glob (syntax above) to a matcher that runs in time linear in the path's length.
 *
 * @param glob a glob, `/`-separated; paths given to the matcher are `/`-separated too.
 * @returns a predicate on paths.
 * @throws GlobError when the glob is longer than {@link MAX_GLOB_LENGTH}, holds a negated extglob
 *   `!(…)`, a brace range of more than 1,000 items, or a character class RE2 rejects (`[z-a]`).
 */
export function compileGlob(glob: string): GlobMatcher {
  if (glob.length > MAX_GLOB_LENGTH) throw new GlobError(`glob is too long (${glob.length} characters; at most ${MAX_GLOB_LENGTH})`);
  let body = glob;
  let negated = false;
  while (body.startsWith('!') && body[1] !== '(') {
    negated = !negated;
    body = body.slice(1);
  }
  while (body.startsWith('./')) body = body.slice(2);
  const parents = parentSegments(body);
  const rest = body.slice(Math.min(parents * 3, body.length));
  let re: RE2JS;
  try {
    re = RE2JS.compile(new Reader(rest).sequence(''), RE2JS.DOTALL);
  } catch (error) {
    if (error instanceof GlobError) throw error;
    throw new GlobError(`not a valid glob (${(error as Error).message.split('\n')[0]})`);
  }
  return (path) => {
    const up = parentSegments(path);
    // No wildcard matches a `..` segment (picomatch's rule): the number of `../` must be the glob's.
    const matched = up === parents && re.matches(path.slice(Math.min(up * 3, path.length)));
    return matched !== negated;
  };
}

/**
 * Compiles a list of globs into one matcher (true when any matches), naming a glob that cannot
 * be used by where it comes from.
 *
 * @param where names the list for messages: `(i) => ".mcplintrc.json: include[" + i + "]"`.
 * @throws UsageError `<where(i)>: <why>` for the first glob that cannot be used.
 */
export function compileGlobs(globs: readonly string[], where: (index: number) => string): GlobMatcher {
  const matchers = globs.map((glob, i) => {
    try {
      return compileGlob(glob);
    } catch (error) {
      if (error instanceof GlobError) throw new UsageError(`${where(i)}: ${error.message}`);
      throw error;
    }
  });
  return (path) => matchers.some((m) => m(path));
}

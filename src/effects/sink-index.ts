import { RESULT_OF_CALL, RESULT_OF_NEW } from '../analysis/resolve.js';
import { pathKey, type SinkEntry } from './catalog/entry.js';
import { BUILTIN_VALUE_METHODS, PROMISE_METHODS } from './catalog/pure.js';

/** One segment of a catalog path: `()` and `new()` stay attached to the name before them. */
function segments(key: string): string[] {
  return key === '' ? [] : key.split('.');
}

/** True when the path segments match the pattern segments (`*` one named segment, `*()` one call, `**` any number of either). */
function matches(pattern: readonly string[], path: readonly string[], p = 0, q = 0): boolean {
  if (p === pattern.length) return q === path.length;
  const seg = pattern[p]!;
  if (seg === '**') {
    for (let k = q; k <= path.length; k++) if (matches(pattern, path, p + 1, k)) return true;
    return false;
  }
  if (q === path.length) return false;
  return segmentMatches(seg, path[q]!) && matches(pattern, path, p + 1, q + 1);
}

/**
 * `*` matches one named segment (a property, `user` in `prisma.user.findMany`), not a call, so
 * that `Client.new().*.*` never takes the result of a call for a namespace; `*()` matches one call
 * segment (`new()` included); any other segment with `*` inside matches as a glob (`*Command`).
 */
function segmentMatches(pattern: string, segment: string): boolean {
  if (pattern === '*') return !segment.endsWith('()');
  if (!pattern.includes('*')) return pattern === segment;
  return globRegExp(pattern).test(segment);
}

/** True when some extension of `path` could match the pattern: `path` is a proper prefix of what it matches. */
function couldExtend(pattern: readonly string[], path: readonly string[], p = 0, q = 0): boolean {
  if (q === path.length) return p < pattern.length;
  if (p === pattern.length) return false;
  const seg = pattern[p]!;
  if (seg === '**') return true;
  return segmentMatches(seg, path[q]!) && couldExtend(pattern, path, p + 1, q + 1);
}

const globCache = new Map<string, RegExp>();
/** A pattern where `*` matches any run of characters (dots and slashes included), as a cached anchored RegExp. */
export function globRegExp(glob: string): RegExp {
  let re = globCache.get(glob);
  if (!re) {
    re = new RegExp(`^${glob.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    globCache.set(glob, re);
  }
  return re;
}

interface Compiled {
  entry: SinkEntry;
  /** Its position in the catalog: among patterns, the first listed wins. */
  order: number;
  module: RegExp | null;
  path: string[];
}

/**
 * The sink catalog indexed for lookup by module and access path. Exact entries are found by key;
 * entries with `*` in their module or path are tried in catalog order after them, so that a
 * specific entry always wins over a pattern. Patterns are kept per module (a module glob's in one
 * list), so a lookup only tries those that can match.
 */
export class SinkIndex {
  private readonly exact = new Map<string, SinkEntry>();
  /** Path patterns of an exact module, by module. */
  private readonly patternsOf = new Map<string, Compiled[]>();
  /** Entries whose module is a glob (all of them patterns). */
  private readonly globs: Compiled[] = [];
  /** Every entry of an exact module, exact ones too, by module, for prefix questions (`isFactory`). */
  private readonly allOf = new Map<string, Compiled[]>();
  /** Lookups already answered (the catalog never changes): `module#path` → entry, or null. */
  private readonly answered = new Map<string, SinkEntry | null>();

  constructor(entries: readonly SinkEntry[]) {
    const push = (map: Map<string, Compiled[]>, key: string, c: Compiled): void => {
      const list = map.get(key);
      if (list) list.push(c);
      else map.set(key, [c]);
    };
    entries.forEach((entry, order) => {
      const compiled: Compiled = { entry, order, module: entry.module.includes('*') ? globRegExp(entry.module) : null, path: segments(entry.export) };
      if (compiled.module) {
        this.globs.push(compiled);
        return;
      }
      push(this.allOf, entry.module, compiled);
      if (entry.export.includes('*')) push(this.patternsOf, entry.module, compiled);
      else if (!this.exact.has(`${entry.module}#${entry.export}`)) this.exact.set(`${entry.module}#${entry.export}`, entry);
    });
  }

  /** True when the index holds no entry. */
  get isEmpty(): boolean {
    return this.allOf.size === 0 && this.globs.length === 0;
  }

  /** The entry for calling `path` of `module` (normalized: `fs`, not `node:fs`), or undefined. */
  lookup(module: string, path: readonly string[]): SinkEntry | undefined {
    const key = `${module}#${pathKey(path)}`;
    let entry = this.answered.get(key);
    if (entry === undefined) {
      entry = this.exact.get(key) ?? this.patternLookup(module, segments(pathKey(path))) ?? null;
      this.answered.set(key, entry);
    }
    return entry ?? undefined;
  }

  /**
   * The first pattern, in catalog order, of the module's own and the module globs that matches.
   * A promise's method on what a call gives (`client.actor(id).defaultBuild().then(f)`) is no
   * method of the SDK: a pattern's `*` never stands for it (the call before it is the request).
   */
  private patternLookup(module: string, segs: string[]): SinkEntry | undefined {
    const last = segs[segs.length - 1];
    if (last !== undefined && PROMISE_METHODS.has(last) && segs.length > 1 && segs[segs.length - 2]!.endsWith('()')) return undefined;
    const own = this.patternsOf.get(module)?.find((c) => matches(c.path, segs));
    const glob = this.globs.find((c) => (own === undefined || c.order < own.order) && c.module!.test(module) && matches(c.path, segs));
    return (glob ?? own)?.entry;
  }

  /**
   * True when `path` of `module` is a proper prefix of a catalogued path: calling it makes the
   * client whose methods are sinks (`axios.create()`, `new Pool()`, `mongo.db("x")`), which has no
   * effect. A pattern that starts with `**` (`**.goto`: a page method, wherever the page came
   * from) would make every call a factory; its family lists its factories as pure entries instead.
   */
  isFactory(module: string, path: readonly string[]): boolean {
    const segs = segments(pathKey(path));
    // Calling it, then going on: `create` is a prefix of `create().get`.
    const called = [...segs.slice(0, -1), `${segs[segs.length - 1] ?? ''}()`];
    const constructed = [...segs, 'new()'];
    const leadsTo = (c: Compiled): boolean => c.path[0] !== '**' && (couldExtend(c.path, called) || couldExtend(c.path, constructed));
    return (this.allOf.get(module) ?? []).some(leadsTo) || this.globs.some((c) => c.module!.test(module) && leadsTo(c));
  }

  /**
   * True for a method of the value a sink returned (`(await fetch(u)).json()`, `db.prepare(sql).all()`):
   * the sink call itself already carries the effect. What a pure entry returns (a page a factory
   * made, the title a page has) is only vouched for in its built-in value methods (`.trim()`,
   * `.then()`): a page's other methods are looked up like any call.
   */
  isResultOf(module: string, path: readonly string[]): boolean {
    const method = path[path.length - 1] ?? '';
    return path.some((p, at) => {
      if (p !== RESULT_OF_CALL && p !== RESULT_OF_NEW) return false;
      const sink = this.lookup(module, path.slice(0, at));
      return sink !== undefined && (!sink.pure || BUILTIN_VALUE_METHODS.has(method));
    });
  }
}

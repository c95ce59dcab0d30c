import { RESULT_OF_CALL, RESULT_OF_NEW } from '../analysis/resolve.js';
import { pathKey, type SinkEntry } from './catalog/entry.js';

/** One segment of a catalog path: `()` and `new()` stay attached to the name before them. */
function segments(key: string): string[] {
  return key === '' ? [] : key.split('.');
}

/** True when the path segments match the pattern segments (`*` one segment, `**` any number). */
function matches(pattern: readonly string[], path: readonly string[], p = 0, q = 0): boolean {
  if (p === pattern.length) return q === path.length;
  const seg = pattern[p]!;
  if (seg === '**') {
    for (let k = q; k <= path.length; k++) if (matches(pattern, path, p + 1, k)) return true;
    return false;
  }
  if (q === path.length) return false;
  return (seg === '*' || segmentMatches(seg, path[q]!)) && matches(pattern, path, p + 1, q + 1);
}

/** `*()` matches any call segment; a segment with `*` inside matches as a glob (`*Command`). */
function segmentMatches(pattern: string, segment: string): boolean {
  if (!pattern.includes('*')) return pattern === segment;
  return globRegExp(pattern).test(segment);
}

/** True when some extension of `path` could match the pattern: `path` is a proper prefix of what it matches. */
function couldExtend(pattern: readonly string[], path: readonly string[], p = 0, q = 0): boolean {
  if (q === path.length) return p < pattern.length;
  if (p === pattern.length) return false;
  const seg = pattern[p]!;
  if (seg === '**') return true;
  return (seg === '*' || segmentMatches(seg, path[q]!)) && couldExtend(pattern, path, p + 1, q + 1);
}

const globCache = new Map<string, RegExp>();
function globRegExp(glob: string): RegExp {
  let re = globCache.get(glob);
  if (!re) {
    re = new RegExp(`^${glob.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    globCache.set(glob, re);
  }
  return re;
}

interface Compiled {
  entry: SinkEntry;
  module: RegExp | null;
  path: string[];
}

/**
 * The sink catalog indexed for lookup by module and access path. Exact entries are found by key;
 * entries with `*` in their module or path are tried in catalog order after them, so that a
 * specific entry always wins over a pattern.
 */
export class SinkIndex {
  private readonly exact = new Map<string, SinkEntry>();
  private readonly patterns: Compiled[] = [];
  /** Every entry, exact ones too, for prefix questions (`isFactory`). */
  private readonly all: Compiled[] = [];

  constructor(entries: readonly SinkEntry[]) {
    for (const entry of entries) {
      const compiled: Compiled = { entry, module: entry.module.includes('*') ? globRegExp(entry.module) : null, path: segments(entry.export) };
      this.all.push(compiled);
      if (compiled.module || entry.export.includes('*')) this.patterns.push(compiled);
      else if (!this.exact.has(`${entry.module}#${entry.export}`)) this.exact.set(`${entry.module}#${entry.export}`, entry);
    }
  }

  /** True when the index holds no entry. */
  get isEmpty(): boolean {
    return this.all.length === 0;
  }

  private moduleMatches(c: Compiled, module: string): boolean {
    return c.module ? c.module.test(module) : c.entry.module === module;
  }

  /** The entry for calling `path` of `module` (normalized: `fs`, not `node:fs`), or undefined. */
  lookup(module: string, path: readonly string[]): SinkEntry | undefined {
    const key = pathKey(path);
    const exact = this.exact.get(`${module}#${key}`);
    if (exact) return exact;
    const segs = segments(key);
    return this.patterns.find((c) => this.moduleMatches(c, module) && matches(c.path, segs))?.entry;
  }

  /**
   * True when `path` of `module` is a proper prefix of a catalogued path: calling it makes the
   * client whose methods are sinks (`axios.create()`, `new Pool()`, `mongo.db("x")`), which has no effect.
   */
  isFactory(module: string, path: readonly string[]): boolean {
    const segs = segments(pathKey(path));
    // Calling it, then going on: `create` is a prefix of `create().get`.
    const called = [...segs.slice(0, -1), `${segs[segs.length - 1] ?? ''}()`];
    const constructed = [...segs, 'new()'];
    return this.all.some((c) => this.moduleMatches(c, module) && (couldExtend(c.path, called) || couldExtend(c.path, constructed)));
  }

  /**
   * True for a method of the value a sink returned (`(await fetch(u)).json()`, `db.prepare(sql).all()`):
   * the sink call itself already carries the effect.
   */
  isResultOf(module: string, path: readonly string[]): boolean {
    return path.some((p, at) => (p === RESULT_OF_CALL || p === RESULT_OF_NEW) && at > 0 && this.lookup(module, path.slice(0, at)) !== undefined);
  }
}

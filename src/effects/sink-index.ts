import { RESULT_OF_CALL, RESULT_OF_NEW } from '../analysis/resolve.js';
import { pathKey, type SinkEntry } from './catalog/entry.js';

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
  path: string[];
}

/**
 * The sink catalog indexed for lookup by module and access path. Exact entries are found by key;
 * entries with `*` in their module or path are tried in catalog order after them (those of the
 * module itself, then those whose module is a glob), so that a specific entry always wins over a
 * pattern.
 */
export class SinkIndex {
  private readonly exact = new Map<string, SinkEntry>();
  /** Entries with a pattern path, by their (plain) module. */
  private readonly patterns = new Map<string, Compiled[]>();
  /** Entries whose module is a glob (`@aws-sdk/client-*`), by glob, in catalog order. */
  private readonly globModules = new Map<string, { module: RegExp; entries: Compiled[] }>();
  /** Every entry of a plain module, exact ones too, for prefix questions (`isFactory`). */
  private readonly byModule = new Map<string, Compiled[]>();

  constructor(entries: readonly SinkEntry[]) {
    const push = (map: Map<string, Compiled[]>, key: string, c: Compiled): void => {
      const list = map.get(key);
      if (list) list.push(c);
      else map.set(key, [c]);
    };
    for (const entry of entries) {
      const compiled: Compiled = { entry, path: segments(entry.export) };
      if (entry.module.includes('*')) {
        const glob = this.globModules.get(entry.module);
        if (glob) glob.entries.push(compiled);
        else this.globModules.set(entry.module, { module: globRegExp(entry.module), entries: [compiled] });
        continue;
      }
      push(this.byModule, entry.module, compiled);
      if (entry.export.includes('*')) push(this.patterns, entry.module, compiled);
      else if (!this.exact.has(`${entry.module}#${entry.export}`)) this.exact.set(`${entry.module}#${entry.export}`, entry);
    }
  }

  /** The entries of `module` that are patterns or sit under a module glob, in lookup order. */
  private *candidates(module: string, all: boolean): Iterable<Compiled> {
    yield* (all ? this.byModule : this.patterns).get(module) ?? [];
    for (const glob of this.globModules.values()) if (glob.module.test(module)) yield* glob.entries;
  }

  /** Answers already given, by `module#path` (a project calls the same few paths again and again). */
  private readonly looked = new Map<string, SinkEntry | null>();
  private readonly factories = new Map<string, boolean>();

  /** The entry for calling `path` of `module` (normalized: `fs`, not `node:fs`), or undefined. */
  lookup(module: string, path: readonly string[]): SinkEntry | undefined {
    const key = `${module}#${pathKey(path)}`;
    const exact = this.exact.get(key);
    if (exact) return exact;
    let found = this.looked.get(key);
    if (found === undefined) {
      const segs = segments(pathKey(path));
      found = null;
      for (const c of this.candidates(module, false)) {
        if (matches(c.path, segs)) {
          found = c.entry;
          break;
        }
      }
      this.looked.set(key, found);
    }
    return found ?? undefined;
  }

  /**
   * True when `path` of `module` is a proper prefix of a catalogued path: calling it makes the
   * client whose methods are sinks (`axios.create()`, `new Pool()`, `mongo.db("x")`), which has no effect.
   */
  isFactory(module: string, path: readonly string[]): boolean {
    const key = `${module}#${pathKey(path)}`;
    let factory = this.factories.get(key);
    if (factory === undefined) {
      const segs = segments(pathKey(path));
      // Calling it, then going on: `create` is a prefix of `create().get`.
      const called = [...segs.slice(0, -1), `${segs[segs.length - 1] ?? ''}()`];
      const constructed = [...segs, 'new()'];
      factory = false;
      for (const c of this.candidates(module, true)) {
        if (couldExtend(c.path, called) || couldExtend(c.path, constructed)) {
          factory = true;
          break;
        }
      }
      this.factories.set(key, factory);
    }
    return factory;
  }

  /**
   * True for a method of the value a sink returned (`(await fetch(u)).json()`, `db.prepare(sql).all()`):
   * the sink call itself already carries the effect.
   */
  isResultOf(module: string, path: readonly string[]): boolean {
    return path.some((p, at) => (p === RESULT_OF_CALL || p === RESULT_OF_NEW) && at > 0 && this.lookup(module, path.slice(0, at)) !== undefined);
  }
}

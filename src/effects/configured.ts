import picomatch from 'picomatch';
import type { IncidentalConfig, SinkConfig } from '../config/schema.js';
import type { Effect } from '../model.js';
import type { SinkEntry } from './catalog/entry.js';
import { SinkIndex, globRegExp } from './sink-index.js';

/**
 * The sinks and incidental sinks a project's configuration declares (issue #4: "Config: `sinks`
 * (user wrappers, e.g. `db.exec` writes, destructive) and `incidental` (sinks that do not count)").
 * Configured sinks are matched before the catalog, by the callee as written or by a package's
 * export path; incidental ones mark effects whose sink, path or any call of whose chain matches.
 */
export class ConfiguredSinks {
  private readonly byCall: { test: (text: string) => boolean; entry: SinkEntry }[];
  private readonly byModule: SinkIndex;
  private readonly incidentalRules: { call?: (text: string) => boolean; module?: SinkIndex; path?: (p: string) => boolean; reason: string }[];

  constructor(
    sinks: readonly SinkConfig[],
    incidental: readonly IncidentalConfig[],
    private readonly databaseServers: 'closed-world' | 'open-world' = 'closed-world',
  ) {
    const entry = (s: SinkConfig): SinkEntry => ({
      module: s.module ?? 'config',
      export: s.module !== undefined ? (s.export ?? '') : (s.call ?? ''),
      kind: s.kind,
      access: s.access,
      destructive: s.destructive,
      idempotent: s.idempotent,
      openWorld: s.openWorld,
      description: s.description ?? `${s.access === 'read' ? 'reads' : s.access === 'write' ? 'writes' : 'may write'} through \`${s.call ?? `${s.module} ${s.export ?? ''}`.trim()}\` (a sink from the configuration)`,
    });
    this.byCall = sinks.filter((s) => s.call !== undefined).map((s) => ({ test: glob(s.call!), entry: entry(s) }));
    this.byModule = new SinkIndex(sinks.filter((s) => s.call === undefined).map(entry));
    this.incidentalRules = incidental.map((i) => ({
      ...(i.call !== undefined ? { call: glob(i.call) } : {}),
      ...(i.module !== undefined ? { module: new SinkIndex([{ module: i.module, export: i.export ?? '**', kind: 'unknown', access: 'unknown', destructive: null, idempotent: null, openWorld: false, description: '' }]) } : {}),
      ...(i.path !== undefined ? { path: picomatch(i.path, { dot: true }) } : {}),
      reason: i.reason ?? 'marked incidental in the configuration',
    }));
  }

  /** True when nothing is configured: the analyzer can skip every lookup. */
  get isEmpty(): boolean {
    return this.byCall.length === 0 && this.incidentalRules.length === 0 && this.byModule.isEmpty && this.databaseServers === 'closed-world';
  }

  /** The effect as the configuration judges it: incidental with its reason, a database server in the open world. */
  adjust(effect: Effect): Effect {
    const reason = this.incidentalReason(effect);
    const openDatabase = this.databaseServers === 'open-world' && effect.kind === 'database' && !effect.openWorld && !LOCAL_DATABASES.has(splitSink(effect.sink)[0] ?? '');
    if (reason === null && !openDatabase) return effect;
    return { ...effect, ...(reason !== null ? { incidental: reason } : {}), ...(openDatabase ? { openWorld: true } : {}) };
  }

  /** The configured sink for a call whose callee is written `callee` (`db.exec`), if any. */
  forCall(callee: string): SinkEntry | undefined {
    return this.byCall.find((s) => s.test(callee))?.entry;
  }

  /** The configured sink for an export path of a package, if any. */
  forModule(module: string, path: readonly string[]): SinkEntry | undefined {
    return this.byModule.lookup(module, path);
  }

  /** Why the effect does not count (it matches an `incidental` entry), or null. */
  incidentalReason(effect: Effect): string | null {
    if (this.incidentalRules.length === 0) return null;
    const [module, exportKey] = splitSink(effect.sink);
    const target = effect.target?.startsWith('"') ? (JSON.parse(effect.target) as string) : undefined;
    for (const rule of this.incidentalRules) {
      if (rule.call && (rule.call(effect.sink) || effect.via.some((hop) => rule.call!(hop.callee)))) return rule.reason;
      if (rule.module && module !== undefined && rule.module.lookup(module, exportKey ? exportKey.split('.') : [])) return rule.reason;
      if (rule.path && target !== undefined && rule.path(target)) return rule.reason;
    }
    return null;
  }
}

/** Modules whose databases are local files (SQLite): closed-world whatever `databaseServers` says. */
const LOCAL_DATABASES: ReadonlySet<string> = new Set(['better-sqlite3', 'sqlite3', 'sqlite', 'bun:sqlite', 'sql.js']);

/** A callee pattern: `*` matches any run of characters, dots included (the catalog's module globs). */
function glob(pattern: string): (text: string) => boolean {
  const re = globRegExp(pattern);
  return (text) => re.test(text);
}

/** `fs/promises appendFile (flag 'a')` → [`fs/promises`, `appendFile`]; a sink named by its callee has no module. */
function splitSink(sink: string): [string | undefined, string | undefined] {
  const [module, exportKey] = sink.split(' ');
  return exportKey === undefined ? [undefined, undefined] : [module, exportKey];
}

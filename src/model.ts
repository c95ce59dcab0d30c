/**
 * The plain data that flows through the pipeline:
 * discover → effects → facts per tool → rules → collector → formatter.
 *
 * Nothing in this module depends on ts-morph: rules and formatters read only these shapes.
 */

/**
 * The four behaviour hints of MCP `ToolAnnotations`.
 * Source: MCP specification 2025-11-25, "Tools" → "Tool annotations"
 * (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-annotations).
 */
export const HINT_KEYS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export type HintKey = (typeof HINT_KEYS)[number];

/**
 * The value a client assumes when a hint is omitted (spec defaults: pessimistic).
 * Source: MCP specification 2025-11-25, schema `ToolAnnotations`.
 */
export const HINT_DEFAULTS: Readonly<Record<HintKey, boolean>> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/** The field of {@link InferredHints} that each hint is compared with. */
export const INFERRED_FOR_HINT: Readonly<Record<HintKey, keyof InferredHints>> = {
  readOnlyHint: 'readOnly',
  destructiveHint: 'destructive',
  idempotentHint: 'idempotent',
  openWorldHint: 'openWorld',
};

/**
 * A position in a source file. `file` is absolute inside the pipeline; formatters relativise it. Lines and columns are 1-based.
 *
 * In live mode (a tool listed by a running server) there is no file: `file` is a label naming the
 * server (`tools/list of \`node dist/index.js\``, never a secret), `line` and `column` are 0, and
 * `jsonPath` is the RFC 9535 normalized path of the value in the tools/list result
 * (`$.tools[3].annotations.readOnlyHint`; RFC 9535 §2.7). See {@link isListedLocation}.
 */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
  /** Live mode only: the RFC 9535 normalized path into the tools/list result. */
  jsonPath?: string;
}

/** True for a location in a tools/list result (live mode) rather than in a file: line 0 and a JSON path. */
export function isListedLocation(location: SourceLocation): location is SourceLocation & { jsonPath: string } {
  return location.line === 0 && location.jsonPath !== undefined;
}

/** One declared annotation property: its statically evaluated value and where it is written. */
export interface DeclaredHint {
  /** The evaluated value: a boolean for a well-formed hint, anything else as written, `undefined` when it could not be evaluated. */
  value: unknown;
  /** True when the value was evaluated statically (a literal, a const, a spread of a const). */
  known: boolean;
  /** Why the value could not be evaluated, when `known` is false. */
  reason?: string;
  /** When `known` is false but the value is one of a few (`cond ? true : false`): those values. */
  possible?: unknown[];
  /** True when the key itself is set only if a run-time condition holds (`...(cond ? { k: v } : {})`). */
  mayBeAbsent?: boolean;
  location: SourceLocation;
}

/** The `annotations` object of one tool, as declared. */
export interface DeclaredAnnotations {
  /** Where the annotations object (or the expression standing for it) is written. */
  location: SourceLocation;
  /** Every key found, with its value. Later keys of a spread win, as in JavaScript. */
  properties: Record<string, DeclaredHint>;
  /**
   * Parts whose keys could not be read (a spread of a call, a computed key, an object that is not a
   * literal): any hint may hide there. Unknown values of known keys are in `properties` instead.
   */
  unresolved: UnresolvedItem[];
  /**
   * Live mode: set when a listed tool's `annotations` member is present but not a JSON object
   * (`"readOnly"`, `[]`, `null`), to the value as JSON text. `properties` is then empty, so every
   * hint takes its spec default, which is what a client that ignores the member uses;
   * `invalid-annotations` reports it.
   */
  notAnObject?: string;
}

/** Kinds of effect a handler can have. */
export type EffectKind =
  | 'fs.read'
  | 'fs.write'
  | 'fs.delete'
  | 'network'
  | 'process.spawn'
  | 'state.write'
  | 'database'
  | 'api'
  | 'unknown';

/** What an effect does to the environment. */
export type EffectAccess = 'read' | 'write' | 'unknown';

/** One hop of an evidence chain: a call site on the way from the handler to the sink. */
export interface CallHop {
  /** The name of the function that was called at this site (as written, e.g. `save`, `this.store.write`). */
  callee: string;
  location: SourceLocation;
}

/**
 * One observed effect of a handler.
 * `destructive`, `idempotent` and `openWorld` follow the meanings of the hints of the same name
 * (MCP spec 2025-11-25, `ToolAnnotations`); `null` means the sink does not tell.
 */
export interface Effect {
  kind: EffectKind;
  access: EffectAccess;
  /** True when the write may delete or overwrite existing state; false when it only adds; null when unknown. Meaningless for reads. */
  destructive: boolean | null;
  /** True when repeating the write with the same arguments changes nothing more; null when unknown. Meaningless for reads. */
  idempotent: boolean | null;
  /** True when the effect reaches entities outside the server's own process and local files. */
  openWorld: boolean;
  /** The sink, e.g. `node:fs/promises writeFile`, `fetch POST`, `state calls`. */
  sink: string;
  /** Short human text: what happens ("writes a file", "increments module-level `calls`"). */
  description: string;
  /** Where the sink is called or the state is mutated. */
  location: SourceLocation;
  /** Call sites from the handler to the function that holds `location`, outermost first. Empty when the effect is in the handler itself. */
  via: CallHop[];
  /** True when the effect (or a call leading to it) sits in a `catch` block: it runs only when something failed. */
  errorPath?: boolean;
  /**
   * True when the effect (or a call leading to it) sits in a function that the code on its way
   * defines but does not call there (a method of a client object a factory returns): it runs when
   * whoever gets that function calls it, so it is never taken for a wrapper's shared effect.
   */
  deferred?: boolean;
  /**
   * True when the code that runs is chosen at run time (a plugin's handler, a tool of an upstream
   * MCP server): any effect is possible, so every hint must take its worst value.
   */
  arbitrary?: boolean;
  /**
   * How the effect was inferred when not from a catalogued sink alone: `name` for the verb of a
   * declared-only API's method; `dispatch` for an effect in a branch chosen by a field of the tool's
   * registry entry, which the linter could not find (it may be another tool's branch).
   */
  basis?: 'name' | 'dispatch';
  /**
   * How sure the linter is: `certain` for a catalogued sink, a state mutation it saw, or code run
   * at run time; `likely` for a call into code it cannot see, read from the verb its callee's name
   * starts with (`deleteUser`, `getIssue`). Findings that rest only on likely effects are warnings.
   */
  confidence: Confidence;
  /**
   * The branch condition under which the effect runs, innermost first met from the handler
   * (`action === "delete"`, `case "delete"` of `switch (args.method)`, `args.overwrite`): the
   * verdict is the worst case over all paths, and the evidence says which path it comes from.
   */
  condition?: string;
  /**
   * For file effects: the path written or read, as a string when it is static, else its
   * expression as written in the function that called the sink or, through a parameter, in the
   * caller (`this.memoryFilePath`, `filePath`). `from`: the source of a rename or copy.
   */
  target?: string;
  from?: string;
  /**
   * Set when a file write was judged by what it writes rather than by its sink: `atomic`, a temp
   * file renamed over the target (one overwrite); `read-modify-write`, a file rewritten from its
   * own previous content, judged by the change (read-modify-write.ts).
   */
  rewrite?: 'atomic' | 'read-modify-write' | 'save';
  /**
   * For a `save`: the changes the functions between the writer and here made to the data they
   * were handed before saving it (`fill`, `set`, `add`...: read-modify-write.ts), judged again
   * with its own by the caller that read the file.
   */
  handed?: readonly string[];
  /**
   * For a state write that assigns a literal to a module-level variable that starts as a literal:
   * `start` when it assigns the value the variable starts with, `other` when another one. A
   * function that switches it away and later back (set-and-restore around a call) leaves it as
   * it found it, and neither write counts (effects/state.ts `withoutRestoredSwitches`).
   */
  setsTo?: 'start' | 'other';
  /** Set when the configuration marks the sink incidental (a cache, an audit log): why. Findings resting only on such effects are info. */
  incidental?: string;
  /**
   * Set when the effect sits on the path every tool of a wrapper or dispatcher takes (telemetry,
   * a call log, a rate limiter around each tool's own handler; see effects/shared.ts): it is not
   * counted in the tool's inferred hints nor in its `optimistic-*` findings, and `shared-effects`
   * reports it once for the wrapper.
   */
  shared?: SharedPath;
}

/** The code all tools of one wrapper or dispatcher run besides their own part (issue 15, kind 1). */
export interface SharedPath {
  /** The wrapper as a reader knows it: "the callback of `server.registerTool` in `register`", "`BaseTool.run`". */
  wrapper: string;
  /** Where the wrapper function is written. */
  location: SourceLocation;
  /** How many tools go through it. */
  tools: number;
  /**
   * The outermost call on the effect's way from the wrapper that leads to shared effects only
   * (`track`, `getRateLimiter().check`): what an `incidental` entry's `call` can name without
   * hiding any tool's own effects. Absent when the effect is written in the wrapper itself.
   */
  call?: string;
  /**
   * How many calls at the start of the effect's chain lead from the tool's handler into the
   * wrapper (1 for a handler that only forwards to it, `(args) => withLimits(name, cb)(args)`);
   * the chain from the wrapper is `via.slice(entry)`. Absent: 0.
   */
  entry?: number;
}

/** How sure an inferred effect is (issue #4): proven by a catalogued sink, or read from a name. */
export type Confidence = 'certain' | 'likely';

/** A call or value the analysis could not see into. Never treated as "no effect". */
export interface UnresolvedItem {
  /** The expression as written (shortened). */
  expression: string;
  /** Why it could not be resolved. */
  reason: string;
  location: SourceLocation;
  via: CallHop[];
  /** The branch condition under which the call runs, as for {@link Effect.condition}. */
  condition?: string;
  /**
   * Set when the call sits on the path every tool of a wrapper or dispatcher takes (as
   * {@link Effect.shared}): whatever it does, it would be a shared effect, not the tool's own, so
   * it leaves none of the tool's own hints open.
   */
  shared?: SharedPath;
}

/**
 * A registration the linter found but could not turn into tools: a wrapper never called in the
 * files linted, arguments spread from something it cannot read, tools whose names only run time knows.
 */
export interface UnresolvedRegistration {
  location: SourceLocation;
  reason: string;
}

/** The effects of one handler, following its calls across the program. */
export interface EffectSet {
  effects: Effect[];
  unresolved: UnresolvedItem[];
  /** True when the depth limit or the work budget cut the walk somewhere (also recorded in `unresolved`). */
  truncated: boolean;
}

/**
 * Hints inferred from effects. `null` means unknown: some call could not be resolved and no
 * resolved effect settles the question.
 */
export interface InferredHints {
  readOnly: boolean | null;
  destructive: boolean | null;
  idempotent: boolean | null;
  openWorld: boolean | null;
}

/** Everything known about one tool. Produced by discovery + effect inference (static) or by a live `tools/list` (no effects). */
export interface ToolFacts {
  /** The tool name, or `null` when it is computed at run time. */
  name: string | null;
  /** A display name for messages: the name, or the expression that computes it. */
  displayName: string;
  origin: 'source' | 'live';
  /** The registration call. */
  location: SourceLocation;
  /** How the tool is registered, e.g. `registerTool`, `tool`. */
  registration: string;
  /** `null` when the tool declares no annotations object at all. */
  annotations: DeclaredAnnotations | null;
  /**
   * The tool's top-level `title` (`registerTool`'s config, a listed tool object; spec 2025-11-25
   * `Tool.title`, which takes precedence over `annotations.title`): null when it has none;
   * absent when the registration form has no top-level title or it was not read.
   */
  title?: DeclaredHint | null;
  /** Where the handler is, when found. */
  handler: SourceLocation | null;
  /** Effects of the handler; absent in live mode; `null` when the handler could not be resolved. */
  effects?: EffectSet | null;
  inferred?: InferredHints;
  /** Problems resolving the registration itself (name or handler). */
  unresolved: UnresolvedItem[];
  /**
   * Set when annotations are written where the SDK never reads them (after the callback of the
   * deprecated `server.tool(...)`): `annotations` is then null, as clients see none. `sdk` is the
   * version the file runs with and where it was read, or null when no installed package or
   * lockfile tells.
   */
  ignoredAnnotations?: { location: SourceLocation; sdk: { versions: string[]; from: string } | null };
  /** Set on a later registration of a name already registered on the same server: where the first one is. */
  duplicateOf?: SourceLocation;
  /**
   * Set instead of `duplicateOf` when the linter cannot tell whether the two registrations both run
   * (different conditions, different entry points): where the first one is, and why it is unsure.
   */
  maybeDuplicateOf?: { location: SourceLocation; why: string };
}

/** Severity of a finding, as in ESLint's config ("off" removes the rule). */
export type Severity = 'error' | 'warning' | 'info';

/** One reported problem. Text is rendered from `messageId` + `data` by the engine, before formatting. */
export interface Finding {
  ruleId: string;
  messageId: string;
  message: string;
  severity: Severity;
  /** The tool's name; `null` when run time decides it (the message names the expression) and for file-level findings (a parse error). */
  tool: string | null;
  /** Where the tool is registered (its name), to tell apart tools of the same name. */
  toolLocation?: SourceLocation;
  location: SourceLocation;
  /** The effects that prove the finding (their call chains included). */
  evidence: Effect[];
  /** True for a file that could not be read or parsed. */
  fatal?: boolean;
  /** `likely` when every effect in `evidence` is only likely (the severity is then at most a warning); `certain` otherwise. */
  confidence?: Confidence;
  /** The annotation key the finding is about (`readOnlyHint`, `title`, a misspelt key), when it is about one: part of its fingerprint. */
  hint?: string;
  /**
   * The safe fix `--fix` applies (a hint made more cautious, proven by a certain effect, or a key
   * the spec gives no meaning removed). Absent when the rule has none for this finding or the
   * source does not allow it (`fixUnavailable` then says why).
   */
  fix?: Fix;
  /** Changes offered (applied only with `--fix-type suggestion`): they claim less risk, or rest on effects that are only likely. */
  suggestions?: Suggestion[];
  /** Why the safe fix the rule stated could not be made into an edit here (a computed value, compiled JavaScript, a preset other tools share). */
  fixUnavailable?: string;
}

/**
 * A change to one hint of one tool, as a rule states it (rules never see syntax): `to` is the
 * value the hint should have, or null to remove the key. The fix planner (src/fix/plan.ts) turns it
 * into a {@link Fix} where the source allows it.
 */
export interface HintChange {
  hint: HintKey;
  to: boolean | null;
}

/**
 * A text edit of a source file (ESLint's `fix`, with the file, since a hint may be written in
 * another file than the finding's, in a shared preset): replace the UTF-16 code units
 * `range[0]` to `range[1]` (end exclusive) of `file`'s text as the run read it with `text`. As
 * in ESLint, the text does not count a leading byte-order mark.
 * An insertion has `range[0] === range[1]`.
 */
export interface Fix {
  /** Absolute inside the pipeline; formatters relativise it. */
  file: string;
  range: [number, number];
  text: string;
}

/** A change offered, never applied by `--fix` alone (ESLint's suggestion): what it does, and its edit. */
export interface Suggestion {
  /** One line: `Declare readOnlyHint: false`. */
  desc: string;
  fix: Fix;
}

/** The result of one lint run. */
export interface LintResult {
  tools: ToolFacts[];
  findings: Finding[];
  /** Registrations that did not yield tools the linter could name, with why. */
  unresolvedRegistrations: UnresolvedRegistration[];
  /** Every file read. */
  filesRead: string[];
  /** Files named on the command line that were not linted (not TypeScript or JavaScript, or declaration files): the path as given and why. */
  skipped?: { path: string; reason: string }[];
  /** The working directory that relative paths in reports are based on. */
  cwd: string;
  /**
   * What the effect walk did: function summaries computed (each function once per context it is
   * read in), summaries reused from the memo, effect nodes visited (what `--max-work` bounds).
   */
  stats: InferStats;
  /**
   * Live mode: the server whose tools/list was linted: the label its locations carry (no secret),
   * what it said of itself in initialize, and how it was reached. Absent for a static run.
   */
  live?: { label: string; server: { name: string; version: string }; protocolVersion: string; transport: string };
  /** Findings an inline `mcp-annotate-lint-disable-next-line` comment suppressed (not in `findings`). */
  suppressed?: number;
  /** Findings already recorded in the `--baseline` file (not in `findings`, not counted for the exit code). */
  baselined?: number;
  /**
   * Findings the `--baseline` file records that no longer occur (fixed, or their tool renamed): the
   * file can be updated. Only entries in the run's scope count (files it linted; see engine/baseline.ts).
   */
  baselineUnmatched?: number;
  /**
   * Set when `--update-baseline` wrote the baseline: the file (relative to `cwd` when inside it),
   * how many findings of this run it records, and how many it kept from files not linted in this run.
   */
  baselineWritten?: { file: string; recorded: number; kept: number };
}

/** What the effect walk did in a run: function summaries computed, summaries reused from the memo, effect nodes visited. */
export interface InferStats {
  summaries: number;
  reused: number;
  effectNodes: number;
}

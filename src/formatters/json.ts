import { unverifiable } from '../engine/facts.js';
import type { Effect, Fix, InferredHints, LintResult, SourceLocation, UnresolvedItem } from '../model.js';
import { helpUri } from '../engine/descriptors.js';
import { relativePath, shownFile } from './paths.js';
import type { Formatter } from './types.js';

/**
 * The machine-readable report. Contract (documented in README.md, "JSON output"; extend, never break):
 * `{ schemaVersion: 1, tools: [{ name, file, line, annotations, annotationsReadable, inferred, effects, unresolved }],
 *    findings: [{ ruleId, severity, confidence, tool, file, line, column, message, helpUri }],
 *    unresolvedRegistrations: [{ file, line, reason }], suppressed?, baselined?, live? }`.
 * Live mode (a running server's tools/list): `file` is the server's label, `line` and `column` are
 * 0, and tools, findings and unresolved items carry `jsonPath` (RFC 9535) into the tools/list result.
 */
export interface JsonReport {
  schemaVersion: 1;
  tools: {
    name: string | null;
    file: string;
    line: number;
    /** Live mode: the tool's path in the tools/list result, `$.tools[3]`. */
    jsonPath?: string;
    /** Declared values by key (as evaluated; `null` for a value that could not be read), or null when the tool has no annotations object. */
    annotations: Record<string, unknown> | null;
    /** False when some keys or values of the annotations could not be read statically (see `unresolved`): `annotations` then lists only what was read. */
    annotationsReadable: boolean;
    inferred: { readOnly: boolean | null; destructive: boolean | null; idempotent: boolean | null; openWorld: boolean | null };
    effects: {
      kind: string;
      access: string;
      destructive: boolean | null;
      idempotent: boolean | null;
      openWorld: boolean;
      /** `certain` (a catalogued sink, a mutation seen) or `likely` (read from the name of a call the linter cannot see into). */
      confidence: 'certain' | 'likely';
      sink: string;
      description: string;
      /** The branch condition the effect runs under, when it is conditional (`action === "delete"`). */
      condition?: string;
      /**
       * Set when the effect is on the path every tool of a wrapper or dispatcher takes: the wrapper
       * and where it is ("the callback of `server.registerTool` in `register` at src/server.ts:12").
       * Such effects do not count in `inferred`; `shared-effects` reports them once.
       */
      shared?: string;
      file: string;
      line: number;
      via: { callee: string; file: string; line: number }[] }[];
    /** Calls the analysis could not see into; `shared` as for effects: on a wrapper's path every tool takes, so they leave no hint of the tool's own unknown. */
    unresolved: { expression: string; reason: string; shared?: string; file: string; line: number; jsonPath?: string; via: { callee: string; file: string; line: number }[] }[];
  }[];
  findings: {
    ruleId: string;
    severity: 'error' | 'warning' | 'info';
    confidence: 'certain' | 'likely';
    tool: string | null;
    file: string;
    line: number;
    column: number;
    /** Live mode: where in the tools/list result. */
    jsonPath?: string;
    message: string;
    /** The rule's documentation. */
    helpUri: string;
    /** The safe fix `--fix` applies (ESLint's shape, with the file): replace `range` (UTF-16 offsets into the file as read, end exclusive) with `text`. */
    fix?: JsonFix;
    /** Changes offered, applied only with `--fix-type suggestion`. */
    suggestions?: { desc: string; fix: JsonFix }[];
    /** Why the rule's change cannot be made in this source (a computed value, compiled JavaScript, a shared preset). */
    fixUnavailable?: string;
  }[];
  /** Registrations that did not yield tools the linter could name (a wrapper never called, a registry only run time fills), with why. */
  unresolvedRegistrations: { file: string; line: number; reason: string }[];
  /** Findings inline `mcp-annotate-lint-disable-next-line` comments suppressed (not in `findings`). */
  suppressed?: number;
  /** Findings the `--baseline` file records (not in `findings`); present only with `--baseline`. */
  baselined?: number;
  /** Live mode: the server linted (its label, what it said of itself, the protocol version, the transport). */
  live?: { label: string; server: { name: string; version: string }; protocolVersion: string; transport: string };
}

/** A text edit as the report gives it: the file relative to the working directory. */
export interface JsonFix {
  file: string;
  range: [number, number];
  text: string;
}

const UNKNOWN: InferredHints = { readOnly: null, destructive: null, idempotent: null, openWorld: null };

type ToolReport = JsonReport['tools'][number];

/** The report of one tool: what `toJsonReport` lists under `tools`. */
function toolReport(tool: LintResult['tools'][number], cwd: string): ToolReport {
  const rel = (file: string): string => relativePath(file, cwd);
  const where = (location: SourceLocation) => ({ file: shownFile(location, cwd), line: location.line, ...(location.jsonPath !== undefined ? { jsonPath: location.jsonPath } : {}) });
  const via = (item: Effect | UnresolvedItem) => item.via.map((h) => ({ callee: h.callee, file: rel(h.location.file), line: h.location.line }));
  return {
    name: tool.name,
    ...where(tool.location),
    annotations: tool.annotations
      ? Object.fromEntries(Object.entries(tool.annotations.properties).map(([key, hint]) => [key, hint.known ? hint.value : null]))
      : null,
    annotationsReadable: tool.annotations === null || (tool.annotations.unresolved.length === 0 && Object.values(tool.annotations.properties).every((h) => h.known)),
    inferred: tool.inferred ?? UNKNOWN,
    effects: (tool.effects?.effects ?? []).map((e) => ({
      kind: e.kind,
      access: e.access,
      destructive: e.destructive,
      idempotent: e.idempotent,
      openWorld: e.openWorld,
      confidence: e.confidence,
      sink: e.sink,
      description: e.description,
      ...(e.condition ? { condition: e.condition } : {}),
      ...(e.shared ? { shared: `${e.shared.wrapper} at ${rel(e.shared.location.file)}:${e.shared.location.line}` } : {}),
      file: rel(e.location.file),
      line: e.location.line,
      via: via(e),
    })),
    unresolved: [...unverifiable(tool), ...(tool.effects?.unresolved ?? [])].map((u) => ({
      expression: u.expression,
      reason: u.reason,
      ...('shared' in u && u.shared ? { shared: `${u.shared.wrapper} at ${rel(u.shared.location.file)}:${u.shared.location.line}` } : {}),
      ...where(u.location),
      via: via(u),
    })),
  };
}

function jsonFix(fix: Fix, cwd: string): JsonFix {
  return { file: relativePath(fix.file, cwd), range: fix.range, text: fix.text };
}

/** The JSON report object with the tools left out (`tools: []`). */
function reportWithoutTools(result: LintResult): JsonReport {
  return {
    schemaVersion: 1,
    tools: [],
    findings: result.findings.map((f) => ({
      ruleId: f.ruleId,
      severity: f.severity,
      confidence: f.confidence ?? 'certain',
      tool: f.tool,
      file: shownFile(f.location, result.cwd),
      line: f.location.line,
      column: f.location.column,
      ...(f.location.jsonPath !== undefined ? { jsonPath: f.location.jsonPath } : {}),
      message: f.message,
      helpUri: helpUri(f.ruleId),
      ...(f.fix ? { fix: jsonFix(f.fix, result.cwd) } : {}),
      ...(f.suggestions ? { suggestions: f.suggestions.map((s) => ({ desc: s.desc, fix: jsonFix(s.fix, result.cwd) })) } : {}),
      ...(f.fixUnavailable ? { fixUnavailable: f.fixUnavailable } : {}),
    })),
    unresolvedRegistrations: result.unresolvedRegistrations.map((u) => ({ file: relativePath(u.location.file, result.cwd), line: u.location.line, reason: u.reason })),
    ...(result.suppressed !== undefined ? { suppressed: result.suppressed } : {}),
    ...(result.baselined !== undefined ? { baselined: result.baselined } : {}),
    ...(result.live ? { live: result.live } : {}),
  };
}

/** Builds the JSON report object (the formatter serialises it). */
export function toJsonReport(result: LintResult): JsonReport {
  return { ...reportWithoutTools(result), tools: result.tools.map((tool) => toolReport(tool, result.cwd)) };
}

/** Stands for the tools in the text of the rest of the report, where {@link jsonChunks} puts them. */
const TOOLS_MARK = '\0tools\0';

/**
 * The text of `JSON.stringify(toJsonReport(result), null, 2)` and a newline, in pieces: the report
 * around the tools, and each tool's report as it is made. A report lists every unresolved call of
 * every tool with its chain (chrome-devtools-mcp 1.11: 45 MB); written piece by piece, it is
 * never held whole, nor is a second copy of the result as report objects.
 */
export function* jsonChunks(result: LintResult): Generator<string> {
  const rest = reportWithoutTools(result);
  if (result.tools.length === 0) {
    yield `${JSON.stringify(rest, null, 2)}\n`;
    return;
  }
  const text = JSON.stringify({ ...rest, tools: [TOOLS_MARK] }, null, 2);
  // `tools` comes before every other string of the report: the first occurrence is the mark.
  const mark = JSON.stringify(TOOLS_MARK);
  const at = text.indexOf(mark);
  yield text.slice(0, at);
  for (const [i, tool] of result.tools.entries()) {
    // A tool is an element of `tools`, two levels in: each of its lines is indented by four more spaces.
    yield `${i > 0 ? ',\n    ' : ''}${JSON.stringify(toolReport(tool, result.cwd), null, 2).replace(/\n/g, '\n    ')}`;
  }
  yield `${text.slice(at + mark.length)}\n`;
}

/** The JSON formatter; `chunks` gives the same text in pieces ({@link jsonChunks}). */
export const json: Formatter = Object.assign((result: LintResult) => [...jsonChunks(result)].join(''), { chunks: jsonChunks });

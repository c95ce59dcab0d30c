import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { z } from 'zod';
import type { InferredHints } from '../model.js';
import { printable } from '../printable.js';
import { jsonSyntaxReason } from '../errors.js';

/**
 * The pin file (`mcp-tools.lock.json`, issue #6): what a trusted server advertised in `tools/list`,
 * tool by tool, so that any later change (a tool added or removed, a description, an input or
 * output schema, annotations) fails `--check-pin` until a person trusts the server again. The MCP
 * specification 2025-11-25 (Tools, "Security considerations") asks clients to treat tool
 * descriptions and annotations as untrusted unless the server is; a pin records that judgement.
 *
 * Descriptions and schemas are kept as digests (`sha256:` of their RFC 8785 canonical JSON), so that
 * the file stays small and diffs well; annotations and titles are kept as values, since a reviewer
 * must see them.
 */

/** One pinned tool. */
export interface PinnedTool {
  name: string;
  /** The top-level `title`, else null. */
  title: string | null;
  /** `sha256:<hex>` of the description (canonical JSON of the value; null when absent). */
  description: string | null;
  inputSchema: string | null;
  outputSchema: string | null;
  /** The `annotations` object as sent (keys sorted), or null when absent. */
  annotations: Record<string, unknown> | null;
  /** With `--project`: the hints inferred from the source for this tool (null where unknown). */
  inferred?: InferredHints;
}

/** The pin file: `{ version: 1, tools: [...] }`, tools sorted by name. */
export interface Pin {
  version: 1;
  tools: PinnedTool[];
}

const HintValue = z.boolean().nullable();
const PinSchema = z.strictObject({
  version: z.literal(1, { error: 'expected 1 (the only pin version this mcp-annotate-lint reads)' }),
  tools: z.array(
    z.strictObject({
      name: z.string(),
      title: z.string().nullable(),
      description: z.string().nullable(),
      inputSchema: z.string().nullable(),
      outputSchema: z.string().nullable(),
      annotations: z.record(z.string(), z.unknown()).nullable(),
      inferred: z.strictObject({ readOnly: HintValue, destructive: HintValue, idempotent: HintValue, openWorld: HintValue }).optional(),
    }),
  ),
});

/** `sha256:<hex>` of a value's RFC 8785 canonical JSON; null for an absent value. */
export function digest(value: unknown): string | null {
  if (value === undefined) return null;
  return `sha256:${createHash('sha256').update(canonicalize(value) ?? 'undefined').digest('hex')}`;
}

/** A value's own keys in code-unit order, recursively (for annotations kept as values). */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]));
}

/**
 * The pin of raw tools (each object as `tools/list` sent it). Tools without a string name cannot be
 * pinned by name and are left out (live mode reports them). With `inferred`, each tool's inferred
 * hints by name are recorded too.
 */
export function pinOf(tools: readonly unknown[], inferred?: ReadonlyMap<string, InferredHints>): Pin {
  const pinned: PinnedTool[] = [];
  for (const raw of tools) {
    if (raw === null || typeof raw !== 'object') continue;
    const tool = raw as Record<string, unknown>;
    if (typeof tool.name !== 'string') continue;
    const annotations = tool.annotations;
    pinned.push({
      name: tool.name,
      title: typeof tool.title === 'string' ? tool.title : null,
      description: digest(tool.description),
      inputSchema: digest(tool.inputSchema),
      outputSchema: digest(tool.outputSchema),
      annotations: annotations !== null && typeof annotations === 'object' && !Array.isArray(annotations) ? (sortedKeys(annotations) as Record<string, unknown>) : null,
      ...(inferred?.has(tool.name) ? { inferred: inferred.get(tool.name)! } : {}),
    });
  }
  pinned.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { version: 1, tools: pinned };
}

/** The text of a pin file: 2-space JSON with a final newline; the same tools always give the same bytes. */
export function serializePin(pin: Pin): string {
  return `${JSON.stringify(pin, null, 2)}\n`;
}

/**
 * Reads a pin file's text.
 *
 * @returns the pin, or a one-line reason it is not one (`not JSON (...)`, `tools.0.name: ...`).
 */
export function parsePin(text: string): Pin | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { problem: `it is not JSON (${jsonSyntaxReason((error as Error).message)})` };
  }
  const parsed = PinSchema.safeParse(data);
  if (parsed.success) return parsed.data as Pin;
  const first = parsed.error.issues[0]!;
  return { problem: `${first.path.length > 0 ? first.path.join('.') : '(root)'}: ${first.message}` };
}

/** The longest value a change line shows whole; a longer one is cut with `…`. */
const SHOWN_CHARS = 80;

/** A value as one short line of JSON (`true`, `"x"`, `absent`), cut at SHOWN_CHARS. */
function shown(value: unknown): string {
  if (value === undefined) return 'absent';
  const text = JSON.stringify(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}

/**
 * What changed between a pin and what a server advertises now, one line per change, tools in name
 * order: `+ "name": added`, `- "name": removed`, `~ "name": description changed`, `~ "name":
 * annotations.readOnlyHint: true → false`. Empty when nothing changed. Names, keys and values are the
 * server's words: control characters are escaped (`\u001b`), so that no line can forge another.
 */
export function diffPins(pinned: Pin, current: Pin): string[] {
  const before = new Map(pinned.tools.map((t) => [t.name, t]));
  const after = new Map(current.tools.map((t) => [t.name, t]));
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  const lines: string[] = [];
  for (const name of names) {
    const a = before.get(name);
    const b = after.get(name);
    const tool = JSON.stringify(name);
    if (!a) {
      lines.push(`+ ${tool}: added`);
      continue;
    }
    if (!b) {
      lines.push(`- ${tool}: removed`);
      continue;
    }
    if (a.title !== b.title) lines.push(`~ ${tool}: title ${shown(a.title)} → ${shown(b.title)}`);
    for (const field of ['description', 'inputSchema', 'outputSchema'] as const) {
      if (a[field] !== b[field]) lines.push(`~ ${tool}: ${field} ${a[field] === null ? 'added' : b[field] === null ? 'removed' : 'changed'}`);
    }
    if (a.annotations === null || b.annotations === null) {
      if (a.annotations !== b.annotations) lines.push(`~ ${tool}: annotations ${a.annotations === null ? 'added' : 'removed'}`);
    } else {
      for (const key of [...new Set([...Object.keys(a.annotations), ...Object.keys(b.annotations)])].sort()) {
        const x = a.annotations[key];
        const y = b.annotations[key];
        if (canonicalize(x) !== canonicalize(y)) lines.push(`~ ${tool}: annotations.${key}: ${shown(x)} → ${shown(y)}`);
      }
    }
    if (a.inferred && b.inferred) {
      for (const key of Object.keys(a.inferred) as (keyof InferredHints)[]) {
        if (a.inferred[key] !== b.inferred[key]) lines.push(`~ ${tool}: inferred ${key}: ${shown(a.inferred[key])} → ${shown(b.inferred[key])}`);
      }
    }
  }
  return lines.map(printable);
}

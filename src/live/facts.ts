import type { DeclaredAnnotations, DeclaredHint, SourceLocation, ToolFacts } from '../model.js';
import type { ListedTools } from './list-tools.js';

/*
 * Live facts: the tools a running server lists, turned into the ToolFacts the rules read.
 *
 * A listed tool is MCP spec 2025-11-25 `Tool` (schema.ts; Server › Tools › Tool,
 * https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool):
 *   { name: string; title?: string; description?: string; inputSchema: object; outputSchema?: object;
 *     annotations?: ToolAnnotations; icons?: Icon[]; _meta?: object }
 * and `ToolAnnotations` is { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean;
 * idempotentHint?: boolean; openWorldHint?: boolean }. The objects arrive unvalidated
 * (list-tools.ts), so every member is read as whatever it is and the rules judge it.
 *
 * Each value is located by a JSONPath (RFC 9535) into the tools/list result: `$.tools[3]`,
 * `$.tools[3].annotations.readOnlyHint`. It is a singular query (RFC 9535 §2.3.5) written with the
 * member-name shorthand where a name allows it (every name the spec defines does) and in bracket
 * notation, quoted and escaped as a normalized path is (§2.7), for any other name
 * (`$.tools[3].annotations['read-only']`). There is no file, line or column: see
 * `isListedLocation` in model.ts.
 */

/** RFC 9535 `member-name-shorthand` (§2.5.1.1), ASCII subset: a name that may follow a dot. */
const SHORTHAND = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A member name as a JSONPath segment: `.name`, else `['na\'me']` escaped as RFC 9535 §2.7 normalizes it. */
export function memberSegment(name: string): string {
  if (SHORTHAND.test(name)) return `.${name}`;
  const escaped = name.replace(/[\\'\u0000-\u001f]/g, (ch) => {
    const named: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    return named[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return `['${escaped}']`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as short JSON text for a message (`"readOnly"`, `[]`, `42`), at most 60 characters. */
function jsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * The `annotations` member of a listed tool: null when absent; each key a known {@link DeclaredHint}
 * located at its path; a value that is not an object gives no properties and `notAnObject` (clients
 * then use every hint's default, and `invalid-annotations` reports it).
 */
function annotationsOf(raw: Record<string, unknown>, at: (path: string) => SourceLocation, toolPath: string): DeclaredAnnotations | null {
  if (!('annotations' in raw) || raw.annotations === undefined) return null;
  const path = `${toolPath}.annotations`;
  const value = raw.annotations;
  if (!isObject(value)) return { location: at(path), properties: {}, unresolved: [], notAnObject: jsonText(value) };
  const properties: Record<string, DeclaredHint> = {};
  for (const [key, hint] of Object.entries(value)) properties[key] = { value: hint, known: true, location: at(`${path}${memberSegment(key)}`) };
  return { location: at(path), properties, unresolved: [] };
}

/**
 * The facts of every tool a server listed, in order, for the same rules as static mode. Each has
 * `origin: 'live'`, `registration: 'tools/list'`, no handler and no effects (so rules that need
 * effects skip it), its top-level `title` (null when absent), its annotations as sent, and
 * `duplicateOf` the first tool of the same name. A name that is not a string (or a tool that is not
 * an object) gives `name: null`, a display name of its path, and an unresolved item saying so.
 *
 * @param label what locations name instead of a file: the server, without secrets
 *   (`tools/list of \`node dist/index.js\``, from `describeTarget`).
 */
export function liveFacts(listed: Pick<ListedTools, 'tools'>, label: string): ToolFacts[] {
  const at = (jsonPath: string): SourceLocation => ({ file: label, line: 0, column: 0, jsonPath });
  const first = new Map<string, SourceLocation>();
  return listed.tools.map((raw, i): ToolFacts => {
    const toolPath = `$.tools[${i}]`;
    const location = at(toolPath);
    const tool = isObject(raw) ? raw : {};
    const name = typeof tool.name === 'string' ? tool.name : null;
    const problem = !isObject(raw) ? `the listed tool is not an object (${jsonText(raw)})` : name === null ? `the name is not a string (${'name' in tool ? jsonText(tool.name) : 'absent'})` : null;
    const facts: ToolFacts = {
      name,
      displayName: name ?? toolPath,
      origin: 'live',
      location,
      registration: 'tools/list',
      annotations: annotationsOf(tool, at, toolPath),
      title: 'title' in tool && tool.title !== undefined ? { value: tool.title, known: true, location: at(`${toolPath}.title`) } : null,
      handler: null,
      unresolved: problem === null ? [] : [{ expression: toolPath, reason: problem, location: at(`${toolPath}.name`), via: [] }],
    };
    if (name !== null) {
      const earlier = first.get(name);
      if (earlier) facts.duplicateOf = earlier;
      else first.set(name, location);
    }
    return facts;
  });
}

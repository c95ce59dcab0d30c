import { HINT_KEYS, type HintKey } from '../src/model.js';
import { defineRule } from '../src/engine/rule.js';

/** Keys of `ToolAnnotations` (MCP spec 2025-11-25, schema.ts). */
const ANNOTATION_KEYS: ReadonlySet<string> = new Set(['title', ...HINT_KEYS]);

/**
 * Keys some frameworks add to the annotations object on purpose (not spec hints, not typos):
 * fastmcp's `streamingHint`; mcp-lite merges content `Annotations` (`audience`, `priority`, `lastModified`).
 */
const FRAMEWORK_KEYS: ReadonlySet<string> = new Set(['streamingHint', 'audience', 'priority', 'lastModified']);

/** The hint an unknown key was probably meant to be (`readonlyHint`, `destructive`, `read_only_hint`), or null. */
export function intendedHint(key: string): HintKey | null {
  const stem = (k: string): string => k.toLowerCase().replace(/[_-]/g, '').replace(/hint$/, '');
  return HINT_KEYS.find((hint) => stem(hint) === stem(key)) ?? null;
}

/**
 * Annotations a client cannot use as written: a key that is not in `ToolAnnotations` (a typo such
 * as `readonlyHint` silently leaves the hint at its default), a hint whose value is not a boolean
 * (`"true"`, `1`), a `title` that is not a string; in live mode also an `annotations` member that
 * is not an object and a top-level `title` that is not a string.
 * Source: MCP spec 2025-11-25, schema `ToolAnnotations`
 * (https://modelcontextprotocol.io/specification/2025-11-25/schema#toolannotations).
 */
export default defineRule({
  id: 'invalid-annotations',
  meta: {
    type: 'problem',
    docs: { description: 'unknown keys, non-boolean hints or a non-string title in the annotations object', recommended: 'error' },
    requires: [],
    messages: {
      unknownKeyTypo: '"{{tool}}" declares `{{key}}`, which is not a tool annotation; did you mean `{{hint}}`? As written, clients use {{hint}}: {{default}}',
      unknownKey: '"{{tool}}" declares `{{key}}`, which is not a tool annotation (title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint); clients ignore it',
      notBoolean: '"{{tool}}" declares {{key}}: {{value}}, which is not a boolean; clients may ignore it or read it as {{truthy}}',
      notString: '"{{tool}}" declares annotations.title: {{value}}, which is not a string',
      notObject: '"{{tool}}" lists annotations: {{value}}, which is not an object; clients ignore it and use every hint\'s default',
      titleNotString: '"{{tool}}" lists title: {{value}}, which is not a string',
    },
  },
  check({ tool, report }) {
    // Live mode: an `annotations` member that is not an object (facts.ts in src/live).
    if (tool.annotations?.notAnObject !== undefined) report({ messageId: 'notObject', data: { tool: tool.displayName, value: tool.annotations.notAnObject }, location: tool.annotations.location });
    // Live mode: a listed tool's top-level `Tool.title` must be a string too (spec 2025-11-25, schema `Tool`).
    if (tool.origin === 'live' && tool.title?.known && typeof tool.title.value !== 'string') {
      report({ messageId: 'titleNotString', data: { tool: tool.displayName, value: JSON.stringify(tool.title.value) ?? String(tool.title.value) }, location: tool.title.location });
    }
    const properties = tool.annotations?.properties ?? {};
    for (const [key, hint] of Object.entries(properties)) {
      if (!ANNOTATION_KEYS.has(key)) {
        // A key set only when a run-time condition holds may never be sent: no error on a guess.
        if (FRAMEWORK_KEYS.has(key) || hint.mayBeAbsent) continue;
        const intended = intendedHint(key);
        if (intended && !(intended in properties)) {
          const defaults: Record<HintKey, string> = { readOnlyHint: 'false', destructiveHint: 'true', idempotentHint: 'false', openWorldHint: 'true' };
          report({ messageId: 'unknownKeyTypo', data: { tool: tool.displayName, key, hint: intended, default: defaults[intended] }, location: hint.location });
        } else {
          report({ messageId: 'unknownKey', data: { tool: tool.displayName, key }, location: hint.location });
        }
        continue;
      }
      if (!hint.known) continue;
      if (key === 'title') {
        if (typeof hint.value !== 'string') report({ messageId: 'notString', data: { tool: tool.displayName, value: JSON.stringify(hint.value) ?? String(hint.value) }, location: hint.location });
      } else if (typeof hint.value !== 'boolean') {
        report({ messageId: 'notBoolean', data: { tool: tool.displayName, key, value: JSON.stringify(hint.value) ?? String(hint.value), truthy: String(Boolean(hint.value)) }, location: hint.location });
      }
    }
  },
});

import { bySignificance, declaredBoolean, describeEffects, hintLocation, isOmitted, writes } from '../src/engine/facts.js';
import { defineRule } from '../src/engine/rule.js';
import { HINT_DEFAULTS, HINT_KEYS, INFERRED_FOR_HINT, type HintKey } from '../src/model.js';


/**
 * A tool with no annotations at all, or an annotations object with no behaviour hint in it (a JSON
 * Schema that the deprecated `tool()` overloads took for annotations): clients then assume the worst
 * of everything and cannot tell a read from a delete. Also an omitted hint whose spec default
 * misdescribes what the handler is inferred to do: `readOnlyHint` omitted on a tool that only
 * reads, `openWorldHint` omitted on a closed-world tool, `destructiveHint` omitted on a tool that
 * only adds, `idempotentHint` omitted on a tool whose writes are all idempotent (the last two only
 * for tools that write). A tool that destroys data and leaves `destructiveHint` to its default is
 * asked to say `destructiveHint: true`: clients and reviewers gate confirmation on the explicit hint.
 * Source: MCP spec 2025-11-25, `Tool.annotations` and the `ToolAnnotations` defaults.
 */
export default defineRule({
  id: 'missing-annotations',
  meta: {
    type: 'suggestion',
    docs: { description: 'a tool without annotations, or an omitted hint whose default misdescribes the tool', recommended: 'warning' },
    requires: [],
    messages: {
      none: '"{{tool}}" declares no annotations; clients will assume it is destructive, not idempotent and open-world{{behaviour}}',
      noHints: '"{{tool}}" has an annotations object without any behaviour hint ({{keys}}); clients will assume it is destructive, not idempotent and open-world',
      omitted: '"{{tool}}" omits {{hint}}, so clients assume {{hint}}: {{default}}, but the handler {{behaviour}}',
      implicitDestructive: '"{{tool}}" omits destructiveHint although it {{effects}}; declare destructiveHint: true explicitly',
    },
  },
  check({ tool, report }) {
    const inferred = tool.inferred;
    if (!tool.annotations) {
      const behaviour = inferred?.readOnly === true ? ', but it is read-only' : '';
      report({ messageId: 'none', data: { tool: tool.displayName, behaviour } });
      return;
    }
    const keys = Object.keys(tool.annotations.properties);
    if (tool.annotations.unresolved.length === 0 && !keys.some((k) => (HINT_KEYS as readonly string[]).includes(k))) {
      // E.g. a JSON Schema passed where the deprecated tool() overloads expect annotations.
      report({ messageId: 'noHints', data: { tool: tool.displayName, keys: keys.length > 0 ? `only ${keys.join(', ')}` : 'it is empty' } });
      return;
    }
    if (!inferred || tool.effects === undefined) return;
    const readOnlyDeclared = declaredBoolean(tool, 'readOnlyHint')?.value === true;
    for (const key of HINT_KEYS) {
      if (!isOmitted(tool, key)) continue;
      if (readOnlyDeclared && (key === 'destructiveHint' || key === 'idempotentHint')) continue;
      if (key !== 'readOnlyHint' && key !== 'openWorldHint' && inferred.readOnly !== false) continue;
      const actual = inferred[INFERRED_FOR_HINT[key]];
      if (actual === null || actual === HINT_DEFAULTS[key]) continue;
      report({
        messageId: 'omitted',
        data: { tool: tool.displayName, hint: key, default: String(HINT_DEFAULTS[key]), behaviour: behaviourOf(key, actual) },
        location: hintLocation(tool),
      });
    }
    if (!readOnlyDeclared && isOmitted(tool, 'destructiveHint') && inferred.destructive === true) {
      const destructive = writes(tool).filter((e) => e.destructive === true);
      report({ messageId: 'implicitDestructive', data: { tool: tool.displayName, effects: describeEffects(destructive) }, location: hintLocation(tool), evidence: bySignificance(destructive) });
    }
  },
});

function behaviourOf(key: HintKey, actual: boolean): string {
  switch (key) {
    case 'readOnlyHint':
      return actual ? 'only reads' : 'modifies its environment';
    case 'destructiveHint':
      return actual ? 'deletes or overwrites' : 'only adds';
    case 'idempotentHint':
      return actual ? 'has no additional effect when repeated' : 'has additional effects when repeated';
    case 'openWorldHint':
      return actual ? 'reaches the open world' : 'stays in a closed world (its process and local files)';
  }
}

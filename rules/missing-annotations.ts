import { z } from 'zod';
import { bySignificance, declaredBoolean, describeEffects, hasUnseenEffects, hintLocation, isOmitted, writes } from '../src/engine/facts.js';
import { defineRule, type RuleContext, type SuggestedChange } from '../src/engine/rule.js';
import { HINT_DEFAULTS, HINT_KEYS, INFERRED_FOR_HINT, type HintChange, type HintKey, type ToolFacts } from '../src/model.js';

/** The rule's options; the `directory` profile sets `{ hints: "all", title: true }`. */
const Options = z.strictObject({
  /** `contradicting` (default): report an omitted hint only when its default misdescribes the tool; `all`: every omitted hint (client directories' rule). */
  hints: z.enum(['contradicting', 'all']).default('contradicting').describe('"contradicting": report an omitted hint only when its spec default misdescribes the tool; "all": every omitted hint, destructiveHint even on read-only tools (client directories)'),
  /** Require `annotations.title` (client directories' portals read the title there). */
  title: z.boolean().default(false).describe('require a title in annotations.title, which client directory portals read'),
});

/**
 * A tool with no annotations at all, or an annotations object with no behaviour hint in it (a JSON
 * Schema that the deprecated `tool()` overloads took for annotations): clients then assume the worst
 * of everything and cannot tell a read from a delete. Also an omitted hint whose spec default
 * misdescribes what the handler is inferred to do: `readOnlyHint` omitted on a tool that only
 * reads, `openWorldHint` omitted on a closed-world tool, `destructiveHint` omitted on a tool that
 * only adds, `idempotentHint` omitted on a tool whose writes are all idempotent (the last two only
 * for tools that write). A tool that destroys data and leaves `destructiveHint` to its default is
 * asked to say `destructiveHint: true`: clients and reviewers gate confirmation on the explicit hint.
 * With `hints: "all"` every omitted hint is reported (`idempotentHint` not on a tool declared
 * read-only), and with `title: true` a tool without `annotations.title`: the expectations of client
 * directories (the `directory` profile).
 * Source: MCP spec 2025-11-25, `Tool.annotations` and the `ToolAnnotations` defaults; shared case 027
 * (a directory portal reads the title from `annotations.title` only).
 */
type MessageId = 'none' | 'noHints' | 'omitted' | 'implicitDestructive' | 'explicit' | 'noTitle' | 'titleNotInAnnotations';
type Report = RuleContext<MessageId>['report'];

export default defineRule<MessageId, z.output<typeof Options>>({
  id: 'missing-annotations',
  meta: {
    type: 'suggestion',
    docs: { description: 'a tool without annotations, or an omitted hint whose default misdescribes the tool', recommended: 'warning' },
    requires: [],
    options: Options,
    hasSuggestions: true,
    messages: {
      none: '"{{tool}}" declares no annotations; clients will assume it is destructive, not idempotent and open-world{{behaviour}}',
      noHints: '"{{tool}}" has an annotations object without any behaviour hint ({{keys}}); clients will assume it is destructive, not idempotent and open-world',
      omitted: '"{{tool}}" omits {{hint}}, so clients assume {{hint}}: {{default}}, but the handler {{behaviour}}',
      implicitDestructive: '"{{tool}}" omits destructiveHint although it {{effects}}; declare destructiveHint: true explicitly',
      explicit: '"{{tool}}" omits {{hint}}; client directories ask for every hint explicitly ({{assumed}})',
      noTitle: '"{{tool}}" has no annotations.title; client directories ask for a human-readable title there',
      titleNotInAnnotations: '"{{tool}}" has a top-level title but no annotations.title, which client directory portals read; copy the title there',
    },
  },
  check({ tool, report, options }) {
    if (options.title) checkTitle(tool, report);
    const inferred = tool.inferred;
    if (!tool.annotations) {
      // Annotations written where the SDK never reads them: ignored-annotations says so.
      if (tool.ignoredAnnotations) return;
      const behaviour = inferred?.readOnly === true ? ', but it is read-only' : '';
      const supported = supportedHints(tool);
      report({ messageId: 'none', data: { tool: tool.displayName, behaviour }, ...(supported.length > 0 ? { suggest: [{ desc: `Declare the hints the code supports: ${supported.map((c) => `${c.hint}: ${String(c.to)}`).join(', ')}`, changes: supported }] } : {}) });
      return;
    }
    const keys = Object.keys(tool.annotations.properties);
    if (tool.annotations.unresolved.length === 0 && !keys.some((k) => (HINT_KEYS as readonly string[]).includes(k))) {
      // E.g. a JSON Schema passed where the deprecated tool() overloads expect annotations.
      report({ messageId: 'noHints', data: { tool: tool.displayName, keys: keys.length > 0 ? `only ${keys.join(', ')}` : 'it is empty' } });
      return;
    }
    const readOnlyDeclared = declaredBoolean(tool, 'readOnlyHint')?.value === true;
    const reported = new Set<HintKey>();
    if (inferred && tool.effects !== undefined) checkContradicting(tool, readOnlyDeclared, reported, report);
    if (options.hints !== 'all') return;
    for (const key of HINT_KEYS) {
      if (reported.has(key) || !isOmitted(tool, key) || (readOnlyDeclared && key === 'idempotentHint')) continue;
      // On a read-only tool the spec gives destructiveHint no meaning; directories still ask for `false`.
      // A tool declared read-only that writes is reported by optimistic-read-only; for it, the default is what clients will meet once that is fixed.
      const assumed = readOnlyDeclared && inferred?.readOnly !== false ? 'on a read-only tool: destructiveHint: false' : `without it clients assume ${key}: ${HINT_DEFAULTS[key]}`;
      const value = key === 'destructiveHint' && readOnlyDeclared && inferred?.readOnly !== false ? false : (inferred?.[INFERRED_FOR_HINT[key]] ?? HINT_DEFAULTS[key]);
      report({ messageId: 'explicit', data: { tool: tool.displayName, hint: key, assumed }, location: hintLocation(tool), suggest: [declare(key, value)] });
    }
  },
});

/** Omitted hints whose spec default contradicts the inferred behaviour; records each hint reported in `reported`. */
function checkContradicting(tool: ToolFacts, readOnlyDeclared: boolean, reported: Set<HintKey>, report: Report): void {
  const inferred = tool.inferred!;
  // Every spec default is the cautious value, so an omitted hint is only ever "too cautious": asking
  // for a value that claims less risk needs the tool's effects verified, not guessed from names
  // (a POST whose purpose the linter cannot read is a *likely* addition, no proof that it only adds).
  for (const key of hasUnseenEffects(tool) ? [] : HINT_KEYS) {
    if (!isOmitted(tool, key)) continue;
    if (readOnlyDeclared && (key === 'destructiveHint' || key === 'idempotentHint')) continue;
    if (key !== 'readOnlyHint' && key !== 'openWorldHint' && inferred.readOnly !== false) continue;
    const actual = inferred[INFERRED_FOR_HINT[key]];
    if (actual === null || actual === HINT_DEFAULTS[key]) continue;
    reported.add(key);
    report({
      messageId: 'omitted',
      data: { tool: tool.displayName, hint: key, default: String(HINT_DEFAULTS[key]), behaviour: behaviourOf(key, actual) },
      location: hintLocation(tool),
      suggest: [declare(key, actual)],
    });
  }
  if (!readOnlyDeclared && isOmitted(tool, 'destructiveHint') && inferred.destructive === true) {
    const destructive = writes(tool).filter((e) => e.destructive === true);
    reported.add('destructiveHint');
    report({ messageId: 'implicitDestructive', data: { tool: tool.displayName, hint: 'destructiveHint', effects: describeEffects(destructive) }, location: hintLocation(tool), evidence: bySignificance(destructive), suggest: [declare('destructiveHint', true)] });
  }
}

/**
 * A title where client directories read it: `annotations.title`. The spec lets `Tool.title` stand
 * instead (it takes precedence), but directory portals read only the annotations (shared case 027).
 * Annotations with parts that cannot be read may hold it: not reported.
 */
function checkTitle(tool: ToolFacts, report: Report): void {
  if (tool.annotations && (tool.annotations.unresolved.length > 0 || 'title' in tool.annotations.properties)) return;
  const topLevel = tool.title;
  report({ messageId: topLevel ? 'titleNotInAnnotations' : 'noTitle', data: { tool: tool.displayName }, location: topLevel?.location ?? hintLocation(tool) });
}

/** The suggestion that declares one hint. */
function declare(hint: HintKey, to: boolean): SuggestedChange {
  return { desc: `Declare ${hint}: ${String(to)}`, changes: [{ hint, to }] };
}

/**
 * The hints a tool without annotations can declare from what its code is inferred to do, when
 * nothing it does is unseen: each hint inferred (destructive and idempotent only for a tool that
 * writes, where the spec gives them meaning). Empty when nothing is inferred.
 */
function supportedHints(tool: ToolFacts): HintChange[] {
  const inferred = tool.inferred;
  if (!inferred || tool.effects === undefined || tool.effects === null || hasUnseenEffects(tool)) return [];
  return HINT_KEYS.flatMap((hint) => {
    if ((hint === 'destructiveHint' || hint === 'idempotentHint') && inferred.readOnly !== false) return [];
    const value = inferred[INFERRED_FOR_HINT[hint]];
    return value === null ? [] : [{ hint, to: value }];
  });
}

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

import { describe, expect, it } from 'vitest';
import rule from '../../rules/unverifiable-annotations.js';
import { factsOf, reportsOf } from './tester.js';

describe('unverifiable-annotations', () => {
  it('does not report tools whose name, annotations and handler are known', () => {
    expect(reportsOf(rule, { declared: { readOnlyHint: true }, effects: ['read'], unresolved: 4 })).toEqual([]);
  });

  it('reports each unresolved name, handler or annotation value at its expression', () => {
    const facts = factsOf({ declared: { readOnlyHint: true }, effects: [] });
    facts.unresolved.push({ expression: 'cfg.name', reason: 'the tool name is computed at run time', location: { file: '/p/server.ts', line: 7, column: 1 }, via: [] });
    facts.annotations!.unresolved.push({ expression: 'caps.x', reason: 'caps.x is a value known only at run time', location: { file: '/p/server.ts', line: 12, column: 1 }, via: [] });
    const out: string[] = [];
    rule.check({ tool: facts, report: (r) => out.push(`${r.messageId}@${r.location?.line}:${r.data.reason}`) });
    expect(out).toEqual(['unresolved@7:the tool name is computed at run time', 'unresolved@12:caps.x is a value known only at run time']);
  });
});

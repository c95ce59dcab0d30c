import { describe, expect, it } from 'vitest';
import { RuleSettings } from '../../src/config/rule-settings.js';
import { ConfigSchema } from '../../src/config/schema.js';
import { checkTools } from '../../src/engine/check.js';
import { liveFacts, memberSegment } from '../../src/live/facts.js';

const LABEL = 'tools/list of `node server.js`';

/** A listed tool as a server sends it (MCP spec 2025-11-25 `Tool`). */
function tool(name: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, description: 'A tool.', inputSchema: { type: 'object' }, ...extra };
}

/** The findings of the rules on `tools`, as `[jsonPath, ruleId, messageId]`, with the configuration given. */
function findings(tools: unknown[], config: unknown = {}) {
  const settings = new RuleSettings(ConfigSchema.parse(config), '/nowhere');
  return checkTools(liveFacts({ tools }, LABEL), (t) => settings.for(null, t.name)).map((f) => [f.location.jsonPath, f.ruleId, f.messageId]);
}

describe('liveFacts', () => {
  it('turns listed tools into facts located by JSON path, without effects', () => {
    const [facts] = liveFacts({ tools: [tool('read', { title: 'Read', annotations: { readOnlyHint: true, title: 'Read it' } })] }, LABEL);
    expect(facts).toEqual({
      name: 'read',
      displayName: 'read',
      origin: 'live',
      location: { file: LABEL, line: 0, column: 0, jsonPath: '$.tools[0]' },
      registration: 'tools/list',
      annotations: {
        location: { file: LABEL, line: 0, column: 0, jsonPath: '$.tools[0].annotations' },
        properties: {
          readOnlyHint: { value: true, known: true, location: { file: LABEL, line: 0, column: 0, jsonPath: '$.tools[0].annotations.readOnlyHint' } },
          title: { value: 'Read it', known: true, location: { file: LABEL, line: 0, column: 0, jsonPath: '$.tools[0].annotations.title' } },
        },
        unresolved: [],
      },
      title: { value: 'Read', known: true, location: { file: LABEL, line: 0, column: 0, jsonPath: '$.tools[0].title' } },
      handler: null,
      unresolved: [],
    });
    expect('effects' in facts!).toBe(false);
  });

  it('gives null annotations and title when absent, notAnObject for annotations that are not an object', () => {
    const [plain, text, list] = liveFacts({ tools: [tool('a'), tool('b', { annotations: 'readOnly' }), tool('c', { annotations: [] })] }, LABEL);
    expect(plain!.annotations).toBeNull();
    expect(plain!.title).toBeNull();
    expect(text!.annotations).toMatchObject({ properties: {}, unresolved: [], notAnObject: '"readOnly"' });
    expect(list!.annotations?.notAnObject).toBe('[]');
  });

  it('sets duplicateOf to the first tool of the same name, and names a tool whose name is not a string by its path', () => {
    const facts = liveFacts({ tools: [tool('x'), tool('y'), tool('x'), tool(7), 'junk'] }, LABEL);
    expect(facts.map((f) => f.duplicateOf?.jsonPath)).toEqual([undefined, undefined, '$.tools[0]', undefined, undefined]);
    expect(facts[3]).toMatchObject({ name: null, displayName: '$.tools[3]', unresolved: [{ reason: 'the name is not a string (7)', location: { jsonPath: '$.tools[3].name' } }] });
    expect(facts[4]).toMatchObject({ name: null, unresolved: [{ reason: 'the listed tool is not an object ("junk")' }] });
  });

  it('writes member names that are not shorthand names in brackets, escaped as RFC 9535 normalized paths are', () => {
    expect(memberSegment('readOnlyHint')).toBe('.readOnlyHint');
    expect(memberSegment('read-only')).toBe("['read-only']");
    expect(memberSegment("it's\n\\")).toBe("['it\\'s\\n\\\\']");
    expect(memberSegment('\u0001')).toBe("['\\u0001']");
    const [facts] = liveFacts({ tools: [tool('a', { annotations: { 'read-only': true } })] }, LABEL);
    expect(facts!.annotations!.properties['read-only']!.location.jsonPath).toBe("$.tools[0].annotations['read-only']");
  });
});

describe('rules on live facts', () => {
  it('reports what the rules that need no effects say, at JSON paths; the optimistic-* rules do not run', () => {
    expect(
      findings([
        tool('read', { annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } }),
        tool('typo', { annotations: { readonlyHint: true, destructiveHint: 1, openWorldHint: false, idempotentHint: false, colour: 'red' } }),
        tool('none'),
        tool('bad', { title: 3, annotations: 'readOnly' }),
        tool('titled', { annotations: { title: 5, readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } }),
        tool('read', { annotations: { readOnlyHint: true, openWorldHint: false } }),
        tool(null),
      ]),
    ).toEqual([
      ['$.tools[0].annotations.idempotentHint', 'meaningless-hint', 'ignored'],
      ['$.tools[1].annotations.colour', 'invalid-annotations', 'unknownKey'],
      ['$.tools[1].annotations.destructiveHint', 'invalid-annotations', 'notBoolean'],
      ['$.tools[1].annotations.readonlyHint', 'invalid-annotations', 'unknownKeyTypo'],
      ['$.tools[2]', 'missing-annotations', 'none'],
      ['$.tools[3]', 'missing-annotations', 'noHints'],
      ['$.tools[3].annotations', 'invalid-annotations', 'notObject'],
      ['$.tools[3].title', 'invalid-annotations', 'titleNotString'],
      ['$.tools[4].annotations.title', 'invalid-annotations', 'notString'],
      ['$.tools[5]', 'duplicate-tool-name', 'duplicate'],
      ['$.tools[6]', 'missing-annotations', 'none'],
      ['$.tools[6].name', 'unverifiable-annotations', 'unresolved'],
    ]);
  });

  it('orders findings by tool index, $.tools[2] before $.tools[10]', () => {
    const tools = Array.from({ length: 11 }, (_, i) => tool(`t${i}`));
    expect(findings(tools).map(([p]) => p)).toEqual(tools.map((_, i) => `$.tools[${i}]`));
  });

  it('applies overrides by tools globs, not by files globs, and the directory profile', () => {
    const listed = [tool('admin_reset'), tool('read_x')];
    expect(findings(listed, { overrides: [{ tools: ['admin_*'], rules: { 'missing-annotations': 'off' } }] })).toEqual([['$.tools[1]', 'missing-annotations', 'none']]);
    expect(findings(listed, { overrides: [{ files: ['**'], rules: { 'missing-annotations': 'off' } }] })).toHaveLength(2);
    const titled = [tool('a', { title: 'A', annotations: { readOnlyHint: true, openWorldHint: false } })];
    expect(findings(titled, { profile: 'directory' }).map(([, , id]) => id)).toContain('titleNotInAnnotations');
  });

  it('reports each later duplicate of a name once, naming the first', () => {
    const settings = new RuleSettings(ConfigSchema.parse({}), '/nowhere');
    const found = checkTools(liveFacts({ tools: [tool('x'), tool('x'), tool('x')] }, LABEL), (t) => settings.for(null, t.name)).filter((f) => f.ruleId === 'duplicate-tool-name');
    expect(found.map((f) => [f.location.jsonPath, f.message])).toEqual([
      ['$.tools[1]', '"x" is registered again on the same server; the first registration is at $.tools[0]'],
      ['$.tools[2]', '"x" is registered again on the same server; the first registration is at $.tools[0]'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { diffPins, digest, parsePin, pinOf, serializePin } from '../../src/live/pin.js';

/** Two tools as a server sends them in tools/list. */
const TOOLS = [
  {
    name: 'write_file',
    title: 'Write file',
    description: 'Create or overwrite a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'read_file',
    description: 'Read a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    outputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    annotations: { openWorldHint: false, readOnlyHint: true },
  },
];

describe('pin files (mcp-tools.lock.json)', () => {
  it('records each tool by name, sorted: title and annotations as values, description and schemas as digests', () => {
    const pin = pinOf(TOOLS);
    expect(pin.tools.map((t) => t.name)).toEqual(['read_file', 'write_file']);
    expect(pin.tools[0]).toEqual({
      name: 'read_file',
      title: null,
      description: digest('Read a file.'),
      inputSchema: digest(TOOLS[1]!.inputSchema),
      outputSchema: digest(TOOLS[1]!.outputSchema),
      annotations: { openWorldHint: false, readOnlyHint: true },
    });
    expect(pin.tools[1]!.outputSchema).toBeNull();
    expect(digest('Read a file.')).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('is the same bytes whatever the order of tools and of keys the server sends', () => {
    const reordered = [
      { ...TOOLS[1], inputSchema: { properties: { path: { type: 'string' } }, type: 'object' }, annotations: { readOnlyHint: true, openWorldHint: false } },
      TOOLS[0],
    ];
    expect(serializePin(pinOf(reordered))).toBe(serializePin(pinOf(TOOLS)));
    expect(serializePin(pinOf(TOOLS)).endsWith('}\n')).toBe(true);
  });

  it('round-trips through its text, and says why a text is not a pin', () => {
    const pin = pinOf(TOOLS);
    expect(parsePin(serializePin(pin))).toEqual(pin);
    expect(parsePin(`\uFEFF${serializePin(pin)}`)).toEqual(pin);
    expect(parsePin('nope')).toEqual({ problem: expect.stringMatching(/^it is not JSON \(/) });
    expect(parsePin('nope\nmore')).toEqual({ problem: "it is not JSON (Unexpected token 'o')" });
    expect(parsePin('{"version": 2, "tools": []}')).toEqual({ problem: 'version: expected 1 (the only pin version this mcp-annotate-lint reads)' });
    expect(parsePin('{"version": 1, "tools": [{"name": 3}]}')).toEqual({ problem: expect.stringMatching(/^tools\.0\.name: /) });
  });

  it('lists every change, one line each: tools added and removed, description, schemas, title, each annotation', () => {
    const pinned = pinOf(TOOLS);
    expect(diffPins(pinned, pinOf(TOOLS))).toEqual([]);
    const changed = [
      { ...TOOLS[0], title: 'Write', description: 'Create, overwrite or append.', annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } },
      { ...TOOLS[1], outputSchema: undefined, inputSchema: { type: 'object', properties: { path: { type: 'string' }, encoding: { type: 'string' } } } },
      { name: 'delete_file', description: 'Delete a file.', inputSchema: { type: 'object' } },
    ];
    expect(diffPins(pinned, pinOf(changed))).toEqual([
      '+ "delete_file": added',
      '~ "read_file": inputSchema changed',
      '~ "read_file": outputSchema removed',
      '~ "write_file": title "Write file" → "Write"',
      '~ "write_file": description changed',
      '~ "write_file": annotations.destructiveHint: true → false',
      '~ "write_file": annotations.idempotentHint: true → absent',
    ]);
    expect(diffPins(pinned, pinOf([TOOLS[0]]))).toEqual(['- "read_file": removed']);
  });

  it('leaves out tools without a string name, and records inferred hints when given', () => {
    const pin = pinOf([...TOOLS, { name: 7 }, 'not a tool'], new Map([['read_file', { readOnly: true, destructive: null, idempotent: null, openWorld: false }]]));
    expect(pin.tools.map((t) => t.name)).toEqual(['read_file', 'write_file']);
    expect(pin.tools[0]!.inferred).toEqual({ readOnly: true, destructive: null, idempotent: null, openWorld: false });
    const changed = pinOf(TOOLS, new Map([['read_file', { readOnly: false, destructive: true, idempotent: true, openWorld: false }]]));
    expect(diffPins(pin, changed)).toEqual(['~ "read_file": inferred readOnly: true → false', '~ "read_file": inferred destructive: null → true', '~ "read_file": inferred idempotent: null → true']);
  });
});

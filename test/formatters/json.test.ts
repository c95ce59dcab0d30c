import { describe, expect, it } from 'vitest';
import { json, jsonChunks, toJsonReport } from '../../src/formatters/json.js';
import type { LintResult } from '../../src/model.js';
import { at, bareTool, finding, handMade, lintServer } from './golden.js';

/** What the JSON report always was: the report object, pretty-printed, and a newline. */
function whole(result: LintResult): string {
  return `${JSON.stringify(toJsonReport(result), null, 2)}\n`;
}

describe('json formatter, written in pieces', () => {
  it('gives the text of the whole report: the fixture server, and results of no tool, one tool and several', async () => {
    const server = await lintServer();
    const results = [
      server,
      handMade([], [finding('parse-error', 'error', 'Parsing error', at('a.ts', 1), null)]),
      handMade([bareTool('one', at('a.ts', 3))], []),
      handMade([bareTool('one', at('a.ts', 3)), bareTool('two', at('b.ts', 4)), bareTool('three', at('c.ts', 5))], [finding('missing-annotations', 'warning', 'm', at('a.ts', 3), 'one')], { suppressed: 2 }),
    ];
    for (const result of results) {
      const chunks = [...jsonChunks(result)];
      expect(chunks.join('')).toBe(whole(result));
      expect(json(result, { cwd: result.cwd, color: false })).toBe(whole(result));
      // One piece per tool, and the text around them.
      expect(chunks.length).toBe(result.tools.length === 0 ? 1 : result.tools.length + 2);
    }
  });

  it('is not misled by a string of the report that reads like its placeholder for the tools', () => {
    const result = handMade([bareTool('\0tools\0', at('a.ts', 3))], [finding('missing-annotations', 'warning', '\0tools\0', at('a.ts', 3), '\0tools\0')]);
    expect([...jsonChunks(result)].join('')).toBe(whole(result));
    expect(JSON.parse([...jsonChunks(result)].join('')).tools[0].name).toBe('\0tools\0');
  });
});

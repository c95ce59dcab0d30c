import { describe, expect, it } from 'vitest';
import { markdown } from '../../src/formatters/markdown.js';
import { SERVER, at, bareTool, expectGolden, finding, handMade, lintServer } from './golden.js';

describe('--format markdown', () => {
  it('summarises the run and tabulates the tools as the golden file', async () => {
    const out = markdown(await lintServer(), { cwd: SERVER, color: false });
    expectGolden(out, 'server.md');
    expect(out).toContain('1 error · 1 warning · 0 info · 3 tools checked in 1 file\n');
    expect(out).toContain('| `read_report` | `server.ts:17` | ✓ – – ✗ | ✗ ✓ ✓ ✗ | 1 error: [optimistic-read-only](https://github.com/mcp-annotate-lint/mcp-annotate-lint/blob/main/rules/optimistic-read-only.md) |');
    expect(out).toContain('| `list_reports` | `server.ts:40` | ✓ – – ✗ | ✓ ✗ ✓ ✗ | ok |');
    expect(out).not.toContain('suppressed');
  });

  it('escapes | and line breaks in cells, lists findings not tied to a tool, and counts what was suppressed or baselined', () => {
    const pipe = at('server.ts', 4, 3);
    const result = handMade(
      [bareTool('a|b', pipe), bareTool('`tick`', at('server.ts', 9, 3)), bareTool('two\nlines', at('server.ts', 12, 3))],
      [finding('missing-annotations', 'warning', 'w', pipe, 'a|b'), finding('parse-error', 'error', 'first | line\nsecond line', at('broken.ts', 2, 1), null)],
      { suppressed: 2, baselined: 1, unresolvedRegistrations: [{ location: at('tools.ts', 12), reason: 'never called' }] },
    );
    const out = markdown(result, { cwd: '/project', color: false });
    expect(out).toContain('1 error · 1 warning · 0 info · 3 tools checked in 1 file · 2 suppressed · 1 baselined\n');
    expect(out).toContain('| `a\\|b` | `server.ts:4` | none | ? ? ? ? | 1 warning: [missing-annotations](https://github.com/mcp-annotate-lint/mcp-annotate-lint/blob/main/rules/missing-annotations.md) |');
    expect(out).toContain('| `` `tick` `` | `server.ts:9` |');
    expect(out).toContain('| `two\\nlines` | `server.ts:12` |');
    // Every row of the table has its five cells: no pipe of a name splits one.
    const rows = out.split('\n').filter((l) => l.startsWith('|'));
    for (const row of rows) expect(row.split(/(?<!\\)\|/).length - 2).toBe(5);
    expect(out).toContain('### Findings not tied to a tool\n\n- **error** `broken.ts:2`: first \\| line\\\\nsecond line ([parse-error](https://github.com/mcp-annotate-lint/mcp-annotate-lint/blob/main/rules/parse-error.md))\n');
    expect(out).toContain('### Registrations not resolved to named tools\n\n- `tools.ts:12`: never called\n');
  });

  it('has no table when no tool was found', () => {
    const out = markdown(handMade([], []), { cwd: '/project', color: false });
    expect(out).toBe('## mcp-annotate-lint\n\n0 errors · 0 warnings · 0 info · 0 tools checked in 1 file\n');
  });
});

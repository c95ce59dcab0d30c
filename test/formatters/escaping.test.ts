import { describe, expect, it } from 'vitest';
import { FORMATTERS, toolsTable } from '../../src/formatters/index.js';
import { printable } from '../../src/printable.js';
import type { Effect } from '../../src/model.js';
import { at, bareTool, finding, handMade } from './golden.js';

/** A tool name that would clear the screen and forge a line of the report if printed raw. */
const EVIL = 'evil\u001b[2J\nline';
/** How every human format shows it. */
const SHOWN = 'evil\\u001b[2J\\nline';
/** Raw control characters (other than the line breaks a report is made of), C1 controls and bidi overrides. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A result whose tool name, file name, message, evidence and unresolved reason all carry control characters. */
function evilResult() {
  const where = at(`src/${EVIL}.ts`, 3, 5);
  const effect: Effect = {
    kind: 'fs.write', access: 'write', destructive: true, idempotent: true, openWorld: false, confidence: 'certain',
    sink: 'fs writeFile', description: 'writes a file', condition: `name === "${EVIL}"`, location: where, via: [{ callee: 'save\u202e', location: where }],
  };
  const f = { ...finding('optimistic-read-only', 'error', `"${EVIL}" declares readOnlyHint: true, but it writes a file`, where, EVIL), evidence: [effect] };
  return handMade([bareTool(EVIL, where)], [f, finding('parse-error', 'error', `Parsing error: ${EVIL}`, at('b.ts', 1), null)], {
    unresolvedRegistrations: [{ location: where, reason: `a loop over ${EVIL}` }],
  });
}

describe('control characters in human output', () => {
  it('printable writes C0 and C1 controls, DEL, line separators and bidi controls as visible escapes, and nothing else', () => {
    expect(printable(EVIL)).toBe(SHOWN);
    expect(printable('a\tb\r\n\u0000\u007f\u009b\u2028\u202e\u2066')).toBe('a\\tb\\r\\n\\u0000\\u007f\\u009b\\u2028\\u202e\\u2066');
    // The Arabic letter mark is a bidi formatting character too (second fresh-user trial).
    expect(printable('c\u061cd\u200ee')).toBe('c\\u061cd\\u200ee');
    expect(printable('plain — ünïcode \\ `x` | <b>')).toBe('plain — ünïcode \\ `x` | <b>');
  });

  for (const name of ['stylish', 'github', 'markdown'] as const) {
    it(`--format ${name} shows the name as escapes, never raw control characters`, () => {
      const out = FORMATTERS.get(name)!(evilResult(), { cwd: '/project', color: false });
      expect(out).not.toMatch(RAW_CONTROL);
      expect(out).toContain(SHOWN);
      // No line of the report starts with the forged text.
      expect(out.split('\n').some((l) => l.startsWith('line'))).toBe(false);
    });
  }

  it('--tools shows the name as escapes, also with colors on', () => {
    const out = toolsTable(evilResult(), { cwd: '/project', color: true });
    expect(out.replace(/\u001b\[\d+(;\d+)*m/g, '')).not.toMatch(RAW_CONTROL);
    expect(out).toContain(SHOWN);
    expect(out).not.toContain('\u001b[2J');
  });

  it('stylish with colors adds its own escape sequences only', () => {
    const out = FORMATTERS.get('stylish')!(evilResult(), { cwd: '/project', color: true });
    expect(out).not.toContain('\u001b[2J');
    expect(out).not.toContain('\u202e');
  });

  it('--format markdown escapes markup and HTML in quoted text, so a name cannot add a link, a tag or a cell', () => {
    const where = at('server.ts', 4);
    const result = handMade([], [finding('parse-error', 'error', 'a <img src=x onerror=alert(1)> [link](http://x) *b* `c` | d & e', where, null)]);
    const out = FORMATTERS.get('markdown')!(result, { cwd: '/project', color: false });
    expect(out).toContain('a \\<img src=x onerror=alert(1)\\> \\[link\\](http://x) \\*b\\* \\`c\\` \\| d \\& e');
  });

  for (const name of ['json', 'sarif'] as const) {
    it(`--format ${name} keeps the exact strings (JSON escapes the C0 controls)`, () => {
      const out = FORMATTERS.get(name)!(evilResult(), { cwd: '/project', color: false });
      expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
      expect(JSON.stringify(JSON.parse(out))).toContain(JSON.stringify(`"${EVIL}" declares readOnlyHint: true, but it writes a file`).slice(1, -1));
    });
  }
});

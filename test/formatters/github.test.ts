import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, github } from '../../src/formatters/github.js';
import { SERVER, at, expectGolden, finding, handMade, lintServer } from './golden.js';

describe('--format github', () => {
  it('writes one workflow command per finding, with its first piece of evidence, as the golden file', async () => {
    const out = github(await lintServer(), { cwd: SERVER, color: false });
    expectGolden(out, 'server.github.txt');
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^::error file=server\.ts,line=21,col=20,title=optimistic-read-only::"read_report" declares readOnlyHint: true, .*%0A↳ fs\/promises writeFile at store\.ts:6 via saveCopy \(server\.ts:25\)/);
    expect(lines[1]).toMatch(/^::warning file=server\.ts,line=31,col=3,title=missing-annotations::/);
  });

  it('escapes as the Actions toolkit does: %, CR and LF in the message; also : and , in properties; quoted line breaks are shown as \\n', () => {
    expect(escapeData('100% done\r\nnext: a,b')).toBe('100%25 done%0D%0Anext: a,b');
    expect(escapeProperty('C:\\a,b%\n')).toBe('C%3A\\a%2Cb%25%0A');
    const result = handMade([], [finding('parse-error', 'info', 'costs 100%: "a,b"\nsecond line', at('src/a,b:c.ts', 3, 7), null)]);
    expect(github(result, { cwd: '/project', color: false })).toBe('::notice file=src/a%2Cb%3Ac.ts,line=3,col=7,title=parse-error::costs 100%25: "a,b"\\nsecond line\n');
  });

  it('prints nothing when there is no finding', () => {
    expect(github(handMade([], []), { cwd: '/project', color: false })).toBe('');
  });
});

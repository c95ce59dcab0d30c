import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { json, jsonChunks, toJsonReport } from '../../src/formatters/json.js';
import type { LintResult } from '../../src/model.js';
import { at, bareTool, finding, handMade, lintServer, SERVER } from './golden.js';

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

  it('waits for a slow reader to drain its buffer, piece by piece, and writes the whole report', async () => {
    // A pipe whose reader lags: a small buffer, each write taken on a later turn. Every piece must arrive, in order.
    const chunks: string[] = [];
    let mostQueued = 0;
    const slow: Writable = new Writable({
      highWaterMark: 16,
      write: (chunk, _enc, done) => {
        mostQueued = Math.max(mostQueued, slow.writableLength);
        setImmediate(() => {
          chunks.push(String(chunk));
          done();
        });
      },
    });
    const errors = new Writable({ write: (_chunk, _enc, done) => done() });
    const code = await main(['--format', 'json', '--no-config', 'server.ts'], { stdout: slow, stderr: errors, env: {}, isTTY: false, cwd: SERVER });
    expect(code).toBe(1);
    expect(chunks.join('')).toBe(whole(await lintServer()));
    // Never more than one piece waiting on the reader, not the whole report.
    const pieces = [...jsonChunks(await lintServer())];
    expect(pieces.length).toBeGreaterThan(3);
    expect(mostQueued).toBeLessThanOrEqual(Math.max(...pieces.map((p) => Buffer.byteLength(p))));
  });

  it('stops writing when the reader goes away, and keeps the run\'s exit code (`| head`, `| true`)', async () => {
    let written = 0;
    const gone = new Writable({
      highWaterMark: 16,
      write: (_chunk, _enc, done) => {
        written++;
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    // The bin listens for the error and lets the run end; without a listener the stream would throw.
    gone.on('error', () => {});
    const errors = new Writable({ write: (_chunk, _enc, done) => done() });
    const code = await main(['--format', 'json', '--no-config', 'server.ts'], { stdout: gone, stderr: errors, env: {}, isTTY: false, cwd: SERVER });
    expect(code).toBe(1);
    expect(written).toBe(1);
  });
});

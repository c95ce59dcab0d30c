import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/index.js';

/**
 * duplicate-tool-name by whether two registrations of one name can both run (issue 14): exclusive
 * branches (`if`/`else`, `? :`, `case`s ending in `break`, an early `return`, functions called
 * from such branches) are no duplicates; registrations that always both run are an error; when the
 * linter cannot tell (independent conditions, a fall-through, entry points that do not import one
 * another) a warning says why.
 */
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'duplicates');

describe('duplicate registrations by whether both run', () => {
  it('reports only registrations that can both run, as an error when they surely do, else a warning that says why', async () => {
    const result = await lint({ paths: ['.'], cwd: FIXTURE });
    // Every registration is a tool, each with its annotations.
    expect(result.tools.map((t) => t.name)).toEqual([
      'debug',
      'search', 'search', 'export', 'export', 'save', 'save', 'save', 'purge', 'purge', 'fetch', 'fetch', 'status', 'status', 'sync', 'sync', 'ping', 'ping',
      'debug',
    ]);
    for (const tool of result.tools) {
      expect(Object.fromEntries(Object.entries(tool.annotations!.properties).map(([k, h]) => [k, h.value]))).toEqual({ readOnlyHint: true, openWorldHint: false });
    }
    const findings = result.findings
      .filter((f) => f.ruleId === 'duplicate-tool-name')
      .map((f) => `${f.severity} ${path.basename(f.location.file)}:${f.location.line} ${f.message}`);
    expect(findings).toEqual([
      'warning server.ts:35 "purge" may be registered twice on the same server: the first registration is at server.ts:32:25, and whether both run is unknown (the first runs when `process.env.LEVEL === "admin"`, and this one then runs too)',
      'warning server.ts:61 "sync" may be registered twice on the same server: the first registration is at server.ts:60:45, and whether both run is unknown (the first runs when `process.env.SYNC_A`, this one when `process.env.SYNC_B`)',
      'error server.ts:65 "ping" is registered again on the same server; the first registration is at server.ts:64:21',
      'warning stdio.ts:4 "debug" may be registered twice on the same server: the first registration is at http.ts:4:21, and whether both run is unknown (http.ts and stdio.ts do not import one another, and may be different entry points)',
    ]);
  });
});

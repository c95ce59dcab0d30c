import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toSubmissionReport } from '../../src/formatters/submission.js';
import { lint } from '../../src/index.js';
import { SERVER_HEADER, writeProject } from '../helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('--format submission (issue 17)', () => {
  it('gives every hint the code supports with one sentence naming the evidence', async () => {
    const report = toSubmissionReport(await lint({ paths: ['examples/notes-server'], cwd: ROOT }));
    const save = report.tools.find((t) => t.name === 'save_note')!;
    expect(save).toMatchObject({
      title: 'Save a note',
      verified: true,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
      declared: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      differs: ['destructiveHint', 'idempotentHint'],
    });
    expect(save.justifications).toEqual({
      readOnlyHint: 'readOnlyHint: false: writes a file (overwrites it if it exists): fs/promises writeFile at examples/notes-server/src/store.ts:31 via saveNote (and 2 more effects)',
      destructiveHint: 'destructiveHint: true: writes a file (overwrites it if it exists): fs/promises writeFile at examples/notes-server/src/store.ts:31 via saveNote',
      idempotentHint: 'idempotentHint: false: each call appends to a file: fs/promises appendFile at examples/notes-server/src/store.ts:16 via saveNote → journal',
      openWorldHint: 'openWorldHint: false: it stays in its process and local files: no network request, database server or other program found',
    });
    const list = report.tools.find((t) => t.name === 'list_notes')!;
    expect(list.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(list.justifications.readOnlyHint).toBe('readOnlyHint: true: it only reads: lists a directory: fs/promises readdir at examples/notes-server/src/store.ts:20 via listNotes');
    expect(list.differs).toEqual([]);
  });

  it('leaves a hint that rests only on likely evidence open, and marks the tool unverified', async () => {
    const report = toSubmissionReport(await lint({ paths: ['examples/notes-server'], cwd: ROOT }));
    const share = report.tools.find((t) => t.name === 'share_note')!;
    expect(share.verified).toBe(false);
    expect(share.unverified).toMatch(/^it makes an HTTP request \(POST to \/api\/pastes.*judged only from a name or a request the linter cannot read$/);
    expect(share.annotations).toEqual({ readOnlyHint: false, destructiveHint: null, idempotentHint: false, openWorldHint: true });
    expect(share.justifications.destructiveHint).toMatch(/^destructiveHint: unverified: it rests on likely evidence: makes an HTTP request \(POST/);
    // A certain effect beside the likely one decides readOnlyHint, and the sentence names it.
    expect(share.justifications.readOnlyHint).toMatch(/^readOnlyHint: false: increments server state `stats`/);
  });

  it('gives no value to hints that rest on a call the linter cannot see into, and says which call', async () => {
    const dir = writeProject({ 'server.ts': `${SERVER_HEADER}declare function mystery(): Promise<void>;\nserver.registerTool("run", { annotations: { readOnlyHint: true } }, async () => { await mystery(); return { content: [] }; });\n` });
    const [run] = toSubmissionReport(await lint({ paths: ['.'], cwd: dir })).tools;
    expect(run!.verified).toBe(false);
    expect(run!.annotations).toEqual({ readOnlyHint: null, destructiveHint: null, idempotentHint: null, openWorldHint: null });
    expect(run!.unverified).toMatch(/^it calls mystery\(\) at server\.ts:5, which the linter cannot see into/);
    expect(run!.justifications.readOnlyHint).toMatch(/^readOnlyHint: unverified: it calls mystery\(\) at server\.ts:5/);
  });

  it('is a formatter of --format', async () => {
    const { FORMATTERS } = await import('../../src/formatters/index.js');
    const result = await lint({ paths: ['examples/notes-server'], cwd: ROOT });
    expect(JSON.parse(FORMATTERS.get('submission')!(result, { cwd: ROOT, color: false }))).toEqual(JSON.parse(JSON.stringify(toSubmissionReport(result))));
  });
});

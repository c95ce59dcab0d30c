import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

describe('a relative import whose file does not exist', () => {
  it('leaves the calls through it unresolved instead of judging them by their names as a package API (second fresh-user trial)', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { readNote, deleteNote } from "./store.js";
server.registerTool("read_note", { description: "d", inputSchema: {}, annotations: { readOnlyHint: true } }, async () => {
  await readNote("x");
  await deleteNote("x");
  return { content: [] };
});
`,
    });
    const read = tool(result, 'read_note');
    expect(read.effects!.effects).toEqual([]);
    expect(read.effects!.unresolved.map((u) => u.reason)).toEqual([
      './store.js readNote: the module ./store.js cannot be found (a file missing or not built?)',
      './store.js deleteNote: the module ./store.js cannot be found (a file missing or not built?)',
    ]);
    expect(read.inferred).toMatchObject({ readOnly: null });
  });
});

import { describe, expect, it } from 'vitest';
import { foundIn } from './catalog-helpers.js';
import { SERVER_HEADER, lintFiles } from '../helpers.js';

describe('release is not destruction (issue 15): freeing an in-memory handle is no effect', () => {
  it('drops destroy/close/abort/stop of documents, pools, controllers, streams, pages and spinners, and listener (un)registration', async () => {
    const r = await foundIn(
      `import { getDocument } from "pdf-lib-like";\nimport Tinypool from "tinypool-like";\nimport ora from "ora-like";\ndeclare const page: { close(): Promise<void> };`,
      `  const pdfDoc = await getDocument(args.data).promise; const text = await pdfDoc.getTextContent(); pdfDoc.destroy();
  const pool = new Tinypool({ filename: "w.js" }); await pool.destroy();
  const controller = new AbortController(); setTimeout(() => controller.abort(), 1000);
  args.signal.addEventListener("abort", () => {}); args.signal.removeEventListener("abort", () => {});
  const spinner = ora({ text: "working" }); spinner.stop();
  const stream = args.source.pipe(args.sink); stream.destroy(new Error("stop"));
  await page.close();`,
    );
    // What remains is what the libraries were asked to do (read by the names of their calls), not the releases.
    expect(r.rows).toEqual([
      'pdf-lib-like getDocument | api read d=null i=null open=false likely',
      'pdf-lib-like getDocument().promise.getTextContent | api read d=null i=null open=false likely',
    ]);
    expect(r.unresolved).toEqual(['calls tinypool-like, which the sink catalog does not model', 'calls ora-like, which the sink catalog does not model']);
  });

  it('keeps the destruction of records and remote resources: an ORM record, a container, a remote run, fs.rm', async () => {
    const r = await foundIn(
      `import { rm } from "node:fs/promises";\nimport Docker from "dockerode-like";\nimport { ApifyClient } from "apify-client-like";\ndeclare const User: { findByPk(id: string): Promise<{ destroy(): Promise<void> }> };\ndeclare const db: { dropTable(name: string): Promise<void> };`,
      `  const user = await User.findByPk(args.id); await user.destroy();
  await new Docker().getContainer(args.id).stop();
  const runClient = new ApifyClient({}).run(args.run); await runClient.abort();
  await rm(args.path, { recursive: true }); await db.dropTable(args.table);`,
    );
    expect(r.rows).toEqual([
      'User.findByPk | api read d=null i=null open=false likely',
      'user.destroy | api write d=true i=true open=false likely',
      'dockerode-like new().getContainer().stop | api write d=true i=true open=false likely',
      'dockerode-like new().getContainer | api read d=null i=null open=false likely',
      // `abort` of a remote run is not taken for a release: a method of a service's client, it
      // reaches the service and stops the run (api-verbs.ts: destructive, and a repeat stops
      // nothing more); `run(id)`, whose result is kept in a variable rather than called on at once,
      // reaches it with an effect its name does not tell (service-clients.ts).
      'apify-client-like ApifyClient.new().run | api unknown d=null i=null open=true likely',
      'apify-client-like ApifyClient.new().run().abort | api write d=true i=true open=true likely',
      'fs/promises rm | fs.delete write d=true i=true open=false certain',
      'db.dropTable | api write d=true i=true open=false likely',
    ]);
  });

  it('reads a question about a change as a read (`isCancel`), not the change', async () => {
    const r = await foundIn(`import * as prompts from "prompts-like";`, `  const answer = await prompts.text({ message: "name?" }); if (prompts.isCancel(answer)) return { content: [] };`);
    expect(r.rows).toEqual(['prompts-like isCancel | api read d=null i=null open=false likely']);
  });

  it('reports no write for a read-only tool that frees the document it parsed; a tool that deletes a file still gets its error', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}import { readFile, rm } from "node:fs/promises";
import { getDocument } from "pdf-lib-like";
server.registerTool("read_pdf", { description: "d", inputSchema: {}, annotations: { readOnlyHint: true, openWorldHint: false } }, async (args: any) => {
  const data = await readFile(args.path);
  const doc = await getDocument({ data }).promise;
  try { return { content: [{ type: "text", text: String(doc.numPages) }] }; } finally { await doc.destroy(); }
});
server.registerTool("remove_pdf", { description: "d", inputSchema: {}, annotations: { destructiveHint: false, openWorldHint: false } }, async (args: any) => {
  await rm(args.path);
  return { content: [] };
});
`,
    });
    expect(result.findings.filter((f) => f.ruleId.startsWith('optimistic-')).map((f) => `${f.tool} ${f.ruleId} ${f.severity}`)).toEqual(['remove_pdf optimistic-non-destructive error']);
  });
});

import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A PATCH is judged by the operation of the function that picks it (issue 15, kind 4: "judge a
 * request by what it says it does ... the SDK method"): RFC 5789 leaves a PATCH's idempotence to its
 * document, and an API client's `update`, `delete` (a soft delete) or `archive` says a repeat
 * changes nothing more. A name never makes the PATCH less destructive (an "append" may send the
 * whole list), and a transport helper handed the method (`send`) names no operation. Shaped after an
 * analytics product's REST client (soft deletes by `PATCH {deleted: true}`), written for this test.
 */
const SERVER = `${SERVER_HEADER}class Dashboards {
  constructor(private readonly base: string) {}
  private async send(path: string, init: { method: string; body?: unknown }) {
    const res = await fetch(\`\${this.base}\${path}\`, { method: init.method, body: JSON.stringify(init.body) });
    return res.json();
  }
  async update(id: number, data: { name?: string }) {
    return this.send(\`/dashboards/\${id}/\`, { method: "PATCH", body: data });
  }
  async delete(id: number) {
    const res = await fetch(\`\${this.base}/dashboards/\${id}/\`, { method: "PATCH", body: JSON.stringify({ deleted: true }) });
    return res.ok;
  }
  async archive(id: number) {
    return this.send(\`/dashboards/\${id}/\`, { method: "PATCH", body: { archived: true } });
  }
  async appendTiles(id: number, tiles: unknown[]) {
    return this.send(\`/dashboards/\${id}/\`, { method: "PATCH", body: { tiles } });
  }
}
const api = new Dashboards("https://app.example.com/api");
server.registerTool("dashboard-update", { description: "d" }, async (args: { id: number; name: string }) => ({ content: [{ type: "text", text: JSON.stringify(await api.update(args.id, { name: args.name })) }] }));
server.registerTool("dashboard-delete", { description: "d" }, async (args: { id: number }) => ({ content: [{ type: "text", text: String(await api.delete(args.id)) }] }));
server.registerTool("dashboard-archive", { description: "d" }, async (args: { id: number }) => ({ content: [{ type: "text", text: String(await api.archive(args.id)) }] }));
server.registerTool("dashboard-append", { description: "d" }, async (args: { id: number }) => ({ content: [{ type: "text", text: String(await api.appendTiles(args.id, [])) }] }));
`;

describe('a PATCH sent for a named operation', () => {
  it('takes the idempotence of update, delete and archive, nothing from an additive name or a transport helper, and never less destructiveness', async () => {
    const result = await lintFiles({ 'server.ts': SERVER });
    const rows = (name: string) => {
      const t = tool(result, name);
      return [t.effects!.effects.map((e) => `d=${e.destructive} i=${e.idempotent}: ${e.description}`), t.inferred.destructive, t.inferred.idempotent];
    };
    expect(rows('dashboard-update')).toEqual([['d=true i=true: makes an HTTP request (PATCH) for `update` (`update`: changes existing data to the values given)'], true, true]);
    expect(rows('dashboard-delete')).toEqual([['d=true i=true: makes an HTTP request (PATCH) for `delete` (`delete`: deletes data)'], true, true]);
    expect(rows('dashboard-archive')).toEqual([['d=true i=true: makes an HTTP request (PATCH) for `archive` (`archive`: sets or clears a reversible flag)'], true, true]);
    expect(rows('dashboard-append')).toEqual([['d=true i=null: makes an HTTP request (PATCH)'], true, null]);
  });
});

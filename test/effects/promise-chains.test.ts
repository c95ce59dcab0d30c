import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A promise chain kept to order work (issue 15, kind 2: state no later call can see): each read
 * or write waits for the previous one (`this.chain = r.then(() => {}, () => {})`). The chain
 * resolves to nothing, so what a later call gets from it is only "the last one finished". A chain
 * that carries data (`this.notes = this.notes.then((n) => [...n, note])`) is a store. Shape
 * written for this test after a configuration manager that queues its writes.
 */

/** The state writes of tool `show_config` when the reader's chain is advanced with `advance`. */
async function stateWrites(advance: string, read = 'return r;'): Promise<string[]> {
  const source = `${SERVER_HEADER}import { readFile } from "node:fs/promises";
class Reader {
  chain: Promise<unknown> = Promise.resolve();
  read(path: string): Promise<string> {
    const r = this.chain.then(() => readFile(path, "utf8"));
    this.chain = ${advance};
    ${read}
  }
  async last(): Promise<unknown> {
    return await this.chain;
  }
}
const reader = new Reader();
server.registerTool("show_config", { description: "d", annotations: { readOnlyHint: true } }, async () => ({
  content: [{ type: "text", text: String(await reader.read("config.json")) + String(await reader.last()) }],
}));
`;
  const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
  return (tool(result, 'show_config').effects?.effects ?? []).filter((e) => e.kind === 'state.write').map((e) => e.description);
}

describe('a promise chain that only orders work', () => {
  it('is no modification when it resolves to nothing', async () => {
    expect(await stateWrites('r.then(() => {}, () => {})')).toEqual([]);
    expect(await stateWrites('r.then(() => undefined).finally(() => {})')).toEqual([]);
  });

  it('is a write when it carries a value later calls get', async () => {
    expect(await stateWrites('r.then((text) => text.length)')).toHaveLength(1);
  });
});

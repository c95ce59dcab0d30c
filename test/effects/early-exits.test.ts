import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Code after a branch that always leaves does not run for a caller whose options take that
 * branch: `if (!opts.paginate) { ...; try { return JSON.parse(text); } catch { return text; } }`
 * leaves both ways, so a tool that passes `{}` never reaches the pagination loop below it (and its
 * writes). Shape written for this test after an API helper of a published server whose simple
 * GET tools were reported writing what only the paginated path writes.
 */

const HELPER = `import { appendFile } from "node:fs/promises";
const BASE = "https://api.example.com";
async function api(path: string, opts: { paginate?: boolean } = {}) {
  if (!opts.paginate) {
    const text = await (await fetch(BASE + path)).text();
    try {
      return JSON.parse(text);
    } catch (error) {
      return text;
    }
  }
  const pages: unknown[] = [];
  const response = await fetch(BASE + path + "?page=1");
  await appendFile("/srv/pages.jsonl", await response.text());
  return pages;
}
`;

/** The file writes of each tool. */
async function writesOf(calls: Record<string, string>): Promise<Record<string, string[]>> {
  const tools = Object.entries(calls).map(([name, call]) => `server.registerTool("${name}", { description: "d", annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: "text", text: JSON.stringify(await ${call}) }] }));`).join('\n');
  const result = await lintFiles({ 'server.ts': `${SERVER_HEADER}${HELPER}${tools}\n` }, ['server.ts']);
  return Object.fromEntries(Object.keys(calls).map((name) => [name, (tool(result, name).effects?.effects ?? []).filter((e) => e.kind === 'fs.write').map((e) => e.sink)]));
}

describe('a branch that leaves through try and catch alike', () => {
  it('hides what follows it from a caller that takes it, not from one that does not', async () => {
    expect(await writesOf({ get_user: 'api("/user", {})', list_sites: 'api("/sites", { paginate: true })' })).toEqual({ get_user: [], list_sites: ['fs/promises appendFile'] });
  });
});

describe('code for a development run only', () => {
  it('is not what the server does for its users: a debug dump under NODE_ENV === "development" is no write; one under !== "production" is', async () => {
    const source = `${SERVER_HEADER}import { existsSync, mkdirSync, writeFileSync } from "node:fs";
function devDump(name: string, data: unknown) {
  if (process.env.NODE_ENV === "development") {
    if (!existsSync("logs")) mkdirSync("logs", { recursive: true });
    writeFileSync(\`logs/\${name}\`, JSON.stringify(data));
  }
}
function dump(name: string, data: unknown) {
  if (process.env.NODE_ENV !== "production") writeFileSync(\`out/\${name}\`, JSON.stringify(data));
}
server.registerTool("get_data", { description: "d", annotations: { readOnlyHint: true } }, async ({ id }: { id: string }) => {
  const data = await (await fetch(\`https://api.example.com/files/\${id}\`)).json();
  devDump("raw.json", data);
  return { content: [{ type: "text", text: JSON.stringify(data) }] };
});
server.registerTool("get_other", { description: "d", annotations: { readOnlyHint: true } }, async ({ id }: { id: string }) => {
  const data = await (await fetch(\`https://api.example.com/other/\${id}\`)).json();
  dump("other.json", data);
  return { content: [{ type: "text", text: JSON.stringify(data) }] };
});
`;
    const result = await lintFiles({ 'server.ts': source }, ['server.ts']);
    const writes = (name: string) => (tool(result, name).effects?.effects ?? []).filter((e) => e.kind === 'fs.write').map((e) => e.sink);
    expect(writes('get_data')).toEqual([]);
    expect(writes('get_other')).toEqual(['fs writeFileSync']);
  });
});

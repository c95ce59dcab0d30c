import { describe, expect, it } from 'vitest';
import rule from '../../rules/duplicate-tool-name.js';
import { lintFiles, SERVER_HEADER } from '../helpers.js';
import { factsOf, reportsOf } from './tester.js';

describe('duplicate-tool-name', () => {
  it('reports the later registration of a name, and only when discovery marked it', () => {
    expect(reportsOf(rule, { declared: { readOnlyHint: true } })).toEqual([]);
    const facts = factsOf({ declared: null });
    const out: string[] = [];
    rule.check({ tool: { ...facts, duplicateOf: { file: '/p/server.ts', line: 3, column: 1 } }, report: (r) => out.push(r.messageId) });
    rule.check({ tool: { ...facts, maybeDuplicateOf: { location: { file: '/p/server.ts', line: 3, column: 1 }, why: 'they run under different conditions' } }, report: (r) => out.push(`${r.messageId} ${r.confidence}`) });
    expect(out).toEqual(['duplicate', 'maybeDuplicate likely']);
  });

  it('marks a second registration on the same server, across files, wrappers and low-level tools/list', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}export { server };
server.registerTool("a", { description: "d" }, async () => ({ content: [] }));
function define(s: McpServer, name: string) { s.registerTool(name, { description: "d" }, async () => ({ content: [] })); }
define(server, "b");
define(server, "b");
if (process.env.X) server.registerTool("c", { description: "d" }, async () => ({ content: [] }));
else server.registerTool("c", { description: "d" }, async () => ({ content: [] }));
const other = new McpServer({ name: "o", version: "1" });
other.registerTool("a", { description: "d" }, async () => ({ content: [] }));
function registerAll(s: McpServer, mode: string) { s.registerTool("f", { description: mode }, async () => ({ content: [] })); }
function makeServer(mode: string) { const made = new McpServer({ name: mode, version: "1" }); registerAll(made, mode); return made; }
makeServer("stdio");
makeServer("http");
`,
      'more.ts': `import { server } from "./server.js";\nserver.registerTool("a", { description: "d" }, async () => ({ content: [] }));\n`,
      'low.ts': `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const low = new Server({ name: "l", version: "1" }, { capabilities: { tools: {} } });
low.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "x", inputSchema: { type: "object" } }, { name: "x", inputSchema: { type: "object" } }] }));
`,
    });
    const dupes = result.findings.filter((f) => f.ruleId === 'duplicate-tool-name').map((f) => `${f.tool}@${f.location.file.split('/').pop()}:${f.location.line}`);
    // "a" on `other` is another server; the two "c" are in exclusive branches.
    // A factory makes a new server per call: its tools are no duplicates, and read as one tool each.
    expect(result.tools.filter((t) => t.name === 'f')).toHaveLength(1);
    // Of two files, the later in path order carries the finding.
    expect(dupes.sort()).toEqual(['a@server.ts:5', 'b@server.ts:8', 'x@low.ts:4']);
  });
});

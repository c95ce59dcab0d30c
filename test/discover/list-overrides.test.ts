import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/index.js';

/**
 * A tools/list handler set on an McpServer's inner server (`mcp.server.setRequestHandler(
 * ListToolsRequestSchema, ...)`) on an McpServer that also registers tools (issue 14): one tool
 * per name, with the listed annotations (what clients see) and the registered callback (what runs).
 */
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'list-override');

describe('tools/list overrides on an McpServer', () => {
  it('merges the override with the registrations, one tool per name', async () => {
    const result = await lint({ paths: ['server.ts'], cwd: FIXTURE });
    const tools = result.tools.map((t) => ({
      name: t.name,
      line: t.location.line,
      registration: t.registration,
      annotations: t.annotations && Object.fromEntries(Object.entries(t.annotations.properties).map(([k, h]) => [k, h.value])),
      handler: t.handler?.line,
      unresolved: t.unresolved.map((u) => u.reason),
    }));
    expect(tools).toEqual([
      { name: 'plain', line: 19, registration: 'registerTool', annotations: null, handler: 19, unresolved: [] },
      { name: 'read_note', line: 23, registration: 'tools/list over registerTool', annotations: { readOnlyHint: true, openWorldHint: false }, handler: 9, unresolved: [] },
      { name: 'save_note', line: 24, registration: 'tools/list over registerTool', annotations: { readOnlyHint: true, openWorldHint: false }, handler: 14, unresolved: [] },
    ]);
    // The listed readOnlyHint is judged against the registered callback, which writes.
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId} ${f.tool}`)).toEqual(['optimistic-read-only save_note']);
    expect(result.findings.filter((f) => f.ruleId === 'duplicate-tool-name')).toEqual([]);
  });
});

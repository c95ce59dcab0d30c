import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTools, type ListedTools } from '../../src/live/list-tools.js';
import type { LiveTarget } from '../../src/live/target.js';
import { httpTarget, serverEntry, startEverything, strays } from './helpers.js';

/**
 * The official servers, pinned devDependencies, as live mode sees them: spawned over stdio with
 * this node and their dist entry, and server-everything over Streamable HTTP and HTTP+SSE.
 */

const ALL_HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];

/** What server-everything advertises to a client that declares no capabilities (sampling, elicitation and roots tools stay hidden). */
const EVERYTHING_TOOLS = [
  'echo',
  'get-annotated-message',
  'get-env',
  'get-resource-links',
  'get-resource-reference',
  'get-structured-content',
  'get-sum',
  'get-tiny-image',
  'gzip-file-as-resource',
  'toggle-simulated-logging',
  'toggle-subscriber-updates',
  'trigger-long-running-operation',
  'simulate-research-query',
];

const temp = mkdtempSync(path.join(tmpdir(), 'mcp-annotate-lint-live-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

type Tool = { name: string; title?: string; annotations?: Record<string, unknown> };
type Listed = Omit<ListedTools, 'tools'> & { tools: Tool[] };

/** Lists `target`'s tools, logs how long it took, and checks that no process of it is left. */
async function timedList(label: string, target: LiveTarget, keep: number[] = []): Promise<Listed> {
  const started = performance.now();
  const listed = await listTools(target);
  console.log(`${label}: ${listed.tools.length} tools in ${(performance.now() - started).toFixed(0)} ms`);
  expect(strays(undefined, keep)).toEqual([]);
  return listed as Listed;
}

function names(listed: Listed): string[] {
  return listed.tools.map((t) => t.name);
}

describe('official servers over stdio', () => {
  it('server-everything: its tools, each with its title and annotations as sent', async () => {
    const listed = await timedList('server-everything (stdio)', { kind: 'stdio', command: process.execPath, args: [serverEntry('server-everything')] });
    expect(listed).toMatchObject({ server: { name: 'mcp-servers/everything', title: 'Everything Reference Server' }, protocolVersion: '2025-11-25', transport: 'stdio', pages: 1 });
    expect(names(listed)).toEqual(EVERYTHING_TOOLS);
    const echo = listed.tools.find((t) => t.name === 'echo')!;
    expect(echo.title).toBe('Echo Tool');
    expect(echo.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    for (const tool of listed.tools) expect(Object.keys(tool.annotations ?? {}).sort()).toEqual([...ALL_HINTS].sort());
  });

  it('server-filesystem with a fresh temp folder as its root: 14 tools', async () => {
    const root = mkdtempSync(path.join(temp, 'root-'));
    const listed = await timedList('server-filesystem (stdio)', { kind: 'stdio', command: process.execPath, args: [serverEntry('server-filesystem'), root] });
    expect(listed.server.name).toBe('secure-filesystem-server');
    expect(listed.tools).toHaveLength(14);
    expect(listed.tools.find((t) => t.name === 'write_file')!.annotations).toEqual({ readOnlyHint: false, idempotentHint: true, destructiveHint: true, openWorldHint: false });
    expect(listed.tools.find((t) => t.name === 'read_file')!.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
  });

  it('server-memory with MEMORY_FILE_PATH in a temp folder: 9 tools', async () => {
    const target: LiveTarget = { kind: 'stdio', command: process.execPath, args: [serverEntry('server-memory')], env: { MEMORY_FILE_PATH: path.join(temp, 'memory.jsonl') } };
    const listed = await timedList('server-memory (stdio)', target);
    expect(listed.server.name).toBe('memory-server');
    expect(names(listed)).toEqual(['create_entities', 'create_relations', 'add_observations', 'delete_entities', 'delete_observations', 'delete_relations', 'read_graph', 'search_nodes', 'open_nodes']);
    expect(listed.tools.find((t) => t.name === 'delete_entities')!.annotations).toMatchObject({ destructiveHint: true });
  });
});

describe('server-everything over HTTP on 127.0.0.1', () => {
  let servers: Awaited<ReturnType<typeof startEverything>>[] = [];
  beforeAll(async () => {
    servers = await Promise.all([startEverything('streamableHttp'), startEverything('sse')]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  it('Streamable HTTP at /mcp: the same tools as over stdio', async () => {
    const [streamable] = servers;
    const listed = await timedList('server-everything (Streamable HTTP)', httpTarget(`http://127.0.0.1:${streamable!.port}/mcp`), servers.map((s) => s.child.pid!));
    expect(listed).toMatchObject({ server: { name: 'mcp-servers/everything' }, protocolVersion: '2025-11-25', transport: 'streamable-http', pages: 1 });
    expect(names(listed)).toEqual(EVERYTHING_TOOLS);
  });

  it('the older HTTP+SSE transport at /sse: the POST gets a 404, the client falls back to SSE', async () => {
    const [, sse] = servers;
    const listed = await timedList('server-everything (HTTP+SSE fallback)', httpTarget(`http://127.0.0.1:${sse!.port}/sse`), servers.map((s) => s.child.pid!));
    expect(listed.transport).toBe('sse');
    expect(names(listed)).toEqual(EVERYTHING_TOOLS);
  });
});

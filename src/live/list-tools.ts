import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { UsageError } from '../errors.js';
import { PACKAGE } from '../package-info.js';
import { liveError, liveLine, oneLine, requestFailure } from './errors.js';
import { olderServerStatus, openHttp } from './http.js';
import { memberSegment } from './facts.js';
import { LinkBroken, type Link, type LiveTransport } from './link.js';
import { MAX_NESTING, tooDeep } from './nesting.js';
import { openStdio } from './stdio.js';
import type { LiveTarget } from './target.js';

/** Limits of one `listTools` run. */
export interface ListToolsOptions {
  /**
   * Milliseconds to wait for connecting and initializing, and again for each request (the SDK's
   * `RequestOptions.timeout`). Default 30 000.
   */
  timeoutMs?: number;
  /** The most tools/list pages read before the listing counts as endless. Default 1000. */
  maxPages?: number;
}

/** What a server advertises, as it sent it. */
export interface ListedTools {
  /** The server's `serverInfo` from its initialize result. */
  server: { name: string; version: string; title?: string };
  /** The protocol version agreed on in initialize (`2025-11-25`). */
  protocolVersion: string;
  /** How the server was reached: `streamable-http`, or `sse` when it answered as an older HTTP+SSE server. */
  transport: LiveTransport;
  /**
   * Every tool of every page, in order, each object exactly as the server sent it: not checked
   * against the SDK's Tool schema, so that malformed annotations reach the rules that report them.
   */
  tools: unknown[];
  /** How many tools/list pages the listing took. */
  pages: number;
  /**
   * What the server did that the listing put up with (lines on stdout that are not JSON-RPC), each
   * one line naming the target, secrets blanked and control characters escaped; to show as warnings.
   */
  warnings: string[];
}

/**
 * A tools/list result read as permissively as the rest of live mode needs: a `tools` array of
 * anything, an optional string `nextCursor`, other members kept.
 */
const ToolsPage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

/** A connected client and what initialize told it. */
interface Session {
  client: Client;
  link: Link;
  protocolVersion: string;
}

/** `step`, failing instead as soon as `link` breaks, or with a request timeout after `deadlineMs` if given. */
async function guarded<T>(link: Link, step: Promise<T>, deadlineMs?: number): Promise<T> {
  step.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const deadline =
    deadlineMs === undefined
      ? []
      : [new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new McpError(ErrorCode.RequestTimeout, 'Request timed out')), deadlineMs)))];
  try {
    return await Promise.race([step, link.broken, ...deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The UsageError for `error`, thrown by `request` over `link`: how the link broke, else the
 * link's own words (a server that exited, an HTTP status), else the words every transport
 * shares (a timeout, an error answer, a malformed result), else the error's own first line.
 */
async function failure(target: LiveTarget, link: Link, error: unknown, request: string, timeoutMs: number): Promise<UsageError> {
  if (error instanceof UsageError) return error;
  const what =
    (error instanceof LinkBroken ? error.message : undefined) ??
    (await link.explain(error, request)) ??
    requestFailure(error, request, timeoutMs) ??
    `${request} failed: ${oneLine(error instanceof Error ? error.message : String(error))}`;
  return liveError(target, what);
}

/**
 * Connects a new client over `link` and initializes, within `timeoutMs` in all. On failure closes
 * the link and throws the UsageError that says why, unless `fallback` takes the client's error.
 */
async function connectOver(
  target: LiveTarget,
  link: Link,
  timeoutMs: number,
  fallback?: (error: unknown) => Promise<Session> | undefined,
): Promise<Session> {
  const client = new Client({ name: 'mcp-annotate-lint', version: PACKAGE.version });
  const session = { client, link, protocolVersion: '' };
  const setProtocolVersion = link.transport.setProtocolVersion?.bind(link.transport);
  link.transport.setProtocolVersion = (version) => {
    session.protocolVersion = version;
    setProtocolVersion?.(version);
  };
  try {
    await guarded(link, client.connect(link.transport, { timeout: timeoutMs }), timeoutMs);
    return session;
  } catch (error) {
    const explained = await failure(target, link, error, 'initialize', timeoutMs);
    await link.close(client);
    const next = fallback?.(error);
    if (next !== undefined) return next;
    throw explained;
  }
}

/** Connects to `target`: over stdio, or over Streamable HTTP falling back to HTTP+SSE on a 400, 404 or 405. */
async function connect(target: LiveTarget, timeoutMs: number): Promise<Session> {
  if (target.kind === 'stdio') return connectOver(target, openStdio(target), timeoutMs);
  return connectOver(target, openHttp(target, 'streamable-http', timeoutMs), timeoutMs, (error) => {
    const refused = olderServerStatus(error);
    return refused === undefined ? undefined : connectOver(target, openHttp(target, 'sse', timeoutMs, refused), timeoutMs);
  });
}

/** `"abc"`, at most 40 characters of it. */
function quotedCursor(cursor: string): string {
  return JSON.stringify(oneLine(cursor, 40));
}

/** Every page of tools/list, following `nextCursor` (MCP spec 2025-11-25, Server › Utilities › Pagination). */
async function readAllPages(target: LiveTarget, session: Session, timeoutMs: number, maxPages: number): Promise<{ tools: unknown[]; pages: number }> {
  const tools: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    if (pages >= maxPages) throw liveError(target, `tools/list did not end within ${maxPages} pages (each gave a nextCursor)`);
    const request = pages === 0 ? 'tools/list' : `tools/list (page ${pages + 1})`;
    const params = cursor === undefined ? {} : { cursor };
    let page: z.infer<typeof ToolsPage>;
    try {
      page = await guarded(session.link, session.client.request({ method: 'tools/list', params }, ToolsPage, { timeout: timeoutMs }));
    } catch (error) {
      throw await failure(target, session.link, error, request, timeoutMs);
    }
    pages++;
    for (const tool of page.tools) tools.push(tool);
    cursor = page.nextCursor;
    if (cursor !== undefined && seen.has(cursor)) throw liveError(target, `${request} gave the cursor ${quotedCursor(cursor)} a second time: its pagination loops`);
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
  tools.forEach((tool, i) => refuseTooDeep(target, tool, i));
  return { tools, pages };
}

/**
 * @throws UsageError naming the tool, where and how deep, when a member of listed tool number `i`
 *   nests more than MAX_NESTING levels (what reads it downstream is recursive).
 */
function refuseTooDeep(target: LiveTarget, tool: unknown, i: number): void {
  const deep = tooDeep(tool);
  if (deep === undefined) return;
  const name = tool !== null && typeof tool === 'object' && typeof (tool as { name?: unknown }).name === 'string' ? `the tool ${JSON.stringify((tool as { name: string }).name)}` : `tool ${i}`;
  const at = `$.tools[${i}]${deep.member === null ? '' : memberSegment(deep.member)}`;
  throw liveError(target, `tools/list: ${name} has a value nested ${deep.depth} levels deep at ${at}; the linter reads at most ${MAX_NESTING} levels`);
}

/**
 * Connects to a running MCP server, initializes, reads every page of its tools/list raw, and
 * closes the connection: over stdio (spawning `target.command`, and ending it and every process
 * it started before returning or throwing) or over HTTP (Streamable HTTP, falling back to the
 * older HTTP+SSE transport when the initialize POST gets a 400, 404 or 405, as the MCP spec
 * 2025-11-25, Basic › Transports › Backwards Compatibility, says).
 *
 * tools/list is requested with `client.request` and a permissive schema, not `client.listTools()`,
 * whose validation would reject the very annotations the linter reports on.
 *
 * @throws UsageError `<target>: <what went wrong>`, one line, secrets blanked: command not found,
 *   the server exited before answering (with its exit code and last stderr line), no answer within `timeoutMs`, an error answer, a malformed tools/list result, a cursor
 *   seen twice, more than `maxPages` pages, a tool with a value nested more than `MAX_NESTING`
 *   levels deep, connection refused, HTTP 401/403 (asks for an Authorization header), a content
 *   type that is not MCP, an endpoint that is neither transport.
 */
export async function listTools(target: LiveTarget, options: ListToolsOptions = {}): Promise<ListedTools> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxPages = options.maxPages ?? 1000;
  const session = await connect(target, timeoutMs);
  try {
    const { tools, pages } = await readAllPages(target, session, timeoutMs, maxPages);
    const info = session.client.getServerVersion()!;
    return {
      server: { name: info.name, version: info.version, ...(info.title === undefined ? {} : { title: info.title }) },
      protocolVersion: session.protocolVersion,
      transport: session.link.kind,
      tools,
      pages,
      warnings: session.link.warnings().map((w) => liveLine(target, w)),
    };
  } finally {
    await session.link.close(session.client);
  }
}

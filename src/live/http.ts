import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { liveError, oneLine } from './errors.js';
import { breakage, isUnreadableMessage, type Link } from './link.js';
import type { HttpTarget } from './target.js';

/** What the server last answered to one HTTP method: a status and content type, or a failure to connect. */
type Answer = { status: number; contentType: string } | { failure: unknown };

/** The Node error code (`ECONNREFUSED`) somewhere along `error`'s causes, if any. */
function networkCode(error: unknown): string | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Why connecting failed, in words, from a failed fetch. */
function networkFailure(error: unknown): string {
  const code = networkCode(error);
  if (code === 'ECONNREFUSED') return 'connection refused (is the server running, on this host and port?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the server closed the connection without answering';
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return `cannot connect: ${code ?? oneLine(cause instanceof Error ? cause.message : String(cause))}`;
}

/** The HTTP status `error` reports, if it is one of the SDK's HTTP errors with a real status. */
function statusOf(error: unknown): number | undefined {
  const code = error instanceof StreamableHTTPError || error instanceof SseError ? error.code : undefined;
  return code !== undefined && code >= 100 ? code : undefined;
}

/**
 * The status with which the Streamable HTTP initialize POST was refused when the MCP spec
 * 2025-11-25 (Basic › Transports › Backwards Compatibility) says to try the older HTTP+SSE
 * transport instead: 400, 404 or 405. (The SDK's example client `streamableHttpWithSseFallbackClient`
 * falls back on any failure; the spec's list keeps a 401, 403, 406 or 429 from being hidden
 * behind a second failed attempt.) Undefined when the error is anything else.
 */
export function olderServerStatus(error: unknown): number | undefined {
  const status = statusOf(error);
  return status === 400 || status === 404 || status === 405 ? status : undefined;
}

/**
 * A link over Streamable HTTP or, for `kind: 'sse'`, the older HTTP+SSE transport, sending
 * `target.headers` with every request. `refused` is the status of the Streamable HTTP attempt
 * that an SSE link follows, for its message. Closing a Streamable HTTP session first asks the
 * server to end it (HTTP DELETE, as the spec asks of a client that leaves), for at most
 * `timeoutMs`.
 *
 * @throws UsageError when `target.url` is not a valid http: or https: URL.
 */
export function openHttp(target: HttpTarget, kind: 'streamable-http' | 'sse', timeoutMs: number, refused?: number): Link {
  const answers = new Map<string, Answer>();
  const recording: FetchLike = async (url, init) => {
    const method = init?.method ?? 'GET';
    try {
      const response = await fetch(url, init);
      answers.set(method, { status: response.status, contentType: response.headers.get('content-type') ?? 'no content type' });
      return response;
    } catch (error) {
      answers.set(method, { failure: error });
      throw error;
    }
  };
  const url = URL.canParse(target.url) ? new URL(target.url) : undefined;
  if (url === undefined) throw liveError(target, 'not a valid URL (one like http://127.0.0.1:3000/mcp)');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw liveError(target, `${url.protocol} URLs are not served over HTTP: give an http: or https: URL`);
  const options = { requestInit: { headers: target.headers }, fetch: recording };
  const transport = kind === 'sse' ? new SSEClientTransport(url, options) : new StreamableHTTPClientTransport(url, options);
  const { broken, fail } = breakage();
  transport.onerror = (error) => {
    if (isUnreadableMessage(error)) fail('the server sent something that is not a JSON-RPC message');
  };
  const authorized = Object.keys(target.headers).some((name) => name.toLowerCase() === 'authorization');

  function statusFailure(status: number, request: string): string {
    if (status === 401) return authorized ? 'the server refused the Authorization header given (HTTP 401)' : 'the server asks for authorization (HTTP 401): pass --header "Authorization: ..."';
    if (status === 403) return authorized ? 'the server refused access with the Authorization header given (HTTP 403)' : 'the server refused access (HTTP 403): if it needs authorization, pass --header "Authorization: ..."';
    if (refused !== undefined) return `not an MCP endpoint: HTTP ${refused} to a Streamable HTTP POST, HTTP ${status} to an SSE GET`;
    if (status >= 500) return `the server failed on ${request} (HTTP ${status})`;
    return `HTTP ${status} to ${request}`;
  }

  function contentFailure(answer: Answer | undefined, expected: string): string {
    const got = answer !== undefined && 'contentType' in answer ? answer.contentType : 'an unknown content type';
    if (refused !== undefined) return `not an MCP endpoint: HTTP ${refused} to a Streamable HTTP POST, ${got} instead of ${expected} to an SSE GET`;
    return `the server answers with ${got}, not MCP (${expected}): is the URL its MCP endpoint?`;
  }

  return {
    kind,
    transport,
    broken,
    warnings: () => [],
    async explain(error, request) {
      if (error instanceof McpError) return undefined;
      const method = error instanceof SseError ? 'GET' : 'POST';
      const answer = answers.get(method);
      if (answer !== undefined && 'failure' in answer) return networkFailure(answer.failure);
      const status = statusOf(error) ?? (answer !== undefined && answer.status >= 300 ? answer.status : undefined);
      if (error instanceof SseError && status === 200) return contentFailure(answer, 'text/event-stream');
      if (status !== undefined) return statusFailure(status, request);
      if (error instanceof StreamableHTTPError) return contentFailure(answer, 'application/json or text/event-stream');
      return undefined;
    },
    async close(client: Client) {
      if (transport instanceof StreamableHTTPClientTransport) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([transport.terminateSession().catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
        clearTimeout(timer);
      }
      await client.close().catch(() => {});
    },
  };
}

import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { UsageError } from '../errors.js';
import { printable } from '../printable.js';
import { describeTarget, redactSecrets, type LiveTarget } from './target.js';

/**
 * The error every live-mode failure ends in: a `UsageError` (the CLI prints it as one line and
 * exits 2) reading `<target>: <what>`, with the target's secrets and anything that looks like a
 * credential blanked (`redactSecrets`), and control characters escaped (`printable`), so
 * that text quoted from a server can neither leak a token nor forge a terminal line.
 */
export function liveError(target: LiveTarget, what: string): UsageError {
  return new UsageError(liveLine(target, what));
}

/** `<target>: <what>` as {@link liveError} words it (secrets blanked, control characters escaped), for a warning. */
export function liveLine(target: LiveTarget, what: string): string {
  return printable(redactSecrets(`${describeTarget(target)}: ${what}`, target));
}

/** `ms` milliseconds as a person reads them: `30 s`, `1 s`, `0.25 s`. */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** `text` as one line of at most `max` characters (cut with `…`): trimmed, control characters escaped (`\n`, `\u001b`). */
export function oneLine(text: string, max = 200): string {
  const line = printable(text.trim());
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * What went wrong with a request in terms every transport shares, or undefined when it is
 * none of them: no answer within `timeoutMs` (the SDK's `RequestTimeout`), a JSON-RPC error
 * answer, or a result that does not fit the permissive tools/list schema (a zod error, whose first
 * issue says which member: `tools` or `nextCursor`). `request` names it (`tools/list (page 2)`).
 */
export function requestFailure(error: unknown, request: string, timeoutMs: number): string | undefined {
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) return `no answer to ${request} within ${seconds(timeoutMs)}`;
    if (error.code === ErrorCode.ConnectionClosed) return undefined;
    return `the server answered ${request} with an error: ${oneLine(error.message)}`;
  }
  if (error instanceof z.core.$ZodError) {
    const at = request.replace(/^\S+/, '$& result');
    const member = error.issues[0]?.path[0];
    if (member === 'tools') return `${at} has no "tools" array`;
    if (member === 'nextCursor') return `${at} has a "nextCursor" that is not a string`;
    return `${at} is not an object`;
  }
  return undefined;
}

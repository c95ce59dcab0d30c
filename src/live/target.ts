import { printable } from '../printable.js';
import { REDACTED, redactCommandLine, redactText } from './redact.js';

/**
 * What live mode connects to: a server it spawns and speaks to over stdio, or one already running
 * behind an HTTP URL (MCP spec 2025-11-25, Basic › Transports: stdio; Streamable HTTP, with the
 * older HTTP+SSE transport as its backwards-compatible fallback).
 */

/**
 * A server started as a child process that speaks MCP over its stdin and stdout.
 *
 * `env` is added to the few variables the SDK passes on by itself (HOME, LOGNAME, PATH, SHELL,
 * TERM, USER: `getDefaultEnvironment()` of `@modelcontextprotocol/sdk/client/stdio.js`); its
 * values may be secrets and are never shown. `cwd` defaults to the linter's working directory.
 */
export interface StdioTarget {
  kind: 'stdio';
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /**
   * Pass the linter's whole environment (`process.env`) on to the server, under `env`: servers
   * read their API tokens from it, and the command line runs a server as the user's shell would.
   * These inherited values are the user's own and are not redacted (only `env` is): redacting
   * every value of an environment would blank out paths and words all over a message.
   */
  inheritEnv?: boolean;
}

/**
 * A server reached at `url` over Streamable HTTP (or, for an older server, HTTP+SSE). `headers`
 * are sent with every request (`Authorization: Bearer …` and the like); their values may be
 * secrets and are never shown.
 */
export interface HttpTarget {
  kind: 'http';
  url: string;
  headers: Record<string, string>;
}

/** A server to list the tools of. */
export type LiveTarget = StdioTarget | HttpTarget;

/**
 * `arg` as a shell would need it written: bare when it is plainly safe (a blanked `***` counts as
 * safe, so that `--api-key ***` reads as written), else in single quotes; control characters escaped.
 */
function shellWord(arg: string): string {
  const word = /^[\w@%+=:,./-]+$/.test(arg.replaceAll(REDACTED, '_')) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
  return printable(word);
}

/**
 * A command line (`[command, ...args]`) as messages show it: credentials blanked
 * (`redactCommandLine`), each word quoted as a shell needs it, control characters escaped
 * (`node server.mjs postgresql://admin:***@host/db --api-key ***`).
 */
export function shownCommand(argv: readonly string[]): string {
  return redactCommandLine(argv).map(shellWord).join(' ');
}

/**
 * The target as a message names it, without any secret: a stdio target as its command line in
 * backquotes (`shownCommand`: `` `node server.mjs postgresql://admin:***@host/db --api-key ***` ``,
 * no environment), an HTTP target as its URL
 * without user, password, query or fragment (`http://127.0.0.1:3000/mcp`, `…/mcp?…` when it had a
 * query; `the URL given` when it is not a valid URL) and without headers.
 */
export function describeTarget(target: LiveTarget): string {
  if (target.kind === 'stdio') return `\`${shownCommand([target.command, ...target.args])}\``;
  if (!URL.canParse(target.url)) return 'the URL given';
  const url = new URL(target.url);
  return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
}

/**
 * `text` with every header value and environment value of `target` replaced by `***`, and every
 * word of 8 characters or more within one (the token of `Bearer <token>`), then with what looks
 * like a credential blanked (`redactText`: URL passwords, secret-named options, tokens): the last
 * guard before a message that quotes a server or a library leaves the process. Values under 4
 * characters are left alone, so that one like `1` does not blank out digits everywhere.
 */
export function redactSecrets(text: string, target: LiveTarget): string {
  const values = Object.values(target.kind === 'http' ? target.headers : (target.env ?? {}));
  const words = values.flatMap((value) => value.split(/\s+/).filter((word) => word.length >= 8));
  const secrets = [...values.filter((value) => value.length >= 4), ...words].sort((a, b) => b.length - a.length);
  return redactText(secrets.reduce((out, secret) => out.replaceAll(secret, REDACTED), text));
}

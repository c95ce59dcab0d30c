import type { CallExpression } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { unwrap } from '../analysis/syntax.js';

/**
 * Calls of a logger's level methods (issue 15: logs are not modifications, corpus README "What
 * the labels mean"). MCP frameworks hand handlers a logger (FastMCP's `context.log`, optional
 * and called as `log?.info?.(...)`), and servers build their own (`const logger =
 * createLogger(server)` whose `error` sends an MCP log notification and appends to an error-log
 * file under a cache directory). Whatever such a call does, printing, sending a log message or
 * appending to a log file, is logging: not a modification of the tool's data, and no reach into
 * the open world. The call is neither followed nor left unresolved.
 *
 * A call is a logger call when, read from the syntax:
 * - its method is a log level (syslog's levels, RFC 5424 §6.2.1, and those of common JavaScript
 *   loggers: `debug`, `info`, `warn`, `error`, `trace`, `fatal`, `verbose`, `success`, ...),
 *   called plainly or optionally (`log.info(m)`, `log?.info?.(m)`), or chosen by a variable
 *   (`logger[level](...args)`, a helper that forwards to the level it is given);
 * - its receiver is named as a logger: `log`, `logger`, `logFn`, or a camel-case name ending in
 *   `Log` or `Logger` (`context.log`, `this.logger`, `mcpLogger`, `errorLog`), read from the last
 *   name of the receiver (`args.context.log`), not from its type.
 * A file write of the tool's own (`appendFile(notes, text)`) is no logger call, so a tool whose
 * action is to append to a file still writes.
 */

/** Level methods of loggers: RFC 5424's severities and those winston, pino, consola and FastMCP name. */
const LOG_LEVELS: ReadonlySet<string> = new Set([
  'debug', 'info', 'notice', 'warn', 'warning', 'error', 'critical', 'crit', 'alert', 'emergency', 'emerg', 'fatal', 'trace', 'verbose', 'silly', 'success', 'log',
]);

/** Names of a logger, leading underscores off: `log`, `logger`, `logFn` in any case (`LOGGER`). */
const PLAIN_LOGGER_NAME = /^(?:log|logger|logfn)$/i;

/** Camel-case names ending in `Log` or `Logger` (`mcpLogger`, `errorLog`), as written: `catalog` is not one. */
const CAMEL_LOGGER_NAME = /^[a-z][A-Za-z0-9]*(?:Log|Logger)$/;

/** The last name of a receiver: `log` in `log`, `context.log`, `this.#logger`; null for anything else. */
function receiverName(receiver: Node): string | null {
  const node = unwrap(receiver);
  if (Node.isIdentifier(node)) return node.getText();
  if (Node.isPropertyAccessExpression(node)) return node.getName().replace(/^#/, '');
  return null;
}

/** The level a callee names: `info` in `log.info`, `"warn"` in `log["warn"]`, any level for `log[level]` (a level variable); null for anything else. */
function levelOf(callee: Node): string | null {
  if (Node.isPropertyAccessExpression(callee)) return LOG_LEVELS.has(callee.getName()) ? callee.getName() : null;
  if (!Node.isElementAccessExpression(callee)) return null;
  const key = callee.getArgumentExpression();
  if (!key) return null;
  if (Node.isStringLiteral(key) || Node.isNoSubstitutionTemplateLiteral(key)) return LOG_LEVELS.has(key.getLiteralText()) ? key.getLiteralText() : null;
  return Node.isIdentifier(key) ? key.getText() : null;
}

/** True when `call` is a call of a log-level method on a value named as a logger (see the module's doc). */
export function isLoggerCall(call: CallExpression): boolean {
  const callee = unwrap(call.getExpression());
  if (!(Node.isPropertyAccessExpression(callee) || Node.isElementAccessExpression(callee)) || levelOf(callee) === null) return false;
  const name = receiverName(callee.getExpression());
  if (name === null) return false;
  const plain = name.replace(/^_+/, '');
  return PLAIN_LOGGER_NAME.test(plain) || CAMEL_LOGGER_NAME.test(plain);
}

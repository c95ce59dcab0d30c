import type { CallExpression, NewExpression } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { initializerOf, isFunctionNode, unwrap, writtenName, type FunctionNode } from '../analysis/syntax.js';
import { wordsOf } from './api-verbs.js';
import type { Effect } from '../model.js';
import type { SinkEntry } from './catalog/index.js';
import { isFromArguments } from './value-origin.js';

/**
 * Log files (issue 15: logs are not modifications). A server's own logging helper that copies
 * each line it prints to a file (`process.stderr.write(msg); appendFileSync(debugLogPath, msg)`)
 * writes a log, as a logging library configured with a file does (those are pure modules,
 * catalog/pure.ts); a tool that appends what the user gives to a file the user names still
 * writes. The corpus README ("What the labels mean") lists logs among the effects that are not
 * modifications.
 *
 * A file write is a log when all of these hold, read from the program:
 * - it appends (`appendFile`, a write with flag `a`): a log only grows;
 * - its path does not come from the arguments of the function that appends (a module-level
 *   variable, a constant, a path under the home directory: configured, not chosen per call);
 * - the same function also prints what it appends to the process's diagnostic output
 *   (`console.*`, `process.stderr.write`, `process.stdout.write`) outside a `catch`: the
 *   appended data and the printed data are built from one variable or parameter. That makes the
 *   file a copy of the log the process prints, not data of the tool's own;
 * - or else the code names it a log twice over: the function that appends is a logging helper by
 *   its name (a word `log`, `debug` or `trace`: `appendToLog`, `debugLog`, `writeTrace`), and the
 *   path it appends to is a log file by its text or the name holding it (`log.txt`, `*.log`,
 *   `logs/`, `logPath`, `LOG_FILE`). A helper `appendToLog(msg)` that writes to
 *   `~/app/log.txt` only when the user created that file is such a log.
 */

/** Words of a function's name that make it a logging helper. */
const LOGGING_WORDS: ReadonlySet<string> = new Set(['log', 'logs', 'logger', 'debug', 'trace']);

/** Text of a path that names a log file (`log.txt`, `server.log`, `logs/`, `logPath`, `LOG_FILE`, `debugLogFile`). */
const LOG_PATH = /(?:^|[^a-z])logs?(?:[^a-z]|$)|\.log\b|[a-z]Log(?:s|File|Path|Dir)?\b|LOG_/;

/** Calls that print to the process's diagnostic output (stdio servers keep stdout for the protocol, so logs go to stderr). */
function isDiagnosticPrint(call: CallExpression): boolean {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return false;
  const receiver = unwrap(callee.getExpression()).getText().replace(/\s+/g, '');
  return receiver === 'console' || receiver === 'process.stderr' || receiver === 'process.stdout';
}

/** The declarations of the names `expr` is built from (`msg` in `` `${msg}\n` ``, `line` in `line + "\n"`). */
function namesIn(expr: Node): Set<Node> {
  const ids = Node.isIdentifier(expr) ? [expr] : expr.getDescendants().filter((d) => Node.isIdentifier(d));
  const out = new Set<Node>();
  for (const id of ids) {
    const decl = id.getSymbol()?.getDeclarations()[0];
    if (decl && (Node.isVariableDeclaration(decl) || Node.isParameterDeclaration(decl) || Node.isBindingElement(decl))) out.add(decl);
  }
  return out;
}

/** True when `node` sits in a `catch` block of `fn` (a report that the append failed is not a mirror of it). */
function inCatch(node: Node, fn: Node): boolean {
  for (let a = node.getParent(); a && a !== fn; a = a.getParent()) if (Node.isCatchClause(a)) return true;
  return false;
}

/**
 * True when `effect`, made by the file sink `sink` at `call`, appends to a log file (see the
 * module's doc): the effect is then no effect on the environment. False for any other write.
 */
export function isLogAppend(sink: SinkEntry, call: CallExpression | NewExpression, effect: Effect): boolean {
  if (effect.kind !== 'fs.write' || effect.destructive !== false || effect.idempotent !== false || !/^appends\b/.test(effect.description)) return false;
  const args = call.getArguments();
  const target = sink.pathArguments?.target ?? 0;
  const pathArg = args[target];
  const data = args[target + 1];
  if (!pathArg || !data || isFromArguments(pathArg)) return false;
  const fn = call.getFirstAncestor((a) => isFunctionNode(a));
  if (!fn) return false;
  if (isNamedLog(fn, pathArg)) return true;
  const appended = namesIn(data);
  if (appended.size === 0) return false;
  return fn
    .getDescendants()
    .filter((d): d is CallExpression => Node.isCallExpression(d) && d !== call && d.getFirstAncestor((a) => isFunctionNode(a)) === fn)
    .some((print) => isDiagnosticPrint(print) && !inCatch(print, fn) && print.getArguments().some((arg) => [...namesIn(arg)].some((decl) => appended.has(decl))));
}

/** True when `fn` is a logging helper by its name and `pathArg` (or the const it names) a log file by its text (see the module's doc). */
function isNamedLog(fn: FunctionNode, pathArg: Node): boolean {
  const name = functionName(fn);
  if (!name || !wordsOf(name).some((w) => LOGGING_WORDS.has(w))) return false;
  const path = unwrap(pathArg);
  const init = Node.isIdentifier(path) ? initializerOf(path, true) : undefined;
  return LOG_PATH.test(path.getText()) || (init !== undefined && LOG_PATH.test(init.getText()));
}

/** The name a function is written with ({@link writtenName}), also a class field holding it (`private debugLog = () => ...`), or null. */
function functionName(fn: FunctionNode): string | null {
  const holder = fn.getParent();
  return writtenName(fn) ?? (holder && Node.isPropertyDeclaration(holder) ? holder.getName() : null);
}

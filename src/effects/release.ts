import type { CallExpression } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { unwrap } from '../analysis/syntax.js';
import { wordsOf } from './api-verbs.js';

/**
 * Releasing a resource held in memory is not destroying data (issue 15, kind 5): `destroy()`,
 * `close()`, `dispose()`, `release()`, `abort()` of a PDF document proxy, a stream, a page, a
 * pool, an AbortController, a spinner free what the process holds; they change nothing outside
 * (the corpus semantics, ../shared/corpus/README.md "What the labels mean": readOnly is false only
 * when something outside the returned result changes). The same verbs on a record or a remote
 * resource (`user.destroy()` of an ORM, `container.stop()`) keep the meaning their names give.
 *
 * Plain data and one predicate over a call's syntax.
 */

/**
 * Methods that free a handle the process holds, when called on one (see {@link HANDLE_WORDS}):
 * closing a page, a stream, a client's connection, a document proxy.
 */
const FREEING_METHODS: ReadonlySet<string> = new Set(['close', 'destroy', 'dispose', 'release', 'disconnect', 'end', 'unref', 'free']);

/**
 * Methods that stop work the process runs, when called on it (see {@link PROCESS_WORDS}): an
 * AbortController's `abort()`, a worker's `terminate()`, a spinner's `stop()`. On a client of a
 * remote service (`runClient.abort()`, `container.stop()`) they act on that service, so the words
 * here name only what runs in the process.
 */
const STOPPING_METHODS: ReadonlySet<string> = new Set(['abort', 'stop', 'terminate']);

/** Of those, the methods that may take one argument (`destroy(error)`, `abort(reason)`, `close(callback)`); the others take none. */
const ONE_ARGUMENT: ReadonlySet<string> = new Set(['close', 'destroy', 'abort']);

/** Methods that (un)register a listener on an emitter or an `AbortSignal`: in-process bookkeeping, whatever the receiver. */
export const LISTENER_METHODS: ReadonlySet<string> = new Set(['addEventListener', 'removeEventListener', 'addListener', 'removeListener', 'removeAllListeners', 'prependListener', 'prependOnceListener']);

/**
 * Words naming work that runs in the process (controllers and signals, requests in flight,
 * streams, workers and pools, timers, watchers, progress displays): stopping it changes nothing outside.
 */
const PROCESS_WORDS: ReadonlySet<string> = new Set([
  'controller', 'abort', 'signal', 'request', 'req', 'stream', 'readable', 'writable', 'reader', 'writer', 'pipe', 'worker', 'workers',
  'thread', 'pool', 'timer', 'interval', 'watcher', 'listener', 'observer', 'parser', 'server', 'spinner', 'bar', 'multibar', 'progress',
  'tracker', 'transaction',
]);

/**
 * Words naming a handle of a resource the process holds (besides {@link PROCESS_WORDS}: documents,
 * browser pages, clients and connections, sockets, cursors, files): a receiver, the call or class
 * that made it, or its declared type, named with one of them is such a handle. Records and remote
 * resources (a user, a container, an instance, a job, a session kept in a store) are not here.
 */
const HANDLE_WORDS: ReadonlySet<string> = new Set([
  ...PROCESS_WORDS, 'document', 'doc', 'pdf', 'page', 'browser', 'tab', 'context', 'client', 'connection', 'conn', 'socket', 'ws',
  'transport', 'channel', 'cursor', 'iterator', 'handle', 'fd', 'agent', 'tensor', 'canvas', 'image', 'zip', 'archive',
]);

/** The names that tell what a receiver is: its own name, the call or class that made it (a local's initializer), its declared type. */
function receiverNames(receiver: Node): string[] {
  const names: string[] = [];
  let node = unwrap(receiver);
  if (Node.isAwaitExpression(node)) node = unwrap(node.getExpression());
  if (Node.isPropertyAccessExpression(node)) names.push(node.getName());
  if (Node.isIdentifier(node)) {
    names.push(node.getText());
    const decl = node.getSymbol()?.getDeclarations()[0];
    if (decl && (Node.isVariableDeclaration(decl) || Node.isParameterDeclaration(decl) || Node.isPropertyDeclaration(decl))) {
      const type = decl.getTypeNode()?.getText();
      if (type) names.push(type);
      const init = Node.isVariableDeclaration(decl) || Node.isPropertyDeclaration(decl) ? decl.getInitializer() : undefined;
      if (init) names.push(...makerNames(init));
    }
  }
  if (Node.isCallExpression(node) || Node.isNewExpression(node)) names.push(...makerNames(node));
  return names;
}

/** `createReadStream` of `fs.createReadStream(p)`, `Tinypool` of `new Tinypool()`, `getDocument` of `(await getDocument(x).promise)`. */
function makerNames(init: Node): string[] {
  let node = unwrap(init);
  for (let i = 0; i < 6; i++) {
    if (Node.isAwaitExpression(node)) node = unwrap(node.getExpression());
    else if (Node.isPropertyAccessExpression(node) && node.getName() === 'promise') node = unwrap(node.getExpression());
    else break;
  }
  if (!(Node.isCallExpression(node) || Node.isNewExpression(node))) return [];
  const callee = unwrap(node.getExpression());
  const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : Node.isIdentifier(callee) ? callee.getText() : null;
  return name === null ? [] : [name];
}

/**
 * The word that shows `call` releases a handle the process holds (`pdfDoc.destroy()`,
 * `stream.close()`, `pool.destroy()`, `controller.abort()`, `spinner.stop()`), or null: a freeing
 * method on a receiver whose name, maker or declared type names a handle ({@link HANDLE_WORDS}),
 * or a stopping method on one that names work of the process ({@link PROCESS_WORDS}), given no
 * argument but an error, a reason or a callback. `extra` are further names of the receiver the
 * caller knows (the export of a package that made it: `getDocument` of `getDocument().promise`).
 */
export function releasedHandle(call: CallExpression, extra: readonly string[] = []): string | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  const method = callee.getName();
  const words = FREEING_METHODS.has(method) ? HANDLE_WORDS : STOPPING_METHODS.has(method) ? PROCESS_WORDS : null;
  if (words === null || call.getArguments().length > (ONE_ARGUMENT.has(method) ? 1 : 0)) return null;
  for (const name of [...receiverNames(callee.getExpression()), ...extra]) {
    const word = wordsOf(name).find((w) => words.has(w));
    if (word !== undefined) return word;
  }
  return null;
}

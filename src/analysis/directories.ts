import { readdirSync, statSync } from 'node:fs';
import type { CallExpression } from 'ts-morph';
import { Node } from '../ts-morph.js';
import type { Bindings } from './bindings.js';
import type { Evaluated } from './values.js';
import type { Resolver } from './resolve.js';
import { isFunctionNode, shorten } from './syntax.js';

/** The most entries of one folder the linter lists: a folder of tool modules holds a few hundred. */
const MAX_ENTRIES = 2000;

/** The names `node:fs` gives its folder listings, as the resolver spells a module's path. */
const READDIR = /^(?:(?:node:)?fs(?:\/promises)?)$/;

/**
 * The entries of the folder a module lists at start-up, when `call` is `node:fs`'s `readdir` or
 * `readdirSync` (also `fs.promises.readdir` and `node:fs/promises`' `readdir`) and its folder
 * evaluates to one that exists: the names, sorted (the order `readdir` gives is the file system's).
 * A reason instead when the folder or the options cannot be read, or the entries are no names
 * (`withFileTypes`, `recursive`); null for any other call, and for the callback form (no value).
 * `evaluate` reads an argument in the call's bindings `b`.
 */
export function listedDirectory(call: CallExpression, resolver: Resolver, b: Bindings, evaluate: (expr: Node) => Evaluated): { names: string[] } | { reason: string } | null {
  const target = resolver.resolve(call.getExpression(), 0, b);
  if (target.kind !== 'module' || !READDIR.test(target.specifier)) return null;
  const names = target.path.filter((p) => p !== 'default' && p !== 'promises');
  if (names.length !== 1 || (names[0] !== 'readdir' && names[0] !== 'readdirSync')) return null;
  const [folder, options, ...rest] = call.getArguments();
  // `readdir(dir, cb)`, `readdir(dir, opts, cb)`: the names go to the callback.
  if (!folder || [options, ...rest].some((a) => a !== undefined && isFunctionNode(a))) return null;
  const text = shorten(folder.getText(), 40);
  if (options) {
    const v = evaluate(options);
    if (!v.known) return { reason: `the options of \`${shorten(call.getText(), 40)}\` cannot be read (${v.reason})` };
    const o = v.value as { withFileTypes?: unknown; recursive?: unknown } | string | null | undefined;
    if (o !== null && typeof o === 'object' && (o.withFileTypes || o.recursive)) return { reason: `\`${shorten(call.getText(), 40)}\` lists entries the linter does not read as names` };
  }
  const dir = evaluate(folder);
  if (!dir.known) return { reason: `the folder \`${text}\` is known only at run time (${dir.reason})` };
  if (typeof dir.value !== 'string') return { reason: `the folder \`${text}\` is no path` };
  try {
    if (!statSync(dir.value).isDirectory()) return { reason: `the folder \`${text}\` is no folder of the package` };
    const entries = readdirSync(dir.value).sort();
    if (entries.length > MAX_ENTRIES) return { reason: `the folder \`${text}\` holds ${entries.length} entries, more than the linter lists (${MAX_ENTRIES})` };
    return { names: entries };
  } catch {
    return { reason: `the folder \`${text}\` does not exist where the linter reads the package` };
  }
}

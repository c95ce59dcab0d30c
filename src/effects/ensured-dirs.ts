import type { CallExpression, NewExpression } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { isFunctionNode, unwrap } from '../analysis/syntax.js';
import { returnedExpressions } from '../analysis/returns.js';
import type { Effect } from '../model.js';
import type { SinkEntry } from './catalog/index.js';

/**
 * Directories a path getter makes sure exist (issue 15: lazy initialisation is not a
 * modification, corpus README "What the labels mean"). A server keeping state under a cache
 * directory reads its paths through helpers that create the directory on first use:
 *
 *   async function getStatePath() {
 *     const dir = path.join(os.homedir(), ".cache", "app");
 *     if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
 *     return path.join(dir, "state.json");
 *   }
 *
 * A tool that only reads the state file still calls it: the directory it makes (once, empty) is
 * where the data will live, not data. What the tool writes into it is judged where it writes.
 * A directory creation is such upkeep when, read from the program:
 * - the function that makes it returns, on every `return`, a path inside it (`path.join(dir,
 *   "state.json")`, `path.resolve(dir, name)`): the function is a path getter;
 * - the directory is named by a name of that function not built from its parameters (a fixed
 *   location: the home directory, a constant), so no caller chooses it.
 * A tool that creates the directory a user names, or a helper returning nothing, still writes.
 */

/** The `path` functions that build a path inside their first argument. */
const JOINS: ReadonlySet<string> = new Set(['join', 'resolve']);

/** True when `expr` is `path.join(dir, ...)` (or `resolve`) with `dir` the same declared name as `dirName`, and at least one more part. */
function isPathInside(expr: Node, dirName: Node): boolean {
  const call = unwrap(expr);
  if (!Node.isCallExpression(call) || call.getArguments().length < 2) return false;
  const callee = unwrap(call.getExpression());
  const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : Node.isIdentifier(callee) ? callee.getText() : '';
  if (!JOINS.has(name)) return false;
  const first = unwrap(call.getArguments()[0]!);
  return Node.isIdentifier(first) && first.getSymbol() !== undefined && first.getSymbol() === dirName.getSymbol();
}

/** True when `expr` is built from a parameter (`path.join(os.homedir(), name)`), through locals a few levels deep. */
function builtFromParameters(expr: Node, depth = 0): boolean {
  if (depth > 4) return true;
  const ids = Node.isIdentifier(expr) ? [expr] : expr.getDescendants().filter((d) => Node.isIdentifier(d));
  return ids.some((id) => {
    const decl = id.getSymbol()?.getDeclarations()[0];
    if (!decl) return false;
    if (Node.isParameterDeclaration(decl) || (Node.isBindingElement(decl) && decl.getFirstAncestor((a) => Node.isParameterDeclaration(a)))) return true;
    if (!Node.isVariableDeclaration(decl) || !decl.getFirstAncestor((a) => isFunctionNode(a))) return false;
    const init = decl.getInitializer();
    return init === undefined || builtFromParameters(init, depth + 1);
  });
}

/**
 * True when `effect`, made by the file sink `sink` at `call`, creates the directory of a path
 * getter (see the module's doc): the effect is then upkeep, no effect on the environment.
 */
export function isEnsuredParentDir(sink: SinkEntry, call: CallExpression | NewExpression, effect: Effect): boolean {
  if (effect.kind !== 'fs.write' || effect.description !== 'creates a directory') return false;
  const dir = call.getArguments()[sink.pathArguments?.target ?? 0];
  if (!dir || !Node.isIdentifier(unwrap(dir)) || builtFromParameters(unwrap(dir))) return false;
  const fn = call.getFirstAncestor((a) => isFunctionNode(a));
  if (!fn || !isFunctionNode(fn)) return false;
  const returned = returnedExpressions(fn);
  return returned.length > 0 && returned.every((r) => isPathInside(Node.isAwaitExpression(unwrap(r)) ? (unwrap(r) as import('ts-morph').AwaitExpression).getExpression() : r, unwrap(dir)));
}

import { Node } from '../ts-morph.js';
import { initializerOf, unwrap } from '../analysis/syntax.js';

/**
 * Lock files (issue 15, kind 6: removing bookkeeping is not destroying data). A file whose path
 * says it is a lock (`${file}.lock`, `lockPath`, `x.lock.stale.<pid>`) coordinates processes that
 * share the data beside it: taking it, releasing it or clearing a stale one changes no data a later
 * call reads. Writes and deletions of such a path are no effect on the environment; the data file
 * the lock guards is judged on its own.
 */

/** How many consts {@link isLockPath} follows (a guard against long chains). */
const MAX_DEPTH = 4;

/** A path expression's text that names a lock file: ends in `.lock`, or has `.lock.` before a suffix. */
const LOCK_TEXT = /\.lock(?:\.|$|[`'"])/;
/** A variable named for a lock file: `lockPath`, `lockFile`, `LOCK_FILE`, `staleLockPath`. */
const LOCK_NAME = /(?:^|[a-z_])lock_?(?:path|file)$|^lock_?(?:path|file)$/i;

/** True when the path of a file write or deletion names a lock file, through consts. */
export function isLockPath(pathExpr: Node, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const node = unwrap(pathExpr);
  if (Node.isIdentifier(node)) {
    if (LOCK_NAME.test(node.getText())) return true;
    const init = initializerOf(node, true);
    return init !== undefined && isLockPath(init, depth + 1);
  }
  if (Node.isNoSubstitutionTemplateLiteral(node) || Node.isStringLiteral(node)) return LOCK_TEXT.test(node.getText());
  // `${filepath}.lock`, or a name made from a lock's path (`${lockPath}.stale.${pid}`).
  if (Node.isTemplateExpression(node)) return LOCK_TEXT.test(node.getText()) || isLockPath(node.getTemplateSpans()[0]!.getExpression(), depth + 1) && node.getHead().getLiteralText() === '';
  if (Node.isBinaryExpression(node)) return LOCK_TEXT.test(node.getRight().getText()) || isLockPath(node.getLeft(), depth + 1);
  return false;
}

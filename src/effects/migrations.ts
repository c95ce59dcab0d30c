import type { Identifier } from 'ts-morph';
import { Node } from '../ts-morph.js';
import { contains } from '../analysis/nodes.js';
import { isFunctionNode, type FunctionNode, unwrap } from '../analysis/syntax.js';
import { wordsOf } from './api-verbs.js';

/**
 * One-time format migrations inside shared code (corpus README, "What the labels mean": "one-time
 * format migrations inside shared readers are not modifications"): a reader that finds a file in
 * a legacy format rewrites it in the new one (`if (isLegacy(data)) { writeJSON(file, migratedData);
 * performTagMigration(file) }`), a pipeline that renames an old tool's config files before it loads
 * its own (`if (!options.skipMigration) await runMigrationAction(cwd)`). Once done, no later call
 * does it again, and each call returns what it would have returned anyway.
 *
 * A migration is the block of an `if` in a function that holds a migration step: a call whose
 * callee's name, or one of whose arguments' names, says it migrates (`migrateConfig(...)`,
 * `runMigrationAction(...)`, `writeJSON(file, migratedData)`). It counts as one only in shared
 * code: a named function whose name does not itself say it migrates, called from two places or
 * more. A tool whose purpose is the migration (a `migrate_config` handler, a `migrateAll` helper
 * only it calls) keeps its effects.
 */

/** Words of a name that say it migrates (`migrateConfig`, `runMigrationAction`, `migratedData`). */
const MIGRATION_WORDS: ReadonlySet<string> = new Set(['migrate', 'migrates', 'migrated', 'migrating', 'migration', 'migrations']);

function saysMigration(name: string): boolean {
  return wordsOf(name).some((w) => MIGRATION_WORDS.has(w));
}

/** The name a function is declared with (a declaration, a method, a `const` holding it), or null. */
function declaredName(fn: FunctionNode): Identifier | null {
  if (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn)) {
    const name = fn.getNameNode();
    return name && Node.isIdentifier(name) ? name : null;
  }
  const parent = fn.getParent();
  if (parent && Node.isVariableDeclaration(parent)) {
    const name = parent.getNameNode();
    return Node.isIdentifier(name) ? name : null;
  }
  return null;
}

/** The last name of a callee (`migrateFile`, `this.runMigration`, `utils.performTagMigration`). */
function calleeName(callee: Node): string {
  const node = unwrap(callee);
  return Node.isPropertyAccessExpression(node) ? node.getName() : Node.isIdentifier(node) ? node.getText() : '';
}

/** True for a call that is a migration step (see the module's comment). */
function isMigrationStep(call: import('ts-morph').CallExpression): boolean {
  if (saysMigration(calleeName(call.getExpression()))) return true;
  return call.getArguments().some((a) => Node.isIdentifier(unwrap(a)) && saysMigration(unwrap(a).getText()));
}

/** True when code outside the function's own body uses it at two places or more (calls, or values handed on), imports and exports not counted. */
function isShared(name: Identifier, fn: FunctionNode): boolean {
  const uses = name.findReferencesAsNodes().filter((ref) => {
    const parent = ref.getParent();
    return ref !== name && !contains(fn, ref) && !(parent && (Node.isImportSpecifier(parent) || Node.isExportSpecifier(parent) || Node.isImportClause(parent)));
  });
  return uses.length >= 2;
}

/** The migration blocks of each function (see {@link migrationBlocks}), keyed by the compiler's node. */
const BLOCKS = new WeakMap<object, Node[]>();

/**
 * The blocks of `if` statements in `fn` (its own body, not nested functions) that hold a migration
 * step, when `fn` is shared code. `nodes` are the effect nodes of `fn`, which hold its calls: the
 * steps are read from them rather than from another walk of the body.
 */
function migrationBlocks(fn: FunctionNode, nodes: readonly Node[]): Node[] {
  let blocks = BLOCKS.get(fn.compilerNode);
  if (blocks) return blocks;
  blocks = [];
  const name = declaredName(fn);
  if (fn.getBody() && name && !saysMigration(name.getText())) {
    const steps = nodes.filter((c): c is import('ts-morph').CallExpression => Node.isCallExpression(c) && c.getFirstAncestor(isFunctionNode) === fn && isMigrationStep(c));
    for (const step of steps) {
      const ifStatement = step.getFirstAncestor((a) => Node.isIfStatement(a) || a === fn);
      const then = ifStatement && Node.isIfStatement(ifStatement) ? ifStatement.getThenStatement() : undefined;
      if (then && contains(then, step) && !blocks.includes(then)) blocks.push(then);
    }
    if (blocks.length > 0 && !isShared(name, fn)) blocks = [];
  }
  BLOCKS.set(fn.compilerNode, blocks);
  return blocks;
}

/**
 * Which effect nodes of `fn` (`nodes`, its calls among them) are part of a one-time migration in
 * shared code (see the module's comment): a test to ask of each node.
 */
export function oneTimeMigrationTest(fn: FunctionNode, nodes: readonly Node[]): (node: Node) => boolean {
  const blocks = migrationBlocks(fn, nodes);
  return blocks.length === 0 ? () => false : (node) => blocks.some((b) => contains(b, node));
}

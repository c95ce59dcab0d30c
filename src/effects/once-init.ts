import type { Block } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { descendantsOfKinds } from '../analysis/nodes.js';
import { isFunctionNode, unwrap, type FunctionNode } from '../analysis/syntax.js';

/**
 * Initialisation that runs once per process (corpus README, "What the labels mean": lazy
 * initialisation and one-time migrations inside shared readers are not modifications). A shared
 * initialiser that many functions call before they read (`await this.init()` in `getConfig()`,
 * `setValue()`, ...) and that returns at once when a flag says it already ran:
 *
 *   async init() {
 *     if (this.initialized) return;
 *     await mkdir(dir, { recursive: true });            // create the config folder,
 *     try { this.config = JSON.parse(await readFile(p)) } // load the file,
 *     catch { this.config = defaults; await save() }      // or write the defaults once
 *     this.initialized = true;
 *   }
 *
 * Its effects happen on the first call the process serves, whichever tool that is, and set up what
 * every later call reads: they are not any tool's doing. Read from the program, a function is one
 * when its body starts with `if (flag) return;` (or returns the flag: a memoised promise), it
 * assigns that flag itself (`flag = true`, or the promise), the flag lives beyond the call (a
 * field of `this` or a module-level variable), and it is called from at least
 * {@link MIN_CALLERS} places: an initialiser one tool calls for its own purpose
 * (`initialize_project`) stays that tool's effect.
 */

/** How many call sites an initialiser needs to be a shared one. */
const MIN_CALLERS = 2;

const memo = new WeakMap<FunctionNode, boolean>();

/** True when `fn` is a shared once-only initialiser (see the module's doc). Memoised per function. */
export function isOnceInitializer(fn: FunctionNode): boolean {
  let answer = memo.get(fn);
  if (answer === undefined) {
    answer = check(fn);
    memo.set(fn, answer);
  }
  return answer;
}

function check(fn: FunctionNode): boolean {
  const body = fn.getBody();
  if (!body || !Node.isBlock(body)) return false;
  const flag = earlyReturnFlag(body);
  if (flag === null || !setsFlag(body, flag)) return false;
  return callSites(fn) >= MIN_CALLERS;
}

/** `this.initialized` of a first statement `if (this.initialized) return;` (or `return this.ready;`), when it is a field of `this` or a module-level name; else null. */
function earlyReturnFlag(body: Block): string | null {
  const first = body.getStatements()[0];
  if (!first || !Node.isIfStatement(first) || first.getElseStatement()) return null;
  const then = first.getThenStatement();
  const exit = Node.isBlock(then) && then.getStatements().length === 1 ? then.getStatements()[0]! : then;
  if (!Node.isReturnStatement(exit)) return null;
  const condition = unwrap(first.getExpression());
  const returned = exit.getExpression();
  if (returned !== undefined && unwrap(returned).getText() !== condition.getText()) return null;
  if (Node.isPropertyAccessExpression(condition) && condition.getExpression().getKind() === SyntaxKind.ThisKeyword) return condition.getText();
  if (!Node.isIdentifier(condition)) return null;
  const decl = condition.getSymbol()?.getDeclarations()[0];
  return decl && Node.isVariableDeclaration(decl) && decl.getFirstAncestor((a) => isFunctionNode(a)) === undefined ? condition.getText() : null;
}

/** True when `body` assigns the flag something other than a falsy literal (`this.initialized = true`, `this.ready = load()`). */
function setsFlag(body: Block, flag: string): boolean {
  return descendantsOfKinds<import('ts-morph').BinaryExpression>(body, [SyntaxKind.BinaryExpression]).some((e) => {
    if (e.getOperatorToken().getKind() !== SyntaxKind.EqualsToken || unwrap(e.getLeft()).getText() !== flag) return false;
    const value = unwrap(e.getRight()).getText();
    return !['false', 'null', 'undefined', '0', "''", '""'].includes(value);
  });
}

/** How many calls of `fn` the program makes, by its name (`this.init()`, `init()`). */
function callSites(fn: FunctionNode): number {
  const name = Node.isMethodDeclaration(fn) || Node.isFunctionDeclaration(fn) ? fn.getNameNode() : undefined;
  if (!name || !Node.isIdentifier(name)) return 0;
  return name.findReferencesAsNodes().filter((ref) => {
    const parent = ref.getParent();
    const callee = parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === ref ? parent : ref;
    const call = callee.getParent();
    return call !== undefined && Node.isCallExpression(call) && call.getExpression() === callee;
  }).length;
}

import type { Node as TsNode } from 'ts-morph';
import { Node, SyntaxKind } from '../ts-morph.js';
import { Bindings } from './bindings.js';
import { BoundCache } from './read-sets.js';
import type { Evaluated } from './values.js';
import type { FunctionNode } from './syntax.js';

/**
 * One condition a node runs under: inside a `case`/`default` clause, a branch of an `if` or
 * `? :`, after an `if (cond) { ...; return; }` that returns early, or on the right of `cond && x`
 * (`and`) or `cond || x` (`or`). `node` is the branch (the clause, the `then` or `else` statement
 * or expression, the returning `if`, the right operand).
 */
export type Guard =
  | { kind: 'clause'; node: TsNode; switchStatement: import('ts-morph').SwitchStatement }
  | { kind: 'then' | 'else' | 'after' | 'and' | 'or'; node: TsNode; condition: TsNode };

/**
 * Whether code runs when conditions are read with one context's bindings (the tool a dispatch
 * branch serves). A branch is cut only when its condition is statically known to be false there:
 * a `case` whose value differs from the switch's, an `if` branch whose condition is known the other
 * way, code after an `if (known true) { ... return; }`. Anything unknown runs, so the verdict
 * stays the worst case over the paths the arguments allow.
 *
 * The guards of each node are computed once, and each guard's verdict once per bindings, so that a
 * `tools/call` handler dispatching to N tools costs N walks over its nodes, not N walks per node.
 */
export class BranchIndex {
  private readonly guards = new Map<TsNode, Guard[]>();
  /** Per bindings, per guard: whether it can hold (a hit notes the reads it skips, read-sets.ts). */
  private readonly verdicts = new BoundCache<TsNode, boolean>();
  /** Per bindings, per switch: the clauses that can run. */
  private readonly openClauses = new BoundCache<TsNode, Set<TsNode> | 'all'>();
  /** Case values known without bindings: they hold under any. */
  private readonly freeCaseValues = new Map<TsNode, Evaluated>();

  /**
   * @param evaluate evaluates an expression in the given bindings.
   * @param alwaysTruthy true when an expression is an object, array or function in the given
   *   bindings, whose truthiness is known when its value is not.
   */
  constructor(
    private readonly evaluate: (expr: TsNode, b: Bindings) => Evaluated,
    private readonly alwaysTruthy: (expr: TsNode, b: Bindings) => boolean = () => false,
  ) {}

  /**
   * True unless a guard of `node` (within `fn`, or anywhere above it when `fn` is null) is known to
   * be false under `b`. The operands of `&&` and `||` are not cut: dispatch never hides there.
   */
  isReachable(node: TsNode, fn: FunctionNode | null, b: Bindings): boolean {
    for (const guard of this.guardsOf(node, fn)) {
      if (guard.kind === 'and' || guard.kind === 'or') continue;
      // A clause's verdict is read from its switch's open clauses, kept once per switch: one verdict per clause would
      // keep a million for a 1,000-tool dispatcher read in each tool's context.
      const open = guard.kind === 'clause' ? this.holds(guard, b) : this.verdicts.get(b.id, guard.node, () => this.holds(guard, b));
      if (!open) return false;
    }
    return true;
  }

  /** The guards of `node` within `fn` (anywhere above it when `fn` is null), innermost first; computed once per node. */
  guardsOf(node: TsNode, fn: FunctionNode | null): Guard[] {
    const cached = this.guards.get(node);
    if (cached) return cached;
    const out: Guard[] = [];
    let child: TsNode = node;
    for (let a = node.getParent(); a && a !== fn; child = a, a = a.getParent()) {
      if (Node.isCaseClause(a) || Node.isDefaultClause(a)) {
        const switchStatement = a.getParentOrThrow().getParentOrThrow();
        if (Node.isSwitchStatement(switchStatement)) out.push({ kind: 'clause', node: a, switchStatement });
      }
      else if (Node.isIfStatement(a)) {
        if (child === a.getThenStatement()) out.push({ kind: 'then', node: a.getThenStatement(), condition: a.getExpression() });
        else if (child === a.getElseStatement()) out.push({ kind: 'else', node: child, condition: a.getExpression() });
      } else if (Node.isConditionalExpression(a)) {
        if (child === a.getWhenTrue()) out.push({ kind: 'then', node: child, condition: a.getCondition() });
        else if (child === a.getWhenFalse()) out.push({ kind: 'else', node: child, condition: a.getCondition() });
      } else if (Node.isBinaryExpression(a) && child === a.getRight()) {
        const op = a.getOperatorToken().getKind();
        if (op === SyntaxKind.AmpersandAmpersandToken) out.push({ kind: 'and', node: child, condition: a.getLeft() });
        else if (op === SyntaxKind.BarBarToken) out.push({ kind: 'or', node: child, condition: a.getLeft() });
      } else if (Node.isBlock(a) || Node.isSourceFile(a)) {
        // `if (name === "a") { ...; return; }` before this statement: for tool "a", nothing after it runs.
        for (const statement of a.getStatements()) {
          if (statement === child) break;
          if (Node.isIfStatement(statement) && !statement.getElseStatement() && alwaysExits(statement.getThenStatement())) {
            out.push({ kind: 'after', node: statement, condition: statement.getExpression() });
          }
        }
      }
    }
    this.guards.set(node, out);
    return out;
  }

  private holds(guard: Guard, b: Bindings): boolean {
    if (guard.kind === 'clause') return this.clauseReachable(guard.node, guard.switchStatement, b);
    // Code for a development or test run only is not what the users of the server run.
    if (isDevelopmentOnly(guard.condition)) return guard.kind !== 'then';
    const v = this.evaluate(guard.condition, b);
    if (!v.known) return guard.kind === 'then' || !this.alwaysTruthy(guard.condition, b);
    return guard.kind === 'then' ? Boolean(v.value) : !v.value;
  }

  /**
   * A clause runs when its value (or that of a clause falling through into it) equals the
   * switch's; `default` runs when no case value equals it. Unknown values keep the clause.
   */
  private clauseReachable(clause: TsNode, switchStatement: import('ts-morph').SwitchStatement, b: Bindings): boolean {
    const open = this.openClauses.get(b.id, switchStatement, () => this.openClausesOf(switchStatement, b));
    return open === 'all' || open.has(clause);
  }

  /** The clauses of a switch that can run under `b`: all when its subject is unknown. */
  private openClausesOf(switchStatement: import('ts-morph').SwitchStatement, b: Bindings): Set<TsNode> | 'all' {
    const subject = this.evaluate(switchStatement.getExpression(), b);
    if (!subject.known) return 'all';
    const clauses = switchStatement.getClauses();
    const matches = clauses.map((c) => {
      if (!Node.isCaseClause(c)) return null;
      const v = this.caseValue(c, b);
      // `case undefined` is no dispatch anyone writes: a value read as undefined was misread, so keep the clause.
      return v.known && v.value !== undefined ? v.value === subject.value : null;
    });
    const open = new Set<TsNode>();
    let falling = false;
    clauses.forEach((c, i) => {
      const runs = Node.isDefaultClause(c) ? !matches.includes(true) : matches[i] !== false;
      if (runs || falling) open.add(c);
      // A clause that does not always exit falls through into the next one.
      falling = (runs || falling) && !alwaysExits(c);
    });
    return open;
  }

  /** A case's value: read once without bindings when that suffices (a literal, a const, an enum member), else under `b`. */
  private caseValue(clause: import('ts-morph').CaseClause, b: Bindings): Evaluated {
    let free = this.freeCaseValues.get(clause);
    if (free === undefined) {
      free = this.evaluate(clause.getExpression(), Bindings.EMPTY);
      this.freeCaseValues.set(clause, free);
    }
    return free.known ? free : this.evaluate(clause.getExpression(), b);
  }
}

/** The values of `NODE_ENV` that mean a development or test run (a server as its users run it has it unset or `production`). */
const DEVELOPMENT_MODES: ReadonlySet<string> = new Set(['development', 'dev', 'test']);

/**
 * True for a condition that holds only in a development or test run: `process.env.NODE_ENV ===
 * "development"` (also `==`, either side, `process.env["NODE_ENV"]`), or an `&&` one of whose
 * operands is one. What only such a run does (a debug dump of each response to a file) is not
 * the server's behaviour for its users, as the hints describe it.
 */
export function isDevelopmentOnly(condition: TsNode): boolean {
  let cond = condition;
  while (Node.isParenthesizedExpression(cond)) cond = cond.getExpression();
  if (!Node.isBinaryExpression(cond)) return false;
  const op = cond.getOperatorToken().getKind();
  if (op === SyntaxKind.AmpersandAmpersandToken) return isDevelopmentOnly(cond.getLeft()) || isDevelopmentOnly(cond.getRight());
  if (op !== SyntaxKind.EqualsEqualsEqualsToken && op !== SyntaxKind.EqualsEqualsToken) return false;
  const isMode = (n: TsNode) => (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)) && DEVELOPMENT_MODES.has(n.getLiteralValue());
  const isNodeEnv = (n: TsNode) => /^process\.env(?:\.NODE_ENV|\[["'`]NODE_ENV["'`]\])$/.test(n.getText().replace(/\s+/g, ''));
  const [l, r] = [cond.getLeft(), cond.getRight()];
  return (isNodeEnv(l) && isMode(r)) || (isNodeEnv(r) && isMode(l));
}

/** True when a statement (or clause) always ends in `return`, `throw`, `break` or `continue` (an `if` both of whose branches do, a `try` whose block and `catch` do). */
export function alwaysExits(statement: TsNode): boolean {
  if (Node.isReturnStatement(statement) || Node.isThrowStatement(statement) || Node.isBreakStatement(statement) || Node.isContinueStatement(statement)) return true;
  if (Node.isBlock(statement) || Node.isCaseClause(statement) || Node.isDefaultClause(statement)) {
    const statements = statement.getStatements();
    const last = statements[statements.length - 1];
    return last !== undefined && alwaysExits(last);
  }
  if (Node.isIfStatement(statement)) {
    const otherwise = statement.getElseStatement();
    return otherwise !== undefined && alwaysExits(statement.getThenStatement()) && alwaysExits(otherwise);
  }
  // `try { return JSON.parse(text); } catch { return text; }`: both ways out leave (a `finally` that leaves does too).
  if (Node.isTryStatement(statement)) {
    const caught = statement.getCatchClause();
    const last = statement.getFinallyBlock();
    return (alwaysExits(statement.getTryBlock()) && (caught === undefined || alwaysExits(caught.getBlock()))) || (last !== undefined && alwaysExits(last));
  }
  return false;
}

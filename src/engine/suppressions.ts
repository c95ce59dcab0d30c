import type { ts as Ts } from 'ts-morph';
import { ts } from '../ts-morph.js';
import type { Finding, SourceLocation } from '../model.js';
import type { ResolvedRules } from '../config/rule-settings.js';
import { RULE_DESCRIPTORS } from './descriptors.js';

/**
 * Inline suppressions (issue #5), after ESLint's disable directives
 * (https://eslint.org/docs/latest/use/configure/rules#using-configuration-comments-1):
 *
 *     // mcp-annotate-lint-disable-next-line <rule-id>[, <rule-id>...] -- <reason>
 *     /* mcp-annotate-lint-disable-next-line <rule-id>[, <rule-id>...] -- <reason> *\/
 *
 * As in ESLint, the reason follows two or more dashes between spaces, the directive must be the
 * start of the comment, and a block comment must stay on one line. Unlike ESLint, the reason and at
 * least one rule id are required, and a directive that is wrong (ESLint ignores an unknown rule)
 * suppresses nothing and is reported as `invalid-suppression`; a valid one that suppresses nothing
 * is reported as `unused-suppression` (ESLint's `reportUnusedDisableDirectives`), naming the rules
 * that reported nothing there.
 */

/** The word every directive starts with; other `mcp-annotate-lint-disable…` words are reported as invalid. */
const DIRECTIVE = 'mcp-annotate-lint-disable-next-line';
const DIRECTIVE_PREFIX = 'mcp-annotate-lint-disable';

/** ESLint's description separator: two or more dashes with white space before (and after, unless at the end). */
const REASON_SEPARATOR = /\s-{2,}(?:\s|$)/;

/** A suppression comment, parsed. */
interface Directive {
  file: string;
  /** Where the comment starts (1-based). */
  line: number;
  column: number;
  /** The line the directive applies to: the one after the comment. */
  target: number;
  ruleIds: string[];
  /** What is wrong with the comment; a directive with problems suppresses nothing. */
  problems: string[];
  /** The rule ids that suppressed at least one finding. */
  used: Set<string>;
}

/** The result of {@link applySuppressions}. */
export interface SuppressionOutcome {
  /** The findings left, plus `invalid-suppression` and `unused-suppression` findings (unsorted). */
  findings: Finding[];
  /** How many findings a directive removed. */
  suppressed: number;
}

/**
 * Rule ids a directive may name: every rule module. The engine's own findings (`parse-error`,
 * `read-error`, `analysis-error`, and the two suppression findings themselves, as ESLint's unused
 * directive reports) cannot be suppressed by a comment.
 */
function suppressible(ruleId: string): boolean {
  return RULE_DESCRIPTORS.get(ruleId)?.engine === false;
}

/**
 * Parses the text of one comment (without its delimiters). Null when it is not a directive;
 * otherwise the rule ids and the problems that make it invalid (none for a valid one).
 */
export function parseDirective(text: string): { ruleIds: string[]; problems: string[] } | null {
  const body = text.trim();
  if (!body.startsWith(DIRECTIVE_PREFIX)) return null;
  const word = /^\S*/.exec(body)![0];
  if (word !== DIRECTIVE) return { ruleIds: [], problems: [`"${word}" is not a directive: only ${DIRECTIVE} is supported`] };
  const rest = body.slice(word.length);
  const separator = REASON_SEPARATOR.exec(rest);
  const list = separator ? rest.slice(0, separator.index) : rest;
  const reason = separator ? rest.slice(separator.index + separator[0].length).trim() : '';
  const ruleIds = list.split(/[\s,]+/).filter((id) => id !== '');
  const problems: string[] = [];
  if (ruleIds.length === 0) problems.push('it names no rule');
  for (const id of ruleIds) {
    if (!RULE_DESCRIPTORS.has(id)) problems.push(`unknown rule "${id}"`);
    else if (!suppressible(id)) problems.push(`"${id}" cannot be suppressed by a comment`);
  }
  if (reason === '') problems.push('it gives no reason (add " -- <why>" after the rule ids)');
  return { ruleIds, problems };
}

/** Node kinds whose text is not code, where trivia scanning would misread text as comments. */
function isOpaque(node: Ts.Node): boolean {
  return node.kind === ts.SyntaxKind.JsxText || (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode);
}

/**
 * Every comment of a parsed file, found as the leading and trailing trivia of its tokens, so that
 * comment-like text inside strings, templates, regular expressions and JSX text never counts.
 */
function commentsOf(sf: Ts.SourceFile): Ts.CommentRange[] {
  const found = new Map<number, Ts.CommentRange>();
  const add = (ranges: Ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) found.set(r.pos, r);
  };
  const visit = (node: Ts.Node): void => {
    if (isOpaque(node)) return;
    add(ts.getLeadingCommentRanges(sf.text, node.pos));
    add(ts.getTrailingCommentRanges(sf.text, node.end));
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return [...found.values()];
}

/** The directives of one file (none without a comment starting with the directive prefix). */
function directivesOf(file: string, sf: Ts.SourceFile): Directive[] {
  if (!sf.text.includes(DIRECTIVE_PREFIX)) return [];
  const out: Directive[] = [];
  for (const range of commentsOf(sf)) {
    const block = range.kind === ts.SyntaxKind.MultiLineCommentTrivia;
    const parsed = parseDirective(sf.text.slice(range.pos + 2, block ? range.end - 2 : range.end));
    if (!parsed) continue;
    const start = sf.getLineAndCharacterOfPosition(range.pos);
    const end = sf.getLineAndCharacterOfPosition(range.end);
    const problems = end.line > start.line ? [...parsed.problems, 'it spans several lines (write it on one line, as ESLint requires)'] : parsed.problems;
    out.push({ file, line: start.line + 1, column: start.character + 1, target: end.line + 2, ruleIds: parsed.ruleIds, problems, used: new Set() });
  }
  return out;
}

/** Nodes where the climb from a tool's name to its registration stops: a table of several tools, a function, a block. */
function endsRegistration(node: Ts.Node): boolean {
  return ts.isArrayLiteralExpression(node) || ts.isFunctionLike(node) || ts.isBlock(node) || ts.isSourceFile(node) || ts.isClassLike(node) || ts.isModuleBlock(node);
}

/**
 * The lines a tool's registration starts on, from the node at its location (the tool's name)
 * up to the statement that holds it: the name's own line, `server.registerTool(` when prettier put
 * the name on the next line, `{` of a table entry, `const tool = defineTool({`. The climb stops at
 * an array (a comment above `const TOOLS = [` is not about every tool in it) and at functions.
 */
function registrationLines(sf: Ts.SourceFile, at: SourceLocation): Set<number> {
  const pos = sf.getPositionOfLineAndCharacter(at.line - 1, at.column - 1);
  let node: Ts.Node = sf;
  for (;;) {
    const child = ts.forEachChild(node, (c) => (c.getStart(sf) <= pos && pos < c.end ? c : undefined));
    if (!child) break;
    node = child;
  }
  const lines = new Set([at.line]);
  for (let n: Ts.Node | undefined = node; n && !endsRegistration(n); n = n.parent) {
    lines.add(sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1);
    if (n.parent && (ts.isBlock(n.parent) || ts.isSourceFile(n.parent) || ts.isModuleBlock(n.parent))) break;
  }
  return lines;
}

/** The severity of an engine finding in a file under `settingsOf`, or `off`. */
function severityOf(ruleId: 'invalid-suppression' | 'unused-suppression', file: string, settingsOf: SettingsOfFile): Finding['severity'] | 'off' {
  return settingsOf(file).get(ruleId)?.severity ?? RULE_DESCRIPTORS.get(ruleId)!.recommended;
}

/** The rule settings for a file (its overrides by `files` applied). */
export type SettingsOfFile = (file: string) => ResolvedRules;

function quoted(ids: string[]): string {
  return ids.map((id) => `"${id}"`).join(', ');
}

/** The `invalid-suppression` and `unused-suppression` findings of the directives, at each comment. */
function directiveFindings(directives: Directive[], settingsOf: SettingsOfFile): Finding[] {
  const out: Finding[] = [];
  for (const d of directives) {
    const invalid = severityOf('invalid-suppression', d.file, settingsOf);
    const unused = severityOf('unused-suppression', d.file, settingsOf);
    const location = { file: d.file, line: d.line, column: d.column };
    const base = { tool: null, location, evidence: [] };
    if (d.problems.length > 0) {
      if (invalid !== 'off') out.push({ ...base, ruleId: 'invalid-suppression', messageId: 'invalidSuppression', severity: invalid, message: `Invalid suppression comment, it suppresses nothing: ${d.problems.join('; ')}` });
      continue;
    }
    const idle = d.ruleIds.filter((id) => !d.used.has(id));
    if (idle.length > 0 && unused !== 'off') {
      out.push({ ...base, ruleId: 'unused-suppression', messageId: 'unusedSuppression', severity: unused, message: `Unused suppression: ${quoted(idle)} reported nothing on the next line; remove ${idle.length === d.ruleIds.length ? 'the comment' : 'these ids from it'}` });
    }
  }
  return out;
}

/**
 * Applies the `mcp-annotate-lint-disable-next-line` comments of `files` and of every file a finding
 * points into. A valid directive on line L of a file removes the findings of the rules it names
 * that are on line L+1 of that file, or whose tool is registered there (`toolLocation`, its name,
 * or the start of the call or entry whose name is further down). Fatal findings are never removed.
 * Severity of the suppression findings follows the settings of their file (`off` drops them),
 * else their recommended `warning`.
 *
 * @param sourceOf the parsed file of an absolute path; undefined for a file that cannot be read or parsed (skipped).
 */
export function applySuppressions(findings: Finding[], files: Iterable<string>, sourceOf: (file: string) => Ts.SourceFile | undefined, settingsOf: SettingsOfFile = () => new Map()): SuppressionOutcome {
  const scanned = new Set(files);
  for (const f of findings) {
    scanned.add(f.location.file);
    if (f.toolLocation) scanned.add(f.toolLocation.file);
  }
  const directives: Directive[] = [];
  const byTarget = new Map<string, Directive[]>();
  for (const file of scanned) {
    const sf = sourceOf(file);
    if (!sf) continue;
    for (const d of directivesOf(file, sf)) {
      directives.push(d);
      if (d.problems.length === 0) byTarget.set(`${file}\0${d.target}`, [...(byTarget.get(`${file}\0${d.target}`) ?? []), d]);
    }
  }
  if (directives.length === 0) return { findings, suppressed: 0 };

  const linesOf = memoRegistrationLines(sourceOf, new Set(directives.filter((d) => d.problems.length === 0).map((d) => d.file)));
  const kept: Finding[] = [];
  let suppressed = 0;
  for (const f of findings) {
    const candidates = f.fatal
      ? []
      : [
          ...(byTarget.get(`${f.location.file}\0${f.location.line}`) ?? []),
          ...(f.toolLocation ? [...linesOf(f.toolLocation)].flatMap((line) => byTarget.get(`${f.toolLocation!.file}\0${line}`) ?? []) : []),
        ].filter((d) => d.ruleIds.includes(f.ruleId));
    if (candidates.length === 0) {
      kept.push(f);
      continue;
    }
    for (const d of candidates) d.used.add(f.ruleId);
    suppressed++;
  }
  return { findings: [...kept, ...directiveFindings(directives, settingsOf)], suppressed };
}

/**
 * {@link registrationLines} of tool locations, computed once per location and only in files that
 * have a valid directive (elsewhere no line can match).
 */
function memoRegistrationLines(sourceOf: (file: string) => Ts.SourceFile | undefined, withDirectives: Set<string>): (at: SourceLocation) => Set<number> {
  const memo = new Map<string, Set<number>>();
  return (at) => {
    const sf = withDirectives.has(at.file) ? sourceOf(at.file) : undefined;
    if (!sf) return new Set();
    const key = `${at.file}\0${at.line}\0${at.column}`;
    if (!memo.has(key)) memo.set(key, registrationLines(sf, at));
    return memo.get(key)!;
  };
}

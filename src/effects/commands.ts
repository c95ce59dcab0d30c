import { Node, SyntaxKind } from '../ts-morph.js';
import { Bindings } from '../analysis/bindings.js';
import { definingNode, evaluate } from '../analysis/evaluate.js';
import type { Resolver } from '../analysis/resolve.js';
import { unwrap } from '../analysis/syntax.js';
import type { Effect } from '../model.js';
import { COMMANDS, type CommandEntry, type CommandFlags, SUBCOMMAND_PROGRAMS, VERSION_QUERY, VERSION_QUERY_EFFECT } from './catalog/commands.js';

/**
 * Reads the command a process runner is given (`exec("git status")`, `execFile("git", ["log"])`,
 * zx's `` $`git status` ``) and classifies it with the table of known commands
 * (catalog/commands.ts).
 *
 * What is read: string literals, consts, templates and `+` of strings, array literals (with
 * spreads of known arrays). A part known only at run time (`${ref}`, `"rm -rf " + p`) is taken for
 * one argument, an operand rather than an option or shell syntax; if it can only be one of a few
 * values (`force ? "--force" : ""`), each is tried. A spread of an unknown list may hold any option,
 * so the worst option of the command applies. A command line with `;`, `&`, `|`, `>`, `<`, a
 * newline, a backtick or `$(` outside single quotes runs more than one command, or redirects
 * output: it is never classified (POSIX Shell Command Language §2.2 quoting, §2.9 commands),
 * even where no shell runs (`execaCommand`), to stay on the safe side.
 */

/** One argument of a command line. */
interface Word {
  /** True when part of it is known only at run time. */
  computed: boolean;
  /** Every text it can have, when all of its parts are known or listed; null when some part can be anything. */
  texts: string[] | null;
}

/** A command as far as the code tells it. */
export interface CommandLine {
  words: Word[];
  /** The shell syntax that chains commands or redirects, if any (`&&`, `|`, `$(`). */
  compound: string | null;
  /** True when more arguments follow that only run time knows (a spread of an unknown list). */
  rest: boolean;
}

/** A piece of a command line: literal text, or a part only run time knows with the values it may take (null: any). */
type Part = { text: string } | { hole: string[] | null };

const MAX_DEPTH = 8;
/** Beyond this many candidate texts for one word, the word is taken as any text. */
const MAX_TEXTS = 16;

/** The values an evaluated part can take, as strings, or null when any. */
function partOf(expr: Node, resolver: Resolver, b: Bindings): Part {
  const v = evaluate(expr, resolver, 0, b);
  if (v.known) return { text: Array.isArray(v.value) ? v.value.map(String).join(' ') : String(v.value) };
  const possible = v.possible?.filter((p): p is string => typeof p === 'string');
  return { hole: possible && possible.length === v.possible!.length ? possible : null };
}

/** The pieces of a string expression: literals, consts, templates, `+` of strings. */
function partsOf(expr: Node, resolver: Resolver, b: Bindings, depth = 0): Part[] {
  const node = unwrap(expr);
  if (depth > MAX_DEPTH) return [{ hole: null }];
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return [{ text: node.getLiteralValue() }];
  if (Node.isTemplateExpression(node)) {
    const parts: Part[] = [{ text: node.getHead().getLiteralText() }];
    for (const span of node.getTemplateSpans()) parts.push(partOf(span.getExpression(), resolver, b), { text: span.getLiteral().getLiteralText() });
    return parts;
  }
  if (Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === SyntaxKind.PlusToken) {
    return [...partsOf(node.getLeft(), resolver, b, depth + 1), ...partsOf(node.getRight(), resolver, b, depth + 1)];
  }
  const part = partOf(node, resolver, b);
  if ('text' in part || part.hole) return [part];
  // A const holding a template with run-time parts: read the template.
  const defining = definingNode(node, resolver, b);
  return defining && defining !== node ? partsOf(defining, resolver, b, depth + 1) : [part];
}

/** Splits command-line pieces into words, as a POSIX shell does for quoting, and notes shell syntax that runs more than one command. */
function tokenize(parts: Part[]): CommandLine {
  const words: Word[] = [];
  let word: Word | null = null;
  let quote: '"' | "'" | null = null;
  let compound: string | null = null;
  const current = (): Word => (word ??= { computed: false, texts: [''] });
  const append = (text: string): void => {
    const w = current();
    if (w.texts) w.texts = w.texts.map((t) => t + text);
  };
  const end = (): void => {
    if (word) words.push(word);
    word = null;
  };
  for (const part of parts) {
    if ('hole' in part) {
      const w = current();
      w.computed = true;
      const values = part.hole;
      w.texts = w.texts && values && w.texts.length * values.length <= MAX_TEXTS ? w.texts.flatMap((t) => values.map((v) => t + v)) : null;
      continue;
    }
    const text = part.text;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quote === "'") {
        if (c === "'") quote = null;
        else append(c);
        continue;
      }
      if (c === '\\' && i + 1 < text.length) {
        append(text[++i]!);
        continue;
      }
      if (c === '`' || (c === '$' && text[i + 1] === '(')) {
        compound ??= c === '`' ? '`' : '$(';
        append(c);
        continue;
      }
      if (quote === '"') {
        if (c === '"') quote = null;
        else append(c);
        continue;
      }
      if (c === '"' || c === "'") {
        quote = c;
        current();
        continue;
      }
      if (c === ' ' || c === '\t') {
        end();
        continue;
      }
      if (';&|<>\n'.includes(c)) {
        compound ??= c === '\n' ? 'a newline' : text.slice(i, i + 2).match(/^(&&|\|\||>>)/)?.[0] ?? c;
        end();
        continue;
      }
      append(c);
    }
  }
  end();
  return { words, compound, rest: false };
}

/** A word whose text is known (one candidate, nothing computed). */
function literalText(word: Word | undefined): string | null {
  return word && !word.computed && word.texts?.length === 1 ? word.texts[0]! : null;
}

/**
 * The command a call gives: `line`, one command line in argument 0; `argv`, a program in argument
 * 0 and an array of arguments in argument 1 (an options object or nothing there: no arguments).
 * With a `shell` option that is not `false`, node:child_process and execa join the program and
 * its arguments into a shell command line (https://nodejs.org/api/child_process.html#child_processspawncommand-args-options,
 * option `shell`): it is read as one. Null when argument 0 is missing.
 */
export function commandOfCall(form: 'line' | 'argv', args: Node[], resolver: Resolver, b: Bindings = Bindings.EMPTY): CommandLine | null {
  const first = args[0];
  if (!first) return null;
  if (form === 'line') return tokenize(partsOf(first, resolver, b));
  const list = args[1] ? (definingNode(args[1], resolver, b) ?? unwrap(args[1])) : undefined;
  const elements = list && Node.isArrayLiteralExpression(list) ? list.getElements() : null;
  // A list bound to a static value (a helper's parameter given `["get", "pods"]`): its strings are the arguments.
  const bound = !elements && args[1] ? knownList(args[1], resolver, b) : null;
  // The list may have grown since (`args.push(...)`): more arguments, any of them an option.
  if (bound) return { words: [argvWord(first, resolver, b), ...bound.map((v) => ({ computed: false, texts: [v] }))], compound: null, rest: true };
  // The arguments are a list the linter cannot read (not an array, an options object or nothing).
  const unreadable = list !== undefined && !elements && !Node.isObjectLiteralExpression(list) && !(Node.isIdentifier(list) && list.getText() === 'undefined');
  // A spread of a list the linter cannot read: more arguments, any of them an option.
  const spreads = new Map<Node, string[] | null>((elements ?? []).filter((e) => Node.isSpreadElement(e)).map((e) => [e, knownList(e.getExpression(), resolver, b)]));
  const rest = unreadable || [...spreads.values()].includes(null);
  if (args.slice(1, 3).some((arg) => hasShellOption(arg, resolver, b))) {
    const parts = [...partsOf(first, resolver, b), ...(elements ?? []).flatMap((e): Part[] => [{ text: ' ' }, ...(spreads.has(e) ? [{ text: spreads.get(e)?.join(' ') ?? '' }] : partsOf(e, resolver, b))])];
    return { ...tokenize(parts), rest };
  }
  const words: Word[] = [argvWord(first, resolver, b)];
  for (const element of elements ?? []) {
    if (spreads.has(element)) words.push(...(spreads.get(element) ?? []).map((v) => ({ computed: false, texts: [v] })));
    else words.push(argvWord(element, resolver, b));
  }
  return { words, compound: null, rest };
}

/** The strings of a list known statically, or null. */
function knownList(expr: Node, resolver: Resolver, b: Bindings): string[] | null {
  const v = evaluate(expr, resolver, 0, b);
  return v.known && Array.isArray(v.value) ? v.value.map(String) : null;
}

/** True for an options object whose `shell` is set to anything but a literal `false`, or that a spread may give one. */
function hasShellOption(arg: Node, resolver: Resolver, b: Bindings): boolean {
  const options = definingNode(arg, resolver, b) ?? unwrap(arg);
  if (!Node.isObjectLiteralExpression(options)) return false;
  const shell = options.getProperty('shell');
  if (!shell) return options.getProperties().some((p) => Node.isSpreadAssignment(p));
  const value = Node.isPropertyAssignment(shell) ? evaluate(shell.getInitializerOrThrow(), resolver, 0, b) : null;
  return !(value?.known && (value.value === false || value.value === undefined));
}

/** One element of an argument array: taken whole, since no shell splits it. */
function argvWord(expr: Node, resolver: Resolver, b: Bindings): Word {
  const part = partOf(expr, resolver, b);
  if ('text' in part) return { computed: false, texts: [part.text] };
  return { computed: true, texts: part.hole };
}

/** The command a template tag is given (zx's and execa's `` $`git status ${ref}` ``). */
export function commandOfTemplate(template: Node, resolver: Resolver, b: Bindings = Bindings.EMPTY): CommandLine {
  return tokenize(partsOf(template, resolver, b));
}

/** True when `text` is the argument `spec` describes (see {@link CommandFlags.words}). */
function matchesFlag(spec: string, text: string): boolean {
  if (spec.endsWith('*')) return text.length >= spec.length && text.startsWith(spec.slice(0, -1));
  if (text === spec || text.startsWith(`${spec}=`)) return true;
  return /^-[A-Za-z]$/.test(spec) && /^-[A-Za-z]+$/.test(text) && text.includes(spec[1]!);
}

/** The first group of flags that an argument matches (a computed one by one of its listed values), with the argument. */
function matchedFlags(flags: readonly CommandFlags[], args: Word[]): { group: CommandFlags; word: string } | null {
  const end = args.findIndex((w) => literalText(w) === '--');
  const options = end >= 0 ? args.slice(0, end) : args;
  for (const group of flags) {
    for (const arg of options) {
      for (const text of arg.texts ?? []) {
        const word = text.split(/\s+/).find((piece) => group.words.some((spec) => matchesFlag(spec, piece)));
        if (word !== undefined) return { group, word };
      }
    }
  }
  return null;
}

/** The command's entry, what it is called in messages, and the arguments after it; null when its program or subcommand is computed. */
function lookupCommand(line: CommandLine): { entry: CommandEntry | undefined; shown: string; args: Word[] } | null {
  const program = literalText(line.words[0])?.split('/').pop();
  if (!program) return null;
  const valueOptions = SUBCOMMAND_PROGRAMS[program];
  if (!valueOptions) return { entry: COMMANDS.find((c) => c.command === program), shown: program, args: line.words.slice(1) };
  for (let i = 1; i < line.words.length; i++) {
    const text = literalText(line.words[i]);
    if (text === null) return null;
    if (text.startsWith('-')) {
      if (valueOptions.includes(text)) i++;
      continue;
    }
    const command = `${program} ${text}`;
    return { entry: COMMANDS.find((c) => c.command === command), shown: command, args: line.words.slice(i + 1) };
  }
  // The program alone, or only options: nothing known to run.
  return line.rest ? null : { entry: undefined, shown: program, args: [] };
}

/**
 * The program a command line only asks for its version (`python3 --version`, also `${cmd}
 * --version` where `cmd` is one of a few known names, shown joined by `|`), or null: exactly two
 * words, the second the literal version query, nothing more that run time adds.
 */
function versionQueryOf(line: CommandLine): string | null {
  const [program, query, ...more] = line.words;
  if (!program || !query || more.length > 0 || line.rest || literalText(query) !== VERSION_QUERY) return null;
  const names = program.texts;
  if (!names || names.length === 0 || names.some((n) => !/^[\w./-]+$/.test(n))) return null;
  return names.map((n) => n.split('/').pop()).join('|');
}

/**
 * The effect of running `line` (null: unreadable), refined from a process runner's catalogued
 * effect `base` (unknown access, open world): a known command gives its table's effect, with the
 * first matching group of flags; a computed program, an unknown command and a compound command
 * line keep the unknown effect and say which it is.
 */
export function commandEffect(base: Effect, line: CommandLine | null): Effect {
  if (!line) return base;
  if (line.compound) {
    return { ...base, description: `runs a command line that chains commands or redirects output (\`${line.compound}\`), whose effects are unknown` };
  }
  const asked = versionQueryOf(line);
  if (asked) return { ...base, ...VERSION_QUERY_EFFECT, sink: `${base.sink} (${asked} ${VERSION_QUERY})`, description: `runs \`${asked} ${VERSION_QUERY}\`: ${VERSION_QUERY_EFFECT.description}` };
  const found = lookupCommand(line);
  if (!found) return base;
  const { entry, shown, args } = found;
  if (!entry) return { ...base, sink: `${base.sink} (${shown})`, description: `runs \`${shown}\`, whose effects are unknown` };
  const matched = entry.flags ? matchedFlags(entry.flags, args) : null;
  // A list of arguments only run time knows may hold the worst option.
  const worst = !matched && line.rest && entry.flags?.[0] ? { group: entry.flags[0], word: entry.flags[0].words[0]! } : null;
  const chosen = matched ?? worst;
  const effect = chosen?.group.effect ?? entry.effect;
  const label = matched ? `${shown} ${matched.word}` : shown;
  const caveat = worst ? ` (arguments known only at run time may include \`${worst.word}\`)` : '';
  return {
    ...base,
    kind: effect.kind,
    access: effect.access,
    destructive: effect.destructive,
    idempotent: effect.idempotent,
    openWorld: effect.openWorld,
    sink: `${base.sink} (${label})`,
    description: `runs \`${label}\`: ${effect.description}${caveat}`,
  };
}

import { ts } from '../ts-morph.js';

/**
 * Bracket depth (or run of nesting operators) past which a file is parsed once on trial before the program reads it. Real code,
 * minified bundles included, stays far below it; TypeScript's recursive-descent parser runs out of
 * stack between about 400 and 1,500 levels, depending on the construct (measured with TypeScript 6 on
 * Node.js 20's default stack: 399 nested arrow functions, 634 object literals, 730 arrays).
 */
const SUSPECT_DEPTH = 200;

/**
 * When a comment or a string or template literal starts at `i`, the index of its last character
 * (template substitutions are skipped with the template: their brackets are few); else -1.
 */
function skipped(text: string, i: number): number {
  const ch = text[i]!;
  if (ch === '/' && text[i + 1] === '/') {
    const end = text.indexOf('\n', i);
    return end < 0 ? text.length : end;
  }
  if (ch === '/' && text[i + 1] === '*') {
    const end = text.indexOf('*/', i + 2);
    return end < 0 ? text.length : end + 1;
  }
  if (ch === '"' || ch === "'" || ch === '`') {
    let j = i + 1;
    for (; j < text.length && text[j] !== ch && !(ch !== '`' && text[j] === '\n'); j++) if (text[j] === '\\') j++;
    return j;
  }
  return -1;
}

/**
 * The deepest nesting of `(`, `[` and `{` in `text`, skipping comments and string and template
 * literals. Regular expression literals are not told apart from division, so an unbalanced bracket
 * in one can raise the count: the result is an upper bound for deciding whether to look closer,
 * never a verdict. Linear in the length of `text`.
 */
export function bracketDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const end = skipped(text, i);
    if (end >= 0) i = end;
    else if (ch === '(' || ch === '[' || ch === '{') {
      if (++depth > max) max = depth;
    } else if ((ch === ')' || ch === ']' || ch === '}') && depth > 0) depth--;
  }
  return max;
}

/** True for the code of a character of an identifier (ASCII letters, digits, `_`, `$`). */
function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36;
}

/** Words that start an expression nested in the one after them (`typeof typeof x`, `await await x`). */
const PREFIX_WORDS = new Set(['typeof', 'void', 'delete', 'await', 'new', 'yield']);

/**
 * The longest run of operators that nest without brackets (`!`, `~`, unary `+`/`-`, `?` of a
 * conditional, `=>`, `typeof`, `await`, …) between two statement or list boundaries (`;`, `,`,
 * `{`, `}`), skipping comments and strings as {@link bracketDepth} does. `!!!!…x` 5,000 deep has no
 * bracket at all, yet overflows the parser (issue 13, fuzz). An upper bound, linear in the length.
 */
export function operatorRun(text: string): number {
  let run = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const end = skipped(text, i);
    if (end >= 0) i = end;
    else if (ch === ';' || ch === ',' || ch === '{' || ch === '}') run = 0;
    else if (ch === '!' || ch === '~' || ch === '+' || ch === '-' || (ch === '?' && text[i + 1] !== '.' && text[i + 1] !== '?') || (ch === '=' && text[i + 1] === '>')) {
      if (++run > max) max = run;
    } else if (isWordCode(text.charCodeAt(i))) {
      let stop = i + 1;
      while (stop < text.length && isWordCode(text.charCodeAt(stop))) stop++;
      // Only words of 3 to 6 characters can be one of PREFIX_WORDS: most identifiers are passed over unsliced.
      if (stop - i >= 3 && stop - i <= 6 && PREFIX_WORDS.has(text.slice(i, stop)) && ++run > max) max = run;
      i = stop - 1;
    }
  }
  return max;
}

/**
 * True when TypeScript's parser cannot follow `text` (`file` names it for the parser): it nests
 * so deep that parsing it overflows the stack, which would end the whole run wherever the file is
 * parsed (a file linted, or one a linted file imports). Files whose bracket depth stays under
 * {@link SUSPECT_DEPTH}, and whose operator runs ({@link operatorRun}) too, are never parsed here; the others once, on trial. The trial runs a few
 * frames deeper than the program's own parse of the same text, so a file that passes it parses.
 */
export function nestsTooDeep(file: string, text: string): boolean {
  if (bracketDepth(text) < SUSPECT_DEPTH && operatorRun(text) < SUSPECT_DEPTH) return false;
  try {
    ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    return false;
  } catch (error) {
    if (error instanceof RangeError) return true;
    throw error;
  }
}

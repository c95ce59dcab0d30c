import type { ts as TS } from 'ts-morph';
import { ts } from '../ts-morph.js';

/**
 * Browser scripts a server ships beside its code: the user-interface bundles of MCP Apps
 * (@apify/actors-mcp-server 0.16 serves dist/web/dist/actor-run-widget.js and
 * search-actors-widget.js, 1.5 MB each, as `ui://` resources it reads as text), a site's
 * `public/app.js`. Such a file imports nothing and nothing imports it: no code of the server can
 * reach it, nor it the server's, so it can register no server tool nor be part of what a tool does.
 * It is read, but neither parsed nor loaded into the program, as third-party code a package ships
 * is not (third-party.ts): parsing, binding and searching apify's two widgets took half of its
 * run's time and memory, and a syntax error in one is no concern of the server's annotations.
 */

/** `document.`, `window.`: a global only a browser defines, used (tested on the text first, then on its tokens). */
const BROWSER_GLOBAL = /\b(?:document|window)\s*\.\s*[A-Za-z_$]/;

/** The linter's own comment directives: a file that holds one is linted as given, so that an unused one is reported. */
const DIRECTIVE = /mcp-annotate-lint-/;

/** Tokens after which a `/` starts a division, not a regular expression. */
const ENDS_OPERAND = new Set<TS.SyntaxKind>([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.SuperKeyword,
]);

/**
 * What the code of `text` (not its comments or strings) shows, read with TypeScript's scanner (no
 * parse): whether it uses a browser global (`window.`, `document.`), and whether it exports
 * anything (an `export` keyword, CommonJS `module.exports` or `exports.x`), as a module that some
 * code loads (a plugin a server `import()`s) does. A `/` after an operand is a division, else a
 * regular expression, as a parser would read it.
 */
function codeSigns(text: string): { browser: boolean; exports: boolean } {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  let browser = false;
  /** The last two tokens before the current one: kind and (for names) text. */
  let [twoBack, oneBack] = [{ kind: ts.SyntaxKind.Unknown, name: '' }, { kind: ts.SyntaxKind.Unknown, name: '' }];
  /** Open braces inside each template substitution being read (`${ {a} }`), innermost last. */
  const substitutions: number[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && !ENDS_OPERAND.has(oneBack.kind)) kind = scanner.reScanSlashToken();
    if (kind === ts.SyntaxKind.OpenBraceToken && substitutions.length > 0) substitutions[substitutions.length - 1]!++;
    if (kind === ts.SyntaxKind.CloseBraceToken && substitutions.length > 0) {
      if (substitutions[substitutions.length - 1] === 0) {
        // The end of a substitution: the template goes on.
        kind = scanner.reScanTemplateToken(false);
        if (kind === ts.SyntaxKind.TemplateTail) substitutions.pop();
      } else substitutions[substitutions.length - 1]!--;
    } else if (kind === ts.SyntaxKind.TemplateHead) substitutions.push(0);
    if (kind === ts.SyntaxKind.ExportKeyword) return { browser, exports: true };
    // `module` is a contextual keyword to the scanner: names are read off keywords too.
    const name = kind === ts.SyntaxKind.Identifier || (kind >= ts.SyntaxKind.FirstKeyword && kind <= ts.SyntaxKind.LastKeyword) ? scanner.getTokenText() : '';
    const afterDot = twoBack.kind === ts.SyntaxKind.DotToken;
    // `window.x`, `document.x`, `exports.x` (not a property so named: `o.window.x`); `module.exports`.
    if (kind === ts.SyntaxKind.DotToken && oneBack.name !== '' && !afterDot) {
      if (oneBack.name === 'window' || oneBack.name === 'document') browser = true;
      if (oneBack.name === 'exports') return { browser, exports: true };
    }
    if (name === 'exports' && oneBack.kind === ts.SyntaxKind.DotToken && twoBack.name === 'module') return { browser, exports: true };
    [twoBack, oneBack] = [oneBack, { kind, name }];
  }
  return { browser, exports: false };
}

/**
 * True when `text` (the content of a JavaScript file; `file` names it for the scanner) is a
 * standalone browser script: its code (not its comments or strings) uses a browser global and
 * exports nothing, TypeScript's import scanner finds no `import`, `export ... from`, `require()`,
 * `import()` nor `/// <reference>` in it, and it holds no `mcp-annotate-lint-` directive.
 */
export function isStandaloneBrowserScript(file: string, text: string): boolean {
  if (!/\.[cm]?jsx?$/.test(file) || !BROWSER_GLOBAL.test(text) || DIRECTIVE.test(text)) return false;
  const found = ts.preProcessFile(text, true, true);
  if (found.importedFiles.length > 0 || found.referencedFiles.length > 0 || found.typeReferenceDirectives.length > 0 || found.libReferenceDirectives.length > 0) return false;
  const signs = codeSigns(text);
  return signs.browser && !signs.exports;
}

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

/** `document.`, `window.`: a global only a browser defines, used. */
const BROWSER_GLOBAL = /\b(?:document|window)\s*\.\s*[A-Za-z_$]/;

/** The linter's own comment directives: a file that holds one is linted as given, so that an unused one is reported. */
const DIRECTIVE = /mcp-annotate-lint-/;

/**
 * True when `text` (the content of a JavaScript file; `file` names it for the scanner) is a
 * standalone browser script: it uses a browser global, and TypeScript's import scanner (which
 * passes over strings and comments) finds no `import`, `export ... from`, `require()`,
 * `import()` nor `/// <reference>` in it. A file with an `mcp-annotate-lint-` directive is not one.
 */
export function isStandaloneBrowserScript(file: string, text: string): boolean {
  if (!/\.[cm]?jsx?$/.test(file) || !BROWSER_GLOBAL.test(text) || DIRECTIVE.test(text)) return false;
  const found = ts.preProcessFile(text, true, true);
  return found.importedFiles.length === 0 && found.referencedFiles.length === 0 && found.typeReferenceDirectives.length === 0 && found.libReferenceDirectives.length === 0;
}

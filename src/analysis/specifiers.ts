/** The longest path most file systems accept (Linux PATH_MAX); a longer specifier names no file. */
const MAX_SPECIFIER = 4096;

/** A bare package specifier: an npm package name (`pkg`, `@scope/pkg`, legacy capitals allowed) and a subpath. */
const PACKAGE = /^(@[\w~.-]+\/)?[\w~.-]+(\/.*)?$/;

/**
 * Why a module specifier names no module any runtime could load, or null when it may name one.
 * Node.js resolves relative (`./x`), absolute (`/x`), `node:` builtin, URL (`file:`, `data:`) and
 * package specifiers, whose name follows npm's rules (validate-npm-package-name: URL-safe
 * characters, an optional `@scope/`). Refused: an empty specifier, control characters (a NUL, a
 * new line), `node:` without a name, a specifier longer than a path can be, a bare name with
 * characters no package name has (`%%%`, `::::`).
 */
export function malformedSpecifier(specifier: string): string | null {
  if (specifier === '') return 'the module specifier is empty';
  if (specifier.length > MAX_SPECIFIER) return `the module specifier is ${specifier.length} characters long, more than a path can be`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(specifier)) return 'the module specifier holds a control character';
  if (specifier.startsWith('.') || specifier.startsWith('/')) return null;
  if (/^node:$/.test(specifier)) return 'the module specifier `node:` names no builtin module';
  if (/^[a-z][a-z\d+.-]*:/i.test(specifier) && !specifier.startsWith('node:')) return /^(file|data|https?):/.test(specifier) ? null : `the module specifier's scheme \`${specifier.slice(0, specifier.indexOf(':') + 1)}\` is not one a runtime loads`;
  if (specifier.startsWith('node:')) return PACKAGE.test(specifier.slice(5)) ? null : 'the module specifier names no builtin module';
  if (specifier.startsWith('#')) return null;
  return PACKAGE.test(specifier) ? null : 'the module specifier is no package name (npm names use letters, digits, `-`, `.`, `_`, `~` and an optional `@scope/`)';
}

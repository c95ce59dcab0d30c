import type { SourceFile } from 'ts-morph';
import type { UnresolvedRegistration } from '../model.js';
import { isMcpLibrary, packageNameOf, type UnfollowedDependency } from '../project/dependencies.js';
import { readFileSync } from 'node:fs';
import { bundlesMcpSdk, requiresBundledSdk } from '../project/bundled-sdk.js';
import { importsMcpSdk } from './registrations.js';

/**
 * Why a run found no tool, so that zero never passes for a clean result: a minified bundle the
 * linter cannot read, code that imports the MCP SDK but registers nothing the linter can see, or
 * an entry point whose tools live in a dependency package that was not read.
 */

/** A file at least this large whose lines average at least {@link MINIFIED_LINE} characters is a minified bundle. */
const MINIFIED_BYTES = 50_000;
const MINIFIED_LINE = 200;

/** How many unread dependency packages one explanation names. */
const MAX_NAMED = 3;

/** The 1-based line where `text` first occurs in the file (an import of a package), else 1. */
function lineOf(sf: SourceFile, text: string): number {
  const at = sf.getFullText().search(new RegExp(`["'\`]${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/[^"'\`]*)?["'\`]`));
  return at < 0 ? 1 : sf.compilerNode.getLineAndCharacterOfPosition(at).line + 1;
}

/** The MCP SDK or framework package a file imports (`tmcp`), `the MCP SDK` when it requires or bundles the SDK, else null. */
function mcpImport(sf: SourceFile): string | null {
  for (const d of [...sf.getImportDeclarations(), ...sf.getExportDeclarations()]) {
    const name = packageNameOf(d.getModuleSpecifierValue() ?? '');
    if (name !== null && isMcpLibrary(name)) return name.startsWith('@modelcontextprotocol/') ? 'the MCP SDK' : name;
  }
  return importsMcpSdk(sf) ? 'the MCP SDK' : null;
}

/** `from "x"`, `import("x")`, `require("x")`, `import "x"`: a module specifier in code text. */
const SPECIFIER_TEXT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)["']([^"'\n]+)["']/g;

/**
 * {@link mcpImport} of a file that is not parsed (third-party code, see project/third-party.ts),
 * read from its text: the MCP package a specifier in it names, `the MCP SDK` when it bundles the
 * SDK or requires a module that does, else null (also when it cannot be read).
 */
function mcpImportInText(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  for (const match of text.matchAll(SPECIFIER_TEXT)) {
    const name = packageNameOf(match[1]!);
    if (name !== null && isMcpLibrary(name)) return name.startsWith('@modelcontextprotocol/') ? 'the MCP SDK' : name;
  }
  return bundlesMcpSdk(text) || requiresBundledSdk(text, file) ? 'the MCP SDK' : null;
}

/** True for a minified file: large, with very long lines. */
function isMinified(sf: SourceFile): boolean {
  const text = sf.getFullText();
  return text.length >= MINIFIED_BYTES && text.length / (sf.getEndLineNumber() || 1) >= MINIFIED_LINE;
}

/** A bundled copy of the SDK keeps its method names as strings. */
const BUNDLED_SDK_METHOD = /["'`]tools\/list["'`]/;

/**
 * Explanations of a run with no tool and no unresolved registration, as unresolved registrations
 * located at the file (or the import) they are about, the first cause that applies: third-party
 * code that uses MCP (never loaded, see project/third-party.ts); minified bundles; a file importing
 * the MCP SDK or a known framework; followed dependency packages in which nothing was found;
 * a bundled copy of the SDK; dependency packages imported by linted code but not read. Empty when
 * the files show no sign of MCP.
 *
 * @param files the files searched for registrations (parsed), followed dependencies' included.
 * @param followed the names of the dependency packages read.
 * @param unfollowed the dependency packages imported by name that were not read.
 * @param thirdParty files to lint that are third-party code (absolute path → `third-party code
 *   (<folder>/)`), which were not loaded.
 */
export function explainNoTools(files: readonly SourceFile[], followed: readonly string[], unfollowed: readonly UnfollowedDependency[], thirdParty: ReadonlyMap<string, string> = new Map()): UnresolvedRegistration[] {
  const at = (sf: SourceFile, line = 1) => ({ file: sf.getFilePath() as string, line, column: 1 });
  // Third-party code a project ships is not searched: said of each such file that uses MCP, since it was named or walked into.
  const vendored = [...thirdParty].flatMap(([file, why]) => {
    const library = mcpImportInText(file);
    return library !== null ? [{ location: { file, line: 1, column: 1 }, reason: `imports ${library}, but is ${why}, which is not searched for tool registrations (its folder holds a licence, notice or manifest file, it starts with a licence banner, or it is larger than a hand-written file)` }] : [];
  });
  if (vendored.length > 0) return vendored;
  const read = `the ${files.length} file${files.length === 1 ? '' : 's'} read`;
  const minified = files.filter(isMinified);
  if (minified.length > 0) {
    return minified.map((sf) => ({
      location: at(sf),
      reason: `no tool registration was found in this minified bundle of ${sf.getFullText().length.toLocaleString('en-US')} bytes: the linter cannot read registrations whose code a minifier rewrote`,
    }));
  }
  for (const sf of files) {
    const library = mcpImport(sf);
    if (library) return [{ location: at(sf), reason: `imports ${library}, but no tool registration was found in ${read} (the server may register none, or register them through code the linter cannot follow)` }];
  }
  if (followed.length > 0) {
    return [{ location: at(files[0]!), reason: `no tool registration was found in ${read}, dependency package${followed.length === 1 ? '' : 's'} ${named(followed)} included (the tools may be registered through code the linter cannot follow)` }];
  }
  const bundle = files.find((sf) => BUNDLED_SDK_METHOD.test(sf.getFullText()));
  if (bundle) return [{ location: at(bundle), reason: 'this file bundles a copy of the MCP SDK (it names the tools/list method), but no tool registration the linter can read was found: a bundled SDK whose classes were renamed is not recognised' }];
  const byFile = new Map<string, SourceFile>(files.map((sf) => [sf.getFilePath() as string, sf]));
  const unread = unfollowed.filter((d) => byFile.has(d.importedFrom));
  if (unread.length === 0) return [];
  const first = unread[0]!;
  const names = unread.slice(0, MAX_NAMED).map((d) => `${d.name} (${d.reason})`).join(', ') + (unread.length > MAX_NAMED ? `, and ${unread.length - MAX_NAMED} more` : '');
  return [{
    location: at(byFile.get(first.importedFrom)!, lineOf(byFile.get(first.importedFrom)!, first.name)),
    reason: `no file read imports the MCP SDK or a known framework; the tools may be registered in a dependency package that was not read: ${names}`,
  }];
}

/** `a`, `a and b`, `a, b and 2 more`. */
function named(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, MAX_NAMED - 1).join(', ')} and ${names.length - (MAX_NAMED - 1)} more`;
}

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { completedCodeFile } from './file-system.js';

/**
 * Recognising a copy of the MCP SDK that a bundler inlined into a file, by the shape of its text
 * (names may be renamed, property names and method strings are kept): a package that does not
 * depend on the SDK may still bundle it (`lib/utilsBundle.js`), and its code then builds servers
 * from that copy (`require("./utilsBundle").Server`).
 */

/** A bundler's copy of the SDK's McpServer class (`class McpServer {`, `var McpServer = class {`). */
const MCP_SERVER_CLASS = /\bclass\s+McpServer\b|\bMcpServer\s*=\s*class\b/;

/**
 * Methods the SDK's `McpServer` has together, which a project's own facade would not define (and
 * which a minifier keeps when it renames the class, as property names are kept): a class that
 * defines all of them is a bundled copy of it.
 */
export const SDK_SERVER_METHODS = ['registerTool', 'setToolRequestHandlers', 'sendToolListChanged'];

/**
 * Methods the SDK's low-level `Server` (and its base `Protocol`) define, which code using a server
 * only calls: with the `tools/list` method string, a bundled copy of the low-level server.
 */
const LOW_LEVEL_SERVER_METHODS = ['setRequestHandler', 'sendToolListChanged'];

/** The method string of the request that lists tools. */
const TOOLS_LIST = /["'`]tools\/list["'`]/;

/** The text of a method definition `name(a, b) {` (`async connect(e){`), as a minifier writes it too. */
function methodDefinition(name: string): RegExp {
  return new RegExp(`[;}{,\\s]${name}\\s*\\([\\w$,\\s.={}\\[\\]]*\\)\\s*\\{`);
}

/**
 * True when a file's text holds a bundled copy of the SDK's server: its McpServer class by name,
 * the methods McpServer defines together (see {@link SDK_SERVER_METHODS}), or the low-level
 * Server's methods with the `tools/list` method string.
 */
export function bundlesMcpSdk(text: string): boolean {
  if (MCP_SERVER_CLASS.test(text) || SDK_SERVER_METHODS.every((m) => methodDefinition(m).test(text))) return true;
  return TOOLS_LIST.test(text) && LOW_LEVEL_SERVER_METHODS.every((m) => methodDefinition(m).test(text));
}

/** A file larger than this is not read to tell whether it bundles the SDK (as the project loader skips it). */
const MAX_READ_BYTES = 16 * 1024 * 1024;

/** The text of a code file, or '' when it cannot be read or is larger than {@link MAX_READ_BYTES}. */
function readCode(file: string): string {
  try {
    return statSync(file).size <= MAX_READ_BYTES ? readFileSync(file, 'utf8') : '';
  } catch {
    return '';
  }
}

const bundlesByFile = new Map<string, boolean>();

/** True when the code file at `file` bundles the MCP SDK (see {@link bundlesMcpSdk}); false when it cannot be read. Memoized per path and version of the file. */
export function fileBundlesMcpSdk(file: string): boolean {
  let version: string;
  try {
    const stat = statSync(file);
    version = `${file}\0${stat.size}\0${stat.mtimeMs}`;
  } catch {
    return false;
  }
  let known = bundlesByFile.get(version);
  if (known === undefined) {
    known = bundlesMcpSdk(readCode(file));
    bundlesByFile.set(version, known);
  }
  return known;
}

/** A call of `registerTool` on some receiver: the SDK defines the method but never calls it. */
const REGISTER_CALL = /[\w$)\]]\s*\.\s*registerTool\s*\(/;

/**
 * True when the code file at `file` bundles the MCP SDK and nothing else the linter needs: it never
 * calls `registerTool` (a minified toolkit inlines the SDK next to the tools it registers, and is read).
 */
export function fileIsSdkBundle(file: string): boolean {
  return fileBundlesMcpSdk(file) && !REGISTER_CALL.test(readCode(file));
}

/** True when the code file at `file` bundles the MCP SDK, or requires or imports by a relative specifier a module that does. */
export function reachesBundledSdk(file: string): boolean {
  return fileBundlesMcpSdk(file) || requiresBundledSdk(readCode(file), file);
}

/** `require("./x")`, `from "./x"`, `import("./x")`: a relative module specifier in code text. */
const RELATIVE_SPECIFIER = /(?:\brequire\s*\(\s*|\bfrom\s*|\bimport\s*\(\s*)["'](\.\.?\/[^"'\n]+)["']/g;

/** The distinct relative module specifiers a file's text requires or imports (`./utilsBundle`). */
function relativeSpecifiers(text: string): string[] {
  return [...new Set([...text.matchAll(RELATIVE_SPECIFIER)].map((m) => m[1]!))];
}

/** True when the module a relative specifier written in `containingFile` names (`./utilsBundle`) bundles the MCP SDK. */
export function isBundledSdkModule(specifier: string, containingFile: string): boolean {
  const file = completedCodeFile(path.resolve(path.dirname(containingFile), specifier));
  return file !== null && fileBundlesMcpSdk(file);
}

/** True when a module a file requires or imports by a relative specifier (`require("./utilsBundle")`) bundles the MCP SDK. */
export function requiresBundledSdk(text: string, containingFile: string): boolean {
  return relativeSpecifiers(text).some((s) => isBundledSdkModule(s, containingFile));
}

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Node, SourceFile } from 'ts-morph';

/**
 * Bundled dependencies. esbuild (and tsup, which uses it) marks each module it inlines with a
 * comment line naming its source path: `// node_modules/agnost/dist/index.js`, then
 * `// src/tools/search.ts`; rolldown (and tsdown) with `//#region <path>` (pnpm's paths:
 * `../../node_modules/.pnpm/a+b@1.0.0/node_modules/@a/b/index.js`). Code under a `node_modules/`
 * mark is a dependency's, not the server's: its bookkeeping (a logger's timestamp cache) is not
 * the tool's state, and its calls are not followed. Files without such marks have no regions.
 */
const REGION_MARK = /^\/\/(?: |#region )((?:[\w@.+-]+\/)*[\w@.+-]+\.[cm]?[jt]sx?)$/gm;

interface Region {
  start: number;
  /** The package of a `node_modules/` region (`agnost`, `@scope/pkg`), or null for the server's own code. */
  dependency: string | null;
}

const regionsByFile = new WeakMap<SourceFile, Region[]>();

function regionsOf(sf: SourceFile): Region[] {
  let regions = regionsByFile.get(sf);
  if (regions) return regions;
  regions = [];
  const text = sf.getFullText();
  for (const match of text.matchAll(REGION_MARK)) {
    const file = match[1]!;
    const at = file.lastIndexOf('node_modules/');
    let dependency: string | null = null;
    if (at >= 0) {
      const parts = file.slice(at + 'node_modules/'.length).split('/');
      dependency = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    }
    regions.push({ start: match.index!, dependency });
  }
  regionsByFile.set(sf, regions);
  return regions;
}

/**
 * Folders that hold third-party code a package ships inside itself (Chromium's and Google's
 * `third_party/`, the `vendor/` of many projects): chrome-devtools-mcp 1.11's
 * build/src/third_party/index.js is a 7.9 MB rollup bundle of puppeteer, lighthouse, yargs, zod and
 * the MCP SDK, without region marks. Walking it as the server's own code took minutes and read
 * the bookkeeping of puppeteer's classes as the server's state.
 */
const VENDOR_FOLDERS: ReadonlySet<string> = new Set(['third_party', 'third-party', 'thirdparty', 'vendor', 'vendors', 'vendored']);

/**
 * Files that say a folder holds someone else's code: license and notice files, a bundler's list of
 * what it inlined (chrome-devtools-mcp's `bundled-packages.json`), a package manifest, Chromium's
 * `README.chromium` and Google's `METADATA`.
 */
const THIRD_PARTY_SIGN_FILE = /^(?:third[_-]party[_-]notices?|notices?|licen[cs]e|copying|bundled-packages\.json|package\.json|readme\.chromium|metadata)(?:\.[\w.]+)?$/i;

/** A licence banner at the top of a file (a `/*!` comment, `@license`, `@preserve`), as bundlers keep for each library they inline. */
const LICENSE_BANNER = /\/\*!|@license\b|@preserve\b/;

/** Above this size (characters) a file in a vendor folder is a bundle, not hand-written code. */
const BUNDLE_SIZE = 256 * 1024;

const vendoredByFile = new WeakMap<SourceFile, string | null>();
const signedFolders = new Map<string, boolean>();
const projectRoots = new Map<string, boolean>();

/**
 * Whether the folder `dir` holds a file of {@link THIRD_PARTY_SIGN_FILE}. A `package.json` counts
 * only when it names a package: `{ "type": "module" }` alone switches a folder's module kind, often
 * in a project's own code. Reads the folder's listing; an unreadable folder has none.
 */
function hasSignFile(dir: string): boolean {
  let signed = signedFolders.get(dir);
  if (signed !== undefined) return signed;
  try {
    signed = readdirSync(dir).some((name) => THIRD_PARTY_SIGN_FILE.test(name) && (name !== 'package.json' || namesPackage(path.join(dir, name))));
  } catch {
    signed = false;
  }
  signedFolders.set(dir, signed);
  return signed;
}

/** True when the manifest `file` parses and has a `name`; false when it cannot be read or parsed. */
function namesPackage(file: string): boolean {
  try {
    const manifest: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof manifest === 'object' && manifest !== null && typeof (manifest as { name?: unknown }).name === 'string';
  } catch {
    return false;
  }
}

/** True when `dir` is the root of a package or a repository (it holds `package.json` or `.git`). */
function isProjectRoot(dir: string): boolean {
  let root = projectRoots.get(dir);
  if (root === undefined) projectRoots.set(dir, (root = existsSync(path.join(dir, 'package.json')) || existsSync(path.join(dir, '.git'))));
  return root;
}

/**
 * `third-party code (<folder>/)` when `sf` lies in a folder of {@link VENDOR_FOLDERS} that is
 * inside a package or repository (a folder above it holds `package.json` or `.git`), not under
 * node_modules, and shows it is someone else's code: a sign file in its folder or any folder up to
 * the vendor folder, a licence banner in its first 4 kB, or the size of a bundle. Else null: a
 * project's own `src/vendors/stripe.ts` (its integrations with vendors) or a hand-written
 * `src/vendor/store.js` is the server's code and is analysed, as is a server that merely sits in
 * a folder named `vendor/` outside any project. Such a file is neither searched for tool
 * registrations nor walked by effect inference. Reads the listings of the folders between.
 */
export function thirdPartyCodeIn(sf: SourceFile): string | null {
  let found = vendoredByFile.get(sf);
  if (found !== undefined) return found;
  found = null;
  const parts = sf.getFilePath().split('/').slice(0, -1);
  let at = parts.length - 1;
  while (at >= 0 && !VENDOR_FOLDERS.has(parts[at]!)) at--;
  const insideProject = (): boolean => {
    for (let end = at; end > 0; end--) if (isProjectRoot(parts.slice(0, end).join('/') || '/')) return true;
    return false;
  };
  if (at >= 0 && !parts.slice(at).includes('node_modules') && insideProject()) {
    const text = sf.getFullText();
    let signed = text.length > BUNDLE_SIZE || LICENSE_BANNER.test(text.slice(0, 4096));
    for (let end = parts.length; !signed && end > at; end--) signed = hasSignFile(parts.slice(0, end).join('/') || '/');
    if (signed) found = `third-party code (${parts[at]}/)`;
  }
  vendoredByFile.set(sf, found);
  return found;
}

/**
 * The package a node belongs to when it lies in a dependency that a bundler inlined into the file
 * (its region's package), or in a folder of third-party code the package ships (`third-party code
 * (third_party/)`); null for the server's own code.
 */
export function bundledDependencyOf(node: Node): string | null {
  const vendored = thirdPartyCodeIn(node.getSourceFile());
  if (vendored !== null) return vendored;
  const regions = regionsOf(node.getSourceFile());
  // The start of its own text: a mark right above a function is the function's leading comment.
  const pos = node.getStart();
  let found: Region | undefined;
  for (const region of regions) {
    if (region.start > pos) break;
    found = region;
  }
  return found?.dependency ?? null;
}

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

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

const vendoredByFile = new Map<string, string | null>();
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
 * `third-party code (<folder>/)` when the code file `file` (an absolute path) lies in a folder of
 * {@link VENDOR_FOLDERS} that is inside a package or repository (a folder above it holds
 * `package.json` or `.git`), not under node_modules, and shows it is someone else's code: a sign
 * file in its folder or any folder up to the vendor folder, a licence banner in its first 4 kB, or
 * the size of a bundle. Else null: a project's own `src/vendors/stripe.ts` (its integrations with
 * vendors) or a hand-written `src/vendor/store.js` is the server's code and is analysed, as is a
 * server that merely sits in a folder named `vendor/` outside any project. A file that cannot be
 * read is third-party code only by its folder (a sign file); otherwise it is loaded, and its read
 * error reported.
 *
 * Such a file is never loaded (project/load.ts): neither parsed, nor searched for tool
 * registrations, nor walked by effect inference; what it exports is a package's opaque value
 * (see `Resolver`'s `vendored` modules). Reads the file and the listings of the folders between,
 * once per path.
 */
export function thirdPartyCodeAt(file: string): string | null {
  let found = vendoredByFile.get(file);
  if (found !== undefined) return found;
  found = null;
  const parts = file.split('/').slice(0, -1);
  let at = parts.length - 1;
  while (at >= 0 && !VENDOR_FOLDERS.has(parts[at]!)) at--;
  const insideProject = (): boolean => {
    for (let end = at; end > 0; end--) if (isProjectRoot(parts.slice(0, end).join('/') || '/')) return true;
    return false;
  };
  if (at >= 0 && !parts.slice(at).includes('node_modules') && insideProject()) {
    // The folders first: a file in a signed folder is someone else's whether or not it can be read (it is never read then).
    let signed = false;
    for (let end = parts.length; !signed && end > at; end--) signed = hasSignFile(parts.slice(0, end).join('/') || '/');
    if (!signed) {
      const text = readText(file);
      signed = text !== null && (text.length > BUNDLE_SIZE || LICENSE_BANNER.test(text.slice(0, 4096)));
    }
    if (signed) found = `third-party code (${parts[at]}/)`;
  }
  vendoredByFile.set(file, found);
  return found;
}

/** The text of `file`, or null when it cannot be read. */
function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

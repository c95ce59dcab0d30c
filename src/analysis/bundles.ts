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

const vendoredByFile = new WeakMap<SourceFile, string | null>();

/** `third-party code (<folder>/)` when `sf` lies in a folder of {@link VENDOR_FOLDERS} (not under node_modules), else null. */
function vendoredFolderOf(sf: SourceFile): string | null {
  let found = vendoredByFile.get(sf);
  if (found !== undefined) return found;
  const parts = sf.getFilePath().split('/').slice(0, -1);
  let at = parts.length - 1;
  while (at >= 0 && !VENDOR_FOLDERS.has(parts[at]!)) at--;
  found = at >= 0 && !parts.slice(at).includes('node_modules') ? `third-party code (${parts[at]}/)` : null;
  vendoredByFile.set(sf, found);
  return found;
}

/**
 * The package a node belongs to when it lies in a dependency that a bundler inlined into the file
 * (its region's package), or in a folder of third-party code the package ships (`third-party code
 * (third_party/)`); null for the server's own code.
 */
export function bundledDependencyOf(node: Node): string | null {
  const vendored = vendoredFolderOf(node.getSourceFile());
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

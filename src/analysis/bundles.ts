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
 * The package a node belongs to when it lies in a dependency that a bundler inlined into the file
 * (its region's package); null for the server's own code. (Third-party code a package ships in a
 * folder of its own, `third_party/`, is never loaded: see project/third-party.ts.)
 */
export function bundledDependencyOf(node: Node): string | null {
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

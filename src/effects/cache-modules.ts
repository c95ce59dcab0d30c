import { Node } from '../ts-morph.js';
import { wordsOf } from './api-verbs.js';

/**
 * Code whose module or class says it is a cache (`tokenCountCache.ts`, `cache/store.ts`,
 * `class ResponseCache`): what it keeps, in memory or in its own files, is a copy of what callers
 * would compute or fetch anyway, so filling, refreshing or evicting it changes nothing a later call
 * returns (issue 15, kind 2; corpus README, "What the labels mean": caches that do not change what
 * later calls return are not modifications). A file that registers tools, or holds a tool's
 * handler (the caller checks that), is never such a module: a "cache" a tool stores the user's
 * values in is that tool's data.
 */

/** Words that name a cache or a memo (`schemaCache`, `_cache`, `envMemo`, `cachedUsers`, `tokenCountCache.ts`). */
export const CACHE_WORDS: ReadonlySet<string> = new Set(['cache', 'cached', 'caches', 'memo', 'memos', 'memoized', 'memoised']);

/** Texts that show a file registers tools (then its state is tool data, not a cache's). */
const REGISTERING = /\b(?:registerTool|addTool|setRequestHandler|server\.tool)\s*\(/;

/** True when `node` sits in a class, or a module, whose name says it is a cache, and that module registers no tools. */
export function isInCacheModule(node: Node): boolean {
  const sf = node.getSourceFile();
  const cls = node.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
  const className = cls && (Node.isClassDeclaration(cls) || Node.isClassExpression(cls)) ? cls.getName() : undefined;
  const named = [sf.getBaseNameWithoutExtension(), sf.getDirectory().getBaseName(), className ?? ''].some((n) => wordsOf(n).some((w) => CACHE_WORDS.has(w)));
  return named && !REGISTERING.test(sf.getFullText());
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ts as TS } from 'ts-morph';
import { ts } from '../ts-morph.js';

/** Config files of bundlers whose `entry` names the sources a package is built from (tsup, tsdown). */
const BUNDLER_CONFIGS = ['tsup', 'tsdown'].flatMap((tool) => ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'].map((ext) => `${tool}.config.${ext}`));

/** Characters of a glob: an entry written as one is not a file. */
const GLOB = /[*?{}[\]!]/;

/**
 * The source files a package's bundler config names as entries, in the package at `dir`: the
 * strings of the `entry` (or `entryPoints`) option of tsup.config.* or tsdown.config.* (a string, an
 * array, or an object whose values are the files: `entry: { server: "src/server.js" }`), resolved
 * against `dir`, that exist. Globs and computed entries are left out. Empty when there is no such
 * config or it cannot be read: entries are found on a best-effort basis. Never throws.
 */
export function bundlerEntries(dir: string): string[] {
  const found = new Set<string>();
  for (const name of BUNDLER_CONFIGS) {
    const file = path.join(dir, name);
    if (!existsSync(file)) continue;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const visit = (node: TS.Node): void => {
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && (node.name.text === 'entry' || node.name.text === 'entryPoints')) {
        for (const value of entryStrings(node.initializer)) {
          const entry = path.resolve(dir, value);
          if (!GLOB.test(value) && existsSync(entry)) found.add(entry);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return [...found];
}

/** The string literals an `entry` value writes: itself, an array's elements, an object's property values. */
function entryStrings(value: TS.Expression): string[] {
  if (ts.isStringLiteralLike(value)) return [value.text];
  if (ts.isArrayLiteralExpression(value)) return value.elements.flatMap((e) => entryStrings(e));
  if (ts.isObjectLiteralExpression(value)) return value.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? entryStrings(p.initializer) : []));
  return [];
}

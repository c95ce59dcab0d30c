import { existsSync, lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from '../ts-morph.js';

/**
 * Which source files `--fix` may edit (issue 17: "Computed values, compiled JavaScript and files
 * under node_modules are never edited"; the guide: never replace a link's target or anything the
 * run was not asked to write).
 */

/** A source map comment at the end of compiled output (`//# sourceMappingURL=index.js.map`). */
const SOURCE_MAP_COMMENT = /^[ \t]*\/[/*][#@] sourceMappingURL=/m;

/** JavaScript extensions, whose files may be a compiler's output rather than source. */
const JAVASCRIPT = /\.[cm]?jsx?$/;

/**
 * Helpers only compilers and bundlers write: tsc's downlevel and CommonJS helpers, esbuild's and
 * rollup's interop, webpack's runtime, Babel's interop.
 */
const COMPILER_OUTPUT = /\b(?:__awaiter|__generator|__createBinding|__importDefault|__importStar|__webpack_require__|__defProp|_interopRequireDefault)\b|Object\.defineProperty\(exports, "__esModule"/;

/**
 * The `outDir` of the nearest tsconfig.json above `file` (absolute), or null: a file inside it is
 * that project's build output. Read as JSON with comments (tsc's own reader); `extends` is not
 * followed.
 */
function outDirAbove(file: string): string | null {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const config = path.join(dir, 'tsconfig.json');
    if (existsSync(config)) {
      try {
        const { config: json } = ts.parseConfigFileTextToJson(config, readFileSync(config, 'utf8')) as { config?: { compilerOptions?: { outDir?: unknown } } };
        const outDir = json?.compilerOptions?.outDir;
        return typeof outDir === 'string' ? path.resolve(dir, outDir) : null;
      } catch {
        return null;
      }
    }
    if (path.dirname(dir) === dir || existsSync(path.join(dir, '.git'))) return null;
  }
}

/**
 * Why `file` (absolute) must not be edited, in words, or null when it may be:
 * - under `node_modules`: a dependency's code, which an install replaces;
 * - a declaration file (`.d.ts`);
 * - compiled JavaScript: a `.js` file with a source map comment, a `.map` file beside it, a
 *   declaration file of the same name beside it, a compiler's or bundler's helpers in it, or in the
 *   `outDir` of the nearest tsconfig.json above it; its source is what to fix;
 * - not a regular file: a symbolic link (replacing it would replace the link, writing through it
 *   would change a file the run was not named), a file with other hard links (a rename would split
 *   them), a device, or one that is gone.
 *
 * @param text the file's text as the run read it (read again from disk when not given).
 * Never throws: a file that cannot be examined is one not to edit, with the reason.
 */
export function whyNotEditable(file: string, text?: string): string | null {
  if (file.split(/[\\/]/).includes('node_modules')) return 'it is under node_modules (a dependency, which an install replaces)';
  if (/\.d\.[cm]?ts$/.test(file)) return 'it is a declaration file';
  let stats;
  try {
    stats = lstatSync(file);
  } catch {
    return 'it cannot be read any more';
  }
  if (stats.isSymbolicLink()) return 'it is a symbolic link (fix the file it leads to by naming that file)';
  if (!stats.isFile()) return 'it is not a regular file';
  if (stats.nlink > 1) return 'it has other hard links, which a rewrite would split';
  // A rename replaces a file whatever its own mode: a write-protected file is left as its owner meant.
  if ((stats.mode & 0o222) === 0) return 'it is write-protected (no write permission)';
  if (JAVASCRIPT.test(file)) {
    const stem = file.replace(JAVASCRIPT, '');
    if (existsSync(`${file}.map`)) return `it is compiled JavaScript (${path.basename(file)}.map is beside it): fix its source`;
    if (['.d.ts', '.d.mts', '.d.cts'].some((ext) => existsSync(stem + ext))) return 'it is compiled JavaScript (a declaration file of the same name is beside it): fix its source';
    if (['.ts', '.tsx', '.mts', '.cts'].some((ext) => existsSync(stem + ext))) return `it is compiled JavaScript (${path.basename(stem)}.ts or the like is beside it): fix its source`;
    let code = text;
    if (code === undefined) {
      try {
        code = readFileSync(file, 'utf8');
      } catch {
        return 'it cannot be read any more';
      }
    }
    if (SOURCE_MAP_COMMENT.test(code)) return 'it is compiled JavaScript (it names a source map): fix its source';
    if (COMPILER_OUTPUT.test(code)) return "it is compiled JavaScript (it holds a compiler's helpers): fix its source";
    const outDir = outDirAbove(file);
    if (outDir !== null && file.startsWith(outDir + path.sep)) return `it is compiled JavaScript (it is in ${path.basename(outDir)}/, the outDir of the tsconfig.json above it): fix its source`;
  }
  return null;
}

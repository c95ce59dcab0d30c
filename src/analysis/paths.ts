import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Node, SyntaxKind } from '../ts-morph.js';
import type { Bindings } from './bindings.js';
import type { Evaluated } from './values.js';
import type { Resolver } from './resolve.js';

/** Evaluates an argument (the caller's `evaluate`, passed in to keep this module out of the evaluator's import cycle). */
type EvaluateArgument = (expr: Node) => Evaluated;

/** The functions of `node:path` whose result follows from string arguments alone (POSIX forms). */
const PATH_FUNCTIONS: ReadonlySet<string> = new Set(['join', 'resolve', 'dirname', 'basename', 'extname', 'normalize']);

/**
 * The static value of a file path a module computes from where it is: `__dirname` and
 * `__filename` (CommonJS), `import.meta.url`, `import.meta.dirname`, `import.meta.filename`, and
 * `node:path`'s `join`, `resolve`, `dirname`, `basename`, `extname`, `normalize` and `node:url`'s
 * `fileURLToPath`, `pathToFileURL(...)` (its `href`) applied to known strings. The module's
 * location is the file the linter reads (a `.ts` source reads as itself, not as its build).
 * Null for any other expression; unknown (with why) when an argument is.
 */
export function evaluatePath(node: Node, resolver: Resolver, b: Bindings, evaluateArgument: EvaluateArgument): Evaluated | null {
  const file = node.getSourceFile().getFilePath();
  if (Node.isIdentifier(node) && (node.getText() === '__dirname' || node.getText() === '__filename')) {
    // Only the module-scoped globals: a variable of that name is read as any other.
    if (node.getSymbol()?.getDeclarations().length) return null;
    return { known: true, value: node.getText() === '__dirname' ? path.dirname(file) : file };
  }
  if (Node.isPropertyAccessExpression(node)) {
    const receiver = node.getExpression();
    if (Node.isMetaProperty(receiver) && receiver.getKeywordToken() === SyntaxKind.ImportKeyword) {
      const name = node.getName();
      if (name === 'url') return { known: true, value: pathToFileURL(file).href };
      if (name === 'dirname') return { known: true, value: path.dirname(file) };
      if (name === 'filename') return { known: true, value: file };
      return null;
    }
    // `pathToFileURL(p).href`: the URL as a string.
    if (node.getName() === 'href' && Node.isCallExpression(receiver) && builtinFunction(receiver, resolver, b) === 'pathToFileURL') return evaluatePath(receiver, resolver, b, evaluateArgument);
    return null;
  }
  if (!Node.isCallExpression(node)) return null;
  const fn = builtinFunction(node, resolver, b);
  if (!fn) return null;
  const args: string[] = [];
  for (const arg of node.getArguments()) {
    const v = evaluateArgument(arg);
    if (!v.known) return v;
    if (typeof v.value !== 'string') return { known: false, reason: `\`${arg.getText()}\` is no string`, node: arg };
    args.push(v.value);
  }
  try {
    switch (fn) {
      case 'fileURLToPath':
        return { known: true, value: fileURLToPath(args[0]!) };
      case 'pathToFileURL':
        return { known: true, value: pathToFileURL(args[0]!).href };
      case 'resolve':
        // Relative to the working directory, which only run time has, unless a part is absolute.
        if (!args.some((a) => path.isAbsolute(a))) return { known: false, reason: `\`${node.getText()}\` depends on the working directory`, node };
        return { known: true, value: path.resolve(...args) };
      default:
        return { known: true, value: (path as unknown as Record<string, (...a: string[]) => string>)[fn]!(...args) };
    }
  } catch {
    return { known: false, reason: `\`${node.getText()}\` throws for these arguments`, node };
  }
}

/**
 * The function of `node:url` (`fileURLToPath`, `pathToFileURL`) or `node:path` (`join`,
 * `path.join`, `path.posix.join`, ...; see {@link PATH_FUNCTIONS}) the call calls, or null.
 */
function builtinFunction(call: import('ts-morph').CallExpression, resolver: Resolver, b: Bindings): string | null {
  const target = resolver.resolve(call.getExpression(), 0, b);
  if (target.kind !== 'module') return null;
  const names = target.path.filter((p) => p !== 'default' && p !== 'posix');
  const name = names.length === 1 ? names[0]! : null;
  if (/^(node:)?url$/.test(target.specifier)) return name === 'fileURLToPath' || name === 'pathToFileURL' ? name : null;
  if (/^(node:)?path(\/posix)?$/.test(target.specifier)) return name !== null && PATH_FUNCTIONS.has(name) ? name : null;
  return null;
}

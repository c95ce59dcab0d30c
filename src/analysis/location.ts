import type { Node } from 'ts-morph';
import type { SourceLocation } from '../model.js';

/** The 1-based line and column where a node starts (after its leading trivia), with its file's absolute path. */
export function locationOf(node: Node): SourceLocation {
  const sf = node.getSourceFile();
  // The compiler's cached line map; ts-morph's getLineAndColumnAtPos rescans the text.
  const { line, character } = sf.compilerNode.getLineAndCharacterOfPosition(node.getStart());
  return { file: sf.getFilePath(), line: line + 1, column: character + 1 };
}

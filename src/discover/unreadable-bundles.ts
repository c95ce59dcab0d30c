import type { SourceFile } from 'ts-morph';
import type { UnresolvedRegistration } from '../model.js';

/** A line this long is a minifier's (hand-written and formatted code stays far below it). */
const MINIFIED_LINE = 1000;

/** The method of the MCP request that calls a tool, as every server implementation writes it. */
const SERVES_TOOLS = /["'`]tools\/call["'`]/;

/**
 * The unresolved registration that stands for a minified bundle serving MCP tools in which no
 * registration could be read: a file with a minified line that handles `tools/call` (the SDK or
 * a framework inlined into it). Without it, a bundle the linter cannot read would pass as a
 * server with no tools. Null for any other file.
 */
export function unreadableBundle(sf: SourceFile): UnresolvedRegistration | null {
  const text = sf.getFullText();
  if (!SERVES_TOOLS.test(text) || !text.split('\n').some((line) => line.length > MINIFIED_LINE)) return null;
  return {
    location: { file: sf.getFilePath(), line: 1, column: 1 },
    reason: 'this minified bundle serves MCP tools ("tools/call"), but no tool registration in it could be read; lint the server\'s source or an unminified build',
  };
}

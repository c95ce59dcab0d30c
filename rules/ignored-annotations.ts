import path from 'node:path';
import { defineRule } from '../src/engine/rule.js';

/**
 * The SDK releases whose `McpServer.tool()` was read (1.3.0, the first with `McpServer`, to
 * 1.32.2): each takes the first function it gets as the callback and never reads what follows.
 */
export const CHECKED_SDK_RELEASES = { first: '1.3.0', last: '1.32.2' } as const;

/**
 * Annotations written after the callback of the deprecated `server.tool(name, description, shape,
 * callback, annotations)`: the SDK never reads them (`tool()` in @modelcontextprotocol/sdk
 * server/mcp.js shifts the optional description, shape and annotations off the front, then calls
 * `rest[0]`), so clients see no annotations and assume the spec defaults. An error when the SDK
 * version the file runs with is one of the releases read; a warning when it cannot be read or is
 * newer.
 */
export default defineRule({
  id: 'ignored-annotations',
  meta: {
    type: 'problem',
    docs: { description: 'annotations the SDK never sends (after the callback of server.tool())', recommended: 'error' },
    requires: ['source'],
    messages: {
      ignored:
        '"{{tool}}" gives annotations after its callback, where @modelcontextprotocol/sdk {{version}} ({{from}}) never reads them: clients see no annotations and assume it is destructive, not idempotent and open-world; pass them before the callback, or use registerTool',
      unknownVersion:
        '"{{tool}}" gives annotations after its callback, where no release of @modelcontextprotocol/sdk from {{first}} to {{last}} reads them; the version this file runs with is unknown ({{why}}), but with any of those clients see no annotations; pass them before the callback, or use registerTool',
    },
  },
  check({ tool, report }) {
    const ignored = tool.ignoredAnnotations;
    if (!ignored) return;
    const { first, last } = CHECKED_SDK_RELEASES;
    const location = ignored.location;
    const sdk = ignored.sdk;
    if (sdk && sdk.versions.every(checked)) {
      report({ messageId: 'ignored', location, data: { tool: tool.displayName, version: sdk.versions.join(', '), from: path.relative(path.dirname(tool.location.file), sdk.from) } });
      return;
    }
    const why = sdk ? `${sdk.versions.filter((v) => !checked(v)).join(', ')} in ${path.relative(path.dirname(tool.location.file), sdk.from)} is not among them` : 'no installed package or lockfile above it names it';
    report({ messageId: 'unknownVersion', location, data: { tool: tool.displayName, first, last, why }, confidence: 'likely' });
  },
});

/** True for a version within the releases read (a pre-release counts as its release). */
function checked(version: string): boolean {
  const core = parse(version);
  return core !== null && compare(core, parse(CHECKED_SDK_RELEASES.first)!) >= 0 && compare(core, parse(CHECKED_SDK_RELEASES.last)!) <= 0;
}

function parse(version: string): number[] | null {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function compare(a: number[], b: number[]): number {
  return a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
}

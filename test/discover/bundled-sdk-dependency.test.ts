import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/index.js';
import { bundlesMcpSdk } from '../../src/project/bundled-sdk.js';
import { writeProject } from '../helpers.js';

/** A server whose tools live in a dependency that bundles its own copy of the SDK (test/fixtures/bundled-sdk-dependency/README.md). */
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'bundled-sdk-dependency');

function installed(): string {
  const dir = writeProject({});
  cpSync(path.join(FIXTURE, 'server'), path.join(dir, 'node_modules', '@acme', 'browser-mcp'), { recursive: true });
  cpSync(path.join(FIXTURE, 'core'), path.join(dir, 'node_modules', 'acme-core'), { recursive: true });
  return dir;
}

describe('tools registered in a dependency that bundles the MCP SDK', () => {
  it('follows the package, leaves its SDK bundle unread, and reads the tools/list handler in each context of the server factory', async () => {
    const dir = installed();
    const result = await lint({ paths: ['node_modules/@acme/browser-mcp'], cwd: dir });
    const tools = Object.fromEntries(result.tools.map((t) => [t.name, [`${path.relative(dir, t.location.file)}:${t.location.line}`, t.annotations?.properties.readOnlyHint?.value, t.annotations?.properties.destructiveHint?.value]]));
    // `pdf_save` is kept (its capability is chosen at run time); `pdf_preview` is `skillOnly`, filtered out.
    expect(tools).toEqual({
      page_open: ['node_modules/acme-core/lib/core.js:13', true, false],
      page_save: ['node_modules/acme-core/lib/core.js:18', false, true],
      pdf_save: ['node_modules/acme-core/lib/core.js:27', false, true],
    });
    // Also over HTTP, where the server is made in a request callback whose calls the linter cannot see.
    expect(result.unresolvedRegistrations).toEqual([]);
    expect(result.filesRead.map((f) => path.relative(dir, f)).sort()).toEqual(['node_modules/@acme/browser-mcp/cli.js', 'node_modules/acme-core/lib/core.js']);
    // What the handlers call from the unread bundle is said to be unread, not missing.
    const reasons = result.tools.flatMap((t) => t.unresolved.map((u) => u.reason));
    expect(reasons.some((r) => r.includes('cannot be found'))).toBe(false);
  });

  it('recognises a bundled low-level Server by the methods it defines, not by calls of them', () => {
    const bundle = 'var Protocol = class { setRequestHandler(schema, handler) { this.h = handler; } };\nvar Server = class extends Protocol { async sendToolListChanged() {} m(x) { switch (x) { case "tools/list": return 1; } } };';
    expect(bundlesMcpSdk(bundle)).toBe(true);
    const user = 'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));\nvoid server.sendToolListChanged().catch(log);\nconst m = "tools/list";';
    expect(bundlesMcpSdk(user)).toBe(false);
  });
});

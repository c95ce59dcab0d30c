import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SourceFile } from 'ts-morph';
import { Node } from '../../ts-morph.js';
import { Bindings } from '../../analysis/bindings.js';
import type { UnresolvedItem } from '../../model.js';
import { annotationsAt, AS_WRITTEN, fromDefinition, handlersOf, importsModule, namedTool, propertyOf, type RegistrationAdapter } from '../adapter.js';
import type { Arg, Discovery } from '../tool-facts.js';

const XMCP = /^xmcp(\/|$)/;

/** The names xmcp looks for its configuration under, in a project's root. */
const CONFIG_FILES = ['xmcp.config.ts', 'xmcp.config.js', 'xmcp.config.mjs', 'xmcp.config.cjs', 'xmcp.config.mts'];

/**
 * xmcp (package `xmcp`): no registration call; every file under `src/tools/` is a tool, with the
 * handler as its default export, an optional `schema` (a raw Zod shape) and an optional
 * `metadata` export `{ name, description, annotations, _meta }`. The name is `metadata.name`, else
 * the file's basename without extension (the folder is not part of it); the annotations are
 * `metadata.annotations`. A file is taken as xmcp's when a folder above it holds `xmcp.config.*`
 * and it lies in that folder's `src/tools/`, or when it imports "xmcp" and lies in some `src/tools/`.
 * Docs: https://xmcp.dev/docs/core-concepts/tools
 */
export const xmcp: RegistrationAdapter = {
  id: 'xmcp',
  mayRegister: (text) => text.includes('export default'),
  discover(sf, ctx) {
    const found: Discovery = { tools: [], unresolved: [] };
    if (!isToolFile(sf)) return found;
    const assignment = sf.getExportAssignment((e) => !e.isExportEquals());
    const handler = assignment?.getExpression() ?? sf.getFunctions().find((f) => f.isDefaultExport());
    if (!handler) return found;
    const handlerArg: Arg = { node: handler, bindings: Bindings.EMPTY };
    const metadataDecl = sf.getExportedDeclarations().get('metadata')?.[0];
    const metadataValue = metadataDecl && Node.isVariableDeclaration(metadataDecl) ? metadataDecl.getInitializer() : undefined;
    const metadata: Arg | null = metadataValue ? { node: metadataValue, bindings: Bindings.EMPTY } : null;
    if (metadata && propertyOf(metadata, 'name', ctx.resolver)) {
      found.tools.push(fromDefinition('xmcp tool file', metadata, { name: 'name', annotations: 'annotations', handler: [] }, AS_WRITTEN, ctx.resolver, { handlerArg }));
      return found;
    }
    // No `metadata.name`: the file's basename names the tool, reported at the default export.
    const unresolved: UnresolvedItem[] = [];
    const handlers = handlersOf(handlerArg, ctx.resolver, unresolved);
    const annotations = metadata ? annotationsAt(metadata, 'annotations', ctx.resolver) : null;
    found.tools.push(namedTool('xmcp tool file', sf.getBaseNameWithoutExtension(), assignment ?? handler, annotations, handlers, unresolved));
    return found;
  },
};

/** True for a file under the `src/tools/` folder of an xmcp project. */
function isToolFile(sf: SourceFile): boolean {
  const file = sf.getFilePath();
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (CONFIG_FILES.some((name) => existsSync(path.join(dir, name)))) return isInside(file, path.join(dir, 'src', 'tools'));
    if (path.dirname(dir) === dir) break;
  }
  return importsModule(sf, XMCP) && file.split(/[\\/]/).join('/').includes('/src/tools/');
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

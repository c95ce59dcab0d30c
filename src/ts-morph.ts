import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';

/**
 * ts-morph's runtime values, loaded with `require`. ts-morph is CommonJS: an ESM `import` of it
 * makes Node.js lex its 950 kB bundle for named exports first, which costs about 90–130 ms of
 * every run's start-up (measured on Node 20). Types still come from `import type ... 'ts-morph'`.
 */
const tsMorph = createRequire(import.meta.url)('ts-morph') as typeof TsMorph;

export const Node = tsMorph.Node;
export type Node = TsMorph.Node;
export const Project = tsMorph.Project;
export type Project = TsMorph.Project;
export const SyntaxKind = tsMorph.SyntaxKind;
export type SyntaxKind = TsMorph.SyntaxKind;
/** The TypeScript compiler API that ts-morph bundles (values; its types are `import type { ts } from 'ts-morph'`). */
export const ts = tsMorph.ts;
/**
 * The error a ts-morph file system host throws for a file that does not exist (what ts-morph catches
 * as "no such file"). ts-morph exports it at run time without declaring it in its types.
 */
export const FileNotFoundError = (tsMorph as unknown as { FileNotFoundError: new (filePath: string) => Error }).FileNotFoundError;

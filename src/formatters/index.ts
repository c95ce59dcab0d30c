import { github } from './github.js';
import { json } from './json.js';
import { markdown } from './markdown.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';
import { submission } from './submission.js';
import type { Formatter } from './types.js';

/** Built-in formatters by name (`--format <name>`). */
export const FORMATTERS: ReadonlyMap<string, Formatter> = new Map([
  ['github', github],
  ['json', json],
  ['markdown', markdown],
  ['sarif', sarif],
  ['stylish', stylish],
  ['submission', submission],
]);

export { toolsTable } from './tools-table.js';
export type { Formatter, FormatterOptions } from './types.js';

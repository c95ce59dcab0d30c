import { describe, expect, it } from 'vitest';
import { found } from './catalog-helpers.js';
import { serverWith } from './catalog-helpers.js';

const TOP = `import * as fs from "node:fs";
import * as path from "node:path";
import fse from "fs-extra";
function uniquePath(file: string): string {
  const next = (index: number): string => {
    const candidate = index === 0 ? file : file.replace(/(\\.\\w+)?$/, \` (\${index})$1\`);
    if (fs.existsSync(candidate)) {
      return next(index + 1);
    }
    return candidate;
  };
  return next(0);
}
function anyPath(file: string): string {
  return path.resolve(file);
}`;

/** The effect rows of the writes each tool makes: sink, destructive, idempotent. */
async function writes(tools: Record<string, string>): Promise<Record<string, string[]>> {
  const result = await found(serverWith(TOP, tools), Object.keys(tools));
  return Object.fromEntries(Object.entries(result).map(([name, f]) => [name, f.effects.filter((e) => e.kind === 'fs.write').map((e) => `${e.sink} d=${e.destructive} i=${e.idempotent}: ${e.description}`)]));
}

describe('writes the code proves create a new file', () => {
  it('takes a write after a guard that leaves when the file exists, or inside `if (!exists)`, for a create that a repeat does not redo', async () => {
    const rows = await writes({
      throws: `  const p = path.join(args.dir, args.name);\n  if (fs.existsSync(p)) {\n    throw new Error("File already exists: " + p);\n  }\n  fs.writeFileSync(p, args.text);`,
      returns: `  if (await fse.pathExists(args.file)) return { content: [] };\n  await fse.writeFile(args.file, args.text);`,
      inside: `  if (!fs.existsSync(args.file)) {\n    fs.writeFileSync(args.file, args.text);\n  }`,
    });
    expect(rows).toEqual({
      throws: ['fs writeFileSync d=false i=true: writes a new file (fails or skips if it exists: checked at server.ts:22)'],
      returns: ['fs-extra writeFile d=false i=true: writes a new file (fails or skips if it exists: checked at server.ts:29)'],
      inside: ['fs writeFileSync d=false i=true: writes a new file (fails or skips if it exists: checked at server.ts:34)'],
    });
  });

  it('takes a write to a name a helper or a loop found free for a new file on every call', async () => {
    const rows = await writes({
      helper: `  const p = uniquePath(path.join(args.dir, args.name));\n  fs.writeFileSync(p, args.text);`,
      loop: `  let p = args.file;\n  let i = 0;\n  while (fs.existsSync(p)) p = args.file + "." + ++i;\n  fs.writeFileSync(p, args.text);`,
    });
    expect(rows.helper).toEqual(['fs writeFileSync d=false i=false: writes a new file (under a name no file has yet: checked at server.ts:10)']);
    expect(rows.loop).toEqual(['fs writeFileSync d=false i=false: writes a new file (under a name no file has yet: checked at server.ts:28)']);
  });

  it('keeps a write destructive when the check does not leave, checks another path, or the helper returns unchecked paths', async () => {
    const rows = await writes({
      warnsOnly: `  if (fs.existsSync(args.file)) console.error("overwriting");\n  fs.writeFileSync(args.file, args.text);`,
      otherPath: `  if (fs.existsSync(args.other)) throw new Error("exists");\n  fs.writeFileSync(args.file, args.text);`,
      elseOfNegated: `  if (!fs.existsSync(args.file)) {\n    fs.mkdirSync(args.dir);\n  } else {\n    fs.writeFileSync(args.file, args.text);\n  }`,
      unchecked: `  fs.writeFileSync(anyPath(args.file), args.text);`,
      afterBranch: `  if (fs.existsSync(args.file)) {\n    console.error("exists");\n  }\n  fs.writeFileSync(args.file, args.text);`,
    });
    for (const [name, r] of Object.entries(rows)) expect([name, r.filter((row) => row.startsWith('fs writeFileSync'))]).toEqual([name, ['fs writeFileSync d=true i=true: writes a file (overwrites it if it exists)']]);
  });
});

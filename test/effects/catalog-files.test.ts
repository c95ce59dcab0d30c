import { describe, expect, it } from 'vitest';
import { found, foundIn, serverWith } from './catalog-helpers.js';

describe('fs-extra', () => {
  it('classifies its own functions, async and Sync', async () => {
    const r = await foundIn(
      `import fse from "fs-extra";`,
      `  await fse.outputFile("a", "x"); fse.outputJsonSync("b", {}); await fse.writeJson("c", {}); fse.writeJSONSync("d", {});
  await fse.ensureDir("e"); fse.mkdirpSync("f"); await fse.mkdirs("g"); await fse.ensureFile("h"); await fse.ensureLink("h", "i"); fse.ensureSymlinkSync("h", "j");
  await fse.remove("k"); fse.emptyDirSync("l"); await fse.pathExists("m"); await fse.readJson("n"); fse.readJSONSync("o");`,
    );
    expect(r.rows).toEqual([
      'fs-extra outputFile | fs.write write d=true i=true open=false certain',
      'fs-extra outputJsonSync | fs.write write d=true i=true open=false certain',
      'fs-extra writeJson | fs.write write d=true i=true open=false certain',
      'fs-extra writeJSONSync | fs.write write d=true i=true open=false certain',
      'fs-extra ensureDir | fs.write write d=false i=true open=false certain',
      'fs-extra mkdirpSync | fs.write write d=false i=true open=false certain',
      'fs-extra mkdirs | fs.write write d=false i=true open=false certain',
      'fs-extra ensureFile | fs.write write d=false i=true open=false certain',
      'fs-extra ensureLink | fs.write write d=false i=true open=false certain',
      'fs-extra ensureSymlinkSync | fs.write write d=false i=true open=false certain',
      'fs-extra remove | fs.delete write d=true i=true open=false certain',
      'fs-extra emptyDirSync | fs.delete write d=true i=true open=false certain',
      'fs-extra pathExists | fs.read read d=null i=null open=false certain',
      'fs-extra readJson | fs.read read d=null i=null open=false certain',
      'fs-extra readJSONSync | fs.read read d=null i=null open=false certain',
    ]);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: true, openWorld: false });
  });

  it('reads copy\'s and move\'s `overwrite` (and `clobber`): copy replaces by default, move only when told, and always takes its source away', async () => {
    const r = await foundIn(
      `import { copy, copySync, move, moveSync } from "fs-extra";`,
      `  await copy("a", "b"); await copy("a", "c", { overwrite: false }); copySync("a", "d", { clobber: false }); await copy("a", "e", { overwrite: args.force });
  await move("a", "f"); moveSync("a", "g", { overwrite: true }); await copy("a", "h", () => {});`,
    );
    expect(r.effects.map((e) => [e.sink, e.destructive, e.idempotent, e.description])).toEqual([
      ['fs-extra copy', true, true, 'copies files, replacing what exists at the destination'],
      ['fs-extra copy', false, true, 'copies files'],
      ['fs-extra copySync', false, true, 'copies files'],
      ['fs-extra copy', true, true, 'copies files, replacing what exists at the destination when `overwrite` (known only at run time) is true'],
      ['fs-extra move', true, false, 'moves files (their source path no longer exists)'],
      ['fs-extra moveSync', true, false, 'moves files (their source path no longer exists), replacing what exists at the destination'],
      ['fs-extra copy', true, true, 'copies files, replacing what exists at the destination'],
    ]);
    expect(r.effects.every((e) => e.kind === 'fs.write' && e.access === 'write' && !e.openWorld && e.confidence === 'certain')).toBe(true);
  });

  it('a copy whose only copies never replace is additive', async () => {
    const r = await foundIn(`import fse from "fs-extra";\nconst KEEP = { overwrite: false } as const;`, `  await fse.copy("a", "b", KEEP); await fse.ensureDir("c");`);
    expect(r.inferred).toEqual({ readOnly: false, destructive: false, idempotent: true, openWorld: false });
  });

  it('offers node:fs\'s functions under their names, in promise, Sync and promises forms, with the open flag read', async () => {
    const r = await foundIn(
      `const fse = require("fs-extra");\ndeclare const require: (m: string) => any;`,
      `  await fse.writeFile("a", "x"); fse.appendFileSync("b", "x"); await fse.promises.rm("c"); await fse.writeFile("d", "x", { flag: "wx" }); await fse.readFile("e");`,
    );
    expect(r.rows).toEqual([
      'fs-extra writeFile | fs.write write d=true i=true open=false certain',
      'fs-extra appendFileSync | fs.write write d=false i=false open=false certain',
      'fs-extra promises.rm | fs.delete write d=true i=true open=false certain',
      "fs-extra writeFile (flag 'wx') | fs.write write d=false i=true open=false certain",
      'fs-extra readFile | fs.read read d=null i=null open=false certain',
    ]);
  });

  it('reads outputFile\'s and outputJson\'s flag as writeFile\'s', async () => {
    const r = await foundIn(`import { outputFile, outputJson } from "fs-extra/esm";`, `  await outputFile("a", "x", { flag: "a" }); await outputJson("b", {}, { flag: "wx" });`);
    expect(r.rows).toEqual(["fs-extra/esm outputFile (flag 'a') | fs.write write d=false i=false open=false certain", "fs-extra/esm outputJson (flag 'wx') | fs.write write d=false i=true open=false certain"]);
  });

  it('names the helper that calls fs-extra in the evidence', async () => {
    const files = {
      ...serverWith(`import { saveAll } from "./store.js";`, { t: `  await saveAll({});` }),
      'store.ts': `import fse from "fs-extra";\nexport async function saveAll(data: object) {\n  await fse.outputJson("db.json", data);\n}\n`,
    };
    const t = (await found(files, ['t'])).t!;
    expect(t.rows).toEqual(['fs-extra outputJson | fs.write write d=true i=true open=false certain']);
    expect(t.effects[0]!.via.map((h) => [h.callee, h.location.line])).toEqual([['saveAll', 6]]);
    expect(t.effects[0]!.location.line).toBe(3);
  });
});

describe('node:fs cp', () => {
  it('reads its `force` option: false never replaces', async () => {
    const r = await foundIn(`import { cp } from "node:fs/promises";`, `  await cp("a", "b", { recursive: true }); await cp("a", "c", { recursive: true, force: false });`);
    expect(r.effects.map((e) => [e.sink, e.destructive, e.description])).toEqual([
      ['fs/promises cp', true, 'copies files, replacing what exists at the destination'],
      ['fs/promises cp', false, 'copies files'],
    ]);
  });
});

describe('graceful-fs', () => {
  it('is node:fs under its names: callback, Sync, promises, streams with flags', async () => {
    const r = await foundIn(
      `import gfs from "graceful-fs";`,
      `  gfs.writeFile("a", "x", () => {}); gfs.readFileSync("b"); gfs.unlink("c", () => {}); await gfs.promises.mkdir("d"); gfs.createWriteStream("e", { flags: "a" }); gfs.createWriteStream("f", { flags: "wx" }); gfs.createWriteStream("g");`,
    );
    expect(r.rows).toEqual([
      'graceful-fs writeFile | fs.write write d=true i=true open=false certain',
      'graceful-fs readFileSync | fs.read read d=null i=null open=false certain',
      'graceful-fs unlink | fs.delete write d=true i=true open=false certain',
      'graceful-fs promises.mkdir | fs.write write d=false i=true open=false certain',
      "graceful-fs createWriteStream (flag 'a') | fs.write write d=false i=false open=false certain",
      "graceful-fs createWriteStream (flag 'wx') | fs.write write d=false i=true open=false certain",
      'graceful-fs createWriteStream | fs.write write d=true i=true open=false certain',
    ]);
  });
});

describe('zx\'s fs', () => {
  it('is fs-extra', async () => {
    const r = await foundIn(`import { fs } from "zx";`, `  await fs.outputFile("a", "x"); await fs.readFile("b"); await fs.remove("c");`);
    expect(r.rows).toEqual([
      'zx fs.outputFile | fs.write write d=true i=true open=false certain',
      'zx fs.readFile | fs.read read d=null i=null open=false certain',
      'zx fs.remove | fs.delete write d=true i=true open=false certain',
    ]);
  });
});

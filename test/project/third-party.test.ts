import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProgram } from '../../src/project/load.js';
import { thirdPartyCodeAt } from '../../src/project/third-party.js';
import { lintFiles, tool, writeProject } from '../helpers.js';

/**
 * Third-party code a package ships (chrome-devtools-mcp 1.11's build/src/third_party/: 13 MB of
 * rollup bundles of puppeteer, lighthouse and the SDK) is never loaded: parsing and binding it took
 * 4 of the run's 25 s and most of its 1.1 GB. What it exports is opaque, as a package's is.
 */
const BUNDLE = `import fs from "node:fs";
class Mutex { async acquire() { fs.writeFileSync("/tmp/lock", "1"); } }
const puppeteer = { async launch() { return { async newPage() { return {}; } }; } };
export { Mutex, puppeteer };
`;

const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Mutex, puppeteer } from "./third_party/index.js";
const server = new McpServer({ name: "b", version: "1" });
const mutex = new Mutex();
server.registerTool("open", { annotations: { readOnlyHint: true } }, async () => {
  await mutex.acquire();
  const browser = await puppeteer.launch();
  await browser.newPage();
  return { content: [] };
});
`;

const PROJECT = {
  'package.json': JSON.stringify({ name: 'browser-server', version: '1.0.0', type: 'module' }),
  'build/third_party/THIRD_PARTY_NOTICES': 'puppeteer: Apache-2.0\n',
  'build/third_party/index.js': BUNDLE,
  'build/index.js': SERVER,
};

describe('third-party code a package ships', () => {
  it('is not loaded, whether linted or imported: it is listed as vendored, and imports of it resolve to nothing', () => {
    const dir = writeProject(PROJECT);
    const vendor = path.join(dir, 'build/third_party/index.js');
    const server = path.join(dir, 'build/index.js');
    const program = loadProgram([server, vendor], null);
    expect(program.project.getSourceFile(vendor)).toBeUndefined();
    expect(program.targets.map((sf) => sf.getFilePath())).toEqual([server]);
    expect([...program.vendored]).toEqual([[vendor, 'third-party code (third_party/)']]);
    expect(program.resolveModule('./third_party/index.js', server)).toBeUndefined();
    expect(program.vendoredModule('./third_party/index.js', server)).toBe('third-party code (third_party/), a dependency bundled into index.js');
    expect(program.vendoredModule('node:fs', server)).toBeNull();
  });

  it('makes every call on what it exports unresolved with its reason, a `new` of its classes included, and no effect', async () => {
    const result = await lintFiles(PROJECT);
    const open = tool(result, 'open');
    expect(open.effects.effects).toEqual([]);
    const reason = 'calls third-party code (third_party/), a dependency bundled into index.js; its code is not analysed';
    // `mutex.acquire()`, `puppeteer.launch()` and `browser.newPage()`; `new Mutex()` runs nothing to judge.
    expect(open.effects.unresolved.map((u) => `${u.expression}: ${u.reason}`)).toEqual([`mutex.acquire(): ${reason}`, `puppeteer.launch(): ${reason}`, `browser.newPage(): ${reason}`]);
    expect(open.inferred.readOnly).toBeNull();
    // The run still counts the file it did not parse as read.
    expect(result.filesRead.map((f) => path.basename(path.dirname(f)) + '/' + path.basename(f)).sort()).toEqual(['build/index.js', 'third_party/index.js']);
  });

  it('is told from the path, the folder and the text: a hand-written vendor/ file, one outside any project and a node_modules copy are not', () => {
    const dir = writeProject({
      ...PROJECT,
      'src/vendor/store.js': 'export const x = 1;\n',
      'src/vendored/banner.js': '/*! lib | @license MIT */\nexport const y = 1;\n',
      'src/third_party/big.js': `export const z = ${JSON.stringify('a'.repeat(300 * 1024))};\n`,
    });
    expect(thirdPartyCodeAt(path.join(dir, 'build/third_party/index.js'))).toBe('third-party code (third_party/)');
    expect(thirdPartyCodeAt(path.join(dir, 'src/vendored/banner.js'))).toBe('third-party code (vendored/)');
    expect(thirdPartyCodeAt(path.join(dir, 'src/third_party/big.js'))).toBe('third-party code (third_party/)');
    expect(thirdPartyCodeAt(path.join(dir, 'src/vendor/store.js'))).toBeNull();
    expect(thirdPartyCodeAt(path.join(dir, 'build/index.js'))).toBeNull();
    // Its folder says whose it is: a file there is never read, so one that cannot be read is third-party code too (helper-65:
    // a chmod 000 file beside a LICENSE was a read-error). In a folder without a sign, it is loaded and its error reported.
    expect(thirdPartyCodeAt(path.join(dir, 'build/third_party/unreadable.js'))).toBe('third-party code (third_party/)');
    expect(thirdPartyCodeAt(path.join(dir, 'src/vendor/unreadable.js'))).toBeNull();
    const outside = writeProject({ 'vendor/THIRD_PARTY_NOTICES': 'x\n', 'vendor/lib.js': 'export const x = 1;\n' });
    expect(thirdPartyCodeAt(path.join(outside, 'vendor/lib.js'))).toBeNull();
  });
});

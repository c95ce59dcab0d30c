import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/** A server with one tool "t" whose handler body is `body`, plus extra top-level code. */
function server(body: string, top = ''): Record<string, string> {
  return { 'server.ts': `${SERVER_HEADER}${top}\nserver.registerTool("t", { description: "d", inputSchema: {} }, async () => {\n${body}\n  return { content: [] };\n});\n` };
}

/** The same server whose tool "t" takes an argument `text`. */
function withText(files: Record<string, string>): Record<string, string> {
  return { 'server.ts': files['server.ts']!.replace('async () =>', 'async ({ text }: { text: string }) =>') };
}

async function effectsOf(files: Record<string, string>) {
  const t = tool(await lintFiles(files), 't');
  return {
    effects: (t.effects?.effects ?? []).map((e) => `${e.kind}:${e.access}:${e.sink}`),
    unresolved: (t.effects?.unresolved ?? []).map((u) => u.reason),
    inferred: t.inferred,
  };
}

describe('file-system sinks', () => {
  it('recognises node:fs/promises named imports: reads, writes, appends, deletes, mkdir, rename, copy', async () => {
    const r = await effectsOf(
      server(
        `  await readFile("a"); await writeFile("a", "x"); await appendFile("a", "x"); await rm("a"); await mkdir("d", { recursive: true }); await rename("a", "b"); await copyFile("a", "b"); await unlink("c");`,
        `import { readFile, writeFile, appendFile, rm, mkdir, rename, copyFile, unlink } from "node:fs/promises";`,
      ),
    );
    expect(r.effects).toEqual([
      'fs.read:read:fs/promises readFile',
      'fs.write:write:fs/promises writeFile',
      'fs.write:write:fs/promises appendFile',
      'fs.delete:write:fs/promises rm',
      'fs.write:write:fs/promises mkdir',
      'fs.write:write:fs/promises rename',
      'fs.write:write:fs/promises copyFile',
      'fs.delete:write:fs/promises unlink',
    ]);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: false, openWorld: false });
  });

  it('recognises default, namespace, `promises as fs`, sync and callback forms of node:fs', async () => {
    const r = await effectsOf(
      server(
        `  await fsp.writeFile("a", "x"); fs.unlinkSync("b"); await pfs.appendFile("c", "x"); fs.mkdir("d", () => {}); await fs.promises.rm("e"); writeFileSync("f", "");`,
        `import fsp from "fs/promises";\nimport * as fs from "node:fs";\nimport { promises as pfs, writeFileSync } from "fs";`,
      ),
    );
    expect(r.effects).toEqual([
      'fs.write:write:fs/promises writeFile',
      'fs.delete:write:fs unlinkSync',
      'fs.write:write:fs promises.appendFile',
      'fs.write:write:fs mkdir',
      'fs.delete:write:fs promises.rm',
      'fs.write:write:fs writeFileSync',
    ]);
  });

  it('classifies FileHandle methods: read and close are reads, write is a write', async () => {
    const r = await effectsOf(server(`  const h = await open("a", "r"); await h.read(); await h.close();\n  const w = await open("b", "w"); await w.write("x");`, `import { open } from "node:fs/promises";`));
    expect(r.effects).toEqual(['fs.read:read:fs/promises open', 'fs.write:write:fs/promises open (flag \'w\')', 'fs.write:write:fs/promises open().write']);
    expect(r.unresolved).toEqual([]);
  });

  it('reads the open flag: wx creates exclusively, a appends, w overwrites, a computed flag is a write of unknown kind', async () => {
    const t = tool(
      await lintFiles(server(`  await writeFile("a", "x", { flag: "wx" }); await writeFile("b", "x", { flag: "a" }); await writeFile("c", "x", "utf8"); createWriteStream("d", { flags: "a" }); await writeFile("e", "x", { flag: f });`, `import { writeFile } from "node:fs/promises";\nimport { createWriteStream } from "node:fs";\ndeclare const f: string;`)),
      't',
    );
    expect(t.effects!.effects.map((e) => [e.description, e.destructive, e.idempotent])).toEqual([
      ['creates a new file (fails if it exists)', false, true],
      ['appends to a file', false, false],
      ['writes a file (overwrites it if it exists)', true, true],
      ['appends to a file', false, false],
      ['writes a file (overwrites it if it exists), with an open flag known only at run time', true, null],
    ]);
  });

  it('reads flags and HTTP methods from options held in consts, and the numeric read-only open flag', async () => {
    const t = tool(
      await lintFiles(
        server(
          `  await writeFile("a", "x", APPEND); await fetch("https://x", POST); const h = await open("b", constants.O_RDONLY); await h.close();`,
          `import { writeFile, open } from "node:fs/promises";\nimport { constants } from "node:fs";\nconst APPEND = { flag: "a" } as const;\nconst POST = { method: "POST" } as const;`,
        ),
      ),
      't',
    );
    expect(t.effects!.effects.map((e) => `${e.access}:${e.description}`)).toEqual(['write:appends to a file', 'write:makes an HTTP request (POST to https://x: neither its path nor its body names the operation, so a likely write)', 'read:opens a file']);
  });

  it('takes copyFile with COPYFILE_EXCL for a copy that never overwrites', async () => {
    const t = tool(await lintFiles(server(`  copyFileSync("a", "b", constants.COPYFILE_EXCL); await copyFile("a", "c");`, `import { copyFileSync, constants } from "node:fs";\nimport { copyFile } from "node:fs/promises";`)), 't');
    expect(t.effects!.effects.map((e) => [e.description, e.destructive])).toEqual([
      ['copies a file to a new name (fails if it exists)', false],
      ['copies a file (overwrites the destination if it exists)', true],
    ]);
  });

  it('recognises CommonJS require and tsc-compiled (0, x.f)(...) calls', async () => {
    const files = {
      'server.js': `"use strict";
const mcp_js_1 = require("@modelcontextprotocol/sdk/server/mcp.js");
const promises_1 = require("node:fs/promises");
const fs = __importStar(require("fs"));
const server = new mcp_js_1.McpServer({ name: "t", version: "1" });
server.registerTool("t", { description: "d", annotations: { readOnlyHint: true } }, async () => {
    await (0, promises_1.writeFile)("a", "b");
    fs.rmSync("c");
    return { content: [] };
});
`,
    };
    const r = await effectsOf(files);
    expect(r.effects).toEqual(['fs.write:write:fs/promises writeFile', 'fs.delete:write:fs rmSync']);
  });
});

describe('network sinks', () => {
  it('reads the HTTP method of fetch from its options literal', async () => {
    const r = await effectsOf(
      server(`  await fetch("https://x"); await fetch("https://x", { method: "POST" }); await fetch(u, { method: "PUT" }); await fetch(u, { method: "DELETE" }); await fetch(u, { method: "PATCH" }); await fetch(u, { method: m });`, `declare const u: string; declare const m: string;`),
    );
    expect(r.effects).toEqual(['network:read:fetch GET', 'network:write:fetch POST', 'network:write:fetch PUT', 'network:write:fetch DELETE', 'network:write:fetch PATCH', 'network:unknown:fetch']);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: false, openWorld: true });
  });

  it('recognises node:http and node:https request and get', async () => {
    const r = await effectsOf(server(`  https.get("https://x"); http.request({ host: "x", method: "DELETE" }); request({ host: "y" });`, `import https from "node:https";\nimport * as http from "http";\nimport { request } from "node:https";`));
    expect(r.effects).toEqual(['network:read:https get GET', 'network:write:http request DELETE', 'network:read:https request GET']);
  });

  it('treats methods of a fetch response as part of the request, not as unknown calls', async () => {
    const r = await effectsOf(server(`  const res = await fetch("https://x"); const body = await res.json(); const t = await (await fetch("https://y")).text();`));
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
  });
});

describe('forms found by trying the linter on real code', () => {
  it('sees fetch through globalThis', async () => {
    const r = await effectsOf(server(`  await globalThis.fetch("https://x");`));
    expect(r.effects).toEqual(['network:read:fetch GET']);
  });

  it('treats require() of a computed path as running unknown code, and of a literal as loading a module', async () => {
    const r = await effectsOf(server(`  require("node:path"); require(plugin);`, `declare const require: undefined;\ndeclare const plugin: string;`));
    expect(r.effects).toEqual([]);
    const js = await effectsOf({ 'server.js': `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");\nconst server = new McpServer({ name: "t", version: "1" });\nserver.registerTool("t", {}, async (a) => { require("node:path"); require(a.plugin); return { content: [] }; });\n` });
    expect(js.effects).toEqual(['unknown:unknown:require()']);
  });
});

describe('forms found by a second trial', () => {
  it('follows util.promisify to the function it wraps', async () => {
    const r = await effectsOf(server(`  await run("make", ["deploy"]); await write("a", "x");`, `import { execFile } from "node:child_process";\nimport { writeFile } from "node:fs";\nimport util, { promisify } from "node:util";\nconst run = promisify(execFile);\nconst write = util.promisify(writeFile);`));
    expect(r.effects).toEqual(['process.spawn:unknown:child_process execFile (make)', 'fs.write:write:fs writeFile']);
  });

  it('does not take EventEmitter.emit for pure: its listeners are not followed', async () => {
    const r = await effectsOf(server(`  bus.emit("save");`, `import { EventEmitter } from "node:events";\nconst bus = new EventEmitter();`));
    expect(r.unresolved).toHaveLength(1);
    expect(r.inferred!.readOnly).toBeNull();
  });

  it('reads { method } shorthand and fetch(new Request(url, { method }))', async () => {
    const r = await effectsOf(server(`  const method = "DELETE"; await fetch("https://x", { method }); await fetch(new Request("https://y", { method: "POST" }));`));
    expect(r.effects).toEqual(['network:write:fetch DELETE', 'network:write:fetch POST']);
  });

  it('does not take options it cannot read for a GET: a parameter or a variable assigned elsewhere may carry any method', async () => {
    const r = await effectsOf(
      server(
        `  await send("https://x", { method: "POST" }); await sendAll("https://w", opts); https.request("https://y", { method: "PUT" }); https.request(new URL("https://z"));`,
        `import https from "node:https";\nasync function send(url: string, init: RequestInit = {}) { return fetch(url, init); }\ndeclare type RequestInit = object;\ndeclare let opts: RequestInit;\nasync function sendAll(url: string, init: RequestInit) { const r = await fetch(url, init); const text = await r.text(); const lines = text.split("\\n"); const out: string[] = []; for (const l of lines) { if (l.trim().length > 0 && !l.startsWith("#")) out.push(l.trim().toLowerCase().replace(/\\s+/g, " ")); } for (const l of out) console.error(l); for (const l of out.slice(0, 10)) console.error(l.length, l.substring(0, 20), l.indexOf("x"), l.lastIndexOf("y")); return out.join(","); }`,
      ),
    );
    // A small helper is read per call site: send(url, { method: "POST" }) posts; a caller's options the linter cannot read may carry any method.
    expect(r.effects).toEqual(['network:write:fetch POST', 'network:unknown:fetch', 'network:write:https request PUT', 'network:read:https request GET']);
  });

  it('takes a call of a name of Object.prototype on server state (`toString`, `constructor`) for no mutation, and does not fail on it', async () => {
    const r = await effectsOf(server(`  const text = seen.toString(); const again = seen.constructor(); seen.push(text);`, `const seen: string[] = [];`));
    expect(r.effects).toEqual(['state.write:write:server state seen']);
  });

  it('takes this.* writes of an object built during the call (a builder) for local, and a long-lived instance\'s for state', async () => {
    const r = await effectsOf(
      server(
        `  const cmd = new Builder().flag("a").build(); const b = new Builder(); b.flag("b"); shared.flag("c");`,
        `class Builder { private flags: string[] = []; flag(f: string) { this.flags.push(f); return this; } build() { return this.flags.join(" "); } }\nconst shared = new Builder();`,
      ),
    );
    expect(r.effects).toEqual(['state.write:write:server state this.flags']);
  });

  it('names compiled hops without tsc\'s (0, ...) wrapper', async () => {
    const t = tool(
      await lintFiles({
        'server.js': `const mcp_1 = require("@modelcontextprotocol/sdk/server/mcp.js");\nconst ops_1 = require("./ops");\nconst server = new mcp_1.McpServer({ name: "t", version: "1" });\nserver.registerTool("t", {}, async () => { (0, ops_1.save)(); return { content: [] }; });\n`,
        'ops.js': `const fs = require("fs");\nfunction save() { fs.writeFileSync("a", "b"); }\nexports.save = save;\n`,
      }),
      't',
    );
    expect(t.effects!.effects[0]!.via.map((h) => h.callee)).toEqual(['ops_1.save']);
  });
});

describe('error paths', () => {
  it('marks effects in a catch block, also those reached through a call made there', async () => {
    const t = tool(
      await lintFiles(server(`  try { await writeFile("a", "x"); } catch { await unlink("a"); await cleanup(); }`, `import { unlink, writeFile, rm } from "node:fs/promises";\nasync function cleanup() { await rm("tmp"); }`)),
      't',
    );
    expect(t.effects!.effects.map((e) => [e.sink, e.errorPath ?? false])).toEqual([
      ['fs/promises writeFile', false],
      ['fs/promises unlink', true],
      ['fs/promises rm', true],
    ]);
  });
});

describe('bundles', () => {
  it('does not follow into dependencies an esbuild bundle marks as node_modules, and still analyses the server\'s own regions', async () => {
    const files = {
      'bundle.js': `var McpServer = class { registerTool(n, c, cb) {} };

// node_modules/tiny-logger/index.js
var stamp = "";
function debug(msg) { stamp = new Date().toISOString(); }

// src/store.ts
var fs = require("fs");
var seen = [];
function save(p) { seen.push(p); fs.writeFileSync(p, ""); }
function count() { return seen.length; }

// src/index.ts
var server = new McpServer({ name: "b", version: "1" });
server.registerTool("t", { annotations: { readOnlyHint: true } }, async () => { debug("call"); save("x"); return { content: [] }; });
`,
    };
    const r = await effectsOf(files);
    expect(r.effects).toEqual(['state.write:write:server state seen', 'fs.write:write:fs writeFileSync']);
    expect(r.unresolved).toEqual(['calls tiny-logger, a dependency bundled into bundle.js; its code is not analysed']);
  });

  it('reads rolldown\'s `//#region` marks as well, pnpm\'s paths included', async () => {
    const files = {
      'bundle.mjs': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import fs from "node:fs";
//#region ../../node_modules/.pnpm/@acme+tiny-cache@1.0.0/node_modules/@acme/tiny-cache/index.js
function remember(key) { fs.writeFileSync(key, ""); }

//#endregion
//#region src/index.ts
const server = new McpServer({ name: "b", version: "1" });
server.registerTool("t", { annotations: { readOnlyHint: true } }, async () => { remember("k"); return { content: [] }; });

//#endregion
`,
    };
    const r = await effectsOf(files);
    expect(r.effects).toEqual([]);
    expect(r.unresolved).toEqual(['calls @acme/tiny-cache, a dependency bundled into bundle.mjs; its code is not analysed']);
  });

  it('does not walk third-party code a package ships in a third_party/ or vendor/ folder (a rollup bundle without region marks)', async () => {
    // Shaped like chrome-devtools-mcp 1.11: build/src/third_party/index.js bundles puppeteer and the SDK, the tools import from it,
    // and the folder says whose code it is (THIRD_PARTY_NOTICES, bundled-packages.json) or the file keeps the libraries' banners.
    const signs: [string, Record<string, string>, string][] = [
      ['third_party', { 'build/third_party/THIRD_PARTY_NOTICES': 'puppeteer: Apache-2.0\n' }, ''],
      ['vendor', { 'build/vendor/bundled-packages.json': '{"puppeteer-core":"24.0.0"}' }, ''],
      ['vendored', {}, '/*! puppeteer-core | @license Apache-2.0 */\n'],
      ['third-party', { 'build/third-party/LICENSE.md': 'MIT' }, ''],
    ];
    for (const [folder, signFiles, banner] of signs) {
      const files = {
        'package.json': JSON.stringify({ name: 'browser-server', version: '1.0.0', type: 'module', main: 'build/index.js' }),
        ...signFiles,
        [`build/${folder}/index.js`]: `${banner}import fs from "node:fs";
let lastTarget = null;
class Page { async click(selector) { lastTarget = selector; fs.writeFileSync("/tmp/trace.json", selector); } }
const browser = { async newPage() { return new Page(); } };
export { browser };
`,
        'build/index.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { browser } from "./${folder}/index.js";
const server = new McpServer({ name: "b", version: "1" });
server.registerTool("t", { annotations: { readOnlyHint: true } }, async ({ selector }) => { const page = await browser.newPage(); await page.click(selector); return { content: [] }; });
`,
      };
      const r = await effectsOf(files);
      expect(r.effects).toEqual([]);
      // Both calls into it (`browser.newPage`, `page.click`) are unresolved, not followed.
      expect(r.unresolved).toEqual([`calls third-party code (${folder}/), a dependency bundled into index.js; its code is not analysed`, `calls third-party code (${folder}/), a dependency bundled into index.js; its code is not analysed`]);
      // What the tool does is unknown, not proven read-only.
      expect(r.inferred?.readOnly).toBeNull();
    }
  });

  it('analyses a server that sits in a folder named vendor/ outside any project, and own code beside a package.json that names no package (fresh-user trial)', async () => {
    // The server's own package.json was read as a sign, and the folder above the package as its vendor folder: 0 tools, exit 0.
    const server = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { save } from "./store.js";
const server = new McpServer({ name: "n", version: "1" });
server.registerTool("t", { annotations: { readOnlyHint: true } }, async ({ note }) => { save(note); return { content: [] }; });
`;
    const store = `import fs from "node:fs";\nexport function save(note) { fs.writeFileSync("/tmp/notes.json", note); }\n`;
    const outside = tool(await lintFiles({ 'vendor/notes-server/package.json': JSON.stringify({ name: 'notes-server', version: '1.0.0', type: 'module' }), 'vendor/notes-server/src/index.js': server, 'vendor/notes-server/src/store.js': store }, ['vendor/notes-server']), 't');
    expect(outside.effects?.effects.map((e) => e.sink)).toEqual(['fs writeFileSync']);
    expect(outside.inferred?.readOnly).toBe(false);
    // `{ "type": "module" }` switches the module kind of src/vendor/; it names no package.
    const typed = tool(await lintFiles({ 'package.json': JSON.stringify({ name: 'notes', version: '1.0.0' }), 'src/vendor/package.json': JSON.stringify({ type: 'module' }), 'src/vendor/index.js': server, 'src/vendor/store.js': store }), 't');
    expect(typed.effects?.effects.map((e) => e.sink)).toEqual(['fs writeFileSync']);
    expect(typed.inferred?.readOnly).toBe(false);
  });

  it("analyses a project's own code in a vendor/ or vendors/ folder that shows no sign of third-party code", async () => {
    // A hand-written src/vendor/store.js (no licence, notice or manifest beside it, no banner, small): its write is the tool's.
    // A LICENSE at the project root is above the vendor folder and says nothing about it.
    for (const folder of ['vendor', 'vendors']) {
      const r = await effectsOf({
        'package.json': JSON.stringify({ name: 'notes-server', version: '1.0.0', type: 'module', main: 'src/index.js' }),
        LICENSE: 'MIT',
        [`src/${folder}/store.js`]: `import fs from "node:fs";
export function save(note) { fs.writeFileSync("/tmp/notes.json", note); }
`,
        'src/index.js': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { save } from "./${folder}/store.js";
const server = new McpServer({ name: "n", version: "1" });
server.registerTool("t", { annotations: { readOnlyHint: true } }, async ({ note }) => { save(note); return { content: [] }; });
`,
      });
      expect(r.effects).toEqual(['fs.write:write:fs writeFileSync']);
      expect(r.unresolved).toEqual([]);
      expect(r.inferred?.readOnly).toBe(false);
    }
  });

  it('takes a bundled copy of a pure package (a schema validator) for no effect, as the package itself', async () => {
    const files = {
      'bundle.mjs': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
//#region ../../node_modules/.pnpm/valibot@1.1.0/node_modules/valibot/dist/index.js
let issues = [];
function safeParse(schema, input) { issues = []; return { success: true, output: input }; }

//#endregion
//#region src/index.ts
const server = new McpServer({ name: "b", version: "1" });
server.registerTool("t", { annotations: { readOnlyHint: true } }, async (args) => { safeParse({}, args); return { content: [] }; });

//#endregion
`,
    };
    const r = await effectsOf(files);
    expect(r.effects).toEqual([]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('pure packages and globals', () => {
  it('takes GraphQL parsing, HTML to Markdown, secret linting of text, tmcp result builders, web streams and a package constant\'s value for no effect', async () => {
    const r = await effectsOf(
      server(
        `  const doc = parse("{ me { id } }"); buildClientSchema(introspection); htmlToMd("<p>x</p>"); await lintSource({ source: { content: "x", filePath: "a", ext: ".txt", contentType: "text" }, options: { config: { rules: [] } } }); tool.text("ok"); new CompressionStream("gzip"); Status.Active.valueOf();`,
        `import { parse, buildClientSchema } from "graphql";\nimport htmlToMd from "html-to-md";\nimport { lintSource } from "@secretlint/core";\nimport { tool } from "tmcp/utils";\nimport { Status } from "vendor-api/interfaces/Status.js";\ndeclare const introspection: any;`,
      ),
    );
    expect(r.effects).toEqual([]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('process sinks', () => {
  it('recognises HTTP-client libraries: the verb of axios/got/ky/superagent methods, axios(config), instances from create(), node-fetch and undici', async () => {
    const r = await effectsOf(
      server(
        `  await axios.get("u"); await axios.delete("u"); await axios({ url: "u", method: "put" }); await api.post("u", {}); await got.patch("u"); await ky.head("u"); await superagent.del("u"); await nodeFetch("u", { method: "POST" }); await undiciFetch("u"); await request("u", { method: "DELETE" });`,
        `import axios from "axios";
import got from "got";
import ky from "ky";
import superagent from "superagent";
import nodeFetch from "node-fetch";
import { fetch as undiciFetch, request } from "undici";
const api = axios.create({ baseURL: "https://api.example.com" });`,
      ),
    );
    expect(r.effects).toEqual([
      'network:read:axios get GET',
      'network:write:axios delete DELETE',
      'network:write:axios  PUT',
      'network:write:axios create().post POST',
      'network:write:got patch PATCH',
      'network:read:ky head HEAD',
      'network:write:superagent del DELETE',
      'network:write:node-fetch  POST',
      'network:read:undici fetch GET',
      'network:write:undici request DELETE',
    ]);
    // axios.create() only makes the client.
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: false, openWorld: true });
  });

  it('treats execa, cross-spawn and zx like node:child_process', async () => {
    const r = await effectsOf(server(`  await execa("make", ["deploy"]); spawn.sync(tool); await $\`./deploy.sh prod\`;`, `import { execa } from "execa";
import spawn from "cross-spawn";
import { $ } from "zx";
declare const tool: string;`));
    expect(r.effects).toEqual(['process.spawn:unknown:execa execa (make)', 'process.spawn:unknown:cross-spawn sync', 'process.spawn:unknown:zx $ (deploy.sh)']);
  });

  it('treats node:child_process as an unknown, open-world effect', async () => {
    const r = await effectsOf(server(`  execSync("make build"); spawn(tool);`, `import { execSync, spawn } from "node:child_process";\ndeclare const tool: string;`));
    expect(r.effects).toEqual(['process.spawn:unknown:child_process execSync (make)', 'process.spawn:unknown:child_process spawn']);
    expect(r.inferred).toEqual({ readOnly: null, destructive: null, idempotent: null, openWorld: true });
  });
});

describe('server state', () => {
  // Found by the real-server trial (issue #4): @benborla29/mcp-server-mysql creates its pool on first use.
  // Issue 15 (kind 2): a lazily filled memo of what the server loads is no change a later call sees either (it counted before).
  it('does not count lazily creating a client or pool, nor lazily filling a memo, as a change', async () => {
    const r = await effectsOf(
      server(
        `  if (!pool) pool = createPool({});\n  client ??= new Client();\n  if (!conn) { conn = await connectDb(); }\n  if (!rows) rows = await loadRows();`,
        `import { createPool } from "mysql2/promise";\nimport { Client } from "pg";\nlet pool: any; let client: any; let conn: any; let rows: any;\ndeclare function connectDb(): Promise<unknown>;\ndeclare function loadRows(): Promise<unknown>;`,
      ),
    );
    expect(r.effects).toEqual(['api:read:loadRows']);
  });

  it('detects assignment, counters, push, Map.set, delete and ??= on module-level state', async () => {
    const r = await effectsOf(
      server(`  count++; total += 2; last = "x"; items.push(1); table.set("k", 1); table.delete("k"); delete byId["a"]; byId["b"] ??= 1;`, `let count = 0; let total = 0; let last = ""; const items: number[] = []; const table = new Map<string, number>(); const byId: Record<string, number> = {};\nexport const peek = () => [count, total, last, items, table, byId];`),
    );
    expect(r.effects).toEqual([
      'state.write:write:server state count',
      'state.write:write:server state total',
      'state.write:write:server state last',
      'state.write:write:server state items',
      'state.write:write:server state table',
      'state.write:write:server state table',
      // `byId["b"] ??= 1` fills a gap with a constant: a memo no later call can tell from its absence.
      'state.write:write:server state byId',
    ]);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: false, openWorld: false });
  });

  it('ignores locals and parameters, and treats a guarded first assignment as additive', async () => {
    const r = await effectsOf(
      server(`  const local: number[] = []; local.push(1); let n = 0; n++; const o: Record<string, number[]> = {}; o.a = [];\n  if (!groups["k"]) { groups["k"] = []; }\n  groups["k"].push(1);`, `const groups: Record<string, number[]> = {};\nexport const peek = () => groups;`),
    );
    // The guarded `groups["k"] = []` fills a gap with a constant (no effect); the push is the write.
    expect(r.effects).toEqual(['state.write:write:server state groups']);
    expect(r.inferred).toEqual({ readOnly: false, destructive: false, idempotent: false, openWorld: false });
  });

  it('tells how a value is rewritten from itself: spread or concat appends, filter removes, arithmetic counts', async () => {
    const t = tool(
      await lintFiles(server(`  log = [...log, "x"]; log = log.concat("y"); log = log.filter((l) => l !== "x"); n = n + 1;`, `let log: string[] = [];\nlet n = 0;\nexport const peek = () => [log, n];`)),
      't',
    );
    expect(t.effects!.effects.map((e) => [e.description, e.destructive, e.idempotent])).toEqual([
      ['appends to server state `log`, read back at server.ts:6', false, false],
      ['appends to server state `log`, read back at server.ts:6', false, false],
      ['removes entries of server state `log`, read back at server.ts:6', true, true],
      ['updates server state `n` from its previous value, read back at server.ts:6', false, false],
    ]);
  });

  it('takes `x = { ...x, k: v }` for replacing a key and `x = x ?? v` for filling a gap', async () => {
    const t = tool(await lintFiles(server(`  cfg = { ...cfg, mode: "x" }; cache = cache ?? "y";`, `let cfg: Record<string, string> = {};\nlet cache: string | undefined;\nexport const peek = () => [cfg, cache];`)), 't');
    expect(t.effects!.effects.map((e) => [e.description, e.destructive, e.idempotent])).toEqual([
      ['sets a key of server state `cfg`, replacing any previous value, read back at server.ts:6', true, true],
      ['initialises server state `cache`, read back at server.ts:6', false, true],
    ]);
  });

  it('detects Object.assign on state, writes through a const alias, process.env and static class fields', async () => {
    const r = await effectsOf(
      server(`  Object.assign(cfg, { a: 1 }); const list = items; list.push("x"); process.env.MODE = "x"; Counter.total++;`, `const cfg: Record<string, number> = {};\nconst items: string[] = [];\nclass Counter { static total = 0; }\nexport const peek = () => [cfg, items, Counter.total];`),
    );
    expect(r.effects).toEqual(['state.write:write:server state cfg', 'state.write:write:server state items', 'state.write:write:server state process.env', 'state.write:write:server state Counter.total']);
  });

  it('takes Map.set under `if (!m.has(k))` for filling a gap, not replacing: with a given value an additive write, with a computed one a memo (no effect)', async () => {
    const t = tool(await lintFiles(withText(server(`  if (!notes.has(key)) notes.set(key, text);\n  if (!sizes.has(key)) sizes.set(key, await measure(key));`, `const notes = new Map<string, string>();\nconst sizes = new Map<string, number>();\ndeclare const key: string;\ndeclare function measure(k: string): Promise<number>;\nexport const peek = () => [notes, sizes];`))), 't');
    expect(t.effects!.effects.map((e) => [e.description, e.destructive])).toEqual([['initialises an entry of server state `notes`, read back at server.ts:8', false]]);
  });

  it('sees CommonJS exports and globalThis as state', async () => {
    const js = await effectsOf({ 'server.js': `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");\nconst server = new McpServer({ name: "t", version: "1" });\nexports.count = 0;\nserver.registerTool("t", {}, async () => { exports.count += 1; module.exports.last = "x"; globalThis.seen = true; return { content: [] }; });\nexports.peek = () => [exports.count, module.exports.last, globalThis.seen];\n` });
    expect(js.effects).toEqual(['state.write:write:server state exports.count', 'state.write:write:server state module.exports', 'state.write:write:server state globalThis.seen']);
  });

  it('takes an entry with a fresh key for adding (not idempotent), and x = !x for a toggle', async () => {
    const t = tool(
      await lintFiles(server(`  tasks.set(randomUUID(), 1); const id = nanoid(); byId[id] = 2; enabled = !enabled;`, `import { randomUUID } from "node:crypto";\ndeclare function nanoid(): string;\nconst tasks = new Map<string, number>();\nconst byId: Record<string, number> = {};\nlet enabled = false;\nexport const peek = () => [tasks, byId, enabled];`)),
      't',
    );
    expect(t.effects!.effects.map((e) => [e.description, e.destructive, e.idempotent])).toEqual([
      ['adds an entry with a new key to server state `tasks`, read back at server.ts:9', false, false],
      ['adds an entry with a new key to server state `byId`, read back at server.ts:9', false, false],
      // Issue 15 (kind 6): a toggle is reversible, not destructive; a repeat flips it back, so not idempotent.
      ['toggles server state `enabled`, read back at server.ts:9', false, false],
    ]);
  });

  it('takes a read-through fill after `if (hit) return hit` for filling a gap: of a loaded value a memo (no effect), of a given one an additive write', async () => {
    const t = tool(
      await lintFiles(withText(server(`  const hit = files.get(key); if (hit) return { content: [] }; const v = await readFile(key, "utf8"); files.set(key, v);\n  const old = notes.get(key); if (old) return { content: [] }; notes.set(key, text);`, `import { readFile } from "node:fs/promises";\nconst files = new Map<string, string>();\nconst notes = new Map<string, string>();\ndeclare const key: string;\nexport const peek = () => [files, notes];`))),
      't',
    );
    expect(t.effects!.effects.map((e) => [e.description.replace(/, read back at .*/, ''), e.destructive])).toEqual([
      ['reads a file', null],
      ['initialises an entry of server state `notes`', false],
    ]);
  });

  it('detects mutation of class fields through methods, not in the constructor', async () => {
    const r = await effectsOf(
      server(
        `  store.add("x");`,
        `class Store { private items: string[]; constructor() { this.items = []; } add(x: string) { this.items.push(x); } list() { return this.items; } }\nconst store = new Store();`,
      ),
    );
    expect(r.effects).toEqual(['state.write:write:server state this.items']);
  });
});

describe('call shapes', () => {
  it('follows helpers in the same file, imported functions, default exports and re-exports', async () => {
    const files = {
      ...server(`  await save("x"); await remove("y"); await util.touch("z");`, `import { save } from "./store.js";\nimport remove from "./remove.js";\nimport * as util from "./util/index.js";`),
      'store.ts': `import { writeFile } from "node:fs/promises";\nconst write = (p: string) => writeFile(p, "");\nexport async function save(p: string) { await write(p); }\n`,
      'remove.ts': `import { rm } from "node:fs/promises";\nexport default async function remove(p: string) { await rm(p); }\n`,
      'util/index.ts': `export { touch } from "./touch.js";\n`,
      'util/touch.ts': `import { appendFile } from "node:fs/promises";\nexport const touch = (p: string) => appendFile(p, "");\n`,
    };
    const t = tool(await lintFiles(files), 't');
    const chains = t.effects!.effects.map((e) => `${e.sink} via ${e.via.map((h) => h.callee).join(' > ')}`);
    expect(chains).toEqual(['fs/promises writeFile via save > write', 'fs/promises rm via remove', 'fs/promises appendFile via util.touch']);
    expect(t.effects!.effects[0]!.via.map((h) => h.location.line)).toEqual([8, 3]);
  });

  it('follows callbacks passed to array methods and Promise.all, and object methods', async () => {
    const r = await effectsOf(
      server(`  await Promise.all(["a"].map((p) => unlink(p)));\n  ["b"].forEach(drop);\n  await api.put("c");`, `import { unlink, writeFile } from "node:fs/promises";\nfunction drop(p: string) { return unlink(p); }\nconst api = { async put(p: string) { await writeFile(p, ""); } };`),
    );
    expect(r.effects).toEqual(['fs.delete:write:fs/promises unlink', 'fs.delete:write:fs/promises unlink', 'fs.write:write:fs/promises writeFile']);
  });

  it('protects against recursion', async () => {
    const r = await effectsOf(server(`  await walk("a");`, `import { rm } from "node:fs/promises";\nasync function walk(p: string): Promise<void> { await rm(p); if (p.length < 3) await walk(p + "a"); }`));
    expect(r.effects).toEqual(['fs.delete:write:fs/promises rm']);
  });

  it('reports the depth limit when it is reached instead of treating the rest as effect-free', async () => {
    const chain = Array.from({ length: 20 }, (_, i) => `function f${i}() { return f${i + 1}(); }`).join('\n');
    const files = server(`  f0();`, `${chain}\nfunction f20() { return 1; }`);
    const result = await lintFiles(files);
    const t = tool(result, 't');
    expect(t.effects!.truncated).toBe(true);
    expect(t.effects!.unresolved.some((u) => u.reason.includes('depth limit'))).toBe(true);
    expect(t.inferred!.readOnly).toBeNull();
  });

  it('records calls it cannot see into as unresolved, never as "no effect"', async () => {
    const r = await effectsOf(server(`  await db.frobnicate("x"); await client.frobnicate("x"); await hook();`, `import db from "some-db";\ndeclare const client: { frobnicate(x: string): Promise<void> };\ndeclare const hook: () => Promise<void>;`));
    expect(r.effects).toEqual([]);
    expect(r.unresolved).toHaveLength(3);
    expect(r.unresolved[0]).toContain('some-db');
    expect(r.inferred).toEqual({ readOnly: null, destructive: null, idempotent: null, openWorld: null });
  });

  it('reads calls it cannot see into from their names and SQL as likely effects (issue #4)', async () => {
    const t = tool(
      await lintFiles(
        server(
          `  await db.query("DELETE FROM t WHERE id = 1"); await sdk.getOrCreateUser("a"); await sdk.listUsers(); await lib.purgeCache();`,
          `import db from "some-db";\nimport * as lib from "some-lib";\ndeclare const sdk: any;`,
        ),
      ),
      't',
    );
    const effects = t.effects!.effects.map((e) => `${e.kind}:${e.access}:${e.destructive}:${e.confidence}:${e.basis ?? ''}`);
    expect(effects).toEqual(['database:write:true:likely:name', 'api:write:false:likely:name', 'api:read:null:likely:name', 'api:write:true:likely:name']);
    expect(t.effects!.effects[1]!.description).toBe('calls `sdk.getOrCreateUser`, which by its name (`create`) adds records');
    expect(t.effects!.unresolved).toEqual([]);
  });

  it('treats import() of a computed specifier as running unknown code', async () => {
    const r = await effectsOf(server(`  const m = await import(spec); await import("node:path");`, `declare const spec: string;`));
    expect(r.effects).toEqual(['unknown:unknown:import()']);
    expect(r.inferred!.readOnly).toBeNull();
  });

  it('does not count logging, JSON, Math, path or zod as effects', async () => {
    const r = await effectsOf(server(`  console.error("x"); JSON.stringify({}); Math.max(1, 2); path.join("a", "b"); z.string().parse("x"); process.stderr.write("x"); "a,b".split(",").map((s) => s.trim());`, `import path from "node:path";`));
    expect(r.effects).toEqual([]);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
  });
});

describe('values of pure libraries (found by the real-server trial, issue #4)', () => {
  it('does not read the methods of a span a tracing callback receives, or of a const a pure call made, as effects', async () => {
    const r = await effectsOf(
      server(
        `  const tracer = trace.getTracer("t");\n  await tracer.startActiveSpan("op", async (span) => { span.setAttribute("k", 1); span.end(); });\n  const doc = YAML.parseDocument("a: 1");\n  doc.setIn(["a"], 2);`,
        `import { trace } from "@opentelemetry/api";\nimport YAML from "yaml";`,
      ),
    );
    expect(r.effects).toEqual([]);
    expect(r.unresolved).toEqual([]);
  });

  it('leaves open-world unknown when the only effects are judged by name', async () => {
    const r = await effectsOf(server(`  await api.listRecords();`, `declare const api: { listRecords(): Promise<unknown[]> };`));
    expect(r.effects).toEqual(['api:read:api.listRecords']);
    expect(r.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: null });
  });
});

describe('clients the catalog-data trial found misread (issue #4)', () => {
  it('reads a cached singleton (`g.prisma ?? new PrismaClient()`) as the client, not as server state', async () => {
    const r = await effectsOf(server(`  await prisma.post.delete({ where: { id: 1 } });`, `import { PrismaClient } from "@prisma/client";\nconst g = globalThis as any;\nconst prisma = g.prisma ?? new PrismaClient();`));
    expect(r.effects).toEqual(['database:write:@prisma/client PrismaClient.new().post.delete']);
  });

  it('judges delete/set/add/clear on a receiver not known to be a collection by the name, and a local Map\'s as no effect', async () => {
    const r = await effectsOf(server(`  const m = new Map<string, number>(); m.delete("a"); const seen: Set<string> = new Set(); seen.add("x"); await client.delete("id");`, `declare const client: any;`));
    expect(r.effects).toEqual(['api:write:client.delete']);
  });
});

describe('SQL and pools the fresh-user trial and the real-server trial found missed (issue #4)', () => {
  it('takes SQL known only at run time through an API it cannot see for a possible write, and reads a literal DELETE through a small helper', async () => {
    const r = await effectsOf(
      server(
        `  await engine.exec(args.q); await db.query(args.q); await runSql("DELETE FROM notes");`,
        `declare const engine: any;\ndeclare const db: { query(sql: string): Promise<unknown> };\nasync function runSql(sql: string) { return engine.exec(sql); }\ndeclare const args: { q: string };`,
      ),
    );
    expect(r.effects).toEqual(['database:unknown:engine.exec', 'database:unknown:db.query', 'database:write:engine.exec DELETE']);
  });

  it('does not take a pool handed through `new Promise(...)` for a pure value', async () => {
    const r = await effectsOf(
      server(`  const pool = await poolPromise; await pool.query(args.sql);`, `import * as mysql from "mysql2/promise";\nconst poolPromise = new Promise<any>((resolve) => resolve(mysql.createPool({})));\ndeclare const args: { sql: string };`),
    );
    expect(r.effects.length + r.unresolved.length).toBeGreaterThan(0);
    expect(r.inferred!.readOnly).not.toBe(true);
  });
});

describe('values a collection gave back', () => {
  it('reads a string method of what a map gave back as data, and still cannot follow a handler taken from one', async () => {
    const r = await effectsOf(
      withText(
        server(
          `  const file = outputs.get(text) ?? "";\n  const ext = file.split(".").pop();\n  extensionOf(outputs.get(text)!, { quiet: true });\n  const handler = handlers.get(text);\n  handler?.call(null, ext);`,
          `const outputs = new Map<string, string>();\nconst handlers = new Map<string, (x: unknown) => void>();\nfunction extensionOf(filePath: string, options: { quiet: boolean }) {\n  if (options.quiet) return filePath.split(".").pop() || "";\n  return "";\n}`,
        ),
      ),
    );
    expect(r.effects).toEqual([]);
    expect(r.unresolved).toEqual(['calls a function taken from `handler?.call`, which the linter cannot follow']);
  });

  it('reads a string method of a field of what a map gave back as data (a registry entry\'s `filePath.split(".")`)', async () => {
    const r = await effectsOf(
      withText(
        server(
          `  const entry = registry.get(text);\n  const ext = extensionOf(entry!.filePath);\n  const kind = entry!.filePath.split(".").pop()?.toUpperCase();`,
          `const registry = new Map<string, { filePath: string }>();\nfunction extensionOf(filePath: string) { return filePath.split(".").pop() || ""; }`,
        ),
      ),
    );
    expect(r.effects).toEqual([]);
    expect(r.unresolved).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Dependency packages that use MCP as a client: an AI SDK that connects to MCP servers to call
 * their tools (@google/genai, @google/gemini-cli-core in claude-task-master's node_modules)
 * depends on the MCP SDK as a server toolkit does, but registers no tool. Following one parsed
 * its code (2.2 MB there) and reported its tool registry's `registerTool(tool)` as a registration
 * that names no tool.
 */

/** A module of the SDK's client side (`@modelcontextprotocol/sdk/client/index.js`, v2's `@modelcontextprotocol/client`), quoted as a specifier. */
const CLIENT_MODULE = /["'`]@modelcontextprotocol\/(?:sdk\/client(?:\/[^"'`]*)?|client(?:\/[^"'`]*)?)["'`]/;

/**
 * A module that serves tools, quoted as a specifier: the SDK's server side (v1's `sdk/server/...`
 * and the package root, v2's `@modelcontextprotocol/server`) and the frameworks discovery reads.
 */
const SERVER_MODULE = /["'`](?:@modelcontextprotocol\/(?:sdk(?:\/server(?:\/[^"'`]*)?)?|server(?:\/[^"'`]*)?)|fastmcp|@mastra\/mcp|mcp-use|xmcp|@rekog\/mcp-nest|mcp-framework|tmcp|@tmcp\/[^"'`]+|mcp-lite|mcp-handler|@vercel\/mcp-adapter|agents\/mcp)["'`]/;

const CODE_FILE = /\.(?:[cm]?[jt]sx?)$/;

/** How many files of a package are read to tell; a larger package is not judged a client (it is followed, as before). */
const MAX_FILES = 5000;

/**
 * True when the package at `root` (a node_modules folder) uses the MCP SDK's client and never a
 * module that serves tools: some code or declaration file names a client module as a specifier,
 * and none names the SDK's server side or a framework. Reads the package's files, not those of
 * packages nested in it; false when it cannot tell (no client module named, more than
 * {@link MAX_FILES} files).
 */
export function usesMcpClientOnly(root: string): boolean {
  let client = false;
  let files = 0;
  const folders = [root];
  while (folders.length > 0) {
    const folder = folders.pop()!;
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) folders.push(path.join(folder, entry.name));
        continue;
      }
      if (!entry.isFile() || !CODE_FILE.test(entry.name)) continue;
      if (++files > MAX_FILES) return false;
      let text: string;
      try {
        text = readFileSync(path.join(folder, entry.name), 'utf8');
      } catch {
        continue;
      }
      if (SERVER_MODULE.test(text)) return false;
      client ||= CLIENT_MODULE.test(text);
    }
  }
  return client;
}

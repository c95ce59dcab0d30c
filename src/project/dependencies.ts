import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import type { ts as TS } from 'ts-morph';
import { entryTargets, readJson } from './workspaces.js';
import { completedCodeFile as completed } from './file-system.js';
import { fileBundlesMcpSdk, fileIsSdkBundle, reachesBundledSdk } from './bundled-sdk.js';
import { usesMcpClientOnly } from './mcp-clients.js';

/**
 * Following into dependency packages whose code registers tools: a server published as a thin
 * entry point (`@acme/mcp`) whose tools are defined in a package it imports (`@acme/mcp-tools`,
 * a toolkit, a house SDK). Such a package's files join the analysed program, read-only: its
 * registrations are discovered and reported at their place in node_modules.
 *
 * Bounded: a package is followed only when linted (or followed) code imports it by name, it is not
 * the MCP SDK or a framework discovery reads by name (their code defines registration methods, not
 * tools), and it belongs to MCP: it depends on the SDK or a known framework, is named or tagged
 * `mcp`, or depends (within {@link MAX_DEPENDENCY_DEPTH} levels) on a package that is, and it is not
 * a client of MCP only (mcp-clients.ts: an AI SDK that calls servers' tools); or a module
 * imported from it bundles its own copy of the SDK, or requires one of the package's that does
 * (see `bundled-sdk.ts`; that copy is left unread, as the SDK is). At most
 * {@link MAX_FOLLOWED_PACKAGES} packages are followed in a run.
 */

/** The MCP SDK and the frameworks discovery recognises by their import specifiers (package names). */
const MCP_LIBRARY = /^(@modelcontextprotocol\/.+|fastmcp|@mastra\/mcp|mcp-use|xmcp|@rekog\/mcp-nest|mcp-framework|tmcp|@tmcp\/.+|mcp-lite|mcp-handler|@vercel\/mcp-adapter|agents)$/;

/** True for the MCP SDK's packages and those of the frameworks discovery reads by name (`tmcp`, `fastmcp`). */
export function isMcpLibrary(name: string): boolean {
  return MCP_LIBRARY.test(name);
}

/** A package name or keyword that says MCP (`mcp`, `@acme/mcp-core`, `modelcontextprotocol`). */
const MCP_WORD = /(^|[^a-z])(mcp|modelcontextprotocol)([^a-z]|$)/i;

/** How many dependency packages one run follows at most. */
export const MAX_FOLLOWED_PACKAGES = 24;

/** How many levels of package.json dependencies are read to tell whether a package reaches MCP. */
const MAX_DEPENDENCY_DEPTH = 3;

const BUILTIN = new Set(builtinModules);
const NODE_MODULES = `${path.sep}node_modules${path.sep}`;

/** Why a package that neither depends on the SDK or a framework nor bundles one is not followed. */
const NOT_MCP = 'it does not depend on the MCP SDK or a known framework, and the modules imported from it do not bundle the SDK';

/** Why a package that uses the SDK as a client only is not followed (see mcp-clients.ts). */
const CLIENT_ONLY = "it uses only the MCP SDK's client, to call servers' tools, and imports no module that serves tools";

/** A package imported by name from analysed code that was not followed, and why. */
export interface UnfollowedDependency {
  /** The package name (`playwright-core`). */
  name: string;
  /** Absolute path of the first file seen importing it. */
  importedFrom: string;
  /** Why it was not read, as a clause (`it does not depend on the MCP SDK or a known framework`). */
  reason: string;
}

/** The package name of a bare specifier (`@s/p/x` → `@s/p`, `p/x` → `p`); null for a relative, absolute or built-in one. */
export function packageNameOf(specifier: string): string | null {
  if (specifier.startsWith('.') || path.isAbsolute(specifier) || specifier.startsWith('node:') || specifier.includes(':')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return BUILTIN.has(name) || name === '' ? null : name;
}

/** `/a/node_modules/@s/p/dist/x.js` → `/a/node_modules/@s/p`; null outside node_modules. */
export function packageRootOf(file: string): string | null {
  const at = file.lastIndexOf(NODE_MODULES);
  if (at < 0) return null;
  const rest = file.slice(at + NODE_MODULES.length).split(path.sep);
  return file.slice(0, at + NODE_MODULES.length) + rest.slice(0, rest[0]?.startsWith('@') ? 2 : 1).join(path.sep);
}

function local(file: string): TS.ResolvedModuleFull {
  const extension = (/(\.[cm]?[jt]sx?)$/.exec(file)?.[1] ?? '.js') as TS.Extension;
  return { resolvedFileName: file, extension, isExternalLibraryImport: false };
}

/**
 * Decides, once per package, whether a dependency is followed, and resolves imports into followed
 * packages to their code files (never their declarations). Memoized; never throws (a manifest that
 * cannot be read makes a package unfollowed).
 */
export class DependencyFollower {
  /** Package folder → null when followed, else why not. */
  private readonly decisions = new Map<string, string | null>();
  /** Package folder → whether it reaches MCP (memo of {@link reachesMcp}). */
  private readonly mcp = new Map<string, boolean>();
  /** Importing folder and package name → the package's folder (memo of {@link packageFolder}). */
  private readonly folders = new Map<string, string | null>();
  /** Package folder and subpath → the code file it gives (memo of {@link entryFile}). */
  private readonly entries = new Map<string, string | null>();
  /** Code file → whether it reaches a bundled SDK (memo of {@link reachesBundledSdk}). */
  private readonly bundled = new Map<string, boolean>();
  private readonly unfollowed = new Map<string, UnfollowedDependency>();
  private readonly followedNames: string[] = [];

  /**
   * @param isLinted true for a file of a package being linted (the command line's), whose own
   *   imports the project resolution already handles.
   */
  constructor(private readonly isLinted: (file: string) => boolean) {}

  /** True for a file inside a followed dependency package. */
  isFollowed(file: string): boolean {
    const root = packageRootOf(file);
    return root !== null && this.decisions.get(root) === null;
  }

  /** The names of the packages followed, in the order first seen. */
  followed(): string[] {
    return [...this.followedNames];
  }

  /** The packages imported by name that were not followed, in the order first seen. */
  notFollowed(): UnfollowedDependency[] {
    return [...this.unfollowed.values()];
  }

  /**
   * What `specifier`, written in `containingFile` (a linted or followed file), refers to in a
   * followed package: its entry for a bare specifier, or a code file beside a followed file for a
   * relative one (a published package's `./x.js` has `x.d.ts` beside it, which TypeScript prefers).
   * Undefined when the package is not followed or the file does not exist.
   */
  resolve(specifier: string, containingFile: string): TS.ResolvedModuleFull | undefined {
    if (specifier.startsWith('.')) {
      if (!this.isFollowed(containingFile)) return undefined;
      const file = completed(path.resolve(path.dirname(containingFile), specifier));
      return file && !fileBundlesMcpSdk(file) ? local(file) : undefined;
    }
    const name = packageNameOf(specifier);
    if (name === null || isMcpLibrary(name)) return undefined;
    if (!this.isLinted(containingFile) && !this.isFollowed(containingFile)) return undefined;
    const root = this.packageFolder(name, path.dirname(containingFile));
    if (root === null || this.isLinted(path.join(root, 'package.json'))) return undefined;
    const file = this.entryFile(root, specifier === name ? '.' : `.${specifier.slice(name.length)}`);
    if (!this.decide(root, name, containingFile, file)) return undefined;
    // A module that bundles the SDK and registers nothing is the SDK: its code defines registration
    // methods, not tools. A minified toolkit that inlines the SDK next to its tools is read.
    return file && !fileIsSdkBundle(file) ? local(file) : undefined;
  }

  /**
   * Whether the package at `root` is followed, deciding (and recording why not) on first sight; a
   * package that does not reach MCP by its manifest is followed as soon as a module imported from
   * it bundles the SDK or requires one of its own that does (`lib/coreBundle.js` requiring
   * `./utilsBundle`).
   */
  private decide(root: string, name: string, importedFrom: string, file: string | null): boolean {
    const undecided = !this.decisions.has(root) || ((this.decisions.get(root) === NOT_MCP || this.decisions.get(root) === CLIENT_ONLY) && file !== null && this.reachesBundledSdk(file));
    if (undecided) {
      let reason: string | null = null;
      const bundled = file !== null && this.reachesBundledSdk(file);
      if (!this.reachesMcp(root, 0) && !bundled) reason = NOT_MCP;
      else if (!bundled && usesMcpClientOnly(root)) reason = CLIENT_ONLY;
      else if (this.followedNames.length >= MAX_FOLLOWED_PACKAGES) reason = `${MAX_FOLLOWED_PACKAGES} dependency packages were already followed`;
      else this.followedNames.push(name);
      this.decisions.set(root, reason);
      if (reason === null) this.unfollowed.delete(name);
      else if (!this.unfollowed.has(name)) this.unfollowed.set(name, { name, importedFrom, reason });
    }
    return this.decisions.get(root) === null;
  }

  /** {@link findPackage}, asked once per package name and folder of importing files. */
  private packageFolder(name: string, dir: string): string | null {
    return remembered(this.folders, `${dir}\0${name}`, () => findPackage(name, dir));
  }

  /** The code file the package at `root` gives for `subpath` (`.`, `./server`) by its manifest, or null; read once per package and subpath. */
  private entryFile(root: string, subpath: string): string | null {
    return remembered(this.entries, `${root}\0${subpath}`, () => {
      const manifest = readJson(path.join(root, 'package.json')) ?? {};
      const targets = entryTargets(manifest, subpath).map((t) => path.resolve(root, t));
      return [...targets, subpath === '.' ? path.join(root, 'index') : path.resolve(root, subpath)].map(completed).find((f) => f !== null) ?? null;
    });
  }

  /** {@link reachesBundledSdk}, read once per file: every import of an unfollowed package asks again. */
  private reachesBundledSdk(file: string): boolean {
    return remembered(this.bundled, file, () => reachesBundledSdk(file));
  }

  /** True when the package depends on the MCP SDK or a framework, says MCP in its name or keywords, or depends on a package that does. */
  private reachesMcp(root: string, depth: number): boolean {
    const known = this.mcp.get(root);
    if (known !== undefined) return known;
    this.mcp.set(root, false);
    const manifest = readJson(path.join(root, 'package.json'));
    const names = manifest ? dependencyNames(manifest) : [];
    const keywords = Array.isArray(manifest?.keywords) ? manifest.keywords.filter((k): k is string => typeof k === 'string') : [];
    const own = typeof manifest?.name === 'string' ? manifest.name : '';
    let result = names.some(isMcpLibrary) || MCP_WORD.test(own) || keywords.some((k) => MCP_WORD.test(k));
    if (!result && depth < MAX_DEPENDENCY_DEPTH) {
      result = names.some((n) => {
        const dep = findPackage(n, root);
        return dep !== null && this.reachesMcp(dep, depth + 1);
      });
    }
    this.mcp.set(root, result);
    return result;
  }
}

/** The names a manifest depends on (`dependencies`, `peerDependencies`, `optionalDependencies`). */
function dependencyNames(manifest: Record<string, unknown>): string[] {
  const names = new Set<string>();
  for (const key of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    const value = manifest[key];
    if (value && typeof value === 'object') Object.keys(value).forEach((n) => names.add(n));
  }
  return [...names];
}

/** What `memo` holds for `key`, computed with `compute` and kept the first time it is asked for. */
function remembered<V>(memo: Map<string, V>, key: string, compute: () => V): V {
  if (memo.has(key)) return memo.get(key)!;
  const value = compute();
  memo.set(key, value);
  return value;
}

/** The folder of package `name` as Node.js finds it from `dir` (node_modules/<name> up the tree), or null. */
function findPackage(name: string, dir: string): string | null {
  for (let at = dir; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(at) === at) return null;
  }
}

const packageNames = new Map<string, string | null>();

/** The `name` in the nearest package.json above `file` (the package the file belongs to; memoized per folder), or null. */
export function ownPackageNameOf(file: string): string | null {
  const dir = path.dirname(file);
  const memo = packageNames.get(dir);
  if (memo !== undefined) return memo;
  const manifest = path.join(dir, 'package.json');
  let name: string | null = null;
  if (existsSync(manifest)) {
    const parsed = readJson(manifest);
    name = typeof parsed?.name === 'string' ? parsed.name : null;
  } else if (path.dirname(dir) !== dir) name = ownPackageNameOf(dir);
  packageNames.set(dir, name);
  return name;
}

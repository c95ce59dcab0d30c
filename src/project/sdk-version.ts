import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The MCP SDK package whose version is read. */
const SDK = '@modelcontextprotocol/sdk';

/** The largest lockfile or manifest read (a monorepo's lockfile can be tens of MiB). */
const MAX_BYTES = 64 * 1024 * 1024;

/** Which version of the MCP SDK a linted file runs with, and where that was read. */
export interface SdkVersion {
  /** The version (`1.17.4`); several when a lockfile holds more than one (a monorepo). */
  versions: string[];
  /** The file it was read from, absolute: an installed package.json or a lockfile. */
  from: string;
}

/**
 * Finds the version of `@modelcontextprotocol/sdk` a file runs with, from its folder upwards: in
 * each folder, the installed package (`node_modules/@modelcontextprotocol/sdk/package.json`,
 * what Node.js would load), then the lockfiles (`package-lock.json` and `npm-shrinkwrap.json`
 * (`packages["node_modules/…"]`, or lockfile v1 `dependencies`), `pnpm-lock.yaml`, `yarn.lock`
 * (classic and Berry), `bun.lock`). The nearest folder that names it wins. Only regular files of
 * at most 64 MiB are read; one that cannot be read or parsed is passed over. Memoized per folder.
 */
export class SdkVersions {
  private readonly byFolder = new Map<string, SdkVersion | null>();

  /** The SDK version for `file` (absolute), or null when no folder above it tells. */
  forFile(file: string): SdkVersion | null {
    return this.forFolder(path.dirname(file));
  }

  private forFolder(dir: string): SdkVersion | null {
    const cached = this.byFolder.get(dir);
    if (cached !== undefined) return cached;
    const parent = path.dirname(dir);
    const found = inFolder(dir) ?? (parent === dir ? null : this.forFolder(parent));
    this.byFolder.set(dir, found);
    return found;
  }
}

/** What one folder says of the SDK's version, or null. */
function inFolder(dir: string): SdkVersion | null {
  const installed = path.join(dir, 'node_modules', SDK, 'package.json');
  const manifest = parseJson(readSmall(installed));
  if (typeof manifest?.version === 'string') return { versions: [manifest.version], from: installed };
  for (const [name, read] of LOCKFILES) {
    const file = path.join(dir, name);
    const text = readSmall(file);
    if (text === null) continue;
    const versions = [...new Set(read(text))];
    if (versions.length > 0) return { versions, from: file };
  }
  return null;
}

/** Each lockfile by name, with how to read the SDK's versions from its text. */
const LOCKFILES: readonly [string, (text: string) => string[]][] = [
  ['package-lock.json', npmVersions],
  ['npm-shrinkwrap.json', npmVersions],
  // v5 `/@modelcontextprotocol/sdk/1.2.3:`, v6 `/@modelcontextprotocol/sdk@1.2.3:`, v9 `'@modelcontextprotocol/sdk@1.2.3':`.
  ['pnpm-lock.yaml', (text) => matches(text, /^\s+'?\/?@modelcontextprotocol\/sdk[@/](\d+\.\d+\.\d+[\w.+-]*)/gm)],
  // `"@modelcontextprotocol/sdk@^1.0.0":` then `  version "1.2.3"` (classic) or `  version: 1.2.3` (Berry).
  ['yarn.lock', (text) => matches(text, /^"?@modelcontextprotocol\/sdk@[^\n]*:\n\s+version:? "?(\d+\.\d+\.\d+[\w.+-]*)/gm)],
  // `"@modelcontextprotocol/sdk": ["@modelcontextprotocol/sdk@1.2.3", ...]`.
  ['bun.lock', (text) => matches(text, /"@modelcontextprotocol\/sdk@(\d+\.\d+\.\d+[\w.+-]*)"/g)],
];

/** The SDK's versions in an npm lockfile: v2/v3 `packages` entries (nested ones too), else v1 `dependencies`. */
function npmVersions(text: string): string[] {
  const lock = parseJson(text);
  const out: string[] = [];
  const packages = lock?.packages;
  if (packages && typeof packages === 'object') {
    for (const [key, entry] of Object.entries(packages as Record<string, unknown>)) {
      if (!key.endsWith(`node_modules/${SDK}`)) continue;
      const version = (entry as { version?: unknown } | null)?.version;
      if (typeof version === 'string') out.push(version);
    }
  }
  const v1 = (lock?.dependencies as Record<string, { version?: unknown }> | undefined)?.[SDK]?.version;
  if (out.length === 0 && typeof v1 === 'string') out.push(v1);
  return out;
}

function matches(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => m[1]!);
}

/** A regular file's text when it has at most MAX_BYTES, else null (missing, a folder, a FIFO, unreadable). */
function readSmall(file: string): string | null {
  try {
    const stat = statSync(file);
    if (!stat.isFile() || stat.size > MAX_BYTES) return null;
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function parseJson(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The fields of the package's own package.json that reports name. */
export interface PackageInfo {
  version: string;
  /** The project's home page (package.json `homepage`): SARIF's `tool.driver.informationUri`. */
  homepage: string;
}

/**
 * The package.json nearest above this module: the package root both from `src/` (tests run the
 * sources) and from `dist/src/` (the built bin), as `dist/` holds none.
 */
function readPackageInfo(): PackageInfo {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    if (dir === path.dirname(dir)) throw new Error('no package.json above the mcp-annotate-lint module');
    dir = path.dirname(dir);
  }
  const { version, homepage } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageInfo;
  return { version, homepage };
}

/** This package's version and home page, read once. */
export const PACKAGE: PackageInfo = readPackageInfo();

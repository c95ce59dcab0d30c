import type { Effectish, SinkEntry } from './entry.js';

/**
 * File-system sinks: node:fs in its promise, callback and sync forms, and `FileHandle` methods;
 * graceful-fs and fs-extra, which offer node:fs's functions under the same names, and fs-extra's
 * own functions (https://github.com/jprichardson/node-fs-extra#methods). Policy (DESIGN.md §1): deletes and overwrites are destructive; mkdir, append and exclusive
 * create are additive; append is not idempotent; local files are closed-world.
 */

const fsRead = (description: string): Effectish => ({ kind: 'fs.read', access: 'read', destructive: null, idempotent: null, openWorld: false, description });
const fsWrite = (description: string, destructive: boolean | null, idempotent: boolean | null): Effectish => ({
  kind: 'fs.write',
  access: 'write',
  destructive,
  idempotent,
  openWorld: false,
  description,
});
const fsDelete = (description: string): Effectish => ({ kind: 'fs.delete', access: 'write', destructive: true, idempotent: true, openWorld: false, description });

/** node:fs operations by their promise-API name; each also exists as `<name>Sync` and as a callback in `fs`. */
const FS_OPERATIONS: Record<string, Effectish> = {
  readFile: fsRead('reads a file'),
  readdir: fsRead('lists a directory'),
  stat: fsRead('reads file metadata'),
  lstat: fsRead('reads file metadata'),
  statfs: fsRead('reads file-system metadata'),
  access: fsRead('checks file access'),
  exists: fsRead('checks that a file exists'),
  realpath: fsRead('resolves a path'),
  readlink: fsRead('reads a symbolic link'),
  opendir: fsRead('opens a directory'),
  glob: fsRead('lists files'),
  watch: fsRead('watches a file'),
  watchFile: fsRead('watches a file'),
  createReadStream: fsRead('reads a file'),
  open: { ...fsRead('opens a file'), fileFlag: { index: 1, property: '', default: 'r' } },
  read: fsRead('reads a file'),
  writeFile: { ...fsWrite('writes a file (overwrites it if it exists)', true, true), fileFlag: { index: 2, property: 'flag', default: 'w' } },
  createWriteStream: { ...fsWrite('writes a file (overwrites it if it exists)', true, true), fileFlag: { index: 1, property: 'flags', default: 'w' } },
  write: fsWrite('writes to a file', true, null),
  writev: fsWrite('writes to a file', true, null),
  appendFile: fsWrite('appends to a file', false, false),
  mkdir: fsWrite('creates a directory', false, true),
  mkdtemp: fsWrite('creates a temporary directory', false, false),
  copyFile: { ...fsWrite('copies a file (overwrites the destination if it exists)', true, true), exclusiveMode: 2, pathArguments: { target: 1, source: 0 } },
  cp: { ...fsWrite('copies files', false, true), overwriteOption: { index: 2, properties: ['force'], default: true }, pathArguments: { target: 1, source: 0 } },
  // A move is not idempotent: after the first call the source is gone (DESIGN.md: `move_file`);
  // writing a temp file and renaming it over the target is recognised as one overwrite (read-modify-write.ts).
  rename: { ...fsWrite('moves a file (replaces the destination if it exists)', true, false), pathArguments: { target: 1, source: 0 } },
  symlink: { ...fsWrite('creates a symbolic link', false, false), pathArguments: { target: 1, source: 0 } },
  link: { ...fsWrite('creates a hard link', false, false), pathArguments: { target: 1, source: 0 } },
  chmod: fsWrite('changes file permissions', true, true),
  chown: fsWrite('changes file ownership', true, true),
  lchown: fsWrite('changes file ownership', true, true),
  utimes: fsWrite('changes file times', true, true),
  lutimes: fsWrite('changes file times', true, true),
  truncate: fsWrite('truncates a file', true, true),
  ftruncate: fsWrite('truncates a file', true, true),
  unlink: fsDelete('deletes a file'),
  rm: fsDelete('deletes files'),
  rmdir: fsDelete('deletes a directory'),
};

/**
 * fs-extra's own functions (docs/*.md of https://github.com/jprichardson/node-fs-extra, v11); each
 * also exists as `<name>Sync`. `copy` replaces existing files unless `overwrite` (older name
 * `clobber`) is false; `move` never replaces unless `overwrite` is true, but always takes the source
 * away from its path (destructive, and not idempotent: a second move finds no source), as the
 * official filesystem server annotates its `move_file`. `remove` and `emptyDir` are silent when the
 * path does not exist (idempotent). The `ensure*` functions create only what is missing.
 */
const FS_EXTRA_OPERATIONS: Record<string, Effectish> = {
  copy: { ...fsWrite('copies files', false, true), overwriteOption: { index: 2, properties: ['overwrite', 'clobber'], default: true }, pathArguments: { target: 1, source: 0 } },
  move: { ...fsWrite('moves files (their source path no longer exists)', true, false), overwriteOption: { index: 2, properties: ['overwrite', 'clobber'], default: false }, pathArguments: { target: 1, source: 0 } },
  emptyDir: fsDelete('deletes the contents of a directory'),
  emptydir: fsDelete('deletes the contents of a directory'),
  ensureFile: fsWrite('creates a file if it does not exist', false, true),
  createFile: fsWrite('creates a file if it does not exist', false, true),
  ensureDir: fsWrite('creates a directory', false, true),
  mkdirs: fsWrite('creates a directory', false, true),
  mkdirp: fsWrite('creates a directory', false, true),
  ensureLink: fsWrite('creates a hard link if it does not exist', false, true),
  createLink: fsWrite('creates a hard link if it does not exist', false, true),
  ensureSymlink: fsWrite('creates a symbolic link if it does not exist', false, true),
  createSymlink: fsWrite('creates a symbolic link if it does not exist', false, true),
  outputFile: FS_OPERATIONS.writeFile!,
  outputJson: { ...FS_OPERATIONS.writeFile!, description: 'writes a JSON file (overwrites it if it exists)' },
  outputJSON: { ...FS_OPERATIONS.writeFile!, description: 'writes a JSON file (overwrites it if it exists)' },
  writeJson: { ...FS_OPERATIONS.writeFile!, description: 'writes a JSON file (overwrites it if it exists)' },
  writeJSON: { ...FS_OPERATIONS.writeFile!, description: 'writes a JSON file (overwrites it if it exists)' },
  readJson: fsRead('reads a JSON file'),
  readJSON: fsRead('reads a JSON file'),
  pathExists: fsRead('checks that a path exists'),
  remove: fsDelete('deletes files'),
};

/** Methods of the `FileHandle` that `fs/promises` `open()` returns which write; its other methods read. */
const FILE_HANDLE_WRITES = ['write', 'writev', 'writeFile', 'appendFile', 'truncate', 'chmod', 'chown', 'utimes'] as const;

/**
 * Modules that offer node:fs's API under its names, as `name` (callback, or a promise when fs-extra
 * is called without one), `nameSync` and `promises.name`: node:fs itself, graceful-fs (a drop-in
 * replacement, https://github.com/isaacs/node-graceful-fs) and fs-extra (which re-exports it);
 * zx exports fs-extra as `fs` (https://google.github.io/zx/api#fs).
 */
const FS_LIKE: { module: string; prefix: string }[] = [
  { module: 'fs', prefix: '' },
  { module: 'graceful-fs', prefix: '' },
  { module: 'fs-extra', prefix: '' },
  { module: 'zx', prefix: 'fs.' },
];

/** Modules that offer fs-extra's own functions: fs-extra, its ESM entry (only these), and zx's `fs`. */
const FS_EXTRA_LIKE: { module: string; prefix: string }[] = [
  { module: 'fs-extra', prefix: '' },
  { module: 'fs-extra/esm', prefix: '' },
  { module: 'zx', prefix: 'fs.' },
];

function expandFs(): SinkEntry[] {
  const entries: SinkEntry[] = [];
  for (const [name, operation] of Object.entries(FS_OPERATIONS)) {
    // The path is the first argument unless the operation names two (`rename(from, to)`).
    const effect: Effectish = { pathArguments: { target: 0 }, ...operation };
    entries.push({ module: 'fs/promises', export: name, ...effect });
    for (const { module, prefix } of FS_LIKE) {
      entries.push({ module, export: `${prefix}promises.${name}`, ...effect });
      entries.push({ module, export: `${prefix}${name}`, ...effect });
      entries.push({ module, export: `${prefix}${name}Sync`, ...effect });
    }
  }
  for (const [name, operation] of Object.entries(FS_EXTRA_OPERATIONS)) {
    const effect: Effectish = { pathArguments: { target: 0 }, ...operation };
    for (const { module, prefix } of FS_EXTRA_LIKE) {
      entries.push({ module, export: `${prefix}${name}`, ...effect });
      entries.push({ module, export: `${prefix}${name}Sync`, ...effect });
    }
  }
  for (const method of FILE_HANDLE_WRITES) {
    // A handle's writeFile(data) has no path argument, so its flag is the handle's; drop the flag position.
    const { fileFlag: _, pathArguments: __, ...effect } = FS_OPERATIONS[method] ?? FS_OPERATIONS.write!;
    entries.push({ module: 'fs/promises', export: `open().${method}`, ...effect });
    for (const { module, prefix } of FS_LIKE) entries.push({ module, export: `${prefix}promises.open().${method}`, ...effect });
  }
  return entries;
}

/** The file-system sinks. */
export const FILE_SINKS: readonly SinkEntry[] = expandFs();

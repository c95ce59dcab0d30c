import type { Effectish, SinkEntry } from './entry.js';

/**
 * File-system sinks: node:fs in its promise, callback and sync forms, and `FileHandle` methods.
 * Policy (DESIGN.md §1): deletes and overwrites are destructive; mkdir, append and exclusive
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
  cp: { ...fsWrite('copies files (overwrites the destination if it exists)', true, true), pathArguments: { target: 1, source: 0 } },
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

/** Methods of the `FileHandle` that `fs/promises` `open()` returns which write; its other methods read. */
const FILE_HANDLE_WRITES = ['write', 'writev', 'writeFile', 'appendFile', 'truncate', 'chmod', 'chown', 'utimes'] as const;

function expandFs(): SinkEntry[] {
  const entries: SinkEntry[] = [];
  for (const [name, operation] of Object.entries(FS_OPERATIONS)) {
    // The path is the first argument unless the operation names two (`rename(from, to)`).
    const effect: Effectish = { pathArguments: { target: 0 }, ...operation };
    entries.push({ module: 'fs/promises', export: name, ...effect });
    entries.push({ module: 'fs', export: `promises.${name}`, ...effect });
    entries.push({ module: 'fs', export: name, ...effect });
    entries.push({ module: 'fs', export: `${name}Sync`, ...effect });
  }
  for (const method of FILE_HANDLE_WRITES) {
    // A handle's writeFile(data) has no path argument, so its flag is the handle's; drop the flag position.
    const { fileFlag: _, pathArguments: __, ...effect } = FS_OPERATIONS[method] ?? FS_OPERATIONS.write!;
    entries.push({ module: 'fs/promises', export: `open().${method}`, ...effect });
    entries.push({ module: 'fs', export: `promises.open().${method}`, ...effect });
  }
  return entries;
}

/** The file-system sinks. */
export const FILE_SINKS: readonly SinkEntry[] = expandFs();

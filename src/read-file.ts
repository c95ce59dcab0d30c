import { readFile, stat } from 'node:fs/promises';

/** The largest data file the linter reads that the user names (a baseline, a pin file): 64 MiB. */
export const MAX_DATA_FILE_BYTES = 64 * 1024 * 1024;

/** Why a file named by the user is not read, in words (`not a regular file …`). */
export class ReadRefused extends Error {}

/**
 * The UTF-8 text of a file the user named (`--baseline`, `--check-pin`), read only when it is a
 * regular file (links followed) of at most {@link MAX_DATA_FILE_BYTES}: a FIFO would be waited on
 * for ever and `/dev/zero` read until memory runs out (issue 13, fresh-user trial).
 *
 * @throws ReadRefused for a device, FIFO or socket, or a file too large;
 *   Node's errors otherwise (`ENOENT`, `EISDIR`, `EACCES`), for the caller to word.
 */
export async function readDataFile(file: string): Promise<string> {
  const stats = await stat(file);
  if (!stats.isFile() && !stats.isDirectory()) throw new ReadRefused('not a regular file (a device, FIFO or socket)');
  if (stats.size > MAX_DATA_FILE_BYTES) throw new ReadRefused(`larger than ${MAX_DATA_FILE_BYTES / 1024 / 1024} MiB`);
  return readFile(file, 'utf8');
}

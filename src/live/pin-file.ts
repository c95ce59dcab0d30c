import { ReadRefused, readDataFile } from '../read-file.js';
import { UsageError } from '../errors.js';
import { shownPath, writeFileSafely } from '../write-file.js';
import { parsePin, serializePin, type Pin } from './pin.js';

/** The pin file's name when none is given. */
export const DEFAULT_PIN_FILE = 'mcp-tools.lock.json';

/**
 * Reads a pin file (`--check-pin`).
 *
 * @throws UsageError (exit 2), one line naming the file: missing (create it with `pin`), unreadable, not a pin.
 */
export async function readPinFile(file: string, cwd: string): Promise<Pin> {
  let text: string;
  try {
    text = await readDataFile(file);
  } catch (error) {
    if (error instanceof ReadRefused) throw new UsageError(`${shownPath(file, cwd)}: cannot read the pin file: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`${shownPath(file, cwd)}: no such pin file; create it with mcp-annotate-lint pin`);
    throw new UsageError(`${shownPath(file, cwd)}: cannot read the pin file (${code === 'EISDIR' ? 'it is a folder' : (code ?? String(error))})`);
  }
  const pin = parsePin(text);
  if ('problem' in pin) throw new UsageError(`${shownPath(file, cwd)}: not a pin file: ${pin.problem}`);
  return pin;
}

/** Writes a pin file atomically; throws UsageError naming it when it cannot be written. */
export async function writePinFile(file: string, pin: Pin, cwd: string): Promise<void> {
  await writeFileSafely(file, serializePin(pin), 'the pin file', cwd);
}

/**
 * Text from a server (a tool's name, its last stderr line, an error answer, its name and version)
 * made safe to print on a terminal: no control character can move the cursor, clear the screen,
 * recolour what follows or start a line that looks like the linter's own.
 */

/**
 * The characters escaped: C0 controls, DEL and C1 controls (ECMA-48: `ESC [`, and the one-byte
 * CSI U+009B, start terminal sequences), the Unicode line and paragraph separators, and the
 * bidirectional formatting characters that reorder what a line shows (Unicode UAX #9; CVE-2021-42574).
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The escapes of a JSON string for the controls that have one; `\u001b` for the others. */
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/** `text` with every control character written as JSON writes it (`\n`, `\u001b`): one line, shown as sent. */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, (ch) => NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

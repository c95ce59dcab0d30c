/*
 * Text a report quotes from the linted code or from a server (tool names, file names, messages
 * that quote them, a server's label) can hold control characters: a tool named
 * `"evil\u001b[2J\nline"` would clear a terminal and forge a line of the report. Every human
 * format (stylish, --tools, github, markdown) and every message on stderr passes such text
 * through {@link printable} (live error lines, a server's stderr and pin changes too); JSON and SARIF keep the exact strings, which JSON escapes.
 */

/** Escapes of the characters JSON also writes short. */
const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v' };

/**
 * C0 controls (tab and line breaks included), DEL, C1 controls (U+0080–U+009F, among them CSI),
 * the line and paragraph separators, and the bidirectional marks, overrides and isolates that reorder
 * what a terminal shows (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069; Unicode UAX #9, "Trojan Source",
 * CVE-2021-42574).
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with each control character written as a visible escape, as in a JSON string:
 * `"evil\u001b[2J\nline"` (with a real ESC and line feed) → `evil\u001b[2J\nline` (as printed characters).
 * Other text, backslashes included, is unchanged.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (ch) => SHORT[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

import type { Fix } from '../model.js';

/**
 * Applying edits to a text, as ESLint does: in order of position, identical edits once, and an
 * edit that overlaps one already taken left for a later pass. Insertions at the same position are
 * all made, in the order given (two hints added after the same spread).
 */

/** `edits` in order of position (start, then end), identical ones once. */
function ordered(edits: readonly Fix[]): Fix[] {
  const seen = new Set<string>();
  const unique = edits.filter((e) => {
    const key = `${e.file}\0${e.range[0]}\0${e.range[1]}\0${e.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // A stable sort: insertions at one position keep the order they were given in.
  return unique.map((e, i) => ({ e, i })).sort((a, b) => a.e.range[0] - b.e.range[0] || a.e.range[1] - b.e.range[1] || a.i - b.i).map(({ e }) => e);
}

/**
 * Applies the edits of one file to its text.
 *
 * @param text the file's text as the run read it (the edits' ranges are offsets into it, UTF-16 code units).
 * @returns the new text, the edits made, and those skipped because they overlap an edit made.
 */
export function applyEdits(text: string, edits: readonly Fix[]): { text: string; applied: Fix[]; skipped: Fix[] } {
  const applied: Fix[] = [];
  const skipped: Fix[] = [];
  let out = '';
  let at = 0;
  for (const edit of ordered(edits)) {
    const [start, end] = edit.range;
    // An edit that starts where the one before it ends is adjacent; one that starts inside it overlaps.
    if (start < at || end > text.length || start > end) {
      skipped.push(edit);
      continue;
    }
    out += text.slice(at, start) + edit.text;
    at = end;
    applied.push(edit);
  }
  return { text: out + text.slice(at), applied, skipped };
}

/**
 * One edit that makes all of `edits` (of one file), spanning from the first to the last; null
 * when they are of several files, overlap, or the file's text is unknown.
 *
 * @param textOf the text of a file as the run read it.
 */
export function mergeEdits(edits: readonly Fix[], textOf: (file: string) => string | undefined): Fix | null {
  if (edits.length === 0) return null;
  const file = edits[0]!.file;
  if (edits.some((e) => e.file !== file)) return null;
  const text = textOf(file);
  if (text === undefined) return null;
  const sorted = ordered(edits);
  const start = sorted[0]!.range[0];
  const end = Math.max(...sorted.map((e) => e.range[1]));
  const shifted = sorted.map((e) => ({ ...e, range: [e.range[0] - start, e.range[1] - start] as [number, number] }));
  const { text: middle, skipped } = applyEdits(text.slice(start, end), shifted);
  return skipped.length > 0 ? null : { file, range: [start, end], text: middle };
}

import { appendFile, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Notes live as Markdown files in one folder; every change is also appended to a journal. */
export const NOTES_DIR = process.env.NOTES_DIR ?? path.join(process.cwd(), "notes");
const JOURNAL = path.join(NOTES_DIR, ".journal.log");

/** How many notes were read since the server started (kept for metrics). */
export const stats = { reads: 0 };

function notePath(id: string): string {
  return path.join(NOTES_DIR, `${id.replace(/[^a-z0-9-]/gi, "_")}.md`);
}

async function journal(line: string): Promise<void> {
  await appendFile(JOURNAL, `${new Date().toISOString()} ${line}\n`);
}

export async function listNotes(): Promise<string[]> {
  const files = await readdir(NOTES_DIR).catch(() => []);
  return files.filter((f) => f.endsWith(".md")).map((f) => f.slice(0, -3));
}

export async function readNote(id: string): Promise<string> {
  stats.reads++;
  return readFile(notePath(id), "utf8");
}

export async function saveNote(id: string, body: string): Promise<void> {
  await mkdir(NOTES_DIR, { recursive: true });
  await writeFile(notePath(id), body);
  await journal(`save ${id}`);
}

export async function deleteNote(id: string): Promise<void> {
  await rm(notePath(id), { force: true });
  await journal(`delete ${id}`);
}

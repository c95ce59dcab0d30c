/**
 * A small notes server, the example that `mcp-annotate-lint` is tried on in the README.
 * Some tool annotations here are right and some are wrong, on purpose.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { publish } from "./share.js";
import { deleteNote, listNotes, readNote, saveNote, stats } from "./store.js";

const server = new McpServer({ name: "notes", version: "1.0.0" });
const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

// Right: lists files, nothing else.
server.registerTool(
  "list_notes",
  { title: "List notes", description: "List the ids of all notes.", inputSchema: {}, annotations: READ_ONLY },
  async () => text((await listNotes()).join("\n")),
);

// Wrong: "just reads", but readNote() bumps a counter on every call, which the next read shows.
server.registerTool(
  "read_note",
  {
    title: "Read a note",
    description: "Return the Markdown of one note.",
    inputSchema: { id: z.string() },
    annotations: { ...READ_ONLY, idempotentHint: true },
  },
  async ({ id }) => text(`${await readNote(id)}\n\n_read ${stats.reads} times_`),
);

// Wrong: saving overwrites an existing note of the same id, and the journal grows on every call.
server.registerTool(
  "save_note",
  {
    title: "Save a note",
    description: "Create or replace a note.",
    inputSchema: { id: z.string(), body: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  async ({ id, body }) => {
    await saveNote(id, body);
    return text(`saved ${id}`);
  },
);

// Right: deletes, and says so.
server.registerTool(
  "delete_note",
  {
    title: "Delete a note",
    description: "Delete a note for good.",
    inputSchema: { id: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  },
  async ({ id }) => {
    await deleteNote(id);
    return text(`deleted ${id}`);
  },
);

// Wrong: publishing POSTs to a public paste service, which is the open world.
server.registerTool(
  "share_note",
  {
    title: "Share a note",
    description: "Publish a note and return its public URL.",
    inputSchema: { id: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  },
  async ({ id }) => text(await publish(id, await readNote(id))),
);

// Missing: no annotations at all, so clients must assume the worst.
server.registerTool("word_count", { description: "Count the words in a note.", inputSchema: { id: z.string() } }, async ({ id }) =>
  text(String((await readNote(id)).split(/\s+/).filter(Boolean).length)),
);

await server.connect(new StdioServerTransport());

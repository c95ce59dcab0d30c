import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * A module-level flag a tool switches and then restores to the value it starts with (silent
 * logging around a core call: `enableSilentMode(); try { ... } finally { disableSilentMode() }`)
 * ends as it started: no later call observes a change (corpus README, "What the labels mean").
 * Written from a server whose read-only tools all wrap their core call that way, and were reported
 * as "switches server state `silentMode`", an error against `readOnlyHint: true`.
 */

const UTILS = `
import { readFileSync } from "node:fs";
let silentMode = false;
let mode = "normal";
export function enableSilentMode(): void { silentMode = true; }
export function disableSilentMode(): void { silentMode = false; }
export function setMode(m: "normal" | "fast" | "safe"): void { mode = m; }
export function log(text: string): void { if (!silentMode) console.error(mode, text); }
export function readTasks(file: string): unknown { log("reading"); return JSON.parse(readFileSync(file, "utf8")); }
`;

async function lint(body: string) {
  const server = `${SERVER_HEADER}import { enableSilentMode, disableSilentMode, setMode, readTasks } from "./utils.js";\nserver.registerTool("t", { description: "d", annotations: { readOnlyHint: true } }, async (args: { file: string }) => {\n${body}\n});\n`;
  const result = await lintFiles({ 'utils.ts': UTILS, 'server.ts': server }, ['.']);
  return {
    state: (tool(result, 't').effects?.effects ?? []).filter((e) => e.kind === 'state.write').map((e) => e.description.replace(/, read back at .*/, '')),
    readOnly: tool(result, 't').inferred?.readOnly,
    findings: result.findings.filter((f) => f.ruleId.startsWith('optimistic-')).map((f) => `${f.ruleId} ${f.severity}`),
  };
}

describe('a flag switched and restored around a call', () => {
  it('does not count switching silent mode on and back off in finally, or in both the main path and catch', async () => {
    const valid = await lint('enableSilentMode();\ntry {\n  return { content: [{ type: "text", text: String(readTasks(args.file)) }] };\n} finally {\n  disableSilentMode();\n}');
    expect(valid).toEqual({ state: [], readOnly: true, findings: [] });
    const both = await lint('try {\n  enableSilentMode();\n  const data = readTasks(args.file);\n  disableSilentMode();\n  return { content: [{ type: "text", text: String(data) }] };\n} catch (e) {\n  disableSilentMode();\n  throw e;\n}');
    expect(both).toEqual({ state: [], readOnly: true, findings: [] });
  });

  it('counts a flag switched and left so, restored before it is switched, or set back to another value than it starts with', async () => {
    const left = await lint('enableSilentMode();\nreturn { content: [{ type: "text", text: String(readTasks(args.file)) }] };');
    expect(left).toEqual({ state: ['switches server state `silentMode` to another value'], readOnly: false, findings: ['optimistic-read-only error'] });
    const reversed = await lint('disableSilentMode();\nconst data = readTasks(args.file);\nenableSilentMode();\nreturn { content: [{ type: "text", text: String(data) }] };');
    expect(reversed.findings).toEqual(['optimistic-read-only error']);
    const other = await lint('setMode("fast");\nconst data = readTasks(args.file);\nsetMode("safe");\nreturn { content: [{ type: "text", text: String(data) }] };');
    expect(other).toEqual({ state: ['switches server state `mode` to another value'], readOnly: false, findings: ['optimistic-read-only error'] });
  });
});

import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

/**
 * Issue 15, kind 2: initialisation that runs once per process is no tool's modification (corpus
 * README: lazy initialisation and one-time migrations inside shared readers). Shaped like a
 * desktop server's config manager: every reader awaits `init()`, which returns at once when it
 * already ran, else creates the config folder, loads the file or writes the defaults, and sets
 * its flag.
 */
const CONFIG = `import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
class ConfigManager {
  private config: Record<string, unknown> = {};
  private initialized = false;
  constructor(private configPath: string) {}
  async init() {
    if (this.initialized) return;
    const dir = path.dirname(this.configPath);
    if (!existsSync(dir)) await fs.mkdir(dir, { recursive: true });
    try {
      this.config = JSON.parse(await fs.readFile(this.configPath, "utf8"));
    } catch {
      this.config = { telemetry: true };
      await fs.writeFile(this.configPath, JSON.stringify(this.config));
    }
    this.initialized = true;
  }
  async getConfig() {
    await this.init();
    return { ...this.config };
  }
  async setValue(key: string, value: unknown) {
    await this.init();
    this.config[key] = value;
    await fs.writeFile(this.configPath, JSON.stringify(this.config));
  }
}
export const configManager = new ConfigManager("/home/u/.app/config.json");
`;

async function lint(onlyOneCaller = false) {
  const config = onlyOneCaller ? CONFIG.replace(/ {2}async setValue[\s\S]*?\n {2}}\n/, '') : CONFIG;
  const server = `${SERVER_HEADER}import { configManager } from "./config.js";
server.registerTool("get_config", { description: "d", annotations: { readOnlyHint: true } }, async () => {
  return { content: [{ type: "text", text: JSON.stringify(await configManager.getConfig()) }] };
});
server.registerTool("set_config_value", { description: "d", inputSchema: { key: z.string(), value: z.string() } }, async ({ key, value }) => {
  await configManager.setValue(key, value);
  return { content: [] };
});
`;
  return lintFiles({ 'config.ts': config, 'server.ts': server });
}

const writes = (r: Awaited<ReturnType<typeof lint>>, name: string): string[] =>
  (tool(r, name).effects?.effects ?? []).filter((e) => e.access !== 'read').map((e) => `${e.kind} ${e.description}`);

describe('a shared initialiser that runs once', () => {
  it('leaves the first run\'s folder, default file and loaded config out of a reader\'s effects', async () => {
    const r = await lint();
    expect(writes(r, 'get_config')).toEqual([]);
    expect(tool(r, 'get_config').inferred?.readOnly).toBe(true);
    expect(r.findings.filter((f) => f.tool === 'get_config' && f.ruleId.startsWith('optimistic-'))).toEqual([]);
  });

  it('keeps what a writer does after the initialiser its own', async () => {
    const r = await lint();
    expect(writes(r, 'set_config_value')).toEqual([
      'state.write assigns server state `this.config`, read back at config.ts:22',
      'fs.write writes a file (overwrites it if it exists)',
    ]);
  });

  it('keeps an initialiser called from one place that tool\'s own effect', async () => {
    const r = await lint(true);
    expect(writes(r, 'get_config').length).toBeGreaterThan(0);
  });
});

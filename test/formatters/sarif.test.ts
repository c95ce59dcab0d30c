import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import { RULE_DESCRIPTORS } from '../../src/engine/descriptors.js';
import { FINGERPRINT_KEY, SRCROOT, sarif } from '../../src/formatters/sarif.js';
import { lint } from '../../src/index.js';
import { PACKAGE } from '../../src/package-info.js';
import { writeProject } from '../helpers.js';
import { SERVER, expectGolden, lintServer } from './golden.js';
import { sarifValidator } from './sarif-schema.js';

const validate = sarifValidator();

function expectValid(log: unknown): void {
  const valid = validate(log);
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

function format(result: Awaited<ReturnType<typeof lintServer>>, cwd: string): Log {
  return JSON.parse(sarif(result, { cwd, color: false })) as Log;
}

describe('--format sarif', () => {
  it('writes a SARIF 2.1.0 log that the official schema accepts, equal to the golden file but for the SRCROOT and the version', async () => {
    const text = sarif(await lintServer(), { cwd: SERVER, color: false });
    const log = JSON.parse(text) as Log;
    expectValid(log);
    // The schema is not vacuous: a level SARIF does not know fails it.
    expect(validate({ ...log, runs: [{ ...log.runs[0], results: [{ ...log.runs[0]!.results![0], level: 'info' }] }] })).toBe(false);
    const run = log.runs[0]!;
    expect(run.originalUriBaseIds?.[SRCROOT]?.uri).toBe(`${pathToFileURL(SERVER).href}/`);
    expect(run.tool.driver.version).toBe(PACKAGE.version);
    run.originalUriBaseIds![SRCROOT]!.uri = 'file:///SRCROOT/';
    run.tool.driver.version = '<version>';
    expectGolden(`${JSON.stringify(log, null, 2)}\n`, 'server.sarif.json');
    // Nothing else absolute: the rest is relative to SRCROOT.
    expect(text.split(SERVER)).toHaveLength(2);
  });

  it('lists every rule, and refers to each by its index', async () => {
    const run = format(await lintServer(), SERVER).runs[0]!;
    const rules = run.tool.driver.rules!;
    expect(rules.map((r) => r.id)).toEqual([...RULE_DESCRIPTORS.keys()]);
    expect(rules.find((r) => r.id === 'optimistic-read-only')).toMatchObject({ name: 'OptimisticReadOnly', defaultConfiguration: { level: 'error' } });
    expect(rules.find((r) => r.id === 'missing-annotations')).toMatchObject({ name: 'MissingAnnotations', defaultConfiguration: { level: 'warning' } });
    for (const result of run.results!) expect(rules[result.ruleIndex!]!.id).toBe(result.ruleId);
    expect(run.results!.map((r) => [r.ruleId, r.level])).toEqual([['optimistic-read-only', 'error'], ['missing-annotations', 'warning']]);
  });

  it('keeps partialFingerprints when lines shift, and traces the evidence from the tool through the helper call to the sink', async () => {
    const before = format(await lintServer(), SERVER).runs[0]!.results!;
    const shift = '\n\n\n';
    const copy = writeProject({
      'server.ts': shift + readFileSync(path.join(SERVER, 'server.ts'), 'utf8'),
      'store.ts': shift + readFileSync(path.join(SERVER, 'store.ts'), 'utf8'),
    });
    const after = format(await lintServer(copy), copy).runs[0]!.results!;
    expect(after.map((r) => r.locations![0]!.physicalLocation!.region!.startLine)).toEqual(before.map((r) => r.locations![0]!.physicalLocation!.region!.startLine! + 3));
    expect(after.map((r) => r.partialFingerprints)).toEqual(before.map((r) => r.partialFingerprints));
    expect(new Set(after.map((r) => r.partialFingerprints![FINGERPRINT_KEY])).size).toBe(2);

    const steps = after[0]!.codeFlows![0]!.threadFlows[0]!.locations!.map(({ location }) => ({
      uri: location!.physicalLocation!.artifactLocation!.uri,
      line: location!.physicalLocation!.region!.startLine,
      message: location!.message!.text,
    }));
    expect(steps).toEqual([
      { uri: 'server.ts', line: 20, message: 'tool "read_report" is registered here' },
      { uri: 'server.ts', line: 28, message: 'calls saveCopy' },
      { uri: 'store.ts', line: 9, message: 'fs/promises writeFile: writes a file (overwrites it if it exists) (when `keepCopy`)' },
    ]);
    // A finding without evidence has no code flow.
    expect(after[1]!.codeFlows).toBeUndefined();
  });

  it('says the run did not succeed when a file does not parse, and percent-encodes paths', async () => {
    const dir = writeProject({ 'my src/broken file.ts': 'server.registerTool("x", { \n' });
    const log = format(await lint({ paths: ['.'], cwd: dir }), dir);
    expectValid(log);
    const run = log.runs[0]!;
    expect(run.invocations).toEqual([{ executionSuccessful: false }]);
    expect(run.results).toHaveLength(1);
    expect(run.results![0]).toMatchObject({
      ruleId: 'parse-error',
      level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'my%20src/broken%20file.ts', uriBaseId: SRCROOT } } }],
    });
    expect(run.results![0]!.codeFlows).toBeUndefined();
  });
});

describe('sarif: partialFingerprints of findings that share rule, tool and hint', () => {
  it('numbers them in report order, so that code scanning keeps two alerts', async () => {
    const dir = writeProject({
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("t", { description: "d", inputSchema: {}, annotations: { readOnlyHint: true, ...pick(), ...other() } }, async () => ({ content: [] }));
declare function pick(): object;
declare function other(): object;
`,
    });
    const log = format(await lint({ paths: ['server.ts'], cwd: dir }), dir);
    const prints = log.runs[0]!.results!.filter((r) => r.ruleId === 'unverifiable-annotations').map((r) => r.partialFingerprints![FINGERPRINT_KEY]!);
    expect(prints).toHaveLength(2);
    expect(prints[0]!.replace(/:1$/, ':2')).toBe(prints[1]);
  });
});

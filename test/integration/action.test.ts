import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writeProject } from '../helpers.js';
import { ROOT, cleanEnv, consumerProject, readmeBlock, serverSource } from './consumer.js';

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as Action;
const steps = action.runs.steps;
const lintStep = steps.find((s) => s.id === 'lint')!;
const uploadStep = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))!;
const failStep = steps[steps.length - 1]!;

/** `${{ inputs.x }}` in an env value or `with:`, as the runner would substitute it: the given input, else its default. */
function substitute(value: string, inputs: Record<string, string>): string {
  return value.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => inputs[name] ?? action.inputs[name]?.default ?? '');
}

/**
 * Runs a `run:` step of the action as a composite step with `shell: bash` runs
 * (`bash --noprofile --norc -eo pipefail {0}`), with the step's env from `inputs` and `extra`;
 * returns the exit code, the output and what it wrote to $GITHUB_OUTPUT.
 */
function runStep(step: Step, cwd: string, inputs: Record<string, string>, extra: Record<string, string> = {}) {
  const outputFile = path.join(writeProject({ out: '' }), 'out');
  const script = path.join(writeProject({ 'step.sh': step.run! }), 'step.sh');
  const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(v, inputs)]));
  const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, encoding: 'utf8', env: cleanEnv({ ...env, ...extra, GITHUB_OUTPUT: outputFile }) });
  const outputs = Object.fromEntries(readFileSync(outputFile, 'utf8').split('\n').filter(Boolean).map((l) => l.split(/=(.*)/s).slice(0, 2)));
  return { code: r.status, output: `${r.stdout}${r.stderr}`, outputs };
}

describe('GitHub composite action (action.yml)', () => {
  it('is a composite action whose inputs reach the shell only through env, never by ${{ }} in a script', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['args', 'baseline', 'category', 'config', 'paths', 'sarif-file', 'upload']);
    expect(action.inputs['sarif-file']!.default).toBe('mcp-annotate-lint.sarif');
    expect(action.inputs.upload!.default).toBe('true');
    for (const step of steps) if (step.run !== undefined) expect(step.run, step.id ?? step.run).not.toContain('${{');
    expect(lintStep.env).toEqual({
      MCPLINT_PATHS: '${{ inputs.paths }}',
      MCPLINT_CONFIG: '${{ inputs.config }}',
      MCPLINT_BASELINE: '${{ inputs.baseline }}',
      MCPLINT_ARGS: '${{ inputs.args }}',
      MCPLINT_SARIF_FILE: '${{ inputs.sarif-file }}',
    });
    // The action's own --format and --output-file come after the user's args, so that they win.
    expect(lintStep.run).toMatch(/npx --no -- mcp-annotate-lint "\$\{extra\[@\]\}" "\$\{args\[@\]\}" -- "\$\{paths\[@\]\}"/);
    expect(lintStep.run).toContain('args=(--format sarif --output-file "$MCPLINT_SARIF_FILE")');
    // The report is uploaded whatever the lint step did, when asked for and written; then the job fails on exit 1 or 2.
    expect(uploadStep).toEqual({
      if: "always() && inputs.upload == 'true' && steps.lint.outputs.sarif-written == 'true'",
      uses: 'github/codeql-action/upload-sarif@v3',
      with: { sarif_file: '${{ inputs.sarif-file }}', category: '${{ inputs.category }}' },
    });
    expect(failStep).toMatchObject({ if: 'always()', env: { MCPLINT_EXIT_CODE: '${{ steps.lint.outputs.exit-code }}' } });
    expect(action.outputs['exit-code']!.value).toBe('${{ steps.lint.outputs.exit-code }}');
  });

  it('fails the job on exit code 1 or 2, or when the lint step gave none, and passes on 0', () => {
    const dir = writeProject({});
    const codes = ['0', '1', '2', ''].map((code) => runStep(failStep, dir, {}, { MCPLINT_EXIT_CODE: code }).code);
    expect(codes).toEqual([0, 1, 2, 2]);
  });

  it('passes paths and args as words, not as shell code, and keeps the exit code of a run that fails', () => {
    const dir = consumerProject({ 'src/server.ts': serverSource(true) });
    const r = runStep(lintStep, dir, { paths: 'src/$(touch injected)\n`touch injected2`', args: '--max-depth $(touch injected3)' });
    expect(['injected', 'injected2', 'injected3'].filter((f) => existsSync(path.join(dir, f)))).toEqual([]);
    expect(r.outputs['exit-code']).toBe('2');
    expect(r.code).toBe(0);
  });

  it('writes the SARIF report to sarif-file and records the exit code: 1 for an error-level finding, 0 once fixed', () => {
    const dir = consumerProject({ 'src/server.ts': serverSource(true) });
    // `args` cannot turn the report into another format (third fresh-user trial).
    const bad = runStep(lintStep, dir, { paths: 'src', args: '--format json --output-file other.json' });
    expect(bad.code).toBe(0);
    expect(existsSync(path.join(dir, 'other.json'))).toBe(false);
    expect(bad.outputs).toEqual({ 'exit-code': '1', 'sarif-written': 'true' });
    const sarif = JSON.parse(readFileSync(path.join(dir, 'mcp-annotate-lint.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toContain('optimistic-read-only');
    writeFileSync(path.join(dir, 'src/server.ts'), serverSource(false));
    const good = runStep(lintStep, dir, { 'sarif-file': 'out/report.sarif' });
    expect(good.outputs).toEqual({ 'exit-code': '0', 'sarif-written': 'true' });
    expect(JSON.parse(readFileSync(path.join(dir, 'out/report.sarif'), 'utf8')).runs[0].results).toEqual([]);
    // A sarif-file that names a source file: the linter refuses before anything is deleted or written (second trial).
    const source = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    const refused = runStep(lintStep, dir, { 'sarif-file': 'src/server.ts' });
    expect(refused.outputs).toEqual({ 'exit-code': '2' });
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(source);
  });

  it('is used in the README workflow with inputs it declares, and the plain recipe uploads with upload-sarif', () => {
    const workflow = parse(readmeBlock('### GitHub Actions', 'yaml')) as { permissions: Record<string, string>; jobs: { lint: { steps: Step[] } } };
    expect(workflow.permissions['security-events']).toBe('write');
    const used = workflow.jobs.lint.steps;
    expect(used.map((s) => s.uses ?? s.run)).toEqual(['actions/checkout@v4', 'actions/setup-node@v4', 'npm ci', 'mcp-annotate-lint/mcp-annotate-lint@v0']);
    expect(used[1]!.with).toEqual({ 'node-version': 20 });
    for (const key of Object.keys(used[3]!.with ?? {})) expect(Object.keys(action.inputs)).toContain(key);
    const plain = parse(readmeBlock('Without\nthe action', 'yaml')) as Step[];
    expect(plain).toEqual([
      { run: 'npx mcp-annotate-lint --format sarif --output-file results.sarif' },
      { if: 'always()', uses: 'github/codeql-action/upload-sarif@v3', with: { sarif_file: 'results.sarif' } },
    ]);
  });
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/**
 * The module graph of src/ and rules/ keeps the rules of .dependency-cruiser.cjs: no cycle of value
 * imports anywhere, no cycle at all (type-only imports included) inside src/analysis, and ts-morph's
 * values only through src/ts-morph.ts.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A violation as one line: the rule, then the cycle (or the dependency) it found. */
function describeViolation(v: IViolation): string {
  const steps = v.cycle ? [v.from, ...v.cycle.map((c) => `${c.name}${c.dependencyTypes.includes('type-only') ? ' (type-only)' : ''}`)] : [v.from, v.to];
  return `${v.rule.name}: ${steps.join(' → ')}`;
}

describe('architecture', () => {
  it('has no import cycles nor direct ts-morph value imports that .dependency-cruiser.cjs forbids in src and rules', async () => {
    const options = await extractDepcruiseOptions(path.join(ROOT, '.dependency-cruiser.cjs'));
    const tsConfig = extractTSConfig(path.join(ROOT, 'tsconfig.json'));
    const result = await cruise(['src', 'rules'], { ...options, baseDir: ROOT, validate: true }, {}, { tsConfig });
    const output = result.output as ICruiseResult;
    // The rules ran over the whole tree (a wrong base directory would find no modules, and so no violations).
    expect(output.modules.filter((m) => m.source.startsWith('src/analysis/')).length).toBeGreaterThan(10);
    expect(output.summary.ruleSetUsed?.forbidden?.map((r) => r.name)).toEqual(['no-circular', 'no-circular-analysis', 'ts-morph-through-wrapper']);
    expect(output.summary.violations.map(describeViolation)).toEqual([]);
  });
});

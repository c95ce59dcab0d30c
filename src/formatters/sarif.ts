import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeFlow, Fix as SarifFix, Location, Log, ReportingDescriptor, Result } from 'sarif';
import { RULE_DESCRIPTORS, type RuleDescriptor } from '../engine/descriptors.js';
import { fingerprint } from '../engine/fingerprint.js';
import { isListedLocation, type Effect, type Finding, type Fix, type LintResult, type Severity, type SourceLocation } from '../model.js';
import { PACKAGE } from '../package-info.js';
import { relativePath } from './paths.js';
import type { Formatter } from './types.js';

/*
 * `--format sarif`: SARIF 2.1.0 (OASIS, https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html)
 * in the subset GitHub code scanning reads
 * (https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning).
 */

/** The `$schema` of the log (SARIF §3.13.3). */
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** The key of {@link fingerprint} in `result.partialFingerprints` (SARIF §3.27.17): versioned, as the spec asks. */
export const FINGERPRINT_KEY = 'mcpAnnotateLint/v1';

/** The base every artifact URI is relative to (SARIF §3.4.4): the working directory of the run. */
export const SRCROOT = '%SRCROOT%';

/** `result.level` and `defaultConfiguration.level` of each severity (SARIF §3.27.10). */
const LEVEL: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = { error: 'error', warning: 'warning', info: 'note' };

/** GitHub's `problem.severity` rule property of each severity (what code scanning shows for a non-security rule). */
const PROBLEM_SEVERITY: Readonly<Record<Severity, 'error' | 'warning' | 'recommendation'>> = { error: 'error', warning: 'warning', info: 'recommendation' };

/** `optimistic-read-only` → `OptimisticReadOnly`: a rule's `name` (SARIF §3.49.7). */
function pascalCase(id: string): string {
  return id.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/**
 * A rule as a `reportingDescriptor` (SARIF §3.49), with the fields GitHub requires (`fullDescription`,
 * `help`) and its rule properties: `tags`, `precision` (`very-high` for the engine's own findings,
 * which are certain, such as a file that does not parse; `high` for a rule, whose verdict rests on
 * static inference, the worst case over all paths) and `problem.severity`.
 */
function reportingDescriptor(rule: RuleDescriptor): ReportingDescriptor {
  return {
    id: rule.id,
    name: pascalCase(rule.id),
    shortDescription: { text: rule.description },
    fullDescription: { text: rule.description },
    help: { text: `${rule.id}: ${rule.description}. Documentation: ${rule.helpUri}`, markdown: `**${rule.id}**: ${rule.description}. [Documentation](${rule.helpUri})` },
    helpUri: rule.helpUri,
    defaultConfiguration: { level: LEVEL[rule.recommended] },
    properties: { tags: ['mcp', 'tool-annotations', rule.type], precision: rule.engine ? 'very-high' : 'high', 'problem.severity': PROBLEM_SEVERITY[rule.recommended] },
  };
}

/**
 * A location (SARIF §3.28) in a file relative to {@link SRCROOT}, each path segment percent-encoded
 * (a URI reference, §3.4.3). A listed tool (live mode) has no file: its location is logical
 * (§3.33), the JSON path in the tools/list result as `fullyQualifiedName`, of kind `member`. GitHub
 * code scanning needs a physical location in a file of the repository and does not show such
 * results; live SARIF is for other SARIF viewers and for tools that read it.
 */
function sarifLocation(location: SourceLocation, cwd: string, message?: string): Location {
  if (isListedLocation(location)) {
    return { logicalLocations: [{ fullyQualifiedName: location.jsonPath, kind: 'member' }], ...(message !== undefined ? { message: { text: message } } : {}) };
  }
  return {
    physicalLocation: { artifactLocation: { uri: uriOf(location.file, cwd), uriBaseId: SRCROOT }, region: { startLine: location.line, startColumn: location.column } },
    ...(message !== undefined ? { message: { text: message } } : {}),
  };
}

/**
 * The path from the tool to one piece of evidence (SARIF §3.36 `codeFlow`, one `threadFlow`): the
 * tool's registration, each call on the way (outermost first), then the sink. One code flow per
 * effect, as GitHub shows each code flow of a result as one path.
 */
function codeFlow(finding: Finding, effect: Effect, cwd: string): CodeFlow {
  const when = effect.condition ? ` (when \`${effect.condition}\`)` : '';
  const steps = [
    ...(finding.toolLocation ? [sarifLocation(finding.toolLocation, cwd, finding.tool !== null ? `tool "${finding.tool}" is registered here` : 'the tool is registered here')] : []),
    ...effect.via.map((hop) => sarifLocation(hop.location, cwd, `calls ${hop.callee}`)),
    sarifLocation(effect.location, cwd, `${effect.sink}: ${effect.description}${when}`),
  ];
  return { threadFlows: [{ locations: steps.map((location) => ({ location })) }] };
}

/** The URI of a file relative to {@link SRCROOT}, each path segment percent-encoded (a URI reference, §3.4.3). */
function uriOf(file: string, cwd: string): string {
  return relativePath(file, cwd).split('/').map(encodeURIComponent).join('/');
}

/**
 * A fix or suggestion as a SARIF `fix` (§3.55): one artifact change replacing `charLength`
 * characters at `charOffset` (§3.30.2: offsets into the file's text, as the linter counts them:
 * UTF-16 code units) with the new text.
 */
function sarifFix(description: string, fix: Fix, cwd: string): SarifFix {
  return {
    description: { text: description },
    artifactChanges: [
      {
        artifactLocation: { uri: uriOf(fix.file, cwd), uriBaseId: SRCROOT },
        replacements: [{ deletedRegion: { charOffset: fix.range[0], charLength: fix.range[1] - fix.range[0] }, insertedContent: { text: fix.text } }],
      },
    ],
  };
}

/** The fix, then each suggestion (`Suggestion: ...`), of a finding as SARIF fixes; none when it has neither. */
function sarifFixes(finding: Finding, cwd: string): SarifFix[] {
  return [
    ...(finding.fix ? [sarifFix(`Fix ${finding.hint ?? finding.ruleId} (as mcp-annotate-lint --fix does)`, finding.fix, cwd)] : []),
    ...(finding.suggestions ?? []).map((s) => sarifFix(`Suggestion: ${s.desc}`, s.fix, cwd)),
  ];
}

/** A finding as a `result` (SARIF §3.27): its rule, level, message, location, fingerprint and evidence. */
function sarifResult(finding: Finding, ruleIndex: ReadonlyMap<string, number>, cwd: string, print: string): Result {
  const index = ruleIndex.get(finding.ruleId);
  return {
    ruleId: finding.ruleId,
    ...(index !== undefined ? { ruleIndex: index } : {}),
    level: LEVEL[finding.severity],
    message: { text: finding.message },
    locations: [sarifLocation(finding.location, cwd)],
    partialFingerprints: { [FINGERPRINT_KEY]: print },
    ...(finding.evidence.length > 0 ? { codeFlows: finding.evidence.map((effect) => codeFlow(finding, effect, cwd)) } : {}),
    ...(finding.fix || finding.suggestions ? { fixes: sarifFixes(finding, cwd) } : {}),
  };
}

/**
 * The SARIF log of a run: one `run` whose driver lists every rule ({@link RULE_DESCRIPTORS}) and
 * whose results are the findings in report order. Deterministic: no timestamps, and no absolute
 * path but the {@link SRCROOT} base in `originalUriBaseIds`. `executionSuccessful` is false when a
 * file could not be read or parsed, or its analysis failed (a fatal finding).
 */
export function toSarifLog(result: LintResult, cwd: string): Log {
  const rules = [...RULE_DESCRIPTORS.values()];
  const ruleIndex = new Map(rules.map((rule, i) => [rule.id, i]));
  // Two findings of one rule on one tool and hint share a fingerprint: the n-th (in report order) gets `:n`, as CodeQL numbers equal line hashes, so that code scanning keeps them apart.
  const seen = new Map<string, number>();
  const prints = result.findings.map((finding) => {
    const base = fingerprint(finding, cwd);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}:${n}`;
  });
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'mcp-annotate-lint', version: PACKAGE.version, informationUri: PACKAGE.homepage, rules: rules.map(reportingDescriptor) } },
        invocations: [{ executionSuccessful: !result.findings.some((f) => f.fatal) }],
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(path.join(cwd, path.sep)).href } },
        // Columns count UTF-16 code units, as TypeScript's positions do.
        columnKind: 'utf16CodeUnits',
        results: result.findings.map((finding, i) => sarifResult(finding, ruleIndex, cwd, prints[i]!)),
      },
    ],
  };
}

/** `--format sarif`: {@link toSarifLog}, indented. */
export const sarif: Formatter = (result, { cwd }) => `${JSON.stringify(toSarifLog(result, cwd), null, 2)}\n`;

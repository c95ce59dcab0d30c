import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SourceFile } from 'ts-morph';
import { BranchIndex } from './analysis/branches.js';
import { evaluate } from './analysis/evaluate.js';
import { Resolver } from './analysis/resolve.js';
import { ContextFinder } from './discover/contexts.js';
import { discoverProject } from './discover/index.js';
import { PatchIndex } from './discover/patches.js';
import { importsMcpSdk } from './discover/registrations.js';
import { keyOfReceiver } from './discover/receivers.js';
import { inferHints } from './effects/hints.js';
import { withNaturalKey } from './effects/natural-keys.js';
import { EffectAnalyzer } from './effects/infer.js';
import { forwardingOf, markSharedEffects, sharingGroups } from './effects/shared.js';
import { DEFAULT_INFER_OPTIONS } from './effects/options.js';
import { ConfiguredSinks } from './effects/configured.js';
import { EMPTY_CONFIG, type Config } from './config/schema.js';
import { checkTools } from './engine/check.js';
import { compareFindings } from './engine/collector.js';
import { RuleSettings } from './config/rule-settings.js';
import { applySuppressions } from './engine/suppressions.js';
import { planFixes } from './fix/plan.js';
import type { Finding, LintResult, ToolFacts } from './model.js';
import { isSkippedFile, resolveInputs, type ResolvedInputs } from './project/inputs.js';
import { compileGlobs } from './project/glob.js';
import { isAffected, searchableContext, toolsReaching } from './project/changed-files.js';
import { UsageError } from './errors.js';
import { shownPath } from './write-file.js';
import { loadProgram } from './project/load.js';
import { SdkVersions } from './project/sdk-version.js';
import { packageRootOf } from './project/dependencies.js';
import { explainNoTools } from './discover/zero.js';

export type { Finding, LintResult, ToolFacts } from './model.js';

/** Options of {@link lint}. */
export interface LintOptions {
  /** Files, folders or globs, relative to `cwd`; empty means the project in `cwd`. */
  paths: string[];
  /** Absolute working directory; reports give paths relative to it. */
  cwd: string;
  /** How many calls deep effect inference follows project functions (default 12). */
  maxDepth?: number;
  /** How many effect nodes effect inference may visit in the run (default 2,000,000). */
  maxWork?: number;
  /** The project's validated configuration (`loadConfig`); none: every rule at its recommended severity, no configured sinks. */
  config?: Config;
  /**
   * The file the configuration came from (absolute): its folder is what the configuration's globs
   * (`overrides[].files`, `include`, `exclude`) and `tsconfig` are relative to (default `cwd`), and
   * messages name it.
   */
  configFile?: string;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}

/**
 * A finding for a file or tool the run could not finish: `parse-error` (ESLint's "Parsing error"),
 * `read-error` or `analysis-error`. Always an error; the run goes on.
 */
function fatalFinding(ruleId: 'parse-error' | 'read-error' | 'analysis-error', message: string, location: Finding['location'], tool: string | null = null): Finding {
  const messageId = ruleId.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  return { ruleId, messageId, message, severity: 'error', tool, ...(tool ? { toolLocation: location } : {}), location, evidence: [], fatal: true };
}

/** A predicate that matches no file. */
const NOTHING = (): boolean => false;

/**
 * Matches files (absolute) against the configuration's `exclude` globs, relative to `configDir`.
 * @throws UsageError `<configName>: exclude[i]: <why>` for a glob that cannot be used (glob.ts).
 */
function exclusion(globs: string[], configDir: string, configName: string): (file: string) => boolean {
  if (globs.length === 0) return NOTHING;
  const match = compileGlobs(globs, (i) => `${configName}: exclude[${i}]`);
  return (file) => match(path.relative(configDir, file).split(path.sep).join('/'));
}

function withoutKeys<V>(map: Map<string, V>, drop: (key: string) => boolean): Map<string, V> {
  return new Map([...map].filter(([key]) => !drop(key)));
}

/**
 * The files to lint: `paths` (relative to `cwd`); with none, the configuration's `include` globs
 * (relative to `configDir`), else the project in `cwd`. The configuration's `tsconfig` (relative to
 * `configDir`) replaces the tsconfig.json found, and with no path nor `include` lists the files.
 *
 * @throws UsageError as resolveInputs, and when the configured tsconfig does not exist.
 */
async function configuredInputs(paths: string[], cwd: string, config: Config, configDir: string, configName: string): Promise<ResolvedInputs> {
  const tsconfig = config.tsconfig ? path.resolve(configDir, config.tsconfig) : null;
  if (tsconfig && !existsSync(tsconfig)) throw new UsageError(`${configName}: tsconfig: ${shownPath(tsconfig, cwd)} does not exist`);
  if (paths.length === 0 && tsconfig && !config.include) return { files: [], tsconfig, context: [], skipped: [], packageDir: null };
  const inputs = paths.length === 0 && config.include ? await resolveInputs(config.include, configDir, (i) => `${configName}: include[${i}]`) : await resolveInputs(paths, cwd);
  return tsconfig ? { ...inputs, tsconfig } : inputs;
}

/**
 * Lints the MCP server in `paths`: finds its tool registrations, infers what each handler does,
 * and checks the declared annotations against it. Never executes the analysed code.
 *
 * @throws UsageError for a path that does not exist, an empty glob, or an unreadable or missing tsconfig.json.
 */
export async function lint(options: LintOptions): Promise<LintResult> {
  const config = options.config ?? EMPTY_CONFIG;
  const configDir = options.configFile ? path.dirname(options.configFile) : options.cwd;
  const configName = options.configFile ? shownPath(options.configFile, options.cwd) : 'the configuration';
  const inputs = await configuredInputs(options.paths, options.cwd, config, configDir, configName);
  const excluded = exclusion(config.exclude, configDir, configName);
  // Compiled before the work, so that a glob that cannot be used stops the run at once.
  const settings = new RuleSettings(config, configDir, configName);
  const files = inputs.files.filter((f) => !excluded(f));
  // A file named on the command line that `exclude` leaves out is said so, as ESLint warns of an ignored file it was given.
  const given = new Map(options.paths.map((p) => [path.resolve(options.cwd, p), p]));
  const excludedNamed = inputs.files.filter((f) => excluded(f) && given.has(f)).map((f) => ({ path: given.get(f)!, reason: `excluded by "exclude" in ${configName}` }));
  const skippedAll = [...inputs.skipped, ...excludedNamed];
  const skipped = (): { skipped?: ResolvedInputs['skipped'] } => (skippedAll.length > 0 ? { skipped: skippedAll } : {});
  // A project run that `exclude` empties would pass without reading anything: a mistake, not a clean result.
  const everyFileExcluded = (count: number) => new UsageError(`${configName}: "exclude" leaves out every file of the project (${count}); nothing would be linted`);
  if (options.paths.length === 0 && inputs.files.length > 0 && files.length === 0) throw everyFileExcluded(inputs.files.length);
  // The same for folders and globs named on the command line; files named one by one (pre-commit) are only warned of.
  if (files.length === 0 && excludedNamed.length < inputs.files.length) {
    throw new UsageError(`${configName}: "exclude" leaves out every file that ${options.paths.join(' ')} name${options.paths.length === 1 ? 's' : ''} (${inputs.files.length}); nothing would be linted`);
  }
  // Every path named a file that is not linted (not source, or excluded): nothing to read, as ESLint does when each file given is ignored.
  if (files.length === 0 && options.paths.length > 0) {
    return { tools: [], findings: [], unresolvedRegistrations: [], filesRead: [], cwd: options.cwd, stats: { summaries: 0, reused: 0, effectNodes: 0 }, ...skipped() };
  }
  const loaded = loadProgram(files, inputs.tsconfig, inputs.context, inputs.packageDir, (inputs.entries ?? []).filter((f) => !excluded(f)), new Set(given.keys()));
  // Files too large to read are said so on stderr, as named files that are not linted are.
  const tooLarge = loaded.skipped.filter(({ file }) => !excluded(file)).map(({ file, reason }) => ({ path: given.get(file) ?? (path.relative(options.cwd, file) || file), reason }));
  if (tooLarge.length > 0) skippedAll.push(...tooLarge);
  // Files the configuration excludes are never linted nor reported on, even when a project lists them; they still resolve imports.
  const program = excluded === NOTHING ? loaded : { ...loaded, targets: loaded.targets.filter((sf) => !excluded(sf.getFilePath())), parseErrors: withoutKeys(loaded.parseErrors, excluded), unreadable: withoutKeys(loaded.unreadable, excluded) };
  if (options.paths.length === 0 && loaded.targets.length > 0 && program.targets.length === 0) throw everyFileExcluded(loaded.targets.length);
  const targetRoots = new Set(program.targets.map((sf) => packageRootOf(sf.getFilePath())).filter((r): r is string => r !== null));
  const isProjectFile = (sf: SourceFile): boolean => {
    if (sf.isDeclarationFile()) return false;
    const root = packageRootOf(sf.getFilePath());
    return root === null || targetRoots.has(root);
  };
  // Resolution and evaluation recurse into each other: the Resolver gets evaluation through its narrow interface.
  const branches = new BranchIndex((expr, b) => evaluate(expr, resolver, 0, b));
  const resolver: Resolver = new Resolver(
    isProjectFile,
    program.resolveModule,
    {
      evaluate: (expr, b) => evaluate(expr, resolver, 0, b),
      isReachable: (node, fn, b) => branches.isReachable(node, fn, b),
    },
    program.vendoredModule,
  );
  const usesSdk = program.project.getSourceFiles().some((sf) => isProjectFile(sf) && importsMcpSdk(sf)) || program.standalone.some((s) => s.bundlesMcpSdk);

  const fatal: Finding[] = [];
  for (const [file, reason] of program.unreadable) fatal.push(fatalFinding('read-error', `Cannot read this file: ${reason}`, { file, line: 1, column: 1 }));
  // A folder a walk could not list is reported as an unreadable file is: its files are not linted, the others are.
  for (const { folder, reason } of inputs.unreadable ?? []) if (!excluded(folder)) fatal.push(fatalFinding('read-error', `Cannot read this folder: ${reason}`, { file: folder, line: 1, column: 1 }));
  // Every file that does not parse is reported, targets and the files they import alike; targets are not searched.
  for (const [file, { line, column, message }] of program.parseErrors) fatal.push(fatalFinding('parse-error', `Parsing error: ${message}`, { file, line, column }));
  const targets = program.targets.filter((sf) => !program.parseErrors.has(sf.getFilePath()));
  const projectFiles = program.project.getSourceFiles().filter((sf) => isProjectFile(sf) && !program.parseErrors.has(sf.getFilePath()));
  const patches = new PatchIndex(projectFiles, keyOfReceiver);
  const contexts = new ContextFinder(resolver, (fn) => patches.callSitesOf(fn));
  // Named files with their project as context: registrations anywhere in it whose tools rest on a named file are checked too.
  // Files of followed dependency packages are searched, but a run on named files reports their tools only when they rest on a named file.
  const followed = (file: string): boolean => program.dependencies.isFollowed(file);
  const named = new Set<string>(targets.map((sf) => sf.getFilePath() as string).filter((f) => !followed(f)));
  // The context and what it imports (package entry points import the rest), tests and declarations aside.
  const context = inputs.context.length > 0 ? searchableContext(projectFiles.filter((sf) => !named.has(sf.getFilePath()) && !followed(sf.getFilePath()) && !excluded(sf.getFilePath()) && !isSkippedFile(sf.getFilePath()))) : [];
  const discovery = discoverProject([...targets, ...context], { resolver, contexts, projectUsesSdk: usesSdk, patches, sdkVersions: new SdkVersions() });
  for (const f of discovery.failures) fatal.push(fatalFinding('analysis-error', `Discovery (${f.adapter}) failed in this file: ${f.error}`, { file: f.file, line: 1, column: 1 }));
  const discovered = discovery.tools;
  const found = discovery.unresolved.filter((u) => named.has(u.location.file) || (context.length === 0 && followed(u.location.file)));
  // A run that finds nothing says why, where it can tell (a run over changed files is about them, not the project).
  const unresolvedRegistrations = discovery.tools.length === 0 && found.length === 0 && context.length === 0 ? explainNoTools(targets, program.dependencies.followed(), program.dependencies.notFollowed(), program.vendored) : found;

  // A tools/call handler that looks its tool up in a registry the linter cannot read finds the tool listed under that name.
  resolver.listTools(discovered.flatMap(({ facts, listed }) => (listed && facts.name !== null ? [{ name: facts.name, node: listed.node, bindings: listed.bindings }] : [])));
  const analyzer = new EffectAnalyzer(resolver, {
    maxDepth: options.maxDepth ?? DEFAULT_INFER_OPTIONS.maxDepth,
    maxWork: options.maxWork ?? DEFAULT_INFER_OPTIONS.maxWork,
    configured: new ConfiguredSinks(config.sinks, config.incidental, config.databaseServers),
    handlerFiles: new Set(discovered.flatMap(({ handlers }) => handlers.map((h) => h.node.getSourceFile().getFilePath() as string))),
  });
  // A run over changed files analyses only the tools whose code can reach one of them.
  const forwarding = forwardingOf(resolver);
  const reaching = context.length === 0 ? null : toolsReaching(discovered.map(({ facts, handlers }) => ({ registration: program.project.getSourceFile(facts.location.file), handlers })), named, sharingGroups(discovered, forwarding));
  const analysed = discovered.map(({ facts, handlers }, i) => {
    if (reaching !== null && !reaching.has(i)) return { handlers, effects: null };
    let effects = null;
    try {
      effects = handlers.length > 0 ? analyzer.analyze(handlers) : null;
    } catch (error) {
      // One handler the analysis cannot handle must not end the run: its effects are unknown.
      fatal.push(fatalFinding('analysis-error', `Effect inference failed for "${facts.displayName}": ${errorText(error)}`, facts.location, facts.displayName));
    }
    return { handlers, effects };
  });
  // Effects on the path all tools of one wrapper or dispatcher take are not each tool's own (issue 15).
  const effectSets = markSharedEffects(analysed, forwarding);
  const tools: ToolFacts[] = discovered
    .map(({ facts, requiredInputs }, i) => {
      // A create under a key the caller chooses adds nothing when repeated (natural-keys.ts).
      const effects = withNaturalKey(effectSets[i]!, facts.name, requiredInputs);
      return { ...facts, effects, inferred: inferHints(effects) };
    })
    .filter((tool, i) => reaching === null || (reaching.has(i) && isAffected(tool, named)));
  tools.sort((a, b) => a.location.file.localeCompare(b.location.file) || a.location.line - b.location.line || a.location.column - b.location.column);

  const settingsOf = (tool: ToolFacts) => settings.for(tool.location.file, tool.name);
  const sourceOf = (file: string) => (program.parseErrors.has(file) ? undefined : program.project.getSourceFile(file)?.compilerNode);
  // Suppression findings are about a file, not a tool: overrides by file apply to them.
  const { findings, suppressed } = applySuppressions([...fatal, ...checkTools(tools, settingsOf)], targets.map((sf) => sf.getFilePath()), sourceOf, (file) => settings.for(file, null));
  findings.sort(compareFindings);
  // Fixes and suggestions as edits of the source, for the findings that are reported (issue 17).
  // Only the files this run lints are edited: an imported or context file may hold a preset that tools the run does not see share.
  const fixed = planFixes(findings, discovered.map(({ facts }) => facts), program.project, new Set(targets.map((sf) => sf.getFilePath() as string)));
  return { tools, findings: fixed, unresolvedRegistrations, filesRead: [...program.targets.map((sf) => sf.getFilePath() as string), ...program.vendored.keys(), ...program.standalone.map((s) => s.file)], cwd: options.cwd, stats: { ...analyzer.stats }, suppressed, ...skipped() };
}

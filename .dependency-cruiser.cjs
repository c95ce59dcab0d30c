/**
 * Module-graph rules, checked by test/architecture.test.ts (and `npx depcruise src rules`).
 * - Nowhere in src/ or rules/ may modules import each other's values in a circle: a cycle of
 *   value imports makes the load order decide what a module sees at start-up.
 * - Inside src/analysis no cycle at all, type-only imports included: its layers point one way
 *   (syntax, bindings, values → resolve → evaluate → branches, paths, conditions, ...); the
 *   Resolver gets evaluation through its narrow `Evaluation` interface instead of an import.
 * Type-only cycles elsewhere are allowed (a module and its helper sharing types).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle of value imports: the modules depend on each other at run time, and the import order decides what each sees.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circular-analysis',
      comment: 'src/analysis is layered: no cycle at all, type-only imports included.',
      severity: 'error',
      from: { path: '^src/analysis/' },
      to: { circular: true, path: '^src/analysis/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};

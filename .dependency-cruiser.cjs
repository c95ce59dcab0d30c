/**
 * Module-graph rules, checked by test/architecture.test.ts (and `npx depcruise src rules`).
 * - Nowhere in src/ or rules/ may modules import each other's values in a circle: a cycle of
 *   value imports makes the load order decide what a module sees at start-up.
 * - Inside src/analysis no cycle at all, type-only imports included: its layers point one way
 *   (syntax, bindings, values → resolve → evaluate → branches, paths, conditions, ...); the
 *   Resolver gets evaluation through its narrow `Evaluation` interface instead of an import.
 * Type-only cycles elsewhere are allowed (a module and its helper sharing types).
 * - ts-morph's values come through src/ts-morph.ts only (it `require`s the CommonJS bundle; an ESM
 *   import makes Node.js lex it for named exports on every run); types may be imported directly.
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
    {
      name: 'ts-morph-through-wrapper',
      comment: 'Import ts-morph values from src/ts-morph.ts: an ESM import of the package lexes its bundle at every start-up (about 70-130 ms).',
      severity: 'error',
      from: { path: '^(src|rules)/', pathNot: '^src/ts-morph\\.ts$' },
      to: { path: 'node_modules/ts-morph/', dependencyTypesNot: ['type-only', 'type-import'] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages stay in the graph as leaves (not followed), so that rules can name them.
    doNotFollow: { path: 'node_modules' },
  },
};

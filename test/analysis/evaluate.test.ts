import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/analysis/evaluate.js';
import { Resolver } from '../../src/analysis/resolve.js';
import { loadProgram } from '../../src/project/load.js';
import { SyntaxKind } from '../../src/ts-morph.js';
import { writeProject } from '../helpers.js';

/**
 * Static values of the tests a CLI entry makes of its arguments before it branches (is this a
 * remote URL, an owner/repo shorthand): `.length`, `new RegExp` of a known pattern and its
 * `test`, `some`/`every` over a literal list, and project functions that only return an
 * expression. Each value is `known <value>` or `unknown`.
 */
function valuesOf(source: string): string[] {
  const dir = writeProject({ 'a.ts': source });
  const program = loadProgram([path.join(dir, 'a.ts')], null);
  const resolver = new Resolver((sf) => !sf.isDeclarationFile(), program.resolveModule);
  const sf = program.targets[0]!;
  const out = sf.getDescendantsOfKind(SyntaxKind.VariableDeclaration).filter((d) => d.getName().startsWith('v'));
  return out.map((d) => {
    const v = evaluate(d.getInitializerOrThrow(), resolver);
    return v.known ? `known ${String(v.value)}` : 'unknown';
  });
}

describe('evaluating argument tests', () => {
  it('computes lengths, regular expressions, predicates over literal lists and project functions that return one expression', () => {
    expect(
      valuesOf(`
const LIST = ["https://", "git@"];
const NAME = "[a-z]+";
const re = new RegExp(\`^\${NAME}/\${NAME}$\`);
const isRemote = (value: string): boolean => LIST.some((p) => value.startsWith(p));
function isShort(value: string): boolean { return re.test(value); }
export const v1 = LIST.length;
export const v2 = isRemote("git@host:r");
export const v3 = isRemote(".");
export const v4 = isShort("owner/repo");
export const v5 = isShort(".");
export const v6 = LIST.every((p) => p.endsWith("/"));
export const v7 = /^a+$/.test("aaa");
`),
    ).toEqual(['known 2', 'known true', 'known false', 'known true', 'known false', 'known false', 'known true']);
  });

  it('leaves unknown an invalid pattern, a global expression (its lastIndex changes per call), a run-time list and a function with statements', () => {
    expect(
      valuesOf(`
declare const input: string;
declare const list: string[];
const bad = new RegExp("(");
const global = /a/g;
function twice(value: string): boolean { const x = value.trim(); return x === "a"; }
export const v1 = bad.test("a");
export const v2 = global.test("a");
export const v3 = list.some((p) => p === "a");
export const v4 = twice("a");
export const v5 = /a/.test(input);
`),
    ).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown']);
  });
});

describe('project functions given an unknown argument', () => {
  it('are not evaluated: a validator of a run-time value is not taken to reject it', () => {
    expect(
      valuesOf(`
declare const status: string;
const STATUSES = ["pending", "done"];
const isValidStatus = (s: string): boolean => STATUSES.includes(s);
export const v1 = isValidStatus(status);
export const v2 = isValidStatus("done");
`),
    ).toEqual(['unknown', 'known true']);
  });
});

describe('project functions that read state', () => {
  it('are not evaluated: a `let` flag or a field is what the server holds at run time, not its initializer', () => {
    expect(
      valuesOf(`
let silent = false;
export function setSilent(): void { silent = true; }
function isSilent(): boolean { return silent; }
class Log { level = 1; loud(): boolean { return this.level > 2; } }
export const v1 = isSilent();
export const v2 = new Log().loud();
`),
    ).toEqual(['unknown', 'unknown']);
  });
});

describe('project functions of guard clauses, and tsc\'s downlevel `??` and `?.`', () => {
  it('answer by the first guard whose test holds, and read `(_a = f(x)) !== null && _a !== void 0 ? _a : y` as `f(x) ?? y`', () => {
    expect(
      valuesOf(`
function legacyName(name: string): string | null {
  if (!name.includes("-slash-")) return null;
  if (name.startsWith("x")) { return "x"; }
  return name.replace("-slash-", "--");
}
var _a, _b;
export const v1 = legacyName("apify-slash-rag");
export const v2 = legacyName("search");
export const v3 = (_a = legacyName("search")) !== null && _a !== void 0 ? _a : "search";
export const v4 = (_b = legacyName("a-slash-b")) !== null && _b !== void 0 ? _b : "a-slash-b";
`),
    ).toEqual(['known apify--rag', 'known null', 'known search', 'known a--b']);
  });

  it("read tsc's downlevel `a?.b` (`(_c = a) === null || _c === void 0 ? void 0 : _c.b`) as written", () => {
    expect(
      valuesOf(`
function pick(name: string): string | null { if (name === "none") return null; return name; }
var _c, _d;
export const v1 = (_c = pick("tools")) === null || _c === void 0 ? void 0 : _c.length;
export const v2 = (_d = pick("none")) === null || _d === void 0 ? void 0 : _d.length;
export const v3 = void 0;
`),
    ).toEqual(['known 5', 'known undefined', 'known undefined']);
  });

  it('leave unknown a guard the linter cannot decide, and a body with other statements', () => {
    expect(
      valuesOf(`
declare const mode: string;
function pick(name: string): string { if (mode === "x") return "x"; return name; }
function logged(name: string): string { if (name === "a") return "a"; console.log(name); return name; }
export const v1 = pick("a");
export const v2 = logged("b");
`),
    ).toEqual(['unknown', 'unknown']);
  });
});

describe('memoized answers (read-sets.ts)', () => {
  function chain() {
    // c6 is "x" through 6 consts: evaluated from depth 0 it is known; from depth 20 the depth limit (24) cuts it.
    const lines = ['const c0 = "x";', ...Array.from({ length: 6 }, (_, i) => `const c${i + 1} = c${i} + "";`)];
    const dir = writeProject({ 'a.ts': `${lines.join('\n')}\nexport const v = c6;\n` });
    const program = loadProgram([path.join(dir, 'a.ts')], null);
    const resolver = new Resolver((sf) => !sf.isDeclarationFile(), program.resolveModule);
    const v = program.targets[0]!.getVariableDeclarationOrThrow('v').getInitializerOrThrow();
    return { resolver, v };
  }

  it('does not keep an answer the depth limit shaped: a shallower evaluation still reads the value', () => {
    const { resolver, v } = chain();
    expect(evaluate(v, resolver, 20).known).toBe(false);
    expect(evaluate(v, resolver, 0)).toEqual({ known: true, value: 'x' });
  });

  it('keeps a complete answer for any depth, and forgets answers when the resolver lists other tools', () => {
    const { resolver, v } = chain();
    const first = evaluate(v, resolver, 0);
    expect(first).toEqual({ known: true, value: 'x' });
    expect(evaluate(v, resolver, 20)).toBe(first);
    resolver.listTools([]);
    const after = evaluate(v, resolver, 0);
    expect(after).toEqual(first);
    expect(after).not.toBe(first);
  });
});

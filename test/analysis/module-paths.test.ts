import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Resolver } from '../../src/analysis/resolve.js';
import { pathKey } from '../../src/effects/catalog/entry.js';
import { loadProgram } from '../../src/project/load.js';
import { SyntaxKind } from '../../src/ts-morph.js';
import { writeProject } from '../helpers.js';

/**
 * The module-rooted paths the resolver gives for package values reached through the program
 * (what sink catalog entries are written against): `module path`, or the target's kind and reason.
 */
function pathsIn(files: Record<string, string>, entry: string, calls: string[]): string[] {
  const dir = writeProject(files);
  const program = loadProgram([path.join(dir, entry)], null);
  const resolver = new Resolver((sf) => !sf.isDeclarationFile(), program.resolveModule);
  const sf = program.targets[0]!;
  return calls.map((text) => {
    const call = sf.getDescendantsOfKind(SyntaxKind.CallExpression).find((c) => c.getText() === text);
    if (!call) throw new Error(`no call ${text}`);
    const target = resolver.resolve(call.getExpression());
    return target.kind === 'module' ? `${target.specifier} ${pathKey(target.path)}` : `${target.kind}${target.kind === 'unknown' ? `: ${target.reason}` : ''}`;
  });
}

describe('module-rooted paths', () => {
  it('follows module-level `let`s a lazy initialiser assigns (puppeteer servers), not counting their null resets', () => {
    const server = `import puppeteer, { type Browser, type Page } from "puppeteer";
let browser: Browser | null = null;
let page: Page | null;
let tab: Page | undefined;
async function ensureBrowser() {
  if (browser && !browser.connected) {
    await browser.close();
    browser = null;
  }
  if (!browser) {
    browser = await puppeteer.launch({ headless: true });
    const pages = await browser.pages();
    page = pages[0];
    tab = await browser.newPage();
  }
  return page!;
}
export async function navigate(url: string) {
  const p = await ensureBrowser();
  await p.goto(url);
  await page!.click("a");
  await tab?.screenshot();
}
`;
    expect(pathsIn({ 'server.ts': server }, 'server.ts', ['puppeteer.launch({ headless: true })', 'browser.pages()', 'browser.close()', 'p.goto(url)', 'page!.click("a")', 'tab?.screenshot()'])).toEqual([
      'puppeteer default.launch',
      'puppeteer default.launch().pages',
      'puppeteer default.launch().close',
      'puppeteer default.launch().pages().0.goto',
      'puppeteer default.launch().pages().0.click',
      'puppeteer default.launch().newPage().screenshot',
    ]);
  });

  it('gives a counter or a variable assigned different values no path', () => {
    const server = `import { Pool } from "pg";
import { Client } from "undici";
let n = 0;
let db: Pool | Client | null = null;
export function open(url: string) {
  n++;
  db = url.startsWith("pg:") ? new Pool() : null;
  if (!db) db = new Client(url);
  return db.query("select 1");
}
`;
    expect(pathsIn({ 'server.ts': server }, 'server.ts', ['db.query("select 1")'])).toEqual(['unknown: `db` is a variable that is assigned again']);
  });

  it('follows static and instance methods a class inherits from a package class (sequelize models), also through `this` and a project base class', () => {
    const models = `import { Model, DataTypes } from "sequelize";
export class Base extends Model {}
export class User extends Base {
  static byName(name: string) {
    return this.findOne({ where: { name } });
  }
  rename(name: string) {
    return this.update({ name });
  }
}
User.init({ name: DataTypes.STRING }, { sequelize: undefined as never });
`;
    const server = `import { User } from "./models.js";
export async function run() {
  await User.findAll();
  await User.destroy({ where: {} });
  const u = new User();
  await u.save();
  await User.byName("x");
}
`;
    expect(pathsIn({ 'server.ts': server, 'models.ts': models }, 'server.ts', ['User.findAll()', 'User.destroy({ where: {} })', 'u.save()'])).toEqual([
      'sequelize Model.findAll',
      'sequelize Model.destroy',
      'sequelize Model.new().save',
    ]);
    expect(pathsIn({ 'models.ts': models }, 'models.ts', ['this.findOne({ where: { name } })', 'this.update({ name })', 'User.init({ name: DataTypes.STRING }, { sequelize: undefined as never })'])).toEqual([
      'sequelize Model.findOne',
      'sequelize Model.new().update',
      'sequelize Model.init',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { found, foundIn, serverWith } from './catalog-helpers.js';

const NAVIGATES = 'network read d=null i=null open=true certain';
const INTERACTS = 'network unknown d=null i=null open=true certain';
const WRITES_FILE = 'fs.write write d=true i=true open=false certain';

describe('puppeteer', () => {
  it('takes navigation for an open-world read, input for an unknown open-world effect, scripts for unknown; launch, newPage, reads of the page and close for none', async () => {
    const r = await foundIn(
      `import puppeteer from "puppeteer";`,
      `  const browser = await puppeteer.launch(); const page = await browser.newPage(); await page.setViewport({ width: 800, height: 600 });
  await page.goto("https://example.com"); await page.type("#q", "x"); await page.click("button"); await page.keyboard.press("Enter"); await page.mouse.click(1, 2);
  await page.waitForNavigation(); const html = await page.content(); const title = (await page.title()).trim(); await page.$eval("h1", (e) => e.textContent);
  const el = await page.$("a"); await el!.click(); await page.locator("input").fill("y"); await browser.close();`,
    );
    expect(r.rows).toEqual([
      `puppeteer launch().newPage().goto | ${NAVIGATES}`,
      `puppeteer launch().newPage().type | ${INTERACTS}`,
      `puppeteer launch().newPage().click | ${INTERACTS}`,
      `puppeteer launch().newPage().keyboard.press | ${INTERACTS}`,
      `puppeteer launch().newPage().mouse.click | ${INTERACTS}`,
      `puppeteer launch().newPage().waitForNavigation | ${NAVIGATES}`,
      `puppeteer launch().newPage().$eval | ${INTERACTS}`,
      `puppeteer launch().newPage().$().click | ${INTERACTS}`,
      `puppeteer launch().newPage().locator().fill | ${INTERACTS}`,
    ]);
    expect(r.effects.map((e) => e.description)).toEqual([
      'navigates to a page',
      ...Array(4).fill('interacts with a page of the open world (may submit a form)'),
      'navigates to a page',
      'runs a script in a page of the open world',
      ...Array(2).fill('interacts with a page of the open world (may submit a form)'),
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('takes a screenshot or PDF for a file write only when it names a path', async () => {
    const r = await foundIn(
      `import puppeteer from "puppeteer-core";\ndeclare const opts: { path?: string };`,
      `  const browser = await puppeteer.connect({ browserWSEndpoint: "ws://x" }); const page = (await browser.pages())[0];
  const png = await page.screenshot(); await page.screenshot({ path: "shot.png", fullPage: true }); await page.pdf({ path: args.out }); await page.pdf({ format: "A4" }); await page.screenshot(opts);`,
    );
    expect(r.rows).toEqual([`puppeteer-core connect().pages().0.screenshot | ${WRITES_FILE}`, `puppeteer-core connect().pages().0.pdf | ${WRITES_FILE}`, `puppeteer-core connect().pages().0.screenshot | ${WRITES_FILE}`]);
    expect(r.effects[2]!.description).toBe('writes a file (overwrites it if it exists) if its options (known only at run time) give a `path`');
  });

  it('gives a tool that only navigates and reads the page read-only, open-world hints', async () => {
    const r = await foundIn(`import puppeteer from "puppeteer";`, `  const b = await puppeteer.launch(); const p = await b.newPage(); await p.goto(args.url); const t = await p.title(); const u = p.url(); await b.close();`);
    expect(r.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
  });

  it('follows browser and page held in module-level `let`s assigned later, and names the helper in the evidence', async () => {
    const files = {
      ...serverWith(
        `import puppeteer from "puppeteer";
let browser: any;
let page: any;
async function ensurePage() {
  browser = await puppeteer.launch();
  page = await browser.newPage();
}
async function open(url: string) {
  await page.goto(url);
}`,
        { t: `  await ensurePage();\n  await open(args.url);\n  await page.click("#submit");` },
      ),
    };
    const t = (await found(files, ['t'])).t!;
    // Holding the browser and the page in module variables is itself a write of server state (state.ts).
    expect(t.effects.filter((e) => e.kind === 'state.write').map((e) => e.sink)).toEqual(['server state browser', 'server state page']);
    const browserRows = t.effects.filter((e) => e.kind !== 'state.write');
    expect(browserRows.map((e) => [e.sink, e.access, e.openWorld, e.confidence, e.via.map((h) => [h.callee, h.location.line])])).toEqual([
      ['puppeteer launch().newPage().goto', 'read', true, 'certain', [['open', 16]]],
      ['puppeteer launch().newPage().click', 'unknown', true, 'certain', []],
    ]);
    expect(t.unresolved).toEqual([]);
  });

  it('records a method the catalog does not list as unresolved, not as no effect', async () => {
    const r = await foundIn(`import puppeteer from "puppeteer";`, `  const b = await puppeteer.launch(); const p = await b.newPage(); await p.installSomething("x"); (await b.process())?.kill();`);
    // `kill` names a destruction: a likely effect (issue #4's verb evidence), not a certain one.
    expect(r.rows).toEqual(['puppeteer launch().process().kill | api write d=true i=true open=false likely']);
    expect(r.unresolved).toEqual([
      'calls puppeteer launch().newPage().installSomething, which the sink catalog does not model',
      'calls puppeteer launch().process, which the sink catalog does not model',
    ]);
    expect(r.inferred!.readOnly).toBe(false);
  });
});

describe('Playwright', () => {
  it('follows chromium/firefox/webkit through contexts, pages and locators', async () => {
    const r = await foundIn(
      `import { chromium, firefox } from "playwright";\nimport { webkit } from "playwright-core";`,
      `  const browser = await chromium.launch(); const context = await browser.newContext(); const page = await context.newPage();
  await page.goto("https://example.com"); await page.getByRole("button", { name: "Send" }).click(); await page.getByLabel("Name").fill("x");
  await page.locator("select").first().selectOption("a"); await page.setInputFiles("input", "a.txt"); const text = await page.locator("h1").textContent();
  const f = await (await firefox.launch()).newPage(); await f.reload(); const w = await (await webkit.launch()).newPage(); await w.goBack();`,
    );
    expect(r.rows).toEqual([
      `playwright chromium.launch().newContext().newPage().goto | ${NAVIGATES}`,
      `playwright chromium.launch().newContext().newPage().getByRole().click | ${INTERACTS}`,
      `playwright chromium.launch().newContext().newPage().getByLabel().fill | ${INTERACTS}`,
      `playwright chromium.launch().newContext().newPage().locator().first().selectOption | ${INTERACTS}`,
      `playwright chromium.launch().newContext().newPage().setInputFiles | ${INTERACTS}`,
      `playwright firefox.launch().newPage().reload | ${NAVIGATES}`,
      `playwright-core webkit.launch().newPage().goBack | ${NAVIGATES}`,
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('reads the HTTP method of page.request and request.newContext(); saves and storage state with a path write files', async () => {
    const r = await foundIn(
      `import { chromium, request } from "playwright";`,
      `  const browser = await chromium.launch(); const page = await browser.newPage(); await page.request.post("https://api/x", { data: {} }); await page.request.get("https://api/y");
  const api = await request.newContext(); await api.delete("https://api/z"); await api.fetch("https://api/w", { method: "PUT" });
  const download = await page.waitForEvent("download"); await download.saveAs("out.bin"); await page.context().storageState({ path: "state.json" }); await page.context().storageState();`,
    );
    expect(r.rows).toEqual([
      'playwright chromium.launch().newPage().request.post POST | network write d=false i=false open=true likely',
      'playwright chromium.launch().newPage().request.get GET | network read d=null i=null open=true certain',
      'playwright request.newContext().delete DELETE | network write d=true i=true open=true certain',
      'playwright request.newContext().fetch PUT | network write d=true i=true open=true certain',
      `playwright chromium.launch().newPage().waitForEvent().saveAs | ${WRITES_FILE}`,
      `playwright chromium.launch().newPage().context().storageState | ${WRITES_FILE}`,
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('takes evaluate and addInitScript for unknown open-world effects', async () => {
    const r = await foundIn(`import { chromium } from "playwright";`, `  const page = await (await chromium.launch()).newPage(); await page.addInitScript(() => {}); const n = await page.evaluate(() => document.title);`);
    expect(r.rows).toEqual([`playwright chromium.launch().newPage().addInitScript | ${INTERACTS}`, `playwright chromium.launch().newPage().evaluate | ${INTERACTS}`]);
    expect(r.inferred).toEqual({ readOnly: null, destructive: null, idempotent: null, openWorld: true });
  });
});

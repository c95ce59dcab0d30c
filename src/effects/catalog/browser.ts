import type { Effectish, SinkEntry } from './entry.js';

/**
 * Browser automation: puppeteer (https://pptr.dev/api) and Playwright (https://playwright.dev/docs/api).
 * A page is reached in many ways (`launch().newPage()`, `newContext().newPage()`, `pages()[0]`,
 * `mainFrame()`, `locator(...).first()`), so its methods are catalogued by name wherever they are
 * reached (`**.goto`), and the steps that reach it are listed as pure: a method of these libraries
 * that is listed nowhere is unresolved, not taken for no effect.
 *
 * Policy (DESIGN.md §1, issue #4): navigating reaches the open world (a read); form input and clicks
 * on a page of the open world may submit a form: writes of unknown kind; scripts run in the page
 * may do anything there; a screenshot or PDF with a `path` writes a file; reading the loaded page
 * (its title, its text) and configuring the browser have no effect on the environment.
 */

/** The packages, by import specifier. puppeteer-extra wraps puppeteer's API (https://github.com/berstend/puppeteer-extra). */
const MODULES = ['puppeteer', 'puppeteer-core', 'puppeteer-extra', 'playwright', 'playwright-core', 'playwright-chromium', 'playwright-firefox', 'playwright-webkit'];

const page = (access: Effectish['access'], description: string): Effectish => ({ kind: 'network', access, destructive: null, idempotent: null, openWorld: true, description });
const NAVIGATES = page('read', 'navigates to a page');
const INTERACTS = page('unknown', 'interacts with a page of the open world (may submit a form)');
const RUNS_SCRIPT = page('unknown', 'runs a script in a page of the open world');
const FILE: Effectish = { kind: 'fs.write', access: 'write', destructive: true, idempotent: true, openWorld: false, description: 'writes a file (overwrites it if it exists)' };
const NO_EFFECT: Effectish = { ...page('read', 'has no effect on the environment'), pure: true };

/** Methods that load a page from its URL. */
const NAVIGATION = ['goto', 'reload', 'goBack', 'goForward', 'waitForNavigation'];

/** Methods that act on the page as a user would: its event handlers run and may submit a form. */
const INTERACTION = [
  'click', 'dblclick', 'tap', 'type', 'fill', 'press', 'pressSequentially', 'check', 'uncheck', 'setChecked', 'selectOption', 'select',
  'setInputFiles', 'uploadFile', 'hover', 'focus', 'blur', 'clear', 'selectText', 'dragAndDrop', 'dragTo', 'drag', 'dragEnter', 'dragOver',
  'drop', 'dispatchEvent', 'scroll', 'scrollIntoView', 'scrollIntoViewIfNeeded', 'touchStart', 'touchMove', 'touchEnd', 'autofill',
  'keyboard.*', 'mouse.*', 'touchscreen.*',
];

/** Methods that run code of the server's choosing in the page. */
const SCRIPTS = ['evaluate', 'evaluateHandle', '$eval', '$$eval', 'evaluateAll', 'addScriptTag', 'addInitScript', 'evaluateOnNewDocument', 'waitForFunction'];

/** Methods that write a file when their options (argument `index`) give a `path`. */
const FILE_OPTIONS: Record<string, number> = { screenshot: 0, pdf: 0, screencast: 0, captureHeapSnapshot: 0, storageState: 0, 'tracing.start': 0, 'tracing.stop': 0, 'tracing.stopChunk': 0, startTracing: 1 };

/**
 * Steps that reach a browser, a context, a page, a frame or an element; reads of the loaded page;
 * waiting; and settings of the browser session (cookies, viewport, emulation, request routing, whose
 * handlers are followed as callbacks): none changes the environment.
 */
const PURE = [
  // Reaching a browser, a context, a page, a frame, an element.
  'launch', 'launchPersistentContext', 'connect', 'connectOverCDP', 'use', 'newPage', 'newContext', 'createBrowserContext', 'createIncognitoBrowserContext',
  'defaultBrowserContext', 'browserContexts', 'contexts', 'pages', 'mainFrame', 'frames', 'frame', 'childFrames', 'parentFrame', 'frameElement',
  'contentFrame', 'ownerFrame', 'page', 'context', 'browser', 'browserContext', 'browserType', 'opener', 'target', 'targets', 'workers', 'serviceWorkers',
  'backgroundPages', 'locator', 'frameLocator', 'getByAltText', 'getByLabel', 'getByPlaceholder', 'getByRole', 'getByTestId', 'getByText', 'getByTitle',
  'getByRef', 'first', 'last', 'nth', 'filter', 'and', 'or', 'all', 'map', '$', '$$', 'waitForSelector', 'waitFor', 'waitHandle', 'wait', 'elementHandle',
  'elementHandles', 'asElement', 'asLocator', 'clone', 'video', 'accessibility.snapshot', 'coverage.*', 'tracing.group', 'tracing.groupEnd',
  // Closing, listening, waiting.
  'close', 'disconnect', 'dispose', 'on', 'once', 'off', 'addListener', 'removeListener', 'prependListener', 'removeAllListeners', 'waitForTimeout',
  'waitForLoadState', 'waitForURL', 'waitForEvent', 'waitForRequest', 'waitForResponse', 'waitForNetworkIdle', 'waitForFrame', 'waitForTarget',
  'waitForFileChooser', 'waitForElementState', 'waitForDevicePrompt', 'pause',
  // Reading the loaded page or the browser.
  'title', 'url', 'content', 'name', 'innerHTML', 'innerText', 'textContent', 'inputValue', 'getAttribute', 'isChecked', 'isDisabled', 'isEditable',
  'isEnabled', 'isHidden', 'isVisible', 'isIntersectingViewport', 'isClosed', 'isConnected', 'isDetached', 'count', 'allInnerTexts', 'allTextContents',
  'boundingBox', 'boxModel', 'clickablePoint', 'ariaSnapshot', 'ariaSnapshotJSON', 'cookies', 'metrics', 'jsonValue', 'getProperty', 'getProperties',
  'consoleMessages', 'pageErrors', 'requests', 'describe', 'description', 'toString', 'highlight', 'hideHighlight', 'viewport', 'viewportSize',
  'version', 'userAgent', 'wsEndpoint', 'executablePath', 'defaultArgs', 'suggestedFilename', 'failure', 'path', 'createPDFStream',
  // Settings of the browser session.
  'setContent', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'setViewport', 'setViewportSize', 'resize', 'bringToFront', 'setCookie', 'deleteCookie',
  'deleteMatchingCookies', 'addCookies', 'clearCookies', 'setStorageState', 'grantPermissions', 'clearPermissions', 'clearPermissionOverrides',
  'overridePermissions', 'setPermission', 'setGeolocation', 'setOffline', 'setOfflineMode', 'setExtraHTTPHeaders', 'setHTTPCredentials', 'authenticate',
  'setUserAgent', 'emulate', 'emulateMedia', 'emulateMediaType', 'emulateMediaFeatures', 'emulateTimezone', 'emulateVisionDeficiency',
  'emulateCPUThrottling', 'emulateIdleState', 'emulateNetworkConditions', 'emulateFocusedPage', 'setRequestInterception', 'setCacheEnabled',
  'setJavaScriptEnabled', 'setBypassCSP', 'setBypassServiceWorker', 'setDragInterception', 'route', 'unroute', 'unrouteAll', 'exposeFunction',
  'exposeBinding', 'removeExposedFunction', 'addStyleTag', 'addLocatorHandler', 'removeLocatorHandler',
];

/**
 * Playwright's HTTP client (https://playwright.dev/docs/api/class-apirequestcontext): `page.request`,
 * `context.request` and `request.newContext()`, one method per verb and `fetch(url, { method })`.
 */
const HTTP_VERBS: Record<string, string> = { get: 'GET', head: 'HEAD', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' };
const HTTP_ROOTS = ['**.request', '**.newContext()'];

function expand(): SinkEntry[] {
  const entries: SinkEntry[] = [];
  for (const module of MODULES) {
    const add = (names: readonly string[], effect: Effectish): void => {
      for (const name of names) entries.push({ module, export: `**.${name}`, ...effect });
    };
    for (const root of HTTP_ROOTS) {
      for (const [verb, method] of Object.entries(HTTP_VERBS)) {
        entries.push({ module, export: `${root}.${verb}`, ...page('unknown', 'makes an HTTP request'), httpMethod: 'fixed', fixedMethod: method });
      }
      entries.push({ module, export: `${root}.fetch`, ...page('unknown', 'makes an HTTP request'), httpMethod: 'fetch' });
    }
    for (const [name, index] of Object.entries(FILE_OPTIONS)) entries.push({ module, export: `**.${name}`, ...FILE, pathOption: { index, property: 'path' } });
    add(['saveAs'], FILE);
    add(NAVIGATION, NAVIGATES);
    add(INTERACTION, INTERACTS);
    add(SCRIPTS, RUNS_SCRIPT);
    add(PURE, NO_EFFECT);
  }
  return entries;
}

/** The browser-automation sinks. */
export const BROWSER_SINKS: readonly SinkEntry[] = expand();

/** Drives Debian's Chromium with Playwright against the built site. */
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { chromiumLaunchOptions } from '../../tools/chromium-launch';
import { answersChecked, failOnViolations, watchAnswers } from './contract-check';
import { isIdle, isKept, releaseAppContexts } from './reused-origin';
import { skipPicturesWhenOff } from './screenshot';

/** Every context it opens (`newPage` opens one too) has its API answers checked against the OpenAPI document (./contract-check.ts). */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch(await chromiumLaunchOptions());
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchAnswers(context);
    skipPicturesWhenOff(context);
    return context;
  };
  return browser;
}

/**
 * The lane's browser (the e2e lanes share their modules across files, vite.config.ts): launched by
 * its first file, kept for the next ones with the app contexts it keeps (./reused-origin.ts), and
 * closed with the lane's process (Playwright kills what it launched on exit).
 */
let laneBrowser: Promise<Browser> | undefined;

async function browserOfLane(): Promise<Browser> {
  const browser = await laneBrowser?.catch(() => undefined);
  if (browser?.isConnected()) return browser;
  laneBrowser = launch();
  return laneBrowser;
}

/**
 * A browser for the tests of a file (the lane's). A context a test opens is closed when that test
 * ends: left open, its app keeps its worker's jobs running (thumbnails, AI indexing) beside every
 * later test. An app context of `freshApp` is wiped and kept for the next test instead
 * (./reused-origin.ts). Contexts opened before the tests (beforeAll) stay for all of them and go
 * when the file ends. Then the test fails if a page got an answer the OpenAPI document does not
 * allow (./contract-check.ts).
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  let openBefore = new Set<BrowserContext>();
  /** Releases what the tests (or the file) took, and closes what they opened, since `before`. */
  const endSince = async (before: Set<BrowserContext>) => {
    if (!browser) return;
    await releaseAppContexts(browser, before);
    await Promise.all(browser.contexts().filter((context) => !before.has(context) && !isKept(context)).map((context) => context.close()));
  };
  const heldNow = () => new Set(browser?.contexts().filter((context) => !isIdle(browser!, context)));
  let heldBeforeFile = new Set<BrowserContext>();
  beforeAll(async () => {
    browser = await browserOfLane();
    heldBeforeFile = heldNow();
  });
  beforeEach(() => {
    openBefore = heldNow();
  });
  afterEach(async () => {
    await answersChecked();
    await endSince(openBefore);
    await failOnViolations();
  });
  afterAll(async () => {
    await endSince(heldBeforeFile);
  });
  return () => {
    if (!browser) throw new Error('The browser is not launched yet (use it inside a test).');
    return browser;
  };
}

/** Waits until the app says the API is ready. */
export async function appReady(page: Page | Frame): Promise<void> {
  await page.locator('#api-status[data-state="ready"]').waitFor({ timeout: 20_000 });
}

/** Opens the app and waits until it says the API is ready. */
export async function openApp(context: BrowserContext, siteUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${siteUrl}/`);
  await appReady(page);
  return page;
}

/** Runs fetch in the page and reports who answered. */
export async function fetchInPage(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init.method ?? 'GET',
        headers: init.body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: response.status, servedBy: response.headers.get('X-Served-By'), body: await response.json() };
    },
    { path, init },
  );
}

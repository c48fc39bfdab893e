/** Drives Debian's Chromium with Playwright against the built site. */
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { chromiumLaunchOptions } from '../../tools/chromium-launch';
import { answersChecked, failOnViolations, watchAnswers } from './contract-check';
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
 * One browser for the tests of a file: launched before them, closed after. A context a test opens
 * is closed when that test ends: left open, its app keeps its worker's jobs running (thumbnails,
 * AI indexing) beside every later test of the file. Contexts opened before the tests (beforeAll)
 * stay for all of them. Then the test fails if a page got an answer the OpenAPI document does not
 * allow (./contract-check.ts).
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  let openBefore = new Set<BrowserContext>();
  beforeAll(async () => {
    browser = await launch();
  });
  beforeEach(() => {
    openBefore = new Set(browser?.contexts());
  });
  afterEach(async () => {
    await answersChecked();
    await Promise.all((browser?.contexts() ?? []).filter((context) => !openBefore.has(context)).map((context) => context.close()));
    await failOnViolations();
  });
  afterAll(async () => {
    await browser?.close();
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

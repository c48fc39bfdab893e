// A first visit's install is all or nothing: when a file a start needs does not load, no worker is
// left half installed, and the app says so in place of the items instead of waiting for a worker
// that will never come. Reloaded once the file loads, the install takes it. (The files a start does
// not need come after: tests/e2e/offline-files.test.ts.)
import { describe, expect, inject, it } from 'vitest';
import { appReady, useBrowser } from './browser';
import { serveStatic } from './static-server';

/** Named by the app page, so a first install takes it. */
const FLAKY_FILE = '/manifest.webmanifest';

describe('the first install', () => {
  const browser = useBrowser();

  it('fails whole when a file of the build does not load, says so, and installs on a reload once it loads', async () => {
    let failing = true;
    const site = await serveStatic({ '/': inject('siteDir') }, (request, response) => {
      if (!failing || request.url !== FLAKY_FILE) return false;
      response.writeHead(503).end();
      return true;
    });
    const context = await browser().newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      const failed = page.getByRole('alert').filter({ hasText: 'The library could not start' });
      await failed.getByText('The app could not be installed: a file of it did not load.').waitFor({ timeout: 20_000 });
      await page.locator('#api-status[data-state="error"]', { hasText: 'could not be installed' }).waitFor({ state: 'attached' });
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none')).toBe('none');

      failing = false;
      await failed.getByRole('button', { name: 'Reload' }).click();
      await appReady(page);
      await expect(failed.count()).resolves.toBe(0);
      const cached = await page.evaluate(async (file) => {
        for (const name of await caches.keys()) {
          const keys = await (await caches.open(name)).keys();
          if (keys.some((request) => new URL(request.url).pathname === file)) return true;
        }
        return false;
      }, FLAKY_FILE);
      expect(cached).toBe(true);
    } finally {
      await context.close();
      await site.close();
    }
  });
});

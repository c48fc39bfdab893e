// The AI models on first use (issue 24, point 6), as a person meets them: opening the app downloads
// no model; with the model files out of reach, the first AI search's status bar says which models
// are missing and why, and the app works on. The download itself ("Preparing AI search: 3.1 of
// 12 MB", then the search's results with no second search): app-ai-progress.test.ts, which pays
// for one slow download for both files and both widths.
import type { Page } from 'playwright';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, freshApp, seed, waitForCount } from './app';
import { appReady, useBrowser } from './browser';
import { serveStatic } from './static-server';

interface Status {
  isSyncing: boolean;
  syncedCount: number;
  totalCount: number;
  preparing?: { doneBytes: number; totalBytes: number };
  message?: string;
}

const cachedModelFiles = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('lazy-assets')).keys()).map((request) => new URL(request.url).pathname).filter((path) => path.includes('/models/')));

/** Model files out of reach: the connection drops on every request for one. */
function modelsOutOfReach(request: IncomingMessage, _response: ServerResponse): boolean {
  if (!new URL(request.url ?? '/', 'http://x').pathname.startsWith('/models/')) return false;
  request.socket.destroy();
  return true;
}

describe('AI models on first use', () => {
  const browser = useBrowser();
  const siteUrl = inject('siteUrl');
  const siteDir = inject('siteDir');

  it('opening the app downloads no model on a device that never used AI search', async () => {
    const page = await freshApp(browser(), siteUrl);
    const ids = await seed(page, [{ name: 'red', color: '#e02020', size: [96, 64] }, { name: 'blue', color: '#2040d0', size: [96, 64] }]);
    await waitForCount(page, ids.length);
    // Thumbnails and descriptors need no model: indexing ends with the models never fetched (the test
    // only watches the status, as the app's status bar does: a plain status call is an AI use).
    const done = await eventually(async () => {
      const status = await api<Status>(page, '/aiSearch/getSyncStatus?watch=true');
      return !status.isSyncing && status.syncedCount === ids.length;
    }, true, 60_000);
    expect(done).toBe(true);
    await page.waitForTimeout(3000); // a page's media worker would have started loading a model by now
    expect(await cachedModelFiles(page)).toEqual([]);
    expect(await api<Status>(page, '/aiSearch/getSyncStatus?watch=true')).toEqual({ isSyncing: false, syncedCount: 2, totalCount: 2, progress: 1 });
    await page.context().close();
  }, 120_000);

  for (const width of [1280, 390]) {
    it(`the first AI search with the model files out of reach says which models are missing and why, and the app works on (${width} px)`, async () => {
      const site = await serveStatic({ '/': siteDir }, modelsOutOfReach);
      const context = await browser().newContext({ viewport: { width, height: 800 } });
      mkdirSync('screenshots', { recursive: true });
      try {
        const cut = await context.newPage();
        await cut.goto(`${site.url}/`);
        await appReady(cut);
        await api(cut, '/item/add', { name: 'scan 12', annotation: 'Receipt for the hotel bill', bookmarkURL: 'https://example.test/scan-12' });
        await waitForCount(cut, 1);
        await cut.getByRole('button', { name: 'AI: search by meaning' }).click();
        const box = cut.getByRole('searchbox', { name: 'Search items' });
        await box.fill('invoice');
        await box.press('Enter');
        const missing = cut.locator('#ai-models');
        await missing.filter({ hasText: /^\s*AI search is missing models: .*the sentence encoder \([^)]*\) cannot be downloaded/ }).waitFor({ timeout: 60_000 });
        // The bar's line is cut short: a click opens the whole message.
        await missing.click();
        await cut.getByRole('note').filter({ hasText: /^AI search is missing models: / }).waitFor();
        await cut.screenshot({ path: `screenshots/ai-models-missing-${width}.png` });
        // The search itself answered (no error toast): its message says why meaning is missing.
        expect(await cut.getByText('Internal error', { exact: false }).count()).toBe(0);
        const status = await api<Status>(cut, '/aiSearch/getSyncStatus');
        expect(status.message).toMatch(/^AI search is missing models: .*the sentence encoder \([^)]+\) cannot be downloaded: the site does not answer/);
        expect(status.message).toMatch(/Colour, look-alike and word search work\.$/);
        expect(site.requests.filter((path) => path.startsWith('/models/')).length).toBeGreaterThan(0);
        // The rest of the app works: the API answers, and a word search finds the item.
        expect(await api<number>(cut, '/item/countAll')).toBe(1);
        await cut.getByRole('button', { name: 'AI: search by meaning', pressed: true }).click();
        await box.fill('scan');
        await box.press('Enter');
        await waitForCount(cut, 1);
      } finally {
        await context.close();
        await site.close();
      }
    }, 240_000);
  }
});

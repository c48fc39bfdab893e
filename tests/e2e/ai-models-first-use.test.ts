// The AI models on first use (issue 24, point 6), as a person meets them: opening the app downloads
// no model; the first AI search downloads them with "Preparing AI search: 3.1 of 12 MB" in the
// status bar (the worker's byte counts, kept in IndexedDB), then shows its results; with the model
// files out of reach, the status bar says which models are missing and why, and the app works on.
import type { Page } from 'playwright';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
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

/** Model files served slowly (64 KB every 100 ms, about 640 KB/s), as on a slow connection; `cut`: the connection drops. */
function modelRoute(siteDir: string, mode: { cut: boolean }) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    if (!pathname.startsWith('/models/')) return false;
    if (mode.cut) {
      request.socket.destroy();
      return true;
    }
    void readFile(join(siteDir, pathname)).then(
      async (bytes) => {
        response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes.byteLength) });
        for (let at = 0; at < bytes.byteLength; at += 64 * 1024) {
          if (!response.write(bytes.subarray(at, at + 64 * 1024))) await new Promise((resolve) => response.once('drain', resolve));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        response.end();
      },
      () => response.writeHead(404).end(),
    );
    return true;
  };
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
    it(`the first AI search downloads the models with progress, then shows its results; cut off, it says why (${width} px)`, async () => {
      const mode = { cut: false };
      const site = await serveStatic({ '/': siteDir }, modelRoute(siteDir, mode));
      const context = await browser().newContext({ viewport: { width, height: 800 } });
      mkdirSync('screenshots', { recursive: true });
      try {
        const page = await context.newPage();
        await page.goto(`${site.url}/`);
        await appReady(page);
        const receipt = (await api<{ id: string }>(page, '/item/add', { name: 'scan 12', annotation: 'Receipt for the hotel bill', bookmarkURL: 'https://example.test/scan-12' })).id;
        await api(page, '/item/add', { name: 'holiday', tags: ['beach'], bookmarkURL: 'https://example.test/holiday' });
        await waitForCount(page, 2);
        await page.getByRole('button', { name: 'AI: search by meaning' }).click();
        const search = page.getByRole('searchbox', { name: 'Search items' });
        await search.fill('invoice');
        await search.press('Enter');
        const models = page.locator('#ai-models');
        const preparing = models.filter({ hasText: /^\s*Preparing AI search: [\d.]+ of 1\d(\.\d)? MB\s*$/ });
        await preparing.waitFor({ timeout: 30_000 });
        const text = await models.textContent({ timeout: 1000 });
        await page.screenshot({ path: `screenshots/ai-models-preparing-${width}.png` });
        // The bar's numbers are the worker's byte counts (getSyncStatus's `preparing`): done ≤ total ≈ the models' size.
        const [, done, total] = /([\d.]+) of ([\d.]+) MB/.exec(text ?? '')!.map(Number);
        expect(total).toBeGreaterThan(10);
        expect(done).toBeLessThanOrEqual(total!);
        // It finishes: the progress goes, and the search's result shows without another search.
        await page.locator(`[role=gridcell][data-id="${receipt}"]`).waitFor({ timeout: 120_000 });
        await models.waitFor({ state: 'detached', timeout: 30_000 });
        expect((await api<Status>(page, '/aiSearch/getSyncStatus')).preparing).toBeUndefined();
        expect(site.requests.filter((path) => path.startsWith('/models/')).length).toBeGreaterThan(0);
        await context.close();

        // Another device (a fresh profile) where the model files cannot be reached.
        mode.cut = true;
        const cutContext = await browser().newContext({ viewport: { width, height: 800 } });
        try {
          const cut = await cutContext.newPage();
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
          // The rest of the app works: the API answers, and a word search finds the item.
          expect(await api<number>(cut, '/item/countAll')).toBe(1);
          await cut.getByRole('button', { name: 'AI: search by meaning', pressed: true }).click();
          await box.fill('scan');
          await box.press('Enter');
          await waitForCount(cut, 1);
        } finally {
          await cutContext.close();
        }
      } finally {
        await context.close().catch(() => undefined);
        await site.close();
      }
    }, 240_000);
  }
});

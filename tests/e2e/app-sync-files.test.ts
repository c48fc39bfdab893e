// Files on demand as a person sees them: device A syncs pictures through the Sync dialog; device B
// ticks "Keep every original on this device" in its Sync dialog and starts syncing; B's grid shows
// A's thumbnails (not generic icons), and unticking the box while syncing turns the setting off.
// The dialog is photographed at 1280 and 390 px (screenshots/). A third device's grid at the
// largest thumbnail size shows the thumbnail of an original it does not hold (it never fetches
// originals for cells), and the original once it was opened.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { api, cell, eventually, seed, waitForCount } from './app';
import { openApp, useBrowser } from './browser';
import { appContext } from './reused-origin';

async function openSyncDialog(page: Page) {
  await page.getByRole('button', { name: /^Library:/ }).click();
  await page.getByRole('button', { name: 'Sync…' }).click();
  return page.getByRole('dialog', { name: 'Sync this library' });
}

describe('the web app: files on demand between two devices', () => {
  const siteUrl = inject('siteUrl');
  const couch = inject('couchOrigin');
  const browser = useBrowser();

  it('brings the thumbnails to the other device, with "Keep every original on this device" set from the Sync dialog', async () => {
    const url = `${couch}/e2e-files-${Date.now().toString(36)}`;
    const newContext = () => appContext(browser(), siteUrl, { width: 1280, height: 800 });
    const [contextA, contextB, contextC] = [await newContext(), await newContext(), await newContext()];
    try {
      const a = await openApp(contextA, siteUrl);
      await seed(a, [
        { name: 'red square', color: '#c81e1e', size: [900, 700] },
        { name: 'green square', color: '#1ec81e', size: [64, 64] },
      ]);
      await eventually(async () => (await api<{ data: { thumbnailReady: boolean }[] }>(a, '/item/get')).data.every((item) => item.thumbnailReady), true, 30_000);
      const onA = await openSyncDialog(a);
      await onA.getByLabel('CouchDB database URL').fill(url);
      await onA.getByRole('button', { name: 'Start syncing' }).click();
      await onA.getByText(/^Synced with /).waitFor({ timeout: 20_000 });
      await onA.getByRole('button', { name: 'Close' }).click();
      // The page loop's next cycles send the files after the metadata.
      await eventually(async () => (await fetch(`${url}-files/_all_docs`).then((answer) => answer.json())).rows?.length ?? 0, 4, 20_000);

      const b = await openApp(contextB, siteUrl);
      const onB = await openSyncDialog(b);
      await onB.getByLabel('CouchDB database URL').fill(url);
      await onB.getByLabel('Keep every original on this device').check();
      await onB.getByRole('button', { name: 'Start syncing' }).click();
      await onB.getByText(/^Synced with /).waitFor({ timeout: 20_000 });
      expect(await api<{ keepOriginals: boolean }>(b, '/sync/status')).toMatchObject({ url, keepOriginals: true });
      await b.screenshot({ path: 'screenshots/sync-files-dialog-1280.png' });

      // Unticked while syncing: applied at once.
      await onB.getByLabel('Keep every original on this device').uncheck();
      await eventually(async () => (await api<{ keepOriginals: boolean }>(b, '/sync/status')).keepOriginals, false);
      await onB.getByRole('button', { name: 'Close' }).click();

      // B's grid shows A's thumbnails: decoded pictures, not the generic icon of a file without one.
      await waitForCount(b, 2);
      const pictures = b.locator('[role=gridcell] img');
      await eventually(async () => pictures.evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0 && !(image as HTMLImageElement).src.includes('/item/icon')).length), 2, 20_000);

      await b.setViewportSize({ width: 390, height: 800 });
      await openSyncDialog(b);
      await b.screenshot({ path: 'screenshots/sync-files-dialog-390.png' });

      // Device C, its cells wider than a thumbnail: the cells ask for the original only if it is
      // on this device, so C shows the thumbnail and fetches no original (keep every original off).
      const c = await openApp(contextC, siteUrl);
      const asked: string[] = [];
      c.on('request', (request) => {
        if (request.url().includes('/api/v2/item/')) asked.push(new URL(request.url()).pathname + new URL(request.url()).search);
      });
      await api(c, '/sync/start', { url });
      await waitForCount(c, 2);
      await c.getByLabel('Thumbnail size').fill('100');
      expect(await cell(c, 0).evaluate((element) => element.getBoundingClientRect().width)).toBeGreaterThan(400);
      const red = (await api<{ data: { id: string; name: string }[] }>(c, '/item/get', { name: 'red square' })).data.find((item) => item.name === 'red square')!;
      const redCell = c.locator('[role=gridcell] img[alt="red square"]');
      await eventually(async () => redCell.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0), true, 20_000);
      expect(await redCell.evaluate((image) => (image as HTMLImageElement).src)).toContain(`/item/thumbnail?id=${red.id}&preferOriginal=true`);
      expect(await redCell.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeLessThanOrEqual(400);
      expect(asked.filter((path) => path.startsWith('/api/v2/item/file'))).toEqual([]);
      const typeOf = async (page: typeof c) => page.evaluate(async (id) => (await fetch(`/api/v2/item/thumbnail?id=${id}&preferOriginal=true`)).headers.get('Content-Type'), red.id);
      expect(await typeOf(c)).toBe('image/webp');
      expect(await typeOf(a)).toBe('image/png');
      // Opened once (the viewer, a download): it is on the device, and the large cell may show it.
      expect(await c.evaluate(async (id) => (await fetch(`/api/v2/item/file?id=${id}`)).status, red.id)).toBe(200);
      expect(await typeOf(c)).toBe('image/png');
      await c.screenshot({ path: 'screenshots/sync-files-large-cells-1280.png' });
    } finally {
      for (const context of [contextA, contextB, contextC]) await context.close();
    }
  }, 120_000);
});

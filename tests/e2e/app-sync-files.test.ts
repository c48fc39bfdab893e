// Files on demand as a person sees them: device A syncs pictures through the Sync dialog; device B
// ticks "Keep every original on this device" in its Sync dialog and starts syncing; B's grid shows
// A's thumbnails (not generic icons), and unticking the box while syncing turns the setting off.
// The dialog is photographed at 1280 and 390 px (screenshots/).
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { api, eventually, seed, waitForCount } from './app';
import { openApp, useBrowser } from './browser';

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
    const [contextA, contextB] = [await browser().newContext({ viewport: { width: 1280, height: 800 } }), await browser().newContext({ viewport: { width: 1280, height: 800 } })];
    try {
      const a = await openApp(contextA, siteUrl);
      await seed(a, [
        { name: 'red square', color: '#c81e1e', size: [64, 64] },
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
    } finally {
      await contextA.close();
      await contextB.close();
    }
  }, 120_000);
});

// Sync as a person does it: two browser contexts (two devices) open the built app; on each, the
// library menu's "Sync…" dialog points the library at one database of a real pouchdb-server
// (tests/sync/global-setup.ts). A rename on device A then shows in device B's grid without a reload.
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, seed, waitForCount } from './app';
import { openApp, useBrowser } from './browser';
import { appContext } from './reused-origin';
import type { Page } from 'playwright';

async function startSyncFromMenu(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: /^Library:/ }).click();
  await page.getByRole('button', { name: 'Sync…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sync this library' });
  await dialog.getByLabel('CouchDB database URL').fill(url);
  await dialog.getByRole('button', { name: 'Start syncing' }).click();
  await dialog.getByText(/^Synced with /).waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
}

describe('the web app: sync between two devices', () => {
  const siteUrl = inject('siteUrl');
  const couch = inject('couchOrigin');
  const browser = useBrowser();

  it('syncs a library through the Sync dialog, and an edit on one device shows in the other grid', async () => {
    const url = `${couch}/e2e-${Date.now().toString(36)}`;
    const [contextA, contextB] = [await appContext(browser(), siteUrl, { width: 1280, height: 800 }), await appContext(browser(), siteUrl, { width: 1280, height: 800 })];
    try {
      const a = await openApp(contextA, siteUrl);
      const [first] = await seed(a, [{ name: 'harbour', tags: ['sea'] }, { name: 'summit', tags: ['alps'] }]);
      await startSyncFromMenu(a, url);

      const b = await openApp(contextB, siteUrl);
      const wrong = b.getByRole('dialog', { name: 'Sync this library' });
      await b.getByRole('button', { name: /^Library:/ }).click();
      await b.getByRole('button', { name: 'Sync…' }).click();
      await wrong.getByLabel('CouchDB database URL').fill(`${siteUrl.replace(/\/$/, '')}/photos`);
      await wrong.getByRole('button', { name: 'Start syncing' }).click();
      await wrong.getByRole('alert').filter({ hasText: /is not a CouchDB server/ }).waitFor();
      await wrong.getByRole('button', { name: 'Close' }).click();
      await startSyncFromMenu(b, url);
      await waitForCount(b, 2);
      await b.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      await api(a, '/item/update', { id: first, name: 'harbour at dusk' });
      await b.locator(`[role=gridcell][data-id="${first}"]`).getByText('harbour at dusk').waitFor({ timeout: 20_000 });
      expect(await b.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      const names = async (page: Page) => (await api<{ data: { name: string }[] }>(page, '/item/get')).data.map((item) => item.name).sort();
      expect(await eventually(() => names(b), ['harbour at dusk', 'summit'])).toEqual(['harbour at dusk', 'summit']);
      expect(await api<{ state: string; url: string }>(b, '/sync/status')).toMatchObject({ url });
    } finally {
      await contextA.close();
      await contextB.close();
    }
  }, 120_000);
});

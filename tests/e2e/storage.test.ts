/** The app asks to keep its data, says whether the browser agreed, and warns while the quota runs out. */
import { describe, expect, inject, it } from 'vitest';
import { WORTH_KEEPING } from '../../src/app/pwa/storage-status';
import { seed } from './app';
import { appReady, useBrowser } from './browser';

describe('storage that lasts', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('shows persistent storage once the browser grants it', async () => {
    const context = await browser().newContext();
    try {
      const page = await context.newPage();
      // Playwright has no name for this permission: grant it through the browser's own protocol, for this context.
      const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo');
      const browserSession = await browser().newBrowserCDPSession();
      await browserSession.send('Browser.grantPermissions', { permissions: ['durableStorage'], origin: siteUrl, browserContextId: targetInfo.browserContextId });
      await page.goto(`${siteUrl}/`);
      await appReady(page);
      await page.locator('#storage-status[data-persisted="true"]').waitFor({ timeout: 10_000 });
      await expect(page.locator('#storage-status').textContent()).resolves.toMatch(/^Storage is persistent · .+ of .+ used$/);
      expect(await page.evaluate(() => navigator.storage.persisted())).toBe(true);
      await expect(page.locator('#storage-warning').isVisible()).resolves.toBe(false);
    } finally {
      await context.close();
    }
  });

  it('asks to keep the data only once the library is worth keeping (Firefox would prompt for an empty one)', async () => {
    const context = await browser().newContext();
    // Counts the app's asks; the browser's own answer is left as it is.
    await context.addInitScript(() => {
      const persist = StorageManager.prototype.persist;
      (window as unknown as { persistAsked: number }).persistAsked = 0;
      StorageManager.prototype.persist = function (this: StorageManager) {
        (window as unknown as { persistAsked: number }).persistAsked += 1;
        return persist.call(this);
      };
    });
    try {
      const page = await context.newPage();
      await page.goto(`${siteUrl}/`);
      await appReady(page);
      const asked = () => page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked);
      await page.locator('#storage-status').waitFor({ state: 'attached' });
      await page.locator('#storage-status[data-persisted]').waitFor({ state: 'attached' });
      expect(await asked()).toBe(0);
      await seed(page, Array.from({ length: WORTH_KEEPING }, (_, i) => ({ name: `kept ${i}` })));
      await page.reload();
      await appReady(page);
      await expect.poll(asked).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('warns in the status bar when little of the quota is left', async () => {
    const context = await browser().newContext();
    // CDP's Storage.overrideQuotaForOrigin has no effect in this Chromium (measured: estimate() keeps
    // its 10 GB), so the page's quota is made small where the app reads it: 64 KB above what is used.
    await context.addInitScript(() => {
      const estimate = StorageManager.prototype.estimate;
      StorageManager.prototype.estimate = async function (this: StorageManager) {
        const real = await estimate.call(this);
        return { ...real, quota: (real.usage ?? 0) + 64 * 1024 };
      };
    });
    try {
      const page = await context.newPage();
      await page.goto(`${siteUrl}/`);
      await appReady(page);
      const warning = page.getByRole('alert').filter({ hasText: 'Storage is nearly full' });
      await warning.waitFor({ timeout: 10_000 });
      await expect(warning.textContent()).resolves.toMatch(/: 64 KB left\. Free some space before importing more\.$/);
      await expect(page.locator('#storage-status').textContent()).resolves.toMatch(/ used$/);
    } finally {
      await context.close();
    }
  });
});

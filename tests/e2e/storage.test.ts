/** The app asks to keep its data, says whether the browser agreed, and warns while the quota runs out. */
import { describe, expect, inject, it } from 'vitest';
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

/** Chromium would offer to install the built site: its own installability check finds nothing missing. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { chromiumLaunchOptions } from '../../tools/chromium-launch';
import { appReady } from './browser';

/** What CDP's Page.getAppManifest answers: the manifest's text, its errors, and Chromium's reading of it. */
interface AppManifest {
  data: string;
  errors: { message: string }[];
  manifest: { id: string; display: string; startUrl: string; scope: string; icons: { url: string; sizes: string }[]; screenshots: { formFactor: string; image: { url: string } }[] };
}

describe('installable', () => {
  it('has no installability errors on a fresh persistent profile, and a manifest with icons, a maskable icon and screenshots', async () => {
    // Incognito contexts always report "in-incognito"; a profile used before can hide errors.
    const profile = await mkdtemp(join(tmpdir(), 'installable-'));
    const context = await chromium.launchPersistentContext(profile, await chromiumLaunchOptions());
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${inject('siteUrl')}/`);
      await appReady(page);
      const session = await context.newCDPSession(page);
      const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);

      const { data, errors, manifest } = (await session.send('Page.getAppManifest')) as unknown as AppManifest;
      expect(errors).toEqual([]);
      expect(manifest).toMatchObject({ id: `${inject('siteUrl')}/`, display: 'kStandalone', startUrl: `${inject('siteUrl')}/`, scope: `${inject('siteUrl')}/` });
      expect(manifest.screenshots.map((shot) => shot.formFactor).sort()).toEqual(['kNarrow', 'kWide']);
      // Chromium's reading leaves out `purpose`: read it from the manifest's text.
      const icons = (JSON.parse(data) as { icons: { sizes: string; purpose: string }[] }).icons;
      expect(icons.map((icon) => `${icon.purpose} ${icon.sizes}`).sort()).toEqual(['any 192x192', 'any 512x512', 'maskable 512x512']);
      // Every image the manifest names loads as a PNG.
      for (const url of [...manifest.icons.map((icon) => icon.url), ...manifest.screenshots.map((shot) => shot.image.url)]) {
        const response = await page.request.get(url);
        expect(response.headers()['content-type']).toContain('image/png');
      }
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});

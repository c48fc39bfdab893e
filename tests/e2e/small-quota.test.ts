// An origin with little storage still gets its service worker (issue 24, point 6): the install
// precaches the app only, not the AI models, so with a quota of a few MB (CDP
// Storage.overrideQuotaForOrigin) the worker installs, the API answers and the app works offline.
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { freshApp } from './app';
import { appReady, fetchInPage, useBrowser } from './browser';
import { serveStatic } from './static-server';

const QUOTA = 6 * 1024 * 1024;

/** The status of a fetch made by the page (through its worker), or 'failed' when nothing answered. */
const modelStatus = (page: Page, path: string) =>
  page.evaluate(async (url) => fetch(url).then(async (response) => (await response.arrayBuffer(), response.status), () => 'failed' as const), path);

describe('a nearly full device', () => {
  const browser = useBrowser();
  const siteUrl = inject('siteUrl');

  for (const width of [1280, 390]) {
    it(`"Make AI search available offline" downloads the models with progress and keeps them (${width} px)`, async () => {
      const page = await freshApp(browser(), siteUrl, { width, height: 800 });
      const button = page.getByRole('button', { name: 'Make AI search available offline' });
      await button.click();
      const progress = page.getByRole('button', { name: /^Preparing AI search: [\d.]+ (B|KB|MB) of 1\d(\.\d)? MB$/ });
      await progress.waitFor({ timeout: 30_000 }).catch(() => undefined); // fast machines may pass it by
      await page.getByRole('button', { name: /^AI search works offline \(1\d(\.\d)? MB\)$/ }).waitFor({ timeout: 60_000 });
      mkdirSync('screenshots', { recursive: true });
      await page.screenshot({ path: `screenshots/ai-offline-ready-${width}.png` });
      await page.context().setOffline(true);
      for (const path of ['/models/centernet.json', '/models/centernet.bin', '/models/use/weights.bin', '/models/use/vocab.json', '/models/tfjs-backend-wasm-simd.wasm']) {
        expect(await modelStatus(page, path), path).toBe(200);
      }
      await page.context().close();
    });
  }

  it(`installs with a ${QUOTA / 1024 / 1024} MB quota, answers the API and works offline; models are not precached`, async () => {
    const site = await serveStatic({ '/': inject('siteDir') });
    const context = await browser().newContext();
    try {
      const page = await context.newPage();
      const session = await context.newCDPSession(page);
      await session.send('Storage.overrideQuotaForOrigin', { origin: site.url, quotaSize: QUOTA });
      await page.goto(`${site.url}/`);
      await appReady(page);
      const installed = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const worker = registration.active!;
        if (worker.state !== 'activated') await new Promise((resolve) => worker.addEventListener('statechange', resolve));
        const cached: string[] = [];
        for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) cached.push(new URL(request.url).pathname);
        // The quota is in force (estimate() does not show an override, so try it): 8 MB do not fit.
        const probe = await caches.open('quota-probe');
        const overQuota = await probe.put('/probe', new Response(new Uint8Array(8 * 1024 * 1024))).then(() => false, (error: Error) => error.name === 'QuotaExceededError');
        await caches.delete('quota-probe');
        return { state: worker.state, cached, overQuota };
      });
      expect(installed.state).toBe('activated');
      expect(installed.overQuota).toBe(true);
      expect(installed.cached).toContain('/index.html');
      expect(installed.cached.filter((path) => path.startsWith('/models/'))).toEqual([]);
      const added = await fetchInPage(page, '/api/v2/item/add', { method: 'POST', body: { name: 'note', bookmarkURL: 'https://example.com/n' } });
      expect(added).toMatchObject({ status: 200, servedBy: 'service-worker' });
      // First use of the models: a small file is cached; one bigger than the quota still answers
      // from the network (the cache refuses it quietly).
      expect(await modelStatus(page, '/models/centernet.json')).toBe(200);
      expect(await modelStatus(page, '/models/use/weights.bin')).toBe(200);
      // Asked to keep AI search for offline use, the app says honestly that it does not fit.
      await page.getByRole('button', { name: 'Make AI search available offline' }).click();
      await page.getByRole('button', { name: /^Not enough storage to keep AI search offline \(it needs 1\d(\.\d)? MB\)/ }).waitFor({ timeout: 60_000 });
      // The AI status says so too, naming the model the quota refused (the status bar shows it).
      const status = await fetchInPage(page, '/api/v2/aiSearch/getSyncStatus');
      expect(status.body.data.message).toMatch(/^AI search is missing models: .*the sentence encoder \(weights\.bin\) cannot be kept: the browser gives this site too little storage/);
      await page.locator('#ai-models').filter({ hasText: /^AI search is missing models: / }).click({ timeout: 15_000 });
      mkdirSync('screenshots', { recursive: true });
      await page.screenshot({ path: 'screenshots/ai-models-no-room-1280.png' });

      await site.close();
      await context.setOffline(true);
      await session.send('ServiceWorker.enable');
      await session.send('ServiceWorker.stopAllWorkers');
      await page.reload();
      await appReady(page);
      const count = await fetchInPage(page, '/api/v2/item/countAll');
      expect(count).toMatchObject({ status: 200, servedBy: 'service-worker', body: { data: 1 } });
      expect(await modelStatus(page, '/models/centernet.json')).toBe(200);
      expect(await modelStatus(page, '/models/use/weights.bin')).toBe('failed');
      // AI search has no models here: it answers (an honest status), it does not hang or fail the app.
      const ready = await fetchInPage(page, '/api/v2/aiSearch/isReady');
      expect(ready).toMatchObject({ status: 200, servedBy: 'service-worker' });
    } finally {
      await context.close();
      await site.close();
    }
  });
});

/** The built site works with no server at all once its worker is installed: shell, API and deferred scripts. */
import { describe, expect, inject, it } from 'vitest';
import { appReady, fetchInPage, openApp, useBrowser } from './browser';
import { serveStatic } from './static-server';

describe('offline', () => {
  const browser = useBrowser();

  it('reloads with the server and the worker stopped: the app renders and the API answers, a first write loading pinyin-pro', async () => {
    const site = await serveStatic({ '/': inject('siteDir') });
    const context = await browser().newContext();
    try {
      const page = await openApp(context, site.url);
      // The shell is precached once the worker is active; wait for it like a person waits for the page.
      await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
      // Fetched once, by the precache: the install does not import it (tests/e2e/strict-csp.test.ts, where it must).
      expect(site.requests.filter((path) => path === '/sw-pinyin-pro.js')).toHaveLength(1);
      await site.close();
      await context.setOffline(true);
      const session = await context.newCDPSession(page);
      await session.send('ServiceWorker.enable');
      await session.send('ServiceWorker.stopAllWorkers');
      const seen = site.requests.length;

      await page.reload();
      await appReady(page);
      await expect(page.locator('#library-name').textContent()).resolves.toBe('My Library');
      const created = await fetchInPage(page, '/api/v2/tagGroup/create', { method: 'POST', body: { name: 'Animals', tags: ['白兔'] } });
      expect(created).toMatchObject({ status: 200, servedBy: 'service-worker' });
      const tags = await fetchInPage(page, '/api/v2/tag/get?name=baitu');
      expect(tags.body.data.data).toEqual([expect.objectContaining({ name: '白兔', pinyin: 'bai tu' })]);
      // A deep link gets the app, whose relative URLs still resolve; an API URL never does.
      await page.goto(`${site.url}/some/view?x=1`);
      await appReady(page);
      const api = await fetchInPage(page, '/api/v2/no/such/route');
      expect(api).toMatchObject({ status: 404, servedBy: 'service-worker', body: { status: 'error', code: 'NOT_FOUND' } });
      expect(site.requests.length).toBe(seen);
    } finally {
      await context.close();
      await site.close();
    }
  });
});

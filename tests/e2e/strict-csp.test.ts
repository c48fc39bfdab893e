/**
 * A host may serve the worker under a Content-Security-Policy that forbids evaluating code. Where
 * it may, the worker evaluates its rarely used pieces from the precache on first use instead of
 * importing them while installing (docs/decisions/service-worker-startup.md, 2026-11-28); where it
 * may not, it imports every piece while installing, and each still loads, offline too.
 */
import { describe, expect, inject, it } from 'vitest';
import { fetchInPage, openApp, useBrowser } from './browser';
import { serveStatic } from './static-server';

/** What a strict host sends: scripts from its own origin only, so no eval and no `new Function`. */
const STRICT_POLICY = "script-src 'self'";

describe('a worker served under a Content-Security-Policy without unsafe-eval', () => {
  const browser = useBrowser();

  it('loads its pieces, offline, in a restarted worker: pinyin of a new tag and sync', async () => {
    const site = await serveStatic({ '/': inject('siteDir') }, (request, response) => {
      if (new URL(request.url ?? '/', 'http://x').pathname === '/sw.js') response.setHeader('Content-Security-Policy', STRICT_POLICY);
      return false;
    });
    const context = await browser().newContext();
    try {
      const page = await openApp(context, site.url);
      await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
      // Under the policy the install imported every piece: the server saw the worker ask for
      // pinyin-pro's script besides the precache (and an update check may ask again), where
      // tests/e2e/offline.test.ts sees only the precache's one request.
      expect(site.requests.filter((path) => path === '/sw-pinyin-pro.js').length).toBeGreaterThan(1);
      await site.close();
      await context.setOffline(true);
      const session = await context.newCDPSession(page);
      await session.send('ServiceWorker.enable');
      await session.send('ServiceWorker.stopAllWorkers');

      const created = await fetchInPage(page, '/api/v2/tagGroup/create', { method: 'POST', body: { name: 'Animals', tags: ['白兔'] } });
      expect(created).toMatchObject({ status: 200, servedBy: 'service-worker' });
      const tags = await fetchInPage(page, '/api/v2/tag/get?name=baitu');
      expect(tags.body.data.data).toEqual([expect.objectContaining({ name: '白兔', pinyin: 'bai tu' })]);
      const status = await fetchInPage(page, '/api/v2/sync/status');
      expect(status).toMatchObject({ status: 200, servedBy: 'service-worker', body: { status: 'success', data: { state: 'off' } } });
    } finally {
      await context.close();
      await site.close();
    }
  });
});

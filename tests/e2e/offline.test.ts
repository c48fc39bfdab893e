/**
 * The built site works with no server at all once its worker is installed: shell, API and deferred
 * scripts. At a site's root it leaves the host's own pages to the host.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { appReady, fetchInPage, openApp, useBrowser } from './browser';
import { serveStatic } from './static-server';

/** A host page at a pretty URL (no extension), as static site generators make them. */
function hostPage(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.url !== '/about/') return false;
  response.writeHead(200, { 'Content-Type': 'text/html' });
  response.end('<!doctype html><title>About us</title><h1>About the host</h1>');
  return true;
}

describe('offline', () => {
  const browser = useBrowser();

  it('reloads with the server and the worker stopped: the app renders and the API answers, a first write loading pinyin-pro', async () => {
    const site = await serveStatic({ '/': inject('siteDir') }, hostPage);
    const context = await browser().newContext();
    try {
      const page = await openApp(context, site.url);
      // The shell is precached once the worker is active; wait for it like a person waits for the page.
      await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
      // The host's own page, in the worker's scope, is the host's (it was the app before).
      const host = await context.newPage();
      await host.goto(`${site.url}/about/`);
      expect(await host.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect(host.locator('h1').textContent()).resolves.toBe('About the host');
      await host.close();
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
      // The app's page with a view in its query gets the app; an API URL never does.
      await page.goto(`${site.url}/?view=trash`);
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

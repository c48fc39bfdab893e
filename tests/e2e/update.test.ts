/**
 * A new build: its worker waits, every open tab says so, accepting in one tab lands it on the new
 * build without reloading the others, and a request in flight across the switch is answered.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rm } from 'node:fs/promises';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pngBytes } from '../node/fixtures/images';
import { waitForCount } from './app';
import { appReady, fetchInPage, openApp, useBrowser } from './browser';
import { buildLabelledSite } from './build-site';
import { serveStatic } from './static-server';

/** Holds /slow.png until released, so a request is surely in flight while the worker changes. */
function slowImage() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  const route = (request: IncomingMessage, response: ServerResponse) => {
    if (!request.url?.startsWith('/slow.png')) return false;
    arrived();
    void Promise.all([released, pngBytes(3, 2)]).then(([, bytes]) => response.writeHead(200, { 'Content-Type': 'image/png' }).end(bytes));
    return true;
  };
  return { route, release, requested };
}

const prompt = (page: Page) => page.getByRole('status').filter({ hasText: 'A new version is ready' });

describe('updates', () => {
  const browser = useBrowser();
  let second: string;
  beforeAll(async () => {
    second = await buildLabelledSite('B');
  });
  afterAll(async () => {
    await rm(second, { recursive: true, force: true });
  });

  it('prompts every tab, moves the accepting tab to the new build, leaves the other alone and loses no request in flight', async () => {
    const slow = slowImage();
    const site = await serveStatic({ '/': inject('siteDir') }, slow.route);
    const context = await browser().newContext();
    try {
      const first = await openApp(context, site.url);
      const other = await openApp(context, site.url);
      for (const page of [first, other]) await page.evaluate(() => ((window as { loadedOnce?: boolean }).loadedOnce = true));
      await expect(first.locator('#build-label').count()).resolves.toBe(0);

      site.mount('/', second);
      // A person comes back to each tab; the app looks for a new build then.
      for (const page of [first, other]) await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await prompt(first).waitFor({ timeout: 20_000 });
      await prompt(other).waitFor({ timeout: 20_000 });
      expect(await first.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

      // The other tab starts a write that needs the network, and it is still in flight when the first tab accepts.
      const write = fetchInPage(other, '/api/v2/item/add', { method: 'POST', body: { url: `${site.url}/slow.png`, name: 'in flight' } });
      await slow.requested;
      const reloaded = first.waitForEvent('load');
      await prompt(first).getByRole('button', { name: 'Reload' }).click();
      await first.waitForTimeout(300);
      slow.release();
      const answer = await write;
      expect(answer).toMatchObject({ status: 200, servedBy: 'service-worker', body: { status: 'success' } });

      await reloaded;
      await appReady(first);
      await expect(first.locator('#build-label').textContent()).resolves.toBe('build B');
      expect(await first.evaluate(() => (window as { loadedOnce?: boolean }).loadedOnce)).toBeUndefined();
      // The old build's precache entries are gone: one index.html, the new one.
      const precached = await first.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname + new URL(request.url).search);
        return urls;
      });
      expect(precached.filter((url) => url.startsWith('/index.html'))).toHaveLength(1);
      const page = await first.evaluate(async () => (await caches.match('/index.html', { ignoreSearch: true }))?.text());
      expect(page).toContain('build B');
      const stored = await fetchInPage(first, `/api/v2/item/get?id=${answer.body.data.id}`);
      expect(stored.body.data.data).toEqual([expect.objectContaining({ name: 'in flight', width: 3, height: 2 })]);

      // The other tab was not reloaded: it still runs the old build and still offers the reload.
      expect(await other.evaluate(() => (window as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
      await expect(other.locator('#build-label').count()).resolves.toBe(0);
      // Its live updates come from the new worker now: a change made in the first tab shows without a reload.
      await fetchInPage(first, '/api/v2/item/add', { method: 'POST', body: { name: 'after the switch', bookmarkURL: 'https://example.test/after' } });
      await waitForCount(other, 2);
      await prompt(other).getByRole('button', { name: 'Reload' }).click();
      await other.locator('#build-label', { hasText: 'build B' }).waitFor({ timeout: 20_000 });
      await expect(prompt(other).count()).resolves.toBe(0);
    } finally {
      await context.close();
      await site.close();
    }
  });
});

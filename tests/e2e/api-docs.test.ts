/**
 * The browsable API reference at /api-docs: Scalar's reference from our own build, loaded on that
 * visit only, reading the document the service worker serves; nothing from another origin, and it
 * opens offline once visited.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { fetchInPage, useBrowser } from './browser';
import { serveStatic } from './static-server';

const SHOTS = process.env.API_DOCS_SHOTS;

describe('API reference', () => {
  const browser = useBrowser();

  it('shows every route at /api-docs, item/add with its request, from this origin only, offline too', async () => {
    const site = await serveStatic({ '/': inject('siteDir') });
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    const elsewhere: string[] = [];
    context.on('request', (request) => {
      if (!request.url().startsWith(site.url) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) elsewhere.push(request.url());
    });
    try {
      // The app itself never loads the reference's script.
      const app = await context.newPage();
      await app.goto(`${site.url}/`);
      await app.locator('#api-status[data-state="ready"]').waitFor({ timeout: 20_000 });
      // Installed, precache filled: the reference's script is not part of it.
      await app.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
      expect(site.requests.some((path) => /standalone-[^/]*\.js$/.test(path))).toBe(false);

      const page = await context.newPage();
      await page.goto(`${site.url}/api-docs`);
      await expect(page.title()).resolves.toContain('API reference');
      await page.getByRole('heading', { name: 'Offline asset library API' }).first().waitFor({ timeout: 30_000 });
      expect(site.requests.filter((path) => /standalone-[^/]*\.js$/.test(path))).toHaveLength(1);
      // The library's shell is not on this page.
      await expect(page.locator('app-shell').count()).resolves.toBe(0);

      // Find item/add as a person does: its tag in the sidebar, then the operation.
      await page.getByRole('button', { name: /^item (Open|Close) Group$/ }).click();
      await page.getByRole('button', { name: /^POST item\/add\b/ }).click();
      const itemAdd = page.getByRole('region', { name: 'POST item/add', exact: true });
      await itemAdd.getByText('bookmarkURL', { exact: true }).waitFor();
      await expect(itemAdd.getByText('Bad input: the message names the field; nothing was stored.').count()).resolves.toBe(1);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/api-docs-1280.png` });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: `${SHOTS}/api-docs-390.png` });
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      // What the reference shows is what the API serves.
      const served = await fetchInPage(page, '/api/v2/openapi.json');
      expect(served.servedBy).toBe('service-worker');
      expect(Object.keys(served.body.paths)).toContain('/item/add');

      // Offline, the visited reference opens again: script from the worker's cache, document from the worker.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Offline asset library API' }).first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: /^item (Open|Close) Group$/ }).waitFor();
      expect(elsewhere).toEqual([]);
    } finally {
      await context.close();
      await site.close();
    }
    // Two loads of a 3.5 MB script and of a 130 KB document Scalar indexes, on a machine other tests share.
  }, 180_000);
});

/**
 * The browsable API reference at /api-docs: Swagger UI from our own build (script and stylesheet),
 * loaded on that visit only, reading the document the service worker serves; nothing from another origin, and it
 * opens offline once visited.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { fetchInPage, useBrowser } from './browser';
import { serveStatic } from './static-server';

const SHOTS = process.env.API_DOCS_SHOTS;
/** Swagger UI's bundle and stylesheet as the build names them. */
const REFERENCE_FILE = /\/assets\/swagger-ui-[^/]*\.(js|css)$/;
const TITLE = /^Offline asset library API\b/;

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
      expect(site.requests.some((path) => REFERENCE_FILE.test(path))).toBe(false);

      const page = await context.newPage();
      await page.goto(`${site.url}/api-docs`);
      // The route's module sets the title once it runs, which can be after the load event.
      await expect.poll(() => page.title(), { timeout: 20_000 }).toContain('API reference');
      await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: 30_000 });
      // Its script and its stylesheet, once each.
      expect(site.requests.filter((path) => REFERENCE_FILE.test(path)).map((path) => path.split('.').pop()).sort()).toEqual(['css', 'js']);
      // The library's shell is not on this page.
      await expect(page.locator('app-shell').count()).resolves.toBe(0);

      // Find item/add as a person does: type in the tag filter, open the operation with the keyboard.
      await page.getByPlaceholder(/filter by tag/i).fill('item');
      const summary = page.getByRole('button', { name: /^POST\s*\/item\/add\b/ });
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect(summary.getAttribute('aria-expanded')).resolves.toBe('true');
      const itemAdd = page.locator('.opblock', { has: summary });
      // The request body's schema, opened all the way down, shows the fields.
      const request = itemAdd.locator('.opblock-section-request-body');
      await request.getByRole('tab', { name: 'Schema' }).click();
      await request.getByRole('button', { name: 'Expand all' }).first().click();
      await request.getByText('bookmarkURL', { exact: true }).first().waitFor();
      // The success answer's schema: the envelope's data with the new item's id.
      const success = itemAdd.locator('tr.response[data-code="200"]');
      await success.getByRole('tab', { name: 'Schema' }).click();
      const data = success.locator('.json-schema-2020-12-head').filter({ hasText: /^data(Expand|Collapse) all/ });
      await data.getByRole('button', { name: 'Expand all' }).click();
      await success.getByRole('tabpanel').getByText('duplicateOf', { exact: true }).first().waitFor();
      await expect(itemAdd.getByText('Bad input: the message names the field; nothing was stored.').count()).resolves.toBe(1);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/api-docs-1280.png` });
      }
      // On a phone, the answer's schema takes the page's width instead of a narrow table column.
      await page.setViewportSize({ width: 390, height: 844 });
      const schemaBox = await success.getByRole('tabpanel').boundingBox();
      expect(schemaBox!.width).toBeGreaterThan(280);
      expect(schemaBox!.x + schemaBox!.width).toBeLessThanOrEqual(390);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-docs-390.png` });
      await page.setViewportSize({ width: 1280, height: 800 });

      // What the reference shows is what the API serves.
      const served = await fetchInPage(page, '/api/v2/openapi.json');
      expect(served.servedBy).toBe('service-worker');
      expect(Object.keys(served.body.paths)).toContain('/item/add');

      // Offline, the visited reference opens again: script from the worker's cache, document from the worker.
      await context.setOffline(true);
      await page.reload();
      expect(new URL(page.url()).pathname).toBe('/api-docs');
      await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: /^POST\s*\/item\/add\b/ }).waitFor();
      expect(elsewhere).toEqual([]);
    } finally {
      await context.close();
      await site.close();
    }
    // Two loads of a 1.7 MB script and of a 130 KB document, on a machine other tests share.
  }, 180_000);
});

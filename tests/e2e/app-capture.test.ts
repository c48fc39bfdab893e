/**
 * Save to library from another site, as a person does it: take the bookmarklet from the Import
 * menu, run it on a page of a second origin whose Content-Security-Policy allows no script at all
 * and whose images come from a third origin without CORS headers, pick two images in the capture
 * window, a folder and tags, and save. The app runs under a base path (/asset-library/). Checked
 * through the API: website set, both items there, and what could not be done said in each.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './a11y-check';
import { appReady, useBrowser } from './browser';
import { solidPng } from './png';
import { serveStatic, type StaticSite } from './static-server';

const BASE = '/asset-library/';
const png = (color: string, width: number, height: number) => Buffer.from(solidPng(color, width, height).split(',')[1]!, 'base64');

/** Image hosts without CORS headers: an <img> shows their files, a fetch may not read them. */
function imageRoute(images: Record<string, Buffer>) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const body = images[new URL(request.url ?? '/', 'http://x').pathname];
    if (!body) return false;
    response.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' }).end(body);
    return true;
  };
}

async function apiIn(page: Page, path: string, body: unknown): Promise<any> {
  const answer = await page.evaluate(
    async ({ url, body }) => (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json(),
    { url: `${BASE}api/v2${path}`, body },
  );
  if (answer.status !== 'success') throw new Error(`${path}: ${answer.message}`);
  return answer.data;
}

describe('the web app: save from other sites', () => {
  const browser = useBrowser();

  it('runs the bookmarklet on a strict-CSP page, picks two images without CORS, and keeps them as links that say so', async () => {
    const sites: StaticSite[] = [];
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const app = await serveStatic({ [BASE]: inject('siteDir') });
      const images = await serveStatic({}, imageRoute({ '/photo/hummingbird': png('#d04020', 64, 48), '/photo/owl.png': png('#506070', 30, 40), '/photo/fox.png': png('#e08020', 20, 20) }));
      // A fourth host that goes away after the page showed its image: that save must fail, saying why.
      const gone = await serveStatic({}, imageRoute({ '/heron.png': png('#2060a0', 24, 24) }));
      sites.push(app, images, gone);
      const article = `<!doctype html><html><head><title>Garden birds</title></head><body>
        <h1>Garden birds</h1><p id="lede">A hummingbird came to the feeder at noon.</p>
        <img src="${images.url}/photo/hummingbird" alt="Hummingbird at the feeder">
        <img src="${images.url}/photo/owl.png" alt="">
        <img src="${images.url}/photo/fox.png" alt="A fox, not a bird">
        <img src="${gone.url}/heron.png" alt="Grey heron">
        <script src="/should-not-run.js"></script></body></html>`;
      // Another page of the site, where the bookmarklet is clicked next in the same tab.
      const foxes = `<!doctype html><html><head><title>Foxes</title></head><body><h1>Foxes</h1>
        <img src="${images.url}/photo/fox.png" alt="A fox, not a bird"></body></html>`;
      const pages: Record<string, string> = { '/article': article, '/foxes': foxes };
      const host = await serveStatic({}, (request, response) => {
        const body = pages[new URL(request.url ?? '/', 'http://x').pathname];
        if (!body) return false;
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; img-src *; script-src 'none'" }).end(body);
        return true;
      });
      sites.push(host);

      // The library, with a folder to save into.
      const library = await context.newPage();
      await library.goto(`${app.url}${BASE}`);
      await appReady(library);
      const folder = await apiIn(library, '/folder/create', { name: 'Birds' });

      // Import → "Save from other sites…" explains the bookmarklet and offers it to drag.
      await library.getByRole('button', { name: 'Import', exact: true }).click();
      await library.getByRole('button', { name: 'Save from other sites…' }).click();
      const dialog = library.getByRole('dialog', { name: 'Save from other sites' });
      await dialog.waitFor();
      const link = dialog.getByRole('link', { name: 'Save to library' });
      expect(await link.getAttribute('draggable')).toBe('true');
      expect(await dialog.textContent()).toMatch(/Drag the Save to library button onto it/);
      expect(await seriousViolations(library)).toEqual([]);
      await library.screenshot({ path: 'screenshots/bookmarklet-dialog-1280.png' });
      await library.setViewportSize({ width: 390, height: 844 });
      await library.screenshot({ path: 'screenshots/bookmarklet-dialog-390.png' });
      await library.setViewportSize({ width: 1280, height: 800 });
      const href = (await link.getAttribute('href'))!;
      expect(href.startsWith('javascript:')).toBe(true);

      // The article: no script runs there (the policy blocks its own), the images show.
      const page = await context.newPage();
      const blocked: string[] = [];
      page.on('console', (message) => message.text().includes('Content Security Policy') && blocked.push(message.text()));
      await page.goto(`${host.url}/article`);
      await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0));
      expect(blocked.length).toBeGreaterThan(0);
      await page.locator('#lede').click({ clickCount: 3 });

      // Clicking the bookmark runs its code in the page (what Chromium does with a bookmarklet, which a CSP does not block).
      const popupOpened = context.waitForEvent('page');
      await page.evaluate(decodeURIComponent(href.slice('javascript:'.length)));
      const capture = await popupOpened;
      await capture.waitForLoadState();
      expect(capture.url().startsWith(`${app.url}${BASE}capture.html#`)).toBe(true);
      // The bookmarklet loaded nothing into the article: the host saw only the page (its own script was blocked).
      expect(host.requests.filter((path) => path !== '/favicon.ico')).toEqual(['/article']);

      await capture.setViewportSize({ width: 820, height: 760 });
      const humming = capture.getByRole('checkbox', { name: /^Image 1: Hummingbird at the feeder, 64 × 48$/ });
      await humming.waitFor({ timeout: 20_000 });
      expect(await capture.getByRole('checkbox', { name: /^Image \d/ }).count()).toBe(4);
      await capture.getByRole('option', { name: 'Birds' }).waitFor({ state: 'attached' });

      // Pick two images, the folder and tags, and save; then the heron, whose host is gone.
      await humming.check();
      await capture.getByRole('checkbox', { name: /^Image 2: owl\.png, 30 × 40$/ }).check();
      await capture.getByLabel('Folder').selectOption({ label: 'Birds' });
      await capture.getByLabel('Tags').fill('birds, garden');
      await capture.screenshot({ path: 'screenshots/capture-page-1280.png', fullPage: true });
      await capture.getByRole('button', { name: 'Save 2 items' }).click();
      const results = capture.getByRole('region', { name: 'What was saved' });
      await results.getByText('Saved 2 of 2.').waitFor({ timeout: 30_000 });
      expect(await results.textContent()).toMatch(/Saved as a link only.*does not let other sites read its files/s);
      await capture.screenshot({ path: 'screenshots/capture-page-saved-1280.png', fullPage: true });
      expect(await seriousViolations(capture)).toEqual([]);
      await capture.setViewportSize({ width: 390, height: 844 });
      await capture.screenshot({ path: 'screenshots/capture-page-390.png', fullPage: true });

      const listed = await apiIn(library, '/item/get', { folders: [folder.id], limit: 100 });
      expect(listed.data).toHaveLength(2);
      const byLink = Object.fromEntries(listed.data.map((item: any) => [item.linkedURL, item]));
      expect(byLink[`${images.url}/photo/hummingbird`]).toMatchObject({ name: 'hummingbird', annotation: 'Hummingbird at the feeder', url: `${host.url}/article`, tags: expect.arrayContaining(['birds', 'garden']), fileURL: '' });
      expect(byLink[`${images.url}/photo/owl.png`]).toMatchObject({ name: 'owl', url: `${host.url}/article`, folders: [folder.id] });
      for (const item of listed.data) expect(item.notKept).toMatch(/no size, no colour palette and no AI descriptors/);

      // A capture that cannot even be kept as a link fails with its cause, and nothing else is written.
      await gone.close();
      await capture.setViewportSize({ width: 820, height: 760 });
      // What was saved is no longer picked: saving again would add it twice.
      expect([await capture.getByRole('checkbox', { name: /^Image 1:/ }).isChecked(), await capture.getByRole('checkbox', { name: /^Image 2:/ }).isChecked()]).toEqual([false, false]);
      await capture.getByRole('checkbox', { name: /^Image 4: Grey heron/ }).check();
      await capture.getByRole('button', { name: 'Save 1 item' }).click();
      await results.getByText('Saved 0 of 1; 1 could not be saved.').waitFor({ timeout: 30_000 });
      expect(await results.textContent()).toMatch(/Not saved.*heron\.png: the server could not be reached/s);
      expect((await apiIn(library, '/item/get', { limit: 100 })).data).toHaveLength(2);

      // The bookmarklet clicked on another page in the same tab reuses the capture window, which
      // shows that page now, with nothing picked and no results of the last one.
      await page.goto(`${host.url}/foxes`);
      await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0));
      await page.evaluate(decodeURIComponent(href.slice('javascript:'.length)));
      await capture.getByText('Foxes', { exact: true }).waitFor();
      expect(await capture.getByRole('checkbox', { name: /^Image \d/ }).count()).toBe(1);
      expect(await capture.getByRole('checkbox', { name: /^Image 1: A fox, not a bird/ }).isChecked()).toBe(false);
      expect(await capture.getByRole('region', { name: 'What was saved' }).count()).toBe(0);
      expect(context.pages()).toHaveLength(3); // the library, the article's tab and the one capture window

      // The library shows the saved images from their own site, and its inspector says what is missing.
      await library.reload();
      await appReady(library);
      await library.locator(`[data-view="folder:${folder.id}"]`).click();
      await library.locator('[role=gridcell]').first().click();
      const note = library.locator('item-inspector').getByRole('note');
      await note.waitFor();
      expect(await note.textContent()).toMatch(/Original not kept\..*does not let other sites read its files/s);
      await library.screenshot({ path: 'screenshots/capture-inspector-1280.png' });
    } finally {
      await context.close();
      for (const site of sites) await site.close();
    }
  }, 120_000);
});

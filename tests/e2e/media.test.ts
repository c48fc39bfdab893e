import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { fetchInPage, openApp, useBrowser } from './browser';

/** Polls item/get in the page until the item's thumbnail is ready. */
async function whenReady(page: Page, id: string): Promise<Record<string, unknown>> {
  for (let tries = 0; tries < 200; tries++) {
    const answer = await fetchInPage(page, '/api/v2/item/get', { method: 'POST', body: { id } });
    const item = answer.body.data.data[0];
    if (item.thumbnailReady) return item;
    await page.waitForTimeout(100);
  }
  throw new Error(`The thumbnail of ${id} never became ready.`);
}

describe('media on the built site', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('runs the media worker and makes thumbnails of images and of SVG, which only a page can draw', async () => {
    const context = await browser().newContext();
    const page = await openApp(context, siteUrl);
    const png = await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(800, 600);
      const c = canvas.getContext('2d')!;
      c.fillStyle = 'rgb(0,150,70)';
      c.fillRect(0, 0, 800, 600);
      const bytes = new Uint8Array(await (await canvas.convertToBlob()).arrayBuffer());
      return btoa(String.fromCharCode(...bytes));
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="50" height="100"><rect width="50" height="100" fill="#123456"/></svg>').toString('base64');
    const added = await fetchInPage(page, '/api/v2/item/add', { method: 'POST', body: { items: [{ name: 'green', base64: png }, { name: 'logo', base64: svg }] } });
    const [image, vector] = added.body.data.ids as [string, string];
    expect(await whenReady(page, image)).toMatchObject({ width: 800, height: 600, noThumbnail: false });
    expect(await whenReady(page, vector)).toMatchObject({ ext: 'svg', width: 50, height: 100, noThumbnail: false });
    expect(page.workers().some((worker) => /media/.test(worker.url()))).toBe(true);
    await context.close();
  });
});

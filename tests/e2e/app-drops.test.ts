/**
 * Drops and pastes keep what they carry, as a person makes them: an image dragged from another
 * page (its address has no extension), a link dragged with its anchor text, a page address pasted
 * on its own, and a folder tree dropped from disk. Checked through the API: kinds, names, the
 * annotation from the alt text, and the folders nested as on disk.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, freshApp } from './app';
import { useBrowser } from './browser';
import { solidPng } from './png';
import { serveStatic } from './static-server';

interface Listed { id: string; name: string; ext: string; width: number; annotation: string; url: string; folders: string[] }

const all = async (page: Page) => (await api<{ data: Listed[] }>(page, '/item/get', { limit: 100, orderBy: 'NAME' })).data;

/** Drops what another page would give: a DataTransfer holding text types only. */
async function dropText(page: Page, types: Record<string, string>): Promise<void> {
  const transfer = await page.evaluateHandle((types) => {
    const t = new DataTransfer();
    for (const [type, value] of Object.entries(types)) t.setData(type, value);
    return t;
  }, types);
  const zone = page.locator('main.content');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

describe('the web app: drops and pastes keep what they carry', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('an <img> with an extensionless address is an image with its alt text; a link is named by its text; a pasted address gets a readable name', async () => {
    // Another site, which lets pages read its files (CORS), so the image's bytes are kept.
    const other = await serveStatic({}, (request, response) => {
      if (new URL(request.url ?? '/', 'http://x').pathname !== '/photo/hummingbird') return false;
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.from(solidPng('#c03070', 36, 24).split(',')[1]!, 'base64'));
      return true;
    }, { cors: true });
    const page = await freshApp(browser(), siteUrl);
    try {
      const image = `${other.url}/photo/hummingbird`;
      await dropText(page, { 'text/html': `<meta charset="utf-8"><img src="${image}" alt="Hummingbird at the feeder">`, 'text/uri-list': image });
      const article = `${other.url}/articles/hummingbird-facts`;
      await dropText(page, { 'text/html': `<a href="${article}">All about hummingbirds</a>`, 'text/uri-list': article, 'text/plain': article });
      await eventually(async () => (await all(page)).length, 2, 20_000);

      // A page address copied on its own (no text) and pasted into the app.
      await page.locator('main.content').click({ position: { x: 40, y: 200 } });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl });
      await page.evaluate((text) => navigator.clipboard.writeText(text), `${other.url}/`);
      await page.keyboard.press('Control+V');
      await eventually(async () => (await all(page)).length, 3, 20_000);

      const byUrl = Object.fromEntries((await all(page)).map((item) => [item.url, item]));
      expect(byUrl[image]).toMatchObject({ name: 'hummingbird', ext: 'png', width: 36, annotation: 'Hummingbird at the feeder' });
      expect(byUrl[article]).toMatchObject({ name: 'All about hummingbirds', ext: 'url' });
      expect(byUrl[`${other.url}/`]).toMatchObject({ name: other.url.replace('http://', ''), ext: 'url' });
    } finally {
      await page.context().close();
      await other.close();
    }
  }, 60_000);

  it('a dropped folder becomes a folder with its subfolders nested inside it, and the import panel names them', async () => {
    const dir = join(tmpdir(), `oal-tree-${process.pid}-${Date.now().toString(36)}`);
    const files = ['trip/a.png', 'trip/day 1/b.png', 'trip/day 1/morning/c.png', 'trip/day 2/d.png'];
    for (const [i, file] of files.entries()) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), Buffer.from(solidPng(`#${(i * 60).toString(16).padStart(2, '0')}6040`, 10 + i, 10).split(',')[1]!, 'base64'));
    }
    const page = await freshApp(browser(), siteUrl);
    try {
      // Dropped from disk through Chromium's own drag path, which gives directory entries.
      const box = (await page.locator('main.content').boundingBox())!;
      const at = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
      const session = await page.context().newCDPSession(page);
      for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
        await session.send('Input.dispatchDragEvent', { type, ...at, data: { items: [], files: [join(dir, 'trip')], dragOperationsMask: 1 } });
      }
      await session.detach();
      const panel = page.locator('import-progress');
      await panel.getByText(/^Made 4 folders: /).waitFor({ timeout: 30_000 });
      const made = (await panel.getByText(/^Made 4 folders: /).textContent())!;
      for (const path of ['trip', 'trip/day 1', 'trip/day 1/morning', 'trip/day 2']) expect(made).toContain(path);
      await eventually(async () => (await all(page)).length, 4, 30_000);

      type Tree = { id: string; name: string; children: Tree[] };
      const roots = (await api<{ data: Tree[] }>(page, '/folder/get', {})).data;
      const shape = (folders: Tree[]): unknown => folders.map((f) => [f.name, shape(f.children)]).sort();
      expect(shape(roots)).toEqual([['trip', [['day 1', [['morning', []]]], ['day 2', []]]]]);
      const ids = new Map<string, string>();
      const walk = (folders: Tree[], at: string) => folders.forEach((f) => (ids.set(`${at}${f.name}`, f.id), walk(f.children, `${at}${f.name}/`)));
      walk(roots, '');
      const items = Object.fromEntries((await all(page)).map((item) => [item.name, item.folders]));
      expect(items).toEqual({ a: [ids.get('trip')], b: [ids.get('trip/day 1')], c: [ids.get('trip/day 1/morning')], d: [ids.get('trip/day 2')] });
      // The sidebar shows the tree.
      await page.locator(`[data-view="folder:${ids.get('trip')}"]`).waitFor();
      await page.screenshot({ path: 'screenshots/drop-folder-tree-1280.png' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await page.context().close();
    }
  }, 60_000);
});

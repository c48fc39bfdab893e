// Import in the app, as a person does it: drop generated images and a real folder from disk onto the
// grid, paste an image; items land in the folder being viewed. Checked through the API. The drop's
// scale (200 images and 50 files, every thumbnail) is tests/browser/import.test.ts's, through the
// same import code and the real worker; here a smaller drop shows the built app doing the same.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, freshApp, generatedImages, waitForCount } from './app';
import { useBrowser } from './browser';
import { solidPng } from './png';

interface Listed { id: string; name: string; folders: string[]; thumbnailReady: boolean }

/** Drops real files or folders from disk through Chromium's own drag path (gives directory entries). */
async function dropFromDisk(page: Page, selector: string, paths: string[]): Promise<void> {
  const box = (await page.locator(selector).boundingBox())!;
  const at = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  const session = await page.context().newCDPSession(page);
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await session.send('Input.dispatchDragEvent', { type, ...at, data });
  await session.detach();
}

const itemsIn = async (page: Page, folder: string) =>
  (await api<{ data: Listed[] }>(page, '/item/get', { folders: [folder], limit: 1000, fields: ['id', 'name', 'folders', 'thumbnailReady'] })).data;

describe('the web app: import', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('drops 40 generated images and a folder of 20 files onto the grid of a folder: 60/60 with thumbnails, the folder nested in it', async () => {
    const dir = join(tmpdir(), `oal-drop-${process.pid}-${Date.now().toString(36)}`);
    for (let i = 0; i < 20; i++) {
      const path = join(dir, 'shots', i < 10 ? '' : 'more', `shot ${i}.png`);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, Buffer.from(solidPng(`#${(i * 5).toString(16).padStart(2, '0')}8040`, 20 + i, 16).split(',')[1]!, 'base64'));
    }
    const page = await freshApp(browser(), siteUrl);
    try {
      const folder = await api<{ id: string }>(page, '/folder/create', { name: 'Inbox' });
      // The open app shows the new folder (live updates): no reload.
      await page.locator(`[data-view="folder:${folder.id}"]`).click();
      await waitForCount(page, 0);

      await dropFromDisk(page, 'main.content', [join(dir, 'shots')]);
      const transfer = await generatedImages(page, 40, 'dropped');
      const zone = page.locator('main.content');
      await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
      expect(await zone.getAttribute('data-drop-active')).toBe('');
      await zone.dispatchEvent('drop', { dataTransfer: transfer });

      // The import panel opened by itself and counts to the end; the status bar and grid follow.
      await page.locator('import-progress .summary[data-done="60"][data-total="60"]').waitFor({ timeout: 90_000 });
      expect(await page.locator('import-progress').evaluate((panel) => panel.shadowRoot!.textContent!.replace(/\s+/g, ' '))).toContain('60 of 60 imported');
      // The dropped folder became "shots" inside Inbox, with "more" inside it (as Eagle does): Inbox shows the 40.
      await waitForCount(page, 40);
      const items = await itemsIn(page, folder.id);
      expect(items).toHaveLength(40);
      expect(items.map((item) => item.name)).toEqual(expect.arrayContaining(['dropped 0', 'dropped 39']));
      const all = async () => (await api<{ data: Listed[] }>(page, '/item/get', { limit: 1000, fields: ['id', 'name', 'folders', 'thumbnailReady'] })).data;
      expect((await all()).map((item) => item.name)).toEqual(expect.arrayContaining(['shot 0', 'shot 19']));
      const ready = await eventually(async () => (await all()).filter((item) => item.thumbnailReady).length, 60, 90_000);
      expect(ready).toBe(60);
      // The visible cells swap their placeholders for thumbnails without a reload.
      await page.locator('[role=gridcell] img').first().waitFor({ timeout: 15_000 });
      await eventually(() => page.locator('[role=gridcell] .thumb-pending').count(), 0, 15_000);
      expect(await page.locator('[role=gridcell] .thumb-pending').count()).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await page.context().close();
    }
  }, 180_000);

  it('pastes an image with Ctrl+V into the folder being viewed, from the Import menu too', async () => {
    const page = await freshApp(browser(), siteUrl);
    const folder = await api<{ id: string }>(page, '/folder/create', { name: 'Clips' });
    await page.locator(`[data-view="folder:${folder.id}"]`).click();
    await waitForCount(page, 0);
    await page.locator('main.content').click({ position: { x: 40, y: 200 } });
    // Copy an image to the clipboard (as "Copy image" elsewhere does), then Ctrl+V in the app.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl });
    await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(64, 48);
      canvas.getContext('2d')!.fillRect(0, 0, 64, 48);
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': await canvas.convertToBlob({ type: 'image/png' }) })]);
    });
    await page.keyboard.press('Control+V');
    await waitForCount(page, 1);
    const [item] = await itemsIn(page, folder.id);
    expect(item).toMatchObject({ name: 'image', folders: [folder.id] });

    // The Import button opens the same panel: files, a folder or a URL.
    // A clean finish closes the panel by itself (issue 24, point 17).
    await page.locator('import-dock[open]').waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const panel = page.locator('import-progress');
    for (const name of ['Add files…', 'Add folder…', 'Add from URL…']) expect(await panel.getByRole('button', { name }).isVisible()).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Add files…' }).click();
    await (await chooser).setFiles([{ name: 'picked.png', mimeType: 'image/png', buffer: Buffer.from(solidPng('#00aa00').split(',')[1]!, 'base64') }]);
    await waitForCount(page, 2);
    expect((await itemsIn(page, folder.id)).map((i) => i.name).sort()).toEqual(['image', 'picked']);

    // Another library opened (here from elsewhere: the app follows): a paste now lands in that one.
    const first = await api<{ path: string }>(page, '/library/info');
    const other = await api<{ path: string }>(page, '/library/create', { name: 'Second' });
    await api(page, '/library/switch', { libraryPath: other.path });
    await page.locator('#library-name', { hasText: 'Second' }).waitFor({ state: 'attached' });
    await waitForCount(page, 0);
    await page.locator('main.content').click({ position: { x: 40, y: 200 } });
    await page.keyboard.press('Control+V');
    await waitForCount(page, 1);
    expect(await api<number>(page, '/item/countAll')).toBe(1);
    expect(await api<number>(page, `/item/countAll?library=${encodeURIComponent(first.path)}`)).toBe(2);
    await page.context().close();
  }, 60_000);
});

// Other tools' exports and duplicates in the Import panel, as a person does it: pick a bookmark file
// and a Google Takeout zip in the panel's file input, wait for each report; pick a file the library
// already holds and answer keep or skip. Checked through the API; screenshots at 1280 and 390 px
// (screenshots/, git-ignored).
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './a11y-check';
import { api, freshApp, reloadApp } from './app';
import { useBrowser } from './browser';
import { solidPng } from './png';
import { BOOKMARKS_HTML, takeoutFiles, zipOfFiles } from '../node/fixtures/other-exports';
import { shot } from './screenshot';

async function pick(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const dock = page.locator('import-dock');
  if ((await dock.getAttribute('open')) === null) await page.getByRole('button', { name: 'Import', exact: true }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.locator('import-progress').getByRole('button', { name: 'Add files…' }).click();
  await (await chooser).setFiles([file]);
}

const panelText = (page: Page) => page.locator('import-progress').evaluate((panel) => panel.shadowRoot!.textContent!.replace(/\s+/g, ' '));

interface Listed { id: string; name: string; url: string; tags: string[]; folders: string[]; annotation: string; modificationTime: number }

describe("the web app: other tools' exports and duplicates", () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it.each([1280, 390])('imports a bookmark file and a Takeout zip picked in the Import panel, each ending with a report (%i px)', async (width) => {
    const page = await freshApp(browser(), siteUrl, { width, height: 800 });
    try {
      await pick(page, { name: 'bookmarks.html', mimeType: 'text/html', buffer: Buffer.from(BOOKMARKS_HTML) });
      await page.locator('import-progress .export[data-state="done"]').waitFor({ timeout: 60_000 });
      const afterBookmarks = await panelText(page);
      expect(afterBookmarks).toContain('bookmarks.html (Bookmarks): done');
      expect(afterBookmarks).toContain('4 items imported');
      expect(afterBookmarks).toContain('A bookmarklet: its address is not a web address');
      const items = (await api<{ data: Listed[] }>(page, '/item/get', { limit: 100 })).data;
      expect(items.find((item) => item.name === 'Dribbble')).toMatchObject({ url: 'https://dribbble.com/', tags: ['inspiration', 'ui'] });
      const folders = (await api<{ data: { name: string; children: { name: string }[] }[] }>(page, '/folder/get')).data;
      expect(folders.find((folder) => folder.name === 'Bookmarks bar')?.children.map((child) => child.name)).toEqual(['Design']);

      const zip = Buffer.from(await (await zipOfFiles(await takeoutFiles())).arrayBuffer());
      await pick(page, { name: 'takeout-20260101T000000Z-001.zip', mimeType: 'application/zip', buffer: zip });
      await page.locator('import-progress .export[data-state="done"]').nth(1).waitFor({ timeout: 60_000 });
      const text = await panelText(page);
      expect(text).toContain('(Google Takeout): done');
      expect(text).toContain('7 items imported');
      expect(text).toContain('1 was already in the library');
      await shot(page, 'import-reports');
      expect(await seriousViolations(page, 'import-dock')).toEqual([]);
      const photos = (await api<{ data: Listed[] }>(page, '/item/get', { limit: 100, ext: 'png' })).data;
      expect(photos.map((item) => item.name).sort()).toEqual(expect.arrayContaining(['Castle', 'IMG_0001', 'IMG_0001-edited', 'IMG_0003']));
      expect(photos.find((item) => item.name === 'Castle')).toMatchObject({ annotation: 'São Jorge', modificationTime: 1_560_400_000_000 });
    } finally {
      await page.context().close();
    }
  }, 150_000);

  it('opens the Import panel on the report of an export that ended while no page followed it, once', async () => {
    const page = await freshApp(browser(), siteUrl);
    try {
      // As a tab closed while its bookmark file was read: the worker ends the import alone.
      const id = await page.evaluate(async (html) => {
        const response = await fetch('/api/v2/library/import?into=current&fileName=bookmarks.html', { method: 'POST', body: new Blob([html], { type: 'text/html' }) });
        return ((await response.json()) as { data: { id: string } }).data.id;
      }, BOOKMARKS_HTML);
      const status = () => page.evaluate(async (importId) => ((await (await fetch(`/api/v2/library/import?id=${importId}`)).json()) as { data: { status: string } }).data.status, id);
      await expect.poll(status, { timeout: 30_000 }).toBe('done');
      await reloadApp(page);
      await page.locator('import-dock[open] import-progress .export[data-state="done"]').waitFor({ timeout: 20_000 });
      expect(await panelText(page)).toContain('bookmarks.html (Bookmarks): done');
      await reloadApp(page);
      // Once the panel's own look at the imports has answered, it shows none.
      await page.locator('import-progress').evaluate((panel) => (panel as unknown as { controller: { resumeExports(): Promise<void> } }).controller.resumeExports());
      expect(await page.locator('import-progress .export').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('asks about a file the library already holds: skip moves the new copy out, keep both keeps it', async () => {
    const page = await freshApp(browser(), siteUrl);
    try {
      const png = solidPng('#3366aa', 24, 16);
      const original = await api<{ id: string }>(page, '/item/add', { name: 'original', base64: png });
      const file = { name: 'again.png', mimeType: 'image/png', buffer: Buffer.from(png.split(',')[1]!, 'base64') };

      await pick(page, file);
      const ask = page.locator('import-progress .duplicates');
      await ask.waitFor({ timeout: 30_000 });
      expect(await panelText(page)).toContain('1 file was already in the library.');
      await shot(page, 'import-duplicates');
      expect(await seriousViolations(page, 'import-dock')).toEqual([]);
      await ask.getByRole('button', { name: 'Skip the copy' }).click();
      await ask.waitFor({ state: 'detached' });
      const live = async () => (await api<{ data: { id: string }[] }>(page, '/item/get', { limit: 100 })).data.map((item) => item.id);
      expect(await live()).toEqual([original.id]);
      expect((await api<{ data: { name: string }[] }>(page, '/item/get', { isDeleted: true })).data.map((item) => item.name)).toEqual(['again']);

      await page.locator('import-progress').getByRole('button', { name: 'Clear' }).click();
      await pick(page, file);
      await ask.waitFor({ timeout: 30_000 });
      await ask.getByRole('button', { name: 'Keep both' }).focus();
      await page.keyboard.press('Enter');
      await ask.waitFor({ state: 'detached' });
      expect((await live()).length).toBe(2);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

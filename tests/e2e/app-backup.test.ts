// Backup to a folder and the storage facts (issue 44), acted out as a person in the built site: the
// library menu's "Backup and storage" section, "Back up to a folder…" with the directory picker
// answering an origin-private folder (the real writer, the real handle type), the status bar's
// "Backed up …", "Back up now", "Restore from a backup folder…", and a browser without folder
// access offering a zip and a reminder. Checked through the API and the folder; screenshots at
// 1280 and 390 px (screenshots/, git-ignored).
import type { Browser, Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, seed } from './app';
import { seriousViolations } from './a11y-check';
import { appReady, openApp, useBrowser } from './browser';
import { PHONE, shot } from './screenshot';


/** The picker answers a folder of the origin-private file system; a library picker (restore) the backup made inside it. */
function pickOpfs() {
  (window as unknown as { showDirectoryPicker: (o?: { id?: string }) => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async (options) => {
    const picked = await (await navigator.storage.getDirectory()).getDirectoryHandle('picked', { create: true });
    if (options?.id !== 'eagle-library') return picked;
    for await (const [name, handle] of (picked as unknown as { entries(): AsyncIterable<[string, FileSystemDirectoryHandle]> }).entries()) if (name.endsWith('.library')) return handle;
    throw new DOMException('nothing picked', 'AbortError');
  };
}

async function appWith(browser: Browser, siteUrl: string, init: () => void, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(init);
  return openApp(context, siteUrl);
}

/** Item folders in the picked folder's backup, read in the page. */
const backedUpItems = (page: Page) =>
  page.evaluate(async () => {
    const picked = await (await navigator.storage.getDirectory()).getDirectoryHandle('picked');
    for await (const [name, handle] of (picked as unknown as { entries(): AsyncIterable<[string, FileSystemDirectoryHandle]> }).entries()) {
      if (!name.endsWith('.library')) continue;
      const images = await handle.getDirectoryHandle('images');
      const ids: string[] = [];
      for await (const key of (images as unknown as { keys(): AsyncIterable<string> }).keys()) ids.push(key.replace(/\.info$/, ''));
      return { folder: name, ids: ids.sort() };
    }
    return { folder: '', ids: [] as string[] };
  });

const openMenu = (page: Page) => page.getByRole('button', { name: /^Library: / }).click();

describe('the web app: backup to a folder and storage facts', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('backs up to a picked folder from the library menu, says when, backs up again, and restores it as a new library', async () => {
    const page = await appWith(browser(), siteUrl, pickOpfs);
    const ids = await seed(page, [{ name: 'red', color: '#ff0000' }, { name: 'blue', color: '#0000ff' }, { name: 'note', tags: ['x'] }]);
    const { name } = await api<{ name: string }>(page, '/library/info');
    await openMenu(page);
    const section = page.getByRole('region', { name: 'Backup and storage' });
    await section.getByText(/used on this device/).waitFor();
    await expect(section.locator('#storage-facts').textContent()).resolves.toMatch(/of .* used on this device · (persistent|not persistent)/);
    await expect(section.getByText(/Clearing this site’s data deletes every library on this device/).count()).resolves.toBe(1);
    await section.getByRole('button', { name: 'Back up to a folder…' }).click();

    const status = page.locator('#backup-status');
    await status.filter({ hasText: 'Backed up just now' }).waitFor({ timeout: 30_000 });
    expect(await api(page, '/library/backup')).toMatchObject({ configured: true, items: 3, folderName: `${name}.library` });
    expect(await backedUpItems(page)).toEqual({ folder: `${name}.library`, ids: [...ids].sort() });
    await section.getByText(`to ${name}.library`).waitFor();
    expect(await seriousViolations(page, '#library-menu')).toEqual([]);
    await shot(page, 'backup-menu');

    // A new item, then "Back up now" from the menu: the folder holds it too.
    const [added] = await seed(page, [{ name: 'green', color: '#00ff00' }]);
    const now = section.getByRole('button', { name: 'Back up now' });
    await now.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await backedUpItems(page)).ids.includes(added!), { timeout: 30_000 }).toBe(true);
    // The item's folder is written before the run ends (root files and outcome come last).
    await expect.poll(async () => (await api<{ items: number }>(page, '/library/backup')).items, { timeout: 30_000 }).toBe(4);

    // Restore from the backup folder: it opens as a new library holding the same items.
    await section.getByRole('button', { name: 'Restore from a backup folder…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Opened / });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await api<{ name: string }>(page, '/library/info')).name).toBe(`${name} (2)`);
    const restored = (await api<{ ids: string[] }>(page, '/item/ids', {})).ids;
    expect(restored.sort()).toEqual([...ids, added!].sort());

    await page.setViewportSize(PHONE);
    await openMenu(page);
    await section.waitFor();
    await shot(page, 'backup-menu');
    await page.keyboard.press('Escape');
    await page.context().close();
  }, 120_000);

  it('shows the backup line in the status bar at 1280 and 390 px, and opens the menu from it', async () => {
    const page = await appWith(browser(), siteUrl, pickOpfs, PHONE);
    // The empty library's restore hint names the backup folder too.
    await page.getByRole('region', { name: 'Had a library here before?' }).getByRole('button', { name: 'Restore from a backup folder…' }).waitFor();
    await seed(page, [{ name: 'one', color: '#336699' }]);
    await openMenu(page);
    await page.getByRole('button', { name: 'Back up to a folder…' }).click();
    // Escape closes the menu as it does every popover (a click on its button may land on the menu itself on a phone).
    await page.keyboard.press('Escape');
    await page.locator('#library-menu').waitFor({ state: 'hidden' });
    const status = page.locator('#backup-status');
    await status.filter({ hasText: 'Backed up just now' }).waitFor({ timeout: 30_000 });
    expect(await status.getAttribute('data-stale')).toBe('false');
    await shot(page, 'backup-status');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'backup-status');
    await status.click();
    await page.getByRole('region', { name: 'Backup and storage' }).waitFor();

    // Two and a half days later as the page sees it (the worker keeps the real time): the dot warns.
    await page.clock.setFixedTime(Date.now() + 2.5 * 24 * 60 * 60 * 1000);
    await page.reload();
    await appReady(page);
    const stale = page.locator('#backup-status[data-stale="true"]');
    await stale.filter({ hasText: 'Backed up 2 days ago' }).waitFor({ timeout: 30_000 });
    expect(await stale.locator('.backup-dot').isVisible()).toBe(true);
    expect(await stale.getAttribute('aria-label')).toBe('No backup in the last day. Backed up 2 days ago');
    await shot(page, 'backup-stale');
    await page.setViewportSize(PHONE);
    await shot(page, 'backup-stale');
    await page.context().close();
  }, 120_000);

  it('where the browser cannot write folders, says so and offers a zip with a reminder every N days', async () => {
    const page = await appWith(browser(), siteUrl, () => delete (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker, PHONE);
    await seed(page, [{ name: 'one' }]);
    // No zip yet and a reminder on by default: the status bar says so.
    await page.locator('#backup-status').filter({ hasText: 'Export a zip: none yet on this device' }).waitFor();
    await openMenu(page);
    const section = page.getByRole('region', { name: 'Backup and storage' });
    await section.getByText('This browser cannot write to a folder on disk').waitFor();
    expect(await section.getByRole('button', { name: 'Back up to a folder…' }).count()).toBe(0);
    // "never" takes the reminder off the status bar at once, and a number of days brings it back.
    await section.getByLabel('Remind me every').selectOption('0');
    await page.locator('#backup-status').waitFor({ state: 'detached' });
    await section.getByLabel('Remind me every').selectOption('30');
    await page.locator('#backup-status').filter({ hasText: 'Export a zip: none yet on this device' }).waitFor();
    await shot(page, 'backup-no-folders');
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export library as zip' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.library\.zip$/);
    await page.locator('#backup-status').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('backup-zip-reminder-days'))).toBe('30');

    // A month later as the page sees it, the reminder is due again. The menu offers the zip once:
    // here, not again under the Eagle entries.
    await page.clock.setFixedTime(Date.now() + 31 * 24 * 60 * 60 * 1000);
    await page.reload();
    await appReady(page);
    await page.locator('#backup-status').filter({ hasText: 'Export a zip: the last was 31 days ago' }).waitFor();
    await openMenu(page);
    await page.getByRole('region', { name: 'Eagle libraries' }).getByRole('button', { name: 'Open an Eagle library zip…' }).waitFor();
    expect(await page.getByRole('button', { name: 'Export library as zip' }).count()).toBe(1);
    const again = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export library as zip' }).click();
    expect((await again).suggestedFilename()).toMatch(/\.library\.zip$/);
    await page.locator('#backup-status').waitFor({ state: 'detached' });
    await page.context().close();
  }, 120_000);
});

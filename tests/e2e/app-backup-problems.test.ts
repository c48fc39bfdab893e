// Why a backup did not run, as a person sees it (issue 44), in the built site:
// - Permission lost: the backup folder is a real directory on disk whose write permission this
//   site does not hold. Headless Chromium cannot take back a permission once given, and never
//   answers the prompt requestPermission opens (it stays pending: no window to click), so the
//   handle comes from a folder dropped from disk through Chromium's own drag path: such a handle
//   may read, and its write permission really is `prompt`, as a picked folder's is after the
//   browser forgets it. The picker hands that handle back as the folder picked. The status bar and
//   the menu must say permission was lost, nothing is written, and a click must ask the browser
//   for write access (a pass-through spy records the call and its user activation; the real
//   prompt then waits).
// - Folder gone: the picked folder (origin-private) is deleted under the backup; "Back up now"
//   then says so.
// Screenshots at 1280 and 390 px (screenshots/, git-ignored).
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { api, seed } from './app';
import { seriousViolations } from './a11y-check';
import { appReady, openApp, useBrowser } from './browser';
import { PHONE, shot } from './screenshot';


/** A tiny raw IndexedDB store where a page of the site leaves the dropped folder's handle for the app's picker. */
function handleStore(mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('e2e-dropped-folder', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('handles');
    open.onsuccess = () => resolve(open.result.transaction('handles', mode).objectStore('handles'));
    open.onerror = () => reject(open.error);
  });
}

/** In a page of the site apart from the app: keeps the folder dropped on it. */
function keepDroppedFolder(store: string) {
  const w = window as unknown as { kept?: Promise<string> };
  for (const type of ['dragenter', 'dragover']) window.addEventListener(type, (event) => event.preventDefault(), true);
  window.addEventListener(
    'drop',
    (event) => {
      event.preventDefault();
      const item = event.dataTransfer!.items[0] as DataTransferItem & { getAsFileSystemHandle(): Promise<FileSystemHandle | null> };
      const handleStore = new Function(`return (${store})`)() as (mode: IDBTransactionMode) => Promise<IDBObjectStore>;
      w.kept = item.getAsFileSystemHandle().then(async (handle) => {
        const kept = (await handleStore('readwrite')).put(handle, 'dropped');
        return new Promise<string>((resolve) => (kept.onsuccess = () => resolve(handle!.name)));
      });
    },
    true,
  );
}

/** In the app: the picker answers the dropped folder; requestPermission calls are recorded and passed on. */
function pickDroppedFolder(store: string) {
  const w = window as unknown as { asked: { mode: string; activation: boolean }[] };
  w.asked = [];
  const handleStore = new Function(`return (${store})`)() as (mode: IDBTransactionMode) => Promise<IDBObjectStore>;
  (window as unknown as { showDirectoryPicker: () => Promise<FileSystemHandle> }).showDirectoryPicker = async () => {
    const read = (await handleStore('readonly')).get('dropped');
    return new Promise((resolve) => (read.onsuccess = () => resolve(read.result)));
  };
  const proto = (globalThis as unknown as { FileSystemHandle: { prototype: { requestPermission(d: { mode: string }): Promise<PermissionState> } } }).FileSystemHandle.prototype;
  const request = proto.requestPermission;
  proto.requestPermission = function (descriptor) {
    w.asked.push({ mode: descriptor.mode, activation: navigator.userActivation.isActive });
    return request.call(this, descriptor);
  };
}

/** The picker answers a folder of the origin-private file system. */
function pickOpfs() {
  (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
    (await navigator.storage.getDirectory()).getDirectoryHandle('picked', { create: true });
}

async function appWith(browser: Browser, siteUrl: string, init: () => void, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(init);
  return openApp(context, siteUrl);
}

const openMenu = (page: Page) => page.getByRole('button', { name: /^Library: / }).click();

describe('the web app: why a backup did not run', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('permission lost: the status bar and the menu say so, nothing is written, and a click asks the browser again', async () => {
    const disk = mkdtempSync(join(tmpdir(), 'oal-backup-'));
    dirs.push(disk);
    const folder = join(disk, 'Kept.library');
    mkdirSync(folder);
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    // Dropped on a page of the site apart from the app, so the app's own page sees no drag at all.
    const drop = await context.newPage();
    await drop.goto(`${siteUrl}/capture.html`);
    await drop.evaluate(keepDroppedFolder, handleStore.toString());
    const session = await context.newCDPSession(drop);
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
      await session.send('Input.dispatchDragEvent', { type, x: 200, y: 200, data: { items: [], files: [folder], dragOperationsMask: 1 } });
    }
    await session.detach();
    expect(await drop.evaluate(() => (window as unknown as { kept: Promise<string> }).kept)).toBe('Kept.library');
    // The real permission state of that real folder: read yes, write not granted.
    const state = await drop.evaluate(async (store) => {
      const handleStore = new Function(`return (${store})`)() as (mode: IDBTransactionMode) => Promise<IDBObjectStore>;
      const read = (await handleStore('readonly')).get('dropped');
      const handle = await new Promise<FileSystemDirectoryHandle & { queryPermission(d: { mode: string }): Promise<string> }>((resolve) => (read.onsuccess = () => resolve(read.result)));
      return { kind: handle.kind, name: handle.name, read: await handle.queryPermission({ mode: 'read' }), write: await handle.queryPermission({ mode: 'readwrite' }) };
    }, handleStore.toString());
    expect(state).toEqual({ kind: 'directory', name: 'Kept.library', read: 'granted', write: 'prompt' });
    await drop.close();

    await context.addInitScript(pickDroppedFolder, handleStore.toString());
    const page = await openApp(context, siteUrl);
    try {
      await seed(page, [{ name: 'one', color: '#336699' }, { name: 'two' }]);
      await openMenu(page);
      const section = page.getByRole('region', { name: 'Backup and storage' });
      await section.getByRole('button', { name: 'Back up to a folder…' }).click();
      const status = page.locator('#backup-status');
      await status.filter({ hasText: 'Not backed up: permission to the folder was lost (never backed up)' }).waitFor({ timeout: 30_000 });
      expect(await status.getAttribute('data-tone')).toBe('error');
      expect(await status.getAttribute('aria-label')).toBe('No backup in the last day. Not backed up: permission to the folder was lost (never backed up). Click to allow writing to the folder again');
      expect(await api(page, '/library/backup')).toMatchObject({ configured: true, lastBackupAt: 0, folderName: 'Kept.library', problem: { reason: 'permission' } });
      expect(readdirSync(folder)).toEqual([]);
      await section.locator('#backup-menu-status').filter({ hasText: 'permission to the folder was lost' }).waitFor();
      // The storage facts do not count on a copy the folder does not hold.
      await section.getByText(/Clearing this site’s data deletes every library on this device, with no copy anywhere\./).waitFor();
      const allow = section.getByRole('button', { name: 'Allow writing to the backup folder again' });
      await allow.waitFor();
      expect(await section.getByRole('button', { name: 'Back up now' }).count()).toBe(0);
      expect(await seriousViolations(page, '#library-menu')).toEqual([]);
      await shot(page, 'backup-permission-menu');
      await page.setViewportSize(PHONE);
      await shot(page, 'backup-permission-menu');
      await page.keyboard.press('Escape');
      await section.waitFor({ state: 'hidden' });
      await shot(page, 'backup-permission-status');
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, 'backup-permission-status');
      // The status bar's button asks the browser for write access, in the click's activation.
      await status.click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { asked: unknown[] }).asked), { timeout: 10_000 }).toEqual([{ mode: 'readwrite', activation: true }]);

      // Headless Chromium leaves that prompt unanswered, and this tab took no more input after it: another tab asks from the menu, by keyboard.
      const other = await openApp(context, siteUrl);
      const otherStatus = other.locator('#backup-status');
      await otherStatus.filter({ hasText: 'Not backed up: permission to the folder was lost' }).waitFor({ timeout: 30_000 });
      await openMenu(other);
      const otherAllow = other.getByRole('region', { name: 'Backup and storage' }).getByRole('button', { name: 'Allow writing to the backup folder again' });
      await otherAllow.focus();
      await other.keyboard.press('Enter');
      await expect.poll(() => other.evaluate(() => (window as unknown as { asked: unknown[] }).asked), { timeout: 10_000 }).toEqual([{ mode: 'readwrite', activation: true }]);
      expect(await api(page, '/library/backup')).toMatchObject({ lastBackupAt: 0, problem: { reason: 'permission' } });
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('folder gone: deleted under the backup, "Back up now" says it was moved or deleted', async () => {
    const page = await appWith(browser(), siteUrl, pickOpfs);
    try {
      await seed(page, [{ name: 'one' }]);
      await openMenu(page);
      const section = page.getByRole('region', { name: 'Backup and storage' });
      await section.getByRole('button', { name: 'Back up to a folder…' }).click();
      const status = page.locator('#backup-status');
      await status.filter({ hasText: 'Backed up just now' }).waitFor({ timeout: 30_000 });
      await page.evaluate(async () => (await navigator.storage.getDirectory()).removeEntry('picked', { recursive: true }));
      await section.getByRole('button', { name: 'Back up now' }).click();
      await status.filter({ hasText: 'Not backed up: the backup folder was moved or deleted (last backup just now)' }).waitFor({ timeout: 30_000 });
      expect(await status.getAttribute('data-tone')).toBe('error');
      await section.locator('#backup-menu-status').filter({ hasText: 'the backup folder was moved or deleted' }).waitFor();
      expect(await api(page, '/library/backup')).toMatchObject({ configured: true, problem: { reason: 'folder-gone' } });
      await section.getByText(/Clearing this site’s data deletes every library on this device, with no copy anywhere\./).waitFor();
      // Choosing a folder again is the way out.
      await section.getByRole('button', { name: 'Change the backup folder…' }).waitFor();
      await shot(page, 'backup-folder-gone');
      await page.setViewportSize(PHONE);
      await shot(page, 'backup-folder-gone');
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

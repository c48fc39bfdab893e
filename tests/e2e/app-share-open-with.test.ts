// The installed app's ways in from the system (issue 42, points 1, 2 and 6), acted out on the built
// site and checked through the API: a page posts the manifest's share form to its action (the
// service worker takes it and sends the window to the app, which offers Undo); "Open with" installs
// the app and opens it with files through CDP (headless Chromium 156 supports PWA.install and
// PWA.launchFilesInApp), and hands the app's launchQueue consumer handles from the origin-private
// file system; "Capture screen" takes Chromium's fake screen and keeps the part dragged over. Screenshots at 1280 and 390 px of
// the share toast and the capture dialog (screenshots/, git-ignored).
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumLaunchOptions } from '../../tools/chromium-launch';
import { api, eventually, freshApp, waitForCount } from './app';
import { seriousViolations } from './a11y-check';
import { appReady } from './browser';
import { solidPng } from './png';
import { serveStatic } from './static-server';
import { shot } from './screenshot';

const PHONE = { width: 390, height: 844 };
// getDisplayMedia answered without a picker, by a fake 1280 × 720 screen (Chromium 156, headless).
const FAKE_CAPTURE = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

interface Listed { id: string; name: string; ext: string; width: number; height: number; annotation: string; url: string; folders: string[] }
const FIELDS = ['id', 'name', 'ext', 'width', 'height', 'annotation', 'url', 'folders'];

const allItems = async (page: Page, deleted = false) =>
  (await api<{ data: Listed[] }>(page, '/item/get', { limit: 100, fields: FIELDS, ...(deleted ? { isDeleted: true } : {}) })).data;

/** `padding`: random bytes added after the file's own (a big file whose head is still a PNG's). */
interface Shared { fields: Record<string, string>; files?: { name: string; type: string; base64: string; padding?: number }[] }

/**
 * Posts the manifest's share form as the system's share sheet does: the manifest's own action,
 * method, encoding and field names, filled in a page of the app's origin and submitted.
 */
async function share(page: Page, { fields, files = [] }: Shared): Promise<void> {
  const navigation = page.waitForURL(/share-(added|failed)=/, { timeout: 30_000 });
  await page.evaluate(async ({ fields, files }) => {
    const link = document.querySelector<HTMLLinkElement>('link[rel=manifest]')!;
    const manifest = await (await fetch(link.href)).json();
    const target = manifest.share_target;
    const form = document.createElement('form');
    form.action = new URL(target.action, link.href).href;
    form.method = target.method;
    form.enctype = target.enctype;
    for (const [param, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.name = target.params[param];
      input.value = value;
      form.append(input);
    }
    const picked = new DataTransfer();
    for (const file of files) {
      const padding = new Uint8Array(file.padding ?? 0);
      for (let at = 0; at < padding.length; at += 65536) crypto.getRandomValues(padding.subarray(at, at + 65536));
      picked.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0)), padding], file.name, { type: file.type }));
    }
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.name = target.params.files[0].name;
    input.files = picked.files;
    form.append(input);
    form.hidden = true;
    document.body.append(form);
    form.submit();
  }, { fields, files });
  await navigation;
  await appReady(page);
}

const png = (colour: string, width: number, height: number) => solidPng(colour, width, height).split(',')[1]!;

describe('the installed app: share target, Open with, Capture screen', () => {
  const siteUrl = inject('siteUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch(await chromiumLaunchOptions(FAKE_CAPTURE));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a shared image is added by the service worker; the app says so with Undo, and Undo trashes it', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      const page = await freshApp(browser, siteUrl, viewport);
      try {
        await share(page, { fields: { title: 'Harbour at dusk', text: 'from the trip', url: 'https://photos.example/harbour' }, files: [{ name: 'harbour.png', type: 'image/png', base64: png('#2255aa', 30, 20) }] });
        // The address keeps no trace of the share: a reload shows no toast again.
        expect(new URL(page.url()).search).toBe('');
        const toast = page.locator('.toast', { hasText: 'Added “Harbour at dusk” from the share' });
        await toast.waitFor();
        const [item] = await allItems(page);
        // item/add's `website` is the item's `url` (the page it came from).
        expect(item).toMatchObject({ name: 'Harbour at dusk', ext: 'png', width: 30, height: 20, url: 'https://photos.example/harbour', annotation: 'from the trip' });
        await waitForCount(page, 1);
        await shot(page, 'share-added');
        expect(await seriousViolations(page)).toEqual([]);

        await toast.getByRole('button', { name: 'Undo' }).click();
        await page.locator('.toast', { hasText: 'Moved 1 shared item to the trash' }).waitFor();
        expect(await eventually(async () => (await allItems(page)).length, 0)).toBe(0);
        expect((await allItems(page, true)).map((trashed) => trashed.id)).toEqual([item!.id]);
        await waitForCount(page, 0);
      } finally {
        await page.context().close();
      }
    }
  });

  it('a shared page with only a title and a text holding its link becomes a bookmark of that page, taken by a stopped worker', async () => {
    const page = await freshApp(browser, siteUrl);
    try {
      // The share sheet may wake a worker the browser stopped: the share is then its first event.
      const session = await page.context().newCDPSession(page);
      await session.send('ServiceWorker.enable');
      await session.send('ServiceWorker.stopAllWorkers');
      await share(page, { fields: { title: 'A long read', text: 'Worth it https://news.example/story?id=7' } });
      await page.locator('.toast', { hasText: 'Added “A long read” from the share' }).waitFor();
      const items = await allItems(page);
      expect(items).toEqual([expect.objectContaining({ name: 'A long read', ext: 'url', url: 'https://news.example/story?id=7', annotation: 'Worth it' })]);
    } finally {
      await page.context().close();
    }
  });

  it('a share holding a file it cannot keep adds nothing, not even its image, and says why', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      const page = await freshApp(browser, siteUrl, viewport);
      try {
        await share(page, {
          fields: { title: 'Mixed' },
          files: [
            { name: 'fine.png', type: 'image/png', base64: png('#aa3322', 8, 8) },
            { name: 'archive.zip', type: 'application/zip', base64: Buffer.from('PK not really').toString('base64') },
          ],
        });
        const toast = page.locator('.toast[data-kind="error"]', { hasText: /The share was not added: files: "archive.zip" \(application\/zip\) cannot be kept/ });
        await toast.waitFor();
        await shot(page, 'share-failed');
        expect(await allItems(page)).toEqual([]);
        expect(await allItems(page, true)).toEqual([]);
      } finally {
        await page.context().close();
      }
    }
  });

  it('under a base path, with a small quota: a share lands; one too big for the storage left keeps nothing and says why', async () => {
    const site = await serveStatic({ '/asset-library/': inject('siteDir') });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const session = await context.newCDPSession(page);
      await session.send('Storage.overrideQuotaForOrigin', { origin: site.url, quotaSize: 8 * 1024 * 1024 });
      await page.goto(`${site.url}/asset-library/`);
      await appReady(page);
      const items = async () =>
        page.evaluate(async () => ((await (await fetch('/asset-library/api/v2/item/get?limit=100')).json()).data.data as { name: string; width: number }[]).map(({ name, width }) => ({ name, width })));

      await share(page, { fields: { title: 'Small' }, files: [{ name: 'small.png', type: 'image/png', base64: png('#448844', 9, 7) }] });
      expect(page.url()).toBe(`${site.url}/asset-library/`);
      await page.locator('.toast', { hasText: 'Added “Small” from the share' }).waitFor();
      expect(await items()).toEqual([{ name: 'Small', width: 9 }]);

      await share(page, { fields: {}, files: [{ name: 'big one.png', type: 'image/png', base64: png('#884444', 9, 7) }, { name: 'huge.png', type: 'image/png', base64: png('#444488', 5, 5), padding: 12 * 1024 * 1024 }] });
      await page.locator('.toast[data-kind="error"]', { hasText: /The share was not added: .*storage quota exceeded/ }).waitFor();
      expect(await items()).toEqual([{ name: 'Small', width: 9 }]);
    } finally {
      await context.close();
      await site.close();
    }
  });

  it('Open with: the installed app opened with two PNGs from disk (CDP PWA.install, PWA.launchFilesInApp) imports them', async () => {
    const profile = await mkdtemp(join(tmpdir(), 'open-with-'));
    // Installing needs a profile of its own (an incognito context cannot install).
    const context = await chromium.launchPersistentContext(profile, await chromiumLaunchOptions());
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${siteUrl}/`);
      await appReady(page);
      const session = await context.newCDPSession(page);
      const manifestId = `${siteUrl}/`;
      await session.send('PWA.install', { manifestId });
      const state = await session.send('PWA.getOsAppState', { manifestId });
      expect(state.fileHandlers[0]!.accepts.map((accept) => accept.mediaType)).toEqual(expect.arrayContaining(['image/png', 'video/mp4', 'application/pdf']));

      const files = [join(profile, 'opened one.png'), join(profile, 'opened two.png')];
      writeFileSync(files[0]!, Buffer.from(png('#3355ee', 14, 10), 'base64'));
      writeFileSync(files[1]!, Buffer.from(png('#ee5533', 6, 11), 'base64'));
      const opened = context.waitForEvent('page');
      await session.send('PWA.launchFilesInApp', { manifestId, files });
      const app = await opened;
      await appReady(app);
      await app.locator('import-progress .summary[data-done="2"][data-total="2"]').waitFor({ timeout: 30_000 });
      expect((await allItems(app)).map((item) => [item.name, item.ext, item.width, item.height]).sort()).toEqual([
        ['opened one', 'png', 14, 10],
        ['opened two', 'png', 6, 11],
      ]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('Open with: files handed to launchQueue land in the folder being viewed through the import panel, an unreadable one as a failure', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // The page's own launchQueue keeps the consumer the app sets, for the test to call with handles
    // of its making (one of them unreadable, which an installed app's launch cannot give).
    await context.addInitScript(() => {
      Object.defineProperty(window, 'launchQueue', { configurable: true, value: { setConsumer: (consumer: unknown) => ((window as any).__launchConsumer = consumer) } });
    });
    const page = await context.newPage();
    try {
      await page.goto(`${siteUrl}/`);
      await appReady(page);
      const folder = await api<{ id: string }>(page, '/folder/create', { name: 'Opened' });
      await page.reload();
      await appReady(page);
      await page.locator(`[data-view="folder:${folder.id}"]`).click();
      await waitForCount(page, 0);
      await page.waitForFunction(() => typeof (window as any).__launchConsumer === 'function');

      await page.evaluate(async (files) => {
        const root = await navigator.storage.getDirectory();
        const handles: FileSystemFileHandle[] = [];
        for (const { name, base64 } of files) {
          const handle = await root.getFileHandle(name, { create: true });
          const writable = await handle.createWritable();
          await writable.write(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
          await writable.close();
          handles.push(handle);
        }
        // A file removed after the system handed it over cannot be read.
        const gone = await root.getFileHandle('gone.png', { create: true });
        await root.removeEntry('gone.png');
        (window as any).__launchConsumer({ files: [...handles, gone] });
      }, [{ name: 'first.png', base64: png('#118833', 12, 9) }, { name: 'second.png', base64: png('#881133', 7, 5) }]);

      await page.locator('import-progress .summary[data-done="2"][data-total="3"]').waitFor({ timeout: 30_000 });
      const panel = await page.locator('import-progress').evaluate((element) => element.shadowRoot!.textContent!.replace(/\s+/g, ' '));
      expect(panel).toContain('1 failed');
      expect(panel).toContain('gone.png');
      await waitForCount(page, 2);
      const items = await allItems(page);
      expect(items.map((item) => [item.name, item.width, item.height, item.folders]).sort()).toEqual([
        ['first', 12, 9, [folder.id]],
        ['second', 7, 5, [folder.id]],
      ]);
    } finally {
      await context.close();
    }
  });

  it('Capture screen: a drag over the fake screen adds that part as a PNG to the folder being viewed; Enter adds the whole frame', async () => {
    const page = await freshApp(browser, siteUrl);
    try {
      const folder = await api<{ id: string }>(page, '/folder/create', { name: 'Shots' });
      await page.reload();
      await appReady(page);
      await page.locator(`[data-view="folder:${folder.id}"]`).click();
      await waitForCount(page, 0);

      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.locator('import-progress').getByRole('button', { name: 'Capture screen…' }).click();
      const dialog = page.locator('capture-dialog dialog[open]');
      await dialog.getByRole('button', { name: 'Choose what to capture…' }).click();
      const canvas = dialog.locator('.stage canvas');
      await canvas.waitFor();
      await shot(page, 'capture-dialog');
      const box = (await canvas.boundingBox())!;
      // From a quarter to three quarters of the picture: half its width and height.
      await page.mouse.move(box.x + box.width / 4, box.y + box.height / 4);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
      await page.mouse.move(box.x + (box.width * 3) / 4, box.y + (box.height * 3) / 4, { steps: 4 });
      await page.mouse.up();
      await dialog.locator('.size', { hasText: /^Part: / }).waitFor();
      await shot(page, 'capture-region');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Add the part' }).click();
      await waitForCount(page, 1);
      const [part] = await allItems(page);
      expect(part!.ext).toBe('png');
      expect(part!.name).toMatch(/^Screenshot \d{4}-\d\d-\d\d at \d\d\.\d\d\.\d\d$/);
      expect(part!.folders).toEqual([folder.id]);
      expect(Math.abs(part!.width - 640)).toBeLessThanOrEqual(2);
      expect(Math.abs(part!.height - 360)).toBeLessThanOrEqual(2);

      // The keyboard way: Enter on the captured picture adds all of it.
      await page.locator('import-progress').getByRole('button', { name: 'Capture screen…' }).click();
      await dialog.getByRole('button', { name: 'Choose what to capture…' }).press('Enter');
      await dialog.locator('.stage').waitFor();
      await expect.poll(() => page.evaluate(() => {
        let focused = document.activeElement;
        while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
        return focused?.className;
      })).toBe('stage');
      await page.keyboard.press('Enter');
      await waitForCount(page, 2);
      const whole = (await allItems(page)).find((item) => item.id !== part!.id)!;
      expect([whole.width, whole.height, whole.folders]).toEqual([1280, 720, [folder.id]]);
    } finally {
      await page.context().close();
    }
  });

  it('the capture dialog on a phone', async () => {
    const page = await freshApp(browser, siteUrl, PHONE);
    try {
      // The manifest's "Capture screen" shortcut opens the dialog.
      await page.goto(`${siteUrl}/?action=capture`);
      await appReady(page);
      const dialog = page.locator('capture-dialog dialog[open]');
      await dialog.waitFor();
      expect(new URL(page.url()).search).toBe('');
      await shot(page, 'capture-choose');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Choose what to capture…' }).click();
      await dialog.locator('.stage canvas').waitFor();
      await shot(page, 'capture-dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await page.locator('capture-dialog dialog[open]').count()).toBe(0);
      expect(await allItems(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

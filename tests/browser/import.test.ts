// Import in the web app, through the real service worker: a drop of 200 generated images plus a
// real folder of 50 files (dropped through Chromium's own drag path), a pasted image, the file
// picker, a URL that fails with the API's message and its retry. Checked through the API.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cdp, commands, server, userEvent } from 'vitest/browser';
import type { ApiClient } from '../loose-client';
import type { Folder } from '../../src/app/api-types';
import { attachImportTarget } from '../../src/app/import/import-target';
import { ImportController } from '../../src/app/import/import-controller';
import { makeZip } from 'client-zip';
import { BOOKMARKS_HTML } from '../node/fixtures/other-exports';
import '../../src/app/import/import-progress';
import type { ImportProgressPanel } from '../../src/app/import/import-progress';
import { seriousViolations } from './app/axe';
import { mount, until } from './app/mount';
import { screenshotAt } from './app/screenshots';
import { blobToBase64, imageBlob } from './images';
import { isolatedClient } from './service-worker';

interface Listed { id: string; name: string; ext: string; folders: string[]; thumbnailReady: boolean }

const detachers: (() => void)[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  detachers.splice(0).forEach((detach) => detach());
  document.body.replaceChildren();
});

async function setUp() {
  const { client, library } = await isolatedClient();
  const folder = await client.post<{ id: string }>('/folder/create', { name: 'Inbox' });
  const zone = mount(Object.assign(document.createElement('main'), { id: 'drop-zone' }));
  zone.style.cssText = 'display:grid;place-items:start;min-height:320px;border:2px dashed #c5cad3;border-radius:12px;padding:16px';
  const panel = document.createElement('import-progress');
  panel.style.width = 'min(420px, 100%)';
  panel.api = client;
  panel.folderId = folder.id;
  zone.append(panel);
  await panel.updateComplete;
  detachers.push(attachImportTarget(zone, panel.controller, document));
  const imported: string[] = [];
  zone.addEventListener('items-imported', (event) => imported.push(...(event as CustomEvent<{ ids: string[] }>).detail.ids));
  return { client, library, folderId: folder.id, zone, panel, imported };
}

const pngFile = async (name: string, i: number, width = 48, height = 32) =>
  new File([await imageBlob(width, height, `hsl(${(i * 37) % 360} 70% 50%)`)], name, { type: 'image/png' });

async function itemsIn(client: ApiClient, folderId: string): Promise<Listed[]> {
  const page = await client.get<{ data: Listed[] }>('/item/get', { folders: folderId, limit: 1000, fields: 'id,name,ext,folders,thumbnailReady' });
  return page.data;
}

const panelText = (panel: ImportProgressPanel) => panel.shadowRoot!.textContent!.replace(/\s+/g, ' ');

/** Drops real files and folders from disk at the element, as a person dragging from a file manager. */
async function dropFromDisk(target: HTMLElement, paths: string[]): Promise<void> {
  const box = target.getBoundingClientRect();
  const at = { x: Math.round(box.left + 8), y: Math.round(box.top + 8) };
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  const session = cdp();
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await session.send('Input.dispatchDragEvent', { type, ...at, data });
}

describe('<import-progress> with a drop zone', () => {
  it('imports a drop of 200 images and a folder of 50 files into the folder, the dropped folder nested inside it, with thumbnails', async () => {
    const { client, library, folderId, zone, panel, imported } = await setUp();
    // Watch the real client's calls: each file sent as itself (item/addFile), never more than two at once.
    let inFlight = 0;
    let most = 0;
    let adds = 0;
    const counted = async <T>(send: () => Promise<T>) => {
      most = Math.max(most, ++inFlight);
      try {
        return await send();
      } finally {
        inFlight -= 1;
      }
    };
    const post = client.post.bind(client);
    const postBody = client.postBody.bind(client);
    // Folders made for the dropped tree (folder/create) are not sends of items.
    vi.spyOn(client, 'post').mockImplementation((path, body) => (path === '/item/add' ? counted(() => post(path, body)) : post(path, body)));
    vi.spyOn(client, 'postBody').mockImplementation((path, query, body) => {
      if (path === '/item/addFile' && body instanceof File) adds += 1;
      return counted(() => postBody(path, query, body));
    });
    const files = await Promise.all(Array.from({ length: 200 }, (_, i) => pngFile(`dropped ${i}.png`, i)));
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    for (const type of ['dragenter', 'dragover']) zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    expect(zone.hasAttribute('data-drop-active')).toBe(true);
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    expect(zone.hasAttribute('data-drop-active')).toBe(false);

    // A real folder on disk (with a sub-folder), dropped through Chromium's drag path.
    const dir = `tests/browser/.tmp/drop-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    const written: string[] = [];
    for (let i = 0; i < 50; i++) {
      const blob = await imageBlob(40 + i, 30, `hsl(${i * 7} 60% 40%)`);
      written.push(`${dir}/shots/${i < 25 ? '' : 'more/'}shot ${i}.png`);
      await commands.writeFile(written.at(-1)!, await blobToBase64(blob), 'base64');
    }
    await dropFromDisk(zone, [`${server.config.root}/${dir}/shots`]);

    await until(() => panel.controller.progress, (p) => p.total === 250 && !p.active, 200);
    // Files dropped from disk are read when sent, so they go only once everything was sent.
    for (const path of written) await commands.removeFile(path);
    expect(panel.controller.progress).toMatchObject({ total: 250, done: 250, failures: [] });
    await panel.updateComplete;
    expect(panelText(panel)).toContain('250 of 250 imported');
    expect(most).toBe(2);
    expect(adds).toBe(250);

    // The dropped folder became "shots" inside the folder, its subfolder "more" inside that, as Eagle does.
    expect(panelText(panel)).toContain('Made 2 folders: shots, shots/more');
    const [inbox] = (await client.get<{ data: Folder[] }>('/folder/get', { id: folderId })).data;
    const shots = inbox!.children.find((child) => child.name === 'shots')!;
    const more = shots.children.find((child) => child.name === 'more')!;
    expect([inbox!.children.length, shots.children.length, more.children.length]).toEqual([1, 1, 0]);
    expect((await itemsIn(client, folderId)).map((item) => item.name).sort()).toEqual(Array.from({ length: 200 }, (_, i) => `dropped ${i}`).sort());
    expect((await itemsIn(client, shots.id)).map((item) => item.name).sort()).toEqual(Array.from({ length: 25 }, (_, i) => `shot ${i}`).sort());
    expect((await itemsIn(client, more.id)).map((item) => item.name).sort()).toEqual(Array.from({ length: 25 }, (_, i) => `shot ${i + 25}`).sort());
    const items = (await client.get<{ data: Listed[] }>('/item/get', { limit: 1000, fields: 'id,name,ext,folders,thumbnailReady' })).data;
    expect(items).toHaveLength(250);
    expect(new Set(imported)).toEqual(new Set(items.map((item) => item.id)));
    expect(new Set(items.map((item) => item.ext))).toEqual(new Set(['png']));
    const everything = async () => (await client.get<{ data: Listed[] }>('/item/get', { limit: 1000, fields: 'id,name,ext,folders,thumbnailReady' })).data;
    const ready = await until(everything, (list) => list.every((item) => item.thumbnailReady), 500);
    expect(ready.filter((item) => item.thumbnailReady)).toHaveLength(250);
    for (const [id] of [[items[0]!.id], [items[249]!.id]]) {
      const thumbnail = await fetch(`/api/v2/item/thumbnail?id=${id}`, { headers: { 'X-Library-Path': library } });
      expect(thumbnail.headers.get('Content-Type')).toBe('image/webp');
    }
    await screenshotAt('import-progress', 1280, 420);
    await screenshotAt('import-progress', 390, 520);
  }, 120_000);

  it('imports a pasted image and picked files; an unreadable item fails alone with the API message', async () => {
    const { client, folderId, panel } = await setUp();
    const persist = vi.spyOn(navigator.storage, 'persist');
    const clipboard = new DataTransfer();
    clipboard.items.add(await pngFile('image.png', 3, 64, 64));
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
    await until(() => itemsIn(client, folderId), (list) => list.length === 1);
    expect(persist).toHaveBeenCalledTimes(1);

    const input = panel.shadowRoot!.querySelector<HTMLInputElement>('#files')!;
    const picked = [await pngFile('one.png', 1), new File([], 'empty.png', { type: 'image/png' }), await pngFile('two.png', 2)];
    await userEvent.upload(input, picked);
    await until(() => panel.controller.progress, (p) => !p.active);
    const names = (await itemsIn(client, folderId)).map((item) => item.name).sort();
    expect(names).toEqual(['image', 'one', 'two']);
    expect(persist).toHaveBeenCalledTimes(1);
    const { failures } = panel.controller.progress;
    expect(failures.map((f) => f.label)).toEqual(['empty.png']);
    expect(failures[0]!.message).toMatch(/no data|empty/i);
    await panel.updateComplete;
    expect(panelText(panel)).toContain('1 failed');
    expect(panelText(panel)).toContain(failures[0]!.message);
    // A screen reader hears it: the live region's own words count the failure.
    expect(panel.shadowRoot!.querySelector('[role=status]')!.textContent!.replace(/\s+/g, ' ')).toContain('3 of 4 imported, 1 failed');
  });

  it('Skip files the item a pasted copy duplicates in the folder the copy went to, and trashes the copy', async () => {
    const { client, folderId, panel } = await setUp();
    const file = await pngFile('harbour.png', 7);
    const original = await client.post<{ id: string }>('/item/add', { name: 'harbour (kept)', base64: await blobToBase64(file) });
    const clipboard = new DataTransfer();
    clipboard.items.add(file);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
    await until(() => panel.controller.progress, (p) => !p.active && p.duplicates.length === 1);
    const copy = panel.controller.progress.duplicates[0]!.id;
    await panel.updateComplete;
    expect(panel.shadowRoot!.querySelector('[role=status]')!.textContent!.replace(/\s+/g, ' ')).toContain('1 of 1 imported, 1 already in the library');
    await userEvent.click(panel.shadowRoot!.querySelector<HTMLButtonElement>('.duplicates button:last-child')!);
    await until(() => panel.controller.progress, (p) => p.duplicates.length === 0);
    const read = async (id: string, trash = false) =>
      (await client.post<{ data: { id: string; folders: string[]; isDeleted: boolean }[] }>('/item/get', { id, ...(trash ? { isDeleted: true } : {}) })).data[0];
    expect(await read(original.id)).toMatchObject({ folders: [folderId], isDeleted: false });
    expect(await read(copy, true)).toMatchObject({ isDeleted: true });
    expect(panel.controller.progress.duplicatesError).toBe('');
  });

  it('files a plain zip of a dropped folder in that folder, as the worker finds it is no export', async () => {
    const { client, library } = await isolatedClient();
    const controller = new ImportController(client, { library });
    const zip = new File([await new Response(makeZip([{ name: 'Inter.ttf', input: 'not really a font' }])).blob()], 'fonts.zip', { type: 'application/zip' });
    await controller.addRoots([{ file: zip, path: 'project/fonts.zip' }, { file: await pngFile('cover.png', 4), path: 'project/cover.png' }]);
    await until(() => controller.progress, (p) => !p.active);
    expect(controller.progress.failures).toEqual([]);
    const folders = (await client.get<{ data: Folder[] }>('/folder/get')).data;
    const project = folders.find((folder) => folder.name === 'project')!;
    const items = (await client.get<{ data: Listed[] }>('/item/get', { limit: 10, fields: 'name,ext,folders' })).data;
    expect(items.map(({ name, ext, folders }) => ({ name, ext, folders })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'cover', ext: 'png', folders: [project.id] },
      { name: 'fonts', ext: 'zip', folders: [project.id] },
    ]);
  });

  it('shows, once, the report of an export that ended while no page followed it (a reload, a closed tab)', async () => {
    const { client } = await isolatedClient();
    // As a page that sent a bookmark file and was then closed: the worker goes on alone.
    const started = await client.postBody<{ id: string }>('/library/import', { into: 'current', fileName: 'bookmarks_12_1_26.html' }, new Blob([BOOKMARKS_HTML], { type: 'text/html' }));
    await until(() => client.get<{ status: string }>('/library/import', { id: started.id }), (state) => state.status !== 'running');
    const opened = () => {
      const panel = mount(document.createElement('import-progress'));
      panel.api = client;
      return panel;
    };
    // The panel looks for them itself, once it has its client.
    const first = opened();
    await until(() => first.controller.progress.exports.map((run) => run.report?.title), (titles) => titles.length > 0);
    await first.updateComplete;
    expect(first.controller.progress.exports.map((run) => run.report?.title)).toEqual(['bookmarks_12_1_26.html (Bookmarks): done']);
    expect(panelText(first)).toContain('4 items imported');
    first.remove();
    // The next page start has nothing more to say of it.
    const second = opened();
    await second.controller.resumeExports(); // the panel's own call, awaited
    expect(second.controller.progress.exports).toEqual([]);
  });

  it('adds a URL through the dialog, shows the API message when it fails, and retries', async () => {
    const { panel } = await setUp();
    await userEvent.click(panel.shadowRoot!.querySelector('button:nth-of-type(3)')!);
    const dialog = panel.shadowRoot!.querySelector('add-url-dialog')!;
    const url = dialog.shadowRoot!.querySelector<HTMLInputElement>('#url')!;
    expect(dialog.shadowRoot!.activeElement).toBe(url);
    const [fileChoice, bookmarkChoice] = dialog.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type=radio]');
    // Opened, it offers a bookmark, and shows it so (a page's address is added as one).
    expect([fileChoice!.checked, bookmarkChoice!.checked]).toEqual([false, true]);
    await userEvent.keyboard('http://127.0.0.1:9/missing.png');
    await dialog.updateComplete;
    expect([fileChoice!.checked, bookmarkChoice!.checked]).toEqual([true, false]);
    await screenshotAt('add-url-dialog', 1280, 600);
    await screenshotAt('add-url-dialog', 390, 700);
    await userEvent.keyboard('{Enter}');
    await until(() => panel.controller.progress, (p) => !p.active && p.failures.length === 1);
    const message = panel.controller.progress.failures[0]!.message;
    expect(message).toContain('http://127.0.0.1:9/missing.png');
    await panel.updateComplete;
    expect(panelText(panel)).toContain(message);
    const retry = [...panel.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Retry failed')!;
    await userEvent.click(retry);
    await until(() => panel.controller.progress, (p) => !p.active && p.failures.length === 1);
    expect(panel.controller.progress).toMatchObject({ total: 1, done: 0 });
    expect(await seriousViolations(panel)).toEqual([]);
    await screenshotAt('import-progress-failure', 1280, 420);
    await screenshotAt('import-progress-failure', 390, 600);
  });
});

describe('a folder of 70,000 files', () => {
  it('is read only as fast as it is sent, and Stop ends the walk', async () => {
    const { client, folderId, panel } = await setUp();
    const png = await imageBlob(8, 8, '#208040');
    let read = 0;
    // The File and Directory Entries API's shape, as a dropped folder hands it out (100 per read).
    const entries = Array.from({ length: 70_000 }, (_, i) => ({
      isFile: true as const, isDirectory: false as const, name: `f${i}.png`, fullPath: `/big/f${i}.png`,
      file: (ok: (file: File) => void) => { read += 1; ok(new File([png], `f${i}.png`, { type: 'image/png' })); },
    }));
    let offset = 0;
    const folder = {
      isFile: false as const, isDirectory: true as const, name: 'big', fullPath: '/big',
      createReader: () => ({ readEntries: (ok: (batch: typeof entries) => void) => { const batch = entries.slice(offset, offset + 100); offset += batch.length; setTimeout(() => ok(batch)); } }),
    };
    const firstLanded = new Promise((resolve) => panel.addEventListener('items-imported', resolve, { once: true }));
    void panel.controller.addRoots([{ entry: folder }]);
    await firstLanded;
    expect(read).toBeLessThan(1000);
    await panel.updateComplete;
    await userEvent.click([...panel.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Stop')!);
    const done = await until(() => panel.controller.progress, (p) => !p.active);
    expect(done.total).toBe(done.done);
    expect(done.failures).toEqual([]);
    expect(read).toBeLessThan(2000);
    // The dropped folder became "big" inside the folder; its files are there.
    const [inbox] = (await client.get<{ data: Folder[] }>('/folder/get', { id: folderId })).data;
    const big = inbox!.children.find((child) => child.name === 'big')!;
    expect(await itemsIn(client, big.id)).toHaveLength(done.done);
  });
});

/**
 * Issue 44 point 3, as a person does it: "Publish…" on a folder in the sidebar writes the published
 * library into a picked folder (the origin-private file system stands in for showDirectoryPicker:
 * the real writer and handle type) and as a zip download. A static server on loopback serves the
 * files with a request log; a second browser context opens them from their address and sees
 * exactly the folder's items, fetching nothing outside the part; after one item changes and the
 * person publishes again, the subscriber's update fetches no unchanged file.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import type { Page } from 'playwright';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { walkFiles, zipTree } from '../../src/core/eagle-library';
import type { Manifest, Shard } from '../../src/core/publish/published-format';
import { seriousViolations } from './a11y-check';
import { api, reloadApp, seed } from './app';
import { fetchInPage, openApp, useBrowser } from './browser';
import { serveStatic, type StaticSite } from './static-server';

const OPFS_FOLDER = 'published-client';

/** Every file of the OPFS folder the picker gave, by path, as base64. */
const opfsFiles = (page: Page) =>
  page.evaluate(async (name) => {
    const out: Record<string, string> = {};
    const walk = async (dir: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
      for await (const [entry, handle] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
        if (handle.kind === 'directory') await walk(handle as FileSystemDirectoryHandle, `${prefix}${entry}/`);
        else {
          const bytes = new Uint8Array(await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer());
          out[`${prefix}${entry}`] = btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
        }
      }
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(name), '');
    return out;
  }, OPFS_FOLDER);

async function copyOut(files: Record<string, string>, dir: string): Promise<void> {
  for (const [path, base64] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), Buffer.from(base64, 'base64'));
  }
}

async function shardItems(read: (path: string) => Promise<string>) {
  const manifest = JSON.parse(await read('manifest.json')) as Manifest;
  const shards = await Promise.all(manifest.shards.map(async (ref) => JSON.parse(await read(ref.file)) as Shard));
  return { manifest, items: shards.flatMap((shard) => shard.items) };
}

describe('Publish a folder from the app', () => {
  const browser = useBrowser();
  const siteUrl = inject('siteUrl');
  let work: string | undefined;
  let site: StaticSite | undefined;
  afterAll(async () => {
    await site?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('publishes a folder with its subfolder to a picked folder and as a zip; a subscriber sees exactly its items and fetches nothing else, and after one change nothing unchanged', async () => {
    work = await mkdtemp(join(tmpdir(), 'publish-part-e2e-'));
    const served = join(work, 'served');
    site = await serveStatic({ '/published/client/': served }, undefined, { cors: true });
    const address = `${site.url}/published/client/`;

    const owner = await browser().newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await openApp(owner, siteUrl);
    const client = await api<{ id: string }>(page, '/folder/create', { name: 'Client' });
    const drafts = await api<{ id: string }>(page, '/folder/create', { name: 'Drafts', parent: client.id });
    const secret = await api<{ id: string }>(page, '/folder/create', { name: 'Private' });
    const part = await seed(page, [
      { name: 'logo', color: '#cc3333', folders: [client.id], tags: ['brand'] },
      { name: 'banner', color: '#33cc33', folders: [client.id], tags: ['brand', 'web'] },
      { name: 'poster', color: '#3333cc', folders: [client.id, secret.id], tags: ['print'] },
      { name: 'sketch', color: '#cccc33', folders: [drafts.id], tags: ['draft'] },
    ]);
    const outside = await seed(page, [
      { name: 'payroll', color: '#cc33cc', folders: [secret.id], tags: ['secret'] },
      { name: 'holiday', color: '#33cccc', tags: ['family'] },
    ]);
    // The app makes each picture's thumbnail after the add: publish once they are made, or the next
    // publish would rightly carry the new thumbnails.
    const thumbnailTypes = () =>
      page.evaluate(async (ids) => Promise.all(ids.map(async (id) => (await fetch(`/api/v2/item/thumbnail?id=${id}`)).headers.get('Content-Type'))), [...part, ...outside]);
    await expect.poll(thumbnailTypes, { timeout: 30_000 }).toEqual([...part, ...outside].map(() => 'image/webp'));
    await reloadApp(page);
    // The picker gives a folder of the origin-private file system: the real handle type and writer.
    await page.evaluate((name) => {
      (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true });
    }, OPFS_FOLDER);

    // Right click on Client, "Publish…".
    const row = page.locator(`li.folder-row[data-folder="${client.id}"] .nav-link`);
    await row.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Publish…' }).click();
    const dialog = page.locator('dialog.publish-dialog[open]');
    await dialog.getByRole('heading', { name: 'Publish folder “Client”' }).waitFor();
    expect(await dialog.getByLabel('Include subfolders').isChecked()).toBe(true);
    await dialog.getByLabel('Web address where you will put it').fill(address);
    await page.screenshot({ path: 'screenshots/publish-dialog-1280.png' });
    expect(await seriousViolations(page, 'dialog.publish-dialog')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'screenshots/publish-dialog-390.png' });
    expect(await seriousViolations(page, 'dialog.publish-dialog')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Publish to a folder…' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Published to the folder published-client' }).waitFor({ timeout: 30_000 });
    // The embed snippet carries the address given, and the commands serve the folder locally.
    expect(await dialog.getByLabel('Put this in your page').inputValue()).toContain(`src="${address}"`);
    expect(await dialog.getByLabel('Check it on this computer first').inputValue()).toContain('npx serve --cors -l 3000 published-client');
    await page.screenshot({ path: 'screenshots/publish-done-1280.png' });
    expect(await seriousViolations(page, 'dialog.publish-dialog')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'screenshots/publish-done-390.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Done' }).click();

    const first = await opfsFiles(page);
    await copyOut(first, served);
    const published = await shardItems(async (path) => Buffer.from(first[path]!, 'base64').toString('utf8'));
    expect(published.items.map((item) => item.id).sort()).toEqual([...part].sort());
    // Nothing of another item is in the folder: every thumbnail and original is one of the part's.
    const owned = new Set(published.items.flatMap((item) => [item.thumbnail, item.original].filter(Boolean)));
    expect(Object.keys(first).filter((path) => /^(thumbnails|originals)\//.test(path)).sort()).toEqual([...owned].sort());
    expect(Object.values(published.items).some((item) => JSON.stringify(item).includes(secret.id))).toBe(false);

    // A visitor opens it from its address in another browser profile, as a person does.
    const visitor = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    const reader = await openApp(visitor, siteUrl);
    await reader.getByRole('button', { name: /^Library: / }).click();
    await reader.getByLabel('Open from a web address…').fill(address);
    await reader.getByLabel('Open from a web address…').press('Enter');
    await reader.locator('#library-name', { hasText: 'Client' }).waitFor({ state: 'attached', timeout: 30_000 });
    const listed = async () => ((await fetchInPage(reader, '/api/v2/item/get?limit=100')).body.data.data as { id: string; name: string }[]);
    await expect.poll(async () => (await listed()).map((item) => item.id).sort(), { timeout: 30_000 }).toEqual([...part].sort());
    await reader.locator('[data-testid=view-count]', { hasText: /^4 items$/ }).waitFor({ timeout: 15_000 });
    await reader.locator('img[src*="item/thumbnail"]').first().waitFor({ timeout: 15_000 });
    type Folder = { name: string; children: Folder[] };
    const answer = (await fetchInPage(reader, '/api/v2/folder/get')).body.data as Folder[] | { data: Folder[] };
    const folders = Array.isArray(answer) ? answer : answer.data;
    expect(folders.map((folder) => folder.name)).toEqual(['Client']);
    expect(folders[0]!.children.map((folder) => folder.name)).toEqual(['Drafts']);
    const fetched = () => site!.requests.map((path) => path.slice('/published/client/'.length));
    await expect.poll(() => fetched().filter((path) => path.startsWith('thumbnails/')).length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(fetched().filter((path) => path !== 'manifest.json' && !(path in first))).toEqual([]);
    for (const id of outside) expect(JSON.stringify(await listed())).not.toContain(id);
    // Its first load is over (the published index fetched and stored) before the owner publishes
    // again: a slow machine can still be loading here, and that load's files are not refetches.
    const loading = async () => ((await fetchInPage(reader, '/api/v2/library/info')).body.data as { loading?: unknown }).loading;
    await expect.poll(loading, { timeout: 30_000 }).toBeUndefined();

    // One item changes; the person publishes again to the same folder: only what changed is written.
    await api(page, '/item/update', { id: part[0], name: 'logo v2' });
    await row.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Publish…' }).click();
    await dialog.getByRole('button', { name: 'Publish to a folder…' }).click();
    const summary = dialog.getByRole('status').filter({ hasText: 'Published to the folder published-client' });
    await summary.waitFor({ timeout: 30_000 });
    const second = await opfsFiles(page);
    const added = Object.keys(second).filter((path) => !(path in first));
    const [, written, kept] = /(\d+) files written, (\d+) already there/.exec((await summary.textContent()) ?? '')!.map(Number);
    expect(written).toBe(added.length + 1); // and manifest.json
    expect(kept).toBe(Object.keys(first).length - 1);
    expect(added.filter((path) => /^(thumbnails|originals)\//.test(path))).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await copyOut(second, served);

    // The visitor's app takes the new version (reopening the library looks for one): no unchanged file is fetched again.
    const seen = site.requests.length;
    const updated = await fetchInPage(reader, '/api/v2/library/subscribe', { method: 'POST', body: { url: address, wait: true } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    await expect.poll(async () => (await listed()).find((item) => item.id === part[0])?.name, { timeout: 30_000 }).toBe('logo v2');
    const again = site.requests.slice(seen).map((path) => path.slice('/published/client/'.length));
    expect(again).toContain('manifest.json');
    expect(again.filter((path) => path !== 'manifest.json' && !added.includes(path))).toEqual([]);

    // The same folder as a zip download: the same files as the folder's current version.
    await row.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Publish…' }).click();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download as zip' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Client-published.zip');
    await dialog.getByRole('status').filter({ hasText: 'Downloaded Client-published.zip' }).waitFor();
    const zip = await zipTree(new Blob([await readFile((await file.path())!)]), 'zip');
    const zipped = new Map<string, Blob>();
    for await (const { path, blob } of walkFiles(zip)) zipped.set(path, blob);
    const manifest = JSON.parse(await zipped.get('manifest.json')!.text()) as Manifest;
    expect(manifest).toEqual(JSON.parse(Buffer.from(second['manifest.json']!, 'base64').toString('utf8')));
    for (const path of zipped.keys()) expect(second[path], path).toBeDefined();
    await owner.close();
    await visitor.close();
  });

  it('publishes a smart folder from its row as a zip (its items and its rules only), and offers the whole library in the library menu', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
    const page = await openApp(context, siteUrl);
    const brand = await seed(page, [
      { name: 'logo', color: '#cc3333', tags: ['brand'] },
      { name: 'banner', color: '#33cc33', tags: ['brand', 'web'] },
    ]);
    await seed(page, [{ name: 'payroll', color: '#cc33cc', tags: ['secret'] }]);
    const smart = await api<{ id: string }>(page, '/smartFolder/create', { name: 'Brand kit', conditions: [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'tags', method: 'union', value: ['brand'] }] }] });
    await api(page, '/smartFolder/create', { name: 'Secrets', conditions: [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'tags', method: 'union', value: ['secret'] }] }] });
    await reloadApp(page);
    await page.getByRole('button', { name: 'Show the sidebar' }).click();
    await page.getByRole('button', { name: 'Publish Brand kit' }).waitFor();
    await page.getByRole('button', { name: 'Publish Brand kit' }).click();
    const dialog = page.locator('dialog.publish-dialog[open]');
    await dialog.getByRole('heading', { name: 'Publish smart folder “Brand kit”' }).waitFor();
    expect(await dialog.getByLabel('Include subfolders').count()).toBe(0);
    await dialog.getByLabel('Include originals (visitors can open the full files)').uncheck();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download as zip' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Brand kit-published.zip');
    await dialog.getByLabel('Put this in your page').waitFor();
    const zip = await zipTree(new Blob([await readFile((await file.path())!)]), 'zip');
    const files = new Map<string, Blob>();
    for await (const { path, blob } of walkFiles(zip)) files.set(path, blob);
    const { manifest, items } = await shardItems(async (path) => files.get(path)!.text());
    expect(items.map((item) => item.id).sort()).toEqual([...brand].sort());
    expect(manifest.counts).toMatchObject({ items: 2, originals: 0, smartFolders: 1, folders: 0 });
    const root = await files.get(manifest.root)!.text();
    expect(root).toContain(smart.id);
    expect(root).not.toContain('Secrets');
    expect(root).not.toContain('secret');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: /^Library: / }).click();
    await page.getByRole('button', { name: 'Publish library…' }).click();
    await dialog.getByRole('heading', { name: 'Publish library “My Library”' }).waitFor();
    // Esc while it publishes stops it: the worker's answer is held here until then, and nothing is downloaded after.
    await page.evaluate(() => {
      const real = window.fetch.bind(window);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const outcomes: string[] = [];
      Object.assign(window, { releasePublish: release, publishOutcomes: outcomes });
      const record = (answer: Promise<Response>) => answer.then((response) => (outcomes.push('answered'), response), (error: Error) => (outcomes.push(error.name), Promise.reject(error)));
      window.fetch = async (input, init) => (String(input).includes('/library/publish') ? record(held.then(() => real(input, init))) : real(input, init));
    });
    // Each run downloads from its own blob: address, so a second address is a second run (Chromium may report one download twice).
    const downloads = new Map<string, string>();
    page.on('download', (started) => downloads.set(started.url(), started.suggestedFilename()));
    await dialog.getByRole('button', { name: 'Download as zip' }).click();
    await dialog.getByText('Publishing…').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.evaluate(() => (window as unknown as { releasePublish: () => void }).releasePublish());
    // The stopped run's request ends aborted: it has nothing left to download.
    await expect.poll(() => page.evaluate(() => (window as unknown as { publishOutcomes: string[] }).publishOutcomes)).toEqual(['AbortError']);
    // Opened again, it is the person's to use, and publishes once.
    await page.getByRole('button', { name: /^Library: / }).click();
    await page.getByRole('button', { name: 'Publish library…' }).click();
    const again = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download as zip' }).click();
    expect((await again).suggestedFilename()).toBe('My Library-published.zip');
    await dialog.getByLabel('Put this in your page').waitFor();
    expect([...downloads.values()]).toEqual(['My Library-published.zip']);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });
});

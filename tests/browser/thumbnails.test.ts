// Thumbnails, dimensions and palettes made through the real service worker. No page media worker
// runs in this file: every job goes through the service worker's own OffscreenCanvas fallback.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/app/api-client';
import { loadItemObservers } from '../../src/core/item-observers';
import { commitItemChanges } from '../../src/core/storage/item-changes';
import { LibraryDb } from '../../src/core/storage/library-db';
import { makeItemRow } from '../node/fixtures/item-rows';
import { base64Of, bmpOf, flat, gifOf, icoOf, mostlyRed, near, paintedBlob, pixelAt, withExifOrientation } from './media-images';
import { getItem, thumbnailOf, whenReady } from './media-client';
import { fetchApi, isolatedClient, stopServiceWorkers } from './service-worker';

const ITEM_OBSERVERS = await loadItemObservers();

const add = async (client: ApiClient, name: string, data: Blob | Uint8Array) =>
  (await client.post<{ id: string }>('/item/add', { name, base64: await base64Of(data) })).id;

describe('thumbnails through the service worker', () => {
  it('gives a 4000x3000 JPEG a 400 px WebP thumbnail, its true size and a red-first palette', async () => {
    const { client, library } = await isolatedClient();
    const id = await add(client, 'big red', await mostlyRed(4000, 3000));
    const item = await whenReady(client, id);
    expect(item).toMatchObject({ width: 4000, height: 3000, noThumbnail: false });
    const { type, blob } = await thumbnailOf(library, id);
    expect(type).toBe('image/webp');
    const bitmap = await createImageBitmap(blob);
    expect(Math.max(bitmap.width, bitmap.height)).toBeGreaterThanOrEqual(390);
    expect(Math.max(bitmap.width, bitmap.height)).toBeLessThanOrEqual(410);
    expect(bitmap.width / bitmap.height).toBeCloseTo(4 / 3, 1);
    expect(item.palettes.length).toBeGreaterThan(1);
    expect(item.palettes.length).toBeLessThanOrEqual(8);
    expect(near(item.palettes[0]!.color, [220, 20, 30])).toBe(true);
    expect(item.palettes[0]!.ratio).toBeGreaterThan(60);
    const ratios = item.palettes.map((p) => p.ratio);
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
    expect(ratios.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
  });

  it('gives a JPEG with EXIF orientation 6 portrait dimensions and an upright thumbnail', async () => {
    const { client, library } = await isolatedClient();
    // Stored landscape, top half red and bottom half blue; orientation 6 turns it a quarter clockwise.
    const stored = await paintedBlob(400, 300, (c) => {
      c.fillStyle = 'rgb(230,0,0)';
      c.fillRect(0, 0, 400, 150);
      c.fillStyle = 'rgb(0,0,230)';
      c.fillRect(0, 150, 400, 150);
    });
    const rotated = withExifOrientation(new Uint8Array(await stored.arrayBuffer()), 6);
    const id = await add(client, 'portrait', rotated);
    expect(await getItem(client, id)).toMatchObject({ width: 300, height: 400 });
    expect(await whenReady(client, id)).toMatchObject({ width: 300, height: 400 });
    const { blob } = await thumbnailOf(library, id);
    const bitmap = await createImageBitmap(blob);
    expect([bitmap.width, bitmap.height]).toEqual([300, 400]);
    expect(near(await pixelAt(blob, 30, 200), [0, 0, 230])).toBe(true);
    expect(near(await pixelAt(blob, 270, 200), [230, 0, 0])).toBe(true);
  });

  it('refreshes thumbnail, size, dimensions and palette after the worker was stopped', async () => {
    const { client } = await isolatedClient();
    const id = await add(client, 'green', await flat(640, 480, [20, 160, 40]));
    await whenReady(client, id);
    await stopServiceWorkers();
    expect(await client.post('/item/refreshThumbnail', { itemId: id })).toBe(true);
    const item = await getItem(client, id);
    expect(item).toMatchObject({ width: 640, height: 480, thumbnailReady: true });
    expect(item.size).toBeGreaterThan(0);
    expect(near(item.palettes[0]!.color, [20, 160, 40])).toBe(true);
  });

  it('picks up a job that a stopped worker left in IndexedDB', async () => {
    const { client, library } = await isolatedClient();
    await stopServiceWorkers();
    // What an item/add leaves behind when the worker is stopped right after its transaction.
    const db = new LibraryDb(`lam/library${library}`);
    const row = makeItemRow({ ext: 'jpg', mime: 'image/jpeg', width: 0, height: 0, thumbnail: 'pending' });
    const blob = await flat(1600, 1200, [200, 200, 20]);
    await db.transaction('rw', db.tables, async () => {
      await db.files.put({ id: row.id, blob });
      await commitItemChanges(db, [{ after: row }], ITEM_OBSERVERS, Date.now());
    });
    expect(await db.jobs.where('itemId').equals(row.id).count()).toBe(1);
    db.close();
    expect(await whenReady(client, row.id)).toMatchObject({ width: 1600, height: 1200, noThumbnail: false });
  });

  it.each([
    ['png', async () => flat(90, 60, [0, 120, 220], 'image/png')],
    ['webp', async () => flat(90, 60, [0, 120, 220], 'image/webp')],
    ['gif', async () => gifOf(90, 60, [0, 120, 220])],
    ['bmp', async () => bmpOf(90, 60, [0, 120, 220])],
    ['ico', async () => icoOf(new Uint8Array(await (await flat(48, 48, [0, 120, 220], 'image/png')).arrayBuffer()), 48, 48)],
  ])('makes a thumbnail from %s', async (ext, make) => {
    const { client, library } = await isolatedClient();
    const id = await add(client, ext, await make());
    const item = await whenReady(client, id);
    expect(item.ext).toBe(ext);
    expect(item.noThumbnail).toBe(false);
    expect(item.width).toBeGreaterThan(0);
    expect(near(item.palettes[0]!.color, [0, 120, 220], 12)).toBe(true);
    expect((await thumbnailOf(library, id)).type).toBe('image/webp');
  });

  it('serves a generic icon for files the browser cannot decode, and for bookmarks', async () => {
    const { client, library } = await isolatedClient();
    // A font: no decoder makes a picture of it. (A PSD has one now, in a page's media worker:
    // tests/browser/document-previews.test.ts.)
    const font = await add(client, 'letters', new TextEncoder().encode('wOFF\u0000\u0001 not really a font'));
    expect(await whenReady(client, font)).toMatchObject({ ext: 'woff', noThumbnail: true, palettes: [] });
    const { id: link } = await client.post<{ id: string }>('/item/add', { bookmarkURL: 'https://example.com/page' });
    expect(await client.post('/item/refreshThumbnail', { itemId: link })).toBe(true);
    for (const id of [font, link]) {
      const { type, blob } = await thumbnailOf(library, id);
      expect(type).toBe('image/svg+xml');
      expect(await blob.text()).toContain(id === font ? '>WOFF<' : '>LINK<');
    }
    // Items showing an icon name it by one shared URL (item/icon), so a page parses each SVG once.
    const { id: other } = await client.post<{ id: string }>('/item/add', { bookmarkURL: 'https://example.com/other' });
    const [linkItem, otherItem] = await Promise.all([getItem(client, link), getItem(client, other)]);
    expect(linkItem.thumbnailURL).toBe('/api/v2/item/icon?family=bookmark&label=LINK');
    expect(otherItem.thumbnailURL).toBe(linkItem.thumbnailURL);
    const icon = await fetch(linkItem.thumbnailURL);
    expect(icon.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(icon.headers.get('X-Served-By')).toBe('service-worker');
    expect(icon.headers.get('Cache-Control')).toContain('immutable');
    expect(await icon.text()).toBe(await (await thumbnailOf(library, link)).blob.text());
    expect((await getItem(client, font)).thumbnailURL).toMatch(/^\/api\/v2\/item\/icon\?family=\w+&label=WOFF$/);
  });

  it('sets a custom thumbnail from a path on this site, and refreshThumbnail restores the generated one', async () => {
    const { client, library } = await isolatedClient();
    const id = await add(client, 'photo', await flat(300, 200, [230, 200, 0]));
    const cover = await add(client, 'cover', await flat(120, 120, [120, 0, 160], 'image/png'));
    await whenReady(client, id);
    const filePath = `/api/v2/item/file?id=${cover}`;
    expect(await client.post('/item/setCustomThumbnail', { itemId: id, filePath })).toBe(true);
    const custom = await getItem(client, id);
    expect(near(custom.palettes[0]!.color, [120, 0, 160])).toBe(true);
    expect(custom).toMatchObject({ width: 300, height: 200 });
    expect(near(await pixelAt((await thumbnailOf(library, id)).blob, 60, 60), [120, 0, 160])).toBe(true);

    expect(await client.post('/item/refreshThumbnail', { itemId: id })).toBe(true);
    expect(near((await getItem(client, id)).palettes[0]!.color, [230, 200, 0])).toBe(true);
  });

  it('sets a custom thumbnail from base64 (a frame the page drew), and names base64 when it is no image', async () => {
    const { client, library } = await isolatedClient();
    const id = await add(client, 'clip', await flat(300, 200, [230, 200, 0]));
    await whenReady(client, id);
    const base64 = `data:image/png;base64,${await base64Of(await flat(120, 120, [0, 40, 220], 'image/png'))}`;
    expect(await client.post('/item/setCustomThumbnail', { itemId: id, base64 })).toBe(true);
    expect(near((await getItem(client, id)).palettes[0]!.color, [0, 40, 220])).toBe(true);
    expect(near(await pixelAt((await thumbnailOf(library, id)).blob, 60, 60), [0, 40, 220])).toBe(true);
    const answer = await fetchApi('/api/v2/item/setCustomThumbnail', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Library-Path': library },
      body: JSON.stringify({ itemId: id, base64: btoa('no image here') }),
    });
    expect(answer.response.status).toBe(400);
    expect(answer.body.message).toContain('base64');
    // The refused write left the thumbnail as it was.
    expect(near(await pixelAt((await thumbnailOf(library, id)).blob, 60, 60), [0, 40, 220])).toBe(true);
  });

  it('refuses a custom thumbnail that is not an image', async () => {
    const { client, library } = await isolatedClient();
    const id = await add(client, 'photo', await flat(30, 20, [0, 0, 0]));
    const answer = await fetchApi('/api/v2/item/setCustomThumbnail', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Library-Path': library },
      body: JSON.stringify({ itemId: id, filePath: '/index.html' }),
    });
    expect(answer.response.status).toBe(400);
    expect(answer.body.message).toContain('filePath');
  });

  it('keeps answering other requests while a batch of thumbnails is made', async () => {
    const { client } = await isolatedClient();
    const base64 = await base64Of(await mostlyRed(2000, 1500));
    const { ids } = await client.post<{ ids: string[] }>('/item/add', { items: Array.from({ length: 24 }, (_, i) => ({ name: `b${i}`, base64 })) });
    let answeredWhilePending = 0;
    for (;;) {
      const page = await client.post<{ data: { thumbnailReady: boolean }[] }>('/item/get', { ids, fields: ['thumbnailReady'], limit: 100 });
      const pending = page.data.filter((item) => !item.thumbnailReady).length;
      if (pending === 0) break;
      expect(await client.get('/item/countAll')).toBe(24);
      answeredWhilePending += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answeredWhilePending).toBeGreaterThan(0);
    expect((await getItem(client, ids[23]!)).width).toBe(2000);
  });
});

/**
 * Files on demand through the real service worker (docs/decisions/sync.md): two libraries of this
 * browser stand for two devices, syncing through a pouchdb-server of this test's own (started,
 * stopped and restarted by browser commands, tests/sync/couch-commands.ts), whose document size
 * limit is small enough for one file to be refused (413).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import type { SyncStatus } from '../../src/core/sync/sync-state';
import { withoutUrlLibrary } from '../node/fixtures/url-library';
import { imageBase64 } from './images';
import { isolatedClient, stopServiceWorkers, type ApiClient } from './service-worker';

interface Item {
  id: string;
  name: string;
  fileURL: string;
  thumbnailURL: string;
  thumbnailReady: boolean;
  [field: string]: unknown;
}

/** JSON bodies above this many bytes are refused: a file over about 150 KB is too large. */
const MAX_DOCUMENT_SIZE = 200_000;

let couch = '';
beforeAll(async () => {
  couch = await commands.startOwnCouchServer(MAX_DOCUMENT_SIZE);
}, 60_000);
afterAll(async () => {
  if (couch) await commands.disposeCouchServer(couch);
});

const newDatabase = () => `${couch}/files-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

async function items(client: ApiClient): Promise<Item[]> {
  return (await client.get<{ data: Item[] }>('/item/get', { limit: 100, orderBy: 'NAME' })).data;
}

/** The bytes an item URL answers, as text of their codes (so two answers compare). */
async function bytesOf(library: string, url: string): Promise<{ status: number; type: string; bytes: string }> {
  const response = await fetch(`${url}&library=${encodeURIComponent(library)}`);
  return { status: response.status, type: response.headers.get('Content-Type') ?? '', bytes: new Uint8Array(await response.arrayBuffer()).join(',') };
}

async function untilThumbnailsReady(client: ApiClient): Promise<void> {
  for (let round = 0; round < 200; round += 1) {
    if ((await items(client)).every((item) => item.thumbnailReady)) return;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error('thumbnails were not made within 20 s');
}

/** Random bytes, so no compression can make the file fit. */
function randomBase64(size: number): string {
  const bytes = new Uint8Array(size);
  for (let start = 0; start < size; start += 65536) crypto.getRandomValues(bytes.subarray(start, start + 65536));
  let text = '';
  for (let start = 0; start < size; start += 0x8000) text += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(text);
}

describe('sync: files on demand through the service worker', () => {
  it('brings thumbnails to a fresh device, fetches an original on first open and keeps it offline, keeps every original when asked, names a file too large for the server while its item syncs, sends a replaced thumbnail again, and deletes the files of an item removed everywhere', async () => {
    const [{ client: a, library: libA }, { client: b, library: libB }, { client: c, library: libC }] = [await isolatedClient(), await isolatedClient(), await isolatedClient()];
    const url = newDatabase();
    await a.post('/item/add', {
      items: [
        { name: 'red', ext: 'png', base64: await imageBase64(320, 240, '#c81e1e') },
        { name: 'blue', ext: 'png', base64: await imageBase64(200, 300, '#1e3cc8') },
        { name: 'scan', ext: 'bin', base64: randomBase64(300_000) },
        { name: 'a page', bookmarkURL: 'https://example.com/page' },
      ],
    });
    await untilThumbnailsReady(a);
    await a.post('/sync/start', { url });
    const onA = await a.post<SyncStatus>('/sync/run', {});
    expect(onA).toMatchObject({ state: 'idle', error: null, keepOriginals: false });
    const scan = (await items(a)).find((item) => item.name === 'scan')!;
    const name = scan.ext ? `scan.${scan.ext}` : 'scan';
    expect(onA.fileErrors).toEqual([{ id: scan.id, name, file: 'original', error: `${name}: the original (300000 bytes) is larger than the server accepts (HTTP 413); it stays on this device only.` }]);

    // Device B, fresh: every item, equal apart from which library's URLs; thumbnails served.
    await b.post('/sync/start', { url });
    expect(await b.post<SyncStatus>('/sync/run', {})).toMatchObject({ state: 'idle', error: null, fileErrors: [] });
    const [itemsA, itemsB] = [await items(a), await items(b)];
    expect(withoutUrlLibrary(itemsB)).toEqual(withoutUrlLibrary(itemsA));
    expect(itemsB.find((item) => item.name === 'scan')!.fileURL).not.toBe('');
    const [red, blue] = [itemsA.find((item) => item.name === 'red')!, itemsA.find((item) => item.name === 'blue')!];
    for (const item of [red, blue]) {
      const thumbnail = await bytesOf(libB, item.thumbnailURL);
      expect(thumbnail).toEqual(await bytesOf(libA, item.thumbnailURL));
      expect(thumbnail.type).not.toBe('image/svg+xml');
    }

    // The original on first open, then kept: served with the server stopped, and by a restarted worker.
    const original = await bytesOf(libA, red.fileURL);
    expect(original).toMatchObject({ status: 200, type: 'image/png' });
    expect(await bytesOf(libB, red.fileURL)).toEqual(original);
    // A grid cell larger than a thumbnail asks for the original only if it is on this device: red's
    // (opened) is; blue's is not fetched for it (below: with the server away, it is not here).
    expect(await bytesOf(libB, `${red.thumbnailURL}&preferOriginal=true`)).toEqual(original);
    expect(await bytesOf(libB, `${blue.thumbnailURL}&preferOriginal=true`)).toEqual(await bytesOf(libB, blue.thumbnailURL));
    const unclear = await fetch(`${blue.thumbnailURL}&preferOriginal=maybe&library=${encodeURIComponent(libB)}`);
    expect(unclear.status).toBe(400);
    expect(((await unclear.json()) as { message: string }).message).toMatch(/preferOriginal/);
    await commands.stopCouchServer(couch);
    try {
      await stopServiceWorkers();
      expect(await bytesOf(libB, red.fileURL)).toEqual(original);
      // One never opened is not here: the server's absence is named.
      const missing = await fetch(`${blue.fileURL}&library=${encodeURIComponent(libB)}`);
      expect(missing.status).toBe(503);
      expect(((await missing.json()) as { message: string }).message).toMatch(/^id: the original of item ".+" is on the sync server .* which did not answer/);
      // A file the server refused stays on its own device only.
      expect((await bytesOf(libB, scan.fileURL)).status).toBe(503);
    } finally {
      await commands.restartCouchServer(couch);
    }

    // Device C keeps every original: its cycles fetch them all, served with the server stopped.
    expect(await c.post<SyncStatus>('/sync/start', { url, keepOriginals: true })).toMatchObject({ keepOriginals: true });
    for (let cycle = 0; cycle < 2; cycle += 1) expect(await c.post<SyncStatus>('/sync/run', {})).toMatchObject({ state: 'idle', error: null });
    await commands.stopCouchServer(couch);
    try {
      for (const item of [red, blue]) expect(await bytesOf(libC, item.fileURL)).toEqual(await bytesOf(libA, item.fileURL));
    } finally {
      await commands.restartCouchServer(couch);
    }
    // Turned on later on B (sync/settings): the next cycle fetches what B lacks.
    expect(await b.post<SyncStatus>('/sync/settings', { keepOriginals: true })).toMatchObject({ keepOriginals: true });
    expect(await b.post<SyncStatus>('/sync/run', {})).toMatchObject({ state: 'idle', error: null });
    await commands.stopCouchServer(couch);
    try {
      expect(await bytesOf(libB, blue.fileURL)).toEqual(await bytesOf(libA, blue.fileURL));
    } finally {
      await commands.restartCouchServer(couch);
    }

    // A custom thumbnail on A goes up over the server's, and B fetches it again.
    const filesDoc = (doc: string) => `${url}-files/${encodeURIComponent(doc)}`;
    expect(await a.post('/item/setCustomThumbnail', { itemId: red.id, filePath: `/api/v2/item/file?id=${blue.id}&library=${encodeURIComponent(libA)}` })).toBe(true);
    const custom = await bytesOf(libA, red.thumbnailURL);
    expect(custom).not.toEqual(await bytesOf(libB, red.thumbnailURL));
    expect(await a.post<SyncStatus>('/sync/run', {})).toMatchObject({ state: 'idle', error: null });
    expect(((await (await fetch(filesDoc(`thumbnail:${red.id}`))).json()) as { _rev: string })._rev).toMatch(/^2-/);
    expect(await b.post<SyncStatus>('/sync/run', {})).toMatchObject({ state: 'idle', error: null });
    expect(await bytesOf(libB, red.thumbnailURL)).toEqual(custom);

    // An item removed for good by another client of the database: the files go from the server
    // with the device that applies the removal, and B, which held them, does not send them back.
    const itemDoc = `${url}/${encodeURIComponent(`item:${blue.id}`)}`;
    const { _rev } = (await (await fetch(itemDoc)).json()) as { _rev: string };
    expect((await fetch(`${itemDoc}?rev=${_rev}`, { method: 'DELETE' })).ok).toBe(true);
    const filesOfBlue = async () => ((await (await fetch(`${url}-files/_all_docs`)).json()) as { rows: { id: string }[] }).rows.filter((row) => row.id.endsWith(`:${blue.id}`));
    expect(await filesOfBlue()).toHaveLength(2);
    expect(await a.post<SyncStatus>('/sync/run', {})).toMatchObject({ state: 'idle', error: null });
    expect(await filesOfBlue()).toEqual([]);
    for (const device of [b, c, a]) expect(await device.post<SyncStatus>('/sync/run', {})).toMatchObject({ state: 'idle', error: null });
    expect(await filesOfBlue()).toEqual([]);
    expect((await items(b)).map((item) => item.name)).not.toContain('blue');
  }, 120_000);
});

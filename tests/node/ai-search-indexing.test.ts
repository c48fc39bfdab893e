// AI indexing that never looks dead (issue 24, points 1, 2 and 4), on fake-indexeddb with the
// stand-in detector and encoder (fixtures/media): the object and meaning indexes are built ahead of
// the first query once the models are available, getSyncStatus counts every index in items of the
// library, a search made while indexing says its results cover what is indexed so far, and items
// imported from an Eagle library get descriptors like added ones.
import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/core';
import type { ImportState } from '../../src/core/eagle-library';
import { call, makeApi, newLibrary } from './helpers';
import { fakeImage, openLibrary, storeItem, TestProcessor } from './fixtures/media';

/** PNG's signature then a stand-in thumbnail: the import keeps it (its bytes say PNG) and the stand-in decodes it. */
const pngThumbnail = (text: string) => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), text], { type: 'image/png' });

type Status = { isSyncing: boolean; syncedCount: number; totalCount: number; progress: number };
type Answer = { results: { item: { id: string; name: string }; signals: string[] }[]; message?: string };

async function setup(media = new TestProcessor()) {
  const api = makeApi({ media });
  const path = await newLibrary(api);
  const library = await openLibrary(api, path);
  return { api, media, path, library, ...helpers(api, path) };
}

function helpers(api: Api, path: string) {
  const index = async () => {
    await api.media.resume(path);
    await api.media.whenIdle();
  };
  const status = async () => (await call<Status>(api, 'GET', '/aiSearch/getSyncStatus', {}, { library: path })).data;
  const search = async (query: string) => (await call<Answer>(api, 'POST', '/aiSearch/searchByText', { query }, { library: path })).data;
  return { index, status, search };
}

describe('AI indexing', () => {
  it('builds the meaning index before the first query: once the status says done, "invoice" finds the receipt', async () => {
    const { library, index, status, search } = await setup();
    await storeItem(library, { name: 'scan 12', annotation: 'Receipt for the hotel bill' }, fakeImage(40, 30));
    await storeItem(library, { name: 'holiday', tags: ['beach'] }, fakeImage(40, 30));
    await index();
    // The status turns the indexes on (the models are available) and counts them.
    expect(await status()).toMatchObject({ isSyncing: true, totalCount: 2 });
    await index();
    expect(await status()).toEqual({ isSyncing: false, syncedCount: 2, totalCount: 2, progress: 1 });
    const answer = await search('invoice');
    expect(answer.results.map((r) => [r.item.name, r.signals])).toEqual([['scan 12', ['meaning']]]);
    expect(answer.message).toBeUndefined();
  });

  // Issue 41 point 14: no item row changes when an item is indexed, so this event is what tells a
  // client showing an AI search to ask again.
  it('announces the items that gained objects and meaning vectors on the change feed', async () => {
    const { api, library, index, status } = await setup();
    const heard: { kind: string; action: string; ids: readonly string[] }[] = [];
    const unsubscribe = api.changes.subscribe(({ kind, action, ids }) => void heard.push({ kind, action, ids }));
    const receipt = await storeItem(library, { name: 'scan 12', annotation: 'Receipt for the hotel bill' }, fakeImage(40, 30));
    await index();
    await status();
    await index();
    unsubscribe();
    const indexed = heard.filter((change) => change.kind === 'aiSearch');
    expect(indexed.length).toBeGreaterThanOrEqual(2); // objects, then meaning
    expect(indexed.every((change) => change.action === 'indexed' && change.ids.length === 1 && change.ids[0] === receipt.id)).toBe(true);
  });

  it('counts items, not jobs: one number of items done out of the library items (the trash left out)', async () => {
    const { api, path, library, index, status } = await setup();
    const first = await storeItem(library, { name: 'one' }, fakeImage(10, 10));
    await storeItem(library, { name: 'two' }, fakeImage(10, 10));
    await storeItem(library, { name: 'link', ext: 'url', mime: '', hasFile: false, thumbnail: 'none' });
    // Each picture has a thumbnail, an objects and a text job queued: still 3 items, none done.
    expect(await status()).toEqual({ isSyncing: true, syncedCount: 0, totalCount: 3, progress: 0 });
    await index();
    expect(await status()).toEqual({ isSyncing: false, syncedCount: 3, totalCount: 3, progress: 1 });
    await call(api, 'POST', '/item/update', { id: first.id, isDeleted: true }, { library: path });
    await index();
    expect(await status()).toEqual({ isSyncing: false, syncedCount: 2, totalCount: 2, progress: 1 });
  });

  it('answers a search made while indexing with what is indexed so far, and says so', async () => {
    const media = new TestProcessor();
    const { library, index, status, search } = await setup(media);
    await storeItem(library, { name: 'scan 12', annotation: 'Receipt for the hotel bill' }, fakeImage(40, 30));
    await index();
    await status();
    await index();
    media.needsPage.add('objects'); // no detector for now: the next item is not done
    await storeItem(library, { name: 'scan 13', annotation: 'Another hotel bill' }, fakeImage(40, 30));
    await index();
    expect(await status()).toMatchObject({ isSyncing: true, syncedCount: 1, totalCount: 2 });
    const answer = await search('invoice');
    expect(answer.results.map((r) => r.item.name).sort()).toEqual(['scan 12', 'scan 13']);
    expect(answer.message).toMatch(/still running \(1 of 2 items done\).*indexed so far/);
    expect((await search('dog')).message).toMatch(/^No item matches "dog" yet\. AI indexing is still running/);
    media.needsPage.delete('objects');
    await index();
    const done = await search('invoice');
    expect(done.results.map((r) => r.item.name).sort()).toEqual(['scan 12', 'scan 13']);
    expect(done.message).toBeUndefined();
  });

  it('indexes items imported from an Eagle library like added ones: find similar and colour words work', async () => {
    const { api, library, index } = await setup();
    for (let i = 0; i < 3; i++) await storeItem(library, { name: `photo ${i}` }, fakeImage(40, 30, [200, 30, 30]));
    await index();
    // Thumbnails as an Eagle library holds them (PNG), so the import takes them instead of making its own.
    for (const row of await library.db.thumbnails.toArray()) await library.db.thumbnails.put({ ...row, blob: pngThumbnail('THUMB 40x30') });
    const exported = await (await api.handle(new Request('http://localhost/api/v2/library/export', { headers: { 'X-Library-Path': library.record.path } }))).blob();
    const response = await api.handle(new Request('http://localhost/api/v2/library/import?wait=true', { method: 'POST', body: exported }));
    const imported = ((await response.json()) as { data: ImportState }).data;
    expect(imported).toMatchObject({ status: 'done', imported: 3, thumbnailsQueued: 0 });
    const copy = helpers(api, imported.libraryPath);
    await copy.index();
    await copy.status();
    await copy.index();
    expect(await copy.status()).toEqual({ isSyncing: false, syncedCount: 3, totalCount: 3, progress: 1 });
    const items = (await call<{ data: { id: string }[] }>(api, 'GET', '/item/get', { limit: 10 }, { library: imported.libraryPath })).data.data;
    const similar = await call<Answer>(api, 'POST', '/aiSearch/searchByItemId', { itemId: items[0]!.id }, { library: imported.libraryPath });
    expect(similar.httpStatus).toBe(200);
    expect(similar.data.results).toHaveLength(2);
    // The exported thumbnails decode as grey in the stand-in processor.
    expect((await copy.search('grey')).results).toHaveLength(3);
  });
});

describe('find similar weighs objects over looks', () => {
  it('puts the photo with the same objects first and leaves out a look-alike with none in common', async () => {
    const { api, path, library, index, status } = await setup();
    const cat = await storeItem(library, { name: 'cat' }, fakeImage(40, 30, [120, 120, 120], 'image/png', 'cat:0.65'));
    await storeItem(library, { name: 'greyish-green bus' }, fakeImage(40, 30, [110, 140, 110], 'image/png', 'bus:0.6'));
    await storeItem(library, { name: 'orange cat' }, fakeImage(40, 30, [220, 120, 30], 'image/png', 'cat:0.3,dog:0.4'));
    await storeItem(library, { name: 'cat again' }, fakeImage(80, 60, [120, 120, 120], 'image/png', 'cat:0.6'));
    await status();
    await index();
    const answer = await call<Answer>(api, 'POST', '/aiSearch/searchByItemId', { itemId: cat.id }, { library: path });
    // The same picture first (a near-duplicate), then the other cat; the greyish-green bus is near in looks but shares no object.
    expect(answer.data.results.map((r) => r.item.name)).toEqual(['cat again', 'orange cat']);
  });
});

// AI search on fake-indexeddb: descriptors kept in step with items, status from stored counters,
// rankings and the bad-input rules. Pictures here are one-colour "fake images" (fixtures/media).
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { DESCRIPTOR_BYTES } from '../../src/core/ai-search/descriptor-layout';
import { describedCount, eachLiveDescriptor, putDescriptors, SHARD_SIZE } from '../../src/core/ai-search/descriptor-store';
import { makeItemRow } from './fixtures/item-rows';
import { loadItemObservers } from '../../src/core/item-observers';
import { commitItemChanges } from '../../src/core/storage/item-changes';
import { writeTransaction } from '../../src/core/storage/write';
import { call, makeApi, newLibrary } from './helpers';
import { fakeImage, itemRow, openLibrary, storeItem, TestProcessor } from './fixtures/media';

const ITEM_OBSERVERS = await loadItemObservers();

async function setup() {
  const media = new TestProcessor();
  const api = makeApi({ media });
  const path = await newLibrary(api);
  const library = await openLibrary(api, path);
  /** Runs the media queue (storeItem writes rows directly, as a stopped worker would leave them). */
  const index = async () => {
    await api.media.resume(path);
    await api.media.whenIdle();
  };
  return { api, media, path, library, index };
}

type Results = { results: { item: { id: string; name: string }; score: number; signals: string[]; nearDuplicate: boolean }[] };

describe('aiSearch over visual descriptors', () => {
  it('ranks by colour likeness, the near-duplicate first, never the item itself or a trashed one', async () => {
    const { api, path, library, index } = await setup();
    const red = await storeItem(library, { name: 'red' }, fakeImage(40, 30, [200, 30, 30]));
    const sameRed = await storeItem(library, { name: 'same red' }, fakeImage(80, 60, [200, 30, 30]));
    const darkRed = await storeItem(library, { name: 'dark red' }, fakeImage(40, 30, [140, 20, 25]));
    const blue = await storeItem(library, { name: 'blue' }, fakeImage(40, 30, [30, 30, 200]));
    await index();
    const answer = await call<Results>(api, 'POST', '/aiSearch/searchByItemId', { itemId: red.id }, { library: path });
    expect(answer.data.results.map((r) => r.item.name)).toEqual(['same red', 'dark red', 'blue']);
    expect(answer.data.results[0]).toMatchObject({ nearDuplicate: true, signals: ['visual'] });
    const scores = answer.data.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(0), expect(score).toBeLessThanOrEqual(1);

    await call(api, 'POST', '/item/update', { id: sameRed.id, isDeleted: true }, { library: path });
    const after = await call<Results>(api, 'POST', '/aiSearch/searchByItemId', { itemId: red.id, limit: 1 }, { library: path });
    expect(after.data.results.map((r) => r.item.id)).toEqual([darkRed.id]);
    expect(blue.id).toBeDefined();
  });

  it('keeps the sync counters in step with add, trash, restore and removal', async () => {
    const { api, media, path, library, index } = await setup();
    const status = async () => (await call(api, 'GET', '/aiSearch/getSyncStatus', {}, { library: path })).data;
    expect(await status()).toEqual({ isSyncing: false, syncedCount: 0, totalCount: 0, progress: 1 });
    // A read kicks the library's media queue: hold its jobs until the counts before indexing are read.
    let release!: () => void;
    media.gate = new Promise((resolve) => (release = resolve));
    const rows = [];
    for (let i = 0; i < 3; i++) rows.push(await storeItem(library, {}, fakeImage(10, 10, [i * 80, 0, 0])));
    // Counted in items of the library (a bookmark too: its text is indexed), every index included.
    await storeItem(library, { ext: 'url', mime: '', hasFile: false, thumbnail: 'none' });
    expect(await status()).toEqual({ isSyncing: true, syncedCount: 0, totalCount: 4, progress: 0 });
    expect((await call(api, 'GET', '/aiSearch/isSyncing', {}, { library: path })).data).toBe(true);
    release();
    await index();
    expect(await status()).toEqual({ isSyncing: false, syncedCount: 4, totalCount: 4, progress: 1 });
    await call(api, 'POST', '/item/update', { id: rows[0]!.id, isDeleted: true }, { library: path });
    expect(await status()).toMatchObject({ syncedCount: 3, totalCount: 3 });
    await call(api, 'POST', '/item/update', { id: rows[0]!.id, isDeleted: false }, { library: path });
    expect(await status()).toMatchObject({ syncedCount: 4, totalCount: 4 });
    const gone = (await itemRow(library, rows[1]!.id))!;
    await writeTransaction(library, Date.now(), () => commitItemChanges(library.db, [{ before: gone }], ITEM_OBSERVERS, Date.now()));
    expect(await status()).toMatchObject({ syncedCount: 3, totalCount: 3 });
    const shard = (await library.db.descriptorShards.toArray())[0]!;
    expect(shard.ids.sort()).toEqual([rows[0]!.id, rows[2]!.id].sort());
    expect(shard.data).toHaveLength(2 * DESCRIPTOR_BYTES);
  });

  it('opens a new shard when one is full', async () => {
    const { api, library, index } = await setup();
    for (let i = 0; i <= SHARD_SIZE; i++) await storeItem(library, {}, fakeImage(4, 4, [i % 256, 0, 0]));
    await index();
    const shards = await library.db.descriptorShards.toArray();
    expect(shards.map((s) => s.ids.length)).toEqual([SHARD_SIZE, 1]);
  }, 60_000);

  it('stores many descriptors in one call (a published shard), filling the last shard before opening another; replacing keeps their slots', async () => {
    const { library } = await setup();
    const { db } = library;
    const rows = Array.from({ length: SHARD_SIZE + 40 }, (_, i) => makeItemRow({ isDeleted: i === 3 }));
    const bytes = (i: number, v = 1) => new Uint8Array(DESCRIPTOR_BYTES).fill((i % 200) + v);
    await db.transaction('rw', db.descriptorShards, db.state, async () => {
      await putDescriptors(db, rows.slice(0, 10).map((item, i) => ({ item, descriptor: bytes(i) })));
      const shards = await putDescriptors(db, rows.slice(10).map((item, i) => ({ item, descriptor: bytes(i + 10) })));
      rows.slice(10).forEach((row, i) => (row.descriptorShard = shards[i]));
    });
    expect((await db.descriptorShards.toArray()).map((shard) => shard.ids.length)).toEqual([SHARD_SIZE, 40]);
    expect(await describedCount(db)).toBe(rows.length - 1);
    const seen = new Map<string, number>();
    await eachLiveDescriptor(db, (id, data, at) => seen.set(id, data[at]!));
    expect(seen.size).toBe(rows.length - 1);
    expect(seen.get(rows[SHARD_SIZE]!.id)).toBe((SHARD_SIZE % 200) + 1);
    // Replaced in place: same shards, same count, new bytes.
    const last = rows.at(-1)!;
    await db.transaction('rw', db.descriptorShards, db.state, () => putDescriptors(db, [{ item: last, descriptor: bytes(7, 50) }]));
    expect((await db.descriptorShards.toArray()).map((shard) => shard.ids.length)).toEqual([SHARD_SIZE, 40]);
    expect(await describedCount(db)).toBe(rows.length - 1);
    seen.clear();
    await eachLiveDescriptor(db, (id, data, at) => seen.set(id, data[at]!));
    expect(seen.get(last.id)).toBe(57);
  });

  it('describes a custom thumbnail, like the palette, and re-describes on refresh', async () => {
    const { api, path, library, index } = await setup();
    const item = await storeItem(library, {}, fakeImage(40, 30, [200, 30, 30]));
    const blue = await storeItem(library, {}, fakeImage(40, 30, [30, 30, 200]));
    await index();
    const before = (await library.db.descriptorShards.toArray())[0]!;
    const own = before.ids.indexOf(item.id);
    const bytes = before.data.slice(own * DESCRIPTOR_BYTES, own * DESCRIPTOR_BYTES + DESCRIPTOR_BYTES);
    await call(api, 'POST', '/item/refreshThumbnail', { itemId: item.id }, { library: path });
    const after = (await library.db.descriptorShards.toArray())[0]!;
    expect(after.ids).toHaveLength(2);
    expect(after.data.slice(after.ids.indexOf(item.id) * DESCRIPTOR_BYTES, after.ids.indexOf(item.id) * DESCRIPTOR_BYTES + DESCRIPTOR_BYTES)).toEqual(bytes);
    expect(blue.id).toBeDefined();
  });

  it('waits for an item that is still being indexed instead of failing', async () => {
    const { api, path, library, index } = await setup();
    const a = await storeItem(library, {}, fakeImage(40, 30, [200, 30, 30]));
    await storeItem(library, {}, fakeImage(40, 30, [190, 30, 30]));
    const answer = await call<Results>(api, 'POST', '/aiSearch/searchByItemId', { itemId: a.id }, { library: path });
    expect(answer.httpStatus).toBe(200);
  });

  it.each([
    [{}, 400, 'itemId'],
    [{ itemId: '' }, 400, 'itemId'],
    [{ itemId: 'NOPE' }, 404, 'NOPE'],
    [{ itemId: 'X', options: { limit: 0 } }, 400, 'limit'],
    [{ itemId: 'X', options: { limit: 1001 } }, 400, 'limit'],
    [{ itemId: 'X', limit: 'many' }, 400, 'limit'],
  ])('searchByItemId %j → %i naming %s', async (input, status, named) => {
    const { api, path } = await setup();
    const answer = await call(api, 'POST', '/aiSearch/searchByItemId', input, { library: path });
    expect(answer.httpStatus).toBe(status);
    expect(answer.body.message).toContain(named);
  });

  it('answers 400 naming itemId for an item with no picture (a bookmark)', async () => {
    const { api, path, library, index } = await setup();
    const link = await storeItem(library, { ext: 'url', mime: '', hasFile: false, thumbnail: 'none' });
    const answer = await call(api, 'POST', '/aiSearch/searchByItemId', { itemId: link.id }, { library: path });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(/itemId.*no picture/);
  });

  it.each([
    [{ base64: 'not base64 at all!' }, 400, /base64: is not valid Base64/],
    [{ base64: btoa('plain text, not an image') }, 400, /base64: is not an image/],
    [{ base64: '' }, 400, /base64/],
    [{}, 400, /base64/],
  ])('searchByBase64 %j → %i', async (input, status, message) => {
    const { api, path } = await setup();
    const answer = await call(api, 'POST', '/aiSearch/searchByBase64', input, { library: path });
    expect(answer.httpStatus).toBe(status);
    expect(answer.body.message).toMatch(message);
  });

  it('searchByBase64 ranks the library against a decoded picture, honouring a top-level limit', async () => {
    const { api, path, library, index } = await setup();
    await storeItem(library, { name: 'green' }, fakeImage(40, 30, [20, 180, 40]));
    await storeItem(library, { name: 'red' }, fakeImage(40, 30, [200, 30, 30]));
    await index();
    const base64 = btoa(await fakeImage(10, 10, [25, 170, 45]).text());
    const answer = await call<Results>(api, 'POST', '/aiSearch/searchByBase64', { base64, limit: 1 }, { library: path });
    expect(answer.data.results.map((r) => r.item.name)).toEqual(['green']);
  });

  it('searchByText ranks by the share of the asked colour and never invents results', async () => {
    const { api, path, library, index } = await setup();
    await storeItem(library, { name: 'red' }, fakeImage(40, 30, [210, 20, 30]));
    await storeItem(library, { name: 'orange' }, fakeImage(40, 30, [250, 140, 20]));
    const trashed = await storeItem(library, { name: 'red in the trash' }, fakeImage(40, 30, [210, 20, 30]));
    await index();
    await call(api, 'POST', '/item/update', { id: trashed.id, isDeleted: true }, { library: path });
    const red = await call<Results>(api, 'POST', '/aiSearch/searchByText', { query: 'scarlet' }, { library: path });
    expect(red.data.results.map((r) => [r.item.name, r.score, r.signals])).toEqual([['red', 1, ['colour']]]);
    const none = await call<Results & { message: string }>(api, 'POST', '/aiSearch/searchByText', { query: 'zorgle' }, { library: path });
    expect(none.data).toMatchObject({ results: [], unmatched: ['zorgle'], understood: { colours: [] } });
  });

  it('gives a library made before descriptors existed a resumable job per thumbnail (upgrade to version 3)', async () => {
    const media = new TestProcessor();
    const api = makeApi({ media });
    const path = await newLibrary(api);
    const library = await openLibrary(api, path);
    const row = await storeItem(library, {}, fakeImage(40, 30, [200, 30, 30]));
    await api.media.resume(path);
    await api.media.whenIdle();
    const stored = (await itemRow(library, row.id))!;
    expect(stored.descriptorShard).toBe(0);
    const name = library.db.name;
    api.close();
    // Back to what version 2 held: no descriptors, no shard noted on the row.
    await Dexie.delete(name);
    const old = new Dexie(name);
    old.version(2).stores({
      items: 'pk, &id, *tags, *folders, *facets, ext, star, width, height, pixels, size, duration, modificationTime, btime, nameKey',
      files: 'id', thumbnails: 'id', comments: 'id, itemId', folders: 'id, parent', tags: 'name, count, lastUsedAt, starredAt',
      tagGroups: 'id, createdAt', smartFolders: 'id, parent', terms: 'pk', postings: '[list+fence]', jobs: 'id, createdAt, itemId', state: 'key',
    });
    const { descriptorShard: _, ...plain } = stored;
    await old.table('items').put({ ...plain, thumbnail: 'ready' });
    await old.table('thumbnails').put({ id: row.id, blob: new Blob(['THUMB 40x30'], { type: 'image/webp' }), custom: false });
    old.close();
    const reopened = makeApi({ media, namespace: name.slice(0, name.indexOf('/library')) });
    const status = await call(reopened, 'GET', '/aiSearch/getSyncStatus', {}, { library: path });
    expect(status.data).toMatchObject({ isSyncing: true, syncedCount: 0 });
    await reopened.media.resume(path);
    await reopened.media.whenIdle();
    expect((await call(reopened, 'GET', '/aiSearch/getSyncStatus', {}, { library: path })).data).toEqual({ isSyncing: false, syncedCount: 1, totalCount: 1, progress: 1 });
    expect((await itemRow(await openLibrary(reopened, path), row.id))?.thumbnail).toBe('ready');
  });
});

// item/countAll reads the counts the write path keeps (docs/decisions/live-item-counts.md), through
// the real service worker and Chromium's IndexedDB: adds, trash and restore, removal for good, a
// stopped worker, item/get's totals, and a library without the count row (made before it existed), which the first
// read counts once and stores.
import { describe, expect, it } from 'vitest';
import { ITEM_COUNTS_KEY } from '../../src/core/storage/counts';
import { LibraryDb } from '../../src/core/storage/library-db';
import { expectItemCountsMatchRows } from '../node/fixtures/index-rebuild';
import { isolatedClient, stopServiceWorkers } from './service-worker';

const bookmarks = (from: number, n: number, folder?: string) =>
  Array.from({ length: n }, (_, i) => ({ bookmarkURL: `https://example.com/${from + i}`, name: `page ${from + i}`, tags: i % 2 ? ['odd'] : ['even'], folders: folder && i % 3 === 0 ? [folder] : [] }));

describe('the kept item counts', () => {
  it('follow adds, trash, restore and removal, survive a stopped worker, and are made once for a library without them', async () => {
    const { client, library } = await isolatedClient();
    const db = new LibraryDb(`lam/library${library}`);
    const folder = (await client.post<{ id: string }>('/folder/create', { name: 'thirds' })).id;
    const { ids } = await client.post<{ ids: string[] }>('/item/add', { items: bookmarks(0, 30, folder) });
    expect(await client.get('/item/countAll')).toBe(30);
    await client.post('/item/update', { id: ids[0], isDeleted: true });
    await client.post('/item/update', { id: ids[1], isDeleted: true });
    await client.post('/item/update', { id: ids[2], isDeleted: true });
    expect(await client.get('/item/countAll')).toBe(27);
    await client.post('/item/update', { id: ids[2], isDeleted: false });
    await client.post('/item/remove', { ids: [ids[0]] });
    expect(await client.get('/item/countAll')).toBe(28);
    await expectItemCountsMatchRows(db);
    // item/get's totals from the kept counts: no filter, one tag, one folder (ids 0 and 1 are gone).
    const total = async (filters: Record<string, unknown>) => (await client.post<{ total: number }>('/item/get', { ...filters, limit: 5 })).total;
    expect(await total({})).toBe(28);
    expect(await total({ tags: ['even'] })).toBe(14);
    expect(await total({ tags: ['odd'] })).toBe(14);
    expect(await total({ folders: [folder] })).toBe(9);
    // Every item has a tag; of the 20 outside the folder, item 1 is in the trash.
    expect(await total({ isUntagged: true })).toBe(0);
    expect(await total({ isUnfiled: true })).toBe(19);
    expect(await total({ isDeleted: true })).toBe(1);
    const counts = { all: 29, trashed: 1, untagged: 0, unfiled: 19 };
    expect((await db.state.get(ITEM_COUNTS_KEY))?.value).toEqual(counts);

    // A new worker reads them from IndexedDB.
    await stopServiceWorkers();
    expect(await client.get('/item/countAll')).toBe(28);

    // As a library made before the row existed, or before it counted the Untagged and Unfiled views:
    // the first read counts the rows and stores them, and the writes after it keep them.
    for (const old of [undefined, { all: 29, trashed: 1 }]) {
      if (old) await db.state.put({ key: ITEM_COUNTS_KEY, value: old });
      else await db.state.delete(ITEM_COUNTS_KEY);
      await stopServiceWorkers();
      expect(await client.get('/item/countAll')).toBe(28);
      expect((await db.state.get(ITEM_COUNTS_KEY))?.value).toEqual(counts);
    }
    await client.post('/item/add', { items: bookmarks(100, 5) });
    expect(await client.get('/item/countAll')).toBe(33);
    await expectItemCountsMatchRows(db);
    db.close();
  }, 120_000);
});

// item/get's total for no filter, one tag, one folder, and the Untagged, Unfiled and Trash views comes
// from the counts the writes keep (the library's, the tag row's, the folder row's), and for another
// single filter from its posting list's length: not from a count of the index, which walks every
// match. A library without its kept counts still counts the index.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Collection } from 'dexie';
import { ITEM_COUNTS_KEY } from '../../src/core/storage/counts';
import { openLibrary } from './fixtures/seed-items';
import { call, makeApi, newLibrary } from './helpers';

afterEach(() => vi.restoreAllMocks());

describe('item/get totals', () => {
  it('come from kept counts, right after adds, trash and restore, with no count of an index', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const post = <T>(path: string, body: Record<string, unknown>) => call<T>(api, 'POST', path, body, { library });
    const folder = (await post<{ id: string }>('/folder/create', { name: 'F' })).data.id;
    // Item 10 has no tag; items 0, 3, 6 and 9 are in the folder.
    const items = Array.from({ length: 12 }, (_, i) => ({ bookmarkURL: `https://example.com/${i}`, tags: i === 10 ? [] : i % 2 ? ['odd'] : ['even'], folders: i % 3 ? [] : [folder] }));
    const { ids } = (await post<{ ids: string[] }>('/item/add', { items })).data;
    await post('/item/update', { id: ids[1], isDeleted: true }); // odd, not in the folder
    await post('/item/update', { id: ids[3], isDeleted: true }); // odd, in the folder
    await post('/item/update', { id: ids[0], isDeleted: true }); // even, in the folder
    await post('/item/update', { id: ids[0], isDeleted: false });

    const { db } = await openLibrary(api, library);
    const count = vi.spyOn(db.items.toCollection().constructor.prototype as Collection, 'count');
    const total = async (filters: Record<string, unknown>) => (await post<{ total: number; data: unknown[] }>('/item/get', { ...filters, limit: 2 })).data.total;
    expect(await total({})).toBe(10);
    expect(await total({ tags: ['odd'] })).toBe(4);
    expect(await total({ tags: ['even'] })).toBe(5);
    expect(await total({ folders: [folder] })).toBe(3);
    expect(await total({ isUntagged: true })).toBe(1);
    expect(await total({ isUnfiled: true })).toBe(7);
    expect(await total({ isDeleted: true })).toBe(2);
    expect(count, 'no count of an index').not.toHaveBeenCalled();

    // Without a kept count, a filter's posting list gives its total: a tag no item carries (no
    // row), a type, a rating. A library whose counts are not kept is counted from the index.
    expect(await total({ tags: ['none'] })).toBe(0);
    expect(await total({ ext: 'url' })).toBe(10);
    expect(await total({ rating: 0 })).toBe(10);
    expect(count, 'no count of an index').not.toHaveBeenCalled();
    await db.state.delete(ITEM_COUNTS_KEY);
    count.mockClear();
    expect(await total({})).toBe(10);
    expect(count).toHaveBeenCalled();
  });
});

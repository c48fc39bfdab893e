// Windows of every item in import order step from the anchors of a kept position index
// (src/core/listing/import-order-directory.ts), one every 1,000 keys. Across its anchors, with
// trashed items, both ways, and after items are added or trashed (the index is made again), every
// window is that stretch of the whole ordered listing.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from './helpers';

interface Ids {
  ids: string[];
  total: number;
}

const api = makeApi();
let library = '';
let added: string[] = [];
const COUNT = 2345;

const ids = (input: Record<string, unknown>) => call<Ids>(api, 'POST', '/item/ids', input, { library });

/** The whole listing, in one answer (an ordering of every key, not the index). */
async function whole(orderBy: string): Promise<string[]> {
  const answer = await ids({ orderBy, limit: 100_000 });
  // Any item write drops that ordering, so the windows after it read the index.
  await call(api, 'POST', '/item/update', { id: added[1], star: Math.floor(Math.random() * 5) + 1 }, { library });
  return answer.data.ids;
}

beforeAll(async () => {
  library = await newLibrary(api);
  for (let at = 0; at < COUNT; at += 1000) {
    const batch = Array.from({ length: Math.min(1000, COUNT - at) }, (_, i) => ({ name: `n${at + i}`, bookmarkURL: `https://example.com/${at + i}` }));
    added.push(...(await call<{ ids: string[] }>(api, 'POST', '/item/add', { items: batch }, { library })).data.ids);
  }
  for (const i of [5, 999, 1000, 1500, 2344]) await call(api, 'POST', '/item/update', { id: added[i], isDeleted: true }, { library });
}, 60_000);

describe('windows of every item in import order', () => {
  it.each(['-IMPORT', 'IMPORT'])('are stretches of the whole listing across the anchors (%s)', async (orderBy) => {
    const listing = await whole(orderBy);
    expect(listing).toHaveLength(COUNT - 5);
    // Short windows at the anchors' edges; long ones across one anchor and across two.
    const windows: [number, number][] = [0, 1, 998, 999, 1000, 1001, 1994, 1995, 1999, 2000, 2300, COUNT - 6, COUNT - 5, COUNT].map((offset) => [offset, 7]);
    windows.push([0, 1000], [999, 1000], [990, 1100]);
    for (const [offset, limit] of windows) {
      const window = await ids({ orderBy, offset, limit });
      expect(window.httpStatus).toBe(200);
      expect({ offset, limit, ids: window.data.ids }).toEqual({ offset, limit, ids: listing.slice(offset, offset + limit) });
      expect(window.data.total).toBe(COUNT - 5);
    }
  }, 60_000);

  it('sees items added and trashed after the index was made', async () => {
    await ids({ orderBy: '-IMPORT', offset: 1500, limit: 10 }); // the index is made
    const [newest] = (await call<{ ids: string[] }>(api, 'POST', '/item/add', { items: [{ name: 'newest', bookmarkURL: 'https://example.com/newest' }] }, { library })).data.ids;
    added = [...added, newest!];
    expect((await ids({ orderBy: '-IMPORT', offset: 0, limit: 2 })).data.ids[0]).toBe(newest);
    const before = await whole('-IMPORT');
    await call(api, 'POST', '/item/update', { id: before[1200], isDeleted: true }, { library });
    const window = await ids({ orderBy: '-IMPORT', offset: 1199, limit: 3 });
    expect(window.data).toMatchObject({ ids: [before[1199], before[1201], before[1202]], total: before.length - 1 });
  }, 60_000);

  it('keeps its places through edits, and not through an item removed and added again under its id', async () => {
    const before = await whole('IMPORT');
    await ids({ orderBy: 'IMPORT', offset: 1500, limit: 10 }); // the index is made
    // Edits (a rating, a name) move no item.
    await call(api, 'POST', '/item/update', { id: before[10], star: 4 }, { library });
    await call(api, 'POST', '/item/update', { id: before[2000], name: 'renamed' }, { library });
    expect((await ids({ orderBy: 'IMPORT', offset: 1995, limit: 10 })).data.ids).toEqual(before.slice(1995, 2005));
    // Removed for good, then added again with the same id: same count, but it is now the newest.
    const again = before[100]!;
    await call(api, 'POST', '/item/update', { id: again, isDeleted: true }, { library });
    const removed = await call(api, 'POST', '/item/remove', { ids: [again] }, { library });
    expect(removed.body).toMatchObject({ status: 'success' });
    expect((await call(api, 'POST', '/item/add', { id: again, name: 'back', bookmarkURL: 'https://example.com/back' }, { library })).httpStatus).toBe(200);
    const after = [...before.slice(0, 100), ...before.slice(101), again];
    expect((await ids({ orderBy: 'IMPORT', offset: 95, limit: 10 })).data.ids).toEqual(after.slice(95, 105));
    expect((await ids({ orderBy: '-IMPORT', offset: 0, limit: 1 })).data.ids).toEqual([again]);
  }, 60_000);
});

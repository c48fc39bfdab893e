// item/ids in windows (offset + limit) through the real worker: the grid reads a listing's ids this
// way, so each window must be exactly that slice of the whole listing, in every order; a window past
// the end is empty with the total; a bad window is a 400 naming its field.
import { describe, expect, it } from 'vitest';
import { fetchApi, isolatedClient } from './service-worker';

interface Ids { ids: string[]; total: number; offset: number }

describe('item/ids windows through the service worker', () => {
  it('every window of a listing is that slice of the whole, in several orders and with a filter', async () => {
    const { client } = await isolatedClient();
    const items = Array.from({ length: 257 }, (_, i) => ({ name: `w${String((i * 37) % 257).padStart(3, '0')}`, bookmarkURL: `https://e.test/${i}`, star: i % 3 }));
    await client.post('/item/add', { items });
    for (const listing of [{}, { orderBy: 'NAME' }, { orderBy: '-NAME', rating: 1 }, { orderBy: 'RANDOM', seed: 3 }]) {
      const whole = await client.post<Ids>('/item/ids', listing);
      expect(whole.ids.length).toBe(whole.total);
      const windows: string[] = [];
      for (let offset = 0; offset < whole.total; offset += 50) {
        const window = await client.post<Ids>('/item/ids', { ...listing, offset, limit: 50 });
        expect(window).toMatchObject({ total: whole.total, offset });
        expect(window.ids).toEqual(whole.ids.slice(offset, offset + 50));
        windows.push(...window.ids);
      }
      expect(windows).toEqual(whole.ids);
      const past = await client.post<Ids>('/item/ids', { ...listing, offset: whole.total + 10, limit: 50 });
      expect(past).toEqual({ ids: [], total: whole.total, offset: whole.total + 10 });
    }
  });

  // Windows in import order are walked to (src/core/listing/scan-window.ts); every item's listing
  // steps from its position index, one key in 1,000 (import-order-directory.ts). Windows are read
  // before the whole listing: once it is ordered and kept, windows are sliced from it instead.
  it('windows in import order across the position index and past the trash are slices of the whole', async () => {
    const { client } = await isolatedClient();
    const ids: string[] = [];
    for (let batch = 0; batch < 3; batch++) {
      const items = Array.from({ length: 850 }, (_, i) => ({ name: `n${batch}-${i}`, bookmarkURL: `https://e.test/${batch}/${i}`, tags: (batch * 850 + i) % 4 === 0 ? ['fourth'] : [] }));
      ids.push(...(await client.post<{ ids: string[] }>('/item/add', { items })).ids);
    }
    // The trash at both ends, and near the index's anchors.
    const trashed = ids.filter((_, i) => i % 9 === 0 || i < 5 || i > ids.length - 5 || (i > 995 && i < 1010));
    for (let i = 0; i < trashed.length; i += 50) {
      await Promise.all(trashed.slice(i, i + 50).map((id) => client.post('/item/update', { id, isDeleted: true })));
    }
    // Windows across the index's anchors (keys 1,000 and 2,000: about positions 890 and 1,780 oldest
    // first, 490 and 1,380 newest first), in the middle and at the end.
    const windowsOf = (total: number) =>
      [[0, 100], [440, 100], [850, 130], [1330, 100], [1740, 80], [Math.floor(total / 2), 75], [total - 40, 100], [total + 3, 10]].filter(([offset]) => offset! <= total + 3) as [number, number][];
    const isTrashed = new Set(trashed);
    const position = new Map(ids.map((id, i) => [id, i]));
    for (const listing of [{}, { orderBy: 'IMPORT' }, { tags: ['fourth'] }, { tags: ['fourth'], orderBy: 'IMPORT' }]) {
      const inListing = ids.filter((id) => !isTrashed.has(id) && (!('tags' in listing) || position.get(id)! % 4 === 0));
      const windows = windowsOf(inListing.length);
      const read: string[][] = [];
      for (const [offset, limit] of windows) {
        const window = await client.post<Ids>('/item/ids', { ...listing, offset, limit });
        expect(window.total).toBe(inListing.length);
        const page = await client.post<{ data: { id: string }[] }>('/item/get', { ...listing, offset, limit, fields: ['id'] });
        expect(page.data.map((item) => item.id)).toEqual(window.ids);
        read.push(window.ids);
      }
      const whole = await client.post<Ids>('/item/ids', listing);
      expect(whole.ids.length).toBe(inListing.length);
      expect(new Set(whole.ids)).toEqual(new Set(inListing));
      windows.forEach(([offset, limit], n) => expect(read[n], `${JSON.stringify(listing)} at ${offset}`).toEqual(whole.ids.slice(offset, offset + limit)));
    }
  });

  it('a bad window is a 400 naming the field, and nothing else is answered', async () => {
    const { library } = await isolatedClient();
    const cases: [Record<string, unknown>, string][] = [
      [{ offset: -1 }, 'offset'],
      [{ offset: 'ten' }, 'offset'],
      [{ offset: 1.5 }, 'offset'],
      [{ limit: 0 }, 'limit'],
      [{ limit: -20 }, 'limit'],
      [{ limit: 'all' }, 'limit'],
    ];
    for (const [body, field] of cases) {
      const bad = await fetchApi('/item/ids', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Library-Path': library }, body: JSON.stringify(body) });
      expect(bad.response.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.status).toBe('error');
      expect(bad.body.message, JSON.stringify(body)).toMatch(new RegExp(`^${field}: `));
    }
  });
});

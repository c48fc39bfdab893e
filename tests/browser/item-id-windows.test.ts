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

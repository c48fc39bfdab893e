// A described selection through the real service worker: item/select resolves a listing's ranges
// with exceptions, item/selection pages through what it resolved, also after the listing changed and
// after the worker was stopped, a select-all read back across its chunk rows; bad input is a 400
// naming the field.
import { describe, expect, it } from 'vitest';
import { fetchApi, isolatedClient, stopServiceWorkers } from './service-worker';

interface Ids { ids: string[]; total: number; offset: number }

describe('item/select described, item/selection through the service worker', () => {
  it('resolves ranges and exceptions once, and pages through them after a change and a worker stop', async () => {
    const { client } = await isolatedClient();
    await client.post('/item/add', { items: Array.from({ length: 40 }, (_, i) => ({ name: `s${String(i).padStart(2, '0')}`, bookmarkURL: `https://e.test/${i}` })) });
    const byName = (await client.post<Ids>('/item/ids', { orderBy: 'NAME' })).ids;
    await client.post('/item/select', { listing: { isUntagged: true, orderBy: 'NAME' }, ranges: [{ from: 0, to: 9 }, { from: 30, to: 34 }], removed: [byName[1]], added: [byName[20]] });
    const expected = [0, 2, 3, 4, 5, 6, 7, 8, 9, 30, 31, 32, 33, 34, 20].map((index) => byName[index]);
    expect(await client.post<Ids>('/item/selection', { limit: 100 })).toMatchObject({ ids: expected, total: 15, offset: 0 });
    // Tag the first stretch: those items leave the untagged listing, the selection stays.
    await client.post('/item/update', { items: expected.slice(0, 5).map((id) => ({ id, tags: ['kept'] })) });
    expect(await client.post<Ids>('/item/selection', { offset: 5, limit: 5 })).toMatchObject({ ids: expected.slice(5, 10), total: 15, offset: 5 });
    await stopServiceWorkers();
    expect(await client.post<Ids>('/item/selection', { offset: 10 })).toMatchObject({ ids: expected.slice(10), total: 15, offset: 10 });
    expect((await client.post<{ total: number }>('/item/get', { isSelected: true, limit: 1 })).total).toBe(15);
  });

  it('a select-all of 2,500 less one is kept in chunks: a page across a chunk boundary after a worker stop', async () => {
    const { client } = await isolatedClient();
    for (let at = 0; at < 2_500; at += 1_000) {
      await client.post('/item/add', { items: Array.from({ length: Math.min(1_000, 2_500 - at) }, (_, i) => ({ name: `c${String(at + i).padStart(4, '0')}`, bookmarkURL: `https://c.test/${at + i}` })) });
    }
    const byName = (await client.post<Ids>('/item/ids', { orderBy: 'NAME' })).ids;
    await client.post('/item/select', { listing: { orderBy: 'NAME' }, ranges: [{ from: 0, to: 2_499 }], removed: [byName[5]] });
    const expected = byName.filter((_, index) => index !== 5);
    await stopServiceWorkers();
    expect(await client.post<Ids>('/item/selection', { offset: 990, limit: 20 })).toMatchObject({ ids: expected.slice(990, 1_010), total: 2_499, offset: 990 });
    expect((await client.post<Ids>('/item/selection', { offset: 2_490 })).ids).toEqual(expected.slice(2_490));
    expect((await client.post<{ total: number }>('/item/get', { isSelected: true, limit: 1 })).total).toBe(2_499);
  }, 120_000);

  it('a bad description or page is a 400 naming the field', async () => {
    const { library } = await isolatedClient();
    const cases: [string, Record<string, unknown>, string][] = [
      ['/item/select', {}, 'ids'],
      ['/item/select', { ranges: [{ from: 0, to: 3 }] }, 'listing'],
      ['/item/select', { listing: {}, ranges: [{ from: 4, to: 3 }] }, 'ranges\\[0\\]\\.to'],
      ['/item/select', { listing: { rating: 9 }, ranges: [] }, 'listing\\.rating'],
      ['/item/selection', { offset: -1 }, 'offset'],
      ['/item/selection', { limit: 0 }, 'limit'],
    ];
    for (const [path, body, field] of cases) {
      const bad = await fetchApi(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Library-Path': library }, body: JSON.stringify(body) });
      expect(bad.response.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.status).toBe('error');
      expect(bad.body.message, JSON.stringify(body)).toMatch(new RegExp(`^${field}: `));
    }
  });
});

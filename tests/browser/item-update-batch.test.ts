import { describe, expect, it } from 'vitest';
import { expectError } from './expect-error';
import { isolatedClient, stopServiceWorkers } from './service-worker';

async function withBookmarks(count: number) {
  const { client, library } = await isolatedClient();
  const items = Array.from({ length: count }, (_, i) => ({ name: `b${i}`, bookmarkURL: `https://example.com/${i}`, tags: ['old'] }));
  const { ids } = await client.post<{ ids: string[] }>('/item/add', { items });
  const tagCounts = async () => Object.fromEntries((await client.get<{ data: { name: string; count: number }[] }>('/tag/get')).data.map((t) => [t.name, t.count]));
  return { client, library, ids, tagCounts };
}

describe('batch item/update through the service worker', () => {
  it('tags 1000 items in one request, all of them', async () => {
    const { client, ids, tagCounts } = await withBookmarks(1000);
    const answer = await client.post<{ items: { id: string; tags: string[] }[] }>('/item/update', { items: ids.map((id) => ({ id, tags: ['old', 'bulk'] })) });
    expect(answer.items.map((item) => item.id)).toEqual(ids);
    // The next request sees every write, even from a freshly started worker.
    await stopServiceWorkers();
    expect(await tagCounts()).toEqual({ old: 1000, bulk: 1000 });
    expect((await client.post<{ total: number }>('/item/get', { tags: ['bulk'], limit: 1 })).total).toBe(1000);
  });

  it('refuses 1001 items with a 413 and changes nothing', async () => {
    const { library, ids, tagCounts } = await withBookmarks(3);
    const items = Array.from({ length: 1001 }, (_, i) => ({ id: ids[i % 3], tags: ['bulk'] }));
    await expectError(library, '/api/v2/item/update', { items }, 413, 'PAYLOAD_TOO_LARGE', /at most 1000/);
    expect(await tagCounts()).toEqual({ old: 3 });
  });

  it('names the failing index and leaves the library unchanged', async () => {
    const { client, library, ids, tagCounts } = await withBookmarks(3);
    const items = [{ id: ids[0], tags: ['bulk'] }, { id: ids[1], isDeleted: true }, { id: ids[2], star: 11 }];
    await expectError(library, '/api/v2/item/update', { items }, 400, 'INVALID_ARGUMENT', /^items\[2\]\.star: /);
    items[2] = { id: 'MISSING', star: 1 } as never;
    await expectError(library, '/api/v2/item/update', { items }, 404, 'NOT_FOUND', /^items\[2\]\.id: /);
    expect(await tagCounts()).toEqual({ old: 3 });
    expect(await client.get('/item/countAll')).toBe(3);
  });
});

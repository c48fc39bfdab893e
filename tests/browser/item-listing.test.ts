// The web app's listing extensions through the real worker: item/ids, item/position, item/query with filters, seeded RANDOM.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/http/pagination';
import type { ItemView } from '../../src/core/listing/item-view';
import { fetchApi, isolatedClient } from './service-worker';

describe('item listing extensions through the service worker', () => {
  it('item/ids and item/position follow item/get order; item/query takes filters; a seed fixes RANDOM', async () => {
    const { client, library } = await isolatedClient();
    const items = Array.from({ length: 30 }, (_, i) => ({ name: `n${String(i).padStart(2, '0')} ${i % 2 ? 'odd' : 'even'}`, bookmarkURL: `https://e.test/${i}`, star: i % 4 }));
    const { ids } = await client.post<{ ids: string[] }>('/item/add', { items });
    const page = await client.post<Page<ItemView>>('/item/get', { orderBy: '-NAME', rating: 1, limit: 1000 });
    const listed = await client.post<{ ids: string[]; total: number }>('/item/ids', { orderBy: '-NAME', rating: 1 });
    expect(listed.ids).toEqual(page.data.map((item) => item.id));
    const target = listed.ids[3]!;
    expect(await client.post('/item/position', { item: target, orderBy: '-NAME', rating: 1 })).toEqual({ position: 3, total: listed.total });

    const odd = await client.post<Page<ItemView>>('/item/query', { query: 'odd', rating: 1, limit: 1000 });
    expect(odd.data.every((item) => item.name.endsWith('odd') && item.star === 1)).toBe(true);
    expect(odd.total).toBe(page.data.filter((item) => item.name.endsWith('odd')).length);

    const shuffled = await client.post<{ ids: string[] }>('/item/ids', { orderBy: 'RANDOM', seed: 7 });
    const paged = await Promise.all([0, 10, 20].map((offset) => client.post<Page<ItemView>>('/item/get', { orderBy: 'RANDOM', seed: 7, offset, limit: 10 })));
    expect(paged.flatMap((p) => p.data.map((item) => item.id))).toEqual(shuffled.ids);
    expect([...shuffled.ids].sort()).toEqual([...ids].sort());

    const bad = await fetchApi('/item/ids', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Library-Path': library }, body: JSON.stringify({ query: '(' }) });
    expect(bad.response.status).toBe(400);
    expect(bad.body.message).toMatch(/^query: /);
  });
});

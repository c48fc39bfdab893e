import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/http/pagination';
import type { ItemView } from '../../src/core/listing/item-view';
import { ApiClientError } from '../loose-client';
import { imageBase64 } from './images';
import { fetchApi, isolatedClient } from './service-worker';

type Item = ItemView;

const errorOf = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e as ApiClientError);

describe('item/add through the service worker', () => {
  it('stores a base64 image with size, ext and dimensions', async () => {
    const { client } = await isolatedClient();
    const { id } = await client.post<{ id: string }>('/item/add', { name: 'wide', base64: await imageBase64(300, 100), tags: ['x'] });
    const page = await client.post<Page<Item>>('/item/get', { id });
    expect(page.data[0]).toMatchObject({ id, name: 'wide', ext: 'png', width: 300, height: 100, tags: ['x'] });
    expect(page.data[0]!.size).toBeGreaterThan(0);
  });

  it('adds from a path on this site and from a data URL', async () => {
    const { client } = await isolatedClient();
    const { id: fromPath } = await client.post<{ id: string }>('/item/add', { path: '/index.html' });
    const { id: fromData } = await client.post<{ id: string }>('/item/add', { base64: `data:image/png;base64,${await imageBase64(8, 8)}` });
    const items = (await client.post<Page<Item>>('/item/get', { ids: [fromPath, fromData] })).data;
    expect(items.find((i) => i.id === fromPath)).toMatchObject({ name: 'index', ext: 'html' });
    expect(items.find((i) => i.id === fromData)).toMatchObject({ ext: 'png', width: 8 });
  });

  it('accepts a batch of 1000 base64 items', async () => {
    const { client } = await isolatedClient();
    const base64 = await imageBase64(4, 4);
    const items = Array.from({ length: 1000 }, (_, i) => ({ name: `px${i}`, base64, tags: [i % 2 ? 'odd' : 'even'] }));
    const { ids } = await client.post<{ ids: string[] }>('/item/add', { items });
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
    expect(await client.get('/item/countAll')).toBe(1000);
    expect((await client.post<Page<Item>>('/item/get', { tags: ['odd'], limit: 1 })).total).toBe(500);
  });

  it('refuses 1001 items with 413 and keeps nothing', async () => {
    const { client } = await isolatedClient();
    const items = Array.from({ length: 1001 }, (_, i) => ({ bookmarkURL: `https://example.com/${i}` }));
    const error = await errorOf(client.post('/item/add', { items }));
    expect(error?.httpStatus).toBe(413);
    expect(await client.get('/item/countAll')).toBe(0);
  });

  it.each([
    ['no source', { name: 'nothing' }, /items\[6\]: exactly one source/i],
    ['an unreachable url', { url: 'http://127.0.0.1:9/unreachable.png' }, /items\[6\]\.url/],
  ])('refuses a batch whose 7th item has %s, naming index 6, and stores nothing', async (_name, seventh, message) => {
    const { client } = await isolatedClient();
    await client.post('/item/add', { bookmarkURL: 'https://example.com/before' });
    const items: Record<string, unknown>[] = Array.from({ length: 10 }, (_, i) => ({ bookmarkURL: `https://example.com/${i}` }));
    items[6] = seventh;
    const error = await errorOf(client.post('/item/add', { items }));
    expect(error?.httpStatus).toBe(400);
    expect(error?.body.message).toMatch(message);
    expect(await client.get('/item/countAll')).toBe(1);
  });
});

describe('item/get filters through the service worker', () => {
  async function seeded() {
    const { client, library } = await isolatedClient();
    const folder = 'F' + Math.random().toString(36).slice(2, 8);
    const square = await imageBase64(50, 50);
    const wide = await imageBase64(300, 100);
    const tall = await imageBase64(60, 100);
    const add = (body: Record<string, unknown>) => client.post<{ id: string }>('/item/add', body).then((a) => a.id);
    const ids = {
      square: await add({ name: 'Square red', base64: square, tags: ['red', 'shape'], annotation: 'a SQUARE one', star: 5, website: 'https://shapes.example/square' }),
      wide: await add({ name: 'Wide blue', base64: wide, tags: ['blue', 'shape'], star: 2 }),
      tall: await add({ name: 'Tall', base64: tall, tags: [], star: 2 }),
      link: await add({ name: 'A link', bookmarkURL: 'https://links.example/page', tags: ['red'] }),
    };
    return { client, library, ids, folder };
  }

  it('answers every filter, alone and combined, GET and POST', async () => {
    const { client, ids } = await seeded();
    const names = async (body: Record<string, unknown>) => (await client.post<Page<Item>>('/item/get', body)).data.map((i) => i.name).sort();
    const getNames = async (query: Record<string, string>) => (await client.get<Page<Item>>('/item/get', query)).data.map((i) => i.name).sort();
    expect(await names({ id: ids.tall })).toEqual(['Tall']);
    expect(await names({ ids: [ids.tall, ids.link] })).toEqual(['A link', 'Tall']);
    expect(await getNames({ ids: `${ids.tall},${ids.link}` })).toEqual(['A link', 'Tall']);
    expect(await names({ isUntagged: true })).toEqual(['Tall']);
    expect(await names({ isUnfiled: true })).toHaveLength(4);
    expect(await names({ keywords: ['red', 'SQUARE'] })).toEqual(['Square red']);
    expect(await getNames({ keywords: 'wide,blue' })).toEqual(['Wide blue']);
    expect(await names({ tags: ['red'] })).toEqual(['A link', 'Square red']);
    expect(await getNames({ tags: 'red,shape' })).toEqual(['Square red']);
    expect(await names({ ext: 'PNG' })).toEqual(['Square red', 'Tall', 'Wide blue']);
    expect(await names({ ext: 'url' })).toEqual(['A link']);
    expect(await names({ annotation: 'square' })).toEqual(['Square red']);
    expect(await names({ rating: 2 })).toEqual(['Tall', 'Wide blue']);
    expect(await getNames({ rating: '5' })).toEqual(['Square red']);
    expect(await names({ url: 'shapes.EXAMPLE' })).toEqual(['Square red']);
    expect(await names({ shape: 'square' })).toEqual(['Square red']);
    expect(await names({ shape: 'panoramic-landscape' })).toEqual(['Wide blue']);
    expect(await names({ shape: 'portrait' })).toEqual(['Tall']);
    expect(await names({ tags: ['shape'], rating: 2 })).toEqual(['Wide blue']);
    expect(await names({ tags: ['red'], ext: 'url', keywords: ['link'] })).toEqual(['A link']);
  });

  it('filters by smart folders (OR), combined with other filters (AND)', async () => {
    const { client } = await seeded();
    const smartFolder = async (tag: string) => {
      const conditions = [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'tags', method: 'union', value: [tag] }] }];
      return (await client.post<{ id: string }>('/smartFolder/create', { name: tag, conditions })).id;
    };
    const red = await smartFolder('red');
    const blue = await smartFolder('blue');
    const names = async (body: Record<string, unknown>) => (await client.post<Page<Item>>('/item/get', body)).data.map((i) => i.name).sort();
    expect(await names({ smartFolders: [red] })).toEqual(['A link', 'Square red']);
    expect(await names({ smartFolders: [red, blue] })).toEqual(['A link', 'Square red', 'Wide blue']);
    expect(await names({ smartFolders: [red, blue], ext: 'png' })).toEqual(['Square red', 'Wide blue']);
    expect((await errorOf(client.post('/item/get', { smartFolders: ['NOPE'] })))?.httpStatus).toBe(404);
  });

  it('finds a name stored decomposed (as macOS names files) by keywords and a smart-folder name rule typed composed', async () => {
    const { client } = await isolatedClient();
    const decomposed = 'Cafe\u0301 in Ko\u0308ln';
    await client.post('/item/add', { items: [{ name: decomposed, bookmarkURL: 'https://example.com/a' }, { name: 'Cafe', bookmarkURL: 'https://example.com/b' }] });
    const names = async (body: Record<string, unknown>) => (await client.post<Page<Item>>('/item/get', body)).data.map((i) => i.name);
    expect(await names({ keywords: ['CAF\u00c9', 'k\u00f6ln'] })).toEqual([decomposed]);
    const conditions = [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'name', method: 'startWith', value: 'caf\u00e9' }] }];
    const { id } = await client.post<{ id: string }>('/smartFolder/create', { name: 'Café', conditions });
    expect((await client.post<Page<Item>>('/smartFolder/getItems', { smartFolderId: id })).data.map((i) => i.name)).toEqual([decomposed]);
  });

  it('returns only the requested fields', async () => {
    const { client, ids } = await seeded();
    expect((await client.post<Page<Item>>('/item/get', { id: ids.tall, fields: ['name', 'width'] })).data).toEqual([{ id: ids.tall, name: 'Tall', width: 60 }]);
    expect((await client.get<Page<Item>>('/item/get', { id: ids.tall, fields: 'star' })).data).toEqual([{ id: ids.tall, star: 2 }]);
    // Unknown names are ignored (docs/contract.md#items: public clients send website, btime, filePath).
    expect((await client.get<Page<Item>>('/item/get', { id: ids.tall, fields: 'star,website,btime' })).data).toEqual([{ id: ids.tall, star: 2 }]);
    expect((await errorOf(client.post('/item/get', { fields: [7] })))?.httpStatus).toBe(400);
  });

  it('paginates: limit clamp at 1000, offset past the end, limit=0 refused', async () => {
    const { client } = await seeded();
    const clamped = await client.get<Page<Item>>('/item/get', { limit: 5000 });
    expect(clamped).toMatchObject({ limit: 1000, offset: 0, total: 4 });
    const past = await client.post<Page<Item>>('/item/get', { offset: 10 });
    expect(past).toMatchObject({ data: [], total: 4, offset: 10, limit: 50 });
    const second = await client.post<Page<Item>>('/item/get', { limit: 2, offset: 2 });
    expect(second.data).toHaveLength(2);
    const zero = await fetchApi('/api/v2/item/get?limit=0');
    expect(zero.response.status).toBe(400);
    expect(zero.body.message).toMatch(/limit/);
  });

  it('orders by orderBy', async () => {
    const { client } = await seeded();
    const names = (await client.post<Page<Item>>('/item/get', { orderBy: '-RESOLUTION' })).data.map((i) => i.name);
    expect(names).toEqual(['Wide blue', 'Tall', 'Square red', 'A link']);
  });
});

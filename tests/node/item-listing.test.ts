// item/ids, item/position, item/query with filters and a seeded RANDOM order (API extensions for the web app).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from './helpers';

interface Page { data: { id: string; name: string }[]; total: number }
interface Ids { ids: string[]; total: number; offset: number }

const api = makeApi();
let library = '';
const post = <T>(path: string, input: Record<string, unknown>) => call<T>(api, 'POST', path, input, { library });
const NAMES = ['alpha cat', 'bravo dog', 'charlie cat', 'delta cat', 'echo bird', 'foxtrot cat', 'golf dog'];
let added: string[] = [];

beforeAll(async () => {
  library = await newLibrary(api);
  const items = NAMES.map((name, i) => ({ name, bookmarkURL: `https://example.com/${i}`, tags: name.endsWith('cat') ? ['cat'] : [], star: i % 3 }));
  added = (await post<{ ids: string[] }>('/item/add', { items })).data.ids;
  await post('/item/update', { id: added[3], isDeleted: true });
});

describe('item/ids', () => {
  it('lists the ids of every page of item/get, in its order, without the trash', async () => {
    for (const orderBy of [undefined, 'NAME', '-NAME', 'RATING', '-FILESIZE']) {
      const page = await post<Page>('/item/get', { orderBy, tags: ['cat'], limit: 1000 });
      const ids = await post<Ids>('/item/ids', { orderBy, tags: ['cat'] });
      expect(ids.data.ids).toEqual(page.data.data.map((item) => item.id));
      expect(ids.data.total).toBe(page.data.total);
    }
    expect((await post<Ids>('/item/ids', { tags: ['cat'] })).data.ids).not.toContain(added[3]);
  });

  it('answers a stretch by offset and limit', async () => {
    const all = (await post<Ids>('/item/ids', { orderBy: 'NAME' })).data;
    expect(all.total).toBe(6);
    const middle = await post<Ids>('/item/ids', { orderBy: 'NAME', offset: 2, limit: 3 });
    expect(middle.data).toEqual({ ids: all.ids.slice(2, 5), total: 6, offset: 2 });
  });

  it('narrows by a search query, and names a bad query', async () => {
    const ids = await post<Ids>('/item/ids', { query: 'cat', orderBy: 'NAME' });
    expect(ids.data.ids).toEqual([added[0], added[2], added[5]]);
    const bad = await post<Ids>('/item/ids', { query: '"cat' });
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.message).toMatch(/^query: /);
  });

  it('rejects a bad limit naming the field', async () => {
    const bad = await post<Ids>('/item/ids', { limit: 0 });
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.message).toMatch(/^limit: /);
  });
});

describe('item/position', () => {
  it('finds an item in the filtered, ordered result, or -1', async () => {
    const ordered = (await post<Ids>('/item/ids', { orderBy: '-NAME' })).data.ids;
    for (const [index, id] of ordered.entries()) {
      expect((await post<{ position: number; total: number }>('/item/position', { item: id, orderBy: '-NAME' })).data).toEqual({ position: index, total: 6 });
    }
    expect((await post<{ position: number }>('/item/position', { item: added[1], tags: ['cat'] })).data.position).toBe(-1);
    expect((await post<{ position: number }>('/item/position', { item: added[3] })).data.position).toBe(-1);
  });

  it('is a 404 naming `item` for an unknown id', async () => {
    const answer = await post('/item/position', { item: 'NOPE' });
    expect(answer.httpStatus).toBe(404);
    expect(answer.body.message).toMatch(/^item: /);
  });
});

describe('item/query with item/get filters', () => {
  it('intersects the search with the filters', async () => {
    const page = await post<Page>('/item/query', { query: 'cat', rating: 2, orderBy: 'NAME' });
    expect(page.data.data.map((item) => item.name)).toEqual(['charlie cat', 'foxtrot cat']);
    const dogs = await post<Page>('/item/query', { query: 'dog', tags: ['cat'] });
    expect(dogs.data.total).toBe(0);
  });

  it('searches the trash when asked to', async () => {
    const page = await post<Page>('/item/query', { query: 'delta', isDeleted: true });
    expect(page.data.data.map((item) => item.id)).toEqual([added[3]]);
  });
});

describe('RANDOM with a seed', () => {
  it('gives the same order for the same seed, so pages fit together', async () => {
    const whole = (await post<Ids>('/item/ids', { orderBy: 'RANDOM', seed: 42 })).data.ids;
    expect((await post<Ids>('/item/ids', { orderBy: 'RANDOM', seed: 42 })).data.ids).toEqual(whole);
    const pages = [0, 2, 4].map((offset) => post<Page>('/item/get', { orderBy: 'RANDOM', seed: 42, offset, limit: 2 }));
    const paged = (await Promise.all(pages)).flatMap((page) => page.data.data.map((item) => item.id));
    expect(paged).toEqual(whole);
    expect([...whole].sort()).toEqual(added.filter((id) => id !== added[3]).sort());
  });

  it('differs between seeds for some seed', async () => {
    const first = (await post<Ids>('/item/ids', { orderBy: 'RANDOM', seed: 1 })).data.ids.join();
    const others = await Promise.all([2, 3, 4, 5].map(async (seed) => (await post<Ids>('/item/ids', { orderBy: 'RANDOM', seed })).data.ids.join()));
    expect(others.some((order) => order !== first)).toBe(true);
  });
});

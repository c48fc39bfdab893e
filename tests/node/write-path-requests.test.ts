// IndexedDB charges per request (docs/decisions/write-path-profile.md): what one item/add batch
// asks of each table must not grow with the batch where one range read answers the same.
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from './helpers';

type Method = (...args: unknown[]) => IDBRequest;
const store = IDBObjectStore.prototype as unknown as Record<'get', Method>;
const originalGet = store.get;

/** Counts `get` requests per table until the returned function is called. */
function countGets(): { gets: Map<string, number>; stop: () => void } {
  const gets = new Map<string, number>();
  store.get = function (this: IDBObjectStore, ...args: unknown[]) {
    gets.set(this.name, (gets.get(this.name) ?? 0) + 1);
    return originalGet.apply(this, args);
  };
  return { gets, stop: () => (store.get = originalGet) };
}

afterEach(() => {
  store.get = originalGet;
});

const bookmark = (i: number) => ({ name: `note ${i}`, bookmarkURL: `https://example.com/${i}`, tags: [`t${i % 7}`], annotation: `words ${i}` });

describe('item/add requests', () => {
  it('reads the content texts of a batch of new items in a range, not one get per item, and still finds stored ones', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const post = <T = any>(path: string, input: Record<string, unknown>) => call<T>(api, 'POST', path, input, { library });
    const counting = countGets();
    const { ids } = (await post<{ ids: string[] }>('/item/add', { items: Array.from({ length: 40 }, (_, i) => bookmark(i)) })).data;
    counting.stop();
    expect(ids).toHaveLength(40);
    expect(counting.gets.get('contentTexts') ?? 0).toBe(0);
    // An item with content text keeps it searchable through an edit that derives its terms again.
    const { db } = api.open(await api.registry.require(library));
    await db.contentTexts.put({ id: ids[3]!, text: 'zebracrossing', source: 'text' } as never);
    await post('/item/update', { id: ids[3], name: 'renamed' });
    const found = (await post<{ data: { id: string }[] }>('/item/query', { query: 'zebracrossing' })).data.data;
    expect(found.map((item) => item.id)).toEqual([ids[3]]);
  });
});

describe('library database', () => {
  it('announces no Dexie storage mutation for a write: nothing uses liveQuery, so nothing gathers or broadcasts the keys it wrote', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    await call(api, 'GET', '/item/get', {}, { library }); // opened (and made) before we listen
    const heard: unknown[] = [];
    const listen = (parts: unknown) => heard.push(parts);
    Dexie.on('storagemutated', listen);
    try {
      const added = await call<{ ids: string[] }>(api, 'POST', '/item/add', { items: [bookmark(1), bookmark(2)] }, { library });
      expect(added.data.ids).toHaveLength(2);
    } finally {
      Dexie.on('storagemutated').unsubscribe(listen);
    }
    const names = heard.flatMap((parts) => Object.keys(parts as object));
    expect(names).toEqual([]);
  });
});

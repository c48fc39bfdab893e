import { describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from './helpers';

async function setup(count = 3) {
  const api = makeApi();
  const library = await newLibrary(api);
  const post = <T = any>(path: string, input: Record<string, unknown>) => call<T>(api, 'POST', path, input, { library });
  const items = Array.from({ length: count }, (_, i) => ({ name: `b${i}`, bookmarkURL: `https://example.com/${i}`, tags: ['old'] }));
  const ids = count ? (await post<{ ids: string[] }>('/item/add', { items })).data.ids : [];
  const folder = (await post<{ id: string }>('/folder/create', { name: 'F', parent: null })).data.id;
  await post('/folder/update', { id: folder, tags: ['from-folder'] });
  /** Everything a failed batch must leave as it was. */
  const snapshot = async () => ({
    items: (await post('/item/get', { limit: 1000, orderBy: 'NAME' })).data,
    trash: (await post('/item/get', { isDeleted: true })).data,
    tags: (await call(api, 'GET', '/tag/get', { limit: 1000 }, { library })).data,
    folders: (await call(api, 'GET', '/folder/get', {}, { library })).data,
  });
  return { api, library, post, ids, folder, snapshot };
}

describe('batch item/update', () => {
  it('updates every item in one request and answers them in order', async () => {
    const { post, ids, folder } = await setup();
    const answer = await post<{ items: any[] }>('/item/update', {
      items: [
        { id: ids[2], tags: ['new'], star: 5 },
        { id: ids[0], folders: [folder] },
        { id: ids[1], isDeleted: true },
      ],
    });
    expect(answer.httpStatus).toBe(200);
    expect(answer.data.items.map((item) => item.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(answer.data.items[0]).toMatchObject({ tags: ['new'], star: 5 });
    expect(answer.data.items[1].tags).toEqual(['old', 'from-folder']);
    expect(answer.data.items[2].isDeleted).toBe(true);
  });

  it('keeps counts right: tag/get and folder counts follow the batch', async () => {
    const { api, library, post, ids, folder } = await setup(5);
    await post('/item/update', { items: ids.map((id) => ({ id, tags: ['old', 'bulk'], folders: [folder] })) });
    const tags = (await call<any>(api, 'GET', '/tag/get', {}, { library })).data.data;
    expect(Object.fromEntries(tags.map((t: any) => [t.name, t.count]))).toEqual({ old: 5, bulk: 5, 'from-folder': 5 });
    const folders = (await call<any>(api, 'GET', '/folder/get', {}, { library })).data.data;
    expect(folders[0].imageCount).toBe(5);
    expect((await post('/item/get', { tags: ['bulk'] })).data.total).toBe(5);
  });

  it('applies two entries for the same item in order', async () => {
    const { post, ids } = await setup();
    const answer = await post<{ items: any[] }>('/item/update', { items: [{ id: ids[0], star: 2, name: 'first' }, { id: ids[0], star: 4 }] });
    expect(answer.data.items.map((item) => [item.name, item.star])).toEqual([['first', 2], ['first', 4]]);
    expect((await post('/item/get', { id: ids[0] })).data.data[0]).toMatchObject({ name: 'first', star: 4 });
  });

  it.each([
    ['a bad field', (ids: string[]) => [{ id: ids[0], star: 1 }, { id: ids[1], star: 1 }, { id: ids[2], star: 9 }], 400, /^items\[2\]\.star: /],
    ['an unknown item', (ids: string[]) => [{ id: ids[0], tags: ['x'] }, { id: 'NOPE', star: 1 }], 404, /^items\[1\]\.id: no item with id "NOPE"/],
    ['an unknown folder', (ids: string[]) => [{ id: ids[0], isDeleted: true }, { id: ids[1], folders: ['NOFOLDER'] }], 404, /^items\[1\]\.folders: no folder with id "NOFOLDER"/],
    ['an entry that is not an object', (ids: string[]) => [{ id: ids[0], star: 1 }, 'oops'], 400, /^items\[1\]/],
    ['an entry without id', (ids: string[]) => [{ id: ids[0], star: 1 }, { star: 2 }], 400, /^items\[1\]\.id: /],
  ])('names the index of %s and changes nothing', async (_name, entries, status, message) => {
    const { post, ids, snapshot } = await setup();
    const before = await snapshot();
    const answer = await post('/item/update', { items: entries(ids) });
    expect(answer.httpStatus).toBe(status);
    expect(answer.body.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('takes 1000 entries and refuses 1001 with a 413', async () => {
    // Entries, not items, are counted: ten items named 100 times each keep this test light
    // (the browser test tags 1000 distinct items).
    const { post, ids } = await setup(10);
    const entries = (count: number, change: Record<string, unknown>) => Array.from({ length: count }, (_, i) => ({ id: ids[i % ids.length], ...change }));
    const full = await post<{ items: unknown[] }>('/item/update', { items: entries(1000, { tags: ['bulk'] }) });
    expect(full.httpStatus).toBe(200);
    expect(full.data.items).toHaveLength(1000);
    expect((await post('/item/get', { tags: ['bulk'], limit: 1 })).data.total).toBe(10);
    const tooMany = await post('/item/update', { items: entries(1001, { star: 3 }) });
    expect(tooMany.httpStatus).toBe(413);
    expect(tooMany.body).toMatchObject({ status: 'error', code: 'PAYLOAD_TOO_LARGE' });
    expect(tooMany.body.message).toMatch(/items: .*1000.*1001/);
    expect((await post('/item/get', { rating: 3, limit: 1 })).data.total).toBe(0);
  });

  it('refuses an empty batch', async () => {
    const { post } = await setup();
    const answer = await post('/item/update', { items: [] });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(/^items: /);
  });

  it('leaves the single-item form as it was', async () => {
    const { post, ids } = await setup();
    const answer = await post('/item/update', { id: ids[0], star: 1 });
    expect(answer.data).toMatchObject({ id: ids[0], star: 1 });
    expect(answer.data.items).toBeUndefined();
  });
});

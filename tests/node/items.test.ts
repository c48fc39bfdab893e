import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/http/pagination';
import type { ItemView } from '../../src/core/listing/item-view';
import { call, makeApi, newLibrary } from './helpers';
import { pngBase64, pngBytes } from './fixtures/images';

type ListPage = Page<ItemView>;

/** A site that serves a few files, standing in for the network. */
async function fakeSite(input: string): Promise<Response> {
  if (input === 'https://img.example/cat.png') return new Response(await pngBytes(40, 30), { headers: { 'Content-Type': 'image/png' } });
  if (input === '/assets/dog.png') return new Response(await pngBytes(10, 20));
  if (input === 'https://img.example/missing.png') return new Response('no', { status: 404 });
  throw new TypeError('Failed to fetch');
}

async function setup() {
  let now = 1_700_000_000_000;
  const api = makeApi({ fetchSource: fakeSite, clock: () => (now += 1000) });
  const library = await newLibrary(api);
  const get = (input: Record<string, unknown> = {}) => call<ListPage>(api, 'POST', '/item/get', input, { library });
  const post = <T = unknown>(path: string, input: Record<string, unknown>) => call<T>(api, 'POST', path, input, { library });
  const add = async (input: Record<string, unknown>) => (await post<{ id: string }>('/item/add', input)).data.id;
  return { api, library, get, post, add };
}

describe('item/add sources', () => {
  it('stores a base64 image with its dimensions, size and type', async () => {
    const { library, get, add } = await setup();
    const id = await add({ name: 'red', base64: await pngBase64(16, 9), tags: ['a'] });
    const [item] = (await get({ id })).data.data;
    expect(item).toMatchObject({ id, name: 'red', ext: 'png', width: 16, height: 9, tags: ['a'], isDeleted: false });
    expect(item!.size).toBeGreaterThan(50);
    expect(item!.fileURL).toBe(`/api/v2/item/file?id=${id}&library=${encodeURIComponent(library)}`);
  });

  it('accepts a data: URL and takes the name from a downloaded or site file', async () => {
    const { get, add } = await setup();
    const fromData = await add({ base64: `data:image/png;base64,${await pngBase64(2, 2)}` });
    const fromUrl = await add({ url: 'https://img.example/cat.png', website: 'https://example.com/page' });
    const fromPath = await add({ path: '/assets/dog.png' });
    const byId = Object.fromEntries((await get()).data.data.map((i) => [i.id, i]));
    expect(byId[fromData]).toMatchObject({ name: 'Untitled', ext: 'png', width: 2 });
    expect(byId[fromUrl]).toMatchObject({ name: 'cat', ext: 'png', width: 40, height: 30, url: 'https://example.com/page' });
    expect(byId[fromPath]).toMatchObject({ name: 'dog', ext: 'png', width: 10, height: 20 });
  });

  it('reuses a stored file through a path under /api/v2', async () => {
    const { get, add } = await setup();
    const original = await add({ name: 'orig', base64: await pngBase64(5, 7) });
    const copy = await add({ path: `/api/v2/item/file?id=${original}` });
    expect((await get({ id: copy })).data.data[0]).toMatchObject({ name: 'orig', ext: 'png', width: 5, height: 7 });
  });

  it('adds a bookmark with ext url and no file', async () => {
    const { get, add } = await setup();
    const id = await add({ bookmarkURL: 'https://example.com/article/42', name: 'Article' });
    expect((await get({ id })).data.data[0]).toMatchObject({ ext: 'url', url: 'https://example.com/article/42', fileURL: '', size: 0 });
  });

  it.each([
    ['no source', { name: 'x' }, 400, /xactly one source.*none/],
    ['two sources', { base64: 'AAAA', bookmarkURL: 'https://a.b' }, 400, /base64 and bookmarkURL/],
    ['bad base64', { base64: '@@@' }, 400, /base64/],
    ['unreachable url', { url: 'https://nowhere.example/x.png' }, 400, /url: could not download/],
    ['HTTP error', { url: 'https://img.example/missing.png' }, 400, /HTTP 404/],
    ['relative bookmark', { bookmarkURL: 'not a url' }, 400, /bookmarkURL/],
    ['path off the site', { path: 'https://evil.example/x' }, 400, /path/],
    ['star out of range', { bookmarkURL: 'https://a.b', star: 6 }, 400, /star/],
    ['unknown folder', { bookmarkURL: 'https://a.b', folders: ['NOPE'] }, 404, /folders.*NOPE/],
  ])('refuses %s', async (_name, input, status, message) => {
    const { post } = await setup();
    const answer = await post('/item/add', input);
    expect(answer.httpStatus).toBe(status);
    expect((answer.body as { message: string }).message).toMatch(message);
  });

  it('refuses a custom id that exists (409) and keeps the caller id otherwise', async () => {
    const { post, add } = await setup();
    expect(await add({ id: 'MYID', bookmarkURL: 'https://a.b' })).toBe('MYID');
    expect((await post('/item/add', { id: 'MYID', bookmarkURL: 'https://a.b' })).httpStatus).toBe(409);
  });
});

describe('item/add batches', () => {
  it('adds a batch in order and answers ids', async () => {
    const { get, post } = await setup();
    const items = Array.from({ length: 5 }, (_, i) => ({ name: `b${i}`, bookmarkURL: `https://example.com/${i}` }));
    const { data } = await post<{ ids: string[] }>('/item/add', { items });
    expect(data.ids).toHaveLength(5);
    expect((await get()).data.data.map((i) => i.name)).toEqual(['b4', 'b3', 'b2', 'b1', 'b0']);
  });

  it('stores every item of a batch made within one millisecond', async () => {
    const api = makeApi({ clock: () => 1_700_000_000_000 });
    const library = await newLibrary(api);
    const items = Array.from({ length: 1000 }, (_, i) => ({ name: `same ms ${i}`, bookmarkURL: `https://example.com/${i}` }));
    const { data } = await call<{ ids: string[] }>(api, 'POST', '/item/add', { items }, { library });
    expect(new Set(data.ids).size).toBe(1000);
    expect((await call<number>(api, 'GET', '/item/countAll', {}, { library })).data).toBe(1000);
  });

  it('fails the whole batch rather than let a repeated id replace an item', async () => {
    const api = makeApi({ ids: () => 'ALWAYSTHESAME' });
    const library = await newLibrary(api);
    const items = [{ bookmarkURL: 'https://example.com/first' }, { bookmarkURL: 'https://example.com/second' }];
    expect((await call(api, 'POST', '/item/add', { items }, { library })).httpStatus).toBe(500);
    expect((await call<number>(api, 'GET', '/item/countAll', {}, { library })).data).toBe(0);
  });

  it('is all-or-nothing and names the failing index', async () => {
    const { post, api, library } = await setup();
    const items: Record<string, unknown>[] = Array.from({ length: 10 }, (_, i) => ({ name: `n${i}`, bookmarkURL: `https://example.com/${i}` }));
    items[6] = { name: 'no source' };
    const answer = await post('/item/add', { items });
    expect(answer.httpStatus).toBe(400);
    expect((answer.body as { message: string }).message).toMatch(/items\[6\]/);
    items[6] = { url: 'https://nowhere.example/x.png' };
    expect(((await post('/item/add', { items })).body as { message: string }).message).toMatch(/items\[6\]\.url/);
    items[6] = { bookmarkURL: 'https://a.b', folders: ['GONE'] };
    expect(((await post('/item/add', { items })).body as { message: string }).message).toMatch(/items\[6\]\.folders/);
    expect((await call(api, 'GET', '/item/countAll', {}, { library })).data).toBe(0);
  });

  it('gives each item of a batch its own folders and their auto-tags, and names the first item with an unknown folder', async () => {
    const { get, post } = await setup();
    const cats = (await post<{ id: string }>('/folder/create', { name: 'Cats' })).data.id;
    const dogs = (await post<{ id: string }>('/folder/create', { name: 'Dogs' })).data.id;
    await post('/folder/update', { id: cats, tags: ['cat'] });
    await post('/folder/update', { id: dogs, tags: ['dog'] });
    const items = [
      { name: 'c', bookmarkURL: 'https://example.com/c', folders: [cats] },
      { name: 'n', bookmarkURL: 'https://example.com/n' },
      { name: 'cd', bookmarkURL: 'https://example.com/cd', folders: [dogs, cats] },
    ];
    const wrong = [...items, { name: 'x', bookmarkURL: 'https://example.com/x', folders: [cats, 'GONE1'] }, { bookmarkURL: 'https://example.com/y', folders: ['GONE2'] }];
    const refused = await post('/item/add', { items: wrong });
    expect(refused.httpStatus).toBe(404);
    expect((refused.body as { message: string }).message).toMatch(/^items\[3\]\.folders: no folder with id "GONE1"/);
    expect((await post('/item/add', { items })).httpStatus).toBe(200);
    const byName = new Map((await get()).data.data.map((item) => [item.name, item]));
    expect(byName.size).toBe(3);
    expect(byName.get('c')).toMatchObject({ folders: [cats], tags: ['cat'] });
    expect(byName.get('n')).toMatchObject({ folders: [], tags: [] });
    expect(byName.get('cd')).toMatchObject({ folders: [dogs, cats], tags: ['dog', 'cat'] });
  });

  it('finds the many folders of a batch among others (one range read), and names an unknown id inside their range', async () => {
    const { get, post } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 40; i += 1) ids.push((await post<{ id: string }>('/folder/create', { name: `F${i}` })).data.id);
    const sorted = [...ids].sort();
    // Every other folder: the range read holds rows the batch does not name.
    const named = sorted.filter((_, i) => i % 2 === 0);
    const inside = `${sorted[10]}0`; // sorts between two real ids
    const items = named.map((id, i) => ({ bookmarkURL: `https://example.com/${i}`, folders: [id] }));
    const refused = await post('/item/add', { items: [...items, { bookmarkURL: 'https://example.com/x', folders: [named[3], inside] }] });
    expect(refused.httpStatus).toBe(404);
    expect((refused.body as { message: string }).message).toMatch(new RegExp(`^items\\[20\\]\\.folders: no folder with id "${inside}"`));
    expect((await post('/item/add', { items })).httpStatus).toBe(200);
    const listed = (await get()).data.data;
    expect(listed.map((item) => item.folders[0]).sort()).toEqual(named);
  });

  it('refuses more than 1000 items with 413', async () => {
    const { post } = await setup();
    const items = Array.from({ length: 1001 }, (_, i) => ({ bookmarkURL: `https://example.com/${i}` }));
    const answer = await post('/item/add', { items });
    expect(answer.httpStatus).toBe(413);
    expect(answer.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

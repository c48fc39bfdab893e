// Compatibility items 8-10 of issue 12: what scripts written for the reference expect.
import { describe, expect, it } from 'vitest';
import type { FolderView } from '../../../src/core/folders/folder-view';
import type { Page } from '../../../src/core/http/pagination';
import { call, makeApi, newLibrary } from '../helpers';

async function setup() {
  const api = makeApi();
  const library = await newLibrary(api);
  const post = <T>(path: string, body: Record<string, unknown>) => call<T>(api, 'POST', path, body, { library });
  const get = <T>(path: string, query: Record<string, unknown> = {}) => call<T>(api, 'GET', path, query, { library });
  return { api, library, post, get };
}

describe('folder/get answers the tree unless filtered', () => {
  it('lists root folders only, children nested, total counting roots', async () => {
    const { post, get } = await setup();
    const a = (await post<FolderView>('/folder/create', { name: 'A' })).data;
    const a1 = (await post<FolderView>('/folder/create', { name: 'A1', parent: a.id })).data;
    await post('/folder/create', { name: 'A1x', parent: a1.id });
    await post('/folder/create', { name: 'B' });
    const tree = (await get<Page<FolderView>>('/folder/get')).data;
    expect(tree.data.map((f) => f.name)).toEqual(['A', 'B']);
    expect(tree.total).toBe(2);
    expect(tree.data[0]!.children.map((f) => f.name)).toEqual(['A1']);
    expect(tree.data[0]!.children[0]!.children.map((f) => f.name)).toEqual(['A1x']);
    // A client walking the answer recursively sees every folder exactly once.
    const walk = (folders: FolderView[]): string[] => folders.flatMap((f) => [f.name, ...walk(f.children)]);
    expect(walk(tree.data)).toEqual(['A', 'A1', 'A1x', 'B']);
    expect((await get<Page<FolderView>>('/folder/get', { offset: 1, limit: 1 })).data).toMatchObject({ total: 2, data: [{ name: 'B' }] });
  });

  it('answers named folders wherever they sit, each with its subtree', async () => {
    const { post, get } = await setup();
    const a = (await post<FolderView>('/folder/create', { name: 'A' })).data;
    const a1 = (await post<FolderView>('/folder/create', { name: 'A1', parent: a.id })).data;
    await post('/folder/create', { name: 'A1x', parent: a1.id });
    const named = (await get<Page<FolderView>>('/folder/get', { id: a1.id })).data;
    expect(named.data.map((f) => [f.name, f.parent])).toEqual([['A1', a.id]]);
    expect(named.data[0]!.children.map((f) => f.name)).toEqual(['A1x']);
    await post('/folder/open', { id: a1.id });
    expect((await get<Page<FolderView>>('/folder/get', { isSelected: true })).data.data.map((f) => f.name)).toEqual(['A1']);
    // A false flag is no filter.
    expect((await get<Page<FolderView>>('/folder/get', { isSelected: false, isRecent: 'False' })).data.data.map((f) => f.name)).toEqual(['A']);
  });
});

describe('fields', () => {
  it('ignores unknown names and keeps the known ones', async () => {
    const { post, get } = await setup();
    const id = (await post<{ id: string }>('/item/add', { bookmarkURL: 'https://example.com/', name: 'n' })).data.id;
    const answer = await get<Page<Record<string, unknown>>>('/item/get', { id, fields: 'name,website,btime,filePath,toString,__proto__' });
    expect(answer.httpStatus).toBe(200);
    expect(answer.data.data[0]).toEqual({ id, name: 'n' });
    const posted = await post<Page<Record<string, unknown>>>('/item/get', { id, fields: ['website', 'ext'] });
    expect(posted.data.data[0]).toEqual({ id, ext: 'url' });
  });

  it('answers only the id when every name is unknown', async () => {
    const { post, get } = await setup();
    const id = (await post<{ id: string }>('/item/add', { bookmarkURL: 'https://example.com/' })).data.id;
    expect((await get<Page<Record<string, unknown>>>('/item/get', { id, fields: 'website' })).data.data[0]).toEqual({ id });
  });

  it('still refuses a fields value of the wrong type', async () => {
    const { post } = await setup();
    const answer = await post('/item/get', { fields: [1, 2] });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(/^fields/);
  });
});

describe('query-string booleans', () => {
  it.each(['True', 'TRUE', 'true', '1', ' true '])('isUntagged=%j is true', async (value) => {
    const { post, get } = await setup();
    await post('/item/add', { bookmarkURL: 'https://a.example/' });
    await post('/item/add', { bookmarkURL: 'https://b.example/', tags: ['t'] });
    const answer = await get<Page<unknown>>('/item/get', { isUntagged: value });
    expect(answer.httpStatus).toBe(200);
    expect(answer.data.total).toBe(1);
  });

  it.each(['False', 'FALSE', '0'])('isUntagged=%j is false', async (value) => {
    const { post, get } = await setup();
    await post('/item/add', { bookmarkURL: 'https://a.example/' });
    await post('/item/add', { bookmarkURL: 'https://b.example/', tags: ['t'] });
    expect((await get<Page<unknown>>('/item/get', { isUntagged: value })).data.total).toBe(2);
  });

  it('refuses other words, naming the field', async () => {
    const { get } = await setup();
    const answer = await get('/item/get', { isUntagged: 'yes' });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(/^isUntagged:/);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { changeItem, itemRow, openLibrary, seedItems } from './fixtures/seed-items';
import { call, makeApi, newLibrary } from './helpers';
import type { Page } from '../../src/core/http/pagination';
import type { TagView } from '../../src/core/tags/tag-view';

type Tag = TagView;

let time = 1_800_000_000_000;
const api = makeApi({ clock: () => time });
let library: string;
const post = <T>(path: string, body: Record<string, unknown>) => call<T>(api, 'POST', path, body, { library });
const get = async <T>(path: string, query: Record<string, unknown> = {}) => (await call<T>(api, 'GET', path, query, { library })).data;
const tags = async (query: Record<string, unknown> = {}) => (await get<Page<Tag>>('/tag/get', query)).data;
const names = (list: { name: string }[]) => list.map((t) => t.name);
const message = (answer: { body: unknown }) => (answer.body as { message: string }).message;

beforeEach(async () => {
  library = await newLibrary(api);
});

describe('tag/get', () => {
  it('lists tags by count, then name, with count, colour, groups and pinyin', async () => {
    await seedItems(api, library, [{ tags: ['b', 'a'] }, { tags: ['b', '猫咪'] }, { tags: ['c'] }]);
    const list = await tags();
    expect(names(list)).toEqual(['b', 'a', 'c', '猫咪']);
    expect(list[0]).toEqual({ name: 'b', count: 2, color: '', groups: [], pinyin: 'b', starred: false });
    expect(list[3]).toMatchObject({ name: '猫咪', count: 1, pinyin: 'mao mi' });
  });

  it('orders tags of equal count alphabetically, ignoring case, Han names by pinyin', async () => {
    await seedItems(api, library, [{ tags: ['owl', 'Lion', '猫', 'ant', 'item 10', 'item 9'] }]);
    expect(names(await tags())).toEqual(['ant', 'item 9', 'item 10', 'Lion', '猫', 'owl']);
  });

  it.each([
    ['case-insensitive substring', 'AT', ['cat', 'Kitten bath']],
    ['the pinyin of Han names', 'maomi', ['猫咪']],
    ['nothing', 'zzz', []],
  ])('filters by name: %s', async (_name, filter, expected) => {
    await seedItems(api, library, [{ tags: ['cat', 'dog', '猫咪', 'Kitten bath'] }, { tags: ['cat'] }]);
    expect(names(await tags({ name: filter }))).toEqual(expected);
    expect(names((await post<Page<Tag>>('/tag/get', { name: filter })).data.data)).toEqual(expected);
  });

  it('pages', async () => {
    await seedItems(api, library, [{ tags: ['a', 'b', 'c', 'd'] }]);
    expect(await get('/tag/get', { offset: 1, limit: 2 })).toMatchObject({ total: 4, offset: 1, limit: 2, data: [{ name: 'b' }, { name: 'c' }] });
  });

  it('keeps a tag that only trashed items carry, and drops one that no item carries any more', async () => {
    const [item] = await seedItems(api, library, [{ tags: ['gone', 'trashed'] }, { tags: ['other'] }]);
    await changeItem(api, library, item!.id, { isDeleted: true });
    expect(await tags()).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'trashed', count: 0 })]));
    await changeItem(api, library, item!.id, { tags: ['trashed'] });
    expect(names(await tags())).toEqual(['other', 'trashed']);
    await changeItem(api, library, item!.id, { tags: [] });
    expect(names(await tags())).toEqual(['other']);
  });
});

describe('recent and starred tags', () => {
  it('lists tags most recently applied to an item first', async () => {
    time = 1000;
    const [item] = await seedItems(api, library, [{ tags: ['old'] }], 1000);
    await changeItem(api, library, item!.id, { tags: ['old', 'new'] }, 2000);
    expect(names((await get<Page<Tag>>('/tag/getRecentTags')).data)).toEqual(['new', 'old']);
    expect(await get('/tag/getRecentTags', { limit: 1, offset: 1 })).toMatchObject({ total: 2, data: [{ name: 'old' }] });
  });

  it('stars and colours through tag/update, listing starred tags in starring order', async () => {
    await seedItems(api, library, [{ tags: ['a', 'b', 'c'] }]);
    time = 10;
    await post('/tag/update', { originalName: 'c', starred: true });
    time = 20;
    const answer = await post<Tag>('/tag/update', { originalName: 'a', starred: true, color: 'green' });
    expect(answer.data).toEqual({ name: 'a', count: 1, color: 'green', groups: [], pinyin: 'a', starred: true });
    expect(names((await get<Page<Tag>>('/tag/getStarredTags')).data)).toEqual(['c', 'a']);
    await post('/tag/update', { originalName: 'c', starred: false });
    expect(await get('/tag/getStarredTags')).toMatchObject({ total: 1, data: [{ name: 'a', starred: true }] });
  });

  it('keeps a starred or coloured tag without items until it is unstarred and uncoloured', async () => {
    const [item] = await seedItems(api, library, [{ tags: ['kept'] }]);
    await post('/tag/update', { originalName: 'kept', starred: true, color: 'red' });
    await changeItem(api, library, item!.id, { tags: [] });
    expect(await tags()).toMatchObject([{ name: 'kept', count: 0 }]);
    await post('/tag/update', { originalName: 'kept', starred: false });
    expect(names(await tags())).toEqual(['kept']);
    await post('/tag/update', { originalName: 'kept', color: '' });
    expect(await tags()).toEqual([]);
  });
});

describe('tag/update renames everywhere', () => {
  it('rewrites items, groups, folder tags, star, colour and recent order', async () => {
    time = 100;
    const [three] = await seedItems(api, library, [{ tags: ['y'] }], 100);
    const [one, two] = await seedItems(api, library, [{ tags: ['old'] }, { tags: ['old'], isDeleted: true }], 120);
    await changeItem(api, library, one!.id, { tags: ['old', 'x'] }, 150);
    await changeItem(api, library, three!.id, { tags: ['y', 'z'] }, 200);
    const group = (await post<{ id: string }>('/tagGroup/create', { name: 'G', tags: ['x', 'old'] })).data;
    const folder = (await post<{ id: string }>('/folder/create', { name: 'F' })).data;
    await post('/folder/update', { id: folder.id, tags: ['old'] });
    const smart = (await post<{ id: string }>('/smartFolder/create', { name: 'S', conditions: [{ rules: [{ property: 'tags', method: 'union', value: ['old', 'y'] }] }] })).data;
    await post('/tag/update', { originalName: 'old', starred: true, color: 'pink' });
    time = 300;
    const renamed = await post<Tag>('/tag/update', { originalName: 'old', name: '新' });
    expect(renamed.data).toEqual({ name: '新', count: 1, color: 'pink', groups: [group.id], pinyin: 'xin', starred: true });
    expect((await itemRow(api, library, one!.id))!.tags).toEqual(['新', 'x']);
    expect((await itemRow(api, library, two!.id))!.tags).toEqual(['新']);
    expect((await itemRow(api, library, one!.id))!.modificationTime).toBe(300);
    expect(names(await tags())).not.toContain('old');
    expect((await get<Page<{ tags: string[] }>>('/tagGroup/get')).data[0]!.tags).toEqual(['x', '新']);
    expect((await get<Page<{ tags: string[] }>>('/folder/get')).data[0]!.tags).toEqual(['新']);
    const rules = (await get<Page<{ conditions: { rules: { value: string[] }[] }[] }>>('/smartFolder/get', { id: smart.id })).data[0]!.conditions[0]!.rules;
    expect(rules[0]!.value).toEqual(['新', 'y']);
    expect((await get<Page<{ id: string }>>('/smartFolder/getItems', { smartFolderId: smart.id })).total).toBe(2);
    expect(names((await get<Page<Tag>>('/tag/getStarredTags')).data)).toEqual(['新']);
    // Renaming is not using: the tag keeps its place among recent tags.
    expect(names((await get<Page<Tag>>('/tag/getRecentTags')).data)).toEqual(['z', 'x', '新', 'y']);
    const { db } = await openLibrary(api, library);
    expect(await db.items.where('tags').equals('old').count()).toBe(0);
  });

  it.each([
    ['onto an existing tag', { originalName: 'a', name: 'b' }, 409, 'CONFLICT', /name.*"b" already exists/],
    ['an unknown tag', { originalName: 'ghost', name: 'c' }, 404, 'NOT_FOUND', /originalName.*ghost/],
    ['to an empty name', { originalName: 'a', name: ' ' }, 400, 'INVALID_ARGUMENT', /name/],
    ['without originalName', { name: 'c' }, 400, 'INVALID_ARGUMENT', /originalName/],
    ['with a bad colour', { originalName: 'a', color: 'black' }, 400, 'INVALID_ARGUMENT', /color.*red, orange/],
  ])('refuses renaming %s and changes nothing', async (_name, body, status, code, pattern) => {
    await seedItems(api, library, [{ tags: ['a', 'b'] }, { tags: ['a'] }]);
    const before = await tags();
    const answer = await post('/tag/update', body);
    expect(answer.httpStatus).toBe(status);
    expect(answer.body).toMatchObject({ code });
    expect(message(answer)).toMatch(pattern);
    expect(await tags()).toEqual(before);
  });

  it('answers the tag unchanged when the name is the same', async () => {
    await seedItems(api, library, [{ tags: ['same'] }]);
    expect((await post<Tag>('/tag/update', { originalName: 'same', name: 'same' })).data).toMatchObject({ name: 'same', count: 1 });
  });
});

describe('tag/merge', () => {
  it('moves the source onto the target everywhere and removes the source', async () => {
    const [one, two, three] = await seedItems(api, library, [{ tags: ['src', 'dst'] }, { tags: ['src'] }, { tags: ['dst'] }, { tags: ['src'], isDeleted: true }]);
    const g1 = (await post<{ id: string }>('/tagGroup/create', { name: 'G1', tags: ['src'] })).data;
    const g2 = (await post<{ id: string }>('/tagGroup/create', { name: 'G2', tags: ['src', 'dst'] })).data;
    const smart = (await post<{ id: string }>('/smartFolder/create', { name: 'S', conditions: [{ rules: [{ property: 'tags', method: 'intersection', value: ['src', 'dst'] }] }] })).data;
    await post('/tag/update', { originalName: 'src', starred: true, color: 'aqua' });
    const answer = await post('/tag/merge', { source: 'src', target: 'dst' });
    expect(answer.data).toEqual({ affectedItems: 3, sourceRemoved: true });
    expect((await itemRow(api, library, one!.id))!.tags).toEqual(['dst']);
    expect((await itemRow(api, library, two!.id))!.tags).toEqual(['dst']);
    expect((await itemRow(api, library, three!.id))!.tags).toEqual(['dst']);
    expect(await tags()).toEqual([{ name: 'dst', count: 3, color: 'aqua', groups: [g1.id, g2.id], pinyin: 'dst', starred: true }]);
    expect((await get<Page<{ tags: string[] }>>('/tagGroup/get')).data.map((g) => g.tags)).toEqual([['dst'], ['dst']]);
    const rules = (await get<Page<{ conditions: { rules: { value: string[] }[] }[] }>>('/smartFolder/get', { id: smart.id })).data[0]!.conditions[0]!.rules;
    expect(rules[0]!.value).toEqual(['dst']);
  });

  it('creates the target when it does not exist yet', async () => {
    await seedItems(api, library, [{ tags: ['from'] }]);
    expect((await post('/tag/merge', { source: 'from', target: 'to' })).data).toEqual({ affectedItems: 1, sourceRemoved: true });
    expect(await tags()).toMatchObject([{ name: 'to', count: 1 }]);
  });

  it.each([
    ['into itself', { source: 'a', target: 'a' }, 400, /itself/],
    ['an unknown source', { source: 'ghost', target: 'a' }, 404, /source.*ghost/],
    ['without a target', { source: 'a' }, 400, /target/],
  ])('refuses merging %s and changes nothing', async (_name, body, status, pattern) => {
    await seedItems(api, library, [{ tags: ['a', 'b'] }]);
    const before = await tags();
    const answer = await post('/tag/merge', body);
    expect(answer.httpStatus).toBe(status);
    expect(message(answer)).toMatch(pattern);
    expect(await tags()).toEqual(before);
  });
});

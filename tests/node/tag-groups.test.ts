import { beforeEach, describe, expect, it } from 'vitest';
import { seedItems } from './fixtures/seed-items';
import { call, makeApi, newLibrary } from './helpers';
import type { Page } from '../../src/core/http/pagination';
import type { TagGroupView } from '../../src/core/tag-groups/tag-group-view';

type Group = TagGroupView;

const api = makeApi();
let library: string;
const post = <T>(path: string, body: Record<string, unknown>) => call<T>(api, 'POST', path, body, { library });
const groups = async (query: Record<string, unknown> = {}) => (await call<Page<Group>>(api, 'GET', '/tagGroup/get', query, { library })).data;
const tagList = async () => (await call<Page<{ name: string; count: number; groups: string[] }>>(api, 'GET', '/tag/get', {}, { library })).data.data;
const create = async (body: Record<string, unknown>) => {
  const answer = await post<Group>('/tagGroup/create', body);
  expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  return answer.data;
};
const message = (answer: { body: unknown }) => (answer.body as { message: string }).message;
const COLOURS = /red, orange, yellow, green, aqua, blue, purple, pink/;

beforeEach(async () => {
  library = await newLibrary(api);
});

describe('tag groups', () => {
  it('creates groups (tags default to []) and lists them in creation order, paged', async () => {
    const first = await create({ name: 'Only a name' });
    expect(first).toEqual({ id: first.id, name: 'Only a name', color: '', tags: [], description: '' });
    const second = await create({ name: 'Full', tags: ['a', 'b', 'a'], color: 'purple', description: 'd' });
    expect(second).toMatchObject({ tags: ['a', 'b'], color: 'purple', description: 'd' });
    expect(await groups()).toMatchObject({ total: 2, data: [{ id: first.id }, { id: second.id }] });
    expect(await groups({ offset: 1, limit: 1 })).toMatchObject({ total: 2, offset: 1, limit: 1, data: [{ id: second.id }] });
  });

  it('gives grouped tags a row with their groups, count 0 until used', async () => {
    await seedItems(api, library, [{ tags: ['used'] }]);
    const g = await create({ name: 'G', tags: ['used', 'fresh'] });
    expect(await tagList()).toEqual([
      expect.objectContaining({ name: 'used', count: 1, groups: [g.id] }),
      expect.objectContaining({ name: 'fresh', count: 0, groups: [g.id] }),
    ]);
  });

  it('updates only the fields sent; tags only when sent', async () => {
    const g = await create({ name: 'G', tags: ['a', 'b'], color: 'red', description: 'keep' });
    const renamed = await post<Group>('/tagGroup/update', { id: g.id, name: 'H' });
    expect(renamed.data).toEqual({ ...g, name: 'H' });
    const retagged = await post<Group>('/tagGroup/update', { id: g.id, name: 'H', tags: ['c'], color: '' });
    expect(retagged.data).toEqual({ ...g, name: 'H', tags: ['c'], color: '' });
    expect((await tagList()).map((t) => t.name)).toEqual(['c']);
  });

  it('removes a group but not its tags while items use them', async () => {
    await seedItems(api, library, [{ tags: ['used'] }]);
    const g = await create({ name: 'G', tags: ['used', 'unused'] });
    expect((await post('/tagGroup/remove', { id: g.id })).data).toBe(true);
    expect((await groups()).total).toBe(0);
    expect(await tagList()).toEqual([expect.objectContaining({ name: 'used', count: 1, groups: [] })]);
  });

  it('adds tags, and moves them out of other groups with removeFromSource', async () => {
    const a = await create({ name: 'A', tags: ['x', 'y'] });
    const b = await create({ name: 'B', tags: ['z'] });
    const added = await post<Group>('/tagGroup/addTags', { groupId: b.id, tags: ['x', 'z', 'w'] });
    expect(added.data.tags).toEqual(['z', 'x', 'w']);
    expect((await groups()).data[0]!.tags).toEqual(['x', 'y']);
    expect((await tagList()).find((t) => t.name === 'x')!.groups).toEqual([a.id, b.id]);
    await post('/tagGroup/addTags', { groupId: b.id, tags: ['y'], removeFromSource: true });
    await post('/tagGroup/addTags', { groupId: b.id, tags: ['x'], removeFromSource: 'true' });
    expect((await groups()).data.map((g) => g.tags)).toEqual([[], ['z', 'x', 'w', 'y']]);
  });

  it('removes tags from the group only', async () => {
    await seedItems(api, library, [{ tags: ['used'] }]);
    const g = await create({ name: 'G', tags: ['used', 'unused', 'stay'] });
    const answer = await post<Group>('/tagGroup/removeTags', { groupId: g.id, tags: ['used', 'unused', 'never-there'] });
    expect(answer.data.tags).toEqual(['stay']);
    expect((await tagList()).map((t) => [t.name, t.count])).toEqual([['used', 1], ['stay', 0]]);
  });

  it.each([
    ['create without a name', '/tagGroup/create', () => ({ tags: [] }), 400, /name/],
    ['create with a bad colour', '/tagGroup/create', () => ({ name: 'x', color: 'magenta' }), 400, COLOURS],
    ['create with an empty tag', '/tagGroup/create', () => ({ name: 'x', tags: [''] }), 400, /tags/],
    ['update with a bad colour', '/tagGroup/update', (id: string) => ({ id, name: 'x', color: 'RED' }), 400, COLOURS],
    ['update an unknown group', '/tagGroup/update', () => ({ id: 'GHOST', name: 'x', tags: [] }), 404, /id.*GHOST/],
    ['remove an unknown group', '/tagGroup/remove', () => ({ id: 'GHOST' }), 404, /id.*GHOST/],
    ['add tags to an unknown group', '/tagGroup/addTags', () => ({ groupId: 'GHOST', tags: ['a'] }), 404, /groupId.*GHOST/],
    ['add without tags', '/tagGroup/addTags', (id: string) => ({ groupId: id }), 400, /tags/],
    ['remove tags from an unknown group', '/tagGroup/removeTags', () => ({ groupId: 'GHOST', tags: ['a'] }), 404, /groupId.*GHOST/],
    // The contract says string[]: a POST body's string is not the GET form's comma list.
    ['add tags given as a string', '/tagGroup/addTags', (id: string) => ({ groupId: id, tags: 'b' }), 400, /^tags: .*array/],
    ['remove tags given as a string', '/tagGroup/removeTags', (id: string) => ({ groupId: id, tags: 'a' }), 400, /^tags: .*array/],
    ['create with tags given as a string', '/tagGroup/create', () => ({ name: 'x', tags: 'a,b' }), 400, /^tags: .*array/],
    ['update with tags given as a string', '/tagGroup/update', (id: string) => ({ id, tags: 'b' }), 400, /^tags: .*array/],
  ])('refuses to %s and changes nothing', async (_name, path, body, status, pattern) => {
    const g = await create({ name: 'G', tags: ['a'], color: 'blue' });
    const before = await groups();
    const answer = await post(path, body(g.id));
    expect(answer.httpStatus).toBe(status);
    expect(message(answer)).toMatch(pattern);
    expect(await groups()).toEqual(before);
  });

  it('appears in library/info', async () => {
    const g = await create({ name: 'G', tags: ['a'] });
    const info = await call<{ tagGroups: Group[] }>(api, 'GET', '/library/info', {}, { library });
    expect(info.data.tagGroups).toEqual([g]);
  });
});

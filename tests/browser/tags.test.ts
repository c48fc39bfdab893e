// Tags without items: tag groups give tags rows of their own (count 0). Tests that need items
// (counts, recent tags, rewriting items) are in tags-with-items.test.ts.
import { describe, expect, it } from 'vitest';
import { expectError } from './expect-error';
import { isolatedClient, stopServiceWorkers } from './service-worker';
import type { Page } from '../../src/core/http/pagination';
import type { TagView } from '../../src/core/tags/tag-view';

type Tag = TagView;

describe('tags through the service worker', () => {
  it('lists, filters (GET and POST), colours, stars, renames and merges tags', async () => {
    const { client } = await isolatedClient();
    const group = await client.post<{ id: string }>('/tagGroup/create', { name: 'G', tags: ['apple', 'Pear', '苹果'] });
    const all = await client.get<Page<Tag>>('/tag/get');
    expect(all.data.map((t) => t.name)).toEqual(['apple', 'Pear', '苹果']);
    expect(all.data[2]).toEqual({ name: '苹果', count: 0, color: '', groups: [group.id], pinyin: 'ping guo', starred: false });
    expect((await client.get<Page<Tag>>('/tag/get', { name: 'PP' })).data.map((t) => t.name)).toEqual(['apple']);
    expect((await client.post<Page<Tag>>('/tag/get', { name: 'pingguo' })).data.map((t) => t.name)).toEqual(['苹果']);

    expect(await client.post<Tag>('/tag/update', { originalName: 'apple', color: 'red', starred: true })).toMatchObject({ color: 'red', starred: true });
    expect((await client.get<Page<Tag>>('/tag/getStarredTags')).data.map((t) => t.name)).toEqual(['apple']);
    expect(await client.post<Tag>('/tag/update', { originalName: 'apple', name: 'Apple' })).toMatchObject({ name: 'Apple', color: 'red', starred: true, groups: [group.id] });
    expect((await client.get<Page<Tag>>('/tag/getStarredTags')).data.map((t) => t.name)).toEqual(['Apple']);
    expect((await client.get<Page<{ tags: string[] }>>('/tagGroup/get')).data[0]!.tags).toEqual(['Apple', 'Pear', '苹果']);

    expect(await client.post('/tag/merge', { source: '苹果', target: 'Apple' })).toEqual({ affectedItems: 0, sourceRemoved: true });
    expect((await client.get<Page<Tag>>('/tag/get')).data.map((t) => t.name)).toEqual(['Apple', 'Pear']);
    expect(await client.get('/tag/getRecentTags')).toMatchObject({ total: 0, data: [] });
  });

  it('spells a new tag in pinyin in a restarted worker, which loads pinyin-pro only then', async () => {
    const { client } = await isolatedClient();
    await stopServiceWorkers();
    await client.post('/tagGroup/create', { name: 'G', tags: ['黑猫'] });
    expect((await client.get<Page<Tag>>('/tag/get')).data[0]).toMatchObject({ name: '黑猫', pinyin: 'hei mao' });
  });

  it('refuses renaming onto an existing tag, merging into itself, unknown tags and bad colours', async () => {
    const { client, library } = await isolatedClient();
    await client.post('/tagGroup/create', { name: 'G', tags: ['a', 'b'] });
    const before = await client.get('/tag/get');
    await expectError(library, '/api/v2/tag/update', { originalName: 'a', name: 'b' }, 409, 'CONFLICT', /name.*"b" already exists/);
    await expectError(library, '/api/v2/tag/update', { originalName: 'ghost', name: 'c' }, 404, 'NOT_FOUND', /ghost/);
    await expectError(library, '/api/v2/tag/update', { originalName: 'a', color: 'teal' }, 400, 'INVALID_ARGUMENT', /color.*red, orange, yellow, green, aqua, blue, purple, pink/);
    await expectError(library, '/api/v2/tag/merge', { source: 'a', target: 'a' }, 400, 'INVALID_ARGUMENT', /itself/);
    await expectError(library, '/api/v2/tag/merge', { source: 'ghost', target: 'a' }, 404, 'NOT_FOUND', /source.*ghost/);
    expect(await client.get('/tag/get')).toEqual(before);
  });
});

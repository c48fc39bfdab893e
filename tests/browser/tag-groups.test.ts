import { describe, expect, it } from 'vitest';
import { expectError } from './expect-error';
import { isolatedClient } from './service-worker';
import type { Page } from '../../src/core/http/pagination';
import type { TagGroupView } from '../../src/core/tag-groups/tag-group-view';

type Group = TagGroupView;

const COLOURS = /red, orange, yellow, green, aqua, blue, purple, pink/;

describe('tag groups through the service worker', () => {
  it('creates, lists, updates, adds and removes tags, and removes groups', async () => {
    const { client } = await isolatedClient();
    const a = await client.post<Group>('/tagGroup/create', { name: 'A' });
    expect(a).toEqual({ id: a.id, name: 'A', color: '', tags: [], description: '' });
    const b = await client.post<Group>('/tagGroup/create', { name: 'B', tags: ['x', 'y'], color: 'yellow', description: 'd' });
    expect(await client.get<Page<Group>>('/tagGroup/get')).toMatchObject({ total: 2, data: [{ id: a.id }, { id: b.id }] });

    expect(await client.post<Group>('/tagGroup/update', { id: a.id, name: 'A2', color: 'blue' })).toMatchObject({ name: 'A2', color: 'blue', tags: [] });
    expect((await client.post<Group>('/tagGroup/addTags', { groupId: a.id, tags: ['x', 'z'] })).tags).toEqual(['x', 'z']);
    expect((await client.post<Group>('/tagGroup/addTags', { groupId: a.id, tags: ['y'], removeFromSource: true })).tags).toEqual(['x', 'z', 'y']);
    expect((await client.get<Page<Group>>('/tagGroup/get')).data[1]!.tags).toEqual(['x']);
    expect((await client.post<Group>('/tagGroup/removeTags', { groupId: a.id, tags: ['x'] })).tags).toEqual(['z', 'y']);
    expect(await client.post('/tagGroup/remove', { id: b.id })).toBe(true);
    expect(await client.get<Page<Group>>('/tagGroup/get')).toMatchObject({ total: 1, data: [{ id: a.id, tags: ['z', 'y'] }] });
  });

  it('refuses unknown ids and bad colours, and changes nothing', async () => {
    const { client, library } = await isolatedClient();
    const g = await client.post<Group>('/tagGroup/create', { name: 'G', tags: ['a'] });
    const before = await client.get('/tagGroup/get');
    await expectError(library, '/api/v2/tagGroup/create', { name: 'x', color: 'teal' }, 400, 'INVALID_ARGUMENT', COLOURS);
    await expectError(library, '/api/v2/tagGroup/update', { id: g.id, name: 'x', color: 'teal' }, 400, 'INVALID_ARGUMENT', COLOURS);
    await expectError(library, '/api/v2/tagGroup/update', { id: 'GHOST', name: 'x', tags: [] }, 404, 'NOT_FOUND', /GHOST/);
    await expectError(library, '/api/v2/tagGroup/remove', { id: 'GHOST' }, 404, 'NOT_FOUND', /GHOST/);
    await expectError(library, '/api/v2/tagGroup/addTags', { groupId: 'GHOST', tags: ['a'] }, 404, 'NOT_FOUND', /GHOST/);
    await expectError(library, '/api/v2/tagGroup/removeTags', { groupId: 'GHOST', tags: ['a'] }, 404, 'NOT_FOUND', /GHOST/);
    await expectError(library, '/api/v2/tagGroup/addTags', { groupId: g.id, tags: 'b' }, 400, 'INVALID_ARGUMENT', /^tags: .*array/);
    await expectError(library, '/api/v2/tagGroup/removeTags', { groupId: g.id, tags: 'a' }, 400, 'INVALID_ARGUMENT', /^tags: .*array/);
    expect(await client.get('/tagGroup/get')).toEqual(before);
  });
});

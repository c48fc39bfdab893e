import { describe, expect, it } from 'vitest';
import { EventLog } from './event-log';
import { expectError } from './expect-error';
import { controlledBy, fetchApi, isolatedClient, LIBRARY_HEADER, stopServiceWorkers } from './service-worker';
import type { Page } from '../../src/core/http/pagination';
import type { FolderView } from '../../src/core/folders/folder-view';

type Folder = FolderView;

const COLOURS = /red, orange, yellow, green, aqua, blue, purple, pink/;

describe('folders through the service worker', () => {
  it('creates, nests, lists (GET and POST), updates and moves folders', async () => {
    const { client, library } = await isolatedClient();
    const a = await client.post<Folder>('/folder/create', { name: 'A', description: 'd', iconColor: 'aqua' });
    const b = await client.post<Folder>('/folder/create', { name: 'B', parent: a.id });
    expect(a).toMatchObject({ name: 'A', description: 'd', iconColor: 'aqua', parent: null, children: [], imageCount: 0 });
    const all = await client.get<Page<Folder>>('/folder/get');
    expect(all.data.map((f) => [f.name, f.parent])).toEqual([['A', null]]);
    expect(all.data[0]!.children.map((f) => [f.id, f.parent])).toEqual([[b.id, a.id]]);
    const byIds = await client.post<Page<Folder>>('/folder/get', { ids: [b.id] });
    expect(byIds.data.map((f) => f.id)).toEqual([b.id]);
    const { body } = await fetchApi(`/api/v2/folder/get?id=${b.id}&limit=1`, { headers: { [LIBRARY_HEADER]: library } });
    expect(body.data).toMatchObject({ total: 1, limit: 1, data: [{ id: b.id }] });

    const updated = await client.post<Folder>('/folder/update', { id: b.id, name: 'B2', tags: ['t'], iconColor: 'pink', parent: null });
    expect(updated).toMatchObject({ name: 'B2', tags: ['t'], iconColor: 'pink', parent: null });
    expect((await client.get<Page<Folder>>('/folder/get')).data[0]!.children).toEqual([]);
  });

  it('refuses bad input with the errors of decisions.md, and changes nothing', async () => {
    const { client, library } = await isolatedClient();
    const top = await client.post<Folder>('/folder/create', { name: 'top' });
    const child = await client.post<Folder>('/folder/create', { name: 'child', parent: top.id });
    const before = await client.get('/folder/get');
    await expectError(library, '/api/v2/folder/update', { id: top.id, parent: child.id }, 400, 'INVALID_ARGUMENT', /parent.*descendant/);
    await expectError(library, '/api/v2/folder/update', { id: top.id, parent: top.id }, 400, 'INVALID_ARGUMENT', /parent.*itself/);
    await expectError(library, '/api/v2/folder/update', { id: 'GHOST', name: 'x' }, 404, 'NOT_FOUND', /GHOST/);
    await expectError(library, '/api/v2/folder/update', { id: top.id, parent: 'GHOST' }, 404, 'NOT_FOUND', /parent/);
    await expectError(library, '/api/v2/folder/update', { id: top.id, iconColor: 'teal' }, 400, 'INVALID_ARGUMENT', COLOURS);
    await expectError(library, '/api/v2/folder/create', { name: 'x', iconColor: 'teal' }, 400, 'INVALID_ARGUMENT', COLOURS);
    await expectError(library, '/api/v2/folder/create', { name: 'x', parent: 'GHOST' }, 404, 'NOT_FOUND', /parent.*GHOST/);
    await expectError(library, '/api/v2/folder/create', {}, 400, 'INVALID_ARGUMENT', /name/);
    await expectError(library, '/api/v2/folder/open', { id: 'GHOST' }, 404, 'NOT_FOUND', /GHOST/);
    expect(await client.get('/folder/get')).toEqual(before);
  });

  it('opens a folder: every tab is told, it becomes isSelected, and that survives a worker stop', async () => {
    await controlledBy();
    const { client, library } = await isolatedClient();
    const folder = await client.post<Folder>('/folder/create', { name: 'Shown' });
    await client.post('/folder/create', { name: 'Other' });
    const log = new EventLog(library);
    const told = await log.expectAfter(async () => {
      expect(await client.post('/folder/open', { id: folder.id })).toBe(true);
      return ['folder', 'opened', folder.id];
    });
    expect(told).toMatchObject({ ids: [folder.id], library });
    log.close();
    await stopServiceWorkers();
    const selected = await client.get<Page<Folder>>('/folder/get', { isSelected: true });
    expect(selected.data.map((f) => f.id)).toEqual([folder.id]);
    expect((await client.get<Page<Folder>>('/folder/get', { isRecent: true })).total).toBe(0);
  });
});

// Issue 12 through the real service worker: prototype-key names, lone surrogates, the folder tree,
// booleans in any case, and smart-folder counts kept in IndexedDB across worker stops.
import { describe, expect, it } from 'vitest';
import { expectError } from './expect-error';
import { fetchApi, isolatedClient, LIBRARY_HEADER, stopServiceWorkers } from './service-worker';
import type { Page } from '../../src/core/http/pagination';
import type { FolderView } from '../../src/core/folders/folder-view';
import type { SmartFolderView } from '../../src/core/smart-folders/smart-folder-view';

describe('hardening through the worker', () => {
  it('treats prototype keys as unknown libraries', async () => {
    const { library } = await isolatedClient();
    await expectError(library, '/api/v2/library/switch', { libraryPath: 'toString' }, 404, 'NOT_FOUND', /libraryPath/);
    const { response } = await fetchApi('/api/v2/item/countAll', { headers: { [LIBRARY_HEADER]: 'constructor' } });
    expect(response.status).toBe(404);
    const icon = await fetchApi('/api/v2/library/icon?libraryPath=toString');
    expect(icon.response.status).toBe(404);
  });

  it('refuses a lone surrogate, naming the field, and stores nothing', async () => {
    const { client, library } = await isolatedClient();
    await expectError(library, '/api/v2/item/add', { id: 'A\uD800', bookmarkURL: 'https://example.com/' }, 400, 'INVALID_ARGUMENT', /^id: .*Unicode/);
    expect(await client.get('/item/countAll')).toBe(0);
  });

  it('answers folder/get as a tree and takes isRecent=True', async () => {
    const { client } = await isolatedClient();
    const top = await client.post<FolderView>('/folder/create', { name: 'Top' });
    const child = await client.post<FolderView>('/folder/create', { name: 'Child', parent: top.id });
    await client.post('/item/add', { bookmarkURL: 'https://example.com/', folders: [child.id] });
    const tree = await client.get<Page<FolderView>>('/folder/get');
    expect(tree.total).toBe(1);
    expect(tree.data[0]!.children.map((f) => f.name)).toEqual(['Child']);
    const recent = await client.get<Page<FolderView>>('/folder/get', { isRecent: 'True' });
    expect(recent.data.map((f) => f.name)).toEqual(['Child']);
  });

  it('keeps smart-folder imageCount exact across writes and worker stops', async () => {
    const { client } = await isolatedClient();
    const conditions = [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'tags', method: 'union', value: ['cat'] }] }];
    const folder = await client.post<SmartFolderView>('/smartFolder/create', { name: 'Cats', conditions });
    expect(folder.imageCount).toBe(0);
    const { id } = await client.post<{ id: string }>('/item/add', { bookmarkURL: 'https://example.com/', tags: ['cat'] });
    const count = async () => (await client.get<Page<SmartFolderView>>('/smartFolder/get')).data[0]!.imageCount;
    expect(await count()).toBe(1);
    await stopServiceWorkers();
    await client.post('/item/update', { id, isDeleted: true });
    expect(await count()).toBe(0);
    await stopServiceWorkers();
    await client.post('/item/update', { id, isDeleted: false });
    expect(await count()).toBe(1);
  });
});

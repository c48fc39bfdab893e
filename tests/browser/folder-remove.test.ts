// folder/remove (ours) through the real service worker: subfolders go, items stay and leave them,
// bad input is a 400 naming the field, and a refused remove changes nothing.
import { describe, expect, it } from 'vitest';
import { expectError } from './expect-error';
import { isolatedClient, stopServiceWorkers, type ApiClient } from './service-worker';

interface Page<T> {
  data: T[];
  total: number;
}
interface Folder {
  id: string;
  name: string;
  imageCount: number;
  children: Folder[];
}
interface Item {
  id: string;
  folders: string[];
}

const add = async (client: ApiClient, n: number, folders: string[]) =>
  (await client.post<{ id: string }>('/item/add', { name: `b${n}`, bookmarkURL: `https://example.com/${n}`, folders })).id;
const names = (folders: Folder[]): string[] => folders.flatMap((f) => [f.name, ...names(f.children)]);

describe('folder/remove through the service worker', () => {
  it('removes a folder with its subfolders; the items stay, Unfiled when in no folder any more', async () => {
    const { client } = await isolatedClient();
    const travel = await client.post<Folder>('/folder/create', { name: 'Travel' });
    const rome = await client.post<Folder>('/folder/create', { name: 'Rome', parent: travel.id });
    const keep = await client.post<Folder>('/folder/create', { name: 'Keep' });
    const only = await add(client, 1, [rome.id]);
    const both = await add(client, 2, [travel.id, keep.id]);

    expect(await client.post('/folder/remove', { folderId: travel.id })).toBe(true);
    await stopServiceWorkers(); // nothing of it lived in the worker's memory
    const tree = await client.get<Page<Folder>>('/folder/get');
    expect(names(tree.data)).toEqual(['Keep']);
    expect(tree.data[0]!.imageCount).toBe(1);
    const items = await client.post<Page<Item>>('/item/get', { ids: [only, both] });
    expect(Object.fromEntries(items.data.map((i) => [i.id, i.folders]))).toEqual({ [only]: [], [both]: [keep.id] });
    expect((await client.post<Page<Item>>('/item/get', { isUnfiled: true })).data.map((i) => i.id)).toEqual([only]);
  });

  it('refuses bad input with a clear error naming the field, and changes nothing', async () => {
    const { client, library } = await isolatedClient();
    const folder = await client.post<Folder>('/folder/create', { name: 'Stays' });
    await add(client, 1, [folder.id]);
    const before = await client.get('/folder/get');
    await expectError(library, '/api/v2/folder/remove', {}, 400, 'INVALID_ARGUMENT', /folderId/);
    await expectError(library, '/api/v2/folder/remove', { folderIds: [] }, 400, 'INVALID_ARGUMENT', /folderIds/);
    await expectError(library, '/api/v2/folder/remove', { folderIds: [folder.id, 'GHOST'] }, 404, 'NOT_FOUND', /folderIds.*GHOST/);
    await expectError(library, '/api/v2/folder/create', { name: 'x'.repeat(256) }, 400, 'INVALID_ARGUMENT', /name.*255/);
    expect(await client.get('/folder/get')).toEqual(before);
  });
});

describe('item/remove through the service worker', () => {
  it('deletes a trashed item for good, and refuses one that is not in the trash', async () => {
    const { client, library } = await isolatedClient();
    const trashed = await add(client, 1, []);
    const live = await add(client, 2, []);
    await client.post('/item/update', { id: trashed, isDeleted: true });
    await expectError(library, '/api/v2/item/remove', { ids: [live] }, 400, 'INVALID_ARGUMENT', /ids.*not in the trash/);
    await expectError(library, '/api/v2/item/remove', { ids: [] }, 400, 'INVALID_ARGUMENT', /ids/);
    expect(await client.post('/item/remove', { ids: [trashed] })).toBe(true);
    expect((await client.post<Page<Item>>('/item/get', { isDeleted: true })).total).toBe(0);
    expect((await client.post<Page<Item>>('/item/get', {})).data.map((i) => i.id)).toEqual([live]);
  });
});

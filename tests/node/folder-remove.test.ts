import { beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../src/core/events/change';
import type { FolderView } from '../../src/core/folders/folder-view';
import type { Page } from '../../src/core/http/pagination';
import { seedItems } from './fixtures/seed-items';
import { call, makeApi, newLibrary } from './helpers';

type Item = { id: string; folders: string[]; isDeleted: boolean };

let time = 1_800_000_000_000;
const api = makeApi({ clock: () => time });
const heard: ChangeEvent[] = [];
api.changes.subscribe((change) => heard.push(change));
let library: string;
const post = <T>(path: string, body: Record<string, unknown>) => call<T>(api, 'POST', path, body, { library });
const create = async (body: Record<string, unknown>) => (await post<FolderView>('/folder/create', body)).data;
const tree = async () => (await post<Page<FolderView>>('/folder/get', {})).data.data;
const itemsWhere = async (filter: Record<string, unknown>) =>
  (await post<Page<Item>>('/item/get', { ...filter, limit: 100 })).data.data.map((i) => i.id).sort();

beforeEach(async () => {
  library = await newLibrary(api);
  heard.length = 0;
});

describe('folder/remove', () => {
  it('removes the folder and its subfolders; their items stay, leaving them, Unfiled when in no folder', async () => {
    const travel = await create({ name: 'Travel' });
    const rome = await create({ name: 'Rome', parent: travel.id });
    const night = await create({ name: 'Night', parent: rome.id });
    const keep = await create({ name: 'Keep' });
    const [a, b, c, d] = await seedItems(api, library, [
      { folders: [travel.id] },
      { folders: [night.id, keep.id] },
      { folders: [rome.id], isDeleted: true },
      { folders: [keep.id] },
    ]);
    time += 1000;
    const answer = await post('/folder/remove', { folderId: travel.id });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    expect(answer.data).toBe(true);

    expect((await tree()).map((f) => [f.name, f.children.length])).toEqual([['Keep', 0]]);
    expect(await itemsWhere({})).toEqual([a!.id, b!.id, d!.id].sort());
    expect(await itemsWhere({ isUnfiled: true })).toEqual([a!.id]);
    expect(await itemsWhere({ isDeleted: true })).toEqual([c!.id]);
    const trashed = (await post<Page<Item>>('/item/get', { id: c!.id, isDeleted: true })).data.data[0]!;
    expect(trashed.folders).toEqual([]);
    expect((await post<Page<Item>>('/item/get', { id: b!.id })).data.data[0]!.folders).toEqual([keep.id]);
    expect((await tree())[0]!.imageCount).toBe(2);
    const removed = heard.find((change) => change.kind === 'folder' && change.action === 'removed');
    expect([...(removed?.ids ?? [])].sort()).toEqual([travel.id, rome.id, night.id].sort());
    // The folder names no longer find the items.
    expect((await post<Page<Item>>('/item/query', { query: 'Rome' })).data.total).toBe(0);
  });

  it('takes a list, forgets removed folders in the recent list and the selection', async () => {
    const one = await create({ name: 'One' });
    const two = await create({ name: 'Two' });
    const three = await create({ name: 'Three' });
    await seedItems(api, library, [{}]);
    const [item] = (await post<Page<Item>>('/item/get', {})).data.data;
    await post('/item/update', { id: item!.id, folders: [one.id, two.id, three.id] });
    await post('/folder/open', { id: two.id });
    expect((await post('/folder/remove', { folderIds: [one.id, two.id] })).data).toBe(true);
    expect((await tree()).map((f) => f.name)).toEqual(['Three']);
    expect((await post<Page<FolderView>>('/folder/get', { isRecent: true })).data.data.map((f) => f.id)).toEqual([three.id]);
    expect((await post<Page<FolderView>>('/folder/get', { isSelected: true })).data.total).toBe(0);
  });

  it.each([
    ['no id', {}, 400, /folderId/],
    ['an empty id', { folderId: ' ' }, 400, /folderId/],
    ['an empty list', { folderIds: [] }, 400, /folderIds/],
    ['a number', { folderId: 7 }, 400, /folderId/],
    ['two forms at once', { folderId: 'a', folderIds: ['b'] }, 400, /folderId.*not both/],
    ['an unknown id', { folderId: 'GHOST' }, 404, /folderId.*GHOST/],
    ['a list with one unknown id', { folderIds: ['KNOWN', 'GHOST'] }, 404, /folderIds.*GHOST/],
  ])('refuses %s and changes nothing', async (_name, body, status, message) => {
    const known = await create({ name: 'Known' });
    await seedItems(api, library, [{ folders: [known.id] }]);
    const sent = JSON.parse(JSON.stringify(body).replace('KNOWN', known.id));
    const answer = await post('/folder/remove', sent);
    expect(answer.httpStatus).toBe(status);
    expect((answer.body as { message: string }).message).toMatch(message);
    expect((await tree()).map((f) => [f.name, f.imageCount])).toEqual([['Known', 1]]);
  });

  it('keeps smart folders that name a removed folder working: listed, counted, edited', async () => {
    const gone = await create({ name: 'Gone' });
    const [inside, outside] = await seedItems(api, library, [{ folders: [gone.id] }, {}]);
    const conditions = [{ rules: [{ property: 'folders', method: 'identity', value: [gone.id] }] }];
    const smart = (await post<{ id: string }>('/smartFolder/create', { name: 'Not in Gone', conditions })).data;
    const matches = async () => (await post<Page<Item>>('/smartFolder/getItems', { smartFolderId: smart.id })).data.data.map((i) => i.id).sort();
    expect(await matches()).toEqual([outside!.id]);
    await post('/folder/remove', { folderId: gone.id });
    expect(await matches()).toEqual([inside!.id, outside!.id].sort());
    const edited = await post('/smartFolder/update', { id: smart.id, name: 'Renamed', conditions });
    expect(edited.httpStatus, JSON.stringify(edited.body)).toBe(200);
    expect((await post<{ count: number }>('/smartFolder/count', { conditions })).data.count).toBe(2);
    // An id no smart folder named before is still refused.
    const other = [{ rules: [{ property: 'folders', method: 'union', value: ['NEVER'] }] }];
    expect((await post('/smartFolder/update', { id: smart.id, conditions: other })).httpStatus).toBe(404);
  });
});

describe('folder names', () => {
  it('refuses a name over 255 characters in create and update, naming the field', async () => {
    const long = 'x'.repeat(256);
    const made = await post('/folder/create', { name: long });
    expect(made.httpStatus).toBe(400);
    expect((made.body as { message: string }).message).toMatch(/name.*255/);
    const folder = await create({ name: 'x'.repeat(255) });
    const renamed = await post('/folder/update', { id: folder.id, name: long });
    expect(renamed.httpStatus).toBe(400);
    expect((renamed.body as { message: string }).message).toMatch(/name.*255/);
    expect((await tree()).map((f) => f.name.length)).toEqual([255]);
  });
});

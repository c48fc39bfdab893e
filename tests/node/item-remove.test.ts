import { beforeEach, describe, expect, it } from 'vitest';
import type { FolderView } from '../../src/core/folders/folder-view';
import type { Page } from '../../src/core/http/pagination';
import { expectItemCountsMatchRows } from './fixtures/index-rebuild';
import { openLibrary } from './fixtures/seed-items';
import { call, makeApi, newLibrary } from './helpers';

const api = makeApi();
let library: string;
const post = <T>(path: string, body: Record<string, unknown>) => call<T>(api, 'POST', path, body, { library });
const add = async (n: number, extra: Record<string, unknown> = {}) =>
  (await post<{ id: string }>('/item/add', { name: `b${n}`, bookmarkURL: `https://example.com/${n}`, ...extra })).data.id;
const trashIds = async () => (await post<Page<{ id: string }>>('/item/get', { isDeleted: true })).data.data.map((i) => i.id).sort();

beforeEach(async () => {
  library = await newLibrary(api);
});

describe('item/remove', () => {
  it('deletes trashed items for good, with their comments, and keeps counts right', async () => {
    const folder = (await post<FolderView>('/folder/create', { name: 'F' })).data;
    const gone = await add(1, { folders: [folder.id], tags: ['t'] });
    const stays = await add(2, { folders: [folder.id], tags: ['t'] });
    await post('/item/addComment', { id: gone, annotation: 'note', duration: 1 });
    await post('/item/update', { id: gone, isDeleted: true });
    await post('/item/update', { id: stays, isDeleted: true });
    const answer = await post('/item/remove', { ids: [gone] });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    expect(answer.data).toBe(true);
    expect(await trashIds()).toEqual([stays]);
    const { db } = await openLibrary(api, library);
    expect(await db.comments.where('itemId').equals(gone).count()).toBe(0);
    await expectItemCountsMatchRows(db);
    expect((await call<number>(api, 'GET', '/item/countAll', {}, { library })).data).toBe(0);
    await post('/item/update', { id: stays, isDeleted: false });
    expect((await call<number>(api, 'GET', '/item/countAll', {}, { library })).data).toBe(1);
    expect((await post<Page<FolderView>>('/folder/get', {})).data.data[0]!.imageCount).toBe(1);
    expect((await post<Page<{ name: string; count: number }>>('/tag/get', {})).data.data.map((t) => [t.name, t.count])).toEqual([['t', 1]]);
  });

  it.each([
    ['no ids', {}, 400, /ids/],
    ['an empty list', { ids: [] }, 400, /ids/],
    ['an unknown id', { ids: ['TRASHED', 'GHOST'] }, 404, /ids.*GHOST/],
    ['an item not in the trash', { ids: ['TRASHED', 'LIVE'] }, 400, /ids.*not in the trash/],
  ])('refuses %s and deletes nothing', async (_name, body, status, message) => {
    const trashed = await add(1);
    const live = await add(2);
    await post('/item/update', { id: trashed, isDeleted: true });
    const sent = JSON.parse(JSON.stringify(body).replace('TRASHED', trashed).replace('LIVE', live));
    const answer = await post('/item/remove', sent);
    expect(answer.httpStatus).toBe(status);
    expect((answer.body as { message: string }).message).toMatch(message);
    expect(await trashIds()).toEqual([trashed]);
    expect((await post<Page<{ id: string }>>('/item/get', {})).data.data.map((i) => i.id)).toEqual([live]);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../src/core/events/change';
import { changeItem, seedItems } from './fixtures/seed-items';
import { call, makeApi, newLibrary } from './helpers';
import type { Page } from '../../src/core/http/pagination';
import type { FolderView } from '../../src/core/folders/folder-view';

type Folder = FolderView;

let time = 1_800_000_000_000;
const api = makeApi({ clock: () => time });
/** What every tab hears of folder/open (the change feed behind /api/v2/events). */
const openedChanges: ChangeEvent[] = [];
api.changes.subscribe((change) => change.kind === 'folder' && change.action === 'opened' && openedChanges.push(change));
let library: string;
const post = <T>(path: string, body: Record<string, unknown>) => call<T>(api, 'POST', path, body, { library });
const create = async (body: Record<string, unknown>) => {
  const answer = await post<Folder>('/folder/create', body);
  expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  return answer.data;
};
const list = async (input: Record<string, unknown> = {}, method: 'GET' | 'POST' = 'GET') =>
  (await call<Page<Folder>>(api, method, '/folder/get', input, { library })).data;

beforeEach(async () => {
  library = await newLibrary(api);
  openedChanges.length = 0;
});

describe('folder/create and folder/get', () => {
  it('creates root and nested folders, listed as a tree of root folders with nested children', async () => {
    const a = await create({ name: 'A', description: 'first', iconColor: 'red' });
    const b = await create({ name: 'B' });
    const a1 = await create({ name: 'A1', parent: a.id });
    const a1x = await create({ name: 'A1x', parent: a1.id });
    expect(a).toMatchObject({ name: 'A', description: 'first', iconColor: 'red', parent: null, children: [], tags: [], imageCount: 0, modificationTime: time });
    expect(a1.parent).toBe(a.id);
    const page = await list();
    expect(page.data.map((f) => f.name)).toEqual(['A', 'B']);
    expect(page).toMatchObject({ total: 2, offset: 0, limit: 50 });
    expect(page.data[0]!.children.map((f) => f.id)).toEqual([a1.id]);
    expect(page.data[0]!.children[0]!.children.map((f) => f.id)).toEqual([a1x.id]);
    expect(page.data[1]!.id).toBe(b.id);
  });

  it('filters by id, ids, and pages', async () => {
    const made = [];
    for (const name of ['one', 'two', 'three']) made.push(await create({ name }));
    expect((await list({ id: made[1]!.id })).data.map((f) => f.name)).toEqual(['two']);
    expect((await list({ ids: [made[2]!.id, made[0]!.id] }, 'POST')).data.map((f) => f.name)).toEqual(['one', 'three']);
    expect((await list({ ids: `${made[2]!.id},${made[0]!.id}` })).data.map((f) => f.name)).toEqual(['one', 'three']);
    expect((await list({ id: 'NOPE' })).total).toBe(0);
    expect(await list({ offset: 1, limit: 1 })).toMatchObject({ total: 3, offset: 1, limit: 1, data: [{ name: 'two' }] });
  });

  it.each([
    ['missing name', {}, 400, /name/],
    ['empty name', { name: '  ' }, 400, /name/],
    ['bad colour', { name: 'x', iconColor: 'teal' }, 400, /iconColor.*red, orange, yellow, green, aqua, blue, purple, pink/],
    ['unknown parent', { name: 'x', parent: 'GHOST' }, 404, /parent.*GHOST/],
  ])('refuses %s', async (_name, body, status, message) => {
    const answer = await post('/folder/create', body);
    expect(answer.httpStatus).toBe(status);
    expect((answer.body as { message: string }).message).toMatch(message);
    expect((await list()).total).toBe(0);
  });
});

describe('folder/update', () => {
  it('changes only the fields sent and bumps modificationTime', async () => {
    const folder = await create({ name: 'Old', description: 'keep', iconColor: 'blue' });
    time += 1000;
    const answer = await post<Folder>('/folder/update', { id: folder.id, name: 'New', tags: ['x', 'y', 'x'] });
    expect(answer.data).toMatchObject({ id: folder.id, name: 'New', description: 'keep', iconColor: 'blue', tags: ['x', 'y'], modificationTime: time });
    const cleared = await post<Folder>('/folder/update', { id: folder.id, iconColor: '' });
    expect(cleared.data.iconColor).toBe('');
  });

  it('moves folders, to the root with null, and answers the moved subtree', async () => {
    const a = await create({ name: 'A' });
    const b = await create({ name: 'B' });
    const b1 = await create({ name: 'B1', parent: b.id });
    const moved = await post<Folder>('/folder/update', { id: b.id, parent: a.id });
    expect(moved.data).toMatchObject({ parent: a.id, children: [{ id: b1.id }] });
    expect((await list()).data.map((f) => f.name)).toEqual(['A']);
    expect((await list()).data[0]!.children.map((f) => f.name)).toEqual(['B']);
    const root = await post<Folder>('/folder/update', { id: b.id, parent: null });
    expect(root.data.parent).toBeNull();
    expect((await list()).data[0]!.children).toEqual([]);
  });

  it.each([
    ['under itself', (ids: string[]) => ({ id: ids[0], parent: ids[0] }), 400, /itself/],
    ['under its child', (ids: string[]) => ({ id: ids[0], parent: ids[1] }), 400, /descendant/],
    ['under its grandchild', (ids: string[]) => ({ id: ids[0], parent: ids[2] }), 400, /descendant/],
    ['unknown folder', () => ({ id: 'GHOST', name: 'x' }), 404, /id.*GHOST/],
    ['unknown parent', (ids: string[]) => ({ id: ids[0], parent: 'GHOST' }), 404, /parent.*GHOST/],
    ['bad colour', (ids: string[]) => ({ id: ids[0], iconColor: 'Red' }), 400, /iconColor.*aqua/],
    ['empty tag', (ids: string[]) => ({ id: ids[0], tags: ['ok', ' '] }), 400, /tags/],
  ])('refuses moving or changing %s, and changes nothing', async (_name, body, status, message) => {
    const top = await create({ name: 'top' });
    const child = await create({ name: 'child', parent: top.id });
    const grandchild = await create({ name: 'grandchild', parent: child.id });
    const before = await list();
    const answer = await post('/folder/update', body([top.id, child.id, grandchild.id]));
    expect(answer.httpStatus).toBe(status);
    expect((answer.body as { message: string }).message).toMatch(message);
    expect(await list()).toEqual(before);
  });
});

describe('imageCount, isRecent, isSelected and folder/open', () => {
  it('counts non-trashed items directly in the folder', async () => {
    const parent = await create({ name: 'P' });
    const child = await create({ name: 'C', parent: parent.id });
    const [one, two] = await seedItems(api, library, [{ folders: [parent.id] }, { folders: [parent.id, child.id] }, {}]);
    const counts = async () => Object.fromEntries((await list({ ids: [parent.id, child.id] })).data.map((f) => [f.name, f.imageCount]));
    expect(await counts()).toEqual({ P: 2, C: 1 });
    await changeItem(api, library, two!.id, { isDeleted: true });
    expect(await counts()).toEqual({ P: 1, C: 0 });
    await changeItem(api, library, two!.id, { isDeleted: false });
    await changeItem(api, library, one!.id, { folders: [child.id] });
    expect(await counts()).toEqual({ P: 1, C: 2 });
  });

  it('lists the folders most recently used for items, newest first', async () => {
    const a = await create({ name: 'A' });
    const b = await create({ name: 'B' });
    await create({ name: 'unused' });
    const [item] = await seedItems(api, library, [{ folders: [a.id] }], 1);
    await changeItem(api, library, item!.id, { folders: [a.id, b.id] }, 2);
    expect((await list({ isRecent: true })).data.map((f) => f.name)).toEqual(['B', 'A']);
    expect((await list({ isRecent: 'true', id: a.id })).data.map((f) => f.name)).toEqual(['A']);
  });

  it('opens a folder: true, a change every tab hears, and it becomes the selected folder', async () => {
    const a = await create({ name: 'A' });
    const b = await create({ name: 'B' });
    expect((await list({ isSelected: true })).total).toBe(0);
    const opened = await post('/folder/open', { id: b.id });
    expect(opened.data).toBe(true);
    expect(openedChanges).toEqual([{ kind: 'folder', action: 'opened', ids: [b.id], library }]);
    expect((await list({ isSelected: true })).data.map((f) => f.id)).toEqual([b.id]);
    expect((await list({ isSelected: false })).total).toBe(2);
    await post('/folder/open', { id: a.id });
    expect((await list({ isSelected: 'true' })).data.map((f) => f.id)).toEqual([a.id]);
  });

  it('refuses to open an unknown folder, keeping the selection', async () => {
    const a = await create({ name: 'A' });
    await post('/folder/open', { id: a.id });
    const answer = await post('/folder/open', { id: 'GHOST' });
    expect(answer.httpStatus).toBe(404);
    expect((answer.body as { message: string }).message).toMatch(/GHOST/);
    expect(openedChanges).toHaveLength(1);
    expect((await list({ isSelected: true })).data.map((f) => f.id)).toEqual([a.id]);
  });
});

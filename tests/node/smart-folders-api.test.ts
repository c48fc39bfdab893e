// The smart-folder endpoints through the core's request handler, on libraries seeded with rows.
import { describe, expect, it } from 'vitest';
import { matchSmartFolders } from '../../src/core/smart-folders/match';
import { itemPk } from '../../src/core/listing/item-row';
import { call } from './helpers';
import { makeItemRow } from './fixtures/item-rows';
import { at, folderRow, NOW, seededLibrary } from './fixtures/smart-folders';
import type { Page } from '../../src/core/http/pagination';
import type { SmartFolderView } from '../../src/core/smart-folders/smart-folder-view';

type View = SmartFolderView;

const rows = [
  makeItemRow({ id: 'A', name: 'cat one', tags: ['cat'], width: 2000, importedAt: at(2024, 3, 1) }),
  makeItemRow({ id: 'B', name: 'cat two', tags: ['cat'], width: 500, ext: 'jpg', importedAt: at(2024, 3, 2) }),
  makeItemRow({ id: 'C', name: 'dog', tags: ['dog'], width: 3000, importedAt: at(2024, 3, 3) }),
  makeItemRow({ id: 'D', name: 'cat gone', tags: ['cat'], width: 2500, isDeleted: true, importedAt: at(2024, 3, 4) }),
  makeItemRow({ id: 'E', name: 'x'.repeat(2) + 'a'.repeat(50_000) + 'b', tags: ['cat'], width: 1200, importedAt: at(2024, 3, 5) }),
];
const catRules = [{ rules: [{ property: 'tags', method: 'union', value: ['cat'] }], match: 'AND', boolean: 'TRUE' }];
const wideRules = [{ rules: [{ property: 'width', method: '>=', value: [1000] }], match: 'AND', boolean: 'TRUE' }];

async function setup() {
  const seeded = await seededLibrary(rows, { folders: [folderRow('F1', 'Work')] });
  const post = <T>(path: string, body: Record<string, unknown>) => call<T>(seeded.api, 'POST', path, body, { library: seeded.library });
  const get = <T>(path: string, query: Record<string, unknown> = {}) => call<T>(seeded.api, 'GET', path, query, { library: seeded.library });
  return { ...seeded, post, get };
}

describe('smart folder endpoints', () => {
  it('describes every rule property in getRules', async () => {
    const { get } = await setup();
    const schema = (await get<Record<string, { methods: string[]; valueType: string; options?: string[]; noValueMethods?: string[]; unit?: string[]; custom?: unknown }>>('/smartFolder/getRules')).data;
    expect(Object.keys(schema).sort()).toEqual(
      ['annotation', 'btime', 'color', 'comments', 'createTime', 'duration', 'fileSize', 'folderName', 'folders', 'height', 'mtime', 'name', 'rating', 'shape', 'tags', 'type', 'url', 'width'].sort(),
    );
    expect(schema.name).toMatchObject({ methods: ['equal', 'startWith', 'endWith', 'contain', 'uncontain', 'empty', 'not-empty', 'regex'], valueType: 'string', noValueMethods: ['empty', 'not-empty'] });
    expect(schema.width).toMatchObject({ methods: ['=', '>=', '<=', '>', '<', 'between'], valueType: 'number' });
    expect(schema.fileSize!.unit).toEqual(['kb', 'mb']);
    expect(schema.duration!.unit).toEqual(['s', 'm', 'h']);
    expect(schema.mtime!.methods).toEqual(['on', 'before', 'after', 'between', 'within']);
    expect(schema.tags).toMatchObject({ methods: ['union', 'intersection', 'equal', 'identity', 'empty', 'not-empty'], noValueMethods: ['empty', 'not-empty'] });
    expect(schema.type!.options).toEqual(expect.arrayContaining(['jpg', 'png', 'gif', 'svg', 'bmp', 'webp', 'image', 'video', 'audio', 'font']));
    expect(schema.rating).toMatchObject({ methods: ['equal', 'unequal', 'contain'], options: ['none', '1', '2', '3', '4', '5'] });
    expect(schema.shape!.options).toContain('custom');
    expect(schema.shape!.custom).toMatchObject({ fields: { width: 'number', height: 'number' } });
    expect(schema.color).toMatchObject({ methods: ['similar', 'accuracy', 'grayscale'], noValueMethods: ['grayscale'] });
  });

  it('creates a smart folder and answers its view with imageCount', async () => {
    const { post } = await setup();
    const created = await post<View>('/smartFolder/create', { name: 'Cats', conditions: catRules, iconColor: 'blue', description: 'd', icon: 'star' });
    expect(created.httpStatus).toBe(200);
    expect(created.data).toMatchObject({ name: 'Cats', iconColor: 'blue', description: 'd', icon: 'star', children: [], parent: null, imageCount: 3 });
    expect(created.data.modificationTime).toBeGreaterThanOrEqual(NOW);
    expect(created.data.conditions).toEqual(catRules);
  });

  it('stores rules in normal form', async () => {
    const { post } = await setup();
    const created = await post<View>('/smartFolder/create', {
      name: 'n',
      conditions: [{ rules: [{ property: 'type', method: 'equal', value: '.PNG', extra: 1 }, { property: 'width', method: '>', value: 10 }], match: 'or' }],
    });
    expect(created.data.conditions).toEqual([{ rules: [{ property: 'type', method: 'equal', value: 'png' }, { property: 'width', method: '>', value: [10] }], match: 'OR', boolean: 'TRUE' }]);
  });

  it('nests children that match within their parent, and lists parents first', async () => {
    const { post, get } = await setup();
    const parent = (await post<View>('/smartFolder/create', { name: 'Cats', conditions: catRules })).data;
    const child = (await post<View>('/smartFolder/create', { name: 'Wide cats', conditions: wideRules, parent: parent.id })).data;
    expect(child).toMatchObject({ parent: parent.id, imageCount: 2 });
    const other = (await post<View>('/smartFolder/create', { name: 'Wide', conditions: wideRules })).data;
    expect(other.imageCount).toBe(3);

    const all = (await get<Page<View>>('/smartFolder/get')).data;
    expect(all.data.map((v) => v.name)).toEqual(['Cats', 'Wide cats', 'Wide']);
    expect(all.data[0]!.children.map((c) => [c.name, c.imageCount])).toEqual([['Wide cats', 2]]);
    expect(all.total).toBe(3);
    const items = (await get<Page<{ id: string }>>('/smartFolder/getItems', { smartFolderId: child.id })).data;
    expect(items.data.map((i) => i.id)).toEqual(['E', 'A']);
  });

  it('gets by id and ids, paginated, and refuses unknown ids', async () => {
    const { post, get } = await setup();
    const a = (await post<View>('/smartFolder/create', { name: 'a', conditions: catRules })).data;
    const b = (await post<View>('/smartFolder/create', { name: 'b', conditions: wideRules })).data;
    expect((await get<Page<View>>('/smartFolder/get', { id: b.id })).data.data.map((v) => v.name)).toEqual(['b']);
    expect((await post<Page<View>>('/smartFolder/get', { ids: [b.id, a.id] })).data.data.map((v) => v.name)).toEqual(['a', 'b']);
    const page = (await get<Page<View>>('/smartFolder/get', { limit: 1, offset: 1 })).data;
    expect(page).toMatchObject({ total: 2, offset: 1, limit: 1 });
    expect(page.data.map((v) => v.name)).toEqual(['b']);
    const missing = await post('/smartFolder/get', { ids: [a.id, 'NOPE'] });
    expect(missing.httpStatus).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('"NOPE"') });
  });

  it('updates only the fields sent', async () => {
    const { post } = await setup();
    const made = (await post<View>('/smartFolder/create', { name: 'a', conditions: catRules, iconColor: 'red' })).data;
    const renamed = (await post<View>('/smartFolder/update', { id: made.id, name: 'b' })).data;
    expect(renamed).toMatchObject({ name: 'b', iconColor: 'red', conditions: catRules, imageCount: 3 });
    const narrowed = (await post<View>('/smartFolder/update', { id: made.id, conditions: wideRules, iconColor: '' })).data;
    expect(narrowed).toMatchObject({ name: 'b', iconColor: '', imageCount: 3, conditions: wideRules });
  });

  it('moves a smart folder with parent (ours) and refuses a cycle', async () => {
    const { post } = await setup();
    const top = (await post<View>('/smartFolder/create', { name: 'top', conditions: catRules })).data;
    const below = (await post<View>('/smartFolder/create', { name: 'below', conditions: wideRules, parent: top.id })).data;
    const cycle = await post('/smartFolder/update', { id: top.id, parent: below.id });
    expect(cycle.httpStatus).toBe(400);
    expect(cycle.body).toMatchObject({ message: expect.stringContaining('parent') });
    const moved = (await post<View>('/smartFolder/update', { id: below.id, parent: null })).data;
    expect(moved).toMatchObject({ parent: null, imageCount: 3 });
  });

  it('removes a smart folder with its children', async () => {
    const { post, get } = await setup();
    const top = (await post<View>('/smartFolder/create', { name: 'top', conditions: catRules })).data;
    const mid = (await post<View>('/smartFolder/create', { name: 'mid', conditions: catRules, parent: top.id })).data;
    await post('/smartFolder/create', { name: 'leaf', conditions: catRules, parent: mid.id });
    await post('/smartFolder/create', { name: 'kept', conditions: catRules });
    expect((await post('/smartFolder/remove', { id: top.id })).data).toBe(true);
    expect((await get<Page<View>>('/smartFolder/get')).data.data.map((v) => v.name)).toEqual(['kept']);
    expect((await post('/smartFolder/remove', { id: top.id })).httpStatus).toBe(404);
  });

  it('lists items newest first, with fields and pages, without trashed ones', async () => {
    const { post, get } = await setup();
    const cats = (await post<View>('/smartFolder/create', { name: 'Cats', conditions: catRules })).data;
    const all = (await get<Page<{ id: string }>>('/smartFolder/getItems', { smartFolderId: cats.id })).data;
    expect(all.data.map((i) => i.id)).toEqual(['E', 'B', 'A']);
    const page = (await post<Page<Record<string, unknown>>>('/smartFolder/getItems', { smartFolderId: cats.id, fields: ['name', 'width'], offset: 1, limit: 1 })).data;
    expect(page).toEqual({ data: [{ id: 'B', name: 'cat two', width: 500 }], total: 3, offset: 1, limit: 1 });
    const byName = (await get<Page<{ name: string }>>('/smartFolder/getItems', { smartFolderId: cats.id, orderBy: 'NAME', fields: 'name' })).data;
    expect(byName.data.map((i) => i.name)).toEqual(['cat one', 'cat two', rows[4]!.name]);
    const widest = (await post<Page<{ id: string }>>('/smartFolder/getItems', { smartFolderId: cats.id, orderBy: '-RESOLUTION', limit: 2 })).data;
    expect(widest).toMatchObject({ total: 3, data: [{ id: 'A' }, { id: 'E' }] });
    // Unknown field names are ignored (docs/contract.md#items, changed for public clients).
    const unknown = (await get<Page<Record<string, unknown>>>('/smartFolder/getItems', { smartFolderId: cats.id, fields: 'name,nope', limit: 1 })).data;
    expect(unknown.data).toEqual([{ id: 'E', name: rows[4]!.name }]);
    expect((await get('/smartFolder/getItems', { smartFolderId: 'NOPE' })).httpStatus).toBe(404);
    expect((await get('/smartFolder/getItems', {})).httpStatus).toBe(400);
  });

  it('answers a pathological regex on a long name at once, with the right items', async () => {
    const { post, get } = await setup();
    const made = await post<View>('/smartFolder/create', { name: 'evil', conditions: [{ rules: [{ property: 'name', method: 'regex', value: '(a+)+$' }] }] });
    expect(made.data.imageCount).toBe(0);
    const ends = await post<View>('/smartFolder/create', { name: 'ends in b', conditions: [{ rules: [{ property: 'name', method: 'regex', value: '(a+)+b$' }] }] });
    expect((await get<Page<{ id: string }>>('/smartFolder/getItems', { smartFolderId: ends.data.id })).data.data.map((i) => i.id)).toEqual(['E']);
  }, 10_000);

  it('includes smart folders with imageCount in library/info', async () => {
    const { post, get } = await setup();
    const parent = (await post<View>('/smartFolder/create', { name: 'Cats', conditions: catRules })).data;
    await post('/smartFolder/create', { name: 'Wide cats', conditions: wideRules, parent: parent.id });
    const info = (await get<{ smartFolders: View[] }>('/library/info')).data;
    expect(info.smartFolders).toHaveLength(1);
    expect(info.smartFolders[0]).toMatchObject({ name: 'Cats', imageCount: 3, children: [{ name: 'Wide cats', imageCount: 2 }] });
  });

  it('matches any of several smart folders for item/get, within parents, and refuses unknown ids', async () => {
    const { post, db } = await setup();
    const cats = (await post<View>('/smartFolder/create', { name: 'Cats', conditions: catRules })).data;
    const wideCats = (await post<View>('/smartFolder/create', { name: 'Wide cats', conditions: wideRules, parent: cats.id })).data;
    const dogs = (await post<View>('/smartFolder/create', { name: 'Dogs', conditions: [{ rules: [{ property: 'name', method: 'equal', value: 'DOG' }] }] })).data;
    const pk = (id: string) => rows.find((r) => r.id === id)!.pk;
    expect(await matchSmartFolders(db, [wideCats.id, dogs.id], NOW)).toEqual([pk('A'), pk('C'), pk('E')]);
    expect(await matchSmartFolders(db, [cats.id, wideCats.id], NOW)).toEqual([pk('A'), pk('B'), pk('E')]);
    await expect(matchSmartFolders(db, [cats.id, 'GHOST'], NOW)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No smart folder with id "GHOST" (field smartFolders).' });
    expect(pk('A')).toBe(itemPk(at(2024, 3, 1), 'A'));
  });

  it('refuses unknown folder ids and parents, and stores nothing', async () => {
    const { post, get } = await setup();
    const folderRule = (value: string[]) => [{ rules: [{ property: 'folders', method: 'union', value }] }];
    expect((await post<View>('/smartFolder/create', { name: 'ok', conditions: folderRule(['F1']) })).httpStatus).toBe(200);
    const unknown = await post('/smartFolder/create', { name: 'x', conditions: folderRule(['F1', 'F9']) });
    expect(unknown.httpStatus).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'No folder with id "F9" (field conditions[0].rules[0].value).' });
    const orphan = await post('/smartFolder/create', { name: 'x', conditions: catRules, parent: 'P9' });
    expect(orphan.httpStatus).toBe(404);
    expect((await get<Page<View>>('/smartFolder/get')).data.total).toBe(1);
    expect((await post('/smartFolder/update', { id: 'NOPE', name: 'y' })).httpStatus).toBe(404);
  });
});

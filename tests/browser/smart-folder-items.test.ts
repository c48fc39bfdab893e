// Smart folders over real items added through POST /api/v2/item/add, answered by the service worker.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/app/api-client';
import type { Page } from '../../src/core/http/pagination';
import type { ItemView } from '../../src/core/listing/item-view';
import type { SmartFolderView } from '../../src/core/smart-folders/smart-folder-view';
import { imageBase64 } from './images';
import { isolatedClient, stopServiceWorkers } from './service-worker';

const LONG_NAME = `${'a'.repeat(1000)}b`;

/** Six items: cats and a dog, PNG and JPEG, a bookmark, and a name that makes backtracking regexes explode. */
async function seeded(): Promise<{ client: ApiClient; ids: Record<string, string> }> {
  const { client } = await isolatedClient();
  const items = [
    { name: 'cat wide', base64: await imageBase64(400, 100), tags: ['cat'] },
    { name: 'cat small', base64: await imageBase64(50, 50), tags: ['cat'] },
    { name: 'dog wide', base64: await imageBase64(400, 200), tags: ['dog'] },
    { name: 'cat photo', base64: await imageBase64(500, 300, '#336699', 'image/jpeg'), tags: ['cat', 'photo'] },
    { name: 'cat page', bookmarkURL: 'https://example.com/cats', tags: ['cat'], annotation: 'Saved for later' },
    { name: LONG_NAME, base64: await imageBase64(10, 10), tags: [] },
  ];
  const { ids } = await client.post<{ ids: string[] }>('/item/add', { items });
  const keys = ['catWide', 'catSmall', 'dogWide', 'catPhoto', 'catPage', 'long'];
  return { client, ids: Object.fromEntries(keys.map((k, i) => [k, ids[i]!])) };
}

const create = (client: ApiClient, body: Record<string, unknown>) => client.post<SmartFolderView>('/smartFolder/create', body);
const itemsOf = async (client: ApiClient, smartFolderId: string, extra: Record<string, unknown> = {}) =>
  client.post<Page<Partial<ItemView>>>('/smartFolder/getItems', { smartFolderId, ...extra });
const namesOf = async (client: ApiClient, smartFolderId: string) =>
  (await itemsOf(client, smartFolderId, { orderBy: 'NAME', fields: ['name'] })).data.map((i) => i.name);

const rule = (property: string, method: string, value?: unknown, extra: Record<string, unknown> = {}) => ({ property, method, value, ...extra });
const group = (rules: unknown[], match = 'AND', boolean = 'TRUE') => ({ rules, match, boolean });

describe('smart folders over real items', () => {
  it('matches a tag + width + type rule set, and orders, pages and picks fields', async () => {
    const { client, ids } = await seeded();
    const folder = await create(client, {
      name: 'Wide cat images',
      conditions: [group([rule('tags', 'union', ['cat']), rule('width', '>=', [300]), rule('type', 'equal', 'image')])],
    });
    expect(folder.imageCount).toBe(2);
    expect(await namesOf(client, folder.id)).toEqual(['cat photo', 'cat wide']);
    const newest = await client.get<Page<Partial<ItemView>>>('/smartFolder/getItems', { smartFolderId: folder.id, fields: 'width,ext', limit: 1 });
    expect(newest).toEqual({ data: [{ id: ids.catPhoto, width: 500, ext: 'jpg' }], total: 2, offset: 0, limit: 1 });
    const bySize = await itemsOf(client, folder.id, { orderBy: '-RESOLUTION', fields: ['name'] });
    expect(bySize.data.map((i) => i.name)).toEqual(['cat photo', 'cat wide']);
  });

  it('nests a child within its parent, excludes with a FALSE group, and ORs rules', async () => {
    const { client } = await seeded();
    const cats = await create(client, { name: 'Cats', conditions: [group([rule('tags', 'union', ['cat'])])] });
    const notJpeg = await create(client, { name: 'Not JPEG', parent: cats.id, conditions: [group([rule('type', 'equal', 'jpg')], 'AND', 'FALSE')] });
    expect(await namesOf(client, notJpeg.id)).toEqual(['cat page', 'cat small', 'cat wide']);
    const either = await create(client, { name: 'Dog or bookmark', conditions: [group([rule('name', 'startWith', 'DOG'), rule('type', 'equal', 'bookmark')], 'OR')] });
    expect(await namesOf(client, either.id)).toEqual(['cat page', 'dog wide']);
    const info = await client.get<{ smartFolders: SmartFolderView[] }>('/library/info');
    expect(info.smartFolders.map((f) => [f.name, f.imageCount, f.children.map((c) => [c.name, c.imageCount])])).toEqual([
      ['Cats', 4, [['Not JPEG', 3]]],
      ['Dog or bookmark', 2, []],
    ]);
  });

  it('follows item changes: retagging, trash and restore', async () => {
    const { client, ids } = await seeded();
    const photos = await create(client, { name: 'Photos', conditions: [group([rule('tags', 'intersection', ['cat', 'photo'])])] });
    expect(photos.imageCount).toBe(1);
    await client.post('/item/update', { id: ids.catWide, tags: ['cat', 'photo'] });
    expect((await client.get<Page<SmartFolderView>>('/smartFolder/get', { id: photos.id })).data[0]!.imageCount).toBe(2);
    await client.post('/item/update', { id: ids.catPhoto, isDeleted: true });
    expect(await namesOf(client, photos.id)).toEqual(['cat wide']);
    await client.post('/item/update', { id: ids.catPhoto, isDeleted: false });
    expect(await namesOf(client, photos.id)).toEqual(['cat photo', 'cat wide']);
  });

  it('follows a renamed or merged tag in its rules', async () => {
    const { client } = await seeded();
    const photos = await create(client, { name: 'Photos', conditions: [group([rule('tags', 'intersection', ['cat', 'photo'])])] });
    await client.post('/tag/update', { originalName: 'cat', name: 'feline' });
    await client.post('/tag/merge', { source: 'photo', target: 'picture' });
    const [folder] = (await client.get<Page<SmartFolderView>>('/smartFolder/get', { id: photos.id })).data;
    expect(folder!.conditions).toMatchObject([{ rules: [{ property: 'tags', value: ['feline', 'picture'] }] }]);
    expect(await namesOf(client, photos.id)).toEqual(['cat photo']);
  });

  it('compares dates by local day, and reads comments, annotations and urls', async () => {
    const { client, ids } = await seeded();
    const march10 = new Date(2024, 2, 10).getTime();
    await client.post('/item/update', { id: ids.dogWide, modificationTime: new Date(2024, 2, 10, 23, 59).getTime() });
    await client.post('/item/update', { id: ids.catSmall, modificationTime: new Date(2024, 2, 11).getTime() });
    const onThatDay = await create(client, { name: 'On the 10th', conditions: [group([rule('mtime', 'on', [march10])])] });
    expect(await namesOf(client, onThatDay.id)).toEqual(['dog wide']);
    const today = await create(client, { name: 'Imported today', conditions: [group([rule('createTime', 'within', [1])])] });
    expect(today.imageCount).toBe(6);

    await client.post('/item/addComment', { id: ids.catSmall, annotation: 'TODO: crop', duration: 1 });
    const todo = await create(client, { name: 'To do', conditions: [group([rule('comments', 'contain', 'todo')])] });
    expect(await namesOf(client, todo.id)).toEqual(['cat small']);
    const noted = await create(client, { name: 'Noted', conditions: [group([rule('annotation', 'not-empty'), rule('url', 'contain', 'EXAMPLE.com')])] });
    expect(await namesOf(client, noted.id)).toEqual(['cat page']);
  });

  it('answers a pathological regex against a long name at once, with the true answer', async () => {
    const { client, ids } = await seeded();
    const evil = await create(client, { name: 'Evil', conditions: [group([rule('name', 'regex', '(a+)+$')])] });
    expect(evil.imageCount).toBe(0);
    expect((await itemsOf(client, evil.id)).data).toEqual([]);
    const endsInB = await create(client, { name: 'Ends in b', conditions: [group([rule('name', 'regex', '^(a+)+b$')])] });
    expect((await itemsOf(client, endsInB.id, { fields: ['id'] })).data).toEqual([{ id: ids.long }]);
  }, 10_000);

  it('gives the same items after the worker was stopped', async () => {
    const { client } = await seeded();
    const shapes = await create(client, {
      name: 'Landscape or square',
      conditions: [group([rule('shape', 'equal', 'panoramic-landscape'), rule('shape', 'equal', 'square')], 'OR'), group([rule('rating', 'equal', 'none')])],
    });
    // Fields the background thumbnail jobs do not rewrite (palettes, thumbnailReady can change meanwhile).
    const stable = { fields: ['name', 'tags', 'star'] };
    const before = await itemsOf(client, shapes.id, stable);
    expect(before.total).toBe(4);
    await stopServiceWorkers();
    expect(await itemsOf(client, shapes.id, stable)).toEqual(before);
  });
});

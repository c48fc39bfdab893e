// A smart folder whose tag is held by thousands of items (past narrow.ts's `small`): the service
// worker starts from the few wide PNGs and tests the tag on their rows; getItems, its order and
// paging, the stored imageCount, smartFolder/count and item/get's smartFolders filter all give the
// items the rules name. A range that holds nothing (width < 0) answers empty, not an error.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/http/pagination';
import type { ItemView } from '../../src/core/listing/item-view';
import type { SmartFolderView } from '../../src/core/smart-folders/smart-folder-view';
import { imageBase64 } from './images';
import { isolatedClient } from './service-worker';

const BOOKMARKS = 5000;
const rule = (property: string, method: string, value?: unknown) => ({ property, method, value });

describe('a smart folder narrowed from its smallest answer', () => {
  it('tests a common tag on the candidates and answers as the rules say', async () => {
    const { client } = await isolatedClient();
    for (let at = 0; at < BOOKMARKS; at += 1000) {
      const items = Array.from({ length: 1000 }, (_, i) => ({ bookmarkURL: `https://example.com/${at + i}`, tags: ['common'] }));
      await client.post('/item/add', { items });
    }
    const wide = await imageBase64(400, 100);
    const narrow = await imageBase64(40, 40);
    const images = [
      { name: 'wide tagged 1', base64: wide, tags: ['common'] },
      { name: 'wide plain', base64: wide, tags: ['other'] },
      { name: 'narrow tagged', base64: narrow, tags: ['common'] },
      { name: 'wide tagged 2', base64: wide, tags: ['common', 'other'] },
    ];
    const { ids } = await client.post<{ ids: string[] }>('/item/add', { items: images });
    const conditions = [{ match: 'AND', boolean: 'TRUE', rules: [rule('tags', 'union', ['common']), rule('width', '>=', [300]), rule('type', 'equal', 'png')] }];
    const folder = await client.post<SmartFolderView>('/smartFolder/create', { name: 'Wide common PNGs', conditions });

    expect(folder.imageCount).toBe(2);
    const page = await client.post<Page<Partial<ItemView>>>('/smartFolder/getItems', { smartFolderId: folder.id, fields: ['name'], limit: 1 });
    expect(page).toEqual({ data: [{ id: ids[3], name: 'wide tagged 2' }], total: 2, offset: 0, limit: 1 });
    const next = await client.post<Page<Partial<ItemView>>>('/smartFolder/getItems', { smartFolderId: folder.id, fields: ['name'], offset: 1, limit: 1 });
    expect(next.data).toEqual([{ id: ids[0], name: 'wide tagged 1' }]);
    expect(await client.post('/smartFolder/count', { conditions })).toEqual({ count: 2 });
    const filtered = await client.post<Page<Partial<ItemView>>>('/item/get', { smartFolders: [folder.id], fields: ['name'], orderBy: 'NAME' });
    expect(filtered.data.map((item) => item.name)).toEqual(['wide tagged 1', 'wide tagged 2']);

    // Untagging one changes the kept count and the match alike.
    await client.post('/item/update', { id: ids[0], tags: [] });
    const [listed] = (await client.get<Page<SmartFolderView>>('/smartFolder/get', { id: folder.id })).data;
    expect(listed!.imageCount).toBe(1);
    expect((await client.post<Page<ItemView>>('/smartFolder/getItems', { smartFolderId: folder.id })).total).toBe(1);

    // An OR group of the common tag and the wide range holds every bookmark and the wide images.
    const either = [{ match: 'OR', boolean: 'TRUE', rules: [rule('tags', 'union', ['common']), rule('width', '>=', [300])] }];
    expect(await client.post('/smartFolder/count', { conditions: either })).toEqual({ count: BOOKMARKS + 4 });
  }, 120_000);

  it('answers a range that holds nothing with no items', async () => {
    const { client } = await isolatedClient();
    await client.post('/item/add', { items: [{ name: 'one', base64: await imageBase64(40, 40) }] });
    const folder = await client.post<SmartFolderView>('/smartFolder/create', { name: 'Nothing', conditions: [{ match: 'AND', boolean: 'TRUE', rules: [rule('width', '<', [0])] }] });
    expect(folder.imageCount).toBe(0);
    expect(await client.post('/smartFolder/getItems', { smartFolderId: folder.id })).toMatchObject({ data: [], total: 0 });
  });
});

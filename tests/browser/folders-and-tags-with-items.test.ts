// Folders and tags with real items, all through the service worker: counts kept by the item
// observers, recent use, folder tags given to new items, and renames and merges that rewrite items.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './service-worker';
import { isolatedClient, stopServiceWorkers } from './service-worker';

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
interface Tag {
  name: string;
  count: number;
  color: string;
  starred: boolean;
  groups: string[];
}
interface Item {
  id: string;
  tags: string[];
  folders: string[];
}

const bookmark = (n: number, extra: Record<string, unknown> = {}) => ({ name: `b${n}`, bookmarkURL: `https://example.com/${n}`, ...extra });
const add = async (client: ApiClient, extra: Record<string, unknown>) => (await client.post<{ id: string }>('/item/add', bookmark(0, extra))).id;
const walk = (folders: Folder[]): Folder[] => folders.flatMap((f) => [f, ...walk(f.children)]);
const imageCounts = async (client: ApiClient) =>
  Object.fromEntries(walk((await client.get<Page<Folder>>('/folder/get')).data).map((f) => [f.name, f.imageCount]));
const tagCounts = async (client: ApiClient) => Object.fromEntries((await client.get<Page<Tag>>('/tag/get')).data.map((t) => [t.name, t.count]));
const itemTags = async (client: ApiClient, id: string) => (await client.post<Page<Item>>('/item/get', { id })).data[0]?.tags;

describe('folders with items', () => {
  it('keeps imageCount through add, move, trash and restore, and lists recent folders', async () => {
    const { client } = await isolatedClient();
    const a = await client.post<Folder>('/folder/create', { name: 'A' });
    const b = await client.post<Folder>('/folder/create', { name: 'B', parent: a.id });
    const one = await add(client, { folders: [a.id] });
    await client.post('/item/add', { items: [bookmark(1, { folders: [a.id, b.id] }), bookmark(2, { folders: [b.id] })] });
    expect(await imageCounts(client)).toEqual({ A: 2, B: 2 });
    await client.post('/item/update', { id: one, folders: [b.id] });
    expect(await imageCounts(client)).toEqual({ A: 1, B: 3 });
    await client.post('/item/update', { id: one, isDeleted: true });
    expect(await imageCounts(client)).toEqual({ A: 1, B: 2 });
    await stopServiceWorkers();
    await client.post('/item/update', { id: one, isDeleted: false });
    expect(await imageCounts(client)).toEqual({ A: 1, B: 3 });
    expect((await client.get<Page<Folder>>('/folder/get', { isRecent: true })).data.map((f) => f.name)).toEqual(['B', 'A']);
  });

  it('gives items added to a folder the folder tags', async () => {
    const { client } = await isolatedClient();
    const folder = await client.post<Folder>('/folder/create', { name: 'Cats' });
    await client.post('/folder/update', { id: folder.id, tags: ['cat', 'animal'] });
    const id = await add(client, { folders: [folder.id], tags: ['mine'] });
    expect(await itemTags(client, id)).toEqual(['mine', 'cat', 'animal']);
    expect(await tagCounts(client)).toEqual({ animal: 1, cat: 1, mine: 1 });
  });

  it('keeps items in a folder that was renamed and moved', async () => {
    const { client } = await isolatedClient();
    const top = await client.post<Folder>('/folder/create', { name: 'Top' });
    const folder = await client.post<Folder>('/folder/create', { name: 'Old' });
    await add(client, { folders: [folder.id] });
    await client.post('/folder/update', { id: folder.id, name: 'New', parent: top.id });
    expect(await imageCounts(client)).toEqual({ Top: 0, New: 1 });
    expect((await client.post<Page<Item>>('/item/get', { folders: [folder.id] })).total).toBe(1);
    // No folder named is no filter (a client that always sends the field).
    expect((await client.post<Page<Item>>('/item/get', { folders: [] })).total).toBe(1);
    expect((await client.get<Page<Item>>('/item/get', { folders: '' })).total).toBe(1);
    // The search index follows the rename in the same request.
    expect((await client.post<Page<Item>>('/item/query', { query: 'new' })).total).toBe(1);
    expect((await client.post<Page<Item>>('/item/query', { query: 'old' })).total).toBe(0);
  });
});

describe('tags with items', () => {
  it('counts tags, lists recent tags, and rewrites items on rename and merge', async () => {
    const { client } = await isolatedClient();
    const one = await add(client, { tags: ['cat', 'pet'] });
    const two = await add(client, { tags: ['kitty'] });
    const three = await add(client, { tags: ['cat'] });
    await client.post('/item/update', { id: three, isDeleted: true });
    expect(await tagCounts(client)).toEqual({ cat: 1, kitty: 1, pet: 1 });
    await client.post('/item/update', { id: one, tags: ['cat', 'pet', 'fluffy'] });
    expect((await client.get<Page<Tag>>('/tag/getRecentTags')).data[0]!.name).toBe('fluffy');

    const renamed = await client.post<Tag>('/tag/update', { originalName: 'cat', name: 'Cat', starred: true });
    expect(renamed).toMatchObject({ name: 'Cat', count: 1, starred: true });
    expect(await itemTags(client, one)).toEqual(['Cat', 'pet', 'fluffy']);
    expect((await client.post<Page<Item>>('/item/get', { isDeleted: true })).data[0]!.tags).toEqual(['Cat']);

    expect(await client.post('/tag/merge', { source: 'kitty', target: 'Cat' })).toEqual({ affectedItems: 1, sourceRemoved: true });
    expect(await itemTags(client, two)).toEqual(['Cat']);
    expect(await tagCounts(client)).toEqual({ Cat: 2, fluffy: 1, pet: 1 });
    expect((await client.post<Page<Item>>('/item/get', { tags: ['Cat'] })).total).toBe(2);
    expect((await client.get<Page<Tag>>('/tag/getStarredTags')).data.map((t) => t.name)).toEqual(['Cat']);
    expect((await client.post<Page<Item>>('/item/query', { query: 'kitty' })).total).toBe(0);
    expect((await client.post<Page<Item>>('/item/query', { query: 'cat' })).data.map((i) => i.id).sort()).toEqual([one, two].sort());
  });

  it('renames a tag used by 10,000 items in one request', async () => {
    const { client } = await isolatedClient();
    for (let batch = 0; batch < 10; batch++) {
      const items = Array.from({ length: 1000 }, (_, i) => bookmark(batch * 1000 + i, { tags: ['big', `n${i % 7}`] }));
      await client.post('/item/add', { items });
    }
    expect((await client.get<Page<Tag>>('/tag/get', { name: 'big' })).data[0]).toMatchObject({ name: 'big', count: 10_000 });
    expect(await client.post<Tag>('/tag/update', { originalName: 'big', name: 'huge' })).toMatchObject({ name: 'huge', count: 10_000 });
    expect((await client.post<Page<Item>>('/item/get', { tags: ['huge'], limit: 1 })).total).toBe(10_000);
    expect((await client.post<Page<Item>>('/item/get', { tags: ['big'], limit: 1 })).total).toBe(0);
    expect((await client.get<Page<Tag>>('/tag/get', { name: 'big' })).total).toBe(0);
  }, 180_000);
});

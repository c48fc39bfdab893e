import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/app/api-client';
import type { Page as PageOf } from '../../src/core/http/pagination';
import type { ItemView } from '../../src/core/listing/item-view';
import { fetchApi, isolatedClient, LIBRARY_HEADER, stopServiceWorkers } from './service-worker';

type Page = PageOf<ItemView>;

/** Adds bookmarks (no file to fetch) and returns their ids in the order given. */
async function addItems(client: ApiClient, items: Record<string, unknown>[]): Promise<string[]> {
  const { ids } = await client.post<{ ids: string[] }>('/item/add', {
    items: items.map((item) => ({ bookmarkURL: 'https://bookmarks.test/', ...item })),
  });
  return ids;
}

async function found(client: ApiClient, query: string): Promise<string[]> {
  const page = await client.post<Page>('/item/query', { query, limit: 1000 });
  return page.data.map((item) => item.name).sort();
}

describe('item/query through the service worker', () => {
  it('folds diacritics, finds CJK substrings and keeps phrases in order', async () => {
    const { client } = await isolatedClient();
    await addItems(client, [{ name: 'Cafe' }, { name: '黑猫图片' }, { name: 'red car' }, { name: 'car red' }]);
    expect(await found(client, 'café')).toEqual(['Cafe']);
    expect(await found(client, '猫')).toEqual(['黑猫图片']);
    expect(await found(client, '"red car"')).toEqual(['red car']);
    expect(await found(client, 'red car')).toEqual(['car red', 'red car']);
  });

  it('finds a word that is only in a comment, and follows comment edits', async () => {
    const { client } = await isolatedClient();
    const [id] = await addItems(client, [{ name: 'plain' }, { name: 'other' }]);
    const comment = await client.post<{ id: string }>('/item/addComment', { id, annotation: 'zebra crossing', duration: 1 });
    expect(await found(client, 'zebra')).toEqual(['plain']);
    await client.post('/item/updateComment', { id, commentId: comment.id, annotation: 'giraffe' });
    expect(await found(client, 'zebra')).toEqual([]);
    expect(await found(client, 'giraffe')).toEqual(['plain']);
    await client.post('/item/removeComment', { id, commentId: comment.id });
    expect(await found(client, 'giraffe')).toEqual([]);
  });

  it('finds a word that is only in a folder name, and follows the rename', async () => {
    const { client } = await isolatedClient();
    const { id: folder } = await client.post<{ id: string }>('/folder/create', { name: 'Vacation Pictures' });
    await addItems(client, [{ name: 'beach', folders: [folder] }, { name: 'office' }]);
    expect(await found(client, 'vacation')).toEqual(['beach']);
    await client.post('/folder/update', { id: folder, name: 'Holiday Pictures' });
    expect(await found(client, 'vacation')).toEqual([]);
    expect(await found(client, 'holiday')).toEqual(['beach']);
  });

  it('follows item updates and leaves the trash out', async () => {
    const { client } = await isolatedClient();
    const [lamp, chair] = await addItems(client, [{ name: 'desk lamp' }, { name: 'desk chair' }]);
    await client.post('/item/update', { id: lamp, name: 'floor lamp' });
    await client.post('/item/update', { id: chair, isDeleted: true });
    expect(await found(client, 'desk')).toEqual([]);
    expect(await found(client, 'floor')).toEqual(['floor lamp']);
    await client.post('/item/update', { id: chair, isDeleted: false });
    expect(await found(client, 'desk')).toEqual(['desk chair']);
  });

  it('answers the same after the worker was stopped: the index is stored, not rebuilt', async () => {
    const { client } = await isolatedClient();
    await addItems(client, [{ name: 'first apple' }, { name: 'second apple', tags: ['fruit'] }, { name: 'pear' }]);
    const before = await client.post<Page>('/item/query', { query: 'apple -fruit OR pear', limit: 1 });
    expect(before.total).toBe(2);
    await stopServiceWorkers();
    expect(await client.post<Page>('/item/query', { query: 'apple -fruit OR pear', limit: 1 })).toEqual(before);
  });

  it('answers 400 naming the query and the character of a syntax error', async () => {
    const { library } = await isolatedClient();
    const { response, body } = await fetchApi('/api/v2/item/query', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [LIBRARY_HEADER]: library },
      body: JSON.stringify({ query: 'cat (dog OR "bird' }),
    });
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT' });
    expect(body.message).toMatch(/^query: unbalanced quote.*at character 13/);
  });
});

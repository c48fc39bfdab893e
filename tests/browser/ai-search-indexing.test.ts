// AI search that never looks dead (issue 24, points 1, 2 and 4), through the real service worker
// with this page's media worker (the real detector and sentence encoder): the indexes are built
// before the first query and counted by getSyncStatus in items of the library; a library exported
// and opened again from its Eagle zip gets descriptors, so "find similar" and colour words work.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../loose-client';
import type { ImportState } from '../../src/core/eagle-library';
import { cacheModels, useMediaHost, whenIndexed } from './ai-indexing';
import { drawScene } from './drawn-scenes';
import { base64Of, flat } from './media-images';

const redPng = async (rgb: [number, number, number] = [208, 32, 32]) => base64Of(await flat(96, 64, rgb, 'image/png'));
import { fetchApi, isolatedClient } from './service-worker';

interface Answer {
  results: { item: { id: string; name: string }; signals: string[] }[];
  message?: string;
}

const mediaHost = useMediaHost();

describe('AI indexing through the service worker', () => {
  it('builds every index before the first query and counts it in items: the first "invoice" finds the receipt', async () => {
    // The indexes start by themselves once the models are on the device (cached, not at app open).
    await cacheModels();
    mediaHost();
    const { client } = await isolatedClient();
    const add = async (seed: number, fields: Record<string, unknown>) =>
      (await client.post<{ id: string }>('/item/add', { ...fields, base64: await base64Of(await drawScene(seed).convertToBlob({ type: 'image/png' })) })).id;
    const receipt = await add(1, { name: 'scan 12', annotation: 'Receipt for the hotel bill' });
    await add(2, { name: 'holiday', tags: ['beach', 'sun'] });
    await client.post('/item/add', { bookmarkURL: 'https://example.test/notes', name: 'meeting notes' });
    // No search yet: the status alone turns the object and meaning indexes on, and counts them.
    const status = await whenIndexed(client, 3);
    expect(status).toEqual({ isSyncing: false, syncedCount: 3, totalCount: 3, progress: 1 });
    const invoice = await client.post<Answer>('/aiSearch/searchByText', { query: 'invoice' });
    expect(invoice.results[0]).toMatchObject({ item: { id: receipt }, signals: ['meaning'] });
    expect(invoice.message).toBeUndefined();
  }, 180_000);

  it('answers a search made while indexing with what is indexed so far, and says so', async () => {
    // No page media worker yet: the worker makes thumbnails and descriptors itself, objects and meaning wait.
    const { client } = await isolatedClient();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await client.post<{ id: string }>('/item/add', { name: `photo ${i}`, base64: await redPng() })).id);
    let during: Answer = { results: [] };
    for (let tries = 0; tries < 300 && during.results.length < 3; tries++) {
      during = await client.post<Answer>('/aiSearch/searchByText', { query: 'red' });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(during.results.map((r) => r.item.id).sort()).toEqual([...ids].sort());
    expect(during.message).toMatch(/^AI indexing is still running \(0 of 3 items done\): these results cover the items indexed so far/);
    expect(await client.get('/aiSearch/getSyncStatus')).toEqual({ isSyncing: true, syncedCount: 0, totalCount: 3, progress: 0 });
    mediaHost();
    await whenIndexed(client, 3);
    const after = await client.post<Answer>('/aiSearch/searchByText', { query: 'red' });
    expect(after.message).toBeUndefined();
    expect(after.results).toHaveLength(3);
  }, 180_000);

  it('indexes the items of a library opened from its Eagle zip: find similar and colour words work', async () => {
    mediaHost();
    const { client, library } = await isolatedClient();
    const colours: [number, number, number][] = [[208, 32, 32], [192, 24, 24], [32, 64, 208]];
    for (const [i, colour] of colours.entries()) await client.post('/item/add', { name: `photo ${i}`, base64: await redPng(colour) });
    await whenIndexed(client, colours.length);
    const { response } = await fetchApi('/api/v2/library/export', { headers: { 'X-Library-Path': library } });
    const zip = await response.blob();
    const imported = (await fetchApi('/api/v2/library/import?wait=true', { method: 'POST', body: zip })).body.data as ImportState;
    expect(imported).toMatchObject({ status: 'done', imported: colours.length, thumbnailsQueued: 0 });
    const copy = new ApiClient({ library: imported.libraryPath });
    expect(await whenIndexed(copy, colours.length)).toEqual({ isSyncing: false, syncedCount: 3, totalCount: 3, progress: 1 });
    const items = (await copy.get<{ data: { id: string; name: string }[] }>('/item/get', { limit: 10 })).data;
    const first = items.find((item) => item.name === 'photo 0')!;
    const similar = await copy.post<Answer>('/aiSearch/searchByItemId', { itemId: first.id });
    expect(similar.results.map((r) => r.item.name)[0]).toBe('photo 1');
    const red = await copy.post<Answer>('/aiSearch/searchByText', { query: 'red' });
    expect(red.results.map((r) => r.item.name).sort()).toEqual(['photo 0', 'photo 1']);
  }, 180_000);
});

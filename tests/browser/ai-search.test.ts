// AI search through the real service worker: visual likeness (searchByBase64, searchByItemId) on
// 20 drawn scenes and their altered copies, status endpoints that follow indexing (also across a
// worker stop), and the bad-input rules.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../loose-client';
import { base64Of, flat, mostlyRed } from './media-images';
import { ALTERATIONS, altered, drawScene } from './drawn-scenes';
import { fetchApi, isolatedClient, stopServiceWorkers } from './service-worker';
import { whenIndexed, type SyncStatus } from './ai-indexing';

interface Results {
  results: { item: { id: string; name: string; isDeleted: boolean }; score: number; signals: string[]; nearDuplicate: boolean }[];
}
interface TextAnswer extends Results {
  understood: { colours: string[] };
  unmatched: string[];
  message?: string;
}

const SCENES = 20;

async function addScenes(client: ApiClient, count: number, offset = 0): Promise<string[]> {
  const items = [];
  for (let i = 0; i < count; i++) {
    const blob = await drawScene(offset + i + 1).convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    items.push({ name: `scene ${offset + i + 1}`, base64: await base64Of(blob) });
  }
  return (await client.post<{ ids: string[] }>('/item/add', { items })).ids;
}

describe('aiSearch: visual likeness through the service worker', () => {
  it('finds the original in the top 3 for at least 90% of altered copies, and its own duplicate first', async () => {
    const { client } = await isolatedClient();
    const ids = await addScenes(client, SCENES);
    await whenIndexed(client, SCENES);
    const misses: string[] = [];
    let topThree = 0;
    for (let i = 0; i < SCENES; i++) {
      const scene = drawScene(i + 1);
      for (const how of ALTERATIONS) {
        const base64 = await base64Of(await altered(scene, how));
        const { results } = await client.post<Results>('/aiSearch/searchByBase64', { base64, options: { limit: 3 } });
        expect(results.length).toBe(3);
        if (results.some((r) => r.item.id === ids[i])) topThree += 1;
        else misses.push(`scene ${i + 1} ${how}`);
      }
    }
    expect(topThree / (SCENES * ALTERATIONS.length), `missed: ${misses.join(', ')}`).toBeGreaterThanOrEqual(0.9);

    // An item's own near-duplicate (a recompressed, mirrored copy added to the library) ranks first.
    const copy = await altered(drawScene(5), 'mirrored');
    const { id: copyId } = await client.post<{ id: string }>('/item/add', { name: 'copy of scene 5', base64: await base64Of(copy) });
    await whenIndexed(client, SCENES + 1);
    const { results } = await client.post<Results>('/aiSearch/searchByItemId', { itemId: ids[4] });
    expect(results[0]).toMatchObject({ item: { id: copyId }, nearDuplicate: true, signals: ['visual'] });
    expect(results.map((r) => r.item.id)).not.toContain(ids[4]);
    expect(results).toHaveLength(SCENES);
  }, 180_000);

  it('follows indexing in the status endpoints through an import, a worker stop and a trash', async () => {
    const { client } = await isolatedClient();
    expect(await client.get('/aiSearch/isInstalled')).toBe(true);
    expect(await client.get('/aiSearch/isStarting')).toBe(false);
    expect(await client.get('/aiSearch/isReady')).toBe(true);
    expect(await client.get('/aiSearch/isSyncing')).toBe(false);
    expect(await client.get('/aiSearch/getSyncStatus')).toEqual({ isSyncing: false, syncedCount: 0, totalCount: 0, progress: 1 });
    expect(await client.get('/aiSearch/checkServiceHealth')).toMatchObject({ healthy: true, provider: 'offline-v1', signals: ['visual', 'colour', 'object', 'metadata', 'meaning'] });

    const ids = await addScenes(client, 50, 100);
    const during = await client.get<SyncStatus>('/aiSearch/getSyncStatus');
    expect(during).toMatchObject({ isSyncing: true, totalCount: 50 });
    expect(during.syncedCount).toBeLessThan(50);
    await stopServiceWorkers();
    // A fresh worker resumes the queue from IndexedDB on its first read of the library.
    const after = await whenIndexed(client, 50);
    expect(after).toEqual({ isSyncing: false, syncedCount: 50, totalCount: 50, progress: 1 });

    await client.post('/item/update', { id: ids[0], isDeleted: true });
    expect(await client.get('/aiSearch/getSyncStatus')).toMatchObject({ syncedCount: 49, totalCount: 49 });
    const { results } = await client.post<Results>('/aiSearch/searchByItemId', { itemId: ids[1], limit: 1000 });
    expect(results).toHaveLength(48);
    expect(results.map((r) => r.item.id)).not.toContain(ids[0]);
  }, 180_000);

  it.each([
    ['/api/v2/aiSearch/searchByBase64', { base64: 'not base64!' }, 400, /base64/],
    ['/api/v2/aiSearch/searchByBase64', { base64: btoa('hello, not an image') }, 400, /base64: is not an image/],
    ['/api/v2/aiSearch/searchByItemId', { itemId: 'NOPE' }, 404, /NOPE/],
    ['/api/v2/aiSearch/searchByItemId', { itemId: 'X', options: { limit: 0 } }, 400, /limit/],
    ['/api/v2/aiSearch/searchByItemId', { itemId: 'X', limit: 1001 }, 400, /limit/],
    ['/api/v2/aiSearch/searchByText', { query: '  ' }, 400, /query/],
  ])('%s %j → %i', async (path, body, status, message) => {
    const { library } = await isolatedClient();
    const answer = await fetchApi(path, { method: 'POST', body: JSON.stringify(body), headers: { 'X-Library-Path': library } });
    expect(answer.response.status).toBe(status);
    expect(answer.body.message).toMatch(message);
  });

  it('finds pictures by colour words, and answers no results with a reason when no signal covers the query', async () => {
    const { client } = await isolatedClient();
    const add = async (name: string, blob: Blob) => (await client.post<{ id: string }>('/item/add', { name, base64: await base64Of(blob) })).id;
    await add('red', await mostlyRed(400, 300));
    await add('blue', await flat(400, 300, [30, 60, 200]));
    await add('yellow', await flat(400, 300, [240, 210, 30]));
    await whenIndexed(client, 3);
    const red = await client.post<TextAnswer>('/aiSearch/searchByText', { query: 'something crimson' });
    expect(red.results.map((r) => r.item.name)).toEqual(['red']);
    expect(red).toMatchObject({ understood: { colours: ['red'] }, unmatched: [] });
    expect(red.results[0]).toMatchObject({ signals: ['colour'] });
    const both = await client.post<TextAnswer>('/aiSearch/searchByText', { text: 'red and blue', limit: 5 });
    expect(both.results.map((r) => r.item.name)).toEqual(['red']);
    const { id: receipt } = await client.post<{ id: string }>('/item/add', { bookmarkURL: 'https://example.com/r', annotation: 'Receipt for the hotel bill' });
    const byWords = await client.post<TextAnswer>('/aiSearch/searchByText', { query: 'the hotel receipt' });
    expect(byWords.results.map((r) => [r.item.id, r.signals])).toEqual([[receipt, ['metadata']]]);
    const none = await client.post<TextAnswer>('/aiSearch/searchByText', { query: 'sunset over the mountains' });
    expect(none).toMatchObject({ results: [], unmatched: ['sunset', 'over', 'mountains'] });
    // No page hosts the media worker here, so the sentence encoder cannot read its meaning: said so.
    expect(none.message).toMatch(/its meaning cannot be read now: .*open page/);
  });

  it('searches with a real image through a top-level limit', async () => {
    const { client } = await isolatedClient();
    await client.post('/item/add', { name: 'green', base64: await base64Of(await flat(200, 150, [20, 170, 40])) });
    await client.post('/item/add', { name: 'purple', base64: await base64Of(await flat(200, 150, [120, 20, 160])) });
    await whenIndexed(client, 2);
    const { results } = await client.post<Results>('/aiSearch/searchByBase64', { base64: await base64Of(await flat(50, 50, [30, 160, 50])), limit: 1 });
    expect(results.map((r) => r.item.name)).toEqual(['green']);
  });
});

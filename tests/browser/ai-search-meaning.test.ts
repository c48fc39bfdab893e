// Search by meaning with the real sentence encoder (Universal Sentence Encoder lite, re-encoded to
// uint8 by the build, TF.js WASM) in this page's media worker, through the real service worker:
// "invoice" finds a receipt by its annotation, "mutt" and "puppy" find a dog-labelled item, and
// gibberish gets no items and says why. The dog label is written into IndexedDB after indexing,
// as a detector would (the real detector on real photos: ai-search-photos.test.ts).
import { describe, expect, it } from 'vitest';
import { useMediaHost, whenIndexed } from './ai-indexing';
import { LibraryDb } from '../../src/core/storage/library-db';
import { drawScene } from './drawn-scenes';
import { base64Of } from './media-images';
import { isolatedClient } from './service-worker';

interface Answer {
  results: { item: { id: string; name: string }; score: number; signals: string[] }[];
  understood: { objects: string[]; meaning: string[] };
  unmatched: string[];
  message?: string;
}

const mediaHost = useMediaHost();

describe('aiSearch/searchByText by meaning', () => {
  it('finds by the meaning of metadata, maps words onto labels, and answers gibberish honestly', async () => {
    mediaHost();
    const { client, library } = await isolatedClient();
    const add = async (seed: number, fields: Record<string, unknown>) =>
      (await client.post<{ id: string }>('/item/add', { ...fields, base64: await base64Of(await drawScene(seed).convertToBlob({ type: 'image/png' })) })).id;
    const receipt = await add(1, { name: 'scan 12', annotation: 'Receipt for the hotel bill' });
    await add(2, { name: 'holiday', tags: ['beach', 'sun'] });
    await add(3, { name: 'meeting notes' });
    const dog = await add(4, { name: 'IMG_0042' });

    await client.post<Answer>('/aiSearch/searchByText', { query: 'invoice' }); // starts indexing
    await whenIndexed(client);
    expect(await client.get('/aiSearch/isSyncing')).toBe(false);

    const invoice = await client.post<Answer>('/aiSearch/searchByText', { query: 'invoice' });
    expect(invoice.results[0]).toMatchObject({ item: { id: receipt }, signals: ['meaning'] });
    expect(invoice.understood.meaning).toEqual(['invoice']);

    const db = new LibraryDb(`lam/library${library}`);
    await db.objects.put({ id: dog, labels: ['dog'], detections: [{ label: 'dog', score: 0.7, box: [0.1, 0.1, 0.5, 0.5] }], trashed: 0 });
    expect(await db.textShards.count()).toBe(1);
    db.close();
    const puppy = await client.post<Answer>('/aiSearch/searchByText', { query: 'puppy' });
    expect(puppy.results[0]).toMatchObject({ item: { id: dog }, signals: ['object'] });
    const mutt = await client.post<Answer>('/aiSearch/searchByText', { query: 'mutt' });
    expect(mutt.understood.objects).toEqual(['dog']);
    expect(mutt.results[0]).toMatchObject({ item: { id: dog }, signals: ['object'] });

    const gibberish = await client.post<Answer>('/aiSearch/searchByText', { query: 'xqzvv zorgle' });
    expect(gibberish).toMatchObject({ results: [], unmatched: ['xqzvv', 'zorgle'] });
    expect(gibberish.message).toMatch(/No signal of this build covers/);

    await client.post('/item/update', { id: receipt, isDeleted: true });
    expect((await client.post<Answer>('/aiSearch/searchByText', { query: 'invoice' })).results.map((r) => r.item.id)).not.toContain(receipt);
    expect(await client.get('/aiSearch/checkServiceHealth')).toMatchObject({
      healthy: true,
      signals: ['visual', 'colour', 'object', 'metadata', 'meaning'],
      models: [{ signal: 'object' }, { signal: 'meaning', name: expect.stringMatching(/^use-lite-u8/), state: 'loaded' }],
    });
    expect(await client.get('/aiSearch/isStarting')).toBe(false);
  }, 180_000);
});

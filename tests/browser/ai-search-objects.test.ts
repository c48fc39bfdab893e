// Object search with the real detector (CenterNet COCO-80 from @vladmandic/human, TF.js WASM) in
// this page's media worker, through the real service worker. The photo is the people collage that
// @vladmandic/human ships (assets/samples.jpg); photos of a cat, a dog and more from Debian packages
// are in ./ai-search-photos.test.ts. No package ships a bicycle, so "person on a bicycle" is
// checked in the node tests with a stand-in detector.
import { describe, expect, it } from 'vitest';
import { useMediaHost, whenIndexed } from './ai-indexing';
import { base64Of } from './media-images';
import { drawScene } from './drawn-scenes';
import { LibraryDb } from '../../src/core/storage/library-db';
import { isolatedClient } from './service-worker';

interface Answer {
  results: { item: { id: string; name: string }; score: number; signals: string[] }[];
  understood: { objects: string[]; colours: string[] };
  unmatched: string[];
  message?: string;
}

const mediaHost = useMediaHost();

describe('aiSearch/searchByText over objects found by the detector', () => {
  it('labels a real photo in the page worker and finds it by an alias, but not for an uncovered word', async () => {
    mediaHost();
    const { client, library } = await isolatedClient();
    const photo = await (await fetch('/node_modules/@vladmandic/human/assets/samples.jpg')).blob();
    const { id: people } = await client.post<{ id: string }>('/item/add', { name: 'samples', base64: await base64Of(photo) });
    const scene = await drawScene(7).convertToBlob({ type: 'image/png' });
    await client.post('/item/add', { name: 'drawn', base64: await base64Of(scene) });

    // The first text search starts object indexing; its answer covers what is indexed so far.
    const first = await client.post<Answer>('/aiSearch/searchByText', { query: 'people' });
    expect(first.understood.objects).toEqual(['person']);
    await whenIndexed(client);
    expect(await client.get('/aiSearch/isSyncing')).toBe(false);
    const found = await client.post<Answer>('/aiSearch/searchByText', { query: 'a crowd of people' });
    expect(found.results[0]).toMatchObject({ item: { id: people }, signals: ['object'] });
    expect(found.results[0]!.score).toBeGreaterThan(0.3);
    // Stored per item: labels, boxes inside the picture, and the colours inside each box.
    const db = new LibraryDb(`lam/library${library}`);
    const row = await db.objects.get(people);
    db.close();
    const person = row!.detections.find((d) => d.label === 'person')!;
    for (const v of person.box) expect(v).toBeGreaterThanOrEqual(0), expect(v).toBeLessThanOrEqual(1);
    const shares = Object.values(person.colours ?? {});
    expect(shares.length).toBeGreaterThan(0);
    expect(shares.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1.01);

    // No object, colour or literal word; read by meaning, no item's text means it.
    const uncovered = await client.post<Answer & { understood: { meaning: string[] } }>('/aiSearch/searchByText', { query: 'sunset at the beach' });
    expect(uncovered).toMatchObject({ results: [], unmatched: [], understood: { meaning: ['sunset', 'beach'] } });
    expect(uncovered.message).toMatch(/No item matches/);
    expect(await client.get('/aiSearch/checkServiceHealth')).toMatchObject({ healthy: true, signals: ['visual', 'colour', 'object', 'metadata', 'meaning'] });
  }, 120_000);
});

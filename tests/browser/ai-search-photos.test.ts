// Object words against real photos from Debian packages (tests/photos/README.md), labelled by the
// real detector (CenterNet COCO-80, TF.js WASM) in this page's media worker, through the real
// service worker: a cat, a dog, an astronaut, a motorcycle and a cup of coffee. Each query's
// results are asserted whole or by their first place, so a new detector's mistakes show here.
import { afterEach, describe, expect, it } from 'vitest';
import { startMediaHost, type MediaHost } from '../../src/app/media/media-host';
import { base64Of } from './media-images';
import { isolatedClient } from './service-worker';

interface Answer {
  results: { item: { id: string; name: string }; score: number; signals: string[] }[];
  understood: { objects: string[] };
}

let host: MediaHost | undefined;
afterEach(() => {
  host?.stop();
  host = undefined;
});

const photo = async (name: string): Promise<Blob> => {
  const response = await fetch(`/tests/photos/debian/${name}`);
  if (!response.ok) throw new Error(`tests/photos/debian/${name} is missing (tests/photos/global-setup.ts fetches it).`);
  return response.blob();
};

/** The dog stamp is a cut-out photo: stand it on the grass photo, as a snapshot of a dog would be. */
async function dogOnGrass(): Promise<Blob> {
  const [grass, dog] = await Promise.all([photo('grass.png'), photo('dog.png')].map(async (blob) => createImageBitmap(await blob)));
  const canvas = new OffscreenCanvas(640, 480);
  const context = canvas.getContext('2d')!;
  context.drawImage(grass!, 0, 0, 640, 480);
  const height = 400;
  const width = (dog!.width / dog!.height) * height;
  context.drawImage(dog!, (640 - width) / 2, 60, width, height);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
}

describe('aiSearch/searchByText over real photos', () => {
  it('finds each photo by the word for what is in it, aliases included', async () => {
    host = startMediaHost();
    const { client } = await isolatedClient();
    const photos: Record<string, Blob> = {
      cat: await photo('chelsea.png'),
      dog: await dogOnGrass(),
      astronaut: await photo('astronaut.png'),
      motorcycle: await photo('motorcycle_left.png'),
      coffee: await photo('coffee.png'),
    };
    for (const [name, blob] of Object.entries(photos)) await client.post('/item/add', { name: `photo ${name}`, base64: await base64Of(blob) });
    await client.post('/aiSearch/searchByText', { query: 'dog' });
    for (let tries = 0; tries < 1200 && (await client.get<{ isSyncing: boolean }>('/aiSearch/getSyncStatus')).isSyncing; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await client.get('/aiSearch/isSyncing')).toBe(false);

    const names = async (query: string) => {
      const answer = await client.post<Answer>('/aiSearch/searchByText', { query });
      expect(answer.results.every((result) => result.signals.includes('object')), query).toBe(true);
      return answer.results.map((result) => result.item.name.replace('photo ', ''));
    };
    for (const query of ['cat', 'a kitten']) expect((await names(query))[0], query).toBe('cat');
    for (const query of ['person', 'an astronaut']) expect((await names(query))[0], query).toBe('astronaut');
    expect(await names('motorbike')).toEqual(['motorcycle']);
    expect((await names('a cup of coffee'))[0]).toBe('coffee');
    // The dog is found, but CenterNet also calls the cat "dog" (0.48, above its "cat" 0.20: the same
    // mistake research/ai-search-models.md recorded), so the cat comes first. A model limit, kept visible.
    for (const query of ['dog', 'puppy']) expect((await names(query)).sort(), query).toEqual(['cat', 'dog']);
  }, 240_000);
});

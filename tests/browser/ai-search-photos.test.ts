// Object words against real photos from Debian packages (tests/photos/README.md), labelled by the
// real detector (CenterNet COCO-80, TF.js WASM) in this page's media worker, through the real
// service worker. Each query's results are asserted whole or by their first place, so a new
// detector's mistakes show here.
import { describe, expect, it } from 'vitest';
import { useMediaHost, whenIndexed } from './ai-indexing';
import { base64Of } from './media-images';
import { isolatedClient } from './service-worker';

interface Answer {
  results: { item: { id: string; name: string }; score: number; signals: string[] }[];
}

const mediaHost = useMediaHost();

/** Item name → the photo it is made from (tests/photos/debian/). */
const PHOTOS: Record<string, string> = {
  cat: 'labelme-cat.jpg',
  dog: 'labelme-dog.jpg',
  'tabby cat': 'chelsea.png',
  diners: 'voc-people.jpg',
  bus: 'voc-bus.jpg',
  astronaut: 'astronaut.png',
  motorcycle: 'motorcycle_left.png',
  coffee: 'coffee.png',
  park: 'opencv-park.jpg',
  puppy: 'gnome-puppy.jpg',
};

describe('aiSearch/searchByText over real photos', () => {
  it('finds each photo by the word for what is in it, aliases included', async () => {
    mediaHost();
    const { client } = await isolatedClient();
    for (const [name, file] of Object.entries(PHOTOS)) {
      const response = await fetch(`/tests/photos/debian/${file}`);
      if (!response.ok) throw new Error(`tests/photos/debian/${file} is missing (tests/photos/global-setup.ts fetches it).`);
      await client.post('/item/add', { name, base64: await base64Of(await response.blob()) });
    }
    await client.post('/aiSearch/searchByText', { query: 'dog' });
    await whenIndexed(client);

    const names = async (query: string) => {
      const answer = await client.post<Answer>('/aiSearch/searchByText', { query });
      expect(answer.results.every((result) => result.signals.includes('object')), query).toBe(true);
      return answer.results.map((result) => result.item.name);
    };
    for (const query of ['cat', 'a kitten']) expect((await names(query)).slice(0, 2), query).toEqual(['cat', 'tabby cat']);
    for (const query of ['people', 'a person', 'an astronaut']) expect((await names(query)).slice(0, 3).sort(), query).toEqual(['astronaut', 'diners', 'park']);
    // OpenCV's park: people playing basketball, a bicycle parked in a corner (0.44).
    expect(await names('bicycle')).toEqual(['park']);
    expect((await names('person on a bicycle'))[0]).toBe('park');
    expect(await names('motorbike')).toEqual(['motorcycle']);
    expect((await names('a cup of coffee'))[0]).toBe('coffee');
    expect(await names('bus')).toEqual(['bus']);
    expect((await names('car')).sort()).toEqual(['bus', 'park']); // cars beside the bus, and parked behind the court
    // The item whose name says the word first (metadata counts as full evidence), the other dog next,
    // and scikit-image's tabby too: CenterNet calls it "dog" 0.48 above its "cat" 0.20 (the mistake
    // research/ai-search-models.md recorded). A model limit, kept visible.
    for (const query of ['dog', 'puppy']) {
      const found = await names(query);
      expect(found[0], query).toBe(query);
      expect([...found].sort(), query).toEqual(['dog', 'puppy', 'tabby cat']);
    }
    // Issue 43: a photo the detector finds no dog in, tagged "dog", is still a dog to "dog", ranked
    // among the dogs and above the tabby's weak "dog".
    const park = (await client.get<{ data: { id: string; name: string }[] }>('/item/get', { limit: 100 })).data.find((item) => item.name === 'park')!;
    await client.post('/item/update', { id: park.id, tags: ['dog'] });
    const answer = await client.post<Answer>('/aiSearch/searchByText', { query: 'dog' });
    const found = answer.results.map((result) => result.item.name);
    expect(found.slice(0, 3)).toContain('park');
    expect(found.indexOf('park')).toBeLessThan(found.indexOf('tabby cat'));
    expect(answer.results.find((result) => result.item.name === 'park')!.signals).toEqual(['object', 'metadata']);
  }, 240_000);
});

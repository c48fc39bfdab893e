// Object search on fake-indexeddb: indexing starts with the first text search, runs as resumable
// jobs that wait for a page's detector, and text queries map words (aliases too) to labels.
import { describe, expect, it } from 'vitest';
import { OBJECTS_JOB } from '../../src/core/media/media-jobs';
import { readObjects } from '../../src/core/ai-search/object-words';
import { call, makeApi, newLibrary } from './helpers';
import { fakeImage, openLibrary, storeItem, TestProcessor } from './fixtures/media';

type Answer = { results: { item: { name: string }; score: number; signals: string[] }[]; understood: { objects: string[]; colours: string[] }; unmatched: string[] };

async function setup() {
  const media = new TestProcessor();
  const api = makeApi({ media });
  const path = await newLibrary(api);
  const library = await openLibrary(api, path);
  const index = async () => {
    await api.media.resume(path);
    await api.media.whenIdle();
  };
  const search = async (query: string) => (await call<Answer>(api, 'POST', '/aiSearch/searchByText', { query }, { library: path })).data;
  return { api, media, path, library, index, search };
}

describe('object words', () => {
  it.each([
    [['puppy'], ['dog']],
    [['person', 'bicycle'], ['person', 'bicycle']],
    [['people', 'at', 'dining', 'table'], ['person', 'dining table']],
    [['hot', 'dogs'], ['hot dog']],
    [['sunset'], []],
  ])('%j → %j', (words, labels) => {
    expect(readObjects(words).labels).toEqual(labels);
  });
});

describe('searchByText over metadata', () => {
  it('finds words of names, tags and annotations, combined with objects, and says which words nothing covers', async () => {
    const { library, index, search } = await setup();
    await storeItem(library, { name: 'scan 12', annotation: 'Receipt for the hotel bill' }, fakeImage(40, 30, [250, 250, 250], 'image/png', ''));
    await storeItem(library, { name: 'holiday', tags: ['hotel'] }, fakeImage(40, 30, [30, 60, 200], 'image/png', 'person:0.7'));
    await search('warm up');
    await index();
    const receipt = await search('hotel receipt');
    expect(receipt.results.map((r) => [r.item.name, r.score, r.signals])).toEqual([
      ['scan 12', 1, ['metadata']],
      ['holiday', 0.5, ['metadata']],
    ]);
    expect(receipt).toMatchObject({ understood: { metadata: ['hotel', 'receipt'] }, unmatched: [] });
    const people = await search('people at the hotel');
    expect(people.results.map((r) => [r.item.name, r.signals])).toEqual([
      ['holiday', ['object', 'metadata']],
      ['scan 12', ['metadata']],
    ]);
    // A word that appears nowhere is not stretched to a neighbour (meaning: ai-search-meaning.test.ts).
    expect(await search('zorgle')).toMatchObject({ results: [], unmatched: ['zorgle'], message: expect.stringMatching(/No signal/) });
  });
});

describe('searchByText over detected objects', () => {
  it('starts object indexing by the first text search at the latest, then finds by label, alias and several labels', async () => {
    const { media, library, index, search } = await setup();
    await storeItem(library, { name: 'dog' }, fakeImage(40, 30, [120, 90, 60], 'image/png', 'dog:0.7'));
    await storeItem(library, { name: 'rider' }, fakeImage(40, 30, [30, 30, 200], 'image/png', 'person:0.6,bicycle:0.5'));
    await storeItem(library, { name: 'walker' }, fakeImage(40, 30, [30, 30, 200], 'image/png', 'person:0.8'));
    await storeItem(library, { name: 'red car' }, fakeImage(40, 30, [210, 20, 30], 'image/png', 'car:0.5'));
    await storeItem(library, { name: 'grey car' }, fakeImage(40, 30, [128, 128, 128], 'image/png', 'car:0.9'));
    await index();
    expect(media.detected).toHaveLength(0);
    media.needsPage.add('objects'); // held, so the first search sees none indexed yet
    const first = await search('puppy');
    expect(first).toMatchObject({ results: [], understood: { objects: ['dog'] }, message: expect.stringMatching(/^No item matches "puppy" yet\. AI indexing is still running \(0 of 5 items done\)/) });
    expect(await library.db.jobs.filter((job) => job.kind === OBJECTS_JOB).count()).toBe(5);
    media.needsPage.delete('objects');
    await index();
    expect((await search('puppy')).results.map((r) => [r.item.name, r.signals])).toEqual([['dog', ['object']]]);
    expect((await search('person on a bicycle')).results.map((r) => r.item.name)).toEqual(['rider', 'walker']);
    expect((await search('a red car')).results.map((r) => [r.item.name, r.signals])).toEqual([
      // Both names say "car" too (metadata); the colour puts the red one first.
      ['red car', ['object', 'colour', 'metadata']],
      ['grey car', ['object', 'metadata']],
    ]);
    expect((await search('cars')).results.map((r) => r.item.name)).toEqual(['grey car', 'red car']);
  });

  it('still reads an object word in names, tags and notes, and ranks a named item above a weak detection', async () => {
    const { library, index, search } = await setup();
    await storeItem(library, { name: 'tabby', tags: ['pet'] }, fakeImage(40, 30, [120, 90, 60], 'image/png', 'dog:0.48,cat:0.2'));
    await storeItem(library, { name: 'puppy' }, fakeImage(40, 30, [120, 90, 60], 'image/png', 'dog:0.9'));
    await storeItem(library, { name: 'IMG_0042', tags: ['dog'] }, fakeImage(40, 30, [120, 90, 60], 'image/png', 'person:0.6'));
    await storeItem(library, { name: 'walk', annotation: 'Rex the dog in the park' }, fakeImage(40, 30, [30, 160, 40], 'image/png', ''));
    await search('warm up');
    await index();
    expect((await search('dog')).results.map((r) => [r.item.name, r.score, r.signals])).toEqual([
      ['IMG_0042', 1, ['object', 'metadata']],
      ['walk', 1, ['object', 'metadata']],
      ['puppy', 0.9, ['object']],
      ['tabby', 0.48, ['object']],
    ]);
    // Two labels: each counts its own evidence, so the tag makes up for the detector's miss of one.
    expect((await search('dog and person')).results.map((r) => [r.item.name, r.score])).toEqual([
      ['IMG_0042', 0.8],
      ['walk', 0.5],
      ['puppy', 0.45],
      ['tabby', 0.24],
    ]);
  });

  it('reads a colour asked with an object inside that object\'s box when the detector measured it', async () => {
    const { library, index, search } = await setup();
    const greyPhoto = await storeItem(library, { name: 'red car on grey' }, fakeImage(40, 30, [128, 128, 128], 'image/png', 'car:0.6'));
    const redPhoto = await storeItem(library, { name: 'grey car on red' }, fakeImage(40, 30, [210, 20, 30], 'image/png', 'car:0.6'));
    await search('warm up');
    await index();
    const withBox = (id: string, colours: Record<string, number>) =>
      library.db.objects.put({ id, labels: ['car'], trashed: 0, detections: [{ label: 'car', score: 0.6, box: [0.2, 0.2, 0.5, 0.5], colours }] });
    await withBox(greyPhoto.id, { red: 0.8, grey: 0.2 });
    await withBox(redPhoto.id, { grey: 0.9 });
    expect((await search('red car')).results.map((r) => [r.item.name, r.signals])).toEqual([
      ['red car on grey', ['object', 'colour', 'metadata']],
      ['grey car on red', ['object', 'metadata']],
    ]);
  });

  it('queues new items once indexing is on, leaves jobs queued without a detector, and hides trashed items', async () => {
    const { api, media, path, library, index, search } = await setup();
    await search('dog');
    media.needsPage.add('objects');
    const dog = await storeItem(library, { name: 'dog' }, fakeImage(40, 30, [120, 90, 60], 'image/png', 'dog:0.7'));
    await index();
    expect(await library.db.jobs.filter((job) => job.kind === OBJECTS_JOB).count()).toBe(1);
    expect((await call(api, 'GET', '/aiSearch/isSyncing', {}, { library: path })).data).toBe(true);
    media.needsPage.delete('objects');
    await index();
    expect((await search('dog')).results).toHaveLength(1);
    await call(api, 'POST', '/item/update', { id: dog.id, isDeleted: true }, { library: path });
    expect((await search('dog')).results).toHaveLength(0);
    await call(api, 'POST', '/item/update', { id: dog.id, isDeleted: false }, { library: path });
    expect((await search('dog')).results).toHaveLength(1);
  });
});

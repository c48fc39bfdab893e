// searchByText by meaning on fake-indexeddb, with a stand-in encoder (fixtures/media fakeEmbedding:
// "invoice", "receipt" and "bill" share a meaning; the real encoder: sentence-encoder.test.ts and
// tests/browser/ai-search-meaning.test.ts). Embeddings follow item add, edit, trash and removal;
// indexing waits for a page; a query nothing covers says so instead of answering random items.
import { describe, expect, it } from 'vitest';
import { TEXT_JOB } from '../../src/core/media/media-jobs';
import { TEXT_BATCH } from '../../src/core/ai-search/embed-item-text';
import { embeddedCount } from '../../src/core/ai-search/text-vector-store';
import { MEANING_MODEL, OBJECT_MODEL } from '../../src/core/ai-search/model-names';
import { call, makeApi, newLibrary } from './helpers';
import { fakeImage, itemRow, openLibrary, storeItem, TestProcessor } from './fixtures/media';
import { loadItemObservers } from '../../src/core/item-observers';
import { commitItemChanges } from '../../src/core/storage/item-changes';
import { writeTransaction } from '../../src/core/storage/write';

const ITEM_OBSERVERS = await loadItemObservers();

type Answer = {
  results: { item: { id: string; name: string }; score: number; signals: string[] }[];
  understood: { objects: string[]; meaning: string[] };
  unmatched: string[];
  message?: string;
};

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
  const names = async (query: string) => (await search(query)).results.map((r) => r.item.name);
  return { api, media, path, library, index, search, names };
}

describe('searchByText by meaning', () => {
  it('finds "invoice" in an item annotated "receipt for the hotel bill", above nothing unrelated', async () => {
    const { library, index, search } = await setup();
    await storeItem(library, { name: 'scan 12', annotation: 'Receipt for the hotel bill' }, fakeImage(40, 30));
    await storeItem(library, { name: 'holiday', tags: ['beach', 'sun'] }, fakeImage(40, 30));
    await storeItem(library, { name: 'meeting notes' });
    await search('warm-up'); // the first text search turns indexing on
    await index();
    const answer = await search('invoice');
    expect(answer.results.map((r) => [r.item.name, r.signals])).toEqual([['scan 12', ['meaning']]]);
    expect(answer.understood.meaning).toEqual(['invoice']);
    expect(answer.unmatched).toEqual([]);
  });

  it('maps a word the alias table lacks onto the label it means ("mutt" → dog)', async () => {
    const { library, index, search } = await setup();
    await storeItem(library, { name: 'IMG_1' }, fakeImage(40, 30, [120, 90, 60], 'image/png', 'dog:0.7'));
    await storeItem(library, { name: 'IMG_2' }, fakeImage(40, 30, [30, 30, 200], 'image/png', 'person:0.6'));
    await search('warm-up');
    await index();
    const answer = await search('mutt');
    expect(answer.understood.objects).toEqual(['dog']);
    expect(answer.results.map((r) => [r.item.name, r.signals])).toEqual([['IMG_1', ['object']]]);
    expect((await search('puppy')).results.map((r) => r.item.name)).toEqual(['IMG_1']);
  });

  it('answers a query no signal covers with no items and says so', async () => {
    const { library, index, search } = await setup();
    await storeItem(library, { name: 'IMG_0042' }, fakeImage(40, 30));
    await storeItem(library, { name: 'scan 12', annotation: 'Receipt for the hotel bill' }, fakeImage(40, 30));
    await search('warm-up');
    await index();
    const answer = await search('xqzvv zorgle');
    expect(answer.results).toEqual([]);
    expect(answer.unmatched).toEqual(['xqzvv', 'zorgle']);
    expect(answer.message).toMatch(/No signal of this build covers/);
  });

  it('keeps embeddings in step with edits, the trash and removal', async () => {
    const { api, path, library, index, names } = await setup();
    const item = await storeItem(library, { name: 'scan 12', annotation: 'hotel' }, fakeImage(40, 30));
    await names('warm-up');
    await index();
    expect(await names('invoice')).toEqual([]);
    await call(api, 'POST', '/item/update', { id: item.id, annotation: 'Receipt for the hotel bill' }, { library: path });
    expect(await library.db.jobs.where('id').equals(`${TEXT_JOB}:${item.id}`).count()).toBe(1);
    await index();
    expect(await names('invoice')).toEqual(['scan 12']);
    await call(api, 'POST', '/item/update', { id: item.id, isDeleted: true }, { library: path });
    expect(await names('invoice')).toEqual([]);
    expect(await embeddedCount(library.db)).toBe(0);
    await call(api, 'POST', '/item/update', { id: item.id, isDeleted: false }, { library: path });
    expect(await names('invoice')).toEqual(['scan 12']);
    expect(await embeddedCount(library.db)).toBe(1);
    const other = await storeItem(library, { name: 'bill 2' });
    await index();
    expect(await names('invoice')).toEqual(['bill 2', 'scan 12']);
    const gone = (await itemRow(library, item.id))!;
    await writeTransaction(library, Date.now(), () => commitItemChanges(library.db, [{ before: gone }], ITEM_OBSERVERS, Date.now()));
    expect(await names('invoice')).toEqual(['bill 2']);
    expect(await embeddedCount(library.db)).toBe(1);
    expect(await library.db.textSlots.toArray()).toEqual([{ id: other.id, shard: 0 }]);
    expect((await library.db.textShards.toArray()).map((s) => [s.ids, s.data.length])).toEqual([[[other.id], 512]]);
  });

  it('re-embeds the items of a folder that is renamed (folder names are part of an item\'s text)', async () => {
    const { api, path, library, index, names } = await setup();
    const folder = (await call<{ id: string }>(api, 'POST', '/folder/create', { name: 'misc' }, { library: path })).data;
    await storeItem(library, { name: 'scan 7', folders: [folder.id] });
    await storeItem(library, { name: 'beach' });
    await names('warm-up');
    await index();
    expect(await names('invoice')).toEqual([]);
    await call(api, 'POST', '/folder/update', { id: folder.id, name: 'hotel bill' }, { library: path });
    await index();
    expect(await names('invoice')).toEqual(['scan 7']);
  });

  it('leaves text jobs queued while no page can run the encoder, counted by getSyncStatus, and resumes them', async () => {
    const { api, media, path, library, index, search } = await setup();
    media.needsPage.add('text');
    await storeItem(library, { name: 'bill' });
    await storeItem(library, { name: 'beach' });
    const answer = await search('invoice');
    expect(answer.results).toEqual([]);
    await index();
    expect(await library.db.jobs.filter((job) => job.kind === TEXT_JOB).count()).toBe(2);
    expect((await call(api, 'GET', '/aiSearch/getSyncStatus', {}, { library: path })).data).toMatchObject({ isSyncing: true });
    media.needsPage.delete('text');
    await index();
    expect(await library.db.jobs.filter((job) => job.kind === TEXT_JOB).count()).toBe(0);
    expect(await embeddedCount(library.db)).toBe(2);
    expect((await search('invoice')).results.map((r) => r.item.name)).toEqual(['bill']);
  });

  it('embeds queued items in batches: one encoder call per TEXT_BATCH items, each its own vector', async () => {
    const { media, library, index, names, search } = await setup();
    const calls: number[] = [];
    const embed = media.embedTexts.bind(media);
    media.embedTexts = async (sentences: string[]) => (calls.push(sentences.length), embed(sentences));
    media.needsPage.add('text');
    for (let i = 0; i < 40; i++) await storeItem(library, { name: i === 33 ? 'hotel receipt' : `beach photo ${i}` });
    await search('invoice'); // the first text search starts indexing by meaning
    await index();
    media.needsPage.delete('text');
    calls.length = 0;
    await index();
    expect(await embeddedCount(library.db)).toBe(40);
    // Item calls carry at most TEXT_BATCH sentences (a calibration, made once per process, carries more).
    const itemCalls = calls.filter((size) => size <= TEXT_BATCH);
    expect(itemCalls.reduce((a, b) => a + b, 0)).toBe(40);
    expect(Math.max(...itemCalls)).toBe(TEXT_BATCH);
    expect(itemCalls.length).toBeLessThan(10);
    expect((await names('invoice'))[0]).toBe('hotel receipt');
  });

  it('charges a failure only to the item that causes it, not to its whole batch', async () => {
    const { media, library, index, search } = await setup();
    const embed = media.embedTexts.bind(media);
    media.embedTexts = async (sentences: string[]) => {
      if (sentences.some((sentence) => sentence.includes('poison'))) throw new Error('the encoder failed');
      return embed(sentences);
    };
    for (let i = 0; i < 10; i++) await storeItem(library, { name: i === 4 ? 'poison pill' : `beach photo ${i}` });
    await search('invoice');
    await index();
    expect(await embeddedCount(library.db)).toBe(9);
    const left = await library.db.jobs.filter((job) => job.kind === TEXT_JOB).toArray();
    expect(left.map((job) => [job.itemId, job.lastError])).toEqual([[expect.any(String), 'the encoder failed']]);
    expect((await itemRow(library, left[0]!.itemId))?.name).toBe('poison pill');
  });

  it('says it is starting while a page worker loads a model, and which models are loaded', async () => {
    const media = new TestProcessor();
    const api = makeApi({ media });
    const health = async () => (await call<{ models: { signal: string; state: string }[] }>(api, 'GET', '/aiSearch/checkServiceHealth')).data.models;
    expect((await call(api, 'GET', '/aiSearch/isStarting')).data).toBe(false);
    expect((await health()).map((m) => [m.signal, m.state])).toEqual([['object', 'idle'], ['meaning', 'idle']]);
    Object.assign(media, { modelStates: async () => ({ [MEANING_MODEL]: 'loading', [OBJECT_MODEL]: 'loaded' }) });
    expect((await call(api, 'GET', '/aiSearch/isStarting')).data).toBe(true);
    expect((await health()).map((m) => [m.signal, m.state])).toEqual([['object', 'loaded'], ['meaning', 'loading']]);
    expect((await call(api, 'GET', '/aiSearch/isReady')).data).toBe(true);
  });
});

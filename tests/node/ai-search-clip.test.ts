// Bring your own CLIP through the API on fake-indexeddb, with the tests' tiny ONNX model run for real
// by onnxruntime-web (node build) behind a test media processor standing in for the page's CLIP
// worker: a stored model is reported and indexed by resumable jobs, searchByText ranks by it with
// signal "clip", and without a page the answer is an honest 503.
import * as ort from 'onnxruntime-web';
import { describe, expect, it } from 'vitest';
import type { ClipOutcome, MediaOutcome, MediaRequest } from '../../src/core/media/media-processor';
import { CLIP_JOB } from '../../src/core/media/media-jobs';
import { encodeImage, encodeText, type ClipSessions } from '../../src/core/ai-search/providers/clip-encode';
import { clipManifestSchema } from '../../src/core/ai-search/providers/clip-manifest';
import { clipTokenizer } from '../../src/core/ai-search/providers/clip-tokenizer';
import { clipModelStore, putClipModel, removeClipModel } from '../../src/core/ai-search/providers/clip-model-store';
import { IMAGE_SIZE, tinyClipManifest, tinyImageEncoder, tinyTextEncoder, VOCAB } from '../tiny-clip/tiny-clip-model';
import { call, makeApi, newLibrary } from './helpers';
import { fakeImage, itemRow, openLibrary, storeItem, TestProcessor } from './fixtures/media';
import { loadItemObservers } from '../../src/core/item-observers';
import { commitItemChanges } from '../../src/core/storage/item-changes';
import { writeTransaction } from '../../src/core/storage/write';

const ITEM_OBSERVERS = await loadItemObservers();

ort.env.wasm.numThreads = 1;

/** The page's CLIP worker, stood in for: thumbnails carry their colour ("THUMB WxH r,g,b"). */
class ClipProcessor extends TestProcessor {
  pageOpen = true;
  sessions?: ClipSessions;

  override async process(request: MediaRequest): Promise<MediaOutcome> {
    const outcome = await super.process(request);
    if (outcome.status !== 'done') return outcome;
    const [r, g, b] = outcome.palettes[0]!.color;
    return { ...outcome, thumbnail: new Blob([`THUMB ${outcome.width}x${outcome.height} ${r},${g},${b}`], { type: 'image/webp' }) };
  }

  private async loaded(): Promise<ClipSessions> {
    const manifest = clipManifestSchema.parse(tinyClipManifest());
    this.sessions ??= { manifest, tokenize: clipTokenizer(manifest, { vocab: JSON.stringify(VOCAB) }), image: await ort.InferenceSession.create(tinyImageEncoder()), text: await ort.InferenceSession.create(tinyTextEncoder()) };
    return this.sessions;
  }

  async clipImage(request: MediaRequest): Promise<ClipOutcome> {
    if (!this.pageOpen) return { status: 'needs-page', reason: 'no page' };
    const [r, g, b] = (/ (\d+),(\d+),(\d+)$/.exec(await request.blob.text()) ?? []).slice(1).map(Number);
    if (r === undefined) return { status: 'undecodable', reason: 'no colour' };
    const pixels = new Uint8ClampedArray(IMAGE_SIZE * IMAGE_SIZE * 4);
    for (let at = 0; at < pixels.length; at += 4) pixels.set([r, g!, b!, 255], at);
    const s = await this.loaded();
    return { status: 'done', embedding: await encodeImage(ort, s, pixels), model: s.manifest.name };
  }

  async clipText(text: string): Promise<ClipOutcome> {
    if (!this.pageOpen) return { status: 'needs-page', reason: 'no page' };
    const s = await this.loaded();
    return { status: 'done', embedding: await encodeText(ort, s, text), model: s.manifest.name };
  }
}

type Results = { results: { item: { id: string; name: string }; signals: string[] }[]; model?: string };

async function setup() {
  const media = new ClipProcessor();
  const api = makeApi({ media });
  const path = await newLibrary(api);
  const library = await openLibrary(api, path);
  const store = clipModelStore(api.registry.namespace);
  const index = async () => {
    await api.media.resume(path);
    await api.media.whenIdle();
  };
  const get = async <T>(route: string) => (await call<T>(api, 'GET', route, {}, { library: path })).data;
  const search = (query: string) => call<Results>(api, 'POST', '/aiSearch/searchByText', { query }, { library: path });
  const colours = { red: [230, 20, 20], green: [20, 200, 40], blue: [30, 40, 220], yellow: [240, 220, 30] } as const;
  const ids: Record<string, string> = {};
  for (const [name, rgb] of Object.entries(colours)) ids[name] = (await storeItem(library, { name }, fakeImage(40, 30, [...rgb]))).id;
  await index();
  return { api, media, path, library, store, index, get, search, ids };
}

const files = () => ({ 'image.onnx': new Blob([tinyImageEncoder() as BlobPart]), 'text.onnx': new Blob([tinyTextEncoder() as BlobPart]), 'vocab.json': new Blob([JSON.stringify(VOCAB)]) });

describe('bring your own CLIP through the API', () => {
  it('reports, indexes and searches with a stored model; the built-in signals answer without one', async () => {
    const { api, path, media, library, store, index, get, search, ids } = await setup();
    expect(await get('/aiSearch/checkServiceHealth')).toMatchObject({ clip: { loaded: false } });
    expect((await search('red')).data.results[0]?.signals).not.toContain('clip');

    await putClipModel(store, tinyClipManifest(), files());
    expect(await get('/aiSearch/checkServiceHealth')).toMatchObject({ signals: expect.arrayContaining(['clip']), clip: { loaded: true, name: 'tiny-clip-test', dims: 8, indexedCount: 0 } });
    // Indexing waits for a page while none is open, and resumes from the queue when one is.
    media.pageOpen = false;
    await index();
    expect(await get('/aiSearch/getSyncStatus')).toMatchObject({ isSyncing: true, syncedCount: 0, totalCount: 4 });
    expect(await library.db.jobs.filter((job) => job.kind === CLIP_JOB).count()).toBe(4);
    media.pageOpen = true;
    await index();
    expect(await get('/aiSearch/getSyncStatus')).toMatchObject({ isSyncing: false, syncedCount: 4, totalCount: 4 });
    expect(await get('/aiSearch/checkServiceHealth')).toMatchObject({ clip: { indexedCount: 4 } });

    for (const word of ['red', 'green', 'blue', 'yellow']) {
      const answer = (await search(`a photo of ${word}`)).data;
      expect(answer.model).toBe('tiny-clip-test');
      expect(answer.results[0]).toMatchObject({ item: { id: ids[word] }, signals: ['clip'] });
    }
    // A trashed item never appears.
    expect((await call(api, 'POST', '/item/update', { id: ids.red, isDeleted: true }, { library: path })).httpStatus).toBe(200);
    expect((await search('red')).data.results.map((r) => r.item.id)).not.toContain(ids.red);
    // A new item is indexed too.
    const orange = await storeItem(library, { name: 'more red' }, fakeImage(40, 30, [250, 30, 10]));
    await index();
    expect((await search('red')).data.results[0]).toMatchObject({ item: { id: orange.id }, signals: ['clip'] });
    // A re-indexed item (its thumbnail made again) and a removed one leave no old vector behind once indexing is done.
    await writeTransaction(library, Date.now(), async () => commitItemChanges(library.db, [{ before: (await itemRow(library, ids.blue!))! }], ITEM_OBSERVERS, Date.now()));
    expect((await call(api, 'POST', '/item/refreshThumbnail', { itemId: ids.green }, { library: path })).httpStatus).toBe(200);
    await index();
    const stored = (await library.db.clipShards.toArray()).flatMap((row) => row.ids);
    expect(stored.sort()).toEqual([ids.red, ids.green, ids.yellow, orange.id].sort());
    expect((await search('green')).data.results[0]).toMatchObject({ item: { id: ids.green }, signals: ['clip'] });

    // Without an open page, the query cannot be embedded: 503, saying what to do.
    media.pageOpen = false;
    const closed = await search('red');
    expect(closed.httpStatus).toBe(503);
    expect(closed.body.message).toMatch(/Open the app to use your CLIP model/);

    // The model removed: its vectors go, and the built-in signals answer again.
    await removeClipModel(store);
    expect(await get('/aiSearch/checkServiceHealth')).toMatchObject({ clip: { loaded: false } });
    expect(await library.db.clipShards.count()).toBe(0);
    expect((await search('red')).data.results[0]?.signals).not.toContain('clip');
  }, 30_000);

  it('starts indexing when a status call finds a new model, with nothing else waking the job runner', async () => {
    const { api, store, get } = await setup();
    await putClipModel(store, tinyClipManifest(), files());
    expect(await get('/aiSearch/checkServiceHealth')).toMatchObject({ clip: { loaded: true, indexedCount: 0 } });
    await api.media.whenIdle();
    expect(await get('/aiSearch/checkServiceHealth')).toMatchObject({ clip: { indexedCount: 4 } });
  });

  it('indexes again when a model is picked again under the same name, after its jobs were dropped', async () => {
    const { library, store, get } = await setup();
    // The web app keeps a picked model, loads it, and puts the one before back when it does not run;
    // a status poll in between queued jobs for it, and its failures dropped them.
    await putClipModel(store, tinyClipManifest(), files());
    expect(await get('/aiSearch/checkServiceHealth')).toMatchObject({ clip: { loaded: true, name: 'tiny-clip-test' } });
    expect(await library.db.jobs.filter((job) => job.kind === CLIP_JOB).count()).toBe(4);
    await library.db.jobs.filter((job) => job.kind === CLIP_JOB).delete();
    await removeClipModel(store);
    // The person picks it again, fixed, under the same name, before any poll saw it gone.
    await putClipModel(store, tinyClipManifest(), files());
    expect(await get('/aiSearch/checkServiceHealth')).toMatchObject({ clip: { loaded: true, name: 'tiny-clip-test' } });
    expect(await library.db.jobs.filter((job) => job.kind === CLIP_JOB).count()).toBe(4);
  });

  it('refuses a model whose manifest names a file that was not picked, and keeps nothing', async () => {
    const { store, get } = await setup();
    const { 'text.onnx': _, ...partial } = files();
    await expect(putClipModel(store, tinyClipManifest(), partial)).rejects.toThrow(/text.onnx/);
    await expect(putClipModel(store, { ...tinyClipManifest(), dims: 0 }, files())).rejects.toThrow(/dims/);
    expect(await get('/aiSearch/checkServiceHealth')).toMatchObject({ clip: { loaded: false } });
  });
});

// The AI models' files on the device (issue 24, point 6): the indexes start only once the models are
// cached (a device that never used AI search downloads nothing when the app opens), getSyncStatus
// reports their download in bytes while it runs, and says which models are missing and why.
import { describe, expect, it } from 'vitest';
import type { ModelFile } from '../../src/core/ai-search/model-files';
import { missingModelsMessage, modelsCached, modelsPreparation } from '../../src/core/ai-search/model-files';
import { preparingText } from '../../src/app/ai/ai-progress';
import { call, makeApi, newLibrary } from './helpers';
import { fakeImage, openLibrary, storeItem, TestProcessor } from './fixtures/media';

const KB = 1024;
const MB = 1024 * KB;
const build = (over: Partial<Record<string, Partial<ModelFile>>> = {}): ModelFile[] =>
  [
    { path: 'models/centernet.json', size: 100 * KB },
    { path: 'models/centernet.bin', size: 4096 * KB },
    { path: 'models/use/model.json', size: 100 * KB },
    { path: 'models/use/weights.bin', size: 7168 * KB },
    { path: 'models/use/vocab.json', size: 200 * KB },
    { path: 'models/tfjs-backend-wasm-simd.wasm', size: 624 * KB },
    { path: 'models/tfjs-backend-wasm.wasm', size: 500 * KB },
    // OCR's files are lazy model files of the build too, but not AI search's.
    { path: 'models/ocr/worker.min.js', size: 100 * KB },
    { path: 'models/ocr/tesseract-core-simd-lstm.wasm.js', size: 3 * MB },
    { path: 'models/ocr/eng.traineddata.gz', size: 3 * MB },
  ].map((file) => ({ cached: false, ...file, ...over[file.path] }));

const allCached = () => build(Object.fromEntries(build().map((file) => [file.path, { cached: true }])));

type Status = { isSyncing: boolean; syncedCount: number; totalCount: number; progress: number; preparing?: { doneBytes: number; totalBytes: number }; message?: string };

describe('model files', () => {
  it('counts as cached only when every needed file is (neither the non-SIMD WASM fallback nor OCR\'s files are needed)', () => {
    expect(modelsCached(build())).toBe(false);
    const needed = build(Object.fromEntries(build().filter((f) => !f.path.endsWith('/tfjs-backend-wasm.wasm') && !f.path.includes('/ocr/')).map((f) => [f.path, { cached: true }])));
    expect(modelsCached(needed)).toBe(true);
    expect(modelsCached(build({ 'models/centernet.bin': { cached: true } }))).toBe(false);
  });

  it('reports bytes while a file downloads: cached files in full, running ones by what arrived', () => {
    expect(modelsPreparation(build())).toBeUndefined();
    const files = build({ 'models/centernet.json': { cached: true }, 'models/centernet.bin': { received: 3 * MB } });
    expect(modelsPreparation(files)).toEqual({ doneBytes: 3 * MB + 100 * KB, totalBytes: 12 * MB });
    expect(modelsPreparation(allCached())).toBeUndefined();
  });

  it('reports preparing while queued work waits for models still to come, before any byte arrived; not once one failed', () => {
    expect(modelsPreparation(build(), true)).toEqual({ doneBytes: 0, totalBytes: 12 * MB });
    expect(modelsPreparation(build({ 'models/centernet.json': { cached: true } }), true)).toEqual({ doneBytes: 100 * KB, totalBytes: 12 * MB });
    expect(modelsPreparation(allCached(), true)).toBeUndefined();
    // A model that cannot come gets the missing-models message instead of a bar that never ends.
    expect(modelsPreparation(build({ 'models/use/weights.bin': { failed: 'offline' } }), true)).toBeUndefined();
  });

  it('words the progress as the status bar shows it', () => {
    expect(preparingText({ doneBytes: 3.1 * MB, totalBytes: 12 * MB })).toBe('Preparing AI search: 3.1 of 12 MB');
    expect(preparingText({ doneBytes: 0, totalBytes: 12_050_729 })).toBe('Preparing AI search: 0 of 11.5 MB');
  });

  it('names the missing models and why; nothing before a download was tried', () => {
    expect(missingModelsMessage(build())).toBeUndefined();
    const offline = missingModelsMessage(build({ 'models/use/weights.bin': { failed: 'offline' }, 'models/use/vocab.json': { failed: 'offline' } }));
    expect(offline).toBe(
      'AI search is missing models: the sentence encoder (weights.bin, vocab.json) cannot be downloaded while this device is offline. Object and meaning search wait until the device is online (the next AI search tries again). Colour, look-alike and word search work.',
    );
    const full = missingModelsMessage(build({ 'models/centernet.bin': { failed: 'no-room' }, 'models/use/weights.bin': { failed: 'no-room' } }));
    expect(full).toBe(
      'AI search is missing models: the object detector (centernet.bin) and the sentence encoder (weights.bin) cannot be kept: the browser gives this site too little storage. The models need 12.0 MB: object and meaning search work while online (the models are downloaded for each use), not offline. Colour, look-alike and word search work.',
    );
    // A failure of the fallback WASM, or of a file cached since, is not a missing model.
    expect(missingModelsMessage(build({ 'models/tfjs-backend-wasm.wasm': { failed: 'offline' }, 'models/centernet.bin': { failed: 'offline', cached: true } }))).toBeUndefined();
  });
});

describe('getSyncStatus with model files', () => {
  async function setup(files: () => ModelFile[], media = new TestProcessor()) {
    const api = makeApi({ media, modelFiles: { files: async () => files() } });
    const path = await newLibrary(api);
    const library = await openLibrary(api, path);
    await storeItem(library, { name: 'scan 12', annotation: 'Receipt for the hotel bill' }, fakeImage(40, 30));
    const index = async () => {
      await api.media.resume(path);
      await api.media.whenIdle();
    };
    const status = async (query: Record<string, unknown> = {}) => (await call<Status>(api, 'GET', '/aiSearch/getSyncStatus', query, { library: path })).data;
    const flag = async (name: string) => (await call<boolean>(api, 'GET', `/aiSearch/${name}`, {}, { library: path })).data;
    return { api, path, index, status, flag, library };
  }

  it('watching starts no model work while the models are not cached; a text search starts it', async () => {
    let files = build();
    const { api, path, index, status } = await setup(() => files);
    await index();
    expect(await status({ watch: true })).toEqual({ isSyncing: false, syncedCount: 1, totalCount: 1, progress: 1 });
    await index();
    expect(await status({ watch: 'true' })).toEqual({ isSyncing: false, syncedCount: 1, totalCount: 1, progress: 1 });
    // The first AI text search turns the indexes on; its models are then downloaded.
    files = build({ 'models/use/weights.bin': { received: 2 * MB } });
    await call(api, 'POST', '/aiSearch/searchByText', { query: 'invoice' }, { library: path });
    expect(await status({ watch: true })).toMatchObject({ preparing: { doneBytes: 2 * MB, totalBytes: 12 * MB } });
  });

  it('a status call is an AI use: it starts the indexes, and says preparing, not ready, until the models are in and every item is indexed', async () => {
    // Each route as the first call of a fresh library (its call queues the work; the test processor then runs it at once).
    for (const [name, answer] of [['isReady', false], ['isStarting', true], ['isSyncing', true]] as const) {
      const { index, flag } = await setup(build);
      await index();
      expect(await flag(name), name).toBe(answer);
    }
    const { index, status, flag } = await setup(build);
    await index();
    // Nothing downloads yet, and still the status counts the meaning and object work the models will do.
    expect(await status()).toEqual({ isSyncing: true, syncedCount: 0, totalCount: 1, progress: 0, preparing: { doneBytes: 0, totalBytes: 12 * MB } });
    await index();
    expect(await status()).toEqual({ isSyncing: false, syncedCount: 1, totalCount: 1, progress: 1 });
    expect(await flag('isReady')).toBe(true);
    expect(await flag('isStarting')).toBe(false);
    expect(await flag('isSyncing')).toBe(false);
  });

  it('a watch call while indexing runs says how many index jobs are queued (the bar moves while an index builds); a plain call does not', async () => {
    const { index, status, library } = await setup(build);
    // The new item waits for its thumbnail work (nothing has run yet).
    const queued = () => library.db.jobs.count();
    expect(await status({ watch: true })).toMatchObject({ isSyncing: true, syncedCount: 0, queuedJobs: await queued() });
    expect(await queued()).toBeGreaterThan(0);
    // A plain call (a script's) keeps the contract's fields.
    const plain = await status();
    expect(plain.isSyncing).toBe(true);
    expect(plain).not.toHaveProperty('queuedJobs');
    await index();
    await index();
    expect(await status({ watch: true })).toEqual({ isSyncing: false, syncedCount: 1, totalCount: 1, progress: 1 });
  });

  it('a library with nothing to index is ready without the models (nothing waits for them)', async () => {
    const api = makeApi({ media: new TestProcessor(), modelFiles: { files: async () => build() } });
    const path = await newLibrary(api);
    expect((await call(api, 'GET', '/aiSearch/getSyncStatus', {}, { library: path })).data).toEqual({ isSyncing: false, syncedCount: 0, totalCount: 0, progress: 1 });
    expect((await call(api, 'GET', '/aiSearch/isReady', {}, { library: path })).data).toBe(true);
  });

  it('a bad watch flag is a 400 naming the field', async () => {
    const { api, path } = await setup(allCached);
    const answer = await call<unknown>(api, 'GET', '/aiSearch/getSyncStatus', { watch: 'maybe' }, { library: path });
    expect(answer.httpStatus).toBe(400);
    expect(JSON.stringify(answer)).toMatch(/watch/);
  });

  it('turns the indexes on by itself once the models are cached', async () => {
    const { index, status } = await setup(allCached);
    await index();
    expect(await status()).toMatchObject({ isSyncing: true, totalCount: 1 });
    await index();
    expect(await status()).toEqual({ isSyncing: false, syncedCount: 1, totalCount: 1, progress: 1 });
  });

  it('says which models are missing and why', async () => {
    const { status } = await setup(() => build({ 'models/centernet.bin': { failed: 'unreachable' } }));
    expect((await status()).message).toMatch(/^AI search is missing models: the object detector \(centernet\.bin\) cannot be downloaded: the site does not answer\./);
  });

  it('a text search whose encoder cannot load answers what else matches and why meaning is missing, not a 500', async () => {
    const media = new (class extends TestProcessor {
      override async embedTexts(): Promise<never> {
        throw new Error('Failed to fetch');
      }
    })();
    const files = build({ 'models/use/weights.bin': { failed: 'offline' } });
    const { api, path } = await setup(() => files, media);
    const answer = await call<{ results: unknown[]; message?: string }>(api, 'POST', '/aiSearch/searchByText', { query: 'invoice' }, { library: path });
    expect(answer.httpStatus).toBe(200);
    expect(answer.data.results).toEqual([]);
    expect(answer.data.message).toMatch(/its meaning cannot be read now: AI search is missing models: the sentence encoder \(weights\.bin\) cannot be downloaded while this device is offline\./);
  });
});

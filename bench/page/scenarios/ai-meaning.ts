/**
 * AI search by meaning over min(10,000, BENCH_N) items whose packed text embeddings (random int8:
 * a scan costs the same) and calibration are written straight into IndexedDB, this page hosting
 * the media worker that embeds queries (as the app does). Rows:
 * - searchByText "invoice", warm: the query embedded in the page's media worker, then a scan of every
 *   embedding in the service worker; baseline the scan alone (rankByMeaning) in this page.
 * - the same, first query after a worker stop (the page's worker keeps the model); baseline warm.
 * - text indexing per second through the page media worker; baseline the bare encoder in this page.
 */
import { ApiClient } from '../../../tests/loose-client';
import { startMediaHost, type MediaHost } from '../../../src/app/media/media-host';
import { embedTexts } from '../../../src/app/media/sentence-encoder';
import { makeCalibration, saveCalibration, type Calibration } from '../../../src/core/ai-search/meaning-calibration';
import { rankByMeaning } from '../../../src/core/ai-search/meaning-search';
import { SHARD_SIZE } from '../../../src/core/ai-search/text-vector-store';
import { centred, EMBEDDING_DIM } from '../../../src/core/ai-search/vector-math';
import { TEXT_JOB, textJob } from '../../../src/core/media/media-jobs';
import { LibraryDb } from '../../../src/core/storage/library-db';
import type { TextShardRow } from '../../../src/core/storage/rows';
import type { BenchContext } from '../context';
import { repeat, timed } from '../repeat';
import type { Scenario } from '../scenario';
import { coldRuns } from './cold-start';
import { pictureRows } from './ai-search';

const LIMIT = 20;
const QUERY = 'invoice';
const embed = async (sentences: string[]) => ({ status: 'done' as const, vectors: await embedTexts(sentences) });

interface MeaningLibrary {
  api: ApiClient;
  db: LibraryDb;
  host: MediaHost;
  calibration: Calibration;
  count: number;
}

const cache = new WeakMap<BenchContext, Promise<MeaningLibrary>>();
const libraryOf = (ctx: BenchContext) => {
  let made = cache.get(ctx);
  if (!made) cache.set(ctx, (made = makeLibrary(ctx)));
  return made;
};

async function newLibrary(ctx: BenchContext, suffix: string, lastRow?: string): Promise<{ api: ApiClient; db: LibraryDb }> {
  const path = await ctx.newLibrary(suffix, lastRow);
  return { api: new ApiClient({ library: path }), db: new LibraryDb(ctx.core.open(await ctx.core.registry.require(path)).db.name) };
}

async function makeLibrary(ctx: BenchContext): Promise<MeaningLibrary> {
  const count = Math.min(10_000, ctx.settings.n);
  await ctx.driver.log(`writing ${count} items with text embeddings for the meaning rows`);
  // Read by the three searchByText rows; removed after the last of them.
  const { api, db } = await newLibrary(ctx, 'meaning', aiMeaningFirstUse.id);
  const calibration = (await makeCalibration(embed))!;
  const rows = pictureRows(count, Date.now());
  let state = 54321;
  const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const shards: TextShardRow[] = [];
  for (let shard = 0; shard * SHARD_SIZE < count; shard++) {
    const ids = rows.slice(shard * SHARD_SIZE, (shard + 1) * SHARD_SIZE).map((row) => row.id);
    const data = new Int8Array(ids.length * EMBEDDING_DIM).map(() => Math.round((random() - 0.5) * 254));
    shards.push({ shard, ids, trashed: new Uint8Array(ids.length), scales: new Float32Array(ids.length).fill(1 / 127 / Math.sqrt(EMBEDDING_DIM / 3)), data });
  }
  await db.transaction('rw', [db.items, db.textShards, db.textSlots, db.state], async () => {
    await db.items.bulkAdd(rows);
    await db.textShards.bulkAdd(shards);
    await db.textSlots.bulkAdd(shards.flatMap((s) => s.ids.map((id) => ({ id, shard: s.shard }))));
    await saveCalibration(db, calibration);
    // Indexing already on and done: the searches below queue no jobs.
    await db.state.bulkPut([{ key: 'ai-objects', value: true }, { key: 'ai-meaning-enabled', value: true }, { key: 'ai-meaning', value: count }]);
  });
  return { api, db, host: startMediaHost(), calibration, count };
}

const search = (m: MeaningLibrary) => m.api.post('/aiSearch/searchByText', { query: QUERY, limit: LIMIT });
async function scanInPage(m: MeaningLibrary, query: Float32Array) {
  await rankByMeaning(m.db, query, LIMIT);
}

export const aiMeaningWarm: Scenario = {
  id: 'ai-meaning-warm',
  label: `aiSearch/searchByText "${QUERY}" by meaning, up to 10,000 items, warm`,
  unit: 'ms',
  async measure(ctx) {
    const m = await libraryOf(ctx);
    const query = centred((await embedTexts([QUERY]))[0]!, m.calibration.centre);
    const result = await repeat({
      runs: ctx.settings.runs,
      subject: { run: () => search(m) },
      baseline: { label: 'the scan alone in this page (rankByMeaning)', run: () => scanInPage(m, query) },
    });
    return { ...result, note: `${m.count} items; goal < 100 ms warm` };
  },
};

export const aiMeaningCold: Scenario = {
  id: 'ai-meaning-cold',
  label: `aiSearch/searchByText "${QUERY}" by meaning, first query after a worker stop`,
  unit: 'ms',
  async measure(ctx) {
    const m = await libraryOf(ctx);
    const result = await repeat({
      runs: coldRuns(ctx.settings.runs),
      warmup: 1,
      subject: { before: () => ctx.driver.stopServiceWorker(), run: () => search(m) },
      baseline: { label: 'the same query, warm', run: () => search(m) },
    });
    m.host.stop();
    return { ...result, note: `${m.count} items; goal < 1.5 s; the page's media worker keeps the model loaded` };
  },
};

/**
 * The very first query by meaning: the service worker stopped and a brand-new page media worker, so
 * the query waits for TF.js and the encoder to load (from the site's cache, as after a reload).
 */
export const aiMeaningFirstUse: Scenario = {
  id: 'ai-meaning-first-use',
  label: `aiSearch/searchByText "${QUERY}" by meaning, first use: worker stopped, fresh page media worker`,
  unit: 'ms',
  async measure(ctx) {
    const m = await libraryOf(ctx);
    let host = startMediaHost();
    const result = await repeat({
      runs: coldRuns(ctx.settings.runs),
      warmup: 1,
      subject: {
        before: async () => {
          host.stop();
          await ctx.driver.stopServiceWorker();
          host = startMediaHost();
        },
        run: () => search(m),
      },
      baseline: { label: 'the same query, warm', run: () => search(m) },
    });
    host.stop();
    return { ...result, note: `${m.count} items; goal < 1.5 s for the first AI query; includes loading TF.js (WASM) and the encoder in the new worker` };
  },
};

const TEXT_ITEMS = 200;

/** Text indexing: TEXT_ITEMS items with a name and an annotation, their `text` jobs timed until none is left. */
export const textIndexRate: Scenario = {
  id: 'ai-text-index-rate',
  label: `text indexing by meaning, ${TEXT_ITEMS} items, page media worker`,
  unit: 'items/s',
  async measure(ctx) {
    const { api, db } = await newLibrary(ctx, 'text');
    const host = startMediaHost();
    try {
      const now = Date.now();
      const rows = pictureRows(TEXT_ITEMS, now).map((row, i) => ({ ...row, hasFile: false, annotation: `receipt number ${i} for the hotel bill, paid by card` }));
      const texts = rows.map((row) => `${row.name}. ${row.annotation}`);
      await embedTexts(texts.slice(0, 1)); // the baseline's model load, outside its timing
      await db.transaction('rw', [db.items, db.jobs, db.state], async () => {
        await db.items.bulkAdd(rows);
        await db.state.bulkPut([{ key: 'ai-objects', value: true }, { key: 'ai-meaning-enabled', value: true }]);
        await db.jobs.bulkAdd(rows.map((row) => textJob(row.id, now)));
      });
      const jobsLeft = () => db.jobs.where('id').startsWith(`${TEXT_JOB}:`).count();
      const ms = await timed(async () => {
        await api.get('/aiSearch/getSyncStatus'); // the first request to the library resumes its jobs
        while ((await jobsLeft()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      });
      const floor: number[] = [];
      for (const text of texts.slice(0, 20)) floor.push(1000 / (await timed(() => embedTexts([text]))));
      return { samples: [(TEXT_ITEMS / ms) * 1000], baseline: { label: 'embedTexts in this page, one by one, warm', samples: floor }, note: 'the subject includes the media worker loading TF.js and the model once, and the calibration' };
    } finally {
      host.stop();
      db.close();
    }
  },
};

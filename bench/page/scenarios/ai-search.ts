/**
 * AI search over AI_IMAGES pictures (min(10,000, BENCH_N)), in a library of their own whose item
 * rows and packed descriptors are written straight into IndexedDB (what the media queue would
 * have stored; random descriptors cost a scan the same as real ones). Rows:
 * - searchByItemId, warm: through the worker; baseline the same ranking (rankByLikeness) run in
 *   this page on the same database, so the difference is the worker's share.
 * - searchByItemId, first AI query after a worker stop; baseline the warm query.
 * - searchByText "red" (colour shares), warm; baseline the same ranking in this page.
 * - descriptors per second (describePixels of a 64×64 picture); baseline the palette of the same
 *   pixels (what every thumbnail already paid).
 */
import { ApiClient } from '../../../src/app/api-client';
import { rankByColours } from '../../../src/core/ai-search/colour-search';
import { DESCRIPTOR_BYTES, WORK_SIDE } from '../../../src/core/ai-search/descriptor-layout';
import { SHARD_SIZE } from '../../../src/core/ai-search/descriptor-store';
import { rankByLikeness } from '../../../src/core/ai-search/visual-search';
import { withDerivedFields } from '../../../src/core/items/item-row';
import { LibraryDb } from '../../../src/core/storage/library-db';
import type { DescriptorShardRow, ItemRow } from '../../../src/core/storage/rows';
import { describePixels } from '../../../src/media/descriptor';
import { extractPalette } from '../../../src/media/palette';
import type { BenchContext } from '../context';
import { repeat, timed } from '../repeat';
import type { Scenario } from '../scenario';
import { coldRuns } from './cold-start';

const LIMIT = 20;

interface AiLibrary {
  api: ApiClient;
  db: LibraryDb;
  queryId: string;
  count: number;
}

const cache = new WeakMap<BenchContext, Promise<AiLibrary>>();
const libraryOf = (ctx: BenchContext) => {
  let made = cache.get(ctx);
  if (!made) cache.set(ctx, (made = makeLibrary(ctx)));
  return made;
};

async function makeLibrary(ctx: BenchContext): Promise<AiLibrary> {
  const count = Math.min(10_000, ctx.settings.n);
  await ctx.driver.log(`writing ${count} items with descriptors for the AI search rows`);
  const { path } = await new ApiClient().post<{ path: string }>('/library/create', { name: `${ctx.library.split('/').pop()!.replace(/\.library$/, '')}-ai` });
  const db = new LibraryDb(ctx.core.open(await ctx.core.registry.require(path)).db.name);
  let state = 12345;
  const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const now = Date.now();
  const rows: ItemRow[] = [];
  for (let i = 0; i < count; i++) {
    const id = `AI${String(i).padStart(11, '0')}`;
    rows.push(withDerivedFields({
      pk: '', id, nameKey: '', pixels: 0, facets: [], name: `picture ${i}`, ext: 'jpg', mime: 'image/jpeg', width: 640, height: 480,
      size: 1000, url: '', annotation: '', tags: [], folders: [], star: 0, isDeleted: false, modificationTime: now, btime: now,
      importedAt: now + i, duration: 0, palettes: [], noThumbnail: false, noPreview: false, thumbnail: 'ready', hasFile: true,
      descriptorShard: Math.floor(i / SHARD_SIZE),
    }));
  }
  const shards: DescriptorShardRow[] = [];
  for (let shard = 0; shard * SHARD_SIZE < count; shard++) {
    const slice = rows.slice(shard * SHARD_SIZE, (shard + 1) * SHARD_SIZE);
    const data = new Uint8Array(slice.length * DESCRIPTOR_BYTES);
    for (let i = 0; i < data.length; i++) data[i] = Math.floor(random() * 256);
    shards.push({ shard, ids: slice.map((row) => row.id), trashed: new Uint8Array(slice.length), data });
  }
  await db.transaction('rw', db.items, db.descriptorShards, db.state, async () => {
    await db.items.bulkAdd(rows);
    await db.descriptorShards.bulkAdd(shards);
    await db.state.put({ key: 'ai-visual', value: { described: count } });
  });
  return { api: new ApiClient({ library: path }), db, queryId: rows[Math.floor(count / 2)]!.id, count };
}

const byItem = (ai: AiLibrary) => ai.api.post('/aiSearch/searchByItemId', { itemId: ai.queryId, limit: LIMIT });
async function inPage(ai: AiLibrary) {
  const shard = await ai.db.descriptorShards.get(Math.floor(Number(ai.queryId.slice(2)) / SHARD_SIZE));
  const slot = shard!.ids.indexOf(ai.queryId);
  await rankByLikeness(ai.db, shard!.data.slice(slot * DESCRIPTOR_BYTES, (slot + 1) * DESCRIPTOR_BYTES), LIMIT, ai.queryId);
}

export const aiSearchByItemWarm: Scenario = {
  id: 'ai-search-by-item-warm',
  label: 'aiSearch/searchByItemId, up to 10,000 pictures, limit 20, warm',
  unit: 'ms',
  async measure(ctx) {
    const ai = await libraryOf(ctx);
    const result = await repeat({
      runs: ctx.settings.runs,
      subject: { run: () => byItem(ai) },
      baseline: { label: 'the same ranking in this page (rankByLikeness)', run: () => inPage(ai) },
    });
    return { ...result, note: `${ai.count} pictures; goal < 100 ms warm` };
  },
};

export const aiSearchByItemCold: Scenario = {
  id: 'ai-search-by-item-cold',
  label: 'aiSearch/searchByItemId, first query after a worker stop',
  unit: 'ms',
  async measure(ctx) {
    const ai = await libraryOf(ctx);
    const result = await repeat({
      runs: coldRuns(ctx.settings.runs),
      warmup: 1,
      subject: { before: () => ctx.driver.stopServiceWorker(), run: () => byItem(ai) },
      baseline: { label: 'the same query, warm', run: () => byItem(ai) },
    });
    return { ...result, note: `${ai.count} pictures; goal < 1.5 s for the first AI query after a stop` };
  },
};

export const aiSearchByTextWarm: Scenario = {
  id: 'ai-search-by-text-warm',
  label: 'aiSearch/searchByText "red", up to 10,000 pictures, warm',
  unit: 'ms',
  async measure(ctx) {
    const ai = await libraryOf(ctx);
    const result = await repeat({
      runs: ctx.settings.runs,
      subject: { run: () => ai.api.post('/aiSearch/searchByText', { query: 'red', limit: LIMIT }) },
      baseline: { label: 'the same ranking in this page (rankByColours)', run: () => rankByColours(ai.db, ['red'], LIMIT) },
    });
    return { ...result, note: `${ai.count} pictures` };
  },
};

export const descriptorRate: Scenario = {
  id: 'ai-descriptor-rate',
  label: 'visual descriptors per second (64×64 pixels, one thread)',
  unit: 'items/s',
  async measure(ctx) {
    const pixels = new Uint8ClampedArray(WORK_SIDE * WORK_SIDE * 4).map((_, i) => (i * 2654435761) >>> 24);
    const rate = (ms: number) => 1000 / ms;
    const subject: number[] = [], baseline: number[] = [];
    for (let i = 0; i < ctx.settings.runs + 3; i++) {
      const a = await timed(async () => describePixels(pixels));
      const b = await timed(async () => extractPalette(pixels));
      if (i >= 3) subject.push(rate(a)), baseline.push(rate(b));
    }
    return { samples: subject, baseline: { label: 'the palette of the same pixels (extractPalette)', samples: baseline } };
  },
};

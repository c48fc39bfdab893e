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
 * - object indexing per second (objectIndexRate, below).
 */
import { ApiClient } from '../../../src/app/api-client';
import { startMediaHost } from '../../../src/app/media/media-host';
import { detectInBitmap } from '../../../src/app/media/object-detector';
import { rankByColours } from '../../../src/core/ai-search/colour-search';
import { DESCRIPTOR_BYTES, WORK_SIDE } from '../../../src/core/ai-search/descriptor-layout';
import { SHARD_SIZE } from '../../../src/core/ai-search/descriptor-store';
import { rankByLikeness } from '../../../src/core/ai-search/visual-search';
import { withDerivedFields } from '../../../src/core/listing/item-row';
import { OBJECTS_JOB } from '../../../src/core/media/media-jobs';
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
  // Read by the three aiSearch rows; removed after the last of them.
  const path = await ctx.newLibrary('ai', aiSearchByTextWarm.id);
  const db = new LibraryDb(ctx.core.open(await ctx.core.registry.require(path)).db.name);
  let state = 12345;
  const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const rows = pictureRows(count, Date.now());
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

/** Item rows of `count` pictures `AI00000000000`…, their descriptors in shard i / SHARD_SIZE. */
export function pictureRows(count: number, now: number): ItemRow[] {
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
  return rows;
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

const OBJECT_IMAGES = 20;

/**
 * Object indexing: OBJECT_IMAGES drawn 1024×768 JPEGs in a library of their own, this page hosting
 * the media worker (as the app does); the first searchByText starts the `objects` jobs, timed until
 * none is left. Baseline: the bare detector (detectInBitmap) on the same pictures in this page, one
 * after another, after one warm-up run (the subject pays the model load once, like a real first use).
 */
export const objectIndexRate: Scenario = {
  id: 'ai-object-index-rate',
  label: `object indexing, ${OBJECT_IMAGES} JPEGs, page media worker`,
  unit: 'items/s',
  async measure(ctx) {
    const blobs: Blob[] = [];
    for (let i = 0; i < OBJECT_IMAGES; i++) blobs.push(await drawnPhoto(i));
    const path = await ctx.newLibrary('objects');
    const api = new ApiClient({ library: path });
    const db = new LibraryDb(ctx.core.open(await ctx.core.registry.require(path)).db.name);
    const host = startMediaHost();
    try {
      await api.post('/item/add', { items: await Promise.all(blobs.map(async (blob, i) => ({ name: `photo ${i}`, base64: await toBase64(blob) }))) });
      while ((await db.jobs.count()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const start = performance.now();
      await api.post('/aiSearch/searchByText', { query: 'person' });
      while ((await db.jobs.where('id').startsWith(`${OBJECTS_JOB}:`).count()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const rate = (OBJECT_IMAGES / (performance.now() - start)) * 1000;
      const floor: number[] = [];
      for (const [i, blob] of blobs.entries()) {
        const bitmap = await createImageBitmap(blob);
        const ms = await timed(() => detectInBitmap(bitmap));
        bitmap.close();
        if (i > 0) floor.push(1000 / ms);
      }
      return { samples: [rate], baseline: { label: 'detectInBitmap in this page, one by one, warm', samples: floor }, note: 'the subject includes loading TF.js and the model once' };
    } finally {
      host.stop();
      db.close();
    }
  },
};

async function drawnPhoto(seed: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(1024, 768);
  const g = canvas.getContext('2d')!;
  for (let i = 0; i < 12; i++) {
    g.fillStyle = `hsl(${(seed * 47 + i * 31) % 360} 60% ${30 + ((seed + i) % 5) * 10}%)`;
    g.fillRect(((seed * 13 + i * 97) % 900), ((seed * 7 + i * 61) % 700), 120 + i * 10, 80 + i * 8);
  }
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

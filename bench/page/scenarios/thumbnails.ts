/**
 * Thumbnails of a batch of 200 generated 2000×1500 JPEGs, added with item/add (batches of 20) to
 * a fresh library, as the app does it: this page hosts the media worker (startMediaHost, as the
 * app's page does), so decoding runs there and the service worker queues, reads and stores.
 * Two rows from one batch:
 * - thumbnails per second, from the first item/add until every item reports `thumbnailReady`
 *   (the jobs table is empty, then item/get with `fields: ['thumbnailReady']` confirms). Baseline:
 *   the shared image code (`processRaster`) on the same JPEGs in this page, one after another.
 * - item/get (limit 50) on that library while the jobs run (every 20 ms from the last item/add
 *   until the batch is done), against the same request paced the same way once no job is left.
 *   Issue goal: p99 while busy within 3× of the idle p99.
 * A third row runs the same batch again into another fresh library with one media worker instead
 * of the device-sized pool, and compares the two rates.
 */
import { ApiClient } from '../../../tests/loose-client';
import { startMediaHost } from '../../../src/app/media/media-host';
import { LibraryDb } from '../../../src/core/storage/library-db';
import { processRaster } from '../../../src/media';
import type { BenchContext } from '../context';
import type { Page } from '../direct-queries';
import { timed } from '../repeat';
import { drawJpeg, PHOTO_HEIGHT as HEIGHT, PHOTO_WIDTH as WIDTH, toBase64 } from '../seed/jpeg';
import { orSkipWhenNotBuilt, type Scenario } from '../scenario';

const IMAGES = 200;
const ADD_BATCH = 20;
/** Gap between two item/get requests, busy or idle: a UI scrolling, not a flood. */
const PACE_MS = 20;
/** Poll the jobs table this often while waiting. */
const POLL_MS = 200;
/** The in-page decode floor uses this many of the JPEGs. */
const FLOOR_IMAGES = 20;
const BATCH_TIMEOUT_MS = 180_000;

interface BatchResult {
  rate: number;
  workers: number;
  floorRates: number[];
  busy: number[];
  idle: number[];
  note: string;
}

/** Media workers of the page: the device-sized pool by default, or this many. */
type Workers = number | undefined;

const cache = new WeakMap<BenchContext, Map<Workers, Promise<BatchResult>>>();
const batchOf = (ctx: BenchContext, workers?: Workers) => {
  const batches = cache.get(ctx) ?? new Map<Workers, Promise<BatchResult>>();
  cache.set(ctx, batches);
  let result = batches.get(workers);
  if (!result) {
    result = runBatch(ctx, workers);
    batches.set(workers, result);
  }
  return result;
};

const photos = new WeakMap<BenchContext, Promise<Blob[]>>();
const photosOf = (ctx: BenchContext) => {
  let blobs = photos.get(ctx);
  if (!blobs) {
    blobs = (async () => {
      await ctx.driver.log(`generating ${IMAGES} JPEGs of ${WIDTH}×${HEIGHT}`);
      const made: Blob[] = [];
      for (let i = 0; i < IMAGES; i++) made.push(await drawJpeg(i));
      return made;
    })();
    photos.set(ctx, blobs);
  }
  return blobs;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const thumbnailRate: Scenario = {
  id: 'thumbnails-batch',
  label: `thumbnails, ${IMAGES} JPEGs ${WIDTH}×${HEIGHT} via item/add`,
  unit: 'items/s',
  async measure(ctx) {
    const { rate, floorRates, note } = await batchOf(ctx);
    return { samples: [rate], baseline: { label: 'processRaster in the page, one by one', samples: floorRates }, note };
  },
};

export const thumbnailsPoolVsOne: Scenario = {
  id: 'thumbnails-pool',
  label: `thumbnails, ${IMAGES} JPEGs, media worker pool`,
  unit: 'items/s',
  async measure(ctx) {
    const pool = await batchOf(ctx);
    const one = await batchOf(ctx, 1);
    return {
      samples: [pool.rate],
      baseline: { label: 'the same batch with one media worker', samples: [one.rate] },
      note: `pool of ${pool.workers} (navigator.hardwareConcurrency ${navigator.hardwareConcurrency}); ${one.note}`,
    };
  },
};

export const itemGetDuringThumbnails: Scenario = {
  id: 'item-get-during-thumbnails',
  label: 'item/get, limit 50, during the thumbnail batch',
  unit: 'ms',
  goal: { maxP99Ratio: 3 },
  async measure(ctx) {
    const { busy, idle } = await batchOf(ctx);
    return {
      samples: busy,
      baseline: { label: 'same item/get, no job running', samples: idle },
      note: `${busy.length} requests while busy, ${idle.length} idle, each ${PACE_MS} ms apart; the goal compares the p99s`,
    };
  },
};

async function runBatch(ctx: BenchContext, workers: Workers): Promise<BatchResult> {
  const blobs = await photosOf(ctx);
  const base64 = await Promise.all(blobs.map(toBase64));
  const bodies: Array<{ items: object[] }> = [];
  for (let at = 0; at < IMAGES; at += ADD_BATCH) {
    const items = base64.slice(at, at + ADD_BATCH).map((data, i) => ({ name: `generated photo ${at + i + 1}`, tags: ['bench-photo'], base64: data }));
    bodies.push({ items });
  }
  const megabytes = blobs.reduce((sum, blob) => sum + blob.size, 0) / 1024 / 1024;

  const suffix = workers === undefined ? 'thumbs' : `thumbs-${workers}w`;
  const path = await ctx.newLibrary(suffix);
  const api = new ApiClient({ library: path });
  const db = new LibraryDb(ctx.core.open(await ctx.core.registry.require(path)).db.name);
  const getPage = () => api.get<Page<{ id: string }>>('/item/get', { limit: 50 });
  const host = startMediaHost({ workers });
  try {
    const start = performance.now();
    for (const body of bodies) await orSkipWhenNotBuilt(api.post<{ ids: string[] }>('/item/add', body));
    const added = performance.now();

    const busy: number[] = [];
    let lastPoll = 0;
    for (;;) {
      if (performance.now() - lastPoll >= POLL_MS) {
        lastPoll = performance.now();
        if ((await db.jobs.count()) === 0 && (await allReady(api))) break;
        if (lastPoll - start > BATCH_TIMEOUT_MS) throw new Error(`${await db.jobs.count()} thumbnail jobs left after ${BATCH_TIMEOUT_MS / 1000} s.`);
      }
      busy.push(await timed(getPage));
      await sleep(PACE_MS);
    }
    const done = performance.now();

    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const rate = (IMAGES / (done - start)) * 1000;
    if (workers !== undefined) {
      const note = `${workers} worker${workers === 1 ? '' : 's'}: all ready ${seconds(done - start)} after the first request`;
      return { rate, workers, floorRates: [], busy, idle: [], note };
    }

    const idle: number[] = [];
    for (let i = 0; i < Math.max(ctx.settings.runs, Math.min(busy.length, 300)); i++) {
      idle.push(await timed(getPage));
      await sleep(PACE_MS);
    }
    if ((await db.jobs.count()) !== 0) throw new Error('Jobs appeared while item/get was measured idle.');

    const floorRates: number[] = [];
    for (const blob of blobs.slice(0, FLOOR_IMAGES)) floorRates.push(1000 / (await timed(() => processRaster(blob, 'image/jpeg'))));

    return {
      rate,
      workers: host.poolSize,
      floorRates,
      busy,
      idle,
      note:
        `${megabytes.toFixed(0)} MB of JPEG in ${bodies.length} item/add requests took ${seconds(added - start)}; all thumbnails ready ` +
        `${seconds(done - start)} after the first request (${seconds(done - added)} after the last); decoding in this page's ${host.poolSize} media worker(s)`,
    };
  } finally {
    host.stop();
    db.close();
  }
}

/** True once item/get reports every item of the batch with its thumbnail ready. */
async function allReady(api: ApiClient): Promise<boolean> {
  const page = await api.post<Page<{ thumbnailReady: boolean }>>('/item/get', { fields: ['thumbnailReady'], limit: 1000 });
  return page.total === IMAGES && page.data.every((item) => item.thumbnailReady);
}

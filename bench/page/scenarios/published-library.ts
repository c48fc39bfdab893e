/**
 * A published library (issue 23): the publish command's rate, and a visitor opening the result
 * from a plain static server on loopback (bench/driver/published-library.ts). Each run subscribes
 * to a URL of its own (a new library), opens the app on it in a frame named as `<asset-library
 * src>` names its frame, and times from the `library/subscribe` request to the first screen's
 * thumbnails painted, then to every item searchable (item/countAll = N and item/query finds the
 * item the load stores last: the first shard's first, the oldest). The server's log gives the bytes fetched until that first paint.
 * Baselines, in the same runs: the same first paint once the library is local (the app opened on
 * it again once the load has finished), and for every item searchable a raw Dexie bulkAdd of the same item rows (made as
 * the subscriber makes them) into a scratch database of the library schema, in the load's largest
 * transactions: the floor of storing the rows at all. Fetching every shard with fetch() + JSON in
 * the page (the network and JSON floor) is in the note. Needs no seeded library.
 */
import { ApiClient } from '../../../tests/loose-client';
import { firstScreenShards } from '../../../src/core/publish/load-order';
import type { Shard } from '../../../src/core/publish/published-format';
import { shardItemRow } from '../../../src/core/publish/store-shards';
import { BATCH_ITEMS } from '../../../src/core/publish/subscriptions';
import { LibraryDb } from '../../../src/core/storage/library-db';
import { timed } from '../repeat';
import { RAW_GROUP_ITEMS, shardGroups } from '../shard-groups';
import type { PublishedFacts, PublishedRequest } from '../../shared/protocol';
import { firstScreenPainted, nextFrame, openAppFrame, type AppFrame } from '../app-frame';
import type { BenchContext } from '../context';
import type { Scenario } from '../scenario';

const MB = 1024 * 1024;
/** A run stops waiting after this long (BENCH_PUBLISHED_CAP_MINUTES sets another): its searchable time is then the cap, and the note says how much was stored. */
const SEARCHABLE_CAP_MS = 5 * 60_000;

interface SubscribeRun {
  /** From the request: subscribe answered, and the app said "API ready". */
  answeredMs: number;
  appReadyMs: number;
  firstPaintMs: number;
  /** Bytes the static server sent until the first paint, and what they were. */
  firstScreen: PublishedRequest[];
  searchableMs: number;
  /** From the request: the load finished (tags and the index put), before the local paint (a capped load: not waited for). */
  loadedMs: number;
  /** Items stored when the cap was reached (undefined: every item was searchable before it). */
  storedAtCap?: number;
  localPaintMs: number;
  /** Requests the local first paint made to the static server (the app's check for a new manifest). */
  localRequests: PublishedRequest[];
  rawFetchMs: number;
  /** A raw bulkAdd of the same item rows into a scratch database. */
  rawStoreMs: number;
  cells: number;
}

interface Measured {
  facts: PublishedFacts;
  runs: SubscribeRun[];
}

let measured: Promise<Measured> | undefined;

const runCount = (n: number) => (n <= 5000 ? 5 : n <= 20_000 ? 3 : 1);
const sum = (requests: readonly PublishedRequest[]) => requests.reduce((total, request) => total + request.bytes, 0);
const kind = (requests: readonly PublishedRequest[], folder: string) => requests.filter((request) => request.path.includes(`/${folder}`)).length;

/** The three subscription rows share their runs. */
function measureOnce(ctx: BenchContext): Promise<Measured> {
  measured ??= (async () => {
    const facts = await ctx.driver.publishedLibrary();
    const runs: SubscribeRun[] = [];
    try {
      for (let run = 0; run < runCount(ctx.settings.n); run++) {
        runs.push(await subscribeRun(ctx, facts, run));
        const last = runs.at(-1)!;
        await ctx.driver.log(
          `published run ${run + 1}: subscribe answered ${last.answeredMs.toFixed(0)} ms, app ready ${last.appReadyMs.toFixed(0)} ms, first paint ${last.firstPaintMs.toFixed(0)} ms (${(sum(last.firstScreen) / MB).toFixed(2)} MB), ` +
            `searchable ${last.storedAtCap === undefined ? `${(last.searchableMs / 1000).toFixed(1)} s, load finished ${(last.loadedMs / 1000).toFixed(1)} s` : `not within the cap (${last.storedAtCap} stored)`}; local paint ${last.localPaintMs.toFixed(0)} ms, raw shard fetch ${(last.rawFetchMs / 1000).toFixed(1)} s, ` +
            `raw bulkAdd of the rows ${(last.rawStoreMs / 1000).toFixed(1)} s`,
        );
      }
    } finally {
      await ctx.api.post('/library/switch', { libraryPath: ctx.library });
    }
    return { facts, runs };
  })();
  return measured;
}

async function subscribeRun(ctx: BenchContext, facts: PublishedFacts, run: number): Promise<SubscribeRun> {
  const url = await ctx.driver.publishedUrl(run);
  const seen = (await ctx.driver.publishedRequests()).length;
  const start = performance.now();
  const { path } = await ctx.api.post<{ path: string }>('/library/subscribe', { url });
  const answeredMs = performance.now() - start;
  const app = await openAppFrame(ctx, '?sort=-IMPORT', path, { visitor: true });
  const appReadyMs = performance.now() - start;
  let firstPaintMs: number;
  let firstScreen: PublishedRequest[];
  let cells: number;
  const api = new ApiClient({ library: path });
  let searchableMs: number;
  let storedAtCap: number | undefined;
  try {
    while (!firstScreenFull(app, facts.items)) await nextFrame(app.win);
    await nextFrame(app.win);
    firstPaintMs = performance.now() - start;
    firstScreen = (await ctx.driver.publishedRequests()).slice(seen);
    cells = app.doc.querySelectorAll('[role=gridcell]').length;
    // The visitor keeps the app open while the rest streams in.
    const cap = capOf(ctx);
    const reached =
      (await until(async () => (await api.get<number>('/item/countAll')) === facts.items, start, cap)) &&
      (await until(async () => (await api.post<{ data: { id: string }[] }>('/item/query', { query: `"${facts.lastItem.name.replace(/"/g, '')}"`, limit: 1000 })).data.some((item) => item.id === facts.lastItem.id), start, cap));
    searchableMs = reached ? performance.now() - start : cap;
    if (!reached) storedAtCap = await api.get<number>('/item/countAll');
  } finally {
    app.close();
  }

  // Baseline: the same first screen of the same N items, now local (thumbnails shown before are
  // kept) once the load has finished: subscribing again waits for it (tags and the index last).
  if (storedAtCap === undefined) await ctx.api.post('/library/subscribe', { url, wait: true });
  const loadedMs = performance.now() - start;
  const beforeLocal = (await ctx.driver.publishedRequests()).length;
  const localStart = performance.now();
  const local = await openAppFrame(ctx, '?sort=-IMPORT', path, { visitor: true });
  try {
    while (!firstScreenFull(local, facts.items)) await nextFrame(local.win);
    await nextFrame(local.win);
  } finally {
    local.close();
  }
  const localPaintMs = performance.now() - localStart;
  const localRequests = (await ctx.driver.publishedRequests()).slice(beforeLocal);

  // Baselines: every shard fetched and parsed in the page, in parallel (the network and JSON floor), and its rows stored raw.
  const { rawFetchMs, rawStoreMs } = await rawBaselines(ctx, facts, url, run);

  // Then the library goes (a capped load is cut short).
  await ctx.api.post('/library/remove', { libraryPath: path });
  return { answeredMs, appReadyMs, firstPaintMs, firstScreen, searchableMs, loadedMs, ...(storedAtCap === undefined ? {} : { storedAtCap }), localPaintMs, localRequests, rawFetchMs, rawStoreMs, cells };
}

/**
 * Milliseconds of fetching and parsing every shard in the page (in parallel within a group), and of
 * a raw Dexie bulkAdd of their item rows (built before its clock starts), BATCH_ITEMS a
 * transaction, into a scratch database: each summed over the groups of RAW_GROUP_ITEMS items.
 */
async function rawBaselines(ctx: BenchContext, facts: PublishedFacts, url: string, run: number): Promise<{ rawFetchMs: number; rawStoreMs: number }> {
  const name = `bench-raw-published-${run}-${Date.now().toString(36)}`;
  ctx.scratch.push(name);
  const db = new LibraryDb(name);
  await db.open();
  let [rawFetchMs, rawStoreMs] = [0, 0];
  for (const group of shardGroups(facts.shards, facts.shardItems, RAW_GROUP_ITEMS)) {
    const start = performance.now();
    const shards = await Promise.all(group.map(async (file) => (await (await fetch(new URL(file, url), { cache: 'no-store' })).json()) as Shard));
    rawFetchMs += performance.now() - start;
    const rows = shards.flatMap((shard) => shard.items.map(shardItemRow));
    const batches = Array.from({ length: Math.ceil(rows.length / BATCH_ITEMS) }, (_, i) => rows.slice(i * BATCH_ITEMS, (i + 1) * BATCH_ITEMS));
    rawStoreMs += await timed(async () => {
      for (const batch of batches) await db.transaction('rw', db.items, () => db.items.bulkAdd(batch));
    });
  }
  db.close();
  await LibraryDb.delete(name);
  return { rawFetchMs, rawStoreMs };
}

const capOf = (ctx: BenchContext) => ctx.settings.searchableCapMs ?? SEARCHABLE_CAP_MS;

/** The first screen painted (app-frame.ts) and full: its cells fill the grid, or show every item (a shard smaller than a screen is not a first screen). */
function firstScreenFull(app: AppFrame, items: number): boolean {
  if (!firstScreenPainted(app)) return false;
  const scroller = app.doc.querySelector<HTMLElement>('[role=grid]')!;
  return scroller.scrollHeight > scroller.clientHeight || scroller.querySelectorAll('[role=gridcell]').length >= items;
}

/** Polls `check` until it holds (true) or `cap` ms since `start` are reached (false). */
async function until(check: () => Promise<boolean>, start: number, cap: number): Promise<boolean> {
  while (!(await check())) {
    if (performance.now() - start > cap) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

export const publishRate: Scenario = {
  id: 'published-publish',
  label: 'publish command, Eagle library on disk (items/s)',
  unit: 'items/s',
  standalone: true,
  async measure(ctx) {
    const facts = await ctx.driver.publishedLibrary();
    const rate = (ms: number) => (facts.items / ms) * 1000;
    return {
      samples: facts.publishMs.map(rate),
      baseline: { label: 'cp -R of the same source tree (read + write its bytes)', samples: facts.copyMs.map(rate) },
      note:
        `${facts.items} items (${facts.images} PNGs with thumbnails, the rest bookmarks), ${(facts.sourceBytes / MB).toFixed(1)} MB source; ` +
        `node bin/offline-asset-library.mjs publish as a child process${facts.nodeOptions ? ` (NODE_OPTIONS=${facts.nodeOptions})` : ''}, wall time (tsx start included), ${facts.publishMs.length} run(s); ` +
        `${facts.shards.length} shards; the command said: ${facts.cliLine}`,
    };
  },
};

export const publishedFirstPaint: Scenario = {
  id: 'published-first-paint',
  label: 'published library: subscribe → first thumbnails painted',
  unit: 'ms',
  goal: { maxMedian: 1500 },
  standalone: true,
  async measure(ctx) {
    const { runs } = await measureOnce(ctx);
    const local = runs.flatMap((run) => run.localRequests);
    return {
      samples: runs.map((run) => run.firstPaintMs),
      baseline: { label: 'the same first paint once local (app reopened)', samples: runs.map((run) => run.localPaintMs) },
      note:
        `the app in a visitor frame on a static server on loopback, ${runs.length} runs, a new library each; ${runs[0]!.cells} cells rendered; ` +
        `the local paint asked the server ${local.length} times (${kind(local, 'manifest.json')} manifest checks, ${kind(local, 'thumbnails/')} thumbnails)`,
    };
  },
};

export const publishedFirstScreenBytes: Scenario = {
  id: 'published-first-screen-bytes',
  label: 'published library: bytes fetched until first paint',
  unit: 'MB',
  goal: { maxMedian: 2 },
  standalone: true,
  async measure(ctx) {
    const { facts, runs } = await measureOnce(ctx);
    const first = runs[0]!.firstScreen;
    const thumbnails = first.filter((request) => request.path.includes('/thumbnails/'));
    // The floor: the manifest, the root, the shards stored before subscribe answers and the thumbnails the first screen showed.
    const firstShards = firstScreenShards(facts.shards.map((file, i) => ({ file, items: facts.shardItems[i]! })));
    const firstShardBytes = firstShards.reduce((total, shard) => total + facts.shardBytes[facts.shards.indexOf(shard.file)]!, 0);
    const floor = facts.manifestBytes + facts.rootBytes + firstShardBytes + sum(thumbnails);
    return {
      samples: runs.map((run) => sum(run.firstScreen) / MB),
      baseline: { label: 'manifest + root + first-screen shards + shown thumbnails', samples: runs.map(() => floor / MB) },
      note:
        `static server log (file sizes), first run: ${first.length} requests, ${kind(first, 'shards/')} shards, ${thumbnails.length} thumbnails, ` +
        `${kind(first, 'originals/')} originals; manifest ${(facts.manifestBytes / 1024).toFixed(0)} KB, the shards stored before the answer ${(firstShardBytes / 1024).toFixed(0)} KB ` +
        `(${firstShards.length} shards, ${firstShards.reduce((total, shard) => total + shard.items, 0)} items), shards ${(facts.shardBytes.reduce((a, b) => a + b, 0) / MB).toFixed(1)} MB in all`,
    };
  },
};

export const publishedSearchable: Scenario = {
  id: 'published-searchable',
  label: 'published library: subscribe → every item searchable',
  unit: 'ms',
  goal: { maxMedian: 30_000 },
  standalone: true,
  async measure(ctx) {
    const { facts, runs } = await measureOnce(ctx);
    return {
      samples: runs.map((run) => run.searchableMs),
      baseline: { label: 'raw Dexie bulkAdd of the same item rows', samples: runs.map((run) => run.rawStoreMs) },
      note:
        `until item/countAll = ${facts.items} and item/query finds the item stored last (the first shard's first), the app open; ${facts.shards.length} shards (${Math.min(...facts.shardItems)} to ${Math.max(...facts.shardItems)} items); ` +
        `raw bulkAdd in transactions of ${BATCH_ITEMS} items, rows made before the clock; fetch() + JSON of every shard in the page${facts.items > RAW_GROUP_ITEMS ? ` (${RAW_GROUP_ITEMS} items at a time)` : ''}: ${runs.map((run) => `${(run.rawFetchMs / 1000).toFixed(1)} s`).join(', ')}` +
        runs.filter((run) => run.storedAtCap !== undefined).map((run) => `; a run was cut at ${capOf(ctx) / 60_000} min with ${run.storedAtCap} items stored (its sample is the cap)`).join(''),
    };
  },
};

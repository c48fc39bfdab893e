/**
 * Sync with CouchDB (issue 26), against a pouchdb-server the driver starts on loopback:
 * - the first full pull of a library of min(N, 10,000) items (BENCH_SYNC_PULL_ITEMS sets another
 *   count, e.g. 100,000) onto a fresh library (sync/start,
 *   then sync/run until it is idle and item/get counts every item), in items/s; baseline: a raw
 *   PouchDB replication (pouchdb-browser, the same IndexedDB adapter the worker uses) of the same
 *   documents from the same database into a scratch database of the page, same batch size;
 * - one edit on A until B's item/get shows it, on two libraries of min(N, 200) items synced through
 *   their own database, both driven by the app's page loop as the app starts it
 *   (src/app/sync/sync-loop.ts: woken by the page's change stream and by sync/watch, its 1 s
 *   period as the fallback); baseline: the protocol's floor, a raw PouchDB put, a one-shot push
 *   and a one-shot pull between two scratch databases of the page.
 * The source library is filled through item/add and pushed with sync/run (its time is logged).
 * One pull per side (a pull makes a library); the edits run BENCH_RUNS times (at most 20).
 */
import PouchDB from 'pouchdb-browser';
import { ApiClient } from '../../../tests/loose-client';
import { startSyncLoop } from '../../../src/app/sync/sync-loop';
import { wakeOnLocalChanges } from '../../../src/app/sync/sync-wake';
import type { SyncStatus } from '../../../src/core/sync/sync-state';
import type { BenchContext } from '../context';
import { timed } from '../repeat';
import type { Scenario } from '../scenario';

const MAX_ITEMS = 10_000;
const EDIT_LIBRARY_ITEMS = 200;
const BATCH = 200;

interface RawPouch {
  put(doc: Record<string, unknown>): Promise<{ rev: string }>;
  get(id: string): Promise<Record<string, unknown>>;
  info(): Promise<{ doc_count: number }>;
  replicate: { from(url: string, options: object): Promise<{ docs_written: number }>; to(url: string, options: object): Promise<unknown> };
  destroy(): Promise<void>;
}
const RawPouchDB = PouchDB as unknown as new (name: string) => RawPouch;

interface Pulled {
  items: number;
  pullMs: number;
  rawMs: number;
  rawDocs: number;
  documents: number;
  /** sync/run requests of the pull that the worker's stop left unanswered (asked again). */
  cut: number;
}

let pulled: Promise<Pulled> | undefined;

async function newLibrary(ctx: BenchContext, suffix: string): Promise<ApiClient> {
  return new ApiClient({ library: await ctx.newLibrary(suffix) });
}

/** sync/run requests that failed without an answer (the browser gave up on them), by the runs of this page. */
let cutCycles = 0;
/** How long runUntilIdle waits for a library to settle. */
const SETTLE_CAP_MS = 60 * 60_000;

/**
 * sync/run until the library is idle with nothing pending. A request that gets no answer is asked
 * again, as the app's loop does: the browser fails an event that outlasts its limit (5 minutes,
 * met by a push or pull of 100,000 items) while the cycle may go on in the worker; asked again
 * meanwhile, sync/run answers at once that a cycle is active, so a status that is not idle is
 * asked again a second later, until the cap.
 */
async function runUntilIdle(api: ApiClient): Promise<SyncStatus> {
  const deadline = performance.now() + SETTLE_CAP_MS;
  for (;;) {
    let status: SyncStatus | undefined;
    try {
      status = await api.post<SyncStatus>('/sync/run', {});
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      cutCycles += 1;
    }
    if (status?.state === 'error' || status?.state === 'offline') throw new Error(`sync/run: ${status.error}`);
    if (status?.state === 'idle' && status.pending === 0) return status;
    if (performance.now() > deadline) throw new Error(`sync did not settle in ${SETTLE_CAP_MS / 60_000} minutes`);
    if (status?.state !== 'idle') await new Promise((wait) => setTimeout(wait, 1000));
  }
}

const countOf = async (api: ApiClient) => (await api.get<{ total: number }>('/item/get', { limit: 1 })).total;

/** A library of `items` bookmarks, synced (pushed) to a fresh database. */
async function syncedSource(ctx: BenchContext, items: number, suffix: string): Promise<{ url: string; source: ApiClient; pushMs: number; documents: number }> {
  const url = `${await ctx.driver.couchOrigin()}/bench-${suffix}-${Date.now().toString(36)}`;
  const source = await newLibrary(ctx, `${suffix}-a`);
  for (let at = 0; at < items; at += 1000) {
    const batch = Array.from({ length: Math.min(1000, items - at) }, (_, i) => ({ name: `item ${at + i}`, bookmarkURL: `https://example.com/${at + i}`, tags: [`t${(at + i) % 50}`], annotation: `note ${at + i}` }));
    await source.post('/item/add', { items: batch });
  }
  await source.post('/sync/start', { url });
  const pushMs = await timed(() => runUntilIdle(source));
  const documents = ((await (await fetch(url)).json()) as { doc_count: number }).doc_count;
  return { url, source, pushMs, documents };
}

function pullOnce(ctx: BenchContext): Promise<Pulled> {
  pulled ??= (async () => {
    const items = ctx.settings.syncPullItems ?? Math.min(MAX_ITEMS, ctx.settings.n);
    const { url, source, pushMs, documents } = await syncedSource(ctx, items, 'pull');
    await ctx.driver.log(`sync: ${items} items pushed to ${documents} documents in ${(pushMs / 1000).toFixed(1)} s${cutCycles ? ` (${cutCycles} sync/run cut by a worker stop, asked again)` : ''}`);
    const cutBefore = cutCycles;

    const target = await newLibrary(ctx, 'pull-b');
    const pullMs = await timed(async () => {
      await target.post('/sync/start', { url });
      await runUntilIdle(target);
    });
    if ((await countOf(target)) !== items) throw new Error(`the pull brought ${await countOf(target)} of ${items} items`);

    const rawName = `bench-raw-pull-${Date.now().toString(36)}`;
    ctx.scratch.push(`_pouch_${rawName}`);
    const raw = new RawPouchDB(rawName);
    let rawDocs = 0;
    const rawMs = await timed(async () => {
      rawDocs = (await raw.replicate.from(url, { batch_size: BATCH })).docs_written;
    });
    if ((await raw.info()).doc_count !== documents) throw new Error('the raw replication did not bring every document');
    await ctx.driver.log(`sync: first pull ${(pullMs / 1000).toFixed(1)} s through the API, raw replication ${(rawMs / 1000).toFixed(1)} s`);
    return { items, pullMs, rawMs, rawDocs, documents, cut: cutCycles - cutBefore };
  })();
  return pulled;
}

export const syncFirstPull: Scenario = {
  id: 'sync-first-pull',
  label: 'sync: first full pull of a library (items/s)',
  unit: 'items/s',
  goal: { maxRatio: 3 },
  standalone: true,
  async measure(ctx) {
    const { items, pullMs, rawMs, rawDocs, documents, cut } = await pullOnce(ctx);
    return {
      samples: [(items / pullMs) * 1000],
      baseline: { label: 'raw PouchDB replication of the same documents in the page', samples: [(rawDocs / rawMs) * 1000] },
      note: `${items} items (${documents} documents) from a pouchdb-server on loopback onto a fresh library: sync/start, then sync/run until idle, the library's writes included; one run${cut ? `; ${cut} sync/run cut by a worker stop and asked again` : ''}`,
    };
  },
};

export const syncEditLatency: Scenario = {
  id: 'sync-edit-latency',
  label: 'sync: an edit on A until B\'s item/get shows it',
  unit: 'ms',
  goal: { maxMedian: 2000 },
  standalone: true,
  async measure(ctx) {
    const items = Math.min(EDIT_LIBRARY_ITEMS, ctx.settings.n);
    const { url, source } = await syncedSource(ctx, items, 'edit');
    const target = await newLibrary(ctx, 'edit-b');
    await target.post('/sync/start', { url });
    await runUntilIdle(target);
    const runs = Math.min(20, ctx.settings.runs);
    const [{ data: [first] }] = [await source.get<{ data: { id: string }[] }>('/item/get', { limit: 1 })];
    const id = first!.id;
    const stops = [source, target].map((api) => startSyncLoop(api, { wakeOn: [wakeOnLocalChanges()] }));
    const samples: number[] = [];
    const baseline: number[] = [];
    const names = ['a', 'b'].map((side) => `bench-raw-edit-${side}-${Date.now().toString(36)}`);
    ctx.scratch.push(...names.map((name) => `_pouch_${name}`));
    const [rawA, rawB] = names.map((name) => new RawPouchDB(name)) as [RawPouch, RawPouch];
    try {
      const rawDoc = { _id: `bench-edit`, text: 'start' } as Record<string, unknown>;
      rawDoc._rev = (await rawA.put(rawDoc)).rev;
      for (let run = 0; run < runs; run += 1) {
        const text = `edit ${run} ${Math.random().toString(36).slice(2)}`;
        samples.push(
          await timed(async () => {
            await source.post('/item/update', { id, annotation: text });
            for (;;) {
              const shown = (await target.get<{ data: { annotation: string }[] }>('/item/get', { id })).data[0];
              if (shown?.annotation === text) return;
              await new Promise((wait) => setTimeout(wait, 20));
            }
          }),
        );
        baseline.push(
          await timed(async () => {
            rawDoc._rev = (await rawA.put({ ...rawDoc, text })).rev;
            await rawA.replicate.to(url, { batch_size: BATCH });
            await rawB.replicate.from(url, { batch_size: BATCH });
            if ((await rawB.get('bench-edit')).text !== text) throw new Error('the raw edit did not arrive');
          }),
        );
      }
    } finally {
      for (const stop of stops) stop();
      await Promise.all([rawA.destroy(), rawB.destroy()]).catch(() => {});
      for (const api of [source, target]) await api.post('/sync/stop', {}).catch(() => {});
    }
    return {
      samples,
      baseline: { label: 'raw PouchDB: put, one-shot push, one-shot pull', samples: baseline },
      note: `${runs} edits of one item's annotation in libraries of ${items} items; A and B each driven by the app's page loop (woken by edits and sync/watch, 1 s period as fallback), B's item/get polled every 20 ms`,
    };
  },
};

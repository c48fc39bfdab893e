/**
 * Seeding queues a thumbnail job per tiny PNG; the worker works them off in the background, and
 * their write transactions would slow the reads measured meanwhile. Rows that compare against a
 * baseline call this first: it waits (keeping the worker busy on the bench library, which resumes
 * a stopped worker's queue) until no thumbnail job is left, and says how long that took.
 * Only thumbnail jobs: once the AI rows have cached the models, the app opened by the grid rows
 * turns AI indexing on for the bench library (src/core/ai-search/ai-indexes.ts), and its `objects`
 * and `text` jobs run only while a page's media worker is there to run them; after the app's frame
 * closes they stay queued, writing nothing, and waiting for them would never end.
 */
import { CUSTOM_THUMBNAIL_JOB, THUMBNAIL_JOB } from '../../src/core/media/media-jobs';
import type { BenchContext } from './context';
import type { LibraryDb } from '../../src/core/storage/library-db';

const POLL_MS = 250;
/** Gives up when the queue has not shrunk for this long (at 100k items the whole wait takes minutes). */
const STALL_MS = 60_000;

const thumbnailJobs = (db: LibraryDb) => db.jobs.where('id').startsWithAnyOf(`${THUMBNAIL_JOB}:`, `${CUSTOM_THUMBNAIL_JOB}:`).count();

export async function waitForQuietLibrary(ctx: BenchContext): Promise<string> {
  const db = await ctx.db();
  const start = performance.now();
  const left = await thumbnailJobs(db);
  let lowest = left;
  let progressAt = start;
  for (let queued = left; queued > 0; queued = await thumbnailJobs(db)) {
    if (queued < lowest) [lowest, progressAt] = [queued, performance.now()];
    if (performance.now() - progressAt > STALL_MS) throw new Error(`${queued} thumbnail jobs still queued, none done in the last ${STALL_MS / 1000} s (all queued jobs: ${await jobKinds(db)}).`);
    await ctx.api.get('/item/countAll'); // a read kicks the library's queue in a fresh worker
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const waited = left === 0 ? 'no thumbnail job queued' : `waited ${((performance.now() - start) / 1000).toFixed(1)} s for ${left} queued thumbnail jobs first`;
  const others = await db.jobs.count();
  return others === 0 ? waited : `${waited}; ${others} AI index jobs wait for a page (${await jobKinds(db)})`;
}

/** How many queued jobs of each kind (a job's id is `<kind>:<item id>`), e.g. "text 2000, objects 94". */
async function jobKinds(db: LibraryDb): Promise<string> {
  const counts = new Map<string, number>();
  for (const id of await db.jobs.toCollection().primaryKeys()) {
    const kind = String(id).split(':')[0]!;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, count]) => `${kind} ${count}`).join(', ');
}

/**
 * Seeding queues a thumbnail job per tiny PNG; the worker works them off in the background, and
 * their write transactions would slow the reads measured meanwhile. Rows that compare against a
 * baseline call this first: it waits (keeping the worker busy on the bench library, which resumes
 * a stopped worker's queue) until the jobs table is empty, and says how long that took.
 */
import type { BenchContext } from './context';

const POLL_MS = 250;
/** Gives up when the queue has not shrunk for this long (at 100k items the whole wait takes minutes). */
const STALL_MS = 60_000;

export async function waitForQuietLibrary(ctx: BenchContext): Promise<string> {
  const db = await ctx.db();
  const start = performance.now();
  const left = await db.jobs.count();
  let lowest = left;
  let progressAt = start;
  for (let queued = left; queued > 0; queued = await db.jobs.count()) {
    if (queued < lowest) [lowest, progressAt] = [queued, performance.now()];
    if (performance.now() - progressAt > STALL_MS) throw new Error(`${queued} media jobs still queued, none done in the last ${STALL_MS / 1000} s.`);
    await ctx.api.get('/item/countAll'); // a read kicks the library's queue in a fresh worker
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return left === 0 ? 'no media job queued' : `waited ${((performance.now() - start) / 1000).toFixed(1)} s for ${left} queued media jobs first`;
}

/**
 * The service worker's JS heap (after a forced GC) as it stands after seeding, against a freshly
 * started worker that has answered one request. Must run right after seeding, before any
 * scenario that restarts the worker.
 */
import type { Scenario } from '../scenario';

const READS = 3;

export const workerHeap: Scenario = {
  id: 'worker-heap',
  label: 'worker JS heap after seeding',
  unit: 'MB',
  async measure(ctx) {
    await ctx.api.get('/app/info'); // make sure the worker that did the seeding is the one running
    const samples = await readHeap(ctx.driver.serviceWorkerHeapMB);
    await ctx.driver.stopServiceWorker();
    await ctx.api.get('/app/info');
    const fresh = await readHeap(ctx.driver.serviceWorkerHeapMB);
    const note = ctx.seeded ? undefined : 'library not seeded: this is the heap after the scenarios before it';
    return { samples, baseline: { label: 'fresh worker after one answer', samples: fresh }, ...(note ? { note } : {}) };
  },
};

async function readHeap(read: () => Promise<number>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < READS; i++) samples.push(await read());
  return samples;
}

/**
 * The scale mode's seed: the same plan and item/add batches as the seeding row, written into a
 * library the driver keeps between runs (a persistent browser profile, bench/driver/scale-cache.ts).
 * It resumes where the library stands (item/countAll: a batch is one transaction, so the count is
 * a whole number of batches, and the plan's first items do not depend on N), so a seed cut by a
 * deadline or a crash goes on at the next run. A library already full is reused and the row is
 * skipped here; the driver then shows the figures kept from the runs that seeded it.
 * The raw floor (the seeding row's bulkAdd of the same rows) is taken on every 10th batch only, so
 * the floor costs a tenth of its full price at a million items. With BENCH_SEED_MINUTES the seed
 * stops after that long (wall time), and the rows after it skip.
 */
import { createIdGenerator } from '../../../../src/core/ids';
import { LibraryDb } from '../../../../src/core/storage/library-db';
import { planLibrary, type LibraryPlan } from '../../../data/library-plan';
import type { BenchContext } from '../../context';
import { timed } from '../../repeat';
import { Skip, type Scenario } from '../../scenario';
import { createPlannedFolders, type FolderIds } from '../../seed/folders';
import { toRawBatch, writeRawBatch } from '../../seed/raw-rows';
import { TinyPngs } from '../../seed/tiny-png';
import { addBatch, BATCH_SIZE, rate } from '../seeding';

const RAW_EVERY = 10;
const QUERY_TAG_RANK = 5;

export const scaleSeed: Scenario = {
  id: 'scale-seed',
  label: 'seeding via item/add (batches of 1000), kept for later runs',
  unit: 'items/s',
  async measure(ctx) {
    const { n, seed, imageShare } = ctx.settings;
    const plan = planLibrary(seed);
    const before = await ctx.api.get<number>('/item/countAll');
    if (before % BATCH_SIZE !== 0 && before !== n) throw new Error(`The kept library holds ${before} items, not a whole number of batches: remove bench/.scale-cache for N = ${n}.`);
    const folderIds = before === 0 ? await newFolders(ctx, plan) : await keptFolders(ctx, plan);
    if (before >= n) {
      await seeded(ctx, plan, n);
      throw new Skip(`reused: the kept library already holds ${before} items`);
    }
    const pngs = new TinyPngs();
    const rawName = `bench-raw${ctx.library}`;
    ctx.scratch.push(rawName);
    const raw = new LibraryDb(rawName);
    const nextRawId = createIdGenerator(Date.now);
    const samples: number[] = [];
    const rawSamples: number[] = [];
    let done = 0;
    let apiMs = 0;
    let rawMs = 0;
    let batchIndex = 0;
    const began = performance.now();
    try {
      for (const batch of plan.batches(n, BATCH_SIZE, imageShare)) {
        batchIndex += 1;
        if (done < before) {
          done += batch.length; // the plan is drawn in order: skipping its seeded batches keeps the stream where it was
          continue;
        }
        if (ctx.seedBudgetS && performance.now() - began > ctx.seedBudgetS * 1000) break;
        const ms = await addBatch(ctx, batch, folderIds, pngs, done === 0);
        samples.push(rate(batch.length, ms));
        apiMs += ms;
        if (batchIndex % RAW_EVERY === 0) {
          const rawBatch = await toRawBatch(batch, folderIds, pngs, nextRawId, Date.now());
          const ms = await timed(() => writeRawBatch(raw, rawBatch));
          rawSamples.push(rate(batch.length, ms));
          rawMs += ms;
          // The floor writes into an empty-ish table each time: what it measures is one transaction of 1000 rows.
          await raw.items.clear();
          await raw.files.clear();
        }
        done += batch.length;
        if (done % (BATCH_SIZE * 50) === 0 || done === n) await ctx.driver.log(`seeded ${done}/${n} (${Math.round(rate(done - before, apiMs))} items/s through the API this run)`);
      }
    } finally {
      raw.close();
    }
    const stopped = done < n ? `stopped at ${done} of ${n} items by BENCH_SEED_MINUTES (the next run resumes; this size's other rows are skipped); ` : '';
    if (!stopped) await seeded(ctx, plan, n);
    if (samples.length === 0) throw new Skip(`${stopped}no batch fitted in the seed's time`);
    return {
      samples,
      baseline: { label: 'raw Dexie bulkAdd of the same rows, every 10th batch', samples: rawSamples },
      note: `${stopped}${before > 0 ? `resumed at ${before} items; ` : ''}${done - before} items through the API in ${(apiMs / 1000).toFixed(0)} s (${Math.round(rate(done - before, apiMs))} items/s)`,
    };
  },
};

async function newFolders(ctx: BenchContext, plan: LibraryPlan): Promise<FolderIds> {
  const folders = await createPlannedFolders(ctx.api, plan.folders);
  return 'reason' in folders ? new Map() : folders;
}

/** The plan's folder keys mapped to the folders an earlier run made (by name under the same parent). */
async function keptFolders(ctx: BenchContext, plan: LibraryPlan): Promise<FolderIds> {
  const rows = await (await ctx.db()).folders.toArray();
  const ids = new Map<string, string>();
  for (const folder of plan.folders) {
    const parent = folder.parentKey ? (ids.get(folder.parentKey) ?? null) : null;
    const row = rows.find((r) => r.name === folder.name && r.parent === parent);
    if (row) ids.set(folder.key, row.id);
  }
  return ids;
}

/** Leaves the facts the read rows need, counted from the library itself. */
async function seeded(ctx: BenchContext, plan: LibraryPlan, n: number): Promise<void> {
  const counted = await ctx.api.get<number>('/item/countAll');
  if (counted !== n) throw new Error(`Seeded ${n} items, but item/countAll answers ${counted}.`);
  const queryTag = plan.tags[QUERY_TAG_RANK - 1]!;
  const queryTagCount = await (await ctx.db()).items.where('tags').equals(queryTag).count();
  ctx.seeded = { plan, count: n, queryTag, queryTagCount };
}

/**
 * Seeds the bench library through POST /api/v2/item/add in batches of 1000, and writes the same
 * rows with a raw Dexie bulkAdd into a scratch database after each batch (the floor). Each batch
 * gives one items/s sample per side. Leaves `ctx.seeded` for the item scenarios.
 */
import { apiUrl, LIBRARY_HEADER } from '../../../tests/loose-client';
import { createIdGenerator } from '../../../src/core/ids';
import { LibraryDb } from '../../../src/core/storage/library-db';
import { planLibrary, type PlannedItem } from '../../data/library-plan';
import type { BenchContext } from '../context';
import { timed } from '../repeat';
import { Skip, type Scenario } from '../scenario';
import { toAddInput } from '../seed/add-inputs';
import { createPlannedFolders, type FolderIds } from '../seed/folders';
import { toRawBatch, writeRawBatch } from '../seed/raw-rows';
import { TinyPngs } from '../seed/tiny-png';

export const BATCH_SIZE = 1000;
/** The item/get scenarios filter on the tag of this popularity rank (1 = most used). */
const QUERY_TAG_RANK = 5;

export const seeding: Scenario = {
  id: 'seed',
  label: 'seeding via item/add (batches of 1000)',
  unit: 'items/s',
  async measure(ctx) {
    const { n, seed, imageShare } = ctx.settings;
    const plan = planLibrary(seed);
    const folders = await createPlannedFolders(ctx.api, plan.folders);
    const folderIds: FolderIds = 'reason' in folders ? new Map() : folders;
    const pngs = new TinyPngs();
    const rawName = `bench-raw${ctx.library}`;
    ctx.scratch.push(rawName);
    const raw = new LibraryDb(rawName);
    const nextRawId = createIdGenerator(Date.now);
    const queryTag = plan.tags[QUERY_TAG_RANK - 1]!;

    const samples: number[] = [];
    const rawSamples: number[] = [];
    let seeded = 0;
    let images = 0;
    let queryTagCount = 0;
    let apiMs = 0;
    let rawMs = 0;
    /** Items/s through the API over each 10,000 items: flat unless a batch's cost grows with the library. */
    const perTenThousand: number[] = [];
    let stretchMs = 0;
    let stretchItems = 0;
    for (const batch of plan.batches(n, BATCH_SIZE, imageShare)) {
      const ms = await addBatch(ctx, batch, folderIds, pngs, seeded === 0);
      const rawBatch = await toRawBatch(batch, folderIds, pngs, nextRawId, Date.now());
      const rawBatchMs = await timed(() => writeRawBatch(raw, rawBatch));
      samples.push(rate(batch.length, ms));
      rawSamples.push(rate(batch.length, rawBatchMs));
      apiMs += ms;
      rawMs += rawBatchMs;
      stretchMs += ms;
      stretchItems += batch.length;
      seeded += batch.length;
      images += batch.filter((item) => 'image' in item.source).length;
      queryTagCount += batch.filter((item) => item.tags.includes(queryTag)).length;
      if (seeded % (BATCH_SIZE * 10) === 0 || seeded === n) {
        perTenThousand.push(rate(stretchItems, stretchMs));
        stretchMs = 0;
        stretchItems = 0;
        await ctx.driver.log(`seeded ${seeded}/${n} (${Math.round(rate(seeded, apiMs))} items/s through the API)`);
      }
    }
    raw.close();

    const counted = await ctx.api.get<number>('/item/countAll');
    if (counted !== n) throw new Error(`Seeded ${n} items, but item/countAll answers ${counted}.`);
    ctx.seeded = { plan, count: n, queryTag, queryTagCount };
    const folderNote = 'reason' in folders ? folders.reason : `${folders.size} folders`;
    return {
      samples,
      baseline: { label: 'raw Dexie bulkAdd of the same rows', samples: rawSamples },
      note:
        `${n} items (${images} tiny PNGs via base64, the rest bookmarkURL), ${folderNote}; ` +
        `whole seed ${(apiMs / 1000).toFixed(1)} s through the API vs ${(rawMs / 1000).toFixed(1)} s raw; ` +
        `API items/s per 10,000 items: ${perTenThousand.map((r) => Math.round(r)).join(', ')}`,
    };
  },
};

/** Milliseconds of one item/add batch, request body prepared before the clock starts. */
export async function addBatch(ctx: BenchContext, batch: readonly PlannedItem[], folderIds: FolderIds, pngs: TinyPngs, first: boolean): Promise<number> {
  const items = await Promise.all(batch.map((item) => toAddInput(item, folderIds, pngs)));
  const body = JSON.stringify({ items });
  let answer: { status: string; data?: { ids?: string[] }; message?: string } | undefined;
  let httpStatus = 0;
  const ms = await timed(async () => {
    const response = await fetch(apiUrl('/item/add'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [LIBRARY_HEADER]: ctx.library },
      body,
    });
    httpStatus = response.status;
    answer = await response.json();
  });
  if (first && httpStatus === 501) throw new Skip(`item/add answers 501 (${answer?.message})`);
  if (httpStatus !== 200 || answer?.data?.ids?.length !== batch.length) {
    throw new Error(`item/add of ${batch.length} items answered ${httpStatus}: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  return ms;
}

export const rate = (count: number, ms: number) => (count / ms) * 1000;

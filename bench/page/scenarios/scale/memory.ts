/**
 * Memory and storage at scale: the page's JS heap with the app's grid open on the library and
 * scrolled to its end (what the grid holds for the listing), less the bench page's alone; and the
 * bytes stored per item (navigator.storage.estimate), against the bytes of the item/add JSON sent
 * per item.
 */
import { planLibrary, type PlannedItem } from '../../../data/library-plan';
import { firstScreenPainted, grid, nextFrame, openAppFrame } from '../../app-frame';
import { median } from '../../../shared/stats';
import { requireSeeded, type Scenario } from '../../scenario';
import { toAddInput } from '../../seed/add-inputs';
import { TinyPngs } from '../../seed/tiny-png';
import { BATCH_SIZE } from '../seeding';

const READS = 3;
const MAX_FRAMES = 1200;

async function heapReads(read: () => Promise<number>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < READS; i++) samples.push(await read());
  return samples;
}

export const pageHeap: Scenario = {
  id: 'scale-page-heap',
  label: 'page JS heap the app adds, open at the end of the grid',
  unit: 'MB',
  async measure(ctx) {
    const { count } = requireSeeded(ctx);
    const alone = await heapReads(ctx.driver.pageHeapMB);
    const app = await openAppFrame(ctx);
    try {
      while (!firstScreenPainted(app)) await nextFrame(app.win);
      // The listing is newest first: its end is the first item seeded, the first key of the items table.
      const oldest = (await (await ctx.db()).items.orderBy(':id').first())!.id;
      const scroller = grid(app);
      scroller.scrollTop = scroller.scrollHeight;
      let frames = 0;
      const lastReady = () => {
        const cell = scroller.querySelector<HTMLElement>(`[role=gridcell][data-id="${oldest}"]`);
        return !!cell && cell.getAttribute('aria-busy') !== 'true';
      };
      for (; frames < MAX_FRAMES && !lastReady(); frames++) await nextFrame(app.win);
      const open = await heapReads(ctx.driver.pageHeapMB);
      // What the app adds: the bench page's own heap (its query words' documents, its stores) is not the app's.
      const added = open.map((mb) => mb - median(alone));
      return {
        samples: added,
        note: `${count} items; the grid's end ${frames < MAX_FRAMES ? `filled after ${frames} frames` : 'NOT filled'}; the page ${median(open).toFixed(1)} MB with the app, ${median(alone).toFixed(1)} MB alone (same run)`,
      };
    } finally {
      app.close();
    }
  },
};

export const bytesPerItem: Scenario = {
  id: 'scale-bytes-per-item',
  label: 'bytes stored per item (storage.estimate)',
  unit: 'bytes',
  async measure(ctx) {
    const { count } = requireSeeded(ctx);
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
    const stored = estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0;
    // The floor: what a person sent, the item/add JSON of the plan's first batch, per item.
    const pngs = new TinyPngs();
    const first = planLibrary(ctx.settings.seed).batches(BATCH_SIZE, BATCH_SIZE, ctx.settings.imageShare).next().value as PlannedItem[];
    const sent = JSON.stringify({ items: await Promise.all(first.map((item) => toAddInput(item, new Map(), pngs))) }).length / first.length;
    return {
      samples: [stored / count],
      baseline: { label: 'item/add JSON sent per item (first batch)', samples: [sent] },
      note: `${(stored / 2 ** 20).toFixed(0)} MB in IndexedDB${estimate.usageDetails?.indexedDB === undefined ? ' (whole origin: no usageDetails)' : ''} for ${count} items; whole origin ${((estimate.usage ?? 0) / 2 ** 20).toFixed(0)} MB`,
    };
  },
};

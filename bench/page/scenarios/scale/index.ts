/**
 * The scale mode's rows (`BENCH_ONLY=scale`, bench/driver/scale-run.ts), in run order: the kept
 * seed, the warm reads, the worker's heap, the cold rows, the grid, then memory and storage. Rows
 * that exist elsewhere run as they are, under a `scale-` id so BENCH_ONLY picks them together.
 */
import { requireSeeded, type Scenario } from '../../scenario';
import { coldStart } from '../cold-start';
import { gridFirstThumbnails, gridJumps, gridScroll } from '../grid';
import { itemCountAll } from '../item-count-all';
import { itemGetTag } from '../item-get-tag';
import { itemGetTagCold } from '../item-get-tag-cold';
import { itemQueryCold, itemQueryWarm } from '../item-query';
import { smartFolderItems, smartFolderItemsOwnFloor } from '../smart-folder-items';
import { workerHeap } from '../worker-heap';
import { bytesPerItem, pageHeap } from './memory';
import { itemGetFolder, tagGet } from './reads';
import { scaleSeed } from './seed';

const scaled = (scenario: Scenario, label = scenario.label): Scenario => ({ ...scenario, id: `scale-${scenario.id}`, label });

/** A row of a size whose seed is not complete is skipped: its figures would not be of N items. */
const afterSeed = (scenario: Scenario): Scenario => ({
  ...scenario,
  measure: (ctx) => {
    requireSeeded(ctx);
    return scenario.measure(ctx);
  },
});

const READ_ROWS: readonly Scenario[] = [
  scaled(itemGetTag),
  itemGetFolder,
  scaled(itemCountAll),
  ...itemQueryWarm.map((row) => scaled(row)),
  scaled(smartFolderItems),
  scaled(smartFolderItemsOwnFloor),
  tagGet,
  scaled(workerHeap, 'worker JS heap after the read rows'),
  scaled(coldStart),
  scaled(itemGetTagCold),
  scaled(itemQueryCold.find((row) => row.id === 'item-query-and-cold')!),
  scaled(gridFirstThumbnails),
  scaled(gridJumps),
  scaled(gridScroll),
  pageHeap,
  bytesPerItem,
];

export const SCALE_SCENARIOS: readonly Scenario[] = [scaleSeed, ...READ_ROWS.map(afterSeed)];

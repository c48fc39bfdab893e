/**
 * An item observer: an item that arrives with its thumbnail ready (an Eagle import brings the
 * library's own) gets a `descriptor` job, so it is indexed like an added item whose thumbnail is
 * made here (that job's result carries the descriptor); a removed item takes its descriptor with it, and moving an item to or from
 * the trash flips its descriptor's trash mark, in the same transaction (descriptors are written
 * by the media jobs, src/core/media/store-result.ts).
 */
import { descriptorJob } from '../media/media-jobs';
import type { ItemObserver } from '../storage/item-changes';
import type { ItemRow } from '../storage/rows';
import { removeDescriptors, setDescriptorsTrashed } from './descriptor-store';

export const descriptors: ItemObserver = async (db, changes, now) => {
  const arrived = changes.flatMap(({ before, after }) => (!before && after?.thumbnail === 'ready' && after.descriptorShard === undefined ? [after.id] : []));
  if (arrived.length) await db.jobs.bulkPut(arrived.map((id) => descriptorJob(id, now)));
  const removed: ItemRow[] = [], trashed: ItemRow[] = [], restored: ItemRow[] = [];
  for (const { before, after } of changes) {
    if (before && !after) removed.push(before);
    else if (before && after && before.isDeleted !== after.isDeleted) (after.isDeleted ? trashed : restored).push(after);
  }
  if (removed.length) await removeDescriptors(db, removed);
  if (trashed.length) await setDescriptorsTrashed(db, trashed, true);
  if (restored.length) await setDescriptorsTrashed(db, restored, false);
};

/**
 * An item observer: a removed item takes its descriptor with it, and moving an item to or from
 * the trash flips its descriptor's trash mark, in the same transaction (descriptors are written
 * by the media jobs, src/core/media/store-result.ts).
 */
import type { ItemObserver } from '../storage/item-changes';
import type { ItemRow } from '../storage/rows';
import { removeDescriptors, setDescriptorsTrashed } from './descriptor-store';

export const descriptors: ItemObserver = async (db, changes) => {
  const removed: ItemRow[] = [], trashed: ItemRow[] = [], restored: ItemRow[] = [];
  for (const { before, after } of changes) {
    if (before && !after) removed.push(before);
    else if (before && after && before.isDeleted !== after.isDeleted) (after.isDeleted ? trashed : restored).push(after);
  }
  if (removed.length) await removeDescriptors(db, removed);
  if (trashed.length) await setDescriptorsTrashed(db, trashed, true);
  if (restored.length) await setDescriptorsTrashed(db, restored, false);
};

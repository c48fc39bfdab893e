/**
 * An item observer: once object indexing is on (./objects-store.ts), a new item with a file gets
 * an `objects` job in the same transaction; a removed item takes its objects with it, and the
 * trash mark follows the item.
 */
import { objectsJob } from '../media/media-jobs';
import type { ItemObserver } from '../storage/item-changes';
import { objectsEnabled } from './objects-store';

export const objects: ItemObserver = async (db, changes, now) => {
  const added = changes.flatMap(({ before, after }) => (!before && after?.hasFile ? [after.id] : []));
  if (added.length && (await objectsEnabled(db))) await db.jobs.bulkPut(added.map((id) => objectsJob(id, now)));
  const removed = changes.flatMap(({ before, after }) => (before && !after ? [before.id] : []));
  if (removed.length) await db.objects.bulkDelete(removed);
  for (const { before, after } of changes) {
    if (!before || !after || before.isDeleted === after.isDeleted) continue;
    await db.objects.update(after.id, { trashed: after.isDeleted ? 1 : 0 });
  }
};

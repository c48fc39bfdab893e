/**
 * An item observer: a new item whose thumbnail is pending (it has a file and no thumbnail yet) gets
 * a thumbnail job in the same transaction that stores it, so no added item is ever forgotten by a
 * stopped service worker. Bookmarks (no file) get none, nor do items that come with their thumbnail
 * (an Eagle import). A removed item takes its jobs, thumbnail, original and document text with it (one removed and
 * added again in the same write, its key moved, keeps them).
 */
import { removedItemIds, type ItemObserver } from '../storage/item-changes';
import { thumbnailJob } from './media-jobs';

export const mediaJobs: ItemObserver = async (db, changes, now) => {
  const added = changes.flatMap(({ before, after }) => (!before && after?.hasFile && after.thumbnail === 'pending' ? [after.id] : []));
  if (added.length) await db.jobs.bulkPut(added.map((id) => thumbnailJob(id, now, false)));
  const removed = removedItemIds(changes);
  if (removed.length) {
    await db.jobs.where('itemId').anyOf(removed).delete();
    await db.thumbnails.bulkDelete(removed);
    await db.files.bulkDelete(removed);
    await db.documentTexts.bulkDelete(removed);
  }
};

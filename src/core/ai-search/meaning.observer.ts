/**
 * An item observer: once indexing by meaning is on (./meaning-index.ts), an added item or one whose
 * name, tags, annotation or folders changed gets a `text` job in the same transaction, and so does a
 * refreshed one (its row unchanged, `isRefresh`: a folder of it renamed; a comment edit
 * refreshes too and costs one needless embedding, as the observer cannot tell them apart); a
 * removed item takes its embedding with it, and the trash mark follows the item.
 */
import { textJob } from '../media/media-jobs';
import { isRefresh, type ItemObserver } from '../storage/item-changes';
import { textChanged } from './item-text';
import { meaningEnabled } from './meaning-index';
import { removeTextVectors, setTextVectorsTrashed } from './text-vector-store';

export const meaning: ItemObserver = async (db, changes, now) => {
  const queue = changes.flatMap((change) => {
    const { before, after } = change;
    return after && (!before || isRefresh(change) || textChanged(before, after)) ? [after.id] : [];
  });
  if (queue.length && (await meaningEnabled(db))) await db.jobs.bulkPut(queue.map((id) => textJob(id, now)));
  const removed = changes.flatMap(({ before, after }) => (before && !after ? [before.id] : []));
  if (removed.length) await removeTextVectors(db, removed);
  const trashed: string[] = [], restored: string[] = [];
  for (const { before, after } of changes) {
    if (before && after && before.isDeleted !== after.isDeleted) (after.isDeleted ? trashed : restored).push(after.id);
  }
  if (trashed.length) await setTextVectorsTrashed(db, trashed, true);
  if (restored.length) await setTextVectorsTrashed(db, restored, false);
};

/**
 * An item observer: a new item with a file whose text can be found (a plain-text file, a raster
 * picture) gets a `contentText` job in the same transaction that stores it, so a stopped service
 * worker never forgets one; a removed item takes its content text with it. Edits (a rename, new
 * tags, a new thumbnail) leave the text alone: it is the file's, and the file did not change.
 */
import { contentTextJob } from '../media/media-jobs';
import { mediaKindOf } from '../media/media-processor';
import { removedItemIds, type ItemObserver } from '../storage/item-changes';
import type { ItemRow } from '../storage/rows';
import { isPlainText } from './plain-text';

export const hasFindableText = (row: ItemRow) => row.hasFile && (isPlainText(row) || mediaKindOf(row.mime, row.ext) === 'raster');

export const contentTexts: ItemObserver = async (db, changes, now) => {
  const added = changes.flatMap(({ before, after }) => (!before && after && hasFindableText(after) ? [after.id] : []));
  if (added.length) await db.jobs.bulkPut(added.map((id) => contentTextJob(id, now)));
  const removed = removedItemIds(changes);
  if (removed.length) await db.contentTexts.bulkDelete(removed);
};

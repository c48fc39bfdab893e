/**
 * An item observer, queueing `contentText` jobs in the same transaction as the change, so a
 * stopped service worker never forgets one:
 * - a new plain-text file at once (its text is read in the service worker);
 * - a raster picture once its thumbnail is made (the thumbnail job's write), if its palette looks
 *   like a document or a screenshot (./ocr-gate.ts) and it has no text yet: a new thumbnail
 *   (item/refreshThumbnail) keeps the text it had.
 * A removed item takes its content text with it. Other edits leave the text alone: it is the file's.
 */
import { contentTextJob } from '../media/media-jobs';
import { mediaKindOf } from '../media/media-processor';
import { removedItemIds, type ItemObserver } from '../storage/item-changes';
import { looksLikeDocument } from './ocr-gate';
import { isPlainText } from './plain-text';

export const contentTexts: ItemObserver = async (db, changes, now) => {
  const texts = changes.flatMap(({ before, after }) => (!before && after?.hasFile && isPlainText(after) ? [after.id] : []));
  const pictures = changes.flatMap(({ before, after }) =>
    before?.thumbnail === 'pending' && after?.thumbnail === 'ready' && after.hasFile && mediaKindOf(after.mime, after.ext) === 'raster' && looksLikeDocument(after.palettes)
      ? [after.id]
      : [],
  );
  const known = pictures.length ? new Set((await db.contentTexts.bulkGet(pictures)).flatMap((row) => (row ? [row.id] : []))) : new Set<string>();
  const queue = [...texts, ...pictures.filter((id) => !known.has(id))];
  if (queue.length) await db.jobs.bulkPut(queue.map((id) => contentTextJob(id, now)));
  const removed = removedItemIds(changes);
  if (removed.length) await db.contentTexts.bulkDelete(removed);
};

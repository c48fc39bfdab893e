/**
 * Writes what a media job produced, inside the caller's write transaction: the thumbnail row, the
 * item's dimensions, size, palette, visual descriptor and thumbnail state (through
 * commitItemChanges, so observers see it), and removes the job unless a newer request replaced it
 * meanwhile. The descriptor, like the palette, describes the thumbnail shown.
 */
import { putDescriptor, removeDescriptors } from '../ai-search/descriptor-store';
import { putContentText } from '../content-text/content-text-store';
import { withDerivedFields } from '../listing/item-row';
import { noteFileReplaced } from '../sync/file-records';
import { commitItemChanges, type ItemObserver } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow, ThumbnailState } from '../storage/rows';
import { CUSTOM_THUMBNAIL_JOB, DESCRIPTOR_JOB, isThumbnailJob, THUMBNAIL_JOB, ticketOf, type MediaJob } from './media-jobs';
import type { MediaOutcome } from './media-processor';

export interface Produced {
  outcome: Exclude<MediaOutcome, { status: 'needs-page' }>;
  /** Size of the original, for thumbnail jobs (item/refreshThumbnail refreshes `size`). */
  fileSize?: number;
}

export async function storeResult(db: LibraryDb, job: MediaJob, produced: Produced, observers: readonly ItemObserver[], now: number): Promise<void> {
  await removeIfUnchanged(db, job);
  const current = await db.items.where('id').equals(job.itemId).first();
  if (!current) return;
  const next: ItemRow = { ...current };
  const { outcome } = produced;
  if (job.kind === THUMBNAIL_JOB) {
    const existing = await db.thumbnails.get(job.itemId);
    const keepCustom = existing?.custom === true && !job.payload.replaceCustom;
    if (produced.fileSize !== undefined) next.size = produced.fileSize;
    if (outcome.status === 'done') {
      next.width = outcome.width;
      next.height = outcome.height;
      if (outcome.duration !== undefined) next.duration = outcome.duration;
    }
    if (!keepCustom) {
      if (outcome.status === 'done') await putThumbnail(db, job.itemId, outcome.thumbnail, false);
      else await db.thumbnails.delete(job.itemId);
      next.palettes = outcome.status === 'done' ? outcome.palettes : [];
      next.noThumbnail = outcome.status !== 'done';
      await describe(db, next, outcome);
    }
  } else if (job.kind === DESCRIPTOR_JOB) {
    // Made from the stored thumbnail: only the descriptor changes.
    if (outcome.status === 'done' && (await db.thumbnails.get(job.itemId))) await describe(db, next, outcome);
  } else if (outcome.status === 'done') {
    await putThumbnail(db, job.itemId, outcome.thumbnail, true);
    const dimensions = job.kind === CUSTOM_THUMBNAIL_JOB ? job.payload.dimensions : undefined;
    if (dimensions && !(current.width > 0 && current.height > 0)) Object.assign(next, dimensions);
    next.palettes = outcome.palettes;
    next.noThumbnail = false;
    await describe(db, next, outcome);
  }
  // A descriptor job only reads the thumbnail: a published library's item, whose thumbnail is
  // fetched when first shown, keeps its state instead of turning into a generic icon.
  if (job.kind !== DESCRIPTOR_JOB) next.thumbnail = await thumbnailState(db, job.itemId);
  const after = withDerivedFields(next);
  await commitItemChanges(db, [{ before: current, after }], observers, now);
  // A document's text (a PDF's) comes from the original, whichever thumbnail is shown: searched as content text.
  if (job.kind === THUMBNAIL_JOB && outcome.status === 'done' && outcome.text !== undefined) await putContentText(db, after, { source: 'pdf', text: outcome.text }, observers, now);
}

/**
 * After a failed attempt: counts it, and past `maxAttempts` drops the job and settles the item's
 * thumbnail state. Answers whether the job was dropped.
 */
export async function recordFailure(
  db: LibraryDb,
  job: MediaJob,
  reason: string,
  maxAttempts: number,
  observers: readonly ItemObserver[],
  now: number,
): Promise<boolean> {
  const queued = await db.jobs.get(job.id);
  if (!queued || ticketOf(queued) !== job.payload.ticket) return false;
  const attempts = queued.attempts + 1;
  if (attempts < maxAttempts) {
    await db.jobs.put({ ...queued, attempts, lastError: reason });
    return false;
  }
  await db.jobs.delete(job.id);
  const current = await db.items.where('id').equals(job.itemId).first();
  if (current) {
    const after = withDerivedFields({ ...current, thumbnail: await thumbnailState(db, job.itemId) });
    await commitItemChanges(db, [{ before: current, after }], observers, now);
  }
  return true;
}

/** Stores the outcome's descriptor for the item (or drops its old one) and notes the shard on `next`. */
async function describe(db: LibraryDb, next: ItemRow, outcome: Produced['outcome']): Promise<void> {
  if (outcome.status === 'done') {
    next.descriptorShard = await putDescriptor(db, next, outcome.descriptor);
  } else {
    await removeDescriptors(db, [next]);
    delete next.descriptorShard;
  }
}

/** A thumbnail made here; a syncing library sends it again when the server had an earlier one. */
async function putThumbnail(db: LibraryDb, itemId: string, blob: Blob, custom: boolean): Promise<void> {
  await db.thumbnails.put({ id: itemId, blob, custom });
  await noteFileReplaced(db, 'thumbnail', itemId);
}

async function removeIfUnchanged(db: LibraryDb, job: MediaJob): Promise<void> {
  const queued = await db.jobs.get(job.id);
  if (queued && ticketOf(queued) === job.payload.ticket) await db.jobs.delete(job.id);
}

/** Pending while a thumbnail job for the item is queued; else ready when a thumbnail is stored. */
export async function thumbnailState(db: LibraryDb, itemId: string): Promise<ThumbnailState> {
  if ((await db.jobs.where('itemId').equals(itemId).filter(isThumbnailJob).count()) > 0) return 'pending';
  return (await db.thumbnails.get(itemId)) ? 'ready' : 'none';
}

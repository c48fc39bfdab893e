/**
 * How far AI indexing is, in items (docs/decisions/ai-search-indexing.md): `totalCount` is the
 * library's items out of the trash, `syncedCount` those with nothing queued for them. Every index a
 * search uses is a queued job until it is built (thumbnail and descriptor, objects, meaning, the
 * user's CLIP model), so an item counts as done only once every one of its indexes is. Key-only
 * reads: this is polled while indexing runs. Content text (OCR) is not AI indexing: it waits for a
 * page's OCR engine, and a library with none open would never look indexed; item/contentText says
 * when it is there, and the meaning index it feeds is queued (and counted) once it is.
 */
import type { LibraryDb } from '../storage/library-db';
import type { ModelsPreparation } from './model-files';
import { readItemCounts, TRASHED } from '../storage/counts';
import { CONTENT_TEXT_JOB } from '../media/media-jobs';

export interface SyncStatus {
  isSyncing: boolean;
  syncedCount: number;
  totalCount: number;
  progress: number;
  /** While model files download (first AI use): bytes so far out of all the models need (ours). */
  preparing?: ModelsPreparation;
  /** Which models are missing and why, when they cannot be fetched (ours). */
  message?: string;
  /**
   * Index jobs still queued (ours; watch calls while syncing): an item is done only once all its
   * indexes are, so the item count can sit still while an index builds. The app's bar shows this
   * moving as a share of the run.
   */
  queuedJobs?: number;
}

/** Item keys are `<import time>:<id>` (src/core/listing/item-row.ts). */
const idOfKey = (pk: string) => pk.slice(pk.indexOf(':') + 1);

export async function indexingStatus(db: LibraryDb, { jobs = false } = {}): Promise<SyncStatus> {
  const [{ all }, trashedKeys, queuedIds, allJobs, ocr] = await Promise.all([
    // The kept count, not the index's: count() walks every key, about 1 s per 100,000 items on disk, and this is polled.
    readItemCounts(db),
    db.items.where('facets').equals(TRASHED).primaryKeys(),
    db.jobs.orderBy('itemId').uniqueKeys(),
    jobs ? db.jobs.count() : 0,
    db.jobs.where('id').startsWith(`${CONTENT_TEXT_JOB}:`).primaryKeys(),
  ]);
  const trashed = new Set((trashedKeys as string[]).map(idOfKey));
  const totalCount = all - trashed.size;
  const onlyOcr = await itemsWaitingOnlyForOcr(db, ocr as string[]);
  const waiting = (queuedIds as string[]).filter((id) => !trashed.has(id) && !onlyOcr.has(id)).length;
  const queuedJobs = jobs ? allJobs - ocr.length : 0;
  const syncedCount = Math.max(0, totalCount - waiting);
  const status: SyncStatus = { isSyncing: waiting > 0, syncedCount, totalCount, progress: totalCount === 0 ? 1 : syncedCount / totalCount };
  return jobs && status.isSyncing ? { ...status, queuedJobs } : status;
}

/** Items whose only queued job is their content text's. */
async function itemsWaitingOnlyForOcr(db: LibraryDb, ocrJobIds: readonly string[]): Promise<Set<string>> {
  if (!ocrJobIds.length) return new Set();
  const itemIds = ocrJobIds.map((id) => id.slice(CONTENT_TEXT_JOB.length + 1));
  const jobsOfThem = (await db.jobs.where('itemId').anyOf(itemIds).primaryKeys()) as string[];
  const busy = new Set(jobsOfThem.filter((id) => !id.startsWith(`${CONTENT_TEXT_JOB}:`)).map((id) => id.slice(id.indexOf(':') + 1)));
  return new Set(itemIds.filter((id) => !busy.has(id)));
}

/** The words a search answered while indexing runs adds to its message. */
export const partialNote = (status: SyncStatus) =>
  `AI indexing is still running (${status.syncedCount} of ${status.totalCount} items done): these results cover the items indexed so far, and more may match once it finishes.`;

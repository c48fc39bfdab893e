/**
 * How far AI indexing is, in items (docs/decisions/ai-search-indexing.md): `totalCount` is the
 * library's items out of the trash, `syncedCount` those with nothing queued for them. Every index a
 * search uses is a queued job until it is built (thumbnail and descriptor, objects, meaning, the
 * user's CLIP model), so an item counts as done only once every one of its indexes is. Key-only
 * reads: this is polled while indexing runs.
 */
import type { LibraryDb } from '../storage/library-db';
import type { ModelsPreparation } from './model-files';
import { TRASHED } from '../storage/counts';

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
  const [all, trashedKeys, queuedIds, queuedJobs] = await Promise.all([
    db.items.count(),
    db.items.where('facets').equals(TRASHED).primaryKeys(),
    db.jobs.orderBy('itemId').uniqueKeys(),
    jobs ? db.jobs.count() : 0,
  ]);
  const trashed = new Set((trashedKeys as string[]).map(idOfKey));
  const totalCount = all - trashed.size;
  const waiting = (queuedIds as string[]).filter((id) => !trashed.has(id)).length;
  const syncedCount = Math.max(0, totalCount - waiting);
  const status: SyncStatus = { isSyncing: waiting > 0, syncedCount, totalCount, progress: totalCount === 0 ? 1 : syncedCount / totalCount };
  return jobs && status.isSyncing ? { ...status, queuedJobs } : status;
}

/** The words a search answered while indexing runs adds to its message. */
export const partialNote = (status: SyncStatus) =>
  `AI indexing is still running (${status.syncedCount} of ${status.totalCount} items done): these results cover the items indexed so far, and more may match once it finishes.`;

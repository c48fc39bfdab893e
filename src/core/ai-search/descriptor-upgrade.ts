/**
 * Dexie upgrade step (LibraryDb version 3): every item that already has a thumbnail gets a
 * `descriptor` job, which the media queue runs like any other (resumable from IndexedDB). The job
 * decodes the small stored thumbnail, not the original.
 */
import type { Transaction } from 'dexie';
import { descriptorJob } from '../media/media-jobs';
import type { JobRow } from '../storage/rows';

export async function queueDescriptorJobs(tx: Transaction): Promise<void> {
  const ids = (await tx.table('thumbnails').toCollection().primaryKeys()) as string[];
  const now = Date.now();
  await tx.table<JobRow>('jobs').bulkPut(ids.map((id) => descriptorJob(id, now)));
}

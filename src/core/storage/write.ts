/**
 * Every write request runs in one read-write Dexie transaction over the whole library, so a failed
 * write leaves the library exactly as it was, and concurrent writes are serialised. The changes it
 * announced reach the change feed once it has committed (../events/transaction-changes.ts).
 *
 * The ids of the items it changed go to the item change log (./change-log.ts) in the same transaction.
 *
 * The library's `modificationTime` moves only when the transaction announced a change: what a
 * client sees. A write that changes nothing, and background upkeep (`keepsDate`: thumbnails and
 * indexes a restarted worker finishes, job queues a text search fills) leave the library's date.
 */
import type { Transaction } from 'dexie';
import { changedItemIds, collectChanges, hasChanges, takeChanges } from '../events/transaction-changes';
import { logItemChanges } from './change-log';
import type { OpenLibrary } from './open-library';
import { markKeyedWrite, type KeyedRequest } from './request-keys';
import type { LibraryMeta } from './rows';

export const META_KEY = 'meta';

/**
 * `keepsDate`: background upkeep (media jobs, AI indexes) that derives data and edits nothing of the user's.
 * `request`: the request's `Idempotency-Key`, recorded in this transaction (./request-keys.ts).
 */
export interface WriteOptions {
  keepsDate?: boolean;
  request?: KeyedRequest;
}

export async function writeTransaction<T>(library: OpenLibrary, now: number, work: () => Promise<T>, options: WriteOptions = {}): Promise<T> {
  const { db } = library;
  await library.pipeline.prepare(); // e.g. a write may make tag rows, which spell their names in pinyin
  let transaction: Transaction | undefined;
  const result = await db.transaction('rw', db.tables, async (tx) => {
    transaction = tx;
    collectChanges(tx);
    if (options.request) await markKeyedWrite(db, options.request);
    const result = await work();
    // Background upkeep too: a thumbnail made is a file a backup must write.
    const itemIds = changedItemIds(tx);
    // Only when there is something to log: awaiting a call that issues no IndexedDB request lets the
    // transaction commit before the date below is written.
    if (itemIds.length) await logItemChanges(db, itemIds);
    if (options.keepsDate || !hasChanges(tx)) return result;
    const meta = (await db.state.get(META_KEY))?.value as LibraryMeta | undefined;
    await db.state.put({
      key: META_KEY,
      value: { applicationVersion: library.record.applicationVersion, ...meta, modificationTime: now } satisfies LibraryMeta,
    });
    return result;
  });
  if (options.request) options.request.wrote = true;
  for (const change of takeChanges(transaction!)) library.changes.publish({ ...change, library: library.record.path });
  return result;
}

export async function readMeta(library: OpenLibrary): Promise<LibraryMeta> {
  const meta = (await library.db.state.get(META_KEY))?.value as LibraryMeta | undefined;
  return meta ?? { modificationTime: library.record.createdAt, applicationVersion: library.record.applicationVersion };
}

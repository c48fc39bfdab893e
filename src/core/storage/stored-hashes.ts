/**
 * Content hashes of stored originals that have none yet (files stored by an import, a sync, or
 * before hashes were kept). Only files of equal size can be equal, so callers name the sizes that
 * matter and the items' size index finds the files.
 */
import { contentHash } from '../shared/content-hash';
import type { LibraryDb } from './library-db';

/** Gives a hash to every stored original of these sizes that has none yet. */
export async function fillStoredHashes(db: LibraryDb, sizes: readonly number[]): Promise<void> {
  const itemIds = (await db.items.where('size').anyOf(sizes).toArray()).flatMap((row) => (row.hasFile ? [row.id] : []));
  if (itemIds.length === 0) return;
  const missing = (await db.files.bulkGet(itemIds)).filter((file) => file !== undefined && file.sha256 === undefined);
  for (const file of missing) {
    const sha256 = await contentHash(file!.blob);
    // A file removed meanwhile is not written back: update() skips a missing key.
    await db.files.update(file!.id, { sha256 });
  }
}

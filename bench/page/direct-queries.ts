/**
 * The direct-IndexedDB equivalents of the item endpoints, run with Dexie in the page on the very
 * database the service worker uses: the physical floor of this design.
 */
import type { LibraryDb } from '../../src/core/storage/library-db';
import { TRASHED } from '../../src/core/storage/counts';

export interface Page<T> {
  data: T[];
  total: number;
}

/** item/get {tags: [tag], limit}: newest import first, plus the total, from the tags index. */
export async function itemsWithTag(db: LibraryDb, tag: string, limit: number): Promise<Page<{ id: string }>> {
  const [data, total] = await Promise.all([
    db.items.where('tags').equals(tag).reverse().limit(limit).toArray(),
    db.items.where('tags').equals(tag).count(),
  ]);
  return { data, total };
}

/** item/countAll: all rows minus the trashed ones, two index counts. */
export async function countLive(db: LibraryDb): Promise<number> {
  const [all, trashed] = await Promise.all([db.items.count(), db.items.where('facets').equals(TRASHED).count()]);
  return all - trashed;
}

import type { LibraryDb } from './library-db';

export const TRASHED = 'trashed';

/** Items not in the trash, from two index counts (no scan). */
export async function countLiveItems(db: LibraryDb): Promise<number> {
  const [all, trashed] = await Promise.all([db.items.count(), db.items.where('facets').equals(TRASHED).count()]);
  return all - trashed;
}

/**
 * Primary keys of the items whose `index` holds any of `values`, read as one `getAllKeys` per value.
 * Dexie's `anyOf` walks a cursor one entry at a time, which costs about ten times as much on a
 * value held by thousands of items (docs/decisions/index-reads.md).
 */
import type { IndexableType } from 'dexie';
import type { LibraryDb } from './library-db';

/** Keys in no particular order, each once. */
export async function itemKeysWithAny(db: LibraryDb, index: string, values: readonly IndexableType[]): Promise<string[]> {
  const lists = await Promise.all([...new Set(values)].map((value) => db.items.where(index).equals(value).primaryKeys()));
  return lists.length === 1 ? lists[0]! : [...new Set(lists.flat())];
}

/**
 * The library's item counts, kept in one `state` row by the write path (commitItemChanges, in the
 * rows' own transaction) so that item/countAll reads one record: IndexedDB's `count()` walks every
 * key of the index, a second at 100,000 items on disk (docs/decisions/live-item-counts.md).
 *
 * A library made before the row existed, or whose row does not add up, has none: writes leave it
 * absent, and the first read counts the rows once and stores the answer.
 */
import type { LibraryDb } from './library-db';
import { ITEM_COUNTS_KEY, type ItemCounts, type ItemRow } from './rows';

export { ITEM_COUNTS_KEY, type ItemCounts };

/** A row before and after a change (item-changes.ts's ItemChange, which calls in here). */
type RowChange = { readonly before?: ItemRow; readonly after?: ItemRow };

export const TRASHED = 'trashed';

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** A row that adds up: two whole counts, no more trashed items than items. */
export function isItemCounts(value: unknown): value is ItemCounts {
  const counts = value as Partial<ItemCounts> | null;
  return typeof counts === 'object' && counts !== null && isCount(counts.all) && isCount(counts.trashed) && counts.trashed <= counts.all;
}

const inTrash = (row: ItemRow) => row.facets.includes(TRASHED);

/** How the changes move both counts (a key that moved is a removal and an add: no change). */
export function countsDelta(changes: readonly RowChange[]): ItemCounts {
  const delta = { all: 0, trashed: 0 };
  for (const { before, after } of changes) {
    if (before) {
      delta.all -= 1;
      if (inTrash(before)) delta.trashed -= 1;
    }
    if (after) {
      delta.all += 1;
      if (inTrash(after)) delta.trashed += 1;
    }
  }
  return delta;
}

/**
 * Moves the kept counts by the changes; call it inside their write transaction. No row: nothing to
 * keep (the next read makes it). A row the changes would take below zero is wrong already: it goes,
 * and the next read counts the rows again.
 */
export async function keepItemCounts(db: LibraryDb, changes: readonly RowChange[]): Promise<void> {
  const delta = countsDelta(changes);
  if (delta.all === 0 && delta.trashed === 0) return;
  const kept = (await db.state.get(ITEM_COUNTS_KEY))?.value;
  if (kept === undefined) return;
  const next = isItemCounts(kept) ? { all: kept.all + delta.all, trashed: kept.trashed + delta.trashed } : undefined;
  if (next && isItemCounts(next)) await db.state.put({ key: ITEM_COUNTS_KEY, value: next });
  else await db.state.delete(ITEM_COUNTS_KEY);
}

/** Both counts from the rows' indexes: a walk of every key (the rebuild, and what the row replaces). */
export async function countItemRows(db: LibraryDb): Promise<ItemCounts> {
  const [all, trashed] = await Promise.all([db.items.count(), db.items.where('facets').equals(TRASHED).count()]);
  return { all, trashed };
}

/** The kept counts; made from the rows and stored when missing or wrong. */
export async function readItemCounts(db: LibraryDb): Promise<ItemCounts> {
  const kept = (await db.state.get(ITEM_COUNTS_KEY))?.value;
  if (isItemCounts(kept)) return kept;
  // Counting and storing in one read-write transaction: no write can slip between the two.
  return db.transaction('rw', db.items, db.state, async () => {
    const again = (await db.state.get(ITEM_COUNTS_KEY))?.value;
    if (isItemCounts(again)) return again;
    const counted = await countItemRows(db);
    await db.state.put({ key: ITEM_COUNTS_KEY, value: counted });
    return counted;
  });
}

/** Items not in the trash as kept, without counting when none are (safe in a read-only transaction). */
export async function keptLiveItems(db: LibraryDb): Promise<number | undefined> {
  const kept = (await db.state.get(ITEM_COUNTS_KEY))?.value;
  return isItemCounts(kept) ? kept.all - kept.trashed : undefined;
}

/** Items not in the trash. */
export async function countLiveItems(db: LibraryDb): Promise<number> {
  const { all, trashed } = await readItemCounts(db);
  return all - trashed;
}

/**
 * Item rows change only through `commitItemChanges`, which writes the rows and then lets every
 * observer update what it derives from them (tag counts, folder counts, the search index, media
 * jobs) inside the same transaction. Call it from within `writeTransaction`.
 */
import type { LibraryDb } from './library-db';
import type { ItemRow } from './rows';

export interface ItemChange {
  /** The row as stored before the change; absent for a new item. */
  before?: ItemRow;
  /** The row to store; absent when the item is removed. */
  after?: ItemRow;
}

export type ItemObserver = (db: LibraryDb, changes: readonly ItemChange[], now: number) => Promise<void>;

export async function commitItemChanges(
  db: LibraryDb,
  changes: readonly ItemChange[],
  observers: readonly ItemObserver[],
  now: number,
): Promise<void> {
  // New rows are added, not put: a key that is somehow taken fails the write instead of
  // silently replacing another item.
  const adds = changes.flatMap((c) => (c.after && !c.before ? [c.after] : []));
  const puts = changes.flatMap((c) => (c.after && c.before ? [c.after] : []));
  const removals = changes.flatMap((c) => (!c.after && c.before ? [c.before.pk] : []));
  if (adds.length) await db.items.bulkAdd(adds);
  if (puts.length) await db.items.bulkPut(puts);
  if (removals.length) await db.items.bulkDelete(removals);
  for (const observe of observers) await observe(db, changes, now);
}

/** The values of `pick` an item contributes to counts: none while it is in the trash. */
/** Ids of the items a write removed for good: not those removed and added again in it (a key that moved). */
export function removedItemIds(changes: readonly ItemChange[]): string[] {
  const kept = new Set(changes.flatMap(({ after }) => (after ? [after.id] : [])));
  return changes.flatMap(({ before, after }) => (before && !after && !kept.has(before.id) ? [before.id] : []));
}

export function counted(row: ItemRow | undefined, pick: (row: ItemRow) => readonly string[]): readonly string[] {
  return row && !row.isDeleted ? pick(row) : [];
}

/** Per-key count deltas between the before and after sides of the changes. */
export function countDeltas(changes: readonly ItemChange[], pick: (row: ItemRow) => readonly string[]): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const { before, after } of changes) {
    for (const key of counted(before, pick)) deltas.set(key, (deltas.get(key) ?? 0) - 1);
    for (const key of counted(after, pick)) deltas.set(key, (deltas.get(key) ?? 0) + 1);
  }
  for (const [key, delta] of deltas) if (delta === 0) deltas.delete(key);
  return deltas;
}

/** Keys newly given to an item by the changes (for "recently used" lists), in first-use order. */
export function newlyApplied(changes: readonly ItemChange[], pick: (row: ItemRow) => readonly string[]): string[] {
  const applied = new Set<string>();
  for (const { before, after } of changes) {
    if (!after) continue;
    const had = new Set(before ? pick(before) : []);
    for (const key of pick(after)) if (!had.has(key)) applied.add(key);
  }
  return [...applied];
}

/**
 * Re-runs the observers for items whose rows did not change but whose derived data did (a folder
 * renamed, a comment edited: the search index reads those). Count observers see no delta.
 */
export async function refreshItems(db: LibraryDb, pks: readonly string[], observers: readonly ItemObserver[], now: number): Promise<void> {
  if (pks.length === 0) return;
  const rows = (await db.items.bulkGet([...pks])).filter((row): row is ItemRow => row !== undefined);
  for (const observe of observers) await observe(db, rows.map((row) => ({ before: row, after: row })), now);
}

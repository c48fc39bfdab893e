/**
 * Item rows change only through `commitItemChanges`, which lets the observers' derive steps set
 * the row fields they derive (the search terms), writes the rows, moves the library's item counts
 * (./counts.ts: kept here, not by an observer, so that no list of observers can leave them out),
 * and then lets every observer update what it derives from them (tag counts, folder counts, the
 * search index, media jobs) inside the same transaction. Call it from within `writeTransaction`.
 */
import { keepItemCounts } from './counts';
import type { LibraryDb } from './library-db';
import type { FolderRow, ItemRow } from './rows';

export interface ItemChange {
  /** The row as stored before the change; absent for a new item. */
  before?: ItemRow;
  /** The row to store; absent when the item is removed. */
  after?: ItemRow;
  /**
   * Set by `refreshItems`: the row's own fields did not change, only what is derived from other
   * tables (folder names, comments). `after` is `before` with its derived fields made again.
   */
  refresh?: true;
}

/** A refresh (`refreshItems`), not an edit: observers that derive only from the row's own fields skip it. */
export const isRefresh = (change: ItemChange): boolean => change.refresh === true;

/**
 * Rows the writer has already read in this transaction, handed to the derive steps so that they
 * do not read them again (item/add reads the batch's folders to check them).
 */
export interface KnownRows {
  folders?: ReadonlyMap<string, FolderRow>;
}

/**
 * An observer updates other tables from the changes, once the rows are sent (every read it makes
 * comes after them in the transaction, so it sees them). Its optional
 * `derive` step runs before they are written and answers the changes with the fields it keeps in
 * the row itself set on each `after` row (for a change that leaves them as they were, carried over
 * from `before`): new row objects, never the ones it was handed.
 */
export interface ItemObserver {
  (db: LibraryDb, changes: readonly ItemChange[], now: number): Promise<void>;
  derive?: (db: LibraryDb, changes: readonly ItemChange[], known: KnownRows) => Promise<readonly ItemChange[]>;
}

async function derive(db: LibraryDb, changes: readonly ItemChange[], observers: readonly ItemObserver[], known: KnownRows): Promise<readonly ItemChange[]> {
  let derived = changes;
  for (const observer of observers) if (observer.derive) derived = await observer.derive(db, derived, known);
  return derived;
}

export async function commitItemChanges(
  db: LibraryDb,
  handed: readonly ItemChange[],
  observers: readonly ItemObserver[],
  now: number,
  known: KnownRows = {},
): Promise<void> {
  const changes = await derive(db, handed, observers, known);
  // New rows are added, not put: a key that is somehow taken fails the write instead of
  // silently replacing another item.
  const adds = changes.flatMap((c) => (c.after && !c.before ? [c.after] : []));
  const puts = changes.flatMap((c) => (c.after && c.before ? [c.after] : []));
  const removals = changes.flatMap((c) => (!c.after && c.before ? [c.before.pk] : []));
  // The rows are sent, not awaited, before the observers run: IndexedDB carries out a
  // transaction's requests in the order they were made, so every later read sees them, and the
  // worker works out the observers' updates while the database stores the rows. A failed row
  // write rejects below and aborts the transaction; an observer that fails aborts it first, and
  // its error is the one reported (a row write's rejection then, caught here, is not).
  const written = Promise.all([
    adds.length ? db.items.bulkAdd(adds) : undefined,
    puts.length ? db.items.bulkPut(puts) : undefined,
    removals.length ? db.items.bulkDelete(removals) : undefined,
    keepItemCounts(db, changes),
  ]);
  written.catch(() => {});
  for (const observe of observers) await observe(db, changes, now);
  await written;
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
 * Re-runs the derive steps and observers for items whose rows did not change but whose derived
 * data may have (a folder renamed, a comment edited: the search index reads those), and rewrites
 * the rows whose derived fields changed. Count observers see no delta.
 */
export async function refreshItems(db: LibraryDb, pks: readonly string[], observers: readonly ItemObserver[], now: number): Promise<void> {
  if (pks.length === 0) return;
  const rows = (await db.items.bulkGet([...pks])).filter((row): row is ItemRow => row !== undefined);
  const changes = await derive(db, rows.map((row): ItemChange => ({ before: row, after: row, refresh: true })), observers, {});
  const rewritten = changes.flatMap(({ before, after }) => (differs(before!, after!) ? [after!] : []));
  if (rewritten.length) await db.items.bulkPut(rewritten);
  for (const observe of observers) await observe(db, changes, now);
}

/** Whether a derive step gave the row a field value other than the stored one. */
function differs(before: ItemRow, after: ItemRow): boolean {
  const fields = Object.keys(after) as (keyof ItemRow)[];
  return fields.some((field) => after[field] !== before[field] && JSON.stringify(after[field]) !== JSON.stringify(before[field]));
}

/**
 * The library's item counts, kept in one `state` row by the write path (commitItemChanges, in the
 * rows' own transaction) so that item/countAll and the sidebar's Untagged and Unfiled totals read one
 * record: IndexedDB's `count()` walks every key of the index, a second at 100,000 items on disk
 * (docs/decisions/live-item-counts.md).
 *
 * A library made before the row existed, or whose row does not add up, has none: writes leave it
 * absent, and the first read counts the rows once and stores the answer.
 */
import type { LibraryDb } from './library-db';
import { ITEM_COUNTS_KEY, type ItemCounts, type ItemRow } from './rows';

export { ITEM_COUNTS_KEY, type ItemCounts };

/** A row before and after a change (item-changes.ts's ItemChange, which calls in here). */
type RowChange = { readonly before?: ItemRow; readonly after?: ItemRow };

/** Facets of the item rows (../listing/item-row.ts derives them) that the counts follow. */
export const TRASHED = 'trashed';
export const UNTAGGED = 'untagged';
export const UNFILED = 'unfiled';

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** A row that adds up: four whole counts, no more trashed items than items, nor untagged or unfiled ones than live ones. */
export function isItemCounts(value: unknown): value is ItemCounts {
  const counts = value as Partial<ItemCounts> | null;
  if (typeof counts !== 'object' || counts === null || ![counts.all, counts.trashed, counts.untagged, counts.unfiled].every(isCount)) return false;
  const live = counts.all! - counts.trashed!;
  return live >= 0 && counts.untagged! <= live && counts.unfiled! <= live;
}

/** Adds one row to `counts` (sign 1) or takes it away (-1); untagged and unfiled count only outside the trash. */
function count(counts: ItemCounts, row: ItemRow, sign: 1 | -1): void {
  counts.all += sign;
  if (row.facets.includes(TRASHED)) {
    counts.trashed += sign;
    return;
  }
  if (row.facets.includes(UNTAGGED)) counts.untagged += sign;
  if (row.facets.includes(UNFILED)) counts.unfiled += sign;
}

/** How the changes move the counts (a key that moved is a removal and an add: no change). */
export function countsDelta(changes: readonly RowChange[]): ItemCounts {
  const delta = { all: 0, trashed: 0, untagged: 0, unfiled: 0 };
  for (const { before, after } of changes) {
    if (before) count(delta, before, -1);
    if (after) count(delta, after, 1);
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
  if (Object.values(delta).every((moved) => moved === 0)) return;
  const kept = (await db.state.get(ITEM_COUNTS_KEY))?.value;
  if (kept === undefined) return;
  const next = isItemCounts(kept) ? { all: kept.all + delta.all, trashed: kept.trashed + delta.trashed, untagged: kept.untagged + delta.untagged, unfiled: kept.unfiled + delta.unfiled } : undefined;
  if (next && isItemCounts(next)) await db.state.put({ key: ITEM_COUNTS_KEY, value: next });
  else await db.state.delete(ITEM_COUNTS_KEY);
}

/** The counts from the rows' indexes: a walk of every key (the rebuild, and what the row replaces). */
export async function countItemRows(db: LibraryDb): Promise<ItemCounts> {
  const keysOf = (facet: string) => db.items.where('facets').equals(facet).primaryKeys();
  const [all, trashedKeys, untaggedKeys, unfiledKeys] = await Promise.all([db.items.count(), keysOf(TRASHED), keysOf(UNTAGGED), keysOf(UNFILED)]);
  const trashed = new Set(trashedKeys);
  const live = (keys: readonly string[]) => keys.filter((key) => !trashed.has(key)).length;
  return { all, trashed: trashed.size, untagged: live(untaggedKeys), unfiled: live(unfiledKeys) };
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

/** A count as kept, without counting when none are (safe in a read-only transaction). */
const keptCount = (pick: (counts: ItemCounts) => number) => async (db: LibraryDb): Promise<number | undefined> => {
  const kept = (await db.state.get(ITEM_COUNTS_KEY))?.value;
  return isItemCounts(kept) ? pick(kept) : undefined;
};

/** Items not in the trash, in it, and out of it with no tag or no folder, as kept. */
export const keptLiveItems = keptCount((counts) => counts.all - counts.trashed);
export const keptTrashedItems = keptCount((counts) => counts.trashed);
export const keptUntaggedItems = keptCount((counts) => counts.untagged);
export const keptUnfiledItems = keptCount((counts) => counts.unfiled);

/** Every item row, trashed ones too: what a published library's load has stored so far. */
export async function countStoredItems(db: LibraryDb): Promise<number> {
  return (await readItemCounts(db)).all;
}

/** Items not in the trash. */
export async function countLiveItems(db: LibraryDb): Promise<number> {
  const { all, trashed } = await readItemCounts(db);
  return all - trashed;
}

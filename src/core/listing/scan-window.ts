/**
 * A stretch of a scan's listing (every item, or one tag, folder or facet) in import order, read by
 * walking its index from the stretch's start: IndexedDB's cursor steps over the keys before it
 * without reading them out (`advance`), so a window deep into a million items costs one walk, not
 * the ordering of every key. That ordering took seconds at 1,000,000 items and held the grid's
 * first jumps (docs/decisions/import-order-index.md).
 *
 * Every item's listing steps from the nearest anchor of its position index instead
 * (./import-order-directory.ts): its walk would read every row before the stretch.
 *
 * The trash is in the index but not in the listing: the walk starts further on by the trashed keys
 * that come before the stretch. They are few; past MAX_EXCLUDED, the caller orders the whole
 * listing instead.
 */
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';
import { ALL_ITEMS, type IndexScan } from './filters';
import { importOrderStretch, type Stretch } from './import-order-directory';

/** The most entries an IDBCursor may skip in one `advance` (an unsigned long). */
const CURSOR_SKIP_LIMIT = 2 ** 32 - 1;

/** Past this many trashed keys, reading them to place a walk costs more than it saves. */
export const MAX_EXCLUDED = 2000;

/**
 * The keys at `offset`..`offset + limit - 1` of the scan's items outside `exclude`, newest import
 * first when `descending`; null when too many are excluded to place the walk.
 */
export async function scanWindow(
  db: LibraryDb,
  scan: IndexScan,
  exclude: ReadonlySet<string>,
  descending: boolean,
  offset: number,
  limit: number,
): Promise<string[] | null> {
  // A cursor skips fewer than 2^32 entries at once (Chromium's `advance` throws past that), and no
  // index holds that many: a window that far out is empty.
  if (offset >= CURSOR_SKIP_LIMIT) return [];
  if (exclude.size > MAX_EXCLUDED) return null;
  const excluded = await excludedInScan(db, scan, exclude);
  const before = excludedBefore(excluded, descending);
  const stretch = await stretchOf(db, scan, descending);
  // `at` only grows: the keys before it outside the trash are at most `offset` at every pass, and
  // each pass that falls short has passed at least one more trashed key.
  for (let at = offset; ; ) {
    const keys = await stretch(at, limit + excluded.length);
    if (keys.length === 0) return [];
    const shortBy = offset - (at - before(keys[0]!));
    if (shortBy === 0) return keys.filter((key) => !exclude.has(key)).slice(0, limit);
    at += shortBy;
  }
}

/** The scan's keys at walk positions: every item's from its position index, a tag's or folder's by walking its index (small entries). */
async function stretchOf(db: LibraryDb, scan: IndexScan, descending: boolean): Promise<Stretch> {
  if (scan === ALL_ITEMS) return importOrderStretch(db, descending);
  const walk = descending ? scan.collection(db).reverse() : scan.collection(db);
  return (at, count) => walk.clone().offset(at).limit(count).primaryKeys();
}

/** The excluded keys the scan's index holds (those whose rows it matches), ascending. */
async function excludedInScan(db: LibraryDb, scan: IndexScan, exclude: ReadonlySet<string>): Promise<string[]> {
  if (exclude.size === 0) return [];
  // Every item's listing matches every row, and the excluded keys are the trash's index keys: no rows to read.
  if (scan === ALL_ITEMS) return [...exclude].sort();
  const rows = await db.items.bulkGet([...exclude]);
  return rows
    .filter((row): row is ItemRow => row !== undefined && scan.matches(row))
    .map((row) => row.pk)
    .sort();
}

/** How many of the ascending `excluded` keys the walk meets before `key`. */
function excludedBefore(excluded: readonly string[], descending: boolean): (key: string) => number {
  return (key) => {
    // The first index whose key is not below `key`.
    let low = 0;
    for (let high = excluded.length; low < high; ) {
      const middle = (low + high) >>> 1;
      if (excluded[middle]! < key) low = middle + 1;
      else high = middle;
    }
    if (!descending) return low;
    const above = excluded.length - low;
    return excluded[low] === key ? above - 1 : above;
  };
}

/** One page of a listing: its candidates ordered, sliced and read (every item list endpoint's last step). */
import type { Collection } from 'dexie';
import { pageOf, type Page } from '../http/pagination';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';
import { ALL_ITEMS, type Candidates, type IndexScan } from './filters';
import { itemView, pickFields, type ItemField, type ItemLinks, type ItemView } from './item-view';
import { DEFAULT_ORDER, orderItemPks, type OrderBy } from './order';
import { scanWindow } from './scan-window';

/** Orders, slices and reads one page of candidates (shared by every item list endpoint); item URLs as `links` say. */
export async function pageOfItems(
  db: LibraryDb,
  links: ItemLinks,
  candidates: Candidates,
  page: { offset: number; limit: number },
  order: OrderBy = DEFAULT_ORDER,
  fields?: readonly ItemField[],
): Promise<Page<Partial<ItemView>>> {
  const { exclude, scan } = candidates;
  let total: number;
  let rows: ItemRow[];
  if (scan && order.field === 'IMPORT') {
    // Import order is the scan's own (pk) order, forwards or backwards: walk it and stop after the
    // page. By value, not by identity: the app names its default order (`orderBy: '-IMPORT'`), and
    // ordering every key first took 130 ms at 20,000 items for its first page.
    const end = page.offset + page.limit;
    const walk = inImportOrder(scan.collection(db), order.descending);
    [total, rows] = await Promise.all([
      totalOf(db, scan, exclude),
      page.offset === 0 ? firstRows(walk, exclude, end) : laterRows(db, scan, exclude, order.descending, page),
    ]);
  } else {
    const ordered = await orderedCandidates(db, candidates, order);
    total = ordered.length;
    rows = await rowsOf(db, ordered.slice(page.offset, page.offset + page.limit));
  }
  return pageOf(rows.map((row) => pickFields(itemView(row, links), fields)), total, page);
}

/** Every candidate's key, in the order asked for, without the excluded (trashed) ones. */
export async function orderedCandidates(db: LibraryDb, candidates: Candidates, order: OrderBy = DEFAULT_ORDER): Promise<string[]> {
  const { exclude, scan } = candidates;
  const pks = scan && scan !== ALL_ITEMS ? await scan.collection(db).primaryKeys() : candidates.pks;
  const live = pks ? pks.filter((pk) => !exclude.has(pk)) : null;
  return (await orderItemPks(db, live, order)).filter((pk) => !exclude.has(pk));
}

/** A later page: its stretch of the walk (./scan-window.ts), or the keys up to it when the trash is too big to place the walk. */
async function laterRows(db: LibraryDb, scan: IndexScan, exclude: ReadonlySet<string>, descending: boolean, page: { offset: number; limit: number }): Promise<ItemRow[]> {
  const keys = await scanWindow(db, scan, exclude, descending, page.offset, page.limit);
  if (keys) return rowsOf(db, keys);
  const walk = inImportOrder(scan.collection(db), descending);
  return rowsOf(db, (await firstKeys(walk, exclude, page.offset + page.limit)).slice(page.offset));
}

async function rowsOf(db: LibraryDb, pks: string[]): Promise<ItemRow[]> {
  return (await db.items.bulkGet(pks)).filter((row): row is ItemRow => row !== undefined);
}

const KEY_CHUNK = 500;

/**
 * The scan's items outside the trash (`exclude`): its kept count when it has one, else its posting
 * list's length or a count of its index (IndexedDB walks every match to count them), less the
 * trashed ones among them.
 */
export async function totalOf(db: LibraryDb, scan: IndexScan, exclude: ReadonlySet<string>): Promise<number> {
  const kept = await scan.kept?.(db);
  if (kept !== undefined) return kept;
  const [indexed, excluded] = await Promise.all([scan.listed ? scan.listed(db) : scan.collection(db).count(), countMatching(db, exclude, scan.matches)]);
  return indexed - excluded;
}

/** How many excluded (trashed) items the scan's index counts too: they are few, so read them. */
async function countMatching(db: LibraryDb, exclude: ReadonlySet<string>, matches: (row: ItemRow) => boolean): Promise<number> {
  if (exclude.size === 0) return 0;
  const rows = await db.items.bulkGet([...exclude]);
  return rows.filter((row) => row !== undefined && matches(row)).length;
}

/** A scan's collection in import order: newest first when `descending`. */
const inImportOrder = (collection: Collection<ItemRow, string>, descending: boolean) => (descending ? collection.reverse() : collection);

/** The first page's rows, read straight off the walk (no second read by key). */
async function firstRows(walk: Collection<ItemRow, string>, exclude: ReadonlySet<string>, count: number): Promise<ItemRow[]> {
  const out: ItemRow[] = [];
  for (let skip = 0; out.length < count; ) {
    const rows = await walk.clone().offset(skip).limit(count - out.length + exclude.size).toArray();
    if (rows.length === 0) break;
    skip += rows.length;
    for (const row of rows) if (!exclude.has(row.pk)) out.push(row);
  }
  return out.slice(0, count);
}

/** The first `count` keys of the walk, skipping excluded ones. */
async function firstKeys(walk: Collection<ItemRow, string>, exclude: ReadonlySet<string>, count: number): Promise<string[]> {
  const out: string[] = [];
  let skip = 0;
  while (out.length < count) {
    const chunk = Math.min(KEY_CHUNK, count - out.length + exclude.size);
    const keys = await walk.clone().offset(skip).limit(chunk).primaryKeys();
    if (keys.length === 0) break;
    skip += keys.length;
    for (const key of keys) if (!exclude.has(key)) out.push(key);
  }
  return out.slice(0, count);
}

/** item/get and item/countAll. */
import type { Context } from '../context';
import { pageOf, type Page } from '../http/pagination';
import { countLiveItems } from '../storage/counts';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';
import { filterItems, type Candidates } from './item-filter';
import { DEFAULT_ORDER, orderItemPks, type OrderBy } from './item-order';
import { itemView, pickFields, type ItemField, type ItemView } from './item-view';
import type { ItemListInput } from './item.schema';

export async function listItems(ctx: Context, input: ItemListInput): Promise<Page<Partial<ItemView>>> {
  const { db } = await ctx.library();
  const candidates = await filterItems(db, input);
  return pageOfItems(db, candidates, input, input.orderBy, input.fields);
}

/** Orders, slices and reads one page of candidates (shared by every item list endpoint). */
export async function pageOfItems(
  db: LibraryDb,
  candidates: Candidates,
  page: { offset: number; limit: number },
  order: OrderBy = DEFAULT_ORDER,
  fields?: readonly ItemField[],
): Promise<Page<Partial<ItemView>>> {
  const { pks, exclude } = candidates;
  let total: number;
  let slice: string[];
  if (pks === null && order === DEFAULT_ORDER) {
    // Every item, newest first: walk the primary key backwards, no sort and no row reads.
    total = (await db.items.count()) - exclude.size;
    slice = await newestKeys(db, exclude, page.offset + page.limit);
    slice = slice.slice(page.offset);
  } else {
    const live = pks ? pks.filter((pk) => !exclude.has(pk)) : null;
    const ordered = (await orderItemPks(db, live, order)).filter((pk) => !exclude.has(pk));
    total = ordered.length;
    slice = ordered.slice(page.offset, page.offset + page.limit);
  }
  const rows = (await db.items.bulkGet(slice)).filter((row): row is ItemRow => row !== undefined);
  return pageOf(rows.map((row) => pickFields(itemView(row), fields)), total, page);
}

const KEY_CHUNK = 500;

async function newestKeys(db: LibraryDb, exclude: ReadonlySet<string>, count: number): Promise<string[]> {
  const out: string[] = [];
  let skip = 0;
  while (out.length < count) {
    const chunk = Math.max(KEY_CHUNK, count - out.length + exclude.size);
    const keys = await db.items.toCollection().reverse().offset(skip).limit(chunk).primaryKeys();
    if (keys.length === 0) break;
    skip += keys.length;
    for (const key of keys) if (!exclude.has(key)) out.push(key);
  }
  return out.slice(0, count);
}

export async function countAll(ctx: Context): Promise<number> {
  return countLiveItems((await ctx.library()).db);
}

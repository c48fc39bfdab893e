/**
 * The web app's view of a result as a whole (ours): item/get's filters, optionally narrowed by an
 * item/query search, in one order. item/ids lists the ids of a stretch of it (select-all, a
 * shift-click range across pages never loaded) and item/position finds where one item sits in it
 * (keep the focus on an item after a re-sort, jump to it). item/query with filters uses it too.
 */
import type { Context } from '../context';
import { notFound } from '../http/errors';
import { intersectKeySets } from '../postings/key-sets';
import { searchCandidates } from '../search/search.service';
import { matchSmartFolders } from '../smart-folders/match';
import type { LibraryDb } from '../storage/library-db';
import { ALL_ITEMS, filterItems, type Candidates } from './item-filter';
import { orderedCandidates } from './item-list.service';
import { withSeed } from './item-order';
import type { Filters, ListingInput } from './listing-input';
import { listingMemoOf } from './listing-memo';
import type { ItemIdsInput, ItemPositionInput } from './item.schema';

export type { ListingInput };

const FILTER_NAMES = [
  'id', 'ids', 'isSelected', 'isUntagged', 'isUnfiled', 'isDeleted', 'keywords', 'tags', 'folders',
  'smartFolders', 'ext', 'annotation', 'rating', 'url', 'shape', 'color',
] as const;

/** True when any item/get filter is set (item/query then narrows by them). */
export function hasFilters(input: Filters): boolean {
  return FILTER_NAMES.some((name) => input[name] !== undefined);
}

/** The filters' candidates, narrowed by the search query when there is one. */
export async function listingCandidates(ctx: Context, db: LibraryDb, input: ListingInput): Promise<Candidates> {
  const filtered = await filterItems(db, { offset: 0, limit: 1, ...input }, (ids) => matchSmartFolders(db, ids, ctx.clock()));
  if (!input.query?.trim()) return filtered;
  const [keys, searched] = await Promise.all([candidateKeys(db, filtered), searchCandidates(db, input.query)]);
  const pks = keys === null ? searched.pks : searched.pks === null ? keys : intersectKeySets([[keys], [searched.pks]]);
  return { pks, exclude: filtered.exclude };
}

/** Ascending candidate keys, or null for every item. */
async function candidateKeys(db: LibraryDb, candidates: Candidates): Promise<string[] | null> {
  if (candidates.scan === ALL_ITEMS) return null;
  if (candidates.scan) return candidates.scan.collection(db).primaryKeys();
  return candidates.pks;
}

/** The listing's keys in order; kept a few seconds for the requests that follow (./listing-memo.ts). */
async function orderedListing(ctx: Context, input: ListingInput): Promise<string[]> {
  const { db } = await ctx.library();
  const order = async () => orderedCandidates(db, await listingCandidates(ctx, db, input), withSeed(input.orderBy, input.seed));
  return listingMemoOf(ctx.changes, ctx.clock).ordered(db.name, input, order);
}

/** The part of a primary key after the import time is the item's id (item-row.ts `itemPk`). */
const idOf = (pk: string): string => pk.slice(pk.indexOf(':') + 1);

export async function listItemIds(ctx: Context, input: ItemIdsInput): Promise<{ ids: string[]; total: number; offset: number }> {
  const ordered = await orderedListing(ctx, input);
  return { ids: ordered.slice(input.offset, input.offset + input.limit).map(idOf), total: ordered.length, offset: input.offset };
}

/** Where `item` sits in the ordered result: 0-based, or -1 when the filters leave it out. */
export async function itemPosition(ctx: Context, input: ItemPositionInput): Promise<{ position: number; total: number }> {
  const { db } = await ctx.library();
  const row = await db.items.where('id').equals(input.item).first();
  if (!row) throw notFound(`item: no item with id "${input.item}".`);
  const ordered = await orderedListing(ctx, input);
  return { position: ordered.indexOf(row.pk), total: ordered.length };
}

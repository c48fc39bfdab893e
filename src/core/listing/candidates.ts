/**
 * What a listing holds: item/get's filters, narrowed by an item/query search when there is one,
 * in one order. item/get, item/query, item/ids, item/position and smart folders' lists call down
 * to it; the search and smart-folder engines it needs come up through the context (`ctx.listing`,
 * handed in by their features' manifests), so no feature imports another for them.
 */
import type { Context } from '../context';
import { intersectKeySets } from '../postings/key-sets';
import type { LibraryDb } from '../storage/library-db';
import { ALL_ITEMS, filterItems, type Candidates } from './filters';
import type { Filters, ListingInput } from './listing-input';
import { listingMemoOf } from './listing-memo';
import { orderedCandidates } from './page';
import { withSeed } from './order';

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
  const filtered = await filterItems(db, input, (ids) => ctx.listing.smartFolders(db, ids, ctx.clock()));
  if (!input.query?.trim()) return filtered;
  const [keys, searched] = await Promise.all([candidateKeys(db, filtered), ctx.listing.search(db, input.query)]);
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
export async function orderedListing(ctx: Context, input: ListingInput): Promise<string[]> {
  const { db, record } = await ctx.library();
  const order = async () => orderedCandidates(db, await listingCandidates(ctx, db, input), withSeed(input.orderBy, input.seed));
  // Keyed by the library's path, as its changes are published.
  return listingMemoOf(ctx.changes, ctx.clock).ordered(record.path, input, order);
}
